"""Japanese Modern (seed 000) and its relatives: the mangan system, counters, the pool, draws,
penalties and the end of the game. Seat 0 deals the first hand unless a test says otherwise."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import deltas, draw, error, ron, scored, tsumo, win

MODERN = "japanese-modern"


def with_options(**options: Any) -> dict[str, Any]:
    return {"preset": MODERN, "options": options}


# The mangan system -------------------------------------------------------------------------
# (win, non-dealer ron, dealer ron, non-dealer tsumo (each non-dealer, dealer), dealer tsumo)
MANGAN_SYSTEM = [
    (dict(han=1, fu=30), 1000, 1500, (300, 500), 500),
    (dict(han=1, fu=40), 1300, 2000, (400, 700), 700),
    (dict(han=1, fu=110), 3600, 5300, (900, 1800), 1800),
    (dict(han=2, fu=20), 1300, 2000, (400, 700), 700),
    (dict(han=2, fu=25), 1600, 2400, (400, 800), 800),
    (dict(han=2, fu=30), 2000, 2900, (500, 1000), 1000),
    (dict(han=2, fu=32), 2600, 3900, (700, 1300), 1300),  # fu round up to 40
    (dict(han=3, fu=30), 3900, 5800, (1000, 2000), 2000),
    (dict(han=3, fu=40), 5200, 7700, (1300, 2600), 2600),
    (dict(han=3, fu=60), 7700, 11600, (2000, 3900), 3900),
    (dict(han=3, fu=70), 8000, 12000, (2000, 4000), 4000),
    (dict(han=4, fu=30), 7700, 11600, (2000, 3900), 3900),  # no kiriage mangan
    (dict(han=4, fu=40), 8000, 12000, (2000, 4000), 4000),
    (dict(han=5), 8000, 12000, (2000, 4000), 4000),
    (dict(han=6), 12000, 18000, (3000, 6000), 6000),
    (dict(han=7, fu=30), 12000, 18000, (3000, 6000), 6000),
    (dict(han=8), 16000, 24000, (4000, 8000), 8000),
    (dict(han=10), 16000, 24000, (4000, 8000), 8000),
    (dict(han=11), 24000, 36000, (6000, 12000), 12000),
    (dict(han=12), 24000, 36000, (6000, 12000), 12000),
    (dict(han=13), 32000, 48000, (8000, 16000), 16000),  # counted yakuman
    (dict(han=20), 32000, 48000, (8000, 16000), 16000),
    (dict(yakuman=1), 32000, 48000, (8000, 16000), 16000),
    (dict(yakuman=2), 64000, 96000, (16000, 32000), 32000),
    (dict(score=1280), 5200, 7700, (1300, 2600), 2600),  # a score is the basic points
]


@pytest.mark.parametrize(
    ("value", "ron_total", "dealer_ron", "non_dealer_tsumo", "dealer_each"), MANGAN_SYSTEM
)
def test_the_mangan_system_pays_the_known_values(
    value: dict[str, int],
    ron_total: int,
    dealer_ron: int,
    non_dealer_tsumo: tuple[int, int],
    dealer_each: int,
) -> None:
    each, from_dealer = non_dealer_tsumo
    assert deltas(MODERN, ron(3, {"seat": 2, **value})) == [[0, 0, ron_total, -ron_total]]
    assert deltas(MODERN, ron(3, {"seat": 0, **value})) == [[dealer_ron, 0, 0, -dealer_ron]]
    assert deltas(MODERN, tsumo({"seat": 2, **value})) == [
        [-from_dealer, -each, from_dealer + 2 * each, -each]
    ]
    assert deltas(MODERN, tsumo({"seat": 0, **value})) == [
        [3 * dealer_each, -dealer_each, -dealer_each, -dealer_each]
    ]


@pytest.mark.parametrize(("han", "fu"), [(4, 30), (3, 60)])
def test_kiriage_mangan_rounds_7700_up_to_a_mangan(han: int, fu: int) -> None:
    rules = with_options(kiriage_mangan=True)
    assert deltas(rules, ron(3, win(2, han, fu))) == [[0, 0, 8000, -8000]]
    assert deltas(rules, ron(3, win(0, han, fu))) == [[12000, 0, 0, -12000]]
    assert deltas(rules, ron(3, win(2, 3, 50))) == [[0, 0, 6400, -6400]]


def test_without_counted_yakuman_13_han_pay_a_sanbaiman() -> None:
    assert deltas("ema", ron(3, win(2, 13))) == [[0, 0, 24000, -24000]]


def test_dora_count_in_the_value_of_a_hand() -> None:
    assert deltas(MODERN, ron(3, win(2, 3, 40, dora=2))) == [[0, 0, 5200, -5200]]


# Counters and the pool ---------------------------------------------------------------------


def test_each_counter_adds_300_from_the_discarder() -> None:
    start = {"honba": 2}
    assert deltas(MODERN, ron(3, win(2, 3, 40)), start=start) == [[0, 0, 5800, -5800]]


def test_each_counter_adds_100_from_each_player_on_a_self_draw() -> None:
    start = {"honba": 2}
    assert deltas(MODERN, tsumo(win(2, 3, 40)), start=start) == [[-2800, -1500, 5800, -1500]]
    assert deltas(MODERN, tsumo(win(0, 3, 40)), start=start) == [[8400, -2800, -2800, -2800]]


def test_the_winner_takes_the_pool_with_the_deposits_of_this_hand() -> None:
    out = scored(MODERN, [ron(1, win(2, 1, 30), riichi=[1, 3])], start={"pool": 2000})
    (hand,) = out["hands"]
    assert hand["deltas"] == [0, -2000, 5000, -1000]
    assert (hand["pool_before"], hand["pool"]) == (2000, 0)


def test_the_pool_stays_on_the_table_after_a_draw() -> None:
    out = scored(MODERN, [draw(0, riichi=[0]), draw(riichi=[2]), tsumo(win(3, 1, 30))])
    first, second, third = out["hands"]
    assert first["deltas"] == [2000, -1000, -1000, -1000]
    assert (first["pool"], second["pool_before"], second["pool"]) == (1000, 1000, 2000)
    assert third["pool_before"] == 2000
    # 1,100 for the hand, 2 counters at 100 from each of three players, and the pool
    assert third["deltas"][3] == 1100 + 2 * 3 * 100 + 2000
    assert out["final"]["pool"] == 0


def test_a_riichi_deposit_by_the_winner_comes_back_with_the_pool() -> None:
    assert deltas(MODERN, ron(1, win(2, 1, 30), riichi=[2])) == [[0, -1000, 1000, 0]]


# Several winners on one discard ------------------------------------------------------------
# Seat 0 discards at 1 counter with 1,000 in the pool; seat 2 also declares riichi. Seat 2 is
# the first winner after the discarder, seat 3 the second.
DOUBLE_RON = [draw(0, riichi=[1]), ron(0, win(3, 1, 30), win(2, 2, 30), riichi=[2])]


def test_a_double_ron_pays_the_counters_to_each_winner_under_japanese_modern() -> None:
    (_, hand) = scored(MODERN, DOUBLE_RON)["hands"]
    # seat 2: 2,000 + 300 + the pool of 2,000 (its own stick back); seat 3: 1,000 + 300
    assert hand["deltas"] == [-3600, 0, 3300, 1300]
    assert hand["pool"] == 0


def test_a_double_ron_pays_the_counters_to_the_first_winner_only_under_tenhou() -> None:
    (_, hand) = scored("tenhou", DOUBLE_RON)["hands"]
    assert hand["deltas"] == [-3300, 0, 3300, 1000]


def test_the_pool_goes_to_the_first_winner_after_the_discarder_whatever_the_order() -> None:
    hand = ron(3, win(2, 1, 30), win(1, 1, 30), riichi=[0])
    # after seat 3 comes seat 0, then seat 1: seat 1 is first
    assert deltas(MODERN, hand) == [[-1000, 2000, 1000, -2000]]


def test_a_triple_ron_is_three_wins_under_japanese_modern() -> None:
    hand = ron(0, win(1, 1, 30), win(2, 1, 30), win(3, 1, 30))
    assert deltas(MODERN, hand) == [[-3000, 1000, 1000, 1000]]


def test_a_triple_ron_is_an_abortive_draw_under_tenhou() -> None:
    out = scored("tenhou", [{"result": "abortive", "reason": "triple_ron"}])
    assert out["hands"][0]["deltas"] == [0, 0, 0, 0]
    assert out["final"]["next"]["label"] == "E1-1"


def test_a_dealer_among_several_winners_keeps_the_deal() -> None:
    out = scored(MODERN, [ron(1, win(0, 1, 30), win(2, 1, 30))])
    assert out["final"]["next"]["label"] == "E1-1"


# Exhaustive draws --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tenpai", "paid"),
    [
        ((), [0, 0, 0, 0]),
        ((1,), [-1000, 3000, -1000, -1000]),
        ((0, 2), [1500, -1500, 1500, -1500]),
        ((0, 1, 3), [1000, 1000, -3000, 1000]),
        ((0, 1, 2, 3), [0, 0, 0, 0]),
    ],
)
def test_the_ready_players_share_3000_from_the_others(
    tenpai: tuple[int, ...], paid: list[int]
) -> None:
    assert deltas(MODERN, draw(*tenpai)) == [paid]


def test_a_ready_dealer_keeps_the_deal_and_the_counter_goes_up() -> None:
    assert scored(MODERN, [draw(0)])["final"]["next"]["label"] == "E1-1"


def test_the_counter_goes_up_after_a_draw_that_passes_the_deal() -> None:
    assert scored(MODERN, [draw(1)])["final"]["next"]["label"] == "E2-1"


def test_honba_after_passed_draw_false_restarts_the_counter_when_the_deal_passes() -> None:
    rules = with_options(honba_after_passed_draw=False)
    assert scored(rules, [draw(0), draw(1)])["final"]["next"]["label"] == "E2"
    assert scored(rules, [draw(0), draw(0)])["final"]["next"]["label"] == "E1-2"


def test_the_counter_restarts_when_a_non_dealer_wins() -> None:
    out = scored(MODERN, [draw(0), draw(0), ron(0, win(1, 1, 30))])
    assert [h["label"] for h in out["hands"]] == ["E1", "E1-1", "E1-2"]
    assert out["final"]["next"]["label"] == "E2"


def test_the_dealer_keeps_the_deal_on_a_win_and_the_counter_goes_up() -> None:
    out = scored(MODERN, [tsumo(win(0, 1, 30)), ron(3, win(0, 1, 30))])
    assert out["final"]["next"]["label"] == "E1-2"


# Nagashi mangan ----------------------------------------------------------------------------


def test_tenhou_pays_nagashi_as_a_mangan_self_draw_and_goes_on_as_a_draw() -> None:
    hand = draw(0, nagashi=[2])
    out = scored("tenhou", [hand], start={"honba": 1, "pool": 1000})
    (result,) = out["hands"]
    # a mangan self-draw without counters; no ready-hand payments; the pool stays
    assert result["deltas"] == [-4000, -2000, 8000, -2000]
    assert result["pool"] == 1000
    # the ready dealer keeps the deal, and the counter goes up as after any draw
    assert out["final"]["next"]["label"] == "E1-2"


def test_nagashi_mangan_percent_50_pays_half_a_mangan_and_takes_the_pool() -> None:
    rules = with_options(nagashi_mangan_percent=50)
    out = scored(rules, [draw(0, 2, nagashi=[1], riichi=[2])])
    (result,) = out["hands"]
    # half of the 2,000 limit: 2,000 from East, 1,000 from each other; and seat 2's deposit
    assert result["deltas"] == [-2000, 4000 + 1000, -2000, -1000]
    assert result["pool"] == 0


def test_nagashi_handled_as_a_win_is_paid_the_counters_and_passes_the_deal() -> None:
    # "not handled as a draw, but rather as a situation where one of the players has gone out
    # on a self-drawn hand": a mangan self-draw (4,000 from East, 2,000 from each other), plus
    # 2 counters of 300, 200 from each player, and the counters reset as after a win
    rules = with_options(nagashi_mangan_percent=100)
    out = scored(rules, [draw(0, nagashi=[1])], start={"honba": 2, "pool": 2000})
    (result,) = out["hands"]
    assert result["deltas"] == [-4200, 8000 + 600 + 2000, -2200, -2200]  # no ready payments
    assert result["pool"] == 0
    assert out["final"]["next"]["label"] == "E2"


def test_nagashi_by_the_dealer_handled_as_a_win_keeps_the_deal() -> None:
    rules = with_options(nagashi_mangan_percent=100)
    assert scored(rules, [draw(nagashi=[0])])["final"]["next"]["label"] == "E1-1"


# Abortive draws ----------------------------------------------------------------------------


@pytest.mark.parametrize("reason", ["nine_terminals", "four_winds", "four_kongs"])
def test_an_abortive_draw_pays_nothing_and_the_dealer_deals_again(reason: str) -> None:
    out = scored(MODERN, [{"result": "abortive", "reason": reason, "riichi": [2]}])
    (hand,) = out["hands"]
    assert hand["deltas"] == [0, 0, -1000, 0]
    assert hand["pool"] == 1000
    assert out["final"]["next"]["label"] == "E1-1"


def test_four_riichi_leave_four_deposits_in_the_pool() -> None:
    out = scored(MODERN, [{"result": "abortive", "reason": "four_riichi", "riichi": [0, 1, 2, 3]}])
    assert out["hands"][0]["pool"] == 4000
    assert out["final"]["next"] == {
        "round": "E",
        "number": 1,
        "dealer": 0,
        "honba": 1,
        "pool": 4000,
        "label": "E1-1",
    }


# Penalties ---------------------------------------------------------------------------------


def test_a_chombo_by_a_non_dealer_pays_the_limit_to_each_east_double() -> None:
    out = scored(MODERN, [{"result": "chombo", "offender": 1, "riichi": [1, 2]}])
    (hand,) = out["hands"]
    assert hand["deltas"] == [4000, -8000, 2000, 2000]
    assert hand["pool"] == 0  # the deposits of the hand went back to their owners
    assert out["final"]["next"]["label"] == "E1"  # the hand is replayed


def test_a_chombo_by_the_dealer_pays_12000_and_passes_the_deal() -> None:
    out = scored(MODERN, [{"result": "chombo", "offender": 0}], start={"honba": 1, "pool": 1000})
    (hand,) = out["hands"]
    assert hand["deltas"] == [-12000, 4000, 4000, 4000]
    assert hand["pool"] == 1000
    assert out["final"]["next"]["label"] == "E2-1"


def test_a_faulty_ready_declaration_at_a_draw_pays_the_limit_to_each() -> None:
    hand = draw(penalties=[{"seat": 3, "kind": "false_ready"}])
    assert deltas(MODERN, hand) == [[4000, 2000, 2000, -8000]]


def test_a_faulty_ready_declaration_is_paid_only_when_the_deal_ends_in_a_draw() -> None:
    hand = ron(0, win(1, 1, 30), penalties=[{"seat": 3, "kind": "false_ready"}])
    err = error(MODERN, [hand])
    assert err["code"] == "bad_penalty"
    assert (err["hand"], err["field"]) == (1, "penalties[0].kind")


def test_a_faulty_claim_pays_100_to_the_winner() -> None:
    hand = ron(0, win(1, 1, 30), penalties=[{"seat": 3, "kind": "false_claim"}])
    assert deltas(MODERN, hand) == [[-1000, 1100, 0, -100]]


def test_a_faulty_out_is_entered_as_a_chombo_hand() -> None:
    hand = draw(penalties=[{"seat": 3, "kind": "false_out"}])
    err = error(MODERN, [hand])
    assert err["code"] == "bad_penalty"
    assert "chombo" in err["message"]


def test_a_penalty_in_points_leaves_the_table_unless_it_names_a_receiver() -> None:
    out = scored(
        MODERN, [draw(penalties=[{"seat": 1, "points": 500}, {"seat": 2, "points": 300, "to": 0}])]
    )
    (hand,) = out["hands"]
    assert hand["deltas"] == [300, -500, -300, 0]
    assert hand["forfeited"] == 500


# The end of the game -----------------------------------------------------------------------
SOUTH_4 = {"round": "S", "number": 4, "dealer": 3}


def test_an_east_south_game_ends_when_the_deal_passes_after_south_4() -> None:
    out = scored(MODERN, [ron(3, win(1, 1, 30))], start=SOUTH_4)
    assert out["final"]["over"] is True
    assert out["final"]["next"] is None
    # seats 0 and 2 are level: seat order places seat 0 (East in the first hand) above
    assert out["final"]["ranks"] == [2, 1, 3, 4]
    # 30,000 returned, uma 20/10/-10/-20 and the oka of 20 to first
    assert out["final"]["results"] == [5.0, 36.0, -15.0, -26.0]


def test_a_dealer_who_keeps_the_last_deal_plays_on_under_japanese_modern() -> None:
    out = scored(MODERN, [tsumo(win(3, 1, 30))], start=SOUTH_4)
    assert out["final"]["over"] is False
    assert out["final"]["next"]["label"] == "S4-1"


def test_an_east_game_ends_after_east_4() -> None:
    rules = with_options(length="east")
    out = scored(rules, [draw()], start={"number": 4, "dealer": 3})
    assert out["final"]["over"] is True


def test_tenhou_goes_into_the_west_round_when_nobody_has_30000() -> None:
    out = scored("tenhou", [draw()], start=SOUTH_4)
    assert out["final"]["over"] is False
    assert out["final"]["next"]["label"] == "W1-1"


def test_tenhou_ends_the_game_in_the_west_round_once_somebody_has_30000() -> None:
    start = {"round": "W", "number": 1, "dealer": 0}
    out = scored("tenhou", [ron(3, win(2, 1, 30)), ron(3, win(2, 4, 30))], start=start)
    (first, second) = out["hands"]
    assert first["scores"] == [25000, 25000, 26000, 24000]
    assert second["scores"] == [25000, 25000, 33700, 16300]
    assert out["final"]["over"] is True


def test_tenhou_ends_after_the_west_round_even_below_30000() -> None:
    start = {"round": "W", "number": 4, "dealer": 3}
    out = scored("tenhou", [draw()], start=start)
    assert out["final"]["over"] is True


def test_tenhou_lets_a_leading_dealer_stop_in_the_last_hand() -> None:
    start = {**SOUTH_4, "scores": [20000, 20000, 28000, 32000]}
    out = scored("tenhou", [tsumo(win(3, 1, 30))], start=start)
    assert out["final"]["over"] is True


def test_tenhou_plays_on_when_the_dealer_wins_the_last_hand_without_the_lead() -> None:
    start = {**SOUTH_4, "scores": [20000, 20000, 34000, 26000]}
    out = scored("tenhou", [tsumo(win(3, 1, 30))], start=start)
    assert out["final"]["over"] is False
    assert out["final"]["next"]["label"] == "S4-1"


def test_tenhou_lets_a_leading_ready_dealer_stop_at_a_draw() -> None:
    start = {**SOUTH_4, "scores": [20000, 20000, 28000, 32000]}
    assert scored("tenhou", [draw(3)], start=start)["final"]["over"] is True


def test_a_player_below_zero_ends_the_game() -> None:
    start = {"scores": [25000, 25000, 25000, 5000]}
    out = scored(MODERN, [ron(3, win(0, 5))], start=start)
    assert out["hands"][0]["scores"] == [37000, 25000, 25000, -7000]
    assert out["final"]["over"] is True


def test_a_player_on_exactly_zero_plays_on() -> None:
    start = {"scores": [25000, 25000, 25000, 12000]}
    assert scored(MODERN, [ron(3, win(0, 5))], start=start)["final"]["over"] is False


def test_without_bust_a_player_below_zero_plays_on() -> None:
    start = {"scores": [30000, 30000, 30000, 10000]}
    assert scored("ema", [ron(3, win(0, 5))], start=start)["final"]["over"] is False


def test_ended_true_ends_the_game_and_settles_it() -> None:
    out = scored(MODERN, [ron(1, win(2, 3, 40))], ended=True)
    final = out["final"]
    assert final["over"] is True
    assert final["next"] is None
    assert final["ranks"] == [2, 4, 1, 3]
    assert final["results"] == [5.0, -30.2, 40.2, -15.0]


def test_before_the_end_there_are_no_ranks_or_results() -> None:
    final = scored(MODERN, [ron(1, win(2, 3, 40))])["final"]
    assert (final["over"], final["ranks"], final["results"]) == (False, None, None)
    assert final["next"]["label"] == "E2"
