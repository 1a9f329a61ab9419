"""Reads of the leagues app that need no game: a league's current season, a club's leagues,
its table size."""

from __future__ import annotations

import datetime
from typing import Any

from django.db.models import Q

import engine
from leagues.models import League, Season


def current_season(league: League, today: datetime.date | None = None) -> Season | None:
    """The season running today, else the latest one that started, else the next one."""
    today = today or datetime.date.today()
    seasons = league.seasons.all()
    running = (
        seasons.filter(starts__lte=today)
        .filter(Q(ends__isnull=True) | Q(ends__gte=today))
        .order_by("-starts")
        .first()
    )
    return running or seasons.filter(starts__lte=today).first() or seasons.last()


DEFAULT_SEATS = 4
"""The table size of a league whose rules the engine refuses (a row older than the checks):
starting a game in it says what is wrong with the rules."""


def rules_seats(spec: Any) -> int:
    """How many seats a game under the rules ``spec`` has (the rules' ``players``)."""
    try:
        return engine.resolve_rules(spec).players
    except (engine.EngineError, KeyError, TypeError):
        return DEFAULT_SEATS


def league_seats(league: League) -> int:
    """The league's table size, 3 or 4: the seats its rules give a game (its rule set's current
    version's, else its own rules'). A league has one table size: a game whose rules seat
    another number is refused (scoring's ``game_create``), and so is a change of the league's
    rules, or of its rule set, that would change it once the league has games."""
    return rules_seats(league.rules_spec())
