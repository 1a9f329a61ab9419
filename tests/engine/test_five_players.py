"""Five at a table: one game of five where the outgoing dealer sits out each hand.

The `japanese-modern-five` preset: seats 0-4, the deal passes over five seats (East 1-5,
South 1-5), four play each hand (the dealer East, then South, West and North in seat order),
the seat before the dealer sits out and pays and receives nothing; every hand is paid as the
four-player Japanese Modern rules pay it. Start and return 25,000, uma 20/10/0/-10/-20.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import (
    RulesError,
    four_player_presets,
    resolve_rules,
    score_game,
    seats_in_hand,
    sits_out,
)
from engine.tenhou6 import tenhou6_from_record

from .helpers import deltas, draw, error, ron, scored, tsumo, win
from .test_properties import PROPERTY_SETTINGS, check_game, games
from .test_schema import RECORD, RESULT

FIVE = "japanese-modern-five"
FOUR = "japanese-modern"
ABORTIVE = {"result": "abortive", "reason": "nine_terminals"}


def test_the_five_seat_preset_seats_five_from_its_rules() -> None:
    rules = resolve_rules(FIVE)
    assert (rules.players, rules.at_table) == (5, 4)
    assert (rules.start_points, rules.return_points, rules.uma) == (
        25000,
        25000,
        (20, 10, 0, -10, -20),
    )
    out = scored(FIVE, [])
    assert out["final"]["scores"] == [25000] * 5
    assert out["final"]["pool_to"] == out["final"]["chombo"] == [0] * 5
    assert out["final"]["next"] == {
        "round": "E",
        "number": 1,
        "dealer": 0,
        "honba": 0,
        "pool": 0,
        "label": "E1",
    }
    assert FIVE not in four_player_presets()


# The deal order -----------------------------------------------------------------------------


def test_the_seat_before_the_dealer_sits_out() -> None:
    rules = resolve_rules(FIVE)
    assert [sits_out(rules, d) for d in range(5)] == [4, 0, 1, 2, 3]
    assert seats_in_hand(rules, 0) == (0, 1, 2, 3)  # East, South, West, North
    assert seats_in_hand(rules, 2) == (2, 3, 4, 0)
    assert seats_in_hand(rules, 4) == (4, 0, 1, 2)
    assert sits_out(resolve_rules(FOUR), 2) is None


def test_an_east_south_game_has_five_deals_a_round_and_everyone_deals_twice() -> None:
    # ten passed deals: nobody ready at each draw, so the deal passes every hand
    out = scored(FIVE, [draw()] * 10)
    got = [(h["round"], h["number"], h["dealer"]) for h in out["hands"]]
    assert got == [
        ("E", 1, 0), ("E", 2, 1), ("E", 3, 2), ("E", 4, 3), ("E", 5, 4),
        ("S", 1, 0), ("S", 2, 1), ("S", 3, 2), ("S", 4, 3), ("S", 5, 4),
    ]  # fmt: skip
    assert [sits_out(resolve_rules(FIVE), h["dealer"]) for h in out["hands"]] == [4, 0, 1, 2, 3] * 2
    assert out["final"]["over"] is True
    assert [h["label"] for h in out["hands"]][-1] == "S5-9"


def test_an_east_game_ends_after_five_deals() -> None:
    spec = {"preset": FIVE, "options": {"length": "east"}}
    out = scored(spec, [draw()] * 5)
    assert [h["number"] for h in out["hands"]] == [1, 2, 3, 4, 5]
    assert out["final"]["over"] is True
    assert error(spec, [draw()] * 6)["code"] == "game_over"


def test_a_dealer_who_keeps_the_deal_keeps_the_same_seat_out() -> None:
    hands = [
        tsumo(win(0, 2, 30)),  # E1: the dealer wins and keeps the deal; seat 4 out
        draw(0),  # E1-1: the dealer ready at a draw keeps it; seat 4 still out
        ABORTIVE,  # E1-2: an abortive draw keeps it too
        ron(2, win(1, 1, 30)),  # E1-3: a non-dealer wins, the deal passes to seat 1
        draw(3),  # E2: seat 0, the outgoing dealer, sits out; the dealer not ready passes
    ]
    out = scored(FIVE, hands)
    got = [(h["label"], h["dealer"]) for h in out["hands"]]
    assert got == [("E1", 0), ("E1-1", 0), ("E1-2", 0), ("E1-3", 0), ("E2", 1)]
    assert out["final"]["next"]["label"] == "E3-1"
    assert out["final"]["next"]["dealer"] == 2
    # the seat out of each hand gets nothing: seat 4 four times, then seat 0
    assert [h["deltas"][4] for h in out["hands"][:4]] == [0, 0, 0, 0]
    assert out["hands"][4]["deltas"][0] == 0


def test_the_first_dealer_need_not_be_seat_0() -> None:
    start = {"dealer": 2, "number": 1, "round": "E"}
    out = scored(FIVE, [draw(), draw()], start=start)
    assert [(h["dealer"], sits_out(resolve_rules(FIVE), h["dealer"])) for h in out["hands"]] == [
        (2, 1),
        (3, 2),
    ]
    # East 1 was seat 2's: equal scores are placed from it
    assert out["final"]["next"]["label"] == "E3-2"


# Payments among the four at the table ------------------------------------------------------


def five_of(four: list[int], dealer: int) -> list[int]:
    """A four-seat table's deltas (East first) placed on the five seats around ``dealer``."""
    out = [0] * 5
    for i, d in enumerate(four):
        out[(dealer + i) % 5] = d
    return out


