"""The entry form's pickers (yaku, tiles, the set builder): their fields, what they show, and
a correction reopened the way the hand was entered. The win they give is read in one place
with the rest of the form, Django-free: ``entry.fields``.

The picker sends the yaku the scorer tapped (and open, dora, fu); the engine prices them with
the game's own yaku table, and the preview shows the breakdown it returns. Nothing here counts
han: the names and values shown come from the engine's table (``engine.hand_values``).
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_lazy

import engine
from core.i18n import rule_word

YAKU_FIELDS = ("yaku", "open", "yaku_dora")
SHOWN = 9  # the first of COMMON shown unfolded; the rest under "More yaku"
TILE_FIELDS = ("tiles", "win", "melds", "dora_indicators", "ura_dora_indicators")
SUIT_TILES = (("m", "123456789"), ("p", "123456789"), ("s", "123456789"), ("z", "1234567"))
RED_FIVES = ("0m", "0p", "0s")
# What a tile shows: a suit's number over the suit's character, an honour's own character.
SUIT_FACES = {"m": "萬", "p": "筒", "s": "索"}
HONOUR_FACES = "東南西北白發中"
# The yaku the picker shows first (the rest follow in the table's order).
COMMON = ("riichi", "menzen_tsumo", "pinfu", "tanyao", "yakuhai_haku", "yakuhai_hatsu",
          "yakuhai_chun", "yakuhai_seat_wind", "yakuhai_round_wind", "ippatsu", "iipeikou",
          "chiitoitsu", "toitoi", "honitsu")  # fmt: skip


def _patterns(rules: dict[str, Any]) -> dict[str, Any] | None:
    """The Standard sets, patterns and limit hands with their values, or None."""
    try:
        patterns: dict[str, Any] | None = engine.hand_values(engine.resolve_rules(rules))[
            "patterns"
        ]
    except engine.EngineError:
        return None
    return patterns


def table_yaku(rules: dict[str, Any]) -> list[dict[str, Any]]:
    """The game's yaku with their han, common ones first; empty where the rules have no table."""
    try:
        values = engine.hand_values(engine.resolve_rules(rules))
    except engine.EngineError:
        return []
    yaku: list[dict[str, Any]] = values["yaku"]
    rank = {id: i for i, id in enumerate(COMMON)}
    return sorted(yaku, key=lambda y: rank.get(y["id"], len(rank)))


def add_fields(form: forms.Form, rules: dict[str, Any]) -> None:
    """The pickers' fields on the entry form, one set per seat: yaku and tiles where the rules
    have a yaku table, the set builder's parts under Standard scoring. What the pickers offer
    (dora indicators, red fives, flowers) is read off the form's ``entry``, the engine's."""
    form.sets_values = _patterns(rules)  # type: ignore[attr-defined]
    if form.sets_values:  # type: ignore[attr-defined]
        for s in range(form.entry.seats):  # type: ignore[attr-defined]
            form.fields[f"parts_{s}"] = forms.CharField(
                required=False, max_length=4000, widget=forms.HiddenInput
            )
    form.yaku_table = table_yaku(rules)  # type: ignore[attr-defined]
    if not form.yaku_table:  # type: ignore[attr-defined]
        return
    choices = [(y["id"], rule_word(y["name"])) for y in form.yaku_table]  # type: ignore[attr-defined]
    for s in range(form.entry.seats):  # type: ignore[attr-defined]
        form.fields[f"yaku_{s}"] = forms.MultipleChoiceField(choices=choices, required=False)
        form.fields[f"open_{s}"] = forms.BooleanField(required=False)
        form.fields[f"yaku_dora_{s}"] = forms.IntegerField(
            required=False, min_value=0, max_value=99, label=gettext_lazy("Dora")
        )
        # The tile picker: the notation the game record takes (JS fills it; it can be typed).
        form.fields[f"tiles_{s}"] = forms.CharField(required=False, max_length=60, strip=True)
        form.fields[f"win_{s}"] = forms.CharField(required=False, max_length=3, strip=True)
        form.fields[f"melds_{s}"] = forms.CharField(required=False, max_length=80, strip=True)
        for name in ("dora_indicators", "ura_dora_indicators"):
            form.fields[f"{name}_{s}"] = forms.CharField(required=False, max_length=30, strip=True)


