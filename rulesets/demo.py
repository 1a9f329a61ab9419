"""Demo data of the rulesets app, called by `clubs.demo.seed_demo`; idempotent."""

from __future__ import annotations

from typing import Any


def seed(club: Any, user: Any) -> int:
    """Create what is missing; return how many objects were created."""
    return 0
