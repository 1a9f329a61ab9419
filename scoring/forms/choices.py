"""The entry form's choices: results, seats, and what the rules offer (limit buttons, penalty
kinds), read from the engine's entry description (:func:`engine.describe_entry`)."""

from __future__ import annotations

import engine
from scoring.presenter import POINTS_PENALTY, RESULT_WORDS, limit_label, penalty_label

RESULTS = tuple(RESULT_WORDS.items())
SEAT_CHOICES = [(str(s), str(s)) for s in range(5)]
"""Every seat a hand may name at most (a form narrows them to its table: :func:`seat_choices`)."""


def seat_choices(entry: engine.Entry) -> list[tuple[str, str]]:
    """The seats a game's hands name under these rules: 0-3, 0-2 at a three-player table, 0-4
    with five at a table (a hand's form leaves out the seat sitting it out)."""
    return SEAT_CHOICES[: entry.seats]


def limit_buttons(entry: engine.Entry) -> list[tuple[str, str]]:
    """The limit buttons these rules have: (value, label); a value is ``h<han>`` or ``y<n>``."""
    return [
        (f"h{lim.han}" if lim.han is not None else f"y{lim.yakuman}", limit_label(lim))
        for lim in entry.limits
    ]


def penalty_kinds(entry: engine.Entry) -> list[tuple[str, str]]:
    """The penalties these rules price, as (kind, label), then an amount in points.

    The labels quote the rules' own amounts; the engine decides what each costs.
    """
    return [*((p.kind, penalty_label(p)) for p in entry.penalties), ("points", POINTS_PENALTY)]
