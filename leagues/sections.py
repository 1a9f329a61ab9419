"""What the leagues app adds to a club's page: `club_section(request, club, role)` gives the
context of `templates/leagues/club_section.html`."""

from __future__ import annotations

from typing import Any

from clubs.policy import may_manage_leagues
from leagues.selectors import current_season

# The leagues the club's page names; the leagues page has them all.
CLUB_PAGE_LEAGUES = 10


def club_section(request: Any, club: Any, role: Any) -> dict[str, Any]:
    return {
        "club_leagues": [
            (league, current_season(league))
            for league in club.leagues.prefetch_related("seasons")[:CLUB_PAGE_LEAGUES]
        ],
        "can_edit_leagues": may_manage_leagues(role),
    }
