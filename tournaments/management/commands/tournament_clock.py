"""``manage.py tournament_clock``: the rounds' clock, for cron (every minute). Marks late every
table still playing in a running round whose time is up, with an audit entry each; the game
itself ends at its next hand (scoring applies the time-limit ending as the hand is recorded)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from tournaments.services import tables_mark_late


class Command(BaseCommand):
    help = "Mark late the tables still playing after their round's clock ran out."

    def handle(self, *args: Any, **options: Any) -> None:
        tables = tables_mark_late()
        for table in tables:
            self.stdout.write(
                f"{table.round.event.name}: round {table.round.number}, "
                f"table {table.number} is late"
            )
        self.stdout.write(f"{len(tables)} table(s) marked late")
