"""Small helpers the engine tests share: score a record and pick out what a test pins."""

from __future__ import annotations

from typing import Any

from scoring.engine import score_record


def record(rules: Any, hands: list[dict[str, Any]], **game: Any) -> dict[str, Any]:
    """A game record with these rules and hands; ``game`` adds ``start``, ``ended``, ..."""
    return {"rules": rules, "hands": hands, **game}


def scored(rules: Any, hands: list[dict[str, Any]], **game: Any) -> dict[str, Any]:
    """The result of a record that must score; a test fails with the engine's message if not."""
    out = score_record(record(rules, hands, **game))
    assert "error" not in out, out["error"]
    return out


def deltas(rules: Any, *hands: dict[str, Any], **game: Any) -> list[list[int]]:
    """Every hand's deltas."""
    return [h["deltas"] for h in scored(rules, list(hands), **game)["hands"]]


def error(rules: Any, hands: list[dict[str, Any]], **game: Any) -> dict[str, Any]:
    """The error of a record that must be refused."""
    out = score_record(record(rules, hands, **game))
    assert "error" in out, f"expected an error, got {out}"
    err: dict[str, Any] = out["error"]
    return err


def ron(discarder: int, *wins: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"result": "ron", "from": discarder, "wins": list(wins), **more}


def tsumo(win: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"result": "tsumo", "wins": [win], **more}


def draw(*tenpai: int, **more: Any) -> dict[str, Any]:
    return {"result": "draw", "tenpai": list(tenpai), **more}


def win(seat: int, han: int | None = None, fu: int | None = None, **more: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": seat}
    if han is not None:
        out["han"] = han
    if fu is not None:
        out["fu"] = fu
    return {**out, **more}
