"""Three-player riichi (sanma): the record, the deal, the payments and the settlement.

The worked hands follow Tenhou's three-player rules as the `tenhou-sanma` preset describes
them: 35,000 start and 40,000 return, uma 20/0/-20, tsumo loss (each payer pays its share at a
four-player table: a non-dealer's mangan by self-draw is 4,000 + 2,000), 2,000 of ready-hand
payment in all and 200 per counter. North bisection (`north_share` "split") splits the empty
North seat's share between the two payers: that mangan becomes 5,000 + 3,000. The `mahjong`
library's three-player mode, which follows Tenhou, is the cross-check of every han and fu.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mahjong.constants import EAST, SOUTH
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator

from engine import RulesError, four_player_presets, get_preset, preset_ids, resolve_rules
from engine.__main__ import main

from .helpers import deltas, draw, error, ron, scored, tsumo, win
from .test_properties import PROPERTY_SETTINGS, check_game, games

SANMA = "tenhou-sanma"
SPLIT = "mahjong-soul-sanma"  # north bisection


def test_the_three_player_presets_seat_three_from_their_rules() -> None:
    rules = resolve_rules(SANMA)
    assert rules.players == 3
    assert (rules.start_points, rules.return_points, rules.uma) == (35000, 40000, (20, 0, -20))
    assert (rules.tenpai_payment, rules.honba_points, rules.north_share) == (2000, 200, "lost")
    assert resolve_rules(SPLIT).north_share == "split"
    out = scored(SANMA, [])
    assert out["final"]["scores"] == [35000, 35000, 35000]
    assert out["final"]["pool_to"] == out["final"]["chombo"] == [0, 0, 0]
    assert out["final"]["next"]["label"] == "E1"


def test_only_the_four_seat_presets_are_listed_for_a_four_seat_table() -> None:
    assert four_player_presets() == tuple(
        p for p in preset_ids() if get_preset(p).rules.players == 4
    )
    assert SANMA in preset_ids() and SPLIT in preset_ids()
    assert SANMA not in four_player_presets() and SPLIT not in four_player_presets()
    assert "tenhou" in four_player_presets()


# Worked hands ------------------------------------------------------------------------------
# Seat 0 deals the first hand; seat 1 is South and seat 2 West. There is no North seat.


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        # a win on a discard is paid as at four seats
        (ron(0, win(1, 5)), [-8000, 8000, 0]),  # non-dealer mangan
        (ron(2, win(0, 3, 30)), [5800, 0, -5800]),  # dealer 3 han 30 fu
        (ron(1, win(2, 1, 30)), [0, -1000, 1000]),
        # tsumo loss: each pays its four-player share; North's is not paid
        (tsumo(win(1, 5)), [-4000, 6000, -2000]),  # non-dealer mangan: 4,000 + 2,000
        (tsumo(win(0, 5)), [8000, -4000, -4000]),  # dealer mangan: 4,000 all
        (tsumo(win(2, 1, 30)), [-500, -300, 800]),  # 300 / 500
        (tsumo(win(0, 2, 40)), [2600, -1300, -1300]),  # 1,300 all
        # limits
        (tsumo(win(1, 6)), [-6000, 9000, -3000]),  # haneman
        (tsumo(win(2, 8)), [-8000, -4000, 12000]),  # baiman
        (tsumo(win(1, 11)), [-12000, 18000, -6000]),  # sanbaiman
        (tsumo(win(1, 13)), [-16000, 24000, -8000]),  # counted yakuman
        (tsumo(win(0, yakuman=1)), [32000, -16000, -16000]),  # dealer yakuman: 16,000 all
        (ron(2, win(1, yakuman=2)), [0, 64000, -64000]),  # double yakuman on a discard
    ],
)
def test_worked_hands_under_tsumo_loss(hand: dict[str, Any], expected: list[int]) -> None:
    assert deltas(SANMA, hand) == [expected]


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        (tsumo(win(1, 5)), [-5000, 8000, -3000]),  # non-dealer mangan: 8,000 as on a discard
        (tsumo(win(0, 5)), [12000, -6000, -6000]),  # dealer mangan: 6,000 all
        (tsumo(win(1, 1, 30)), [-600, 1000, -400]),  # 1,000 as the ron: 600 + 400
        (tsumo(win(2, 3, 30)), [-2400, -1500, 3900]),
        (tsumo(win(1, yakuman=1)), [-20000, 32000, -12000]),
        (ron(0, win(1, 5)), [-8000, 8000, 0]),  # a win on a discard is the same
    ],
)
def test_worked_hands_under_north_bisection(hand: dict[str, Any], expected: list[int]) -> None:
    assert deltas(SPLIT, hand) == [expected]


def test_riichi_sticks_go_to_the_winner_and_stay_after_a_draw() -> None:
    out = scored(SANMA, [draw(0, 2, riichi=[0, 2]), ron(0, win(1, 5), riichi=[1])])
    first, second = out["hands"]
    assert first["deltas"] == [1000 - 1000, -2000, 1000 - 1000]
    assert first["pool"] == 2000
    assert second["deltas"] == [-8000 - 200, 8000 + 200 - 1000 + 3000, 0]  # 1 counter, 3 sticks
    assert second["pool"] == 0


@pytest.mark.parametrize(
    ("ready", "expected"),
    [
        ((0,), [2000, -1000, -1000]),  # 1,000 from each to the one ready player
        ((1, 2), [-2000, 1000, 1000]),  # 2,000 from the one not ready, shared
        ((), [0, 0, 0]),
        ((0, 1, 2), [0, 0, 0]),
    ],
)
def test_ready_hand_payments_are_2000_in_all(ready: tuple[int, ...], expected: list[int]) -> None:
    assert deltas(SANMA, draw(*ready)) == [expected]


def test_a_ready_hand_payment_a_club_sets_is_shared_over_three_seats() -> None:
    rules = {"preset": SPLIT, "options": {"tenpai_payment": 3000}}
    assert deltas(rules, draw(2)) == [[-1500, -1500, 3000]]
    assert deltas(rules, draw(0, 2)) == [[1500, -3000, 1500]]


@pytest.mark.parametrize(
    ("spec", "hand", "expected"),
    [
        (SANMA, ron(2, win(1, 1, 30)), [0, 1000 + 400, -1000 - 400]),  # 200 per counter
        (SANMA, tsumo(win(1, 1, 30)), [-500 - 200, 800 + 400, -300 - 200]),  # 100 each
        (SANMA, tsumo(win(0, 5)), [8000 + 400, -4000 - 200, -4000 - 200]),
        (
            {"preset": SPLIT, "options": {"honba_points": 1000}},
            tsumo(win(1, 5)),
            [-5000 - 1000, 8000 + 2000, -3000 - 1000],  # 500 each per counter
        ),
    ],
)
def test_counters_at_two(spec: Any, hand: dict[str, Any], expected: list[int]) -> None:
    assert deltas(spec, hand, start={"honba": 2}) == [expected]


def library(han: int, fu: int, *, dealer: bool, self_drawn: bool, honba: int) -> Any:
    """What the `mahjong` library's three-player mode pays for this hand."""
    config = HandConfig(
        is_tsumo=self_drawn,
        player_wind=EAST if dealer else SOUTH,
        tsumi_number=honba,
        options=OptionalRules(is_three_player=True),
    )
    return ScoresCalculator.calculate_scores(han=han, fu=fu, config=config)


