"""tenhou.net/6 logs: read as game records (checked against the log's own payments) and written.

The hand-written logs below are built as Tenhou writes them: a round's deltas are its payments
without the round's riichi deposits, which show in the next round's start (1,000 less, one
stick more). Every corpus game is written as a log and read back.
"""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path
from typing import Any

import pytest

from engine import score_record
from engine.tenhou6 import Tenhou6Error, log_names, record_from_tenhou6, tenhou6_from_record
from tests.engine.corpus import CorpusGame, required_corpus
from tests.engine.helpers import run_cli

REPO = Path(__file__).resolve().parents[2]
NAMES = ["Aiko", "Bruno", "Chiara", "Daiki"]


def rnd(
    kyoku: int,
    honba: int,
    sticks: int,
    scores: list[int],
    result: list[Any],
    discards: dict[int, list[Any]] | None = None,
) -> list[Any]:
    """One round of a log; ``discards`` by seat (the other tiles are left out)."""
    entry: list[Any] = [[kyoku, honba, sticks], scores, [], []]
    for seat in range(4):
        entry.extend([[], [], (discards or {}).get(seat, [])])
    entry.append(result)
    return entry


def log_of(*rounds: list[Any], **extra: Any) -> dict[str, Any]:
    return {"name": NAMES, "rule": {"disp": "般南喰赤", "aka": 1}, "log": list(rounds), **extra}


START = [25000, 25000, 25000, 25000]


# Riichi: a declaration won off puts no stick down ----------------------------------------------


def test_a_riichi_declared_on_the_discard_that_is_won_off_puts_no_stick_down() -> None:
    won_off = rnd(
        0,
        0,
        0,
        START,
        ["和了", [0, -3900, 3900, 0], [2, 1, 2, "30符3飜3900点", "役牌 中(1飜)", "ドラ(2飜)"]],
        discards={1: [11, 45, "r23"]},
    )
    after = rnd(1, 0, 0, [25000, 21100, 28900, 25000], ["全員不聴"])
    record = record_from_tenhou6(log_of(won_off, after))
    assert record["hands"][0] == {
        "result": "ron",
        "riichi": [],
        "from": 1,
        "wins": [{"seat": 2, "han": 3, "fu": 30}],
    }
    # As the last round there is no next round to show it: the discards tell.
    alone = record_from_tenhou6(log_of(won_off))
    assert alone["hands"][0]["riichi"] == []


def test_a_riichi_that_deals_in_later_has_put_its_stick_down() -> None:
    later = rnd(
        0,
        0,
        0,
        START,
        ["和了", [0, -3900, 4900, 0], [2, 1, 2, "30符3飜3900点"]],
        discards={1: [11, "r45", 23]},
    )
    after = rnd(1, 0, 0, [25000, 20100, 29900, 25000], ["全員不聴"])
    for log in (log_of(later, after), log_of(later)):
        record = record_from_tenhou6(log)
        assert record["hands"][0]["riichi"] == [1]
        assert score_record(record)["hands"][0]["deltas"] == [0, -4900, 4900, 0]


def test_a_riichi_stick_that_is_missing_from_the_next_start_is_refused() -> None:
    later = rnd(
        0,
        0,
        0,
        START,
        ["和了", [0, -3900, 4900, 0], [2, 1, 2, "30符3飜3900点"]],
        discards={1: [11, "r45", 23]},
    )
    after = rnd(1, 0, 0, [25000, 21100, 29900, 25000], ["全員不聴"])
    with pytest.raises(Tenhou6Error) as e:
        record_from_tenhou6(log_of(later, after))
    assert e.value.code == "tenhou6_mismatch"
    assert e.value.hand == 1
    assert "E1 (round 1 of the log)" in str(e.value)


