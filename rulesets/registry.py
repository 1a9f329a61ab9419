"""What the apps above rulesets tell it, registered in their ``AppConfig.ready()``.

A league plays at one table size, taken from the rule set it picks; rulesets sits below
leagues and reads none of them. leagues registers here a check that refuses a new version of
a rule set whose table size would change under a league that has games.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulesets.models import RuleSet

# (rule set, seats its new version gives a table) -> None: raise
# rulesets.services.RuleSetError to refuse the change.
TableSizeCheck = Callable[["RuleSet", int], None]

_table_size_checks: list[TableSizeCheck] = []


def register_table_size_check(check: TableSizeCheck) -> None:
    if check not in _table_size_checks:
        _table_size_checks.append(check)


def check_table_size(ruleset: RuleSet, seats: int) -> None:
    """Every registered check of a new table size for ``ruleset`` (each may refuse)."""
    for check in _table_size_checks:
        check(ruleset, seats)