@pytest.mark.parametrize("han", range(1, 14))
@pytest.mark.parametrize("fu", [30, 40, 70, 110])
@pytest.mark.parametrize("dealer", [True, False])
@pytest.mark.parametrize("self_drawn", [True, False])
@pytest.mark.parametrize("honba", [0, 3])
def test_every_han_and_fu_pays_as_the_mahjong_library_three_player_mode(
    han: int, fu: int, dealer: bool, self_drawn: bool, honba: int
) -> None:
    seat = 0 if dealer else 1
    hand = tsumo(win(seat, han, fu)) if self_drawn else ron(2, win(seat, han, fu))
    [got] = deltas(SANMA, hand, start={"honba": honba})
    paid = library(han, fu, dealer=dealer, self_drawn=self_drawn, honba=honba)
    main = paid["main"] + paid["main_bonus"]
    other = paid["additional"] + paid["additional_bonus"]
    if not self_drawn:
        expected = [main, 0, -main] if dealer else [0, main, -main]
    elif dealer:
        expected = [main + other, -main, -other]
    else:  # the dealer pays the main share, the other non-dealer the additional one
        expected = [-main, main + other, -other]
    assert got == expected
    assert got[seat] == paid["total"]


def test_north_tiles_set_aside_are_dora_the_scorer_enters() -> None:
    assert deltas(SANMA, ron(0, win(1, 2, 30, north=1))) == [[-3900, 3900, 0]]  # 3 han 30 fu
    assert deltas(SANMA, tsumo(win(1, 3, 30, north=2))) == [[-4000, 6000, -2000]]  # 5 han
    # north dora are dora: a win needs its one han without them
    err = error(SANMA, [ron(0, win(1, 0, 30, north=1))])
    assert (err["code"], err["field"], err["hand"]) == ("below_minimum", "wins[0].han", 1)