@pytest.mark.parametrize(
    ("hand", "four_seat"),
    [
        (ron(1, win(2, 3, 40)), ron(1, win(2, 3, 40))),
        (tsumo(win(3, 5)), tsumo(win(3, 5))),
        (tsumo(win(0, 4, 30), riichi=[0, 2]), tsumo(win(0, 4, 30), riichi=[0, 2])),
        (draw(1, 3), draw(1, 3)),
        (draw(0, 1, 2), draw(0, 1, 2)),
        ({"result": "chombo", "offender": 2}, {"result": "chombo", "offender": 2}),
        (ron(3, win(1, 2, 30), win(2, 3, 30)), ron(3, win(1, 2, 30), win(2, 3, 30))),
        (
            ron(0, win(1, 1, 30), penalties=[{"seat": 2, "kind": "false_claim"}]),
            ron(0, win(1, 1, 30), penalties=[{"seat": 2, "kind": "false_claim"}]),
        ),
    ],
)
def test_the_first_hand_pays_as_four_players_with_seat_4_untouched(
    hand: dict[str, Any], four_seat: dict[str, Any]
) -> None:
    got = deltas(FIVE, hand)[0]
    assert got[4] == 0
    assert got == deltas(FOUR, four_seat)[0] + [0]


def test_a_later_hand_pays_the_four_in_their_winds() -> None:
    # E3: seat 2 deals, seat 1 sits out; seat 0 is North. A non-dealer mangan by self-draw
    # at the table: 4,000 from the dealer, 2,000 from each of the two others.
    start = {"round": "E", "number": 3, "dealer": 2, "honba": 2, "pool": 1000}
    out = scored(FIVE, [tsumo(win(0, 5), riichi=[3])], start=start)
    hand = out["hands"][0]
    # counters: 100 x 2 from each payer; the pool (1,000 + the riichi stick) to the winner
    assert hand["deltas"] == [8000 + 600 + 2000, 0, -4200, -2200 - 1000, -2200]
    assert hand["pool"] == 0
    assert out["hands"][0]["scores"][1] == 25000  # seat 1 kept its points


def test_a_ready_payment_at_a_draw_is_shared_among_the_four() -> None:
    start = {"round": "S", "number": 4, "dealer": 3}  # seat 2 sits out
    assert deltas(FIVE, draw(4), start=start) == [[-1000, -1000, 0, -1000, 3000]]
    assert deltas(FIVE, draw(0, 1, 3), start=start) == [[1000, 1000, 0, 1000, -3000]]
    assert deltas(FIVE, draw(0, 1, 3, 4), start=start) == [[0, 0, 0, 0, 0]]


def test_the_pool_passes_the_seat_that_sits_out() -> None:
    # E1 dealer 0 keeps the deal ready with seat 1 (both declared): seat 4 sits out E1-1 too
    hands = [draw(0, 1, riichi=[0, 1]), ron(3, win(2, 1, 30))]
    out = scored(FIVE, hands)
    assert out["hands"][0]["pool"] == 2000
    assert out["hands"][0]["deltas"] == [500, 500, -1500, -1500, 0]
    assert out["hands"][1]["label"] == "E1-1"
    # 1,000 for 1 han 30 fu, 300 for the counter, the 2,000 pool
    assert out["hands"][1]["deltas"] == [0, 0, 3300, -1300, 0]


