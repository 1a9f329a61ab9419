"""The games played under each rule set version, as the rule set's page lists them
(registered with :func:`core.sections.register_version_games`): the rulesets app, below
scoring, prints them without reading scoring's games."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from scoring.models import Game


@dataclass(frozen=True)
class VersionGame:
    url: str
    played_on: datetime.date
    players: tuple[str, ...]
    """The players' names in seat order."""
    status: str
    """The game's status in words (running, finished, abandoned)."""


def version_games(versions: Sequence[Any]) -> dict[int, list[VersionGame]]:
    """Each version's games, latest first (two queries)."""
    games = (
        Game.objects.filter(ruleset_version__in=[v.pk for v in versions])
        .order_by("-played_on", "-id")
        .prefetch_related("seats__player")
    )
    out: dict[int, list[VersionGame]] = {v.pk: [] for v in versions}
    for game in games:
        seats = sorted(game.seats.all(), key=lambda s: s.seat)
        out[game.ruleset_version_id].append(
            VersionGame(
                url=reverse("scoring:game", args=[game.pk]),
                played_on=game.played_on,
                players=tuple(s.player.display_name for s in seats),
                status=str(game.get_status_display()),
            )
        )
    return out
