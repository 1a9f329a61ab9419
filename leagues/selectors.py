"""Reads of the leagues app that need no game: a league's current season, a club's leagues."""

from __future__ import annotations

import datetime

from django.db.models import Q

from clubs.models import Club
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


def club_leagues(club: Club) -> list[League]:
    return list(club.leagues.prefetch_related("seasons"))
