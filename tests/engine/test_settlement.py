"""The game-end settlement: uma and oka, ties, rounding, the leftover pool and chombo.

Most games here are start scores and ``ended: true`` with no hands, which is a valid game:
the final state is the start, settled as at a normal end.
"""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import ron, scored, win


def final_of(
    rules: str, scores: list[int], hands: list[dict[str, Any]] | None = None, **start: Any
) -> dict[str, Any]:
    out = scored(rules, hands or [], start={"scores": scores, **start}, ended=True)
    final: dict[str, Any] = out["final"]
    assert final["over"] is True
    return final


@pytest.mark.parametrize(
    ("rules", "scores", "ranks", "results"),
    [
        # EMA: 30,000 returned, uma 15/5/-5/-15, no oka
        ("ema", [42300, 35100, 24600, 18000], [1, 2, 3, 4], [27.3, 10.1, -10.4, -27.0]),
        ("ema", [18000, 24600, 35100, 42300], [4, 3, 2, 1], [-27.0, -10.4, 10.1, 27.3]),
        # a three-way tie shares 15 + 5 - 5 = 15 of uma: 5 each
        ("ema", [31000, 31000, 31000, 27000], [1, 1, 1, 4], [6.0, 6.0, 6.0, -18.0]),
        # negative scores settle like any other
        ("ema", [60000, 40000, 30000, -10000], [1, 2, 3, 4], [45.0, 15.0, -5.0, -55.0]),
        # M-League: 25,000 start, 30,000 returned (oka 20 to first), uma 30/10; 2nd and 3rd tie
        ("m-league", [25000, 35000, 25000, 15000], [2, 1, 2, 4], [-5.0, 55.0, -5.0, -45.0]),
        # Tenhou: rounded to 1,000 half up (-20,500 goes up to -20,000), first absorbs the rest
        ("tenhou", [40400, 30500, 19600, 9500], [1, 2, 3, 4], [49.0, 11.0, -20.0, -40.0]),
        ("tenhou", [30600, 30400, 20500, 18500], [1, 2, 3, 4], [40.0, 10.0, -19.0, -31.0]),
        # Tenhou places equal scores by seat order: all level, seat 0 first
        ("tenhou", [25000, 25000, 25000, 25000], [1, 2, 3, 4], [35.0, 5.0, -15.0, -25.0]),
    ],
)
def test_the_settlement_gives_the_known_results(
    rules: str, scores: list[int], ranks: list[int], results: list[float]
) -> None:
    final = final_of(rules, scores)
    assert final["ranks"] == ranks
    assert final["results"] == results
    assert final["unit"] == "points_1000"


def test_seat_order_counts_from_the_seat_that_dealt_the_first_hand() -> None:
    # seat 2 dealt East 1, so among equal scores seat 2 is first, then 3, 0, 1
    final = final_of("tenhou", [25000] * 4, dealer=2)
    assert final["ranks"] == [3, 4, 1, 2]
    assert final["results"] == [-15.0, -25.0, 35.0, 5.0]


def test_the_leftover_pool_goes_to_first_place() -> None:
    final = final_of("tenhou", [30000, 26000, 24000, 19000], pool=1000)
    assert final["pool_to"] == [1000, 0, 0, 0]
    assert final["results"] == [41.0, 6.0, -16.0, -31.0]


def test_the_leftover_pool_is_shared_by_tied_firsts() -> None:
    final = final_of("ema", [31000, 31000, 29000, 28000], pool=1000)
    assert final["pool_to"] == [500, 500, 0, 0]
    assert final["ranks"] == [1, 1, 3, 4]
    assert final["results"] == [11.5, 11.5, -6.0, -17.0]


def test_the_odd_point_of_a_shared_pool_does_not_break_the_tie() -> None:
    final = final_of("ema", [31000, 31000, 31000, 26000], pool=1000)
    assert final["pool_to"] == [334, 333, 333, 0]
    assert final["ranks"] == [1, 1, 1, 4]
    assert final["results"] == [6.3, 6.3, 6.3, -19.0]


def test_a_chombo_deduction_comes_after_uma() -> None:
    # Seat 2 wins 8,000 from seat 1, then seat 1 makes a chombo: no payments at the table,
    # 20.0 off seat 1's result after uma (seats 0 and 3 share 2nd and 3rd: 5 - 5 = 0).
    hands = [ron(1, win(2, 5)), {"result": "chombo", "offender": 1}]
    out = scored("ema", hands, ended=True)
    assert out["hands"][1]["deltas"] == [0, 0, 0, 0]
    assert out["hands"][1]["label"] == "E2"  # the same hand is played again
    final = out["final"]
    assert final["chombo"] == [0, 1, 0, 0]
    assert final["scores"] == [30000, 22000, 38000, 30000]
    assert final["results"] == [0.0, -43.0, 23.0, 0.0]


def test_the_dealer_s_chombo_is_replayed_by_the_same_dealer_under_ema() -> None:
    out = scored("ema", [{"result": "chombo", "offender": 0}])
    assert out["final"]["next"]["label"] == "E1"


def test_presets_without_uma_settle_as_final_minus_start_points() -> None:
    hands = [ron(0, win(3, score=200))]
    final = scored("japanese-classical", hands, ended=True)["final"]
    assert final["results"] == [-800, 0, 0, 800]
    assert final["unit"] == "points"


def test_results_without_a_chombo_sum_to_zero() -> None:
    final = final_of("m-league", [41200, 30300, 18900, 9600], pool=0)
    assert round(sum(final["results"]), 1) == 0