def test_a_chombo_counts_the_seat_that_made_it() -> None:
    spec = {"preset": FIVE, "options": {"chombo": "deduction", "chombo_points": 20000}}
    start = {"round": "E", "number": 2, "dealer": 1}
    out = scored(spec, [{"result": "chombo", "offender": 4}], start=start, ended=True)
    assert out["hands"][0]["deltas"] == [0] * 5
    assert out["final"]["chombo"] == [0, 0, 0, 0, 1]
    # last place by seat order from the first East seat (seat 0): -20 uma, -20 chombo
    assert out["final"]["results"] == [20.0, 10.0, 0.0, -10.0, -40.0]


# Refusals ----------------------------------------------------------------------------------

# From West 1: the third hand, after two passed deals, is West 3; seat 2 deals, seat 1 sits out
TO_WEST_3 = {"round": "W", "number": 1, "dealer": 0}


@pytest.mark.parametrize(
    ("hand", "field", "what"),
    [
        (ron(0, win(1, 1, 30)), "wins[0].seat", "win"),
        (tsumo(win(1, 2, 30)), "wins[0].seat", "win"),
        (ron(0, win(2, 1, 30), win(1, 1, 30)), "wins[1].seat", "win"),
        (ron(1, win(2, 1, 30)), "from", "discard"),
        (draw(1), "tenpai", "be ready"),
        (draw(riichi=[2, 1]), "riichi", "declare riichi"),
        ({"result": "chombo", "offender": 1}, "offender", "commit a chombo"),
        (
            ron(0, win(2, 1, 30), penalties=[{"seat": 1, "points": 1000}]),
            "penalties[0].seat",
            "pay a penalty",
        ),
        (
            draw(penalties=[{"seat": 3, "points": 1000, "to": 1}]),
            "penalties[0].to",
            "be paid a penalty",
        ),
        (ron(0, win(2, yakuman=1, pao=1)), "wins[0].pao", "be liable"),
    ],
)
def test_a_hand_naming_the_seat_that_sits_out_is_refused(
    hand: dict[str, Any], field: str, what: str
) -> None:
    spec = {"preset": FIVE, "options": {"length": "all"}}
    err = error(spec, [draw(), draw(), hand], start=TO_WEST_3)
    assert err["code"] == "sits_out"
    assert err["hand"] == 3 and err["field"] == field
    assert err["message"] == f"Hand 3: seat 1 sits out this hand (West 3), so it cannot {what}."


def test_the_first_hand_refuses_the_seat_before_the_first_dealer() -> None:
    err = error(FIVE, [ron(4, win(1, 1, 30))])
    assert err["message"] == "Hand 1: seat 4 sits out this hand (East 1), so it cannot discard."


def test_a_nagashi_by_the_seat_out_is_refused() -> None:
    spec = {"preset": FIVE, "options": {"nagashi_mangan_percent": 100}}
    err = error(spec, [{"result": "draw", "tenpai": [], "nagashi": [4]}])
    assert (err["code"], err["field"]) == ("sits_out", "nagashi")


def test_the_record_refuses_a_sixth_seat_and_a_wrong_number_of_names() -> None:
    err = error(FIVE, [ron(5, win(1, 1, 30))])
    assert err["message"] == (
        "Hand 1: 'from' must be a seat from 0 to 4 (these rules seat five players), not 5."
    )
    err = error(FIVE, [], players=["a", "b", "c", "d"])
    assert (
        err["message"]
        == "'players' must be five names, one per seat (these rules seat five players)."
    )
    err = error(FIVE, [], start={"scores": [25000] * 4})
    assert err["message"] == "'start.scores' must be five numbers, one per seat."
    err = error(FIVE, [ron(0, win(1, 1, 30), win(2, 1, 30), win(3, 1, 30), win(4, 1, 30))])
    assert err["code"] == "too_many_winners"


@pytest.mark.parametrize(
    ("options", "field", "message"),
    [
        ({"uma": [20, 10, -10, -20]}, "uma", "the uma has 5 values, first to fifth place, not 4"),
        ({"uma_floating": True}, "uma_floating", "floating uma is played with four players"),
        ({"honba_points": 200}, "honba_points", "in each hand the counters are shared by 3 payers"),
        (
            {"tenpai_payment": 1000},
            "tenpai_payment",
            "in each hand the payment is shared among 1 to 3",
        ),
    ],
)
def test_options_that_do_not_fit_five_seats_are_refused(
    options: dict[str, Any], field: str, message: str
) -> None:
    with pytest.raises(RulesError) as caught:
        resolve_rules({"preset": FIVE, "options": options})
    assert caught.value.field == field
    assert message in str(caught.value)


