"""What rulesets tells the clubs app (clubs.registry): a club's rule sets, which it may
choose as its default rules."""

from __future__ import annotations

from clubs.models import Club
from rulesets.models import RuleSet


def ruleset_choices(club: Club | None) -> tuple[str, list[tuple[str, str]]] | None:
    if club is None or club.pk is None:
        return None
    rulesets = RuleSet.objects.filter(club=club).order_by("name")
    return ("Club rule sets", [(f"ruleset:{rs.pk}", rs.name) for rs in rulesets])