def test_north_tiles_are_counted_with_the_yaku() -> None:
    hand = ron(0, {"seat": 1, "yaku": ["riichi"], "open": False, "fu": 40, "north": 2})
    out = scored(SANMA, [{**hand, "riichi": [1]}])
    assert out["hands"][0]["deltas"] == [-5200, 5200 - 1000 + 1000, 0]  # 3 han 40 fu


# The deal over three seats ------------------------------------------------------------------


def test_a_whole_east_south_game_deals_three_hands_a_round() -> None:
    hands = [
        ron(1, win(0, 1, 30)),  # E1: the dealer wins and keeps the deal
        ron(2, win(1, 1, 30)),  # E1-1: passes to seat 1
        draw(),  # E2: nobody ready, the deal passes, the counter stays
        tsumo(win(0, 1, 30)),  # E3-1: passes to seat 0 for South
        draw(0),  # S1: the dealer is ready and keeps it
        ron(0, win(2, 1, 30)),  # S1-1
        ron(0, win(2, 1, 30)),  # S2
        ron(0, win(1, 1, 30)),  # S3: nobody has 40,000, a West round follows
        ron(2, win(1, 5)),  # W1: seat 1 passes 40,000 and the game ends
    ]
    out = scored(SANMA, hands)
    labels = [h["label"] for h in out["hands"]]
    assert labels == ["E1", "E1-1", "E2", "E3-1", "S1", "S1-1", "S2", "S3", "W1"]
    assert [h["dealer"] for h in out["hands"]] == [0, 0, 1, 2, 0, 0, 1, 2, 0]
    # E3-1: seat 0 draws 1 han 30 fu off seat 2's deal, 500 + 100 from the dealer, 300 + 100
    assert out["hands"][3]["deltas"] == [1000, -400, -600]
    final = out["final"]
    assert final["over"] is True and final["next"] is None
    assert final["scores"] == [36300, 42300, 26400]
    # rounded half up: -4 and -14; first takes the rest (+3) with oka 15 and uma 20
    assert final["results"] == [-4.0, 38.0, -34.0]


def test_the_game_ends_after_south_3_when_somebody_has_40000() -> None:
    hands = [draw(), draw(), draw(), draw(), draw(), ron(2, win(1, 5))]
    out = scored(SANMA, hands)
    assert [h["label"] for h in out["hands"]] == ["E1", "E2-1", "E3-2", "S1-3", "S2-4", "S3-5"]
    assert out["final"]["scores"] == [35000, 35000 + 8000 + 1000, 35000 - 9000]
    assert out["final"]["over"] is True


def test_an_east_game_has_three_deals() -> None:
    rules = {"preset": SANMA, "options": {"length": "east", "goal_points": 0}}
    out = scored(rules, [ron(1, win(0, 1, 30)), ron(0, win(1, 1, 30)), draw(), draw()])
    assert [h["label"] for h in out["hands"]] == ["E1", "E1-1", "E2", "E3-1"]
    assert out["final"]["over"] is True


# Settlement --------------------------------------------------------------------------------


def test_settlement_with_oka_15000_and_uma_20_0_minus_20() -> None:
    hands = [draw(), draw(), draw(), draw(), draw(), draw()]  # to W1-6: nobody has 40,000
    out = scored(SANMA, [*hands, ron(2, win(1, 5))])
    final = out["final"]
    assert final["scores"] == [35000, 35000 + 8000 + 1200, 35000 - 9200]
    # 44,200: +4 (the odd hundreds go to first) + 20 + 15; 35,000: -5; 25,800: -14 - 20
    assert final["ranks"] == [2, 1, 3]
    assert final["results"] == [-5.0, 39.0, -34.0]
    assert final["unit"] == "points_1000"


def test_tied_players_are_placed_by_seat_order_or_share() -> None:
    start = {"scores": [40000, 40000, 25000]}
    seat_order = scored(SANMA, [], start=start, ended=True)["final"]
    assert seat_order["ranks"] == [1, 2, 3]
    assert seat_order["results"] == [35.0, 0.0, -35.0]
    shared = scored({"preset": SANMA, "options": {"ties": "share"}}, [], start=start, ended=True)
    assert shared["final"]["ranks"] == [1, 1, 3]
    assert shared["final"]["results"] == [17.5, 17.5, -35.0]