def test_a_four_seat_preset_cannot_take_five_uma_values() -> None:
    with pytest.raises(RulesError, match="first to fourth place, not 5"):
        resolve_rules({"preset": FOUR, "options": {"uma": [20, 10, 0, -10, -20]}})


def test_five_seats_need_the_winner_only_payment_scheme() -> None:
    with pytest.raises(RulesError, match="five at a table is played with the winner-only"):
        resolve_rules({"preset": "italian-official", "options": {"players": 5}})


def test_a_game_of_five_is_not_written_as_a_tenhou_log() -> None:
    with pytest.raises(ValueError, match="four-player games; these rules seat 5 players"):
        tenhou6_from_record({"rules": FIVE, "hands": []})


# Settlement of five ------------------------------------------------------------------------


def test_five_places_take_the_five_uma_values() -> None:
    start = {"scores": [41000, 18000, 25000, 30000, 11000]}
    out = scored(FIVE, [], start=start, ended=True)
    assert out["final"]["ranks"] == [1, 4, 3, 2, 5]
    # (points - 25,000) / 1,000 + uma; no oka
    assert out["final"]["results"] == [36.0, -17.0, 0.0, 15.0, -34.0]
    assert sum(out["final"]["results"]) == 0


def test_oka_with_five_seats_is_five_times_the_difference() -> None:
    spec = {"preset": FIVE, "options": {"return_points": 30000}}
    out = scored(spec, [], start={"scores": [45000, 30000, 20000, 20000, 10000]}, ended=True)
    # oka (30,000 - 25,000) x 5 = 25.0 to first; the two on 20,000 by seat order
    assert out["final"]["ranks"] == [1, 2, 3, 4, 5]
    assert out["final"]["results"] == [60.0, 10.0, -10.0, -20.0, -40.0]


def test_tied_seats_share_their_places_when_the_rules_share() -> None:
    spec = {"preset": FIVE, "options": {"ties": "share"}}
    start = {"scores": [25000, 35000, 25000, 15000, 25000], "dealer": 4, "number": 1}
    out = scored(spec, [], start=start, ended=True)
    assert out["final"]["ranks"] == [2, 1, 2, 5, 2]
    # places 2-4 share 10 + 0 - 10 = 0
    assert out["final"]["results"] == [0.0, 30.0, 0.0, -30.0, 0.0]


def test_ties_by_seat_order_count_from_the_first_east_seat() -> None:
    start = {"scores": [25000] * 5, "dealer": 3, "number": 1}
    out = scored(FIVE, [], start=start, ended=True)
    assert out["final"]["ranks"] == [3, 4, 5, 1, 2]


def test_the_leftover_pool_goes_to_first_place() -> None:
    start = {"scores": [24000, 26000, 25000, 25000, 24000], "pool": 1000}
    out = scored(FIVE, [], start=start, ended=True)
    assert out["final"]["pool_to"] == [0, 1000, 0, 0, 0]


# Properties --------------------------------------------------------------------------------


@PROPERTY_SETTINGS
@given(data=st.data())
def test_random_games_of_five_keep_the_points_and_the_seat_out_untouched(
    data: st.DataObject,
) -> None:
    spec = data.draw(
        st.sampled_from(
            [FIVE, {"preset": FIVE, "options": {"length": "east", "nagashi_mangan_percent": 100}}]
        )
    )
    generated = data.draw(games(spec))
    check_game(generated)  # points kept, the next dealer and counters, the deal order, ranks
    result = score_game(generated.record)
    rules = result.rules
    for hand in result.hands:
        out = sits_out(rules, hand.dealer)
        assert out == (hand.dealer - 1) % 5
        assert hand.deltas[out] == 0
        assert len(hand.deltas) == len(hand.scores) == 5


def test_a_game_of_five_and_its_result_follow_the_schema() -> None:
    record = {
        "rules": FIVE,
        "players": ["Aiko", "Ben", "Chiara", "Daichi", "Eva"],
        "start": {"scores": [25000] * 5, "number": 5, "dealer": 4},
        "hands": [ron(0, win(1, 3, 30), riichi=[2]), draw(2, 3)],
        "ended": True,
    }
    RECORD.validate(record)
    out = scored(
        FIVE, record["hands"], start=record["start"], players=record["players"], ended=True
    )
    RESULT.validate(out)
    assert len(out["final"]["results"]) == 5
