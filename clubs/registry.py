"""What the apps above clubs tell it, registered in their ``AppConfig.ready()``.

clubs sits below scoring and rulesets and imports neither; yet a club's default rules are a
preset (scoring's engine) or one of its rule sets (rulesets), and merging two players moves
their games (scoring). Those apps register here what clubs needs to ask.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from clubs.models import Club, Player

# (club or None) -> (group label, [(value, label), ...]); value as "preset:<id>", "ruleset:<pk>".
RulesChoices = Callable[["Club | None"], tuple[str, list[tuple[str, str]]] | None]
# (kept, duplicate) -> None: raise clubs.services.ClubError to refuse, else move the rows.
MergeStep = Callable[["Player", "Player"], None]

_rules_choices: list[tuple[int, RulesChoices]] = []
_merge_checks: list[MergeStep] = []
_merge_moves: list[MergeStep] = []


def register_rules_choices(provider: RulesChoices, *, order: int) -> None:
    """``order`` places the group in the picker (lower first)."""
    if all(p is not provider for _, p in _rules_choices):
        _rules_choices.append((order, provider))
        _rules_choices.sort(key=lambda item: item[0])


def register_merge_step(*, check: MergeStep, move: MergeStep) -> None:
    """``check`` runs for every step before any ``move``: a refusal leaves nothing half-done."""
    if check not in _merge_checks:
        _merge_checks.append(check)
        _merge_moves.append(move)


def rules_choices(club: Club | None) -> list[tuple[str, list[tuple[str, str]]]]:
    """The rules a club may default to, grouped (club rule sets, then presets)."""
    groups = [provider(club) for _, provider in _rules_choices]
    return [g for g in groups if g and g[1]]


def rules_labels(club: Club | None) -> dict[str, str]:
    return {value: label for _, options in rules_choices(club) for value, label in options}


def merge_checks() -> list[MergeStep]:
    return list(_merge_checks)


def merge_moves() -> list[MergeStep]:
    return list(_merge_moves)
