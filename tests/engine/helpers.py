"""Small helpers the engine tests share: score a record and pick out what a test pins."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from engine import score_record

REPO = Path(__file__).resolve().parents[2]


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


# Arushiiaru (seed 004): both payment tables, cell by cell, for the engine's seed tests and the
# entry form's (tests/scoring/test_entry_by_rules.py).
# A cell is (han, fu, ron, what the non-dealers pay on a self-draw, what the dealer pays).
# fu is None for the mangan row. The dealer is seat 0.
NON_DEALER_TABLE = [
    (0, 20, 80, 20, 40),
    (0, 30, 120, 30, 60),
    (0, 40, 160, 40, 80),
    (0, 50, 200, 50, 100),
    (0, 60, 240, 60, 120),
    (0, 70, 280, 70, 140),
    (0, 80, 320, 80, 160),
    (0, 90, 360, 90, 180),
    (1, 20, 160, 40, 80),
    (1, 30, 240, 60, 120),
    (1, 40, 320, 80, 160),
    (1, 50, 400, 100, 200),
    (1, 60, 480, 120, 240),
    (1, 70, 560, 140, 280),
    (1, 80, 640, 160, 320),
    (1, 90, 720, 180, 360),
    (2, 20, 320, 80, 160),
    (2, 30, 480, 120, 240),
    (2, 40, 640, 160, 320),
    (2, 50, 800, 200, 400),
    (2, 60, 960, 240, 480),
    # Printed "280/480": the one cell that disagrees with its own arithmetic. 70 fu x 2^2 =
    # 280 basic points; the dealer pays double, 560, as the ron (1,120 = 4 x 280) and the
    # dealer table's 2 han 70 fu (560 from each) say. We pay 560.
    (2, 70, 1120, 280, 560),
    (2, 80, 1280, 320, 640),
    (2, 90, 1440, 360, 720),
    (3, 20, 640, 160, 320),
    (3, 30, 960, 240, 480),
    (3, 40, 1280, 320, 640),
    (3, 50, 1600, 400, 800),
    (3, 60, 1920, 480, 960),
    (3, 70, 2000, 500, 1000),
    (4, 20, 1280, 320, 640),
    (4, 30, 1920, 480, 960),
    (4, 40, 2000, 500, 1000),
    (5, None, 2000, 500, 1000),
]


# A cell is (han, fu, ron, what each player pays the dealer on a self-draw).
DEALER_TABLE = [
    (0, 20, 120, 40),
    (0, 30, 180, 60),
    (0, 40, 240, 80),
    (0, 50, 300, 100),
    (0, 60, 360, 120),
    (0, 70, 420, 140),
    (0, 80, 480, 160),
    (0, 90, 540, 180),
    (1, 20, 240, 80),
    (1, 30, 360, 120),
    (1, 40, 480, 160),
    (1, 50, 600, 200),
    (1, 60, 720, 240),
    (1, 70, 840, 280),
    (1, 80, 960, 320),
    (1, 90, 1080, 360),
    (2, 20, 480, 160),
    (2, 30, 720, 240),
    (2, 40, 960, 320),
    (2, 50, 1200, 400),
    (2, 60, 1440, 480),
    (2, 70, 1680, 560),
    (2, 80, 1920, 640),
    (2, 90, 2160, 720),
    (3, 20, 960, 320),
    (3, 30, 1440, 480),
    (3, 40, 1920, 640),
    (3, 50, 2400, 800),
    (3, 60, 2880, 960),
    (3, 70, 3000, 1000),
    (4, 20, 1920, 640),
    (4, 30, 2880, 960),
    (4, 40, 3000, 1000),
    (5, None, 3000, 1000),
]


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m engine ARGS`` from the checkout, with ``stdin``; its output and status."""
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
        check=False,
    )
