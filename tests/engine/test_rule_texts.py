"""The rules as their texts state them (../shared/seeds/ and the leagues' published rules).

Every expected number here is worked out by hand from the text quoted beside it, not taken
from the engine's output. Seat 0 deals the first hand unless a start says otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import get_preset

from .helpers import deltas, draw, error, ron, scored, tsumo, win

MODERN = "japanese-modern"


def options(preset: str, **values: Any) -> dict[str, Any]:
    return {"preset": preset, "options": values}


# 1. Nagashi mangan is a self-drawn win -------------------------------------------------------
# "the situation is not handled as a draw, but rather as a situation where one of the players
# has gone out on a self-drawn hand. This means e.g., that there will be no payments for ready
# hands, the deal passes according to the normal rules" (Nagashi Mangan).


def test_a_nagashi_takes_the_pool_and_is_paid_the_counters_like_a_self_drawn_winner() -> None:
    rules = options(MODERN, nagashi_mangan_percent=100)
    hand = draw(0, 1, nagashi=[2], riichi=[3])
    out = scored(rules, [hand], start={"honba": 1, "pool": 1000})
    (result,) = out["hands"]
    # a mangan self-draw by a non-dealer: 4,000 from East, 2,000 from each other; one counter
    # of 300 is 100 from each player; the pool (1,000 before, 1,000 of seat 3's deposit) to
    # seat 2; no ready-hand payments although seats 0 and 1 are ready
    assert result["deltas"] == [-4100, -2100, 8000 + 300 + 2000, -2100 - 1000]
    assert result["pool"] == 0
    # a non-dealer's win passes the deal and resets the counters
    assert out["final"]["next"]["label"] == "E2"
    assert out["final"]["next"]["honba"] == 0


def test_a_dealer_nagashi_is_a_dealer_self_draw_and_keeps_the_deal_with_one_more_counter() -> None:
    rules = options(MODERN, nagashi_mangan_percent=100)
    out = scored(rules, [draw(nagashi=[0])], start={"honba": 1})
    # 4,000 from each player and 100 of the counter from each
    assert out["hands"][0]["deltas"] == [12300, -4100, -4100, -4100]
    assert out["final"]["next"]["label"] == "E1-2"


def test_tenhou_keeps_its_own_nagashi_paid_without_counters_and_leaving_the_pool() -> None:
    out = scored("tenhou", [draw(0, nagashi=[2])], start={"honba": 1, "pool": 1000})
    assert out["hands"][0]["deltas"] == [-4000, -2000, 8000, -2000]
    assert out["hands"][0]["pool"] == 1000
    assert out["final"]["next"]["label"] == "E1-2"  # the ready dealer keeps it, as on a draw


def test_m_league_and_jpml_pay_a_nagashi_as_a_win() -> None:
    for preset in ("m-league", "jpml-a"):
        out = scored(preset, [draw(nagashi=[1])], start={"pool": 2000})
        assert out["hands"][0]["deltas"] == [-4000, 8000 + 2000, -2000, -2000], preset


def test_a_nagashi_paid_as_a_win_cannot_pass_the_deal_as_a_draw() -> None:
    spec = options(MODERN, nagashi_mangan_percent=100, nagashi_flow="draw", nagashi_payment="win")
    err = error(spec, [])
    assert (err["code"], err["field"]) == ("bad_option", "nagashi_payment")


# 2. Riichi deposits on a multiple ron ----------------------------------------------------------
# "each player who has declared ready without winning the deal must pay a penalty of 1,000
# points to the winner of the deal" (Japanese Modern): a winner who declared pays nobody.


def double_ron_with_riichi(*declarers: int) -> dict[str, Any]:
    # East (seat 0) discards; seats 1 and 3 win 1 han 30 fu, 1,000 each; seat 1 is the first
    # winner in turn order after the discarder
    return ron(0, win(1, 1, 30), win(3, 1, 30), riichi=list(declarers))


@pytest.mark.parametrize("preset", ["japanese-modern", "nashi-nashi", "ema"])
def test_a_farther_winner_keeps_its_own_deposit(preset: str) -> None:
    out = scored(preset, [double_ron_with_riichi(1, 2, 3)], start={"pool": 1000})
    (result,) = out["hands"]
    # seat 1: 1,000 won, its deposit out, the pool in (1,000 before, its own and seat 2's);
    # seat 3: 1,000 won, its deposit out and back; seat 2 loses its deposit
    assert result["deltas"] == [-2000, 1000 - 1000 + 3000, -1000, 1000]
    assert result["pool"] == 0


def test_tenhou_gives_every_deposit_to_the_first_winner() -> None:
    out = scored("tenhou", [double_ron_with_riichi(1, 3)], start={"pool": 1000})
    (result,) = out["hands"]
    assert result["deltas"] == [-2000, 1000 - 1000 + 3000, 0, 1000 - 1000]
    assert result["pool"] == 0


# 3. Japanese Classical pays the counters to the dealer only ----------------------------------
# Japanese Modern differs from the classical rules in that "any winner (not just the dealer)
# is paid for dealer's extra hands".

CLASSICAL_COUNTERS = options("japanese-classical", honba_points=30)


def test_a_classical_non_dealer_winner_is_not_paid_the_counters() -> None:
    # 200 on seat 1's discard: 4 x 200 = 800, and nothing for the 2 counters
    assert deltas(CLASSICAL_COUNTERS, ron(1, win(3, score=200)), start={"honba": 2}) == [
        [0, -800, 0, 800]
    ]


def test_a_classical_dealer_winner_is_paid_the_counters() -> None:
    # 6 x 200 = 1,200 from the discarder and 2 counters of 30
    assert deltas(CLASSICAL_COUNTERS, ron(1, win(0, score=200)), start={"honba": 2}) == [
        [1260, -1260, 0, 0]
    ]
    # self-drawn: 400 from each player and a third of 2 x 30 from each
    assert deltas(CLASSICAL_COUNTERS, tsumo(win(0, score=200)), start={"honba": 2}) == [
        [1260, -420, -420, -420]
    ]


def test_a_modern_non_dealer_winner_is_paid_the_counters() -> None:
    assert deltas(MODERN, ron(1, win(3, 1, 30)), start={"honba": 2}) == [[0, -1600, 0, 1600]]


# 4. M-League as its official rules state them -------------------------------------------------


def test_m_league_pays_13_han_as_a_sanbaiman_not_a_yakuman() -> None:
    # three times the 2,000 limit, four times over from the discarder
    assert deltas("m-league", ron(1, win(2, 13))) == [[0, -24000, 24000, 0]]


@pytest.mark.parametrize(("han", "fu"), [(4, 30), (3, 60)])
def test_m_league_and_wrc_round_4_han_30_fu_and_3_han_60_fu_up_to_a_mangan(
    han: int, fu: int
) -> None:
    for preset in ("m-league", "wrc"):
        assert deltas(preset, ron(1, win(2, han, fu))) == [[0, -8000, 8000, 0]], preset
        assert deltas(preset, ron(1, win(0, han, fu))) == [[12000, -12000, 0, 0]], preset
        assert deltas(preset, tsumo(win(2, han, fu))) == [[-4000, -2000, 8000, -2000]], preset


def test_m_league_lets_a_player_under_1000_declare_and_go_below_zero() -> None:
    start = {"scores": [25000, 25000, 25000, 500]}
    out = scored("m-league", [draw(0, riichi=[3]), draw(0)], start=start)
    # seat 3's deposit takes it to -500, and it pays its share of the ready payment: 1,000
    assert out["hands"][0]["scores"] == [28000, 24000, 24000, -1500]
    assert out["final"]["over"] is False  # no bust


def test_m_league_plays_on_when_the_dealer_wins_the_last_hand_in_the_lead() -> None:
    start = {"round": "S", "number": 4, "dealer": 3, "scores": [20000, 20000, 20000, 40000]}
    out = scored("m-league", [tsumo(win(3, 1, 30))], start=start)
    # 500 from each player; no agari-yame, so South 4 is dealt again with a counter
    assert out["hands"][0]["deltas"] == [-500, -500, -500, 1500]
    assert out["final"]["over"] is False
    assert out["final"]["next"]["label"] == "S4-1"


def test_m_league_has_head_bump_and_no_abortive_draws() -> None:
    err = error("m-league", [ron(0, win(1, 1, 30), win(2, 1, 30))])
    assert (err["code"], err["field"]) == ("too_many_winners", "wins")
    err = error("m-league", [{"result": "abortive", "reason": "four_winds"}])
    assert err["code"] == "no_abortive_draws"


# 6. Italian included doubles --------------------------------------------------------------------
# "Four identical Chows (4 dbl; 1 for Chow hand included)", "All Terminals and Honors (4 dbl,
# includes 3 dbl for Four triplets of Terminals and Honors, which includes 2 dbl for Pung
# hand)", "Four concealed triplets (3 dbl; 2 for Pung hand included)".

LOSERS_OF_NOTHING = [{"seat": s, "score": 0} for s in (0, 2, 3)]


def italian_win(parts: dict[str, Any], rules: Any = "italian-official") -> dict[str, Any]:
    hand = tsumo({"seat": 1, "parts": {"win": True, **parts}}, losers=LOSERS_OF_NOTHING)
    result: dict[str, Any] = scored(rules, [hand])["hands"][0]
    return result


def test_four_identical_chows_with_the_chow_hand_are_4_doubles_not_5() -> None:
    result = italian_win({"patterns": ["four_identical_chows", "chow_hand"]})
    (breakdown,) = result["breakdowns"]
    assert (breakdown["points"], breakdown["doubles"]) == (20, 4)
    assert breakdown["items"][1:] == [
        {"part": "four identical chows (chow hand included)", "points": 0, "doubles": 4},
        {"part": "chow hand (included in four identical chows)", "points": 0, "doubles": 0},
    ]
    # 20 x 2^4 = 320, paid by each loser, East double
    assert result["deltas"] == [-640, 1280, -320, -320]


def test_all_terminals_and_honours_with_its_included_patterns_are_4_doubles_not_9() -> None:
    pungs = [{"set": "pung", "tiles": "terminals"}] * 4  # four exposed pungs: 4 points each
    patterns = ["all_terminals_and_honours", "four_terminal_honour_pungs", "pung_hand"]
    result = italian_win({"sets": pungs, "patterns": patterns})
    (breakdown,) = result["breakdowns"]
    assert (breakdown["points"], breakdown["doubles"]) == (36, 4)
    assert [item["doubles"] for item in breakdown["items"][-3:]] == [4, 0, 0]
    assert breakdown["items"][-1]["part"] == "pung hand (included in all terminals and honours)"
    # 36 x 16 = 576, rounded off to 580
    assert result["deltas"] == [-1160, 2320, -580, -580]


def test_four_concealed_triplets_with_the_pung_hand_are_3_doubles() -> None:
    for patterns in (["four_concealed_pungs", "pung_hand"], ["four_concealed_pungs"]):
        (breakdown,) = italian_win({"patterns": patterns})["breakdowns"]
        assert breakdown["doubles"] == 3, patterns


# 7. Exact all-pay ---------------------------------------------------------------------------------


def test_exact_rounding_pays_the_scores_as_they_are() -> None:
    exact = options("italian-official", rounding="exact")
    hand = tsumo(
        {"seat": 1, "points": 42, "doubles": 3},  # 336
        losers=[
            {"seat": 0, "points": 12, "doubles": 0},
            {"seat": 2, "score": 0},
            {"seat": 3, "score": 0},
        ],
    )
    # each loser pays 336 (East 672); East's 12 is paid by seats 2 and 3, doubled: 24 each
    assert deltas(exact, hand) == [[-672 + 48, 1344, -336 - 24, -336 - 24]]
    # the same hand rounded off to ten: 340 and 10
    assert deltas("italian-official", hand) == [[-680 + 40, 1360, -340 - 20, -340 - 20]]


# 8. JPML A rules ----------------------------------------------------------------------------------
# 30,000 start and return, no oka; uma by players above the return: one +12/-1/-3/-8, two
# +8/+4/-4/-8, three +8/+3/+1/-12. Results are in points of 1,000: (final - 30,000) / 1,000 + uma.


def jpml_results(scores: list[int], pool: int = 0) -> list[float]:
    out = scored("jpml-a", [], start={"scores": scores, "pool": pool}, ended=True)
    results: list[float] = out["final"]["results"]
    return results


@pytest.mark.parametrize(
    ("scores", "results"),
    [
        ([45000, 29000, 26000, 20000], [15 + 12, -1 - 1, -4 - 3, -10 - 8]),
        ([40000, 35000, 25000, 20000], [10 + 8, 5 + 4, -5 - 4, -10 - 8]),
        ([35000, 32000, 31000, 22000], [5 + 8, 2 + 3, 1 + 1, -8 - 12]),
        ([40000, 30000, 26000, 24000], [10 + 12, 0 - 1, -4 - 3, -6 - 8]),  # 30,000 is not above
    ],
)
def test_jpml_uma_follows_how_many_finish_above_the_return(
    scores: list[int], results: list[int]
) -> None:
    assert jpml_results(scores) == results


def test_jpml_ties_share_the_uma_of_their_places() -> None:
    # one above; second and third share -1 and -3: -2 each
    assert jpml_results([40000, 30000, 30000, 20000]) == [22, -2, -2, -18]


def test_jpml_leaves_the_sticks_on_the_table_to_nobody() -> None:
    start = {"scores": [45000, 29000, 26000, 19000], "pool": 1000}
    out = scored("jpml-a", [], start=start, ended=True)
    assert out["final"]["pool_to"] == [0, 0, 0, 0]
    assert out["final"]["results"] == [27, -2, -7, -19]


def test_jpml_states_its_choices_in_its_description() -> None:
    description = " ".join(get_preset("jpml-a").description.split())
    for words in ("no oka", "+12/-1/-3/-8", "head bump", "no abortive draws", "no bust"):
        assert words in description


# Arushiiaru: "All rules of modern riichi mahjong apply", and the changes list no chombo ---------


def test_an_arushiiaru_chombo_pays_the_limit_to_each_player_east_double() -> None:
    # the limit is 500 (a mangan of 2,000 / 3,000): a non-dealer pays 1,000 to East, 500 to
    # each other
    out = scored("arushiiaru", [{"result": "chombo", "offender": 1}])
    assert out["hands"][0]["deltas"] == [1000, -2000, 500, 500]
    assert out["final"]["next"]["label"] == "E1"
    # East pays 1,000 to each, and the deal passes
    out = scored("arushiiaru", [{"result": "chombo", "offender": 0}])
    assert out["hands"][0]["deltas"] == [-3000, 1000, 1000, 1000]
    assert out["final"]["next"]["label"] == "E2"
