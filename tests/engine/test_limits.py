"""Bounds on what a record may hold: just inside is scored, just outside is refused with the
field named (docs/game-record.md, "Limits")."""

from __future__ import annotations

from typing import Any

import pytest

from engine import describe_options
from engine.record import (
    MAX_HANDS,
    MAX_PENALTIES,
    MAX_PENALTY_POINTS,
    MAX_START_POOL,
    MAX_START_SCORE,
)

from .helpers import draw, error, ron, scored, tsumo, win

MODERN = "japanese-modern"
ITALIAN = "italian-official"


def test_the_limits_are_the_documented_numbers() -> None:
    assert (MAX_HANDS, MAX_START_SCORE, MAX_START_POOL) == (300, 10_000_000, 12_000_000)
    assert (MAX_PENALTY_POINTS, MAX_PENALTIES) == (100_000, 20)


# A game holds at most 300 hands: Italian Official keeps the deal on a draw and has no bust, so
# a game of draws never ends by itself.


def test_a_game_of_300_hands_is_scored() -> None:
    out = scored(ITALIAN, [draw()] * MAX_HANDS)
    assert len(out["hands"]) == 300


def test_a_game_of_301_hands_is_refused_naming_the_hands() -> None:
    err = error(ITALIAN, [draw()] * (MAX_HANDS + 1))
    assert (err["code"], err["hand"], err["field"]) == ("too_many_hands", 301, "hands")
    assert err["message"] == "Hand 301: a game holds at most 300 hands; this one has 301."


# Start scores and pool ---------------------------------------------------------------------------


@pytest.mark.parametrize("score", [10_000_000, -10_000_000])
def test_a_start_score_at_the_bound_is_accepted(score: int) -> None:
    start = {"scores": [score, 25000, 25000, 25000]}
    out = scored("ema", [], start=start)
    assert out["final"]["scores"][0] == score


@pytest.mark.parametrize("score", [10_000_001, -10_000_001, 10**30])
def test_a_start_score_beyond_the_bound_is_refused(score: int) -> None:
    err = error(MODERN, [], start={"scores": [score, 25000, 25000, 25000]})
    assert (err["code"], err["hand"], err["field"]) == ("bad_value", None, "start.scores")
    assert "10000000" in err["message"]


def test_a_start_pool_beyond_300_hands_of_four_deposits_is_refused() -> None:
    assert scored(MODERN, [], start={"pool": 12_000_000})["final"]["pool"] == 12_000_000
    err = error(MODERN, [], start={"pool": 12_000_001})
    assert (err["code"], err["field"]) == ("bad_value", "start.pool")


# Entered scores: at most 96 times the limit (six yakuman of 16 limits) ----------------------------


def test_an_italian_score_of_96_limits_is_paid_and_3_000_000_000_is_refused() -> None:
    losers = [{"seat": s, "score": 0} for s in (0, 2, 3)]
    out = scored(ITALIAN, [tsumo({"seat": 1, "score": 96_000}, losers=losers)])
    assert out["hands"][0]["deltas"] == [-192_000, 384_000, -96_000, -96_000]
    err = error(ITALIAN, [tsumo({"seat": 1, "score": 96_001}, losers=losers)])
    assert (err["code"], err["hand"], err["field"]) == ("bad_score", 1, "wins[0].score")
    err = error(ITALIAN, [tsumo({"seat": 1, "score": 3_000_000_000}, losers=losers)])
    assert (err["code"], err["field"]) == ("bad_score", "wins[0].score")
    assert "3,000,000,000" in err["message"]


def test_a_losers_score_has_the_same_bound() -> None:
    losers: list[dict[str, Any]] = [{"seat": s, "score": 0} for s in (2, 3)]
    losers.insert(0, {"seat": 0, "score": 96_001})
    err = error(ITALIAN, [tsumo({"seat": 1, "points": 20, "doubles": 1}, losers=losers)])
    assert (err["code"], err["field"]) == ("bad_score", "losers[0].score")


def test_a_japanese_score_above_96_limits_is_refused_and_below_it_is_cut_to_the_limit() -> None:
    # the classical limit of 500 is applied to the final score, so 48,000 pays 500
    assert scored("japanese-classical", [tsumo(win(3, score=48_000))])["hands"][0]["deltas"] == [
        -1000,
        -500,
        -500,
        2000,
    ]
    err = error("japanese-classical", [tsumo(win(3, score=48_001))])
    assert (err["code"], err["field"]) == ("bad_score", "wins[0].score")
    err = error(MODERN, [ron(1, win(2, score=192_001))])
    assert (err["code"], err["field"]) == ("bad_score", "wins[0].score")


# Penalties ----------------------------------------------------------------------------------


def test_a_penalty_of_100_000_points_is_taken_and_3e9_is_refused() -> None:
    hand = draw(penalties=[{"seat": 1, "points": 100_000, "to": 2}])
    assert scored(MODERN, [hand])["hands"][0]["deltas"] == [0, -100_000, 100_000, 0]
    err = error(MODERN, [draw(penalties=[{"seat": 1, "points": 100_001}])])
    assert (err["code"], err["hand"], err["field"]) == ("bad_value", 1, "penalties[0].points")
    err = error(MODERN, [draw(penalties=[{"seat": 1, "points": 3_000_000_000}])])
    assert err["field"] == "penalties[0].points"


def test_a_hand_holds_at_most_20_penalties() -> None:
    twenty = [{"seat": s % 4, "points": 100} for s in range(20)]
    assert scored(MODERN, [draw(penalties=twenty)])["hands"][0]["forfeited"] == 2000
    err = error(MODERN, [draw(penalties=[*twenty, {"seat": 0, "points": 100}])])
    assert (err["code"], err["hand"], err["field"]) == ("bad_value", 1, "penalties")


# Options that are numbers are bounded by their descriptions -------------------------------------

BOUNDED = (
    "start_points",
    "goal_points",
    "return_points",
    "uma",
    "uma_one_above",
    "uma_two_above",
    "uma_three_above",
    "tenpai_payment",
    "limit",
    "riichi_deposit",
    "honba_points",
    "chombo_points",
    "false_ready_points",
    "false_claim_points",
    "nagashi_mangan_percent",
    "yakuman_value",
    "max_yakuman",
)


def test_every_number_option_has_a_range() -> None:
    numbers = [d for d in describe_options() if d["type"] in ("int", "uma")]
    assert {d["name"] for d in numbers} >= set(BOUNDED)
    for d in numbers:
        assert d["minimum"] is not None and d["maximum"] is not None, d["name"]


@pytest.mark.parametrize(
    ("name", "inside", "outside"),
    [
        ("start_points", 1_000_000, 1_000_100),
        ("return_points", 1_000_000, 1_000_100),
        ("limit", 100_000, 100_010),
        ("honba_points", 3000, 3003),
        ("riichi_deposit", 10_000, 10_010),
        ("chombo_points", 100_000, 100_010),
        ("uma", [100, 0, 0, -100], [101, 0, 0, -101]),
    ],
)
def test_a_number_option_just_inside_its_range_is_taken_and_just_outside_refused(
    name: str, inside: Any, outside: Any
) -> None:
    preset = "ema"  # no bust and uma results: any start and return can be played
    scored({"preset": preset, "options": {name: inside}}, [])
    err = error({"preset": preset, "options": {name: outside}}, [])
    assert (err["code"], err["hand"], err["field"]) == ("bad_option", None, name)
