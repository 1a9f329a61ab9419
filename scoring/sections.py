"""What the scoring app adds to a club's page: `club_section(request, club, role)` gives the
context of `templates/scoring/club_section.html`."""

from __future__ import annotations

from typing import Any

from scoring import policy, selectors


def club_section(request: Any, club: Any, role: Any) -> dict[str, Any]:
    return {
        "club_games": selectors.club_games(club, recent=10),
        "can_start_game": policy.may_start_game(role),
    }
