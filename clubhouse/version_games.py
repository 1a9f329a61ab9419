"""The games played under each rule set version, as the rule set's page lists them
(registered with :func:`core.sections.register_version_games`): the rulesets app, below
scoring, prints them without reading scoring's games."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import F, Window
from django.db.models.functions import RowNumber
from django.urls import reverse

from scoring.models import Game

# The games a rule set's page lists under each version (the latest); the version's count says
# how many it has, and the club's games page lists them all.
GAMES_PER_VERSION = 10


@dataclass(frozen=True)
class VersionGame:
    url: str
    played_on: datetime.date
    players: tuple[str, ...]
    """The players' names in seat order."""
    status: str
    """The game's status in words (running, finished, abandoned)."""


def version_games(versions: Sequence[Any]) -> dict[int, list[VersionGame]]:
    """Each version's latest ``GAMES_PER_VERSION`` games, latest first (two queries): a rule
    set a club plays every night has thousands."""
    latest = [F("played_on").desc(), F("id").desc()]
    games = (
        Game.objects.filter(ruleset_version__in=[v.pk for v in versions])
        .annotate(nth=Window(RowNumber(), partition_by=[F("ruleset_version")], order_by=latest))
        .filter(nth__lte=GAMES_PER_VERSION)
        .order_by(*latest)
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
