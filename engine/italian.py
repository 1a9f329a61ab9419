"""Counting a Standard (Italian Official) hand from its parts, so the scorer adds nothing up.

A hand's ``parts`` name its sets, its pair, its flowers and seasons and the patterns that
apply; :func:`count_parts` turns them into basic points and doubles with the Standard values
and keeps the breakdown so the scorer can check it against the table.

>>> from engine.presets import resolve_rules
>>> rules = resolve_rules("italian-official")
>>> parts = {"win": True, "pair": "seat_wind", "self_drawn": True, "flowers": 1, "sets": [
...     {"set": "pung", "tiles": "honours", "concealed": True, "honour": "dragon"}]}
>>> b = count_parts(parts, "parts", rules)
>>> b.points, b.doubles
(36, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

from .errors import RecordError
from .rules import Rules
from .types import Breakdown

# Basic points of a pung: (exposed, concealed); a kong counts four times its pung.
PUNG_POINTS = {"simples": (2, 4), "terminals": (4, 8), "honours": (4, 8)}
# Doubles for a pung or kong of these honours (Standard basic sets).
HONOUR_DOUBLES = {"dragon": 1, "seat_wind": 1, "round_wind": 1, "double_wind": 2}
# Basic points of a pair of these tiles.
PAIR_POINTS = {"dragon": 2, "seat_wind": 2, "round_wind": 2, "double_wind": 4, "other": 0}

# Patterns a loser's hand can score too (sets and chows); doubles each.
SET_PATTERNS = {
    "three_chows_same_numbers": 1,
    "four_chows_same_numbers": 2,
    "three_identical_chows": 2,
    "four_identical_chows": 4,
    "three_chows_two_suits_step_3": 1,
    "three_chows_three_suits_step_3": 1,
    "three_chows_one_suit_step_3": 1,
    "four_chows_mixed_suits_step_2": 2,
    "four_chows_one_suit_step_2": 3,
    "three_terminal_honour_pungs": 1,
    "four_terminal_honour_pungs": 3,
    "three_pungs_same_number": 1,
    "three_concealed_pungs": 1,
    "four_concealed_pungs": 3,
}
# Whole-hand patterns and ways of going out: the winner's hand only.
WINNER_PATTERNS = {
    "exposed_hand": 1,
    "fully_concealed_hand": 1,
    "chow_hand": 1,
    "pung_hand": 2,
    "all_simples": 1,
    "all_terminals_and_honours": 4,
    "one_suit_with_honours": 1,
    "one_suit_only": 3,
    "seven_pairs": 2,
    "last_chance_hand": 1,
    "last_tile_of_the_wall": 1,
    "last_discard": 1,
    "supplement_tile": 1,
    "robbing_a_kong": 1,
    "early_win": 1,
    "plum_blossom_on_the_roof": 1,
}
PATTERNS = {**SET_PATTERNS, **WINNER_PATTERNS}
# Patterns whose doubles include another's, as the Italian text gives them: "Four identical
# Chows (4 dbl; 1 for Chow hand included)", "All Terminals and Honors (4 dbl, includes 3 dbl for
# Four triplets of Terminals and Honors, which includes 2 dbl for Pung hand)", ... An included
# pattern listed beside the one that includes it adds nothing (option ``included_doubles``).
INCLUDES = {
    "four_identical_chows": ("chow_hand",),
    "four_chows_mixed_suits_step_2": ("chow_hand",),
    "four_chows_one_suit_step_2": ("chow_hand",),
    "four_terminal_honour_pungs": ("pung_hand",),
    "four_concealed_pungs": ("pung_hand",),
    "all_terminals_and_honours": ("four_terminal_honour_pungs", "pung_hand"),
}
# Limit hands (seed 001, "Limit hands"): a fixed score in place of points and doubles, for
# the winner only ("Losers: No scoring for losers").
LIMIT_HANDS: dict[str, tuple[str, int]] = {
    "thirteen_orphans": ("Thirteen orphans", 2000),
    "four_kongs": ("Four kongs", 3000),
    "three_great_scholars": ("Three great scholars", 2000),
    "big_four_winds": ("Big four winds", 2000),
    "little_four_winds": ("Little four winds", 2000),
    "nine_gates": ("Nine gates", 3000),
    "little_snake": ("Little snake (melded sets allowed)", 2000),
    "knitted_dragon_royal": ("Knitted dragon royal", 2000),
    "all_honor_pairs": ("All honour pairs", 1000),
    "all_terminal_pairs": ("All terminal pairs", 1000),
    "all_terminal_and_honor_pairs": ("All terminal and honour pairs", 1000),
    "all_one_suit_pairs": ("All one suit pairs", 1000),
    "heavenly_hand": ("Heavenly hand", 3000),
    "gerties_garter": ("Gertie's garter", 1000),
}
PARTS_FIELDS = {
    "limit_hand",
    "win",
    "sets",
    "pair",
    "flowers",
    "own_flowers",
    "all_flowers",
    "all_seasons",
    "self_drawn",
    "only_tile",
    "out_on_pair",
    "patterns",
}


def _bad(message: str, field: str, code: str = "bad_parts") -> RecordError:
    return RecordError(message, code=code, field=field)


def _flag(parts: Mapping[str, Any], name: str, field: str) -> bool:
    value = parts.get(name, False)
    if not isinstance(value, bool):
        raise _bad(f"'{name}' must be true or false.", f"{field}.{name}")
    return value


def _count(parts: Mapping[str, Any], name: str, field: str, hi: int) -> int:
    value = parts.get(name, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= hi:
        raise _bad(f"'{name}' must be a number from 0 to {hi}, not {value!r}.", f"{field}.{name}")
    return value


def _one_of(value: Any, names: Mapping[str, Any]) -> TypeGuard[str]:
    """Whether ``value`` is one of the names (a list or an object from JSON is not)."""
    return isinstance(value, str) and value in names


def _limit_hand(parts: Mapping[str, Any], field: str, *, loser: bool) -> Breakdown:
    """A limit hand's fixed score, as the Italian text lists it.

    >>> _limit_hand({"limit_hand": "nine_gates"}, "wins[0].parts", loser=False).score
    3000
    """
    name = parts["limit_hand"]
    where = f"{field}.limit_hand"
    if not _one_of(name, LIMIT_HANDS):
        raise _bad(
            f"unknown limit hand {name!r}; the limit hands are {', '.join(LIMIT_HANDS)}.",
            where,
            "unknown_pattern",
        )
    if loser:
        raise _bad("a limit hand scores only for the winner (no scoring for losers).", where)
    for key in parts:
        if key not in ("limit_hand", "win"):
            raise _bad(
                f"a limit hand is paid its fixed score: leave out '{key}'.", f"{field}.{key}"
            )
    label, score = LIMIT_HANDS[name]
    return Breakdown(items=((f"{label} (limit hand)", 0, 0),), points=0, doubles=0, score=score)


def patterns_list() -> dict[str, list[dict[str, Any]]]:
    """The Standard values a client can offer, by kind: sets, pairs, patterns, limit hands.

    >>> patterns_list()["limit_hands"][0]
    {'id': 'thirteen_orphans', 'name': 'Thirteen orphans', 'score': 2000}
    """

    def named(id: str) -> str:
        return id.replace("_", " ").capitalize()

    return {
        "sets": [
            {"id": tiles, "name": f"Pung of {tiles}", "points_exposed": e, "points_concealed": c}
            for tiles, (e, c) in PUNG_POINTS.items()
        ]
        + [{"id": "kong", "name": "Kong: four times its pung", "multiplier": 4}],
        "honours": [{"id": h, "name": named(h), "doubles": d} for h, d in HONOUR_DOUBLES.items()],
        "pairs": [{"id": p, "name": named(p), "points": v} for p, v in PAIR_POINTS.items()],
        "bonuses": [
            {"id": "win", "name": "Winning", "points": 20},
            {"id": "self_drawn", "name": "Self-drawn", "points": 2},
            {"id": "only_tile", "name": "Only possible tile", "points": 2},
            {"id": "out_on_pair", "name": "Out on a pair", "points": 2},
            {"id": "flowers", "name": "Flower or season, each", "points": 4},
            {"id": "own_flowers", "name": "Own flower or season, each", "doubles": 1},
            {"id": "all_flowers", "name": "All flowers", "doubles": 2},
            {"id": "all_seasons", "name": "All seasons", "doubles": 2},
        ],
        "patterns": [
            {
                "id": p,
                "name": named(p),
                "doubles": d,
                "winner_only": p in WINNER_PATTERNS,
                **({"includes": list(INCLUDES[p])} if p in INCLUDES else {}),
            }
            for p, d in PATTERNS.items()
        ],
        "limit_hands": [
            {"id": id, "name": name, "score": score} for id, (name, score) in LIMIT_HANDS.items()
        ],
    }


def count_parts(parts: Any, field: str, rules: Rules, *, loser: bool = False) -> Breakdown:
    """Basic points and doubles of a hand given as parts, with the breakdown.

    ``loser`` says the hand is a loser's, which cannot score winning or going out.
    """
    if not isinstance(parts, Mapping):
        raise _bad("'parts' must be an object.", field)
    for key in parts:
        if key not in PARTS_FIELDS:
            raise _bad(f"unknown field '{key}' in parts.", f"{field}.{key}", "unknown_field")
    winner = _flag(parts, "win", field)
    if winner and loser:
        raise _bad("a loser's hand cannot be marked 'win'.", f"{field}.win")
    if "limit_hand" in parts:
        return _limit_hand(parts, field, loser=loser)
    items: list[tuple[str, int, int]] = []
    if winner:
        items.append(("winning", 20, 0))
    sets = parts.get("sets", [])
    if not isinstance(sets, list) or len(sets) > 4:
        raise _bad("'sets' must be a list of at most four pungs or kongs.", f"{field}.sets")
    for i, s in enumerate(sets):
        where = f"{field}.sets[{i}]"
        if not isinstance(s, Mapping) or set(s) - {"set", "tiles", "concealed", "honour"}:
            raise _bad("a set has 'set', 'tiles', 'concealed' and, for honours, 'honour'.", where)
        kind, tiles = s.get("set"), s.get("tiles")
        if kind not in ("pung", "kong"):
            raise _bad(f"'set' must be pung or kong, not {kind!r}.", f"{where}.set")
        if not _one_of(tiles, PUNG_POINTS):
            raise _bad(
                f"'tiles' must be simples, terminals or honours, not {tiles!r}.", f"{where}.tiles"
            )
        concealed = _flag(s, "concealed", where)
        points = PUNG_POINTS[tiles][1 if concealed else 0] * (4 if kind == "kong" else 1)
        honour = s.get("honour")
        doubles = 0
        if honour is not None:
            if tiles != "honours" or not _one_of(honour, HONOUR_DOUBLES):
                raise _bad(
                    f"'honour' must be one of {', '.join(HONOUR_DOUBLES)} on a set of honours.",
                    f"{where}.honour",
                )
            doubles = HONOUR_DOUBLES[honour]
        what = f"{'concealed' if concealed else 'exposed'} {kind} of {tiles}"
        items.append((what + (f" ({honour.replace('_', ' ')})" if honour else ""), points, doubles))
    pair = parts.get("pair")
    if pair is not None:
        if not _one_of(pair, PAIR_POINTS):
            raise _bad(
                f"'pair' must be one of {', '.join(PAIR_POINTS)}, not {pair!r}.", f"{field}.pair"
            )
        if PAIR_POINTS[pair]:
            items.append((f"pair ({pair.replace('_', ' ')})", PAIR_POINTS[pair], 0))
    flowers = _count(parts, "flowers", field, 8)
    if flowers and not rules.flowers:
        raise _bad("these rules are played without flowers and seasons.", f"{field}.flowers")
    if flowers:
        items.append((f"{flowers} flowers and seasons", 4 * flowers, 0))
    own = _count(parts, "own_flowers", field, 2)
    if own > flowers:
        raise _bad("'own_flowers' cannot exceed 'flowers'.", f"{field}.own_flowers")
    if own:
        items.append(("own flower or season", 0, own))
    for name in ("all_flowers", "all_seasons"):
        if _flag(parts, name, field):
            if flowers < 4 or (
                flowers < 8
                and _flag(parts, "all_flowers", field)
                and _flag(parts, "all_seasons", field)
            ):
                raise _bad(f"'{name}' needs the four tiles among 'flowers'.", f"{field}.{name}")
            items.append((name.replace("_", " "), 0, 2))
    for name in ("self_drawn", "only_tile", "out_on_pair"):
        if _flag(parts, name, field):
            if not winner:
                raise _bad(f"'{name}' scores only for the winner.", f"{field}.{name}")
            items.append((name.replace("_", " "), 2, 0))
    patterns = parts.get("patterns", [])
    if not isinstance(patterns, list):
        raise _bad("'patterns' must be a list of pattern names.", f"{field}.patterns")
    for i, p in enumerate(patterns):
        if not _one_of(p, PATTERNS):
            raise _bad(f"unknown pattern {p!r}.", f"{field}.patterns", "unknown_pattern")
        if p in patterns[:i]:
            raise _bad(f"the pattern {p!r} is listed twice.", f"{field}.patterns")
        if p in WINNER_PATTERNS and not winner:
            raise _bad(f"the pattern {p!r} scores only for the winner.", f"{field}.patterns")
    once = rules.included_doubles == "once"
    for p in patterns:
        name = p.replace("_", " ")
        within = [q for q in patterns if p in INCLUDES.get(q, ())] if once else []
        if within:  # counted inside the pattern that includes it
            outer = max(within, key=lambda q: len(INCLUDES[q]))
            items.append((f"{name} (included in {outer.replace('_', ' ')})", 0, 0))
            continue
        if once and p in INCLUDES:
            included = " and ".join(q.replace("_", " ") for q in INCLUDES[p])
            name = f"{name} ({included} included)"
        items.append((name, 0, PATTERNS[p]))
    return Breakdown(
        items=tuple(items),
        points=sum(p for _, p, _ in items),
        doubles=sum(d for _, _, d in items),
    )
