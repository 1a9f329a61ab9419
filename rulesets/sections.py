"""What the rulesets app adds to a club's page: `club_section(request, club, role)` gives the
context of `templates/rulesets/club_section.html`."""

from __future__ import annotations

from typing import Any

from clubs.policy import may_manage_rulesets
from rulesets.selectors import club_rulesets

# The rule sets the club's page names; the rule sets page has them all.
CLUB_PAGE_RULESETS = 10


def club_section(request: Any, club: Any, role: Any) -> dict[str, Any]:
    return {
        "club_rulesets": club_rulesets(club, stop=CLUB_PAGE_RULESETS),
        "can_edit_rulesets": may_manage_rulesets(role),
    }
