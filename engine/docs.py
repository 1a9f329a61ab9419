"""Documentation generated from the preset registry: ``docs/presets.md``.

The registry and the option descriptions in :mod:`engine.rules` are the one source;
this module only lays them out, so the page cannot drift from what the engine plays.
Regenerate with ``python -m engine --presets-markdown > docs/presets.md``.

>>> page = presets_markdown()
>>> page.splitlines()[0]
'# Presets'
>>> "| [`tenhou`](#tenhou) | Tenhou ranked |" in page
True
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from .presets import get_preset, hand_values, preset_ids
from .rules import CATEGORIES, Option, Rules

REGENERATE = "python -m engine --presets-markdown > docs/presets.md"

# The options the overview table shows for every preset, in this order.
OVERVIEW = (
    "players",
    "length",
    "start_points",
    "value_system",
    "payment_scheme",
    "riichi_deposit",
    "uma",
)
NOT_USED = "-"


def _value(value: Any) -> str:
    """An option value as the game record writes it (JSON), in code format."""
    return f"`{json.dumps(list(value) if isinstance(value, tuple) else value)}`"


def _number(value: int) -> str:
    return f"{value:,}"


def _allowed(opt: Option) -> str:
    """The values an option accepts, in words."""
    if opt.kind == "bool":
        return "`true`, `false`"
    if opt.kind == "choice":
        return "; ".join(f"`{json.dumps(v)}`: {label}" for v, label in opt.choices)
    if opt.kind == "uma":
        return (
            f"four whole numbers from {opt.minimum} to {opt.maximum}, first to fourth place, "
            "summing to 0 and not growing"
        )
    span = f"{_number(opt.minimum or 0)} to {_number(opt.maximum or 0)}"
    if opt.step != 1:
        span += f", in steps of {_number(opt.step)}"
    if opt.step_three is not None:
        span += f" ({_number(opt.step_three)} with three players)"
    return span


def _shown(rules: Rules, name: str) -> str:
    """An overview cell: a choice by its label, other values as JSON."""
    value = getattr(rules, name)
    opt: Option = next(f for f in dataclasses.fields(Rules) if f.name == name).metadata["option"]
    if opt.kind == "choice":
        return dict(opt.choices)[value]
    if opt.kind == "uma":
        # uma counts only where results are placements, not final minus start points
        if rules.settlement != "uma":
            return NOT_USED
        if rules.uma_floating:  # by how many finish above the return: one, two, three
            tables = (rules.uma_one_above, rules.uma_two_above, rules.uma_three_above)
            return "by players above: " + ", ".join("/".join(map(str, t)) for t in tables)
        return "/".join(str(u) for u in value)
    if opt.kind == "int":
        return _number(value)
    return _value(value)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def presets_markdown() -> str:
    """The presets page: an overview table, then each preset with every option it sets."""
    defaults = Rules()
    fields = dataclasses.fields(Rules)
    labels = {f.name: f.metadata["option"].label for f in fields if f.name in OVERVIEW}
    lines = [
        "# Presets",
        "",
        "<!-- Generated from the preset registry (engine/presets.py); do not edit.",
        f"     Regenerate with: {REGENERATE} -->",
        "",
        'A game record names its rules by preset id (`"rules": "japanese-modern"`) or as a '
        'preset with options that override it (`"rules": {"preset": "japanese-modern", '
        '"options": {"kiriage_mangan": true}}`). Every option below can be overridden that way; '
        "an unknown option or a value outside its allowed values is an error, never ignored.",
        "",
        "A preset's seat count is its option `players`: 4; 3 for three-player riichi, where "
        "the record has three players and seats 0-2 and a round has three deals; or 5 for five "
        "at a table, where the record has five players and seats 0-4, a round has five deals "
        "(East 1-5, South 1-5), four play each hand (the dealer East, then South, West and "
        "North in seat order) and the seat before the dealer, the outgoing dealer, sits it out "
        "and pays and receives nothing (in the first hand, the seat before the first dealer; a "
        "dealer who keeps the deal keeps the same seat out). The site offers every preset: a "
        "game seats as many players as its rules' `players`, and a club rule set may be "
        "three-player or five-player.",
        "",
        "| id | name | " + " | ".join(labels[name] for name in OVERVIEW) + " |",
        "| --- | --- | " + " | ".join("---" for _ in OVERVIEW) + " |",
    ]
    for pid in preset_ids():
        preset = get_preset(pid)
        rules = preset.rules
        cells = [f"[`{pid}`](#{pid})", preset.name, *(_shown(rules, n) for n in OVERVIEW)]
        lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    for pid in preset_ids():
        preset = get_preset(pid)
        rules = preset.rules
        lines += [
            "",
            f"## {pid}",
            "",
            f"**{preset.name}**",
            "",
            " ".join(preset.description.split()),
        ]
        changed = [f.name for f in fields if getattr(rules, f.name) != getattr(defaults, f.name)]
        lines += [
            "",
            "Options that differ from the engine's defaults: "
            + (", ".join(f"`{name}`" for name in changed) if changed else "none")
            + ".",
        ]
        for category in CATEGORIES:
            in_category = [f for f in fields if f.metadata["option"].category == category]
            lines += [
                "",
                f"### {category}",
                "",
                "| option | label | value | default | allowed values | help |",
                "| --- | --- | --- | --- | --- | --- |",
            ]
            for f in in_category:
                opt: Option = f.metadata["option"]
                cells = [
                    f"`{f.name}`",
                    opt.label,
                    _value(getattr(rules, f.name)),
                    _value(getattr(defaults, f.name)),
                    _allowed(opt),
                    opt.help,
                ]
                lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
        lines += _hand_values(rules)
    return "\n".join(lines) + "\n"


def _han(value: int | None) -> str:
    return NOT_USED if value is None else str(value)


def _hand_values(rules: Rules) -> list[str]:
    """A preset's yaku with their han, or its Standard patterns and limit hands."""
    values = hand_values(rules)
    table = values["yaku_table"]
    if table:
        lines = [
            "",
            "### Yaku",
            "",
            f"Table `{table['id']}`: {table['source']}",
            "",
            "| yaku | id | han concealed | han open | notes |",
            "| --- | --- | --- | --- | --- |",
        ]
        for y in values["yaku"]:
            notes = []
            if y["yakuman"]:
                notes.append(f"yakuman ({y['yakuman']})")
            if y.get("win"):
                notes.append(f"{y['win']} only")
            if y.get("includes"):
                notes.append("includes " + ", ".join(f"`{i}`" for i in y["includes"]))
            cells = [
                y["name"],
                f"`{y['id']}`",
                "yakuman" if y["yakuman"] else _han(y["han_closed"]),
                NOT_USED
                if y["concealed_only"]
                else ("yakuman" if y["yakuman"] else _han(y["han_open"])),
                "; ".join(notes),
            ]
            lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
        return lines
    patterns = values["patterns"]
    if not patterns:
        return []
    lines = [
        "",
        "### Patterns and limit hands",
        "",
        "A hand's `parts` name these (docs/game-record.md, Parts); values from the Italian "
        "Official text (seed 001).",
        "",
        "| id | name | doubles | winner only |",
        "| --- | --- | --- | --- |",
    ]
    for p in patterns["patterns"]:
        winner = "yes" if p["winner_only"] else "no"
        lines.append(f"| `{p['id']}` | {p['name']} | {p['doubles']} | {winner} |")
    lines += ["", "| limit hand | name | score |", "| --- | --- | --- |"]
    for h in patterns["limit_hands"]:
        lines.append(f"| `{h['id']}` | {h['name']} | {_number(h['score'])} |")
    return lines
