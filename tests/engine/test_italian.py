"""Italian Official (seed 001): Standard scoring, payments between all players, flowers, limit
hands, penalties, and the helper that counts a hand from its parts. Seat 0 is East."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import deltas, error, scored

ITALIAN = "italian-official"


def hand(
    result: str,
    winners: list[dict[str, Any]],
    losers: list[dict[str, Any]],
    **more: Any,
) -> dict[str, Any]:
    return {"result": result, "wins": winners, "losers": losers, **more}


def value(seat: int, points: int, doubles: int = 0) -> dict[str, Any]:
    return {"seat": seat, "points": points, "doubles": doubles}


# The all-pay arithmetic, worked out ----------------------------------------------------------


def test_east_winning_is_paid_double_and_the_losers_settle_their_differences() -> None:
    # East: 42 x 2^3 = 336 -> 340. Losers: 10 x 2 = 20; 8 -> 10; 16 x 4 = 64 -> 60.
    # Each loser pays East 2 x 340 = 680. Between the losers (no East, so single):
    # seat 2 pays seat 1 10; seat 1 pays seat 3 40; seat 2 pays seat 3 50.
    # seat 1: -680 + 10 - 40 = -710; seat 2: -680 - 10 - 50 = -740; seat 3: -680 + 90 = -590.
    h = hand("tsumo", [value(0, 42, 3)], [value(1, 10, 1), value(2, 8), value(3, 16, 2)])
    assert deltas(ITALIAN, h) == [[2040, -710, -740, -590]]


def test_east_losing_pays_and_is_paid_double() -> None:
    # Seat 2 wins 340 on East's discard (who discarded changes nothing: everybody pays).
    # East pays 680, seats 1 and 3 pay 340 each: seat 2 gets 1,360.
    # Losers: East 20, seat 1 10, seat 3 60. Seat 1 pays East 2 x 10 = 20; East pays seat 3
    # 2 x 40 = 80; seat 1 pays seat 3 50.
    # East: -680 + 20 - 80 = -740; seat 1: -340 - 20 - 50 = -410; seat 3: -340 + 80 + 50 = -210.
    h = hand(
        "ron", [value(2, 42, 3)], [value(0, 10, 1), value(1, 8), value(3, 16, 2)], **{"from": 0}
    )
    assert deltas(ITALIAN, h) == [[-740, -410, 1360, -210]]


def test_losers_with_equal_scores_pay_each_other_nothing() -> None:
    h = hand("tsumo", [value(2, 42, 3)], [value(0, 20), value(1, 10, 1), value(3, 5, 2)])
    assert deltas(ITALIAN, h) == [[-680, -340, 1360, -340]]


def test_a_limit_hand_keeps_its_fixed_score_above_the_limit() -> None:
    # Four Kongs: 3,000, not cut to 1,000. East pays 6,000.
    h = hand("tsumo", [{"seat": 1, "score": 3000}], [value(0, 0), value(2, 0), value(3, 0)])
    assert deltas(ITALIAN, h) == [[-6000, 12000, -3000, -3000]]


def test_a_counted_hand_is_cut_to_the_limit_of_1000() -> None:
    # 40 x 2^5 = 1,280 -> 1,000
    h = hand("tsumo", [value(1, 40, 5)], [value(0, 0), value(2, 0), value(3, 0)])
    assert deltas(ITALIAN, h) == [[-2000, 4000, -1000, -1000]]


@pytest.mark.parametrize(
    ("points", "rounded"),
    [
        (120, 120),
        (121, 120),
        (124, 120),
        (125, 120),  # 5 goes down
        (126, 130),  # 6 goes up
        (129, 130),
        (135, 130),
        (136, 140),
    ],
)
def test_scores_are_rounded_off_to_the_nearest_ten_5_down_6_up(points: int, rounded: int) -> None:
    h = hand("tsumo", [value(1, points)], [value(0, 0), value(2, 0), value(3, 0)])
    assert deltas(ITALIAN, h) == [[-2 * rounded, 4 * rounded, -rounded, -rounded]]


def test_a_winner_and_a_loser_are_rounded_in_opposite_directions() -> None:
    # the winner's 125 goes down to 120; East's 126 (a loser) goes up to 130.
    # East pays 240 and receives 2 x 130 from seats 1 and 3: -240 + 520 = 280.
    h = hand("ron", [value(2, 125)], [value(0, 126), value(1, 0), value(3, 0)], **{"from": 1})
    assert deltas(ITALIAN, h) == [[280, -380, 480, -380]]


def test_flowers_count_4_points_each_and_a_double_for_the_own_one() -> None:
    winner = {
        "seat": 2,
        "parts": {
            "win": True,
            "sets": [{"set": "pung", "tiles": "honours", "concealed": False, "honour": "dragon"}],
            "pair": "seat_wind",
            "flowers": 2,
            "own_flowers": 1,
            "self_drawn": True,
        },
    }
    loser = {"seat": 0, "parts": {"sets": [{"set": "kong", "tiles": "simples", "concealed": True}]}}
    out = scored(ITALIAN, [hand("tsumo", [winner], [loser, value(1, 0), value(3, 0)])])
    (result,) = out["hands"]
    # winner: 20 + 4 + 2 + 8 + 2 = 36 points, 2 doubles: 144 -> 140; East's kong 16 -> 20
    assert result["deltas"] == [-200, -180, 560, -180]
    assert result["breakdowns"] == [
        {
            "seat": 2,
            "items": [
                {"part": "winning", "points": 20, "doubles": 0},
                {"part": "exposed pung of honours (dragon)", "points": 4, "doubles": 1},
                {"part": "pair (seat wind)", "points": 2, "doubles": 0},
                {"part": "2 flowers and seasons", "points": 8, "doubles": 0},
                {"part": "own flower or season", "points": 0, "doubles": 1},
                {"part": "self drawn", "points": 2, "doubles": 0},
            ],
            "points": 36,
            "doubles": 2,
        },
        {
            "seat": 0,
            "items": [{"part": "concealed kong of simples", "points": 16, "doubles": 0}],
            "points": 16,
            "doubles": 0,
        },
    ]


def test_all_four_flowers_add_two_doubles() -> None:
    parts = {"win": True, "flowers": 4, "all_flowers": True}
    out = scored(
        ITALIAN,
        [hand("tsumo", [{"seat": 1, "parts": parts}], [value(0, 0), value(2, 0), value(3, 0)])],
    )
    (breakdown,) = out["hands"][0]["breakdowns"]
    assert (breakdown["points"], breakdown["doubles"]) == (36, 2)


def test_a_winning_riichi_declarer_gets_one_double_and_pays_no_deposit() -> None:
    # 30 x 2 = 60: East pays 120, the others 60
    h = hand("tsumo", [value(2, 30)], [value(0, 0), value(1, 0), value(3, 0)], riichi=[2, 3])
    out = scored(ITALIAN, [h])
    assert out["hands"][0]["deltas"] == [-120, -60, 240, -60]
    assert out["hands"][0]["pool"] == 0


def test_riichi_adds_no_double_to_a_fixed_score() -> None:
    h = hand(
        "tsumo", [{"seat": 2, "score": 1000}], [value(0, 0), value(1, 0), value(3, 0)], riichi=[2]
    )
    assert deltas(ITALIAN, h) == [[-2000, -1000, 4000, -1000]]


def test_penalties_leave_the_table_and_show_as_forfeited() -> None:
    h = hand(
        "tsumo",
        [value(2, 30)],
        [value(0, 0), value(1, 0), value(3, 0)],
        penalties=[{"seat": 1, "kind": "false_out"}, {"seat": 3, "kind": "false_ready"}],
    )
    out = scored(ITALIAN, [h], ended=True)
    (result,) = out["hands"]
    assert result["deltas"] == [-60, -530, 120, -1030]
    assert result["forfeited"] == 1500
    assert sum(result["scores"]) == 4 * 5000 - 1500
    assert out["final"]["results"] == [-60, -530, 120, -1030]
    assert out["final"]["unit"] == "points"


def test_several_winners_are_each_paid_as_a_single_winner() -> None:
    # Seat 1 discards to seats 2 (40) and 3 (60). East and seat 1 pay each winner (East
    # double); the winners do not pay each other; East (10) pays seat 1 (20) 2 x 10 once.
    h = hand(
        "ron",
        [value(2, 20, 1), value(3, 30, 1)],
        [value(0, 10), value(1, 20)],
        **{"from": 1},
    )
    assert deltas(ITALIAN, h) == [[-220, -80, 120, 180]]


def test_east_keeps_the_deal_on_a_draw_and_on_a_win_and_passes_it_on_another_win() -> None:
    losers = [value(1, 0), value(2, 0), value(3, 0)]
    out = scored(
        ITALIAN,
        [
            {"result": "draw"},
            hand("tsumo", [value(0, 20)], losers),
            hand("tsumo", [value(1, 20)], [value(0, 0), value(2, 0), value(3, 0)]),
        ],
    )
    assert [h["label"] for h in out["hands"]] == ["E1", "E1", "E1"]
    assert out["hands"][0]["deltas"] == [0, 0, 0, 0]
    assert out["final"]["next"]["label"] == "E2"


def test_a_faulty_out_by_east_costs_500_and_east_keeps_the_deal() -> None:
    # The deal passes only when a non-dealer wins, also when East's false win ended the deal.
    for hand_ in (
        {"result": "chombo", "offender": 0},
        {"result": "draw", "penalties": [{"seat": 0, "kind": "false_out"}]},
    ):
        out = scored(ITALIAN, [hand_])
        assert out["hands"][0]["deltas"] == [-500, 0, 0, 0]
        assert out["hands"][0]["forfeited"] == 500
        assert out["final"]["next"]["label"] == "E1"


# Bad input: each error names the hand and the field -----------------------------------------
LOSERS = [value(0, 0), value(1, 0), value(3, 0)]


@pytest.mark.parametrize(
    ("winner", "losers", "code", "field", "words"),
    [
        (
            {"seat": 2, "parts": {"win": True, "patterns": ["dragon_tail"]}},
            LOSERS,
            "unknown_pattern",
            "wins[0].parts.patterns",
            "dragon_tail",
        ),
        (
            {"seat": 2, "parts": {"win": True, "flowers": 9}},
            LOSERS,
            "bad_parts",
            "wins[0].parts.flowers",
            "0 to 8",
        ),
        (
            value(2, 20, 1),
            [value(0, 0), value(1, 0)],
            "missing_loser",
            "losers",
            "seat 3",
        ),
        (
            value(2, 20, 21),
            LOSERS,
            "bad_doubles",
            "wins[0].doubles",
            "21 doubles",
        ),
        (
            {"seat": 2, "parts": {"win": True, "flowers": 2, "own_flowers": 3}},
            LOSERS,
            "bad_parts",
            "wins[0].parts.own_flowers",
            "own_flowers",
        ),
        (
            value(2, 20),
            [{"seat": 0, "parts": {"patterns": ["pung_hand"]}}, value(1, 0), value(3, 0)],
            "bad_parts",
            "losers[0].parts.patterns",
            "only for the winner",
        ),
        (
            {"seat": 2, "parts": {"win": True, "patterns": ["pung_hand", "pung_hand"]}},
            LOSERS,
            "bad_parts",
            "wins[0].parts.patterns",
            "listed twice",
        ),
        (
            value(2, 20),
            [{"seat": 0, "parts": {"win": True}}, value(1, 0), value(3, 0)],
            "bad_parts",
            "losers[0].parts.win",
            "loser",
        ),
        (
            {"seat": 2, "parts": {"win": True, "pair": ["dragon"]}},
            LOSERS,
            "bad_parts",
            "wins[0].parts.pair",
            "'pair' must be one of",
        ),
        (
            {"seat": 2, "han": 2, "fu": 30},
            LOSERS,
            "wrong_value_kind",
            "wins[0].han",
            "points and doubles",
        ),
    ],
)
def test_a_bad_hand_is_refused_naming_the_hand_and_the_field(
    winner: dict[str, Any], losers: list[dict[str, Any]], code: str, field: str, words: str
) -> None:
    good = hand("tsumo", [value(1, 20)], [value(0, 0), value(2, 0), value(3, 0)])
    err = error(ITALIAN, [good, hand("tsumo", [winner], losers)])
    assert (err["code"], err["hand"], err["field"]) == (code, 2, field)
    assert err["message"].startswith("Hand 2: ")
    assert words in err["message"]


# Limit hands named in parts (seed 001, "Limit hands") ------------------------------------------

LIMIT_HANDS = [
    ("four_kongs", 3000),
    ("three_great_scholars", 2000),
    ("big_four_winds", 2000),
    ("little_four_winds", 2000),
    ("nine_gates", 3000),
    ("thirteen_orphans", 2000),
    ("little_snake", 2000),
    ("knitted_dragon_royal", 2000),
    ("all_honor_pairs", 1000),
    ("all_terminal_pairs", 1000),
    ("all_terminal_and_honor_pairs", 1000),
    ("all_one_suit_pairs", 1000),
    ("heavenly_hand", 3000),
    ("gerties_garter", 1000),
]


@pytest.mark.parametrize(("name", "score"), LIMIT_HANDS)
def test_a_limit_hand_named_in_parts_is_paid_its_fixed_score(name: str, score: int) -> None:
    # Seat 1 wins; East pays double, the two others single; the losers scored nothing.
    winner = {"seat": 1, "parts": {"win": True, "limit_hand": name}}
    h = hand("tsumo", [winner], [value(0, 0), value(2, 0), value(3, 0)])
    assert deltas(ITALIAN, h) == [[-2 * score, 4 * score, -score, -score]]


def test_a_limit_hand_shows_in_the_breakdown() -> None:
    winner = {"seat": 1, "parts": {"win": True, "limit_hand": "nine_gates"}}
    out = scored(ITALIAN, [hand("tsumo", [winner], [value(0, 0), value(2, 0), value(3, 0)])])
    assert out["hands"][0]["breakdowns"] == [
        {
            "seat": 1,
            "items": [{"part": "Nine gates (limit hand)", "points": 0, "doubles": 0}],
            "points": 0,
            "doubles": 0,
            "score": 3000,
        }
    ]


def test_losers_hands_by_their_sets_are_counted_beside_a_limit_hand() -> None:
    # Seat 0 (East) loses with a concealed pung of terminals: 8 points; seats 2 and 3 nothing.
    # East pays the winner 6,000 and is paid 2 x 8 = 16 -> 20 by each other loser.
    winner = {"seat": 1, "parts": {"win": True, "limit_hand": "nine_gates"}}
    east = {
        "seat": 0,
        "parts": {"sets": [{"set": "pung", "tiles": "terminals", "concealed": True}]},
    }
    h = hand("tsumo", [winner], [east, value(2, 0), value(3, 0)])
    assert deltas(ITALIAN, h) == [[-6000 + 40, 12000, -3000 - 20, -3000 - 20]]


@pytest.mark.parametrize(
    ("parts", "loser", "code", "field"),
    [
        ({"limit_hand": "dragon_tail"}, False, "unknown_pattern", "wins[0].parts.limit_hand"),
        ({"limit_hand": "nine_gates", "flowers": 1}, False, "bad_parts", "wins[0].parts.flowers"),
        ({"limit_hand": "nine_gates"}, True, "bad_parts", "losers[0].parts.limit_hand"),
    ],
)
def test_a_bad_limit_hand_is_refused(parts, loser, code, field) -> None:
    named = {"seat": 0, "parts": parts}
    if loser:
        h = hand("tsumo", [value(1, 30, 1)], [named, value(2, 0), value(3, 0)])
    else:
        h = hand("tsumo", [named], [value(1, 0), value(2, 0), value(3, 0)])
    err = error(ITALIAN, [h])
    assert (err["code"], err["field"]) == (code, field)