def test_the_sticks_left_on_the_table_go_to_first() -> None:
    start = {"scores": [44000, 34000, 26000], "pool": 1000}
    final = scored(SANMA, [], start=start, ended=True)["final"]
    assert final["pool_to"] == [1000, 0, 0]
    assert final["results"] == [5.0 + 35, -6.0, -14.0 - 20]


# The command line --------------------------------------------------------------------------


def test_the_command_line_scores_a_three_player_record(tmp_path: Any) -> None:
    path = tmp_path / "sanma.json"
    game = {"rules": SANMA, "players": ["Ai", "Bo", "Cy"], "hands": [tsumo(win(1, 5))]}
    path.write_text(json.dumps(game), encoding="utf-8")
    out = io.StringIO()
    assert main([str(path)], stdout=out) == 0
    answer = json.loads(out.getvalue())
    assert answer["hands"][0]["deltas"] == [-4000, 6000, -2000]
    assert answer["final"]["next"]["label"] == "E2"


# Refusals ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bad", "code", "field"),
    [
        (tsumo(win(3, 1, 30)), "bad_seat", "wins[0].seat"),
        (ron(3, win(1, 1, 30)), "bad_seat", "from"),
        (draw(0, 3), "bad_seat", "tenpai"),
        (draw(0, riichi=[3]), "bad_seat", "riichi"),
        ({"result": "draw", "nagashi": [3]}, "bad_seat", "nagashi"),
        (tsumo(win(1, yakuman=1, pao=3)), "bad_seat", "wins[0].pao"),
        (
            ron(0, win(1, 1, 30), penalties=[{"seat": 3, "points": 100}]),
            "bad_seat",
            "penalties[0].seat",
        ),
        (ron(0, win(1, 1, 30), win(2, 1, 30), win(3, 1, 30)), "bad_seat", "wins[2].seat"),
        ({"result": "abortive", "reason": "four_winds"}, "bad_reason", "reason"),
        (
            {"result": "abortive", "reason": "four_riichi", "riichi": [0, 1, 2]},
            "bad_reason",
            "reason",
        ),
        (tsumo(win(1, yakuman=1, north=1)), "bad_value", "wins[0].north"),
        (ron(0, win(1, 1, 30, north=5)), "bad_value", "wins[0].north"),
    ],
)
def test_a_fourth_seat_is_refused_naming_the_hand_and_field(
    bad: dict[str, Any], code: str, field: str
) -> None:
    err = error(SANMA, [ron(0, win(1, 1, 30)), bad])
    assert (err["code"], err["hand"], err["field"]) == (code, 2, field)
    assert err["message"].startswith("Hand 2: ")
    if code == "bad_seat":
        assert "from 0 to 2 (these rules seat three players)" in err["message"]


def test_four_players_under_a_three_player_preset_are_refused() -> None:
    err = error(SANMA, [], players=["Ai", "Bo", "Cy", "Di"])
    assert (err["code"], err["field"], err["hand"]) == ("bad_value", "players", None)
    assert "three names" in err["message"]
    err = error(SANMA, [], start={"scores": [35000, 35000, 35000, 0]})
    assert (err["code"], err["field"]) == ("bad_value", "start.scores")
    err = error(SANMA, [], start={"number": 4})
    assert (err["code"], err["field"]) == ("bad_value", "start.number")
    err = error(SANMA, [], start={"dealer": 3})
    assert (err["code"], err["field"]) == ("bad_seat", "start.dealer")


def test_three_names_under_a_four_player_preset_are_refused() -> None:
    err = error("tenhou", [], players=["Ai", "Bo", "Cy"])
    assert (err["code"], err["field"]) == ("bad_value", "players")
    assert err["message"] == "'players' must be four names, one per seat."


def test_north_tiles_at_a_four_player_table_are_refused() -> None:
    err = error("tenhou", [ron(0, win(1, 1, 30, north=1))])
    assert (err["code"], err["field"], err["hand"]) == ("no_north_dora", "wins[0].north", 1)
    without = {"preset": SANMA, "options": {"north_dora": False}}
    err = error(without, [ron(0, win(1, 1, 30, north=1))])
    assert (err["code"], err["field"]) == ("no_north_dora", "wins[0].north")


