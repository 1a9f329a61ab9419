"""The result types read back from their JSON: ``from_dict`` is the exact inverse of ``as_dict``.

The site caches the engine's JSON beside a game and reads it back as typed values; the
property tests (tests/engine/test_properties.py) and the corpus (tests/engine/test_corpus.py)
check the round trip over random and real games, these over every kind of breakdown and the
refusals of JSON that ``as_dict`` never writes.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine import EngineError, FinalResult, GameResult, HandResult, NextHand, Unit, score_game
from engine.types import Breakdown, Wind
from engine.yaku import HanBreakdown, YakuItem

from .helpers import record, ron, tsumo

PARTS = {"win": True, "flowers": 4, "all_flowers": True}
RECORDS = {
    "han and fu, settled with uma": record(
        "ema", [ron(1, {"seat": 2, "han": 4, "fu": 30})], ended=True
    ),
    "by tiles, then by yaku": record(
        "tenhou",
        [
            tsumo(
                {"seat": 1, "tiles": "234067m234p45688s", "win": "6s", "dora_indicators": ["1p"]},
                riichi=[1],
            ),
            ron(
                0,
                {"seat": 2, "yaku": ["yakuhai_haku", "honitsu"], "open": True, "fu": 40, "dora": 1},
            ),
        ],
    ),
    "two yakuman by name": record(
        "tenhou",
        [ron(2, {"seat": 1, "yaku": ["daisangen", "tsuuiisou"], "open": True})],
        ended=True,
    ),
    "Italian parts, final minus start": record(
        "italian-official",
        [
            {
                "result": "tsumo",
                "wins": [{"seat": 2, "parts": PARTS}],
                "losers": [
                    {
                        "seat": s,
                        "parts": {"sets": [{"set": "kong", "tiles": "simples", "concealed": True}]},
                    }
                    for s in (0, 1, 3)
                ],
            }
        ],
        ended=True,
    ),
    "a draw, not over": record("m-league", [{"result": "draw", "tenpai": [0, 2]}]),
}


@pytest.mark.parametrize("name", RECORDS)
def test_a_result_reads_back_as_the_same_values(name: str) -> None:
    result = score_game(RECORDS[name])
    data = result.as_dict()
    back = GameResult.from_dict(data, result.rules)
    assert back == result
    assert back.as_dict() == data


def test_every_kind_of_breakdown_comes_back_as_its_own_type() -> None:
    hands = GameResult.from_dict(score_game(RECORDS["by tiles, then by yaku"]).as_dict()).hands
    (tiles,) = [b for _, b in hands[0].breakdowns]
    (named,) = [b for _, b in hands[1].breakdowns]
    assert isinstance(tiles, HanBreakdown) and tiles.source == "tiles"
    assert isinstance(named, HanBreakdown) and named.source == "yaku" and named.is_open
    assert all(isinstance(item, YakuItem) for item in named.items)
    italian = GameResult.from_dict(
        score_game(RECORDS["Italian parts, final minus start"]).as_dict()
    )
    assert {type(b) for _, b in italian.hands[0].breakdowns} == {Breakdown}
    assert italian.final.unit is Unit.POINTS


def test_the_final_result_is_integers_in_its_unit_and_the_record_s_numbers_in_json() -> None:
    final = score_game(RECORDS["han and fu, settled with uma"]).final
    # 30,000 / 22,300 / 37,700 / 30,000 under EMA: seats 0 and 3 share 2nd and 3rd (5 - 5)
    assert final.results == (0, -227, 227, 0)
    assert final.unit is Unit.TENTHS
    data = final.as_dict()
    # the game record's form: points of 1,000 with one decimal, under "points_1000"
    assert data["results"] == [0.0, -22.7, 22.7, 0.0] and data["unit"] == "points_1000"
    assert all(isinstance(r, float) for r in data["results"])
    assert FinalResult.from_dict(data) == final
    points = score_game(RECORDS["Italian parts, final minus start"]).final
    assert points.unit is Unit.POINTS and points.as_dict()["unit"] == "points"
    assert all(type(r) is int for r in points.as_dict()["results"])


@pytest.mark.parametrize(
    ("results", "tenths"),
    [
        ([27.3, -10.4, 0.1, -17.0], (273, -104, 1, -170)),
        # 0.1 * 3 and other sums that are not exact in binary still read as their text
        ([0.3, -0.7, 1234.5, -1234.1], (3, -7, 12345, -12341)),
        # a tool that writes whole numbers without ".0" (JavaScript) is read alike
        ([5, -29, 39, -15], (50, -290, 390, -150)),
    ],
)
def test_results_of_1000_read_back_as_exact_tenths(results, tenths) -> None:
    data = {**final_json(), "results": results}
    final = FinalResult.from_dict(data)
    assert final.results == tenths
    assert final.as_dict()["results"] == [t / 10 for t in tenths]


def test_the_next_hand_reads_back_with_its_label() -> None:
    nxt = score_game(RECORDS["a draw, not over"]).final.next
    assert nxt is not None
    back = NextHand.from_dict(nxt.as_dict())
    assert back == nxt and back.label == "E1-1" and back.round is Wind.EAST


def final_json() -> dict[str, Any]:
    return score_game(RECORDS["han and fu, settled with uma"]).as_dict()["final"]


def hand_json() -> dict[str, Any]:
    data: dict[str, Any] = score_game(RECORDS["han and fu, settled with uma"]).as_dict()["hands"][0]
    return data


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        (lambda d: d.pop("scores"), "final.scores", "final has no 'scores'"),
        (
            lambda d: d.update(unit="tenths"),
            "final.unit",
            "final.unit is 'tenths', not one of points_1000, points",
        ),
        (
            lambda d: d.update(results=[0.0, -22.75, 22.75, 0.0]),
            "final.results",
            "final.results is not one number of 1,000 a seat with at most one decimal",
        ),
        (
            lambda d: d.update(results=[0.0, -22.7, 22.7]),
            "final.results",
            "final.results is not one number of 1,000 a seat with at most one decimal",
        ),
        (
            lambda d: d.update(results=[True, "-22.7", 22.7, 0.0]),
            "final.results",
            "final.results is not one number of 1,000 a seat with at most one decimal",
        ),
        (
            lambda d: d.update(results=[float("nan"), 0.0, 0.0, 0.0]),
            "final.results",
            "final.results is not one number of 1,000 a seat with at most one decimal",
        ),
        (
            lambda d: d.update(unit="points"),
            "final.results",
            "final.results is not one integer a seat",
        ),
        (lambda d: d.update(over="yes"), "final.over", "final.over is not true or false"),
        (lambda d: d.update(pool=None), "final.pool", "final.pool is not an integer"),
        (
            lambda d: d.update(next={"round": "E"}),
            "final.next.number",
            "final.next has no 'number'",
        ),
    ],
)
def test_final_json_that_as_dict_never_writes_is_refused_naming_the_field(
    change, field, message
) -> None:
    data = copy.deepcopy(final_json())
    change(data)
    with pytest.raises(EngineError) as caught:
        FinalResult.from_dict(data)
    assert caught.value.code == "invalid_result"
    assert caught.value.field == field
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(round="X"), "hand.round"),
        (lambda d: d.update(deltas=[1, 2, 3]), "hand.deltas"),
        (lambda d: d.update(dealer=True), "hand.dealer"),
        (lambda d: d["breakdowns"][0].pop("points"), "hand.breakdowns[0].points"),
        (
            lambda d: d["breakdowns"][0].update(items=[{"part": "x"}]),
            "hand.breakdowns[0].items[0].points",
        ),
    ],
)
def test_hand_json_that_as_dict_never_writes_is_refused_naming_the_field(change, field) -> None:
    data = copy.deepcopy(hand_json())
    data["breakdowns"] = [
        {
            "seat": 2,
            "items": [{"part": "winning", "points": 20, "doubles": 0}],
            "points": 20,
            "doubles": 0,
        }
    ]
    HandResult.from_dict(copy.deepcopy(data))  # valid as it is
    change(data)
    with pytest.raises(EngineError) as caught:
        HandResult.from_dict(data)
    assert (caught.value.code, caught.value.field) == ("invalid_result", field)


def test_a_hand_whose_points_do_not_balance_is_refused_as_when_it_was_built() -> None:
    data = hand_json()
    data["deltas"] = [0, 0, 0, 1000]
    with pytest.raises(EngineError) as caught:
        HandResult.from_dict(data)
    assert caught.value.code == "unbalanced"


def test_json_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(EngineError, match="final is not an object"):
        FinalResult.from_dict([1, 2])