def test_a_log_with_its_tiles_calls_and_kongs() -> None:
    # South 2 (seat 1 deals); seat 3 declares on 7m, calls a concealed kong and draws the win.
    played = [
        [[5, 0, 0], [29300, 2700, 48500, 19500], [32, 11], [43, 38]],
        [[11, 12, 12, 12, 14, 15, 18, 24, 52, 33, 35, 36, 43], [45, 24, 32], [43, 18, 11]],
        [[14, 17, 17, 23, 34, 34, 34, 41, 42, 43, 46, 46, 47], ["c141516", 27, 25], [43, 42, 60]],
        [[11, 18, 19, 22, 24, 28, 28, 37, 39, 39, 41, 42, 43], [21, 41, "3939p39"], [43, 42, 11]],
        [[13, 13, 16, 17, 24, 31, 31, 32, 33, 35, 53, 39, 39], [22, 16, 16, 16], [31, "r17", 60]],
    ]
    entry = [*played[0], *(part for seat in played[1:] for part in seat)]
    entry[15].append("161616a16")
    entry.append(
        [
            "和了",
            [-2000, -4000, -2000, 9000],
            [
                3,
                3,
                3,
                "満貫2000-4000点",
                "立直(1飜)",
                "嶺上開花(1飜)",
                "門前清自摸和(1飜)",
                "ドラ(1飜)",
                "赤ドラ(1飜)",
            ],
        ]
    )
    record = record_from_tenhou6(log_of(entry))
    assert record["start"]["round"] == "S"
    assert record["start"]["dealer"] == 1
    assert record["hands"] == [{"result": "tsumo", "riichi": [3], "wins": [{"seat": 3, "han": 5}]}]
    assert score_record(record)["hands"][0]["deltas"] == [-2000, -4000, -2000, 8000]


# Wins -----------------------------------------------------------------------------------------


def test_a_double_ron_gives_the_counters_and_the_pool_to_the_first_winner() -> None:
    double = rnd(
        0,
        1,
        1,
        [25000, 24000, 25000, 25000],
        [
            "和了",
            [-2300, 3300, 0, 0],
            [1, 0, 1, "30符2飜2000点"],
            [-1000, 0, 0, 1000],
            [3, 0, 3, "30符1飜1000点"],
        ],
    )
    after = rnd(1, 0, 0, [21700, 27300, 25000, 26000], ["全員不聴"])
    record = record_from_tenhou6(log_of(double, after))
    assert record["start"] == {
        "scores": [25000, 24000, 25000, 25000],
        "round": "E",
        "number": 1,
        "dealer": 0,
        "honba": 1,
        "pool": 1000,
    }
    assert record["hands"][0] == {
        "result": "ron",
        "riichi": [],
        "from": 0,
        "wins": [{"seat": 1, "han": 2, "fu": 30}, {"seat": 3, "han": 1, "fu": 30}],
    }
    assert score_record(record)["hands"][0]["deltas"] == [-3300, 3300, 0, 1000]


@pytest.mark.parametrize(
    ("text", "value", "yaku", "win"),
    [
        ("満貫8000点", 8000, ["立直(1飜)", "平和(1飜)", "ドラ(2飜)"], {"han": 4, "fu": 40}),
        ("跳満12000点", 12000, ["混一色(3飜)", "役牌 白(1飜)", "ドラ(2飜)"], {"han": 6}),
        ("役満32000点", 32000, ["国士無双(役満)"], {"yakuman": 1}),
        ("役満64000点", 64000, ["大三元(役満)", "字一色(役満)"], {"yakuman": 2}),
        ("40符3飜5200点", 5200, ["役牌 中(1飜)", "ドラ(2飜)"], {"han": 3, "fu": 40}),
    ],
)
def test_a_win_takes_its_han_and_fu_from_the_points_or_its_yaku(
    text: str, value: int, yaku: list[str], win: dict[str, Any]
) -> None:
    log = log_of(rnd(0, 0, 0, START, ["和了", [0, 0, value, -value], [2, 3, 2, text, *yaku]]))
    record = record_from_tenhou6(log)
    assert record["hands"][0]["wins"] == [{"seat": 2, **win}]


