"""Engine benchmark: full settlement per hand against the `mahjong` library's pricing of it.

Run by hand (not by pytest), from the project root:

    .venv/bin/python bench/engine.py                 # the corpus and 2,000 random games
    .venv/bin/python bench/engine.py --games 5000 --repeat 7

1. Replays every game of the Tenhou corpus (``TENBOU_CORPUS``, default ../shared/corpus) as
   one game record each, through ``score_record`` (parse, validate, pay, pool, counters, next
   state, JSON-ready result): the whole corpus, hands per second, microseconds per hand; and
   the settlement alone (``replay`` of the parsed records).
2. Replays N random valid ``tenhou`` games (seeded) the same way.
3. Prices every win of those hands (han and fu, yakuman, dealer or not, ron or tsumo, counters
   and sticks) with ``mahjong.hand_calculating.scores.ScoresCalculator`` and checks that the
   library's payments agree with ours, then times its pricing three ways: a new ``HandConfig``
   per hand (its documented use), one ``HandConfig`` reused with its fields set per hand, and
   ``calculate_scores`` alone on configs built beforehand.
4. Prints the ratios: our settlement (and score_record) per hand / the library's pricing per
   win, for each of the three ways.

Timings are the least CPU time of ``--repeat`` runs. Results go to docs/benchmarks.md
("Engine").
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any

from mahjong.constants import EAST, SOUTH
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.hand_calculating.scores import ScoresCalculator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import parse_game, replay, score_game, score_record  # noqa: E402

ABORTIVE = {
    "yao9": "nine_terminals",
    "kaze4": "four_winds",
    "reach4": "four_riichi",
    "kan4": "four_kongs",
    "ron3": "triple_ron",
}


# The corpus as game records ------------------------------------------------------------------


def corpus_games(directory: Path) -> list[dict[str, Any]]:
    """One game record per corpus game, seats renumbered so that seat 0 dealt first."""
    games: list[dict[str, Any]] = []
    for name in ("tenhou_mjx_test_mjlogs.json", "tenhou_dnovikoff_client_logs.json"):
        by_game: dict[str, list[dict[str, Any]]] = {}
        for v in json.loads((directory / name).read_text(encoding="utf-8"))["vectors"]:
            by_game.setdefault(v["game"], []).append(v)
        for vectors in by_game.values():
            first = vectors[0]
            relative = first["seat_frame"] == "relative_to_logging_client"
            shift = (first["dealer"] - (first["hand_number"] - 1)) % 4 if relative else 0

            def ours(seat: int, shift: int = shift) -> int:
                return (seat - shift) % 4

            def win(w: dict[str, Any], ours: Callable[[int], int] = ours) -> dict[str, Any]:
                out: dict[str, Any] = {"seat": ours(w["seat"])}
                if w["yakuman"]:
                    out["yakuman"] = w["yakuman"]
                else:
                    out.update(han=w["han"], fu=w["fu"])
                if w.get("pao_seat") is not None:
                    out["pao"] = ours(w["pao_seat"])
                return out

            hands = []
            for v in vectors:
                hand: dict[str, Any] = {"riichi": sorted(ours(s) for s in v["riichi_declarers"])}
                outcome = v["outcome"]
                if outcome in ("ron", "multi_ron"):
                    hand.update(result="ron", wins=[win(w) for w in v["winners"]])
                    hand["from"] = ours(v["loser"])
                elif outcome == "tsumo":
                    hand.update(result="tsumo", wins=[win(w) for w in v["winners"]])
                elif outcome in ("exhaustive_draw", "nagashi_mangan"):
                    hand.update(result="draw", tenpai=sorted(ours(s) for s in v["tenpai"] or []))
                    if outcome == "nagashi_mangan":
                        hand["nagashi"] = [ours(w["seat"]) for w in v["winners"]]
                else:
                    hand.update(result="abortive", reason=ABORTIVE[v["draw_type"]])
                hands.append(hand)
            games.append(
                {
                    "rules": "tenhou",
                    "start": {
                        "scores": [first["scores_before"][(s + shift) % 4] for s in range(4)],
                        "round": first["round_wind"],
                        "number": first["hand_number"],
                        "dealer": ours(first["dealer"]),
                        "honba": first["honba"],
                        "pool": first["pool_before"],
                    },
                    "hands": hands,
                }
            )
    return games


# Random valid games ----------------------------------------------------------------------------

HAN_FU = [(1, 30), (1, 40), (2, 25), (2, 30), (2, 40), (3, 30), (3, 40), (4, 30), (4, 40)]
HAN_FU += [(1, 50), (2, 20), (3, 60), (5, 30), (6, 40), (8, 30), (11, 40), (13, 40)]


def random_win(rng: random.Random, seat: int) -> dict[str, Any]:
    if rng.random() < 0.005:
        return {"seat": seat, "yakuman": 1}
    han, fu = rng.choice(HAN_FU)
    return {"seat": seat, "han": han, "fu": fu}


def random_hand(rng: random.Random, scores: list[int]) -> dict[str, Any]:
    declarers = [s for s in range(4) if scores[s] >= 1000 and rng.random() < 0.15]
    roll = rng.random()
    if roll < 0.55:
        discarder = rng.randrange(4)
        others = [s for s in range(4) if s != discarder]
        winners = rng.sample(others, 2 if rng.random() < 0.01 else 1)
        return {
            "result": "ron",
            "from": discarder,
            "wins": [random_win(rng, s) for s in winners],
            "riichi": declarers,
        }
    if roll < 0.85:
        return {"result": "tsumo", "wins": [random_win(rng, rng.randrange(4))], "riichi": declarers}
    if roll < 0.99:
        return {"result": "draw", "tenpai": sorted(rng.sample(range(4), rng.randrange(5)))}
    return {"result": "abortive", "reason": "nine_terminals", "riichi": declarers}


def random_games(count: int, seed: int) -> list[dict[str, Any]]:
    """Whole random ``tenhou`` games: each hand valid in the state it is played in."""
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        hands: list[dict[str, Any]] = []
        scores = [25000] * 4
        while len(hands) < 30:
            hand = random_hand(rng, scores)
            result = score_game({"rules": "tenhou", "hands": [*hands, hand]})
            hands.append(hand)
            scores = list(result.final.scores)
            if result.final.over:
                break
        games.append({"rules": "tenhou", "hands": hands})
    return games


# Timing ----------------------------------------------------------------------------------------


def best_of(repeat: int, run: Callable[[], object]) -> float:
    """The least CPU time of ``repeat`` runs, in seconds, with the collector off while timing.

    CPU time, not wall time: on a shared machine the wall clock also counts the other
    processes, and both sides of the comparison are timed the same way.
    """
    times = []
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        started = time.process_time()
        run()
        times.append(time.process_time() - started)
        gc.enable()
    return min(times)


@dataclass(frozen=True)
class Timed:
    """The engine over one set of games: JSON in and out, and the settlement alone."""

    games: int
    hands: int
    record_seconds: float  # score_record: parse and check the record, settle, JSON-ready out
    settle_seconds: float  # replay: the settlement of records already parsed

    def line(self, name: str) -> str:
        return (
            f"{name}: {self.games:,} games, {self.hands:,} hands; "
            f"score_record {self.record_seconds * 1000:.0f} ms, "
            f"{self.hands / self.record_seconds:,.0f} hands/s, "
            f"{self.record_seconds / self.hands * 1e6:.2f} us/hand; "
            f"settlement {self.settle_seconds / self.hands * 1e6:.2f} us/hand"
        )


def time_engine(games: list[dict[str, Any]], repeat: int) -> tuple[Timed, list[dict[str, Any]]]:
    results = [score_record(g) for g in games]
    failed = [r["error"] for r in results if "error" in r]
    assert not failed, failed[:3]
    parsed = [parse_game(g) for g in games]
    timed = Timed(
        games=len(games),
        hands=sum(len(g["hands"]) for g in games),
        record_seconds=best_of(repeat, lambda: [score_record(g) for g in games]),
        settle_seconds=best_of(repeat, lambda: [replay(g) for g in parsed]),
    )
    return timed, results


# The mahjong library's pricing ------------------------------------------------------------------


def wins_to_price(
    games: list[dict[str, Any]], results: list[dict[str, Any]]
) -> list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]]:
    """(hand, win, hand result) for every win, with the state the engine played it in."""
    out = []
    for game, result in zip(games, results, strict=True):
        for hand, played in zip(game["hands"], result["hands"], strict=True):
            for w in hand.get("wins", []):
                out.append((hand, w, played))
    return out


def config_kwargs(
    hand: dict[str, Any], w: dict[str, Any], played: dict[str, Any]
) -> dict[str, Any]:
    return {
        "is_tsumo": hand["result"] == "tsumo",
        "player_wind": EAST if w["seat"] == played["dealer"] else SOUTH,
        "tsumi_number": played["honba"],
        "kyoutaku_number": played["pool_before"] // 1000 + len(hand["riichi"]),
    }


def price(w: dict[str, Any], config: HandConfig) -> Any:
    if "yakuman" in w:
        return ScoresCalculator.calculate_scores(13 * w["yakuman"], 0, config, is_yakuman=True)
    return ScoresCalculator.calculate_scores(w["han"], w["fu"], config)


def agreement(
    items: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]],
) -> tuple[int, int]:
    """How many single wins without liability the library pays exactly as the engine did."""
    checked = agreed = 0
    for hand, w, played in items:
        if len(hand["wins"]) != 1 or "pao" in w:
            continue
        checked += 1
        scores = price(w, HandConfig(**config_kwargs(hand, w, played)))
        own_deposit = 1000 if w["seat"] in hand["riichi"] else 0  # the library counts it won
        agreed += scores["total"] - own_deposit == played["deltas"][w["seat"]]
    return agreed, checked


def time_mahjong(
    items: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]], repeat: int
) -> dict[str, float]:
    """Seconds per priced win, three ways."""
    kwargs = [config_kwargs(*item) for item in items]
    wins = [w for _, w, _ in items]

    def new_config_each() -> None:
        for w, kw in zip(wins, kwargs, strict=True):
            price(w, HandConfig(**kw))

    shared = HandConfig()

    def reused_config() -> None:
        for w, kw in zip(wins, kwargs, strict=True):
            shared.is_tsumo = kw["is_tsumo"]
            shared.player_wind = kw["player_wind"]
            shared.is_dealer = kw["player_wind"] == EAST
            shared.tsumi_number = kw["tsumi_number"]
            shared.kyoutaku_number = kw["kyoutaku_number"]
            price(w, shared)

    built = [HandConfig(**kw) for kw in kwargs]

    def calculate_only() -> None:
        for w, config in zip(wins, built, strict=True):
            price(w, config)

    return {
        "a new HandConfig per hand": best_of(repeat, new_config_each) / len(items),
        "one HandConfig reused": best_of(repeat, reused_config) / len(items),
        "calculate_scores alone": best_of(repeat, calculate_only) / len(items),
    }


def machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} CPUs ({model}), Python {platform.python_version()}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="random games (default 2000)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per timing (default 5)")
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument(
        "--corpus",
        default=os.environ.get("TENBOU_CORPUS") or str(ROOT.parent / "shared" / "corpus"),
    )
    args = parser.parse_args()
    print(f"machine: {machine()}")

    if not (Path(args.corpus) / "tenhou_mjx_test_mjlogs.json").is_file():
        print(f"no Tenhou corpus at {args.corpus}: set TENBOU_CORPUS or --corpus", file=sys.stderr)
        return 1
    corpus = corpus_games(Path(args.corpus))
    randoms = random_games(args.games, args.seed)
    corpus_timed, corpus_results = time_engine(corpus, args.repeat)
    random_timed, random_results = time_engine(randoms, args.repeat)
    print(corpus_timed.line("corpus"))
    print(random_timed.line("random"))

    items = wins_to_price(corpus, corpus_results) + wins_to_price(randoms, random_results)
    agreed, checked = agreement(items)
    print(
        f"mahjong {version('mahjong')}: pays {agreed:,} of {checked:,} single wins as the "
        f"engine does; prices {len(items):,} wins"
    )
    hands = corpus_timed.hands + random_timed.hands
    settlement = (corpus_timed.settle_seconds + random_timed.settle_seconds) / hands
    whole = (corpus_timed.record_seconds + random_timed.record_seconds) / hands
    print(
        f"engine per hand: settlement {settlement * 1e6:.2f} us, "
        f"score_record (JSON in and out) {whole * 1e6:.2f} us"
    )
    for label, theirs in time_mahjong(items, args.repeat).items():
        print(
            f"mahjong per win, {label}: {theirs * 1e6:.2f} us; ratio engine/mahjong: "
            f"settlement {settlement / theirs:.2f}, score_record {whole / theirs:.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
