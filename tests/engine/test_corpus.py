"""The `tenhou` preset against 6,975 real Tenhou hands, and the command line.

The corpus lives outside the repository (it is not ours to redistribute): it is read from
``TENBOU_CORPUS``, by default the shared folder next to the checkout. Where it is absent the
corpus tests skip, unless ``TENBOU_REQUIRE_CORPUS=1`` (set by ``.ci/run``) makes them fail.

Each corpus game is replayed as one game record, from the state before its first hand: every
hand's deltas, pool and scores must come out as the server applied them, and the state the
engine carries into the following hand (dealer, counters, pool) must be the one the server
dealt. A hand that comes out wrong therefore shows up at the hand itself, not only later.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine import preset_ids, score_record
from engine.types import GameResult
from tests.engine.corpus import (
    COMPLETE_LOGS,
    CORPUS_FILES,
    CorpusGame,
    required_corpus,
)
from tests.engine.helpers import run_cli


@pytest.fixture(scope="module")
def corpus() -> list[CorpusGame]:
    return required_corpus()


@pytest.fixture(scope="module")
def replayed(corpus: list[CorpusGame]) -> list[tuple[CorpusGame, dict[str, Any]]]:
    return [(game, score_record(game.record())) for game in corpus]


def kind_of(hand: dict[str, Any]) -> str:
    if hand["result"] == "ron" and len(hand["wins"]) > 1:
        return "double ron" if len(hand["wins"]) == 2 else "triple ron"
    if hand["result"] == "draw" and hand.get("nagashi"):
        return "nagashi"
    return str(hand["result"])


def test_the_corpus_holds_the_published_hands(corpus: list[CorpusGame]) -> None:
    kinds = Counter(kind_of(hand) for game in corpus for hand in game.record()["hands"])
    assert sum(kinds.values()) == 6975
    assert kinds == {
        "ron": 3827,
        "tsumo": 2108,
        "double ron": 53,
        "draw": 918,
        "abortive": 67,
        "nagashi": 2,
    }


def mismatches(game: CorpusGame, result: dict[str, Any]) -> list[str]:
    """What in this replayed game differs from the server, one line per difference."""
    if "error" in result:
        return [f"{game.vectors[0]['game']}: the engine refused it: {result['error']}"]
    out = []
    hands = result["hands"]
    assert len(hands) == len(game.vectors)
    for i, (v, got) in enumerate(zip(game.vectors, hands, strict=True)):
        where = v["id"]
        before = (got["round"], got["number"], got["dealer"], got["honba"], got["pool_before"])
        want_before = (
            v["round_wind"],
            v["hand_number"],
            game.ours(v["dealer"]),
            v["honba"],
            v["pool_before"],
        )
        if before != want_before:
            out.append(f"{where}: played as {before}, the server dealt {want_before}")
        if got["deltas"] != game.four(v["expected_net_deltas"]):
            out.append(f"{where}: deltas {got['deltas']} != {game.four(v['expected_net_deltas'])}")
        if got["pool"] != v["expected_pool_after"]:
            out.append(f"{where}: pool {got['pool']} != {v['expected_pool_after']}")
        if got["scores"] != game.four(v["expected_scores_after"]):
            out.append(f"{where}: scores {got['scores']}")
        nxt = v["next_hand"]
        if nxt is None:
            continue
        following = hands[i + 1] if i + 1 < len(hands) else result["final"]["next"]
        if following is None:
            out.append(f"{where}: the engine ended the game; the server dealt another hand")
            continue
        pool = following["pool_before"] if "pool_before" in following else following["pool"]
        got_next = (following["dealer"], following["honba"], pool)
        want_next = (game.ours(nxt["dealer"]), nxt["honba"], nxt["pool"])
        if got_next != want_next:
            out.append(f"{where}: next hand (dealer, honba, pool) {got_next} != {want_next}")
    return out


@pytest.mark.parametrize("file", CORPUS_FILES)
def test_every_corpus_hand_is_reproduced_by_tenhou(
    replayed: list[tuple[CorpusGame, dict[str, Any]]], file: str
) -> None:
    games = [(game, result) for game, result in replayed if game.file == file]
    assert games
    wrong = [line for game, result in games for line in mismatches(game, result)]
    assert not wrong, f"{len(wrong)} differences, the first:\n" + "\n".join(wrong[:10])


def test_every_corpus_result_reads_back_from_its_json(
    replayed: list[tuple[CorpusGame, dict[str, Any]]],
) -> None:
    """The JSON the site caches for a game is the exact image of the engine's typed result."""
    assert replayed
    for _game, result in replayed:
        typed = GameResult.from_dict(result)
        assert typed.as_dict() == result
        assert GameResult.from_dict(typed.as_dict()) == typed