def test_a_dealer_tsumo_and_a_liable_yakuman() -> None:
    tsumo = rnd(0, 0, 0, START, ["和了", [6000, -2000, -2000, -2000], [0, 0, 0, "30符3飜2000点∀"]])
    pao = rnd(
        0,
        1,
        0,
        [31000, 23000, 23000, 23000],
        ["和了", [0, 0, 32300, -32300], [2, 2, 3, "役満8000-16000点", "大三元(役満)"]],
    )
    final = [310, -4.0, 230, -17.0, 553, 75.3, -93, -54.3]
    record = record_from_tenhou6(log_of(tsumo, pao, sc=final))
    assert record["hands"][1]["wins"] == [{"seat": 2, "yakuman": 1, "pao": 3}]
    result = score_record(record)
    assert [h["deltas"] for h in result["hands"]] == [
        [6000, -2000, -2000, -2000],
        [0, 0, 32300, -32300],
    ]
    assert result["final"]["over"]  # a seat below zero ends a Tenhou game


# Draws ----------------------------------------------------------------------------------------


def test_draws_read_the_ready_seats_from_the_payments_and_the_names() -> None:
    rounds = [
        rnd(0, 0, 0, START, ["流局", [1500, -1500, 1500, -1500]], discards={2: ["r45"]}),
        rnd(0, 1, 1, [26500, 23500, 25500, 23500], ["全員聴牌"]),
        rnd(0, 2, 1, [26500, 23500, 25500, 23500], ["流局", [-1000, 3000, -1000, -1000]]),
        rnd(1, 3, 1, [25500, 26500, 24500, 22500], ["全員不聴"]),
        rnd(2, 4, 1, [25500, 26500, 24500, 22500], ["流局", [-1000, -1000, -1000, 3000]]),
    ]
    record = record_from_tenhou6(log_of(*rounds))
    assert [(h["riichi"], h["tenpai"]) for h in record["hands"]] == [
        ([2], [0, 2]),
        ([], [0, 1, 2, 3]),
        ([], [1]),
        ([], []),
        ([], [3]),
    ]
    final = score_record(record)["final"]
    assert final["scores"] == [24500, 25500, 23500, 25500]
    assert final["pool"] == 1000


def test_abortive_draws_by_their_names() -> None:
    rounds = [
        rnd(0, 0, 0, START, ["九種九牌"]),
        rnd(0, 1, 0, START, ["四家立直"], discards={s: ["r11"] for s in range(4)}),
        rnd(0, 2, 4, [24000] * 4, ["四風連打"]),
        rnd(0, 3, 4, [24000] * 4, ["四槓散了"]),
        rnd(0, 4, 4, [24000] * 4, ["三家和了"]),
        rnd(0, 5, 4, [24000] * 4, ["全員不聴"]),
    ]
    record = record_from_tenhou6(log_of(*rounds))
    assert [h.get("reason") for h in record["hands"]] == [
        "nine_terminals",
        "four_riichi",
        "four_winds",
        "four_kongs",
        "triple_ron",
        None,
    ]
    assert record["hands"][1]["riichi"] == [0, 1, 2, 3]


def test_a_nagashi_mangan() -> None:
    nagashi = rnd(0, 0, 0, START, ["流し満貫", [-4000, 8000, -2000, -2000]])
    after = rnd(1, 1, 0, [21000, 33000, 23000, 23000], ["全員不聴"])
    record = record_from_tenhou6(log_of(nagashi, after))
    assert record["hands"][0] == {"result": "draw", "riichi": [], "tenpai": [], "nagashi": [1]}


# Refusals -------------------------------------------------------------------------------------


def test_a_wrong_payment_is_refused_naming_the_hand_and_what_differs() -> None:
    rounds = [
        rnd(0, 0, 0, START, ["和了", [0, -3900, 3900, 0], [2, 1, 2, "30符3飜3900点"]]),
        rnd(
            1,
            0,
            0,
            [25000, 21100, 28900, 25000],
            ["和了", [-8000, 0, 8300, -300], [2, 0, 2, "満貫8000点", "ドラ(5飜)"]],
        ),
    ]
    with pytest.raises(Tenhou6Error) as e:
        record_from_tenhou6(log_of(*rounds))
    assert e.value.code == "tenhou6_mismatch"
    assert e.value.hand == 2
    assert str(e.value) == (
        "Hand 2: E2 (round 2 of the log): the score changes (riichi deposits included) are "
        "[-8000, 0, 8300, -300] in the log but [-8000, 0, 8000, 0] by the rules."
    )


