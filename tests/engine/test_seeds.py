"""The numbers printed in the rule texts (../shared/seeds/), reproduced by their presets."""

from __future__ import annotations

import pytest

from .helpers import DEALER_TABLE, NON_DEALER_TABLE, deltas, ron, scored, tsumo, win

# Japanese Classical (seed 002) -------------------------------------------------------------
# Seat 0 is East; North (seat 3) wins 200 on East's discard.


def test_the_classical_example_pays_800_from_east_to_north() -> None:
    out = scored("japanese-classical", [ron(0, win(3, score=200))])
    (hand,) = out["hands"]
    assert hand["deltas"] == [-800, 0, 0, 800]
    assert hand["scores"] == [1200, 2000, 2000, 2800]
    assert sum(hand["scores"]) == 8000


def test_the_classical_example_entered_as_han_and_fu_scores_without_bazoro() -> None:
    # 50 fu x 2^2 = 200, the example's score; no bazoro, so not 50 x 2^4
    assert deltas("japanese-classical", ron(0, win(3, 2, 50))) == [[-800, 0, 0, 800]]


def test_a_classical_self_draw_is_paid_by_each_loser_east_double() -> None:
    assert deltas("japanese-classical", tsumo(win(3, score=200))) == [[-400, -200, -200, 800]]


@pytest.mark.parametrize(
    "hand",
    [
        tsumo(win(0, score=500)),
        tsumo(win(0, score=800)),  # the limit cuts the score, not the payments
        tsumo(win(0, 5, 40)),  # 40 x 2^5 = 1,280
        tsumo(win(0, 13)),
        tsumo(win(0, yakuman=1)),
    ],
)
def test_a_classical_east_winner_gets_at_most_3000_under_the_limit_of_500(hand: dict) -> None:
    assert deltas("japanese-classical", hand) == [[3000, -1000, -1000, -1000]]


def test_a_classical_east_winner_on_a_discard_gets_the_same_3000_from_the_discarder() -> None:
    assert deltas("japanese-classical", ron(2, win(0, score=900))) == [[3000, 0, -3000, 0]]


def test_classical_penalties_are_added_at_the_end_and_not_doubled_for_east() -> None:
    hand = ron(0, win(3, score=200), penalties=[{"seat": 0, "kind": "false_claim"}])
    assert deltas("japanese-classical", hand) == [[-810, 0, 0, 810]]


# Arushiiaru (seed 004): both payment tables, cell by cell ------------------------------------
# The tables are in tests/engine/helpers.py (the entry tests read them too).


def test_the_tables_have_every_printed_cell() -> None:
    # 8 fu columns for 0-2 han, 6 for 3 han, 3 for 4 han, and the mangan row
    assert len(NON_DEALER_TABLE) == len(DEALER_TABLE) == 3 * 8 + 6 + 3 + 1


@pytest.mark.parametrize(("han", "fu", "ron_total", "non_dealer", "dealer"), NON_DEALER_TABLE)
def test_arushiiaru_pays_a_non_dealer_as_the_seed_table(
    han: int, fu: int | None, ron_total: int, non_dealer: int, dealer: int
) -> None:
    assert deltas("arushiiaru", ron(2, win(1, han, fu))) == [[0, ron_total, -ron_total, 0]]
    paid = non_dealer + dealer + non_dealer
    assert deltas("arushiiaru", tsumo(win(1, han, fu))) == [
        [-dealer, paid, -non_dealer, -non_dealer]
    ]


@pytest.mark.parametrize(("han", "fu", "ron_total", "each"), DEALER_TABLE)
def test_arushiiaru_pays_the_dealer_as_the_seed_table(
    han: int, fu: int | None, ron_total: int, each: int
) -> None:
    assert deltas("arushiiaru", ron(3, win(0, han, fu))) == [[ron_total, 0, 0, -ron_total]]
    assert deltas("arushiiaru", tsumo(win(0, han, fu))) == [[3 * each, -each, -each, -each]]


def test_the_misprinted_cell_is_paid_as_its_arithmetic_280_and_560() -> None:
    # The seed prints "280/480" for a non-dealer's 2 han 70 fu self-draw. Basic points are
    # 70 x 2^2 = 280, which each non-dealer pays; the dealer pays double, 560 (480 would be
    # 2 x 240, the 60 fu cell). The ron cell (1,120 = 4 x 280) and the dealer table's 2 han
    # 70 fu self-draw (560 from each player) agree with 560, so the engine pays 280/560.
    assert deltas("arushiiaru", tsumo(win(1, 2, 70))) == [[-560, 1120, -280, -280]]


def test_arushiiaru_has_no_counters_and_no_ready_hand_payments() -> None:
    out = scored(
        "arushiiaru",
        [{"result": "draw", "tenpai": [0]}, ron(3, win(2, 1, 30))],
    )
    first, second = out["hands"]
    assert first["deltas"] == [0, 0, 0, 0]
    # no tenpai renchan: the ready dealer passes the deal, and no counter is paid after it
    assert (second["dealer"], second["honba"]) == (1, 0)
    assert second["deltas"] == [0, 0, 240, -240]


def test_arushiiaru_scores_a_win_without_yaku() -> None:
    assert deltas("arushiiaru", tsumo(win(2, 0, 30))) == [[-60, -30, 120, -30]]