@pytest.mark.parametrize(
    ("spec", "field"),
    [
        ({"preset": "japanese-modern", "options": {"players": 3}}, "uma"),
        ({"preset": SANMA, "options": {"uma": [20, 10, -10, -20]}}, "uma"),
        ({"preset": SANMA, "options": {"honba_points": 301}}, "honba_points"),
        ({"preset": SANMA, "options": {"tenpai_payment": 1001}}, "tenpai_payment"),
        ({"preset": SANMA, "options": {"uma_floating": True}}, "uma_floating"),
        ({"preset": "tenhou", "options": {"north_dora": True}}, "north_dora"),
        # found by the property test: north tiles are dora, and these rules have none
        ({"preset": SANMA, "options": {"dora": False}}, "north_dora"),
        ({"preset": "tenhou", "options": {"tenpai_payment": 2000}}, "tenpai_payment"),
        ({"preset": "italian-official", "options": {"players": 3, "uma": [20, 0, -20]}}, "players"),
    ],
)
def test_rules_that_do_not_fit_the_seats_are_refused_naming_the_option(
    spec: Any, field: str
) -> None:
    with pytest.raises(RulesError) as e:
        resolve_rules(spec)
    assert e.value.field == field
    assert f"'{field}'" in str(e.value)


def test_a_club_may_play_three_seats_on_any_winner_only_preset() -> None:
    spec = {"preset": "japanese-modern", "options": {"players": 3, "uma": [15, 0, -15]}}
    assert deltas(spec, tsumo(win(1, 5))) == [[-4000, 6000, -2000]]
    assert deltas(spec, draw(0)) == [[3000, -1500, -1500]]  # the preset's 3,000 in all


# Properties over three seats ----------------------------------------------------------------

THREE_SEAT_OPTIONS = st.fixed_dictionaries(
    {
        "north_share": st.sampled_from(["lost", "split"]),
        "tenpai_payment": st.integers(0, 2000).map(lambda n: n * 2),
        "honba_points": st.integers(0, 1000).map(lambda n: n * 2),
        "north_dora": st.booleans(),
        "ties": st.sampled_from(["share", "seat_order"]),
    }
)


@PROPERTY_SETTINGS
@given(data=st.data())
def test_random_three_seat_games_keep_points_and_the_deal_order(data: st.DataObject) -> None:
    preset = data.draw(st.sampled_from([SANMA, SPLIT]))
    spec = {"preset": preset, "options": data.draw(THREE_SEAT_OPTIONS)}
    generated = data.draw(games(spec))
    check_game(generated)  # points kept, the next dealer and counters, the deal order, ranks
    record = generated.record
    start = record["start"]
    east = (start["dealer"] - start["number"] + 1) % 3
    total = sum(start["scores"]) + start["pool"]
    for out in generated.steps:
        assert len(out["deltas"]) == len(out["scores"]) == 3
        assert 1 <= out["number"] <= 3  # a round has three deals
        assert out["dealer"] == (east + out["number"] - 1) % 3
        assert sum(out["scores"]) + out["pool"] + out["forfeited"] == total
        total = sum(out["scores"]) + out["pool"]


TILES = {"seat": 1, "tiles": "999m123p456p789s55s", "win": "9s"}


def test_a_win_by_tiles_counts_the_three_player_dora_and_the_north_tiles() -> None:
    # 1m points at 9m in a set without 2m-8m: three dora; riichi, tsumo, 30 fu: a mangan
    hand = tsumo({**TILES, "dora_indicators": ["1m"]}, riichi=[1])
    assert deltas(SANMA, hand) == [[-4000, 6000, -2000]]
    assert deltas("tenhou", hand) == [[-1000, 2000, -500, -500]]  # 2m at four: no dora
    out = scored(SANMA, [tsumo({**TILES, "dora_indicators": ["1m"], "north": 1}, riichi=[1])])
    [breakdown] = out["hands"][0]["breakdowns"]
    assert (breakdown["han"], breakdown["dora"]) == (6, 4)  # shown as paid: a haneman
    assert out["hands"][0]["deltas"] == [-6000, 9000, -3000]


@pytest.mark.parametrize(
    ("value", "field"),
    [
        ({**TILES, "tiles": "234m123p456p789s55s"}, "wins[0].tiles"),
        ({**TILES, "dora_indicators": ["5m"]}, "wins[0].dora_indicators"),
    ],
)
def test_a_three_player_set_has_no_2m_to_8m(value: dict[str, Any], field: str) -> None:
    err = error(SANMA, [tsumo(value, riichi=[1])])
    assert (err["code"], err["field"], err["hand"]) == ("bad_tiles", field, 1)
    assert "no 2m to 8m" in err["message"]


def test_north_tiles_on_a_yakuman_or_a_score_are_refused() -> None:
    yakuman = ron(0, {"seat": 1, "yaku": ["daisangen"], "open": True, "north": 1})
    assert error(SANMA, [yakuman])["field"] == "wins[0].north"
    score = ron(0, win(1, score=2000, north=1))
    assert error(SANMA, [score])["field"] == "wins[0].north"
