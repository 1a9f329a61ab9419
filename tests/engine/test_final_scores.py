"""A game entered by its final scores: checked, settled by the rules, refused naming the field."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from engine import score_record
from engine.__main__ import main
from engine.tenhou6 import Tenhou6Error, tenhou6_from_record


def record(rules: Any, scores: list[int], sticks: int = 0, chombo: Any = None, **extra: Any):
    final: dict[str, Any] = {"scores": scores, "sticks_left": sticks}
    if chombo is not None:
        final["chombo"] = chombo
    return {"rules": rules, "final_scores": final, **extra}


@pytest.mark.parametrize(
    ("rules", "scores", "sticks", "chombo", "ranks", "results", "pool_to"),
    [
        # Modern riichi: 25,000 / 30,000, uma 20/10 (so +20 oka to first); the stick to first.
        (
            "japanese-modern",
            [42000, 31000, 18000, 8000],
            1,
            None,
            [1, 2, 3, 4],
            [53.0, 11.0, -22.0, -42.0],
            [1000, 0, 0, 0],
        ),
        # EMA: ties share the uma, a chombo is 20.0 off after uma.
        (
            "ema",
            [31000, 31000, 31000, 27000],
            0,
            [0, 0, 0, 1],
            [1, 1, 1, 4],
            [6.0, 6.0, 6.0, -38.0],
            [0, 0, 0, 0],
        ),
        # JPML A: sticks left go to nobody (leftover_pool "lost").
        (
            "jpml-a",
            [45000, 29000, 26000, 18000],
            2,
            None,
            [1, 2, 3, 4],
            [27.0, -2.0, -7.0, -20.0],
            [0, 0, 0, 0],
        ),
        # Three players, Tenhou's 35,000 / 40,000: 15,000 oka to first.
        (
            "tenhou-sanma",
            [52000, 33000, 20000],
            0,
            None,
            [1, 2, 3],
            [47.0, -7.0, -40.0],
            [0, 0, 0],
        ),
    ],
)
def test_it_settles_final_scores_by_the_rules(
    rules: str,
    scores: list[int],
    sticks: int,
    chombo: Any,
    ranks: list[int],
    results: list[float],
    pool_to: list[int],
) -> None:
    out = score_record(record(rules, scores, sticks, chombo))
    assert out["hands"] == []
    final = out["final"]
    assert final["over"] is True and final["next"] is None
    assert final["scores"] == scores
    assert final["ranks"] == ranks
    assert final["results"] == results
    assert final["pool_to"] == pool_to


def test_it_settles_the_same_as_the_same_scores_played_hand_by_hand() -> None:
    hands = {
        "rules": "japanese-modern",
        "hands": [
            {"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 40}], "riichi": [3]},
            {"result": "draw", "tenpai": [0]},
        ],
        "ended": True,
    }
    played = score_record(hands)["final"]
    sticks = played["pool"] // 1000
    entered = score_record(record("japanese-modern", played["scores"], sticks))["final"]
    assert entered == played


def test_a_forfeited_chombo_counts_against_the_total() -> None:
    # Italian Official: a chombo is 500 forfeited from the offender's total (5,000 each start).
    out = score_record(record("italian-official", [6000, 5000, 4500, 4000], 0, [0, 0, 1, 0]))
    assert out["final"]["results"] == [1000, 0, -500, -1000]
    assert out["final"]["chombo"] == [0, 0, 0, 0]


def test_a_start_other_than_the_presets_sets_the_total() -> None:
    # Every seat starts with 30,000: the total follows the record's start, while oka (+20.0
    # to first) is the rules' (25,000 / 30,000), as for a game played hand by hand from such a
    # start; seats 1 and 3 tie, seat 1 first from East.
    custom = record("japanese-modern", [40000, 30000, 20000, 30000], start={"scores": [30000] * 4})
    final = score_record(custom)["final"]
    assert final["ranks"] == [1, 2, 4, 3]
    assert final["results"] == [50.0, 10.0, -30.0, -10.0]


@pytest.mark.parametrize(
    ("rec", "code", "field", "message"),
    [
        (
            record("japanese-modern", [40000, 30000, 20000, 10000], sticks=1),
            "bad_total",
            "final_scores.scores",
            "the final scores add up to 100,000 but must add up to 99,000: the start total "
            "100,000 less 1 riichi stick of 1,000 left on the table.",
        ),
        (
            record("japanese-modern", [40000, 30000, 20000, 9000]),
            "bad_total",
            "final_scores.scores",
            "the final scores add up to 99,000 but must add up to 100,000: the start total "
            "100,000.",
        ),
        (
            record("italian-official", [6000, 5000, 5000, 4000], 0, [1, 0, 0, 0]),
            "bad_total",
            "final_scores.scores",
            "the final scores add up to 20,000 but must add up to 19,500: the start total "
            "20,000 less 500 forfeited for chombo.",
        ),
        (
            record("japanese-modern", [40000, 30000, 30000]),
            "bad_value",
            "final_scores.scores",
            "'final_scores.scores' must be four numbers, one per seat.",
        ),
        (
            record("tenhou-sanma", [40000, 30000, 20000, 15000]),
            "bad_value",
            "final_scores.scores",
            "'final_scores.scores' must be three numbers, one per seat (these rules seat "
            "three players).",
        ),
        (
            record("ema", [30000] * 4, 0, [0, -1, 0, 0]),
            "bad_value",
            "final_scores.chombo",
            "'final_scores.chombo' must be at least 0, not -1.",
        ),
        (
            record("ema", [30000] * 4, -1),
            "bad_value",
            "final_scores.sticks_left",
            "'final_scores.sticks_left' must be at least 0, not -1.",
        ),
        (
            record("tenhou", [25000] * 4, 0, [1, 0, 0, 0]),
            "no_chombo",
            "final_scores.chombo",
            "these rules have no chombo.",
        ),
        (
            record({"preset": "ema", "options": {"riichi_deposit": 0}}, [30000] * 3 + [29000], 1),
            "no_riichi",
            "final_scores.sticks_left",
            "these rules have no riichi deposits, so no sticks can be left on the table.",
        ),
        (
            {"rules": "ema", "final_scores": {"scores": [30000] * 4, "tsumo": 1}},
            "unknown_field",
            "final_scores.tsumo",
            "unknown field 'tsumo' in final_scores.",
        ),
        (
            {"rules": "ema", "final_scores": {"sticks_left": 0}},
            "missing_field",
            "final_scores.scores",
            "'final_scores' needs 'scores', each seat's points at the end.",
        ),
        (
            {
                "rules": "ema",
                "final_scores": {"scores": [30000] * 4},
                "hands": [{"result": "draw", "tenpai": []}],
            },
            "bad_value",
            "hands",
            "a game entered by its final scores has no hands: give 'final_scores' or 'hands', "
            "not both.",
        ),
    ],
)
def test_it_refuses_final_scores_naming_the_field(
    rec: Any, code: str, field: str, message: str
) -> None:
    assert score_record(rec) == {
        "error": {"code": code, "message": message, "hand": None, "field": field}
    }


def test_the_hand_by_hand_record_is_unchanged_by_an_empty_final_scores() -> None:
    plain = {"rules": "tenhou", "hands": [{"result": "draw", "tenpai": [1]}]}
    assert score_record({**plain, "final_scores": None}) == score_record(plain)
    assert score_record(plain)["final"]["over"] is False


def test_the_command_line_scores_a_final_scores_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record("japanese-modern", [42000, 31000, 18000, 8000], 1)))
    out = io.StringIO()
    assert main([str(path)], stdout=out) == 0
    assert json.loads(out.getvalue())["final"]["results"] == [53.0, 11.0, -22.0, -42.0]


def test_it_writes_no_tenhou6_log_of_a_game_without_hands() -> None:
    with pytest.raises(Tenhou6Error) as refused:
        tenhou6_from_record(record("tenhou", [25000] * 4))
    assert refused.value.code == "final_scores"


def test_the_schema_takes_final_scores_and_refuses_them_beside_hands() -> None:
    from tests.engine.test_schema import RECORD

    good = record("ema", [30000] * 4, 0, [0, 0, 1, 0])
    assert RECORD.is_valid(good)
    assert not RECORD.is_valid({**good, "hands": [{"result": "draw", "tenpai": []}]})
    assert not RECORD.is_valid(record("ema", [30000] * 4, -1))


def test_five_at_a_table_settles_five_final_scores_as_played() -> None:
    """Five at a table: every seat has final points (the one sitting out keeps its own), and
    the game entered by them settles as the same game played hand by hand."""
    hands = {
        "rules": "japanese-modern-five",
        "hands": [
            {"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 40}], "riichi": [3]},
            {"result": "draw", "tenpai": [1]},  # seat 0 sits East 2 out
        ],
        "ended": True,
    }
    played = score_record(hands)["final"]
    assert len(played["scores"]) == 5
    sticks = played["pool"] // 1000
    entered = score_record(record("japanese-modern-five", played["scores"], sticks))["final"]
    assert entered == played
