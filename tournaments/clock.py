"""What the tournaments app tells scoring (``scoring.clocks``): a game's end time is its
table's round's clock while the round runs; and the clock's check for cron
(``manage.py tournament_clock``), which marks the tables still playing past it late."""

from __future__ import annotations

import datetime

from scoring.models import Game
from tournaments.models import Round


def game_deadline(game: Game) -> datetime.datetime | None:
    """The end of the running round ``game`` plays in, None for a game of no tournament."""
    ends_at: datetime.datetime | None = (
        Round.objects.filter(tables__game=game, status=Round.Status.RUNNING, ends_at__isnull=False)
        .values_list("ends_at", flat=True)
        .first()
    )
    return ends_at
