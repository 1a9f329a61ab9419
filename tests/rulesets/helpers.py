"""Values and hands that fit any rules: for the presets x options matrix."""

from __future__ import annotations

from typing import Any

import engine
from engine.presets import build_rules


def candidates(description: dict[str, Any]) -> list[Any]:
    """Allowed values other than the current one, nearest first."""
    value, kind = description["default"], description["type"]
    if kind == "bool":
        return [not value]
    if kind == "choice":
        return [c["value"] for c in description["choices"] if c["value"] != value]
    if kind == "uma":
        first, second, third, last = value
        return [[first + 5, second, third, last - 5], [first - 1, second, third, last + 1]]
    lo, hi, step = description["minimum"], description["maximum"], description.get("step", 1)
    out = [value + step, value - step, lo, hi]
    return [v for i, v in enumerate(out) if lo <= v <= hi and v != value and v not in out[:i]]


def changed_value(preset: str, name: str) -> tuple[Any, engine.RulesError | None]:
    """An allowed value of ``name`` other than the preset's that the engine accepts, or the
    refusal of the first candidate when the engine accepts none."""
    rules = engine.get_preset(preset).rules
    description = next(d for d in engine.describe_options(rules) if d["name"] == name)
    refusal = None
    for value in candidates(description):
        try:
            build_rules(rules, {name: value})
        except engine.RulesError as e:
            refusal = refusal or e
            continue
        return value, None
    return None, refusal


def hands_for(rules: dict[str, Any]) -> list[dict[str, Any]]:
    """A few hands any rules can score: a win on a discard, a draw, a self-drawn win."""
    options = rules["options"]
    if options["value_system"] == "points_doubles":
        ron = {"seat": 2, "points": 20, "doubles": 2}
        tsumo = {"seat": 1, "points": 30, "doubles": 1}
    else:
        ron = {"seat": 2, "han": 4, "fu": 30}
        tsumo = {"seat": 1, "han": 4, "fu": 30}
    riichi = [0] if options["riichi"] else []
    ron_hand = {"result": "ron", "from": 1, "wins": [ron], "riichi": riichi}
    tsumo_hand = {"result": "tsumo", "wins": [tsumo]}
    if options["payment_scheme"] == "all_pay":  # every player's hand scores
        ron_hand["losers"] = [{"seat": s, "points": 10 + s, "doubles": 0} for s in (0, 1, 3)]
        tsumo_hand["losers"] = [{"seat": s, "points": 10 + s, "doubles": 0} for s in (0, 2, 3)]
    return [ron_hand, {"result": "draw", "tenpai": [0]}, tsumo_hand]


def form_data(template="preset:japanese-modern", name="Club nights", **changes):
    """A full form post: every option at the template's value, with ``changes``."""
    preset = template.partition(":")[2]
    data = {"name": name, "description": "", "template": template}
    for name_, value in engine.rules_as_options(engine.get_preset(preset).rules).items():
        value = changes.get(name_, value)
        if isinstance(value, list):
            for i, v in enumerate(value):
                data[f"{name_}_{i}"] = str(v)
        elif isinstance(value, bool):
            if value:
                data[name_] = "on"
        else:
            data[name_] = str(value)
    return data