def test_complete_logs_end_where_the_server_ended_them(
    replayed: list[tuple[CorpusGame, dict[str, Any]]],
) -> None:
    # The other file stitches fragments of logs together, so its last hands need not be ends.
    complete = [(game, result) for game, result in replayed if game.file == COMPLETE_LOGS]
    wrong = [
        f"{game.vectors[-1]['id']}: over={result['final']['over']}"
        for game, result in complete
        if result["final"]["over"] != (game.vectors[-1]["next_hand"] is None)
    ]
    assert len(complete) == 643
    assert not wrong, "\n".join(wrong[:10])


# The command line ------------------------------------------------------------------------


GAMES = [
    {
        "rules": "tenhou",
        "hands": [{"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 40}]}],
    },
    {"rules": "japanese-modern", "hands": [{"result": "draw", "tenpai": [0]}]},
    {"rules": "arushiiaru", "start": {"scores": [2000, 2000, 2000, 2000]}, "hands": []},
]
BAD_GAME = {"rules": "tenhou", "hands": [{"result": "tsumo", "wins": [{"seat": 4, "han": 1}]}]}


def compact(line: str) -> bool:
    return line == json.dumps(json.loads(line), separators=(",", ":"))


def test_the_command_line_answers_json_lines_with_json_lines() -> None:
    proc = run_cli("-", stdin="".join(json.dumps(g) + "\n" for g in GAMES))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == len(GAMES)
    assert all(compact(line) for line in lines)
    assert [json.loads(line) for line in lines] == [score_record(g) for g in GAMES]
    assert json.loads(lines[0])["hands"][0]["deltas"] == [0, -5200, 5200, 0]


def test_the_command_line_exits_1_when_any_game_is_refused() -> None:
    proc = run_cli("-", stdin="\n".join(json.dumps(g) for g in [GAMES[0], BAD_GAME, GAMES[1]]))
    assert proc.returncode == 1
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [("error" in a) for a in answers] == [False, True, False]
    assert answers[1]["error"]["code"] == "bad_seat"
    assert answers[1]["error"]["hand"] == 1


def test_the_command_line_reads_one_object_over_several_lines(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAMES[1], indent=2), encoding="utf-8")
    for args, stdin in (((str(path),), ""), (("-",), path.read_text(encoding="utf-8"))):
        proc = run_cli(*args, stdin=stdin)
        assert proc.returncode == 0, proc.stderr
        (line,) = proc.stdout.splitlines()
        assert compact(line)
        assert json.loads(line) == score_record(GAMES[1])


def test_the_command_line_says_which_line_is_not_json() -> None:
    proc = run_cli("-", stdin=json.dumps(GAMES[1]) + "\n{not json\n")
    assert proc.returncode == 1
    first, second = (json.loads(line) for line in proc.stdout.splitlines())
    assert "error" not in first
    assert second["error"]["code"] == "bad_json"
    assert "Line 2" in second["error"]["message"]


def test_the_command_line_lists_the_presets_as_json() -> None:
    proc = run_cli("--presets")
    assert proc.returncode == 0, proc.stderr
    presets = json.loads(proc.stdout)
    assert [p["id"] for p in presets] == list(preset_ids())
    modern = presets[0]
    assert modern["rules"]["start_points"] == 25000
    assert {"name", "label", "help", "category", "type", "default"} <= set(modern["options"][0])
