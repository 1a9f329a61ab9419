"""The shared Tenhou corpus as games (read from ``TENBOU_CORPUS``, by default the shared
folder beside the checkout): the corpus tests and the tenhou.net/6 round trip read it."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
CORPUS_FILES = ("tenhou_mjx_test_mjlogs.json", "tenhou_dnovikoff_client_logs.json")
# Complete game logs of one client: a game's last hand there is the hand the server ended it on.
COMPLETE_LOGS = "tenhou_dnovikoff_client_logs.json"
ABORTIVE_REASONS = {
    "yao9": "nine_terminals",
    "kaze4": "four_winds",
    "reach4": "four_riichi",
    "kan4": "four_kongs",
    "ron3": "triple_ron",
}


def corpus_dir() -> Path:
    return Path(os.environ.get("TENBOU_CORPUS") or REPO.parent / "shared" / "corpus")


@dataclass(frozen=True)
class CorpusGame:
    """One corpus game in our seat order: seat 0 dealt the game's first hand."""

    file: str
    vectors: tuple[dict[str, Any], ...]
    shift: int  # the file's seat = (our seat + shift) % 4

    def ours(self, seat: int) -> int:
        return (seat - self.shift) % 4

    def four(self, values: list[int]) -> list[int]:
        return [values[(seat + self.shift) % 4] for seat in range(4)]

    def record(self) -> dict[str, Any]:
        first = self.vectors[0]
        return {
            "rules": "tenhou",
            "start": {
                "scores": self.four(first["scores_before"]),
                "round": first["round_wind"],
                "number": first["hand_number"],
                "dealer": self.ours(first["dealer"]),
                "honba": first["honba"],
                "pool": first["pool_before"],
            },
            "hands": [self.hand(v) for v in self.vectors],
        }

    def win(self, w: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.ours(w["seat"])}
        if w["yakuman"]:
            out["yakuman"] = w["yakuman"]
        else:
            out.update(han=w["han"], fu=w["fu"])
        if w.get("pao_seat") is not None:
            out["pao"] = self.ours(w["pao_seat"])
        return out

    def hand(self, v: dict[str, Any]) -> dict[str, Any]:
        hand: dict[str, Any] = {"riichi": sorted(self.ours(s) for s in v["riichi_declarers"])}
        tenpai = sorted(self.ours(s) for s in v["tenpai"] or [])
        match v["outcome"]:
            case "ron" | "multi_ron":
                wins = [self.win(w) for w in v["winners"]]
                hand.update({"result": "ron", "from": self.ours(v["loser"]), "wins": wins})
            case "tsumo":
                hand.update(result="tsumo", wins=[self.win(w) for w in v["winners"]])
            case "exhaustive_draw":
                hand.update(result="draw", tenpai=tenpai)
            case "nagashi_mangan":
                nagashi = sorted(self.ours(w["seat"]) for w in v["winners"])
                hand.update(result="draw", tenpai=tenpai, nagashi=nagashi)
            case "abortive_draw":
                hand.update(result="abortive", reason=ABORTIVE_REASONS[v["draw_type"]])
            case other:
                raise AssertionError(f"{v['id']}: an outcome this test does not know: {other}")
        return hand


def load_games(directory: Path) -> list[CorpusGame]:
    games: list[CorpusGame] = []
    for name in CORPUS_FILES:
        by_game: dict[str, list[dict[str, Any]]] = {}
        for vector in json.loads((directory / name).read_text(encoding="utf-8"))["vectors"]:
            by_game.setdefault(vector["game"], []).append(vector)  # files keep playing order
        for vectors in by_game.values():
            first = vectors[0]
            relative = first["seat_frame"] == "relative_to_logging_client"
            shift = (first["dealer"] - (first["hand_number"] - 1)) % 4 if relative else 0
            games.append(CorpusGame(name, tuple(vectors), shift))
    return games


def required_corpus() -> list[CorpusGame]:
    """Every corpus game; where the corpus is missing the test skips, or fails under
    TENBOU_REQUIRE_CORPUS=1 (as CI runs it: the corpus is required there)."""
    import pytest

    directory = corpus_dir()
    missing = [name for name in CORPUS_FILES if not (directory / name).is_file()]
    if missing:
        message = (
            f"the Tenhou corpus is not at {directory} (missing {', '.join(missing)}); "
            "set TENBOU_CORPUS to the folder that holds it"
        )
        if os.environ.get("TENBOU_REQUIRE_CORPUS") == "1":
            pytest.fail(message + " (TENBOU_REQUIRE_CORPUS=1: it is required here)")
        pytest.skip(message)
    return load_games(directory)
