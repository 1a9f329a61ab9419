"""Rebuild the standings' running totals (scoring.totals) from the games, or check them.

    manage.py rebuild_standings                 # every season
    manage.py rebuild_standings --season 12     # one season (repeat --season for more)
    manage.py rebuild_standings --check         # change nothing; exit 1 if any disagree

``--check`` recomputes each season's totals from its games and names every player and number
the stored totals get wrong; a season whose totals were never built, or were built under
league settings since changed, is listed apart (its next reader rebuilds it) and is not a
disagreement. Run it without ``--check`` after the migration that adds the totals, so no
viewer waits for a large season's first build.
"""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from leagues.models import Season
from scoring import totals
from scoring.models import SeasonTotalsBasis


class Command(BaseCommand):
    help = "Rebuild the standings' running totals from the games (--check: only compare)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--season", type=int, action="append", default=[], help="A season id (repeatable)."
        )
        parser.add_argument(
            "--check",
            action="store_true",
            help="Change nothing: report seasons whose totals disagree with the games; exit 1.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        seasons = Season.objects.select_related("league").order_by("pk")
        if options["season"]:
            wanted = set(options["season"])
            seasons = seasons.filter(pk__in=wanted)
            missing = wanted - set(seasons.values_list("pk", flat=True))
            if missing:
                raise CommandError(f"No season with id {', '.join(map(str, sorted(missing)))}.")
        if options["check"]:
            self._check(list(seasons))
            return
        for season in seasons:
            start = time.perf_counter()
            rows = totals.season_rebuild(season)
            self.stdout.write(
                f"season {season.pk} ({season}): {len(rows)} players "
                f"in {time.perf_counter() - start:.2f} s"
            )

    def _check(self, seasons: list[Season]) -> None:
        bases = dict(
            SeasonTotalsBasis.objects.filter(season__in=seasons).values_list(
                "season_id", "settings"
            )
        )
        wrong = 0
        for season in seasons:
            if bases.get(season.pk) != totals.basis_of(season.league):
                why = "never built" if season.pk not in bases else "league settings changed"
                self.stdout.write(f"season {season.pk} ({season}): not current ({why})")
                continue
            problems = totals.season_check(season)
            if problems:
                wrong += 1
                self.stdout.write(f"season {season.pk} ({season}): totals disagree")
                for line in problems:
                    self.stdout.write(f"    {line}")
        if wrong:
            raise CommandError(
                f"{wrong} season{'s' if wrong != 1 else ''} of {len(seasons)} disagree with "
                "their games; rebuild_standings without --check rebuilds them.",
                returncode=1,
            )
        self.stdout.write(f"{len(seasons)} seasons checked: the totals agree with the games.")
