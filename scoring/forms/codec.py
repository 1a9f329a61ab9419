"""The edit codec: an existing hand as the entry form's initial values, and what of a hand
the form cannot show."""

from __future__ import annotations

from typing import Any

import engine
from entry.fields import PENALTY_ROWS
from scoring import hand_values


def initial_from_hand(data: dict[str, Any]) -> dict[str, Any]:
    """The entry form's initial values for an existing hand (to correct it)."""
    initial: dict[str, Any] = {"result": data.get("result"), "note": data.get("note") or ""}
    wins = data.get("wins") or []
    initial["winners"] = [str(w["seat"]) for w in wins]
    if data.get("from") is not None:
        initial["discarder"] = str(data["from"])
    for w in [*wins, *(data.get("losers") or [])]:
        s = w["seat"]
        if w.get("yakuman"):
            initial[f"value_{s}"] = f"y{w['yakuman']}"
            if w.get("pao") is not None:
                initial[f"pao_{s}"] = str(w["pao"])
        elif w.get("han") is not None:
            initial[f"value_{s}"] = str(w["han"]) if w.get("fu") else f"h{w['han']}"
            if w.get("fu"):
                initial[f"fu_{s}"] = str(w["fu"])
        if w.get("dora"):
            initial[f"dora_{s}"] = w["dora"]
        if w.get("north"):
            initial[f"north_{s}"] = w["north"]
        if w.get("score") is not None:
            initial[f"score_{s}"] = w["score"]
        if w.get("points") is not None:
            initial[f"points_{s}"] = w["points"]
            initial[f"doubles_{s}"] = w.get("doubles", 0)
    initial.update(hand_values.initial(data))  # reopened the way it was entered
    for name in ("riichi", "tenpai", "nagashi"):
        initial[name] = [str(s) for s in data.get(name) or []]
    if data.get("reason"):
        initial["reason"] = data["reason"]
    if data.get("offender") is not None:
        initial["offender"] = str(data["offender"])
    for i, p in enumerate((data.get("penalties") or [])[:PENALTY_ROWS]):
        initial[f"penalty_seat_{i}"] = str(p["seat"])
        initial[f"penalty_kind_{i}"] = p.get("kind") or "points"
        if p.get("points") is not None:
            initial[f"penalty_points_{i}"] = p["points"]
        if p.get("to") is not None:
            initial[f"penalty_to_{i}"] = str(p["to"])
    return initial


def form_cannot_show(data: dict[str, Any], entry: engine.Entry) -> list[str]:
    """What of a hand the entry form cannot show, in words (empty when it shows it whole).

    Saving a correction from the form replaces the hand, so these would be dropped.
    """
    missing = []
    if data.get("result") not in {r.value for r in entry.results}:
        # e.g. a chombo hand sent through the API where play goes on after a faulty out
        missing.append(f"a {data.get('result')} hand")
    if len(data.get("penalties") or []) > PENALTY_ROWS:
        missing.append(f"more than {PENALTY_ROWS} penalties")
    limits = entry.limit_han
    for w in [*(data.get("wins") or []), *(data.get("losers") or [])]:
        han = w.get("han")
        if han is not None and (
            (w.get("fu") is None and han not in limits) or (w.get("fu") is not None and han > 4)
        ):
            missing.append(f"{han} han")
    return list(dict.fromkeys(missing))
