"""Which season of a league a game played on a day belongs to."""

from __future__ import annotations

from typing import Any

from django.db.models import Q


def season_on(league: Any, day: Any) -> Any:
    """The league's season that contains ``day`` (the latest one that started), or None."""
    return (
        league.seasons.filter(starts__lte=day)
        .filter(Q(ends__isnull=True) | Q(ends__gte=day))
        .order_by("-starts")
        .first()
    )