def test_points_that_go_missing_between_two_rounds_are_refused() -> None:
    rounds = [
        rnd(0, 0, 0, START, ["和了", [0, -3900, 3900, 0], [2, 1, 2, "30符3飜3900点"]]),
        rnd(1, 0, 0, [25000, 21100, 28600, 25000], ["全員不聴"]),
    ]
    with pytest.raises(Tenhou6Error) as e:
        record_from_tenhou6(log_of(*rounds))
    assert e.value.hand == 1
    assert "seat 2 starts with 25000, is paid 3900, and starts the next round with 28600" in str(
        e.value
    )
    assert "300 went missing, which is not a riichi deposit of 1000" in str(e.value)


def test_a_round_that_starts_elsewhere_than_the_rules_say_is_refused() -> None:
    rounds = [
        rnd(0, 0, 0, START, ["和了", [0, -3900, 3900, 0], [2, 1, 2, "30符3飜3900点"]]),
        rnd(0, 1, 0, [25000, 21100, 28900, 25000], ["全員不聴"]),  # the deal passed to seat 1
    ]
    with pytest.raises(Tenhou6Error) as e:
        record_from_tenhou6(log_of(*rounds))
    assert e.value.hand == 2
    assert "E1-1 (round 2 of the log): the engine plays it as E2 dealt by seat 1" in str(e.value)


SANMA_NAMES = ["Aiko", "Bruno", "Chiara", ""]


def sanma_log(*rounds: list[Any], disp: str = "三般南喰赤") -> dict[str, Any]:
    return {"name": SANMA_NAMES, "rule": {"disp": disp, "aka": 1}, "log": list(rounds)}


SANMA_ROUNDS = [
    # Bruno's riichi and mangan self-draw: tsumo loss, the two others pay 4,000 + 2,000 (his
    # own stick back to him: +7,000 in the log, his deposit shows in the next start).
    rnd(
        0,
        0,
        0,
        [35000, 35000, 35000, 0],
        ["和了", [-4000, 7000, -2000, 0], [1, 1, 1, "満貫2000-4000点", "立直(1飜)", "ドラ(4飜)"]],
        {1: ["r60"]},
    ),
    # Bruno alone ready: 1,000 from each of the two others (2,000 in all).
    rnd(1, 0, 0, [31000, 41000, 33000, 0], ["流局", [-1000, 2000, -1000, 0]]),
    # The dealer kept the deal; Chiara wins off him with one counter of 200.
    rnd(
        1, 1, 0, [30000, 43000, 32000, 0], ["和了", [0, -4100, 4100, 0], [2, 1, 2, "30符3飜3900点"]]
    ),
]


