"""What the tournaments app adds to a club's page: `club_section(request, club, role)` gives
the context of `templates/tournaments/club_section.html`."""

from __future__ import annotations

from typing import Any

from clubs.policy import may_run_tournaments
from tournaments.models import Event


def club_section(request: Any, club: Any, role: Any) -> dict[str, Any]:
    return {
        "club_events": list(Event.objects.filter(club=club)[:5]),
        "can_run_tournaments": may_run_tournaments(role),
    }