def layout(form: Any, s: int) -> dict[str, Any] | None:
    """What the picker of seat ``s`` shows, with what is ticked; None without a table."""
    if not getattr(form, "yaku_table", None):
        return None
    ticked = set(form._current(f"yaku_{s}"))
    is_open = form._current(f"open_{s}")[:1] in (["on"], ["True"], ["true"])
    common = COMMON[:SHOWN]
    return {
        "seat": s,
        "more_used": bool(ticked - set(common)),
        "open": is_open,
        "dora": (form._current(f"yaku_dora_{s}") or ["0"])[0] or "0",
        "dora_stepper": form.entry.dora_indicators,  # only where the rules play dora
        "used": bool(ticked),
        "yaku": [
            {
                **y,
                "checked": y["id"] in ticked,
                "common": y["id"] in common,
                "value": (
                    gettext("yakuman x%(n)s") % {"n": y["yakuman"]}
                    if y["yakuman"]
                    else f"{y['han_closed']}"
                    + ("" if y["han_open"] in (None, y["han_closed"]) else f" / {y['han_open']}")
                ),
            }
            for y in form.yaku_table
        ],
    }


def tile_face(code: str) -> dict[str, str]:
    """The face of the picker's key for tile ``code`` (the game record's notation): ``rank``
    over ``suit``; an honour has only its character, a red five (``0``) shows a five.

    >>> tile_face("3p")
    {'code': '3p', 'rank': '3', 'suit': '筒'}
    >>> tile_face("0m")["rank"], tile_face("6z")
    ('5', {'code': '6z', 'rank': '發', 'suit': ''})
    """
    number, suit = code[0], code[1]
    if suit == "z":
        return {"code": code, "rank": HONOUR_FACES[int(number) - 1], "suit": ""}
    return {"code": code, "rank": "5" if number == "0" else number, "suit": SUIT_FACES[suit]}


def _in_set(tile: str, entry: engine.Entry) -> bool:
    """Whether the set played has the tile: a three-player set has no 2m-8m (the engine
    refuses them in a hand), so the picker does not offer them."""
    return entry.seats != 3 or not (tile.endswith("m") and tile[0] not in "19")


def tile_layout(form: Any, s: int) -> dict[str, Any] | None:
    """What the tile picker of seat ``s`` shows; None without a yaku table."""
    if not getattr(form, "yaku_table", None):
        return None
    values = {name: (form._current(f"{name}_{s}") or [""])[0] for name in TILE_FIELDS}
    entry: engine.Entry = form.entry
    return {
        "seat": s,
        **values,
        "used": bool(values["tiles"]),
        "suits": [
            [tile_face(f"{n}{suit}") for n in numbers if _in_set(f"{n}{suit}", entry)]
            for suit, numbers in SUIT_TILES
        ],
        "reds": [tile_face(t) for t in RED_FIVES if _in_set(t, entry)] if entry.red_fives else [],
        "dora": entry.dora_indicators,
    }


def initial(data: dict[str, Any]) -> dict[str, Any]:
    """A correction's initial picker values: the hand reopens by yaku where it was entered so."""
    out: dict[str, Any] = {}
    for v in [*(data.get("wins") or []), *(data.get("losers") or [])]:
        if isinstance(v.get("parts"), dict):  # an Italian hand reopens in the set builder
            parts = {k: x for k, x in v["parts"].items() if k != "win"}
            out[f"parts_{v['seat']}"] = json.dumps(parts, separators=(",", ":"))
    for w in data.get("wins") or []:
        s = w["seat"]
        if w.get("tiles"):
            out[f"tiles_{s}"] = w["tiles"]
            out[f"win_{s}"] = w.get("win", "")
            out[f"melds_{s}"] = ", ".join(f"{m['kind']} {m['tiles']}" for m in w.get("melds") or [])
            for field in ("dora_indicators", "ura_dora_indicators"):
                out[f"{field}_{s}"] = " ".join(w.get(field) or [])
            if w.get("yaku"):
                out[f"yaku_{s}"] = list(w["yaku"])
            continue
        if not w.get("yaku"):
            continue
        out[f"yaku_{s}"] = list(w["yaku"])
        out[f"open_{s}"] = bool(w.get("open"))
        if w.get("dora"):
            out[f"yaku_dora_{s}"] = w["dora"]
        if w.get("fu") is not None:
            out[f"fu_{s}"] = str(w["fu"])
    return out


def sets_layout(form: Any, s: int) -> dict[str, Any] | None:
    """What the Italian set builder of seat ``s`` shows; None without Standard scoring."""
    values = getattr(form, "sets_values", None)
    if not values:
        return None
    parts = (form._current(f"parts_{s}") or [""])[0]
    return {
        "seat": s,
        "parts": parts,
        "used": bool(parts),
        "pairs": [p for p in values["pairs"] if p["points"]],
        "honours": values["honours"],
        "patterns": values["patterns"],
        "limit_hands": values["limit_hands"],
        "flowers": form.entry.flowers,
    }