def test_a_three_player_log_keeps_four_slots_and_reads_as_a_three_player_game() -> None:
    record = record_from_tenhou6(sanma_log(*SANMA_ROUNDS))
    assert record == {
        "rules": "tenhou-sanma",
        "players": ["Aiko", "Bruno", "Chiara"],
        "start": {
            "scores": [35000, 35000, 35000],
            "round": "E",
            "number": 1,
            "dealer": 0,
            "honba": 0,
            "pool": 0,
        },
        "hands": [
            {"result": "tsumo", "riichi": [1], "wins": [{"seat": 1, "han": 5}]},
            {"result": "draw", "riichi": [], "tenpai": [1]},
            {"result": "ron", "riichi": [], "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 30}]},
        ],
    }
    assert [h["deltas"] for h in score_record(record)["hands"]] == [
        [-4000, 6000, -2000],
        [-1000, 2000, -1000],
        [0, -4100, 4100],
    ]


def test_a_three_player_log_is_known_by_its_empty_north_without_its_rule_text() -> None:
    log = dict(sanma_log(*SANMA_ROUNDS), rule={"disp": "", "aka": 0})
    assert record_from_tenhou6(log)["rules"] == "tenhou-sanma"
    east = sanma_log(*SANMA_ROUNDS, disp="三般東喰赤")
    assert record_from_tenhou6(east)["rules"] == {
        "preset": "tenhou-sanma",
        "options": {"length": "east"},
    }


def test_a_three_player_log_paid_as_at_four_is_refused_naming_the_hand() -> None:
    rounds = [list(r) for r in SANMA_ROUNDS]
    # 3,900 + 300: a four-player table's counter, not Tenhou three-player's 200.
    rounds[2] = rnd(
        1, 1, 0, [30000, 43000, 32000, 0], ["和了", [0, -4200, 4200, 0], [2, 1, 2, "30符3飜3900点"]]
    )
    with pytest.raises(Tenhou6Error) as e:
        record_from_tenhou6(sanma_log(*rounds))
    assert e.value.code == "tenhou6_mismatch"
    assert e.value.hand == 3
    assert str(e.value).startswith("Hand 3: E2-1 (round 3 of the log)")
    assert "[0, -4200, 4200] in the log but [0, -4100, 4100] by the rules" in str(e.value)
    assert (e.value.label, e.value.log_deltas, e.value.rule_deltas) == (
        "E2-1",
        [0, -4200, 4200],
        [0, -4100, 4100],
    )


def test_a_three_player_log_whose_north_seat_is_paid_is_refused() -> None:
    rounds = [rnd(0, 0, 0, [35000, 35000, 35000, 0], ["流局", [-1000, 2000, -2000, 1000]])]
    with pytest.raises(Tenhou6Error) as e:
        record_from_tenhou6(sanma_log(*rounds))
    assert e.value.code == "bad_tenhou6"
    assert "gives the empty north seat points, payments or tiles" in str(e.value)


def test_a_log_read_under_rules_for_another_table_size_is_refused() -> None:
    with pytest.raises(Tenhou6Error) as e:
        record_from_tenhou6(sanma_log(*SANMA_ROUNDS), rules="tenhou")
    assert e.value.code == "tenhou6_seats"
    assert "this is a three-player log" in str(e.value)
    assert "these rules seat 4 players" in str(e.value)
    four = log_of(rnd(0, 0, 0, START, ["全員不聴"]))
    with pytest.raises(Tenhou6Error) as e:
        record_from_tenhou6(four, rules="tenhou-sanma")
    assert e.value.code == "tenhou6_seats"


def test_a_log_is_read_under_the_rules_given() -> None:
    # A 3,900 ron with a counter: 300 under Tenhou's rules, 1,500 under rules of 1,500 a counter.
    rounds = [
        rnd(0, 1, 0, START, ["和了", [0, -5400, 5400, 0], [2, 1, 2, "30符3飜3900点"]]),
    ]
    spec = {"preset": "tenhou", "options": {"honba_points": 1500}}
    assert record_from_tenhou6(log_of(*rounds), rules=spec)["rules"] == spec
    with pytest.raises(Tenhou6Error) as e:
        record_from_tenhou6(log_of(*rounds))
    assert e.value.code == "tenhou6_mismatch"


def test_the_names_of_a_log_one_per_seat_of_its_game() -> None:
    assert log_names(sanma_log(*SANMA_ROUNDS)) == ["Aiko", "Bruno", "Chiara"]
    assert log_names(log_of(rnd(0, 0, 0, START, ["全員不聴"]))) == NAMES
    assert log_names({"log": [rnd(0, 0, 0, START, ["全員不聴"])]}) == ["", "", "", ""]


@pytest.mark.parametrize(
    ("log", "says"),
    [
        ([], "must be an object"),
        ({"log": []}, "needs 'log'"),
        ({"log": [[1, 2]]}, "round 1 of the log must be a list of 17"),
        ({"log": [rnd(0, 0, 0, [25000] * 3, ["全員不聴"])]}, "four numbers"),
        ({"log": [rnd(0, 0, 0, START, ["和了", [0, 0, 0, 0], [2, 1]])]}, "a win's detail"),
        ({"log": [rnd(0, 0, 0, START, ["和了", [0, 0, 0, 0], [2, 1, 2, "lots"]])]}, "points"),
        ({"log": [rnd(0, 0, 0, START, ["引き分け"])]}, "not one a tenhou.net/6 log has"),
        ({"log": [rnd(0, 0, 0, START, ["流局", [1500, -1500]])]}, "score changes must be four"),
        ({"log": [rnd(0, 0, 0, START, ["和了", [0] * 4, [7, 1, 2, "30符1飜1000点"]])]}, "seat"),
    ],
)
def test_a_malformed_log_is_refused_saying_what_is_wrong(log: Any, says: str) -> None:
    with pytest.raises(Tenhou6Error) as e:
        record_from_tenhou6(log)
    assert says in str(e.value)


# Writing logs ---------------------------------------------------------------------------------


def test_a_record_is_written_as_a_log_viewers_open() -> None:
    record = {
        "rules": "tenhou",
        "players": NAMES,
        "hands": [
            {
                "result": "ron",
                "from": 1,
                "riichi": [1, 3],
                "wins": [{"seat": 2, "han": 3, "fu": 30}],
            },
            {"result": "draw", "tenpai": [0, 2]},
        ],
    }
    log = tenhou6_from_record(record)
    assert log == {
        "title": ["Tenbou", ""],
        "name": NAMES,
        "rule": {"disp": "般南喰赤", "aka": 1},
        "log": [
            [
                [0, 0, 0],
                START,
                [],
                [],
                [],
                [],
                [],
                [],
                [],
                ["r60", 60],
                [],
                [],
                [],
                [],
                [],
                ["r60"],
                ["和了", [0, -3900, 5900, 0], [2, 1, 2, "30符3飜3900点"]],
            ],
            [
                [1, 0, 0],
                [25000, 20100, 30900, 24000],
                [],
                [],
                [],
                [],
                [],
                [],
                [],
                [],
                [],
                [],
                [],
                [],
                [],
                [],
                ["流局", [1500, -1500, 1500, -1500]],
            ],
        ],
    }
    assert record_from_tenhou6(log) == {
        "rules": "tenhou",
        "players": NAMES,
        "start": {"scores": START, "round": "E", "number": 1, "dealer": 0, "honba": 0, "pool": 0},
        "hands": [
            {
                "result": "ron",
                "riichi": [1, 3],
                "from": 1,
                "wins": [{"seat": 2, "han": 3, "fu": 30}],
            },
            {"result": "draw", "riichi": [], "tenpai": [0, 2]},
        ],
    }


def test_a_game_under_other_rules_reads_back_under_them() -> None:
    record = {
        "rules": {"preset": "japanese-modern", "options": {"tenpai_payment": 3000}},
        "hands": [
            {"result": "tsumo", "riichi": [0], "wins": [{"seat": 0, "han": 4, "fu": 30}]},
            {"result": "ron", "from": 2, "wins": [{"seat": 3, "yakuman": 1}]},
        ],
    }
    log = tenhou6_from_record(record)
    assert log["rule"]["tenbou"] == record["rules"]
    assert log["log"][0][16][2][3] == "30符4飜3900点∀"
    back = record_from_tenhou6(log)
    assert back["rules"] == record["rules"]
    assert score_record(back)["hands"] == score_record(record)["hands"]


@pytest.mark.parametrize(
    ("record", "says"),
    [
        ({"rules": "italian-official", "hands": []}, "scored by han and fu"),
        ({"rules": "tenhou-sanma", "hands": []}, "written for four-player games"),
        ({"rules": "tenhou", "start": {"dealer": 2}, "hands": []}, "seats the first dealer"),
        (
            {"rules": "japanese-modern", "hands": [{"result": "chombo", "offender": 1}]},
            "no chombo",
        ),
        (
            {
                "rules": "tenhou",
                "hands": [{"result": "ron", "from": 1, "wins": [{"seat": 0, "score": 900}]}],
            },
            "entered as a score",
        ),
        ({"rules": "tenhou", "hands": [{"result": "tsumo", "wins": [{"seat": 5}]}]}, "refused"),
    ],
)
def test_a_record_the_format_cannot_hold_is_refused(record: dict[str, Any], says: str) -> None:
    with pytest.raises(Tenhou6Error) as e:
        tenhou6_from_record(record)
    assert says in str(e.value)


# The corpus, written and read back ------------------------------------------------------------


def comparable(hand: dict[str, Any], dealer: int) -> dict[str, Any]:
    """A hand as a log can hold it: a nagashi's log does not say who was ready, only whether
    the dealer kept the deal (its only effect), so its readiness is compared for the dealer."""
    out = dict(hand, riichi=sorted(hand.get("riichi", [])))
    if hand.get("nagashi"):
        out["tenpai"] = [dealer] if dealer in hand["tenpai"] else []
    return out


def test_every_corpus_game_written_as_a_log_reads_back_the_same(
    corpus: list[CorpusGame],
) -> None:
    assert len(corpus) == 678  # every game of both files
    wrong = []
    hands = riichi = 0
    for game in corpus:
        record = game.record()
        hands += len(record["hands"])
        riichi += sum(len(h["riichi"]) for h in record["hands"])
        log = json.loads(json.dumps(tenhou6_from_record(record), ensure_ascii=False))
        back = record_from_tenhou6(log)
        played = score_record(record)
        assert back["start"] == record["start"]
        dealers = [h["dealer"] for h in played["hands"]]
        for i, (a, b, dealer) in enumerate(
            zip(record["hands"], back["hands"], dealers, strict=True)
        ):
            if comparable(a, dealer) != comparable(b, dealer):
                wrong.append(f"{game.vectors[i]['id']}: {a} became {b}")
        if score_record(back) != played:
            wrong.append(f"{game.vectors[0]['game']}: the replay differs")
    assert not wrong, f"{len(wrong)} differences, the first:\n" + "\n".join(wrong[:10])
    assert hands == 6975
    assert riichi == 5097  # riichi sticks, each carried by the log (discards, next start)


@pytest.fixture(scope="module")
def corpus() -> list[CorpusGame]:
    return required_corpus()


# The command line -----------------------------------------------------------------------------


def test_the_command_line_converts_both_ways(tmp_path: Path) -> None:
    record = {
        "rules": "tenhou",
        "players": NAMES,
        "hands": [{"result": "tsumo", "riichi": [1], "wins": [{"seat": 1, "han": 5}]}],
    }
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out = run_cli("--to-tenhou6", str(path))
    assert out.returncode == 0, out.stderr
    log = json.loads(out.stdout)
    assert log["log"][0][16] == [
        "和了",
        [-4000, 9000, -2000, -2000],
        [1, 1, 1, "5飜満貫2000-4000点"],
    ]
    back = run_cli("--from-tenhou6", "-", stdin=out.stdout)
    assert back.returncode == 0, back.stderr
    assert json.loads(back.stdout)["hands"] == [
        {"result": "tsumo", "riichi": [1], "wins": [{"seat": 1, "han": 5}]}
    ]


def test_the_command_line_reads_a_three_player_log() -> None:
    out = run_cli("--from-tenhou6", "-", stdin=json.dumps(sanma_log(*SANMA_ROUNDS)))
    assert out.returncode == 0, out.stderr
    record = json.loads(out.stdout)
    assert (record["rules"], record["players"]) == ("tenhou-sanma", ["Aiko", "Bruno", "Chiara"])
    assert len(record["hands"]) == 3


def test_the_command_line_reads_a_log_from_a_viewer_address() -> None:
    log = log_of(rnd(0, 0, 0, START, ["和了", [0, -3900, 3900, 0], [2, 1, 2, "30符3飜3900点"]]))
    address = "https://tenhou.net/6/#json=" + urllib.parse.quote(json.dumps(log))
    out = run_cli("--from-tenhou6", "-", stdin=address + "\n")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == record_from_tenhou6(log)
    assert json.loads(out.stdout)["players"] == NAMES


def test_the_command_line_exits_1_with_the_error_of_a_refused_log() -> None:
    bad = log_of(rnd(0, 0, 0, START, ["和了", [0, -3900, 4000, 0], [2, 1, 2, "30符3飜3900点"]]))
    out = run_cli("--from-tenhou6", "-", stdin=json.dumps(bad))
    assert out.returncode == 1
    error = json.loads(out.stdout)["error"]
    assert error["code"] == "tenhou6_mismatch"
    assert error["hand"] == 1
    not_json = run_cli("--to-tenhou6", "-", stdin="{nope")
    assert not_json.returncode == 1
    assert json.loads(not_json.stdout)["error"]["code"] == "bad_json"
    not_a_log = run_cli("--from-tenhou6", "-", stdin="{nope")
    assert not_a_log.returncode == 1
    assert "the log is not JSON" in json.loads(not_a_log.stdout)["error"]["message"]
