"""The entry form's choices: results, fu and han, seats, and what the rules offer (limit
buttons, penalty kinds)."""

from __future__ import annotations

from typing import Any

RESULTS = (
    ("ron", "Ron"),
    ("tsumo", "Tsumo"),
    ("draw", "Draw"),
    ("abortive", "Abortive"),
    ("chombo", "Chombo"),
)
# Fu a hand can have: 20 (pinfu self-drawn) and 25 (seven pairs) need 2 han or more.
FU_VALUES = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
HAN_VALUES = (1, 2, 3, 4)
SEAT_CHOICES = [(str(s), str(s)) for s in range(4)]
# Rows for penalties on the entry screen; a hand with more is corrected through the API.
PENALTY_ROWS = 3


def limit_buttons(options: dict[str, Any]) -> list[tuple[str, str]]:
    """The limit buttons these rules have: (value, label); a value is ``h<han>`` or ``y<n>``."""
    if options["settling_table"]:
        buttons = [("h5", "Mangan"), ("h6", "Haneman"), ("h8", "Baiman"), ("h11", "Sanbaiman")]
    else:
        buttons = [("h5", "Limit")]
    buttons.append(("y1", "Yakuman"))
    if options["max_yakuman"] >= 2:
        buttons.append(("y2", "Double yakuman"))
    return buttons


def penalty_kinds(options: dict[str, Any]) -> list[tuple[str, str]]:
    """The penalties these rules price, as (kind, label), then an amount in points.

    The labels quote the rules' own amounts; the engine decides what each costs.
    """
    kinds = []
    if options["false_claim_points"]:
        kinds.append(
            ("false_claim", f"Faulty claim ({options['false_claim_points']:,} to the winner)")
        )
    if options["false_ready"] == "limit_each":
        kinds.append(("false_ready", "Faulty ready declaration (at a draw)"))
    elif options["false_ready"] != "none":
        kinds.append(
            ("false_ready", f"Faulty ready declaration ({options['false_ready_points']:,} off)")
        )
    if options["chombo"] == "forfeit":
        kinds.append(("false_out", f"Faulty out, play goes on ({options['chombo_points']:,} off)"))
    return [*kinds, ("points", "Points (enter the amount)")]
