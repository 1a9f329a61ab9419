"""Wins by yaku name and by tiles: every preset's own table, worked out by hand from the seeds
and from published hand examples. Seat 0 is East (the dealer) unless a test starts elsewhere.

Payments are written out: a non-dealer's ron is 4 x basic points, a dealer's 6 x, rounded up
to 100; basic points are fu x 2^(han+2) up to the mangan (2,000), or fu x 2^han up to 500
without bazoro (arushiiaru, paid in its own units).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import get_preset, preset_ids, score_record

from .helpers import deltas, error, ron, scored, tsumo

MODERN, NASHI, TENHOU, ARU = "japanese-modern", "nashi-nashi", "tenhou", "arushiiaru"
STANDARD = ("tenhou", "ema", "wrc", "m-league", "jpml-a")


def by_yaku(seat: int, *yaku: str, **more: Any) -> dict[str, Any]:
    return {"seat": seat, "yaku": list(yaku), **more}


def breakdown(rules: str, hand: dict[str, Any]) -> dict[str, Any]:
    out = scored(rules, [hand])["hands"][0]["breakdowns"]
    assert len(out) == 1
    b: dict[str, Any] = out[0]
    return b


# Japanese Modern (seed 000): the han the preset lists, open / concealed* ----------------------

MODERN_HANDS = [
    # (yaku, open, fu, han the seed gives, what a non-dealer's ron from seat 2 pays)
    # "Same Chow from all suits (1/2* han)" + riichi: 3 han 40 fu = 40 x 32 = 1280 -> 5200
    (["riichi", "sanshoku"], False, 40, 3, 5200),
    # open sanshoku: 1 han 30 fu = 240 -> 1000
    (["sanshoku"], True, 30, 1, 1000),
    # "Two identical Chows (0/1* han)" + riichi, 40 fu: 2 han = 640 -> 2600
    (["riichi", "iipeikou"], False, 40, 2, 2600),
    # "3 Chows of 1 suit, step 3 (1/2* han)": open 1 han 30 fu -> 1000
    (["ittsu"], True, 30, 1, 1000),
    # "One suit with Honors (2/3* han)": concealed 3 han 40 fu -> 5200; open 2 han 40 fu -> 2600
    (["honitsu"], False, 40, 3, 5200),
    (["honitsu"], True, 40, 2, 2600),
    # "One Suit only (5/6* han)": concealed 6 han = 1.5 x limit = 3000 -> 12000; open 5 -> 8000
    (["chinitsu"], False, 40, 6, 12000),
    (["chinitsu"], True, 40, 5, 8000),
    # "Terminal in each set (2/3* han)": open 2 han 40 fu -> 2600
    (["junchan"], True, 40, 2, 2600),
    # "Terminal or Honor in each set (1/2* han)": open 1 han 40 fu = 320 -> 1300
    (["chanta"], True, 40, 1, 1300),
    # "Pung hand (2 han)" + "Three concealed triplets (2 han)": 4 han 40 fu -> mangan 8000
    (["toitoi", "sanankou"], True, 40, 4, 8000),
    # "Little Three Dragons (4 han)", its two dragon pungs included: 4 han 40 fu -> 8000
    (["shousangen", "yakuhai_haku", "yakuhai_hatsu"], True, 40, 4, 8000),
    (["shousangen"], True, 40, 4, 8000),
    # "All Terminals and Honors (3 han, Pung hand not implied)" + seven pairs "2 han": 5 han
    # 25 fu -> mangan 8000 (under the standard table 2 + 2 = 4 han 25 fu = 1600 -> 6400)
    (["honroutou", "chiitoitsu"], False, None, 5, 8000),
    # "Three triplets of the same number (2 han)", "Three Kongs (2 han)": 4 han 50 fu -> 8000
    (["sanshoku_doukou", "sankantsu"], True, 50, 4, 8000),
    # "Out on the last discard (1 han)", open, with 2 dora: 3 han 30 fu = 960 -> 3900
    (["houtei"], True, 30, 3, 3900),
    # "Out by robbing a Kong (1 han)" + tanyao (open: ari-ari has kuitan): 2 han 30 fu -> 2000
    (["chankan", "tanyao"], True, 30, 2, 2000),
]


@pytest.mark.parametrize(("yaku", "is_open", "fu", "han", "paid"), MODERN_HANDS)
def test_japanese_modern_counts_the_seeds_han(yaku, is_open, fu, han, paid) -> None:
    dora = 2 if yaku == ["houtei"] else 0
    more: dict[str, Any] = {"open": is_open, "dora": dora}
    if fu is not None:
        more["fu"] = fu
    riichi = [1] if "riichi" in yaku else []
    hand = ron(2, by_yaku(1, *yaku, **more), riichi=riichi)
    b = breakdown(MODERN, hand)
    assert (b["han"], b["dora"], b["open"]) == (han, dora, is_open)
    assert deltas(MODERN, hand)[0][1] == paid  # a declarer takes its own deposit back


def test_nashi_nashi_is_the_same_table_without_open_all_simples() -> None:
    concealed = ron(2, by_yaku(1, "tanyao", fu=40))
    assert deltas(NASHI, concealed) == deltas(MODERN, concealed) == [[0, 1300, -1300, 0]]
    opened = ron(2, by_yaku(1, "tanyao", open=True, fu=30))
    assert deltas(MODERN, opened) == [[0, 1000, -1000, 0]]
    err = error(NASHI, [opened])
    assert (err["code"], err["field"], err["hand"]) == ("open_tanyao", "wins[0].yaku", 1)
    assert "concealed hand" in err["message"]


@pytest.mark.parametrize("rules", [MODERN, NASHI])
def test_japanese_modern_knows_neither_ippatsu_nor_ryanpeikou(rules: str) -> None:
    for yaku in (["riichi", "ippatsu"], ["ryanpeikou"]):
        err = error(
            rules, [ron(2, by_yaku(1, *yaku, fu=40), riichi=[1] if "riichi" in yaku else [])]
        )
        assert (err["code"], err["field"]) == ("unknown_yaku", "wins[0].yaku")
        assert repr(yaku[-1]) in err["message"]


# The standard table (tenhou, ema, wrc, m-league, jpml-a) ---------------------------------------

STANDARD_HANDS = [
    # (yaku, open, fu, han): the standard riichi values
    (["riichi", "menzen_tsumo", "pinfu", "tanyao"], False, None, 4),
    (["chiitoitsu", "honroutou"], False, None, 4),
    (["shousangen", "yakuhai_haku", "yakuhai_chun"], True, 40, 4),
    (["honitsu", "yakuhai_seat_wind", "yakuhai_round_wind"], True, 40, 4),
    (["ryanpeikou", "riichi"], False, 40, 4),
    (["junchan", "sanshoku"], True, 40, 3),
    (["chinitsu"], True, 30, 5),
    (["ittsu"], True, 30, 1),
    (["double_riichi", "menzen_tsumo"], False, 40, 3),
]


@pytest.mark.parametrize("rules", STANDARD)
@pytest.mark.parametrize(("yaku", "is_open", "fu", "han"), STANDARD_HANDS)
def test_the_standard_table_counts_the_standard_values(rules, yaku, is_open, fu, han) -> None:
    more: dict[str, Any] = {"open": is_open}
    if fu is not None:
        more["fu"] = fu
    declared = [1] if {"riichi", "double_riichi"} & set(yaku) else []
    if "menzen_tsumo" in yaku:
        hand = tsumo(by_yaku(1, *yaku, **more), riichi=declared)
    else:
        hand = ron(2, by_yaku(1, *yaku, **more), riichi=declared)
    assert breakdown(rules, hand)["han"] == han


def test_riichi_pinfu_tanyao_tsumo_pays_as_every_table_shows() -> None:
    # 4 han 20 fu: 20 x 64 = 1280; a non-dealer is paid 2600 by East, 1300 by the others
    # (the winner's own riichi deposit comes back with the pool).
    hand = tsumo(by_yaku(1, "riichi", "menzen_tsumo", "pinfu", "tanyao"), riichi=[1])
    assert deltas(TENHOU, hand) == [[-2600, 5200, -1300, -1300]]
    # With one dora it is 5 han, a mangan: 4,000 from East, 2,000 from each other.
    more = tsumo(by_yaku(1, "riichi", "menzen_tsumo", "pinfu", "tanyao", dora=1), riichi=[1])
    assert deltas(TENHOU, more) == [[-4000, 8000, -2000, -2000]]
    b = breakdown(TENHOU, more)
    assert b == {
        "seat": 1,
        "source": "yaku",
        "yaku": [
            {"yaku": "riichi", "name": "Riichi", "han": 1},
            {"yaku": "menzen_tsumo", "name": "Fully concealed self-draw (menzen tsumo)", "han": 1},
            {"yaku": "pinfu", "name": "Pinfu (no-points hand)", "han": 1},
            {"yaku": "tanyao", "name": "All simples (tanyao)", "han": 1},
        ],
        "han": 5,
        "fu": 20,
        "dora": 1,
        "yakuman": 0,
        "open": False,
    }


def test_jpml_a_has_no_ippatsu_and_the_others_do() -> None:
    hand = ron(2, by_yaku(1, "riichi", "ippatsu", fu=40), riichi=[1])
    assert error("jpml-a", [hand])["code"] == "unknown_yaku"
    assert deltas("ema", hand) == [[0, 2600, -2600, 0]]  # 2 han 40 fu


def test_yakuman_by_name_pay_the_presets_yakuman() -> None:
    assert deltas(TENHOU, ron(2, by_yaku(1, "kokushi"))) == [[0, 32000, -32000, 0]]
    # two yakuman: tenhou counts both, the EMA one at most
    double = ron(2, by_yaku(1, "daisangen", "tsuuiisou", open=True))
    assert deltas(TENHOU, double) == [[0, 64000, -64000, 0]]
    assert error("ema", [double])["code"] == "bad_yakuman"


# Arushiiaru (seed 004): twelve 1 han yaku and the mangan hands; its own payment table -----------

ARU_HANDS = [
    # (hand, deltas): the seed's tables, non-dealer seat 1, East seat 0
    # 1 han 30 fu ron (tanyao): "240"
    (ron(2, by_yaku(1, "tanyao", fu=30)), [0, 240, -240, 0]),
    # 2 han 30 fu ron (pinfu + tanyao; a concealed pinfu ron is 30 fu): "480"
    (ron(2, by_yaku(1, "pinfu", "tanyao")), [0, 480, -480, 0]),
    # open pinfu is allowed: 20 fu; with chanta 2 han 20 fu: "320"
    (ron(2, by_yaku(1, "pinfu", "chanta", open=True)), [0, 320, -320, 0]),
    # honitsu and toitoi are 1 han each: 2 han 40 fu self-drawn: "640 (160/320)"
    (tsumo(by_yaku(1, "honitsu", "toitoi", open=True, fu=40)), [-320, 640, -160, -160]),
    # a mangan hand: "2000 (500/1000)"
    (tsumo(by_yaku(1, "suuankou")), [-1000, 2000, -500, -500]),
    # chiihou is a win on the dealer's first discard: a mangan ron, 2,000
    (ron(0, by_yaku(1, "chiihou")), [-2000, 2000, 0, 0]),
    # no minimum han: a hand with no yaku is 0 han, "0 | 30: 120"
    (ron(2, by_yaku(1, fu=30)), [0, 120, -120, 0]),
]


@pytest.mark.parametrize(("hand", "paid"), ARU_HANDS)
def test_arushiiaru_counts_its_own_list(hand, paid) -> None:
    assert deltas(ARU, hand) == [paid]


@pytest.mark.parametrize(
    ("yaku", "code"),
    [
        (["chiitoitsu"], "unknown_yaku"),
        (["sanshoku"], "unknown_yaku"),
        (["ryuuiisou"], "unknown_yaku"),
        (["menzen_tsumo"], "unknown_yaku"),
    ],
)
def test_arushiiaru_refuses_what_its_list_lacks(yaku, code) -> None:
    err = error(ARU, [tsumo(by_yaku(1, *yaku, fu=30))])
    assert (err["code"], err["field"]) == (code, "wins[0].yaku")


def test_arushiiaru_pinfu_is_not_counted_on_a_self_draw() -> None:
    err = error(ARU, [tsumo(by_yaku(1, "pinfu", "tanyao"))])
    assert (err["code"], err["field"]) == ("bad_yaku", "wins[0].yaku")


# What every table refuses ---------------------------------------------------------------------

BAD = [
    # (rules, win, code, field)
    (TENHOU, by_yaku(1, "pinfu", open=True, fu=30), "open_hand", "wins[0].yaku"),
    (TENHOU, by_yaku(1, "iipeikou", open=True, fu=30), "open_hand", "wins[0].yaku"),
    (TENHOU, by_yaku(1, "chiitoitsu", open=True), "open_hand", "wins[0].yaku"),
    (TENHOU, by_yaku(1, "kokushi", open=True), "open_hand", "wins[0].yaku"),
    (TENHOU, by_yaku(1, "nagashi"), "unknown_yaku", "wins[0].yaku"),
    (TENHOU, by_yaku(1, "renhou"), "unknown_yaku", "wins[0].yaku"),
    (TENHOU, by_yaku(1, dora=2, fu=30), "below_minimum", "wins[0].yaku"),
    (TENHOU, by_yaku(1, "tanyao", han=3, fu=30), "inconsistent_han", "wins[0].han"),
    (TENHOU, by_yaku(1, "chiitoitsu", fu=30), "inconsistent_fu", "wins[0].fu"),
    (TENHOU, by_yaku(1, "tanyao"), "missing_field", "wins[0].fu"),
    (TENHOU, by_yaku(1, "tanyao", "tanyao", fu=30), "bad_yaku", "wins[0].yaku"),
    (TENHOU, by_yaku(1, "tanyao", "chanta", fu=30), "inconsistent_yaku", "wins[0].yaku"),
    (TENHOU, by_yaku(1, "kokushi", "tanyao"), "inconsistent_yaku", "wins[0].yaku"),
    (TENHOU, by_yaku(1, "kokushi", fu=30), "inconsistent_fu", "wins[0].fu"),
    (TENHOU, by_yaku(1, "menzen_tsumo", fu=30), "bad_yaku", "wins[0].yaku"),
    (TENHOU, by_yaku(1, "riichi", fu=30), "riichi_not_declared", "wins[0].yaku"),
    (TENHOU, by_yaku(1, "tanyao", fu=30, points=20), "bad_value", "wins[0].points"),
    (TENHOU, by_yaku(1, "tanyao", fu=30, open="yes"), "bad_value", "wins[0].open"),
    (TENHOU, {"seat": 1, "yaku": "tanyao", "fu": 30}, "bad_yaku", "wins[0].yaku"),
    (TENHOU, {"seat": 1, "open": True, "han": 1, "fu": 30}, "missing_field", "wins[0].open"),
    ("japanese-classical", by_yaku(1, "tanyao", fu=30), "no_yaku_table", "wins[0].yaku"),
    ("italian-official", by_yaku(1, "tanyao"), "wrong_value_kind", "wins[0].yaku"),
    (ARU, by_yaku(1, "tanyao", fu=30, dora=1), "bad_han", "wins[0].dora"),
]


@pytest.mark.parametrize(("rules", "value", "code", "field"), BAD)
def test_a_bad_win_by_yaku_is_refused_naming_the_field(rules, value, code, field) -> None:
    err = error(rules, [ron(2, value)])
    assert (err["code"], err["field"], err["hand"]) == (code, field, 1)
    assert err["message"].startswith("Hand 1: ")


def test_a_declared_winner_must_name_riichi() -> None:
    err = error(TENHOU, [ron(2, by_yaku(1, "tanyao", fu=30), riichi=[1])])
    assert (err["code"], err["field"]) == ("riichi_missing", "wins[0].yaku")


def test_every_preset_with_a_table_lists_what_it_prices() -> None:
    for pid in preset_ids():
        preset = get_preset(pid).as_dict()
        if preset["yaku_table"] is None:
            assert preset["yaku"] == []
            continue
        for y in preset["yaku"]:
            if y["yakuman"] or y["id"] in ("riichi", "double_riichi", "ippatsu"):
                continue  # these need the hand's riichi
            value = by_yaku(1, y["id"], fu=40)
            if y["id"] in ("pinfu", "chiitoitsu"):
                del value["fu"]
            hand = tsumo(value) if y.get("win") == "tsumo" else ron(2, value)
            b = score_record({"rules": pid, "hands": [hand]})["hands"][0]["breakdowns"][0]
            assert b["han"] == y["han_closed"], (pid, y["id"])


# By tiles: the library finds the yaku and fu, the preset's table prices them --------------------


def by_tiles(seat: int, tiles: str, win_tile: str, **more: Any) -> dict[str, Any]:
    return {"seat": seat, "tiles": tiles, "win": win_tile, **more}


# 234m 567m 234p 456s 88s, won on 6s (a two-sided wait): riichi, pinfu, tanyao
PINFU_TANYAO = "234567m234p45688s"


def test_riichi_pinfu_tanyao_tsumo_by_tiles_is_the_same_as_by_yaku() -> None:
    tiles = tsumo(by_tiles(1, PINFU_TANYAO, "6s"), riichi=[1])
    named = tsumo(by_yaku(1, "riichi", "menzen_tsumo", "pinfu", "tanyao"), riichi=[1])
    assert deltas(TENHOU, tiles) == deltas(TENHOU, named) == [[-2600, 5200, -1300, -1300]]
    b = breakdown(TENHOU, tiles)
    assert b["source"] == "tiles"
    assert [(i["yaku"], i["han"]) for i in b["yaku"]] == [
        ("riichi", 1),
        ("menzen_tsumo", 1),
        ("pinfu", 1),
        ("tanyao", 1),
    ]
    assert (b["han"], b["fu"], b["dora"], b["open"]) == (4, 20, 0, False)


@pytest.mark.parametrize(
    ("rules", "win_", "result", "han", "fu", "yaku"),
    [
        # The mahjong library's own examples (its docs), priced by the standard table:
        # 22444m 333567p 444s won on 4s: tanyao, 1 han 40 fu, 1300 on a discard
        (TENHOU, by_tiles(1, "22444m333567p444s", "4s"), "ron", 1, 40, ["tanyao"]),
        # 234789m 12345666p won on 6p, riichi and self-drawn: 3 han 20 fu (700/1300)
        (TENHOU, by_tiles(1, "234789m12345666p", "6p"), "tsumo", 3, 20, None),
        # 234567m 22p 234s 555z (a pon of white) won on 7m, dora indicator 6m: 2 han
        (
            TENHOU,
            by_tiles(
                1,
                "234567m22p234s555z",
                "7m",
                melds=[{"kind": "pon", "tiles": "555z"}],
                dora_indicators=["6m"],
            ),
            "ron",
            2,
            30,
            ["yakuhai_haku"],
        ),
        # seven pairs: 25 fu
        (TENHOU, by_tiles(1, "1133m2255p4466s77z", "7z"), "ron", 2, 25, ["chiitoitsu"]),
        # little three dragons under the seed's table: 4 han, its dragons included, + honitsu
        (
            MODERN,
            by_tiles(1, "123456m55566677z", "7z", melds=[{"kind": "pon", "tiles": "555z"}]),
            "ron",
            6,
            40,
            ["yakuhai_haku", "yakuhai_hatsu", "shousangen", "honitsu"],
        ),
    ],
)
def test_tiles_give_the_yaku_han_and_fu(rules, win_, result, han, fu, yaku) -> None:
    hand = ron(2, win_) if result == "ron" else tsumo(win_, riichi=[1])
    b = breakdown(rules, hand)
    assert (b["han"], b["fu"]) == (han, fu)
    if yaku is not None:
        assert [i["yaku"] for i in b["yaku"]] == yaku


def test_the_library_example_pays_1300() -> None:
    assert deltas(TENHOU, ron(2, by_tiles(1, "22444m333567p444s", "4s"))) == [[0, 1300, -1300, 0]]


def test_the_seat_and_round_winds_come_from_the_table() -> None:
    # a pon of south: the seat wind of seat 1 when seat 0 deals; nothing for seat 2 (west)
    hand = "234567m234p88s222z"
    pon = [{"kind": "pon", "tiles": "222z"}]
    south = breakdown(TENHOU, tsumo(by_tiles(1, hand, "8s", melds=pon)))
    assert [i["yaku"] for i in south["yaku"]] == ["yakuhai_seat_wind"]
    assert error(TENHOU, [tsumo(by_tiles(2, hand, "8s", melds=pon))])["code"] == "no_yaku"
    # in the South round the dealer's pon of south is the round wind
    dealer = scored(TENHOU, [tsumo(by_tiles(0, hand, "8s", melds=pon))], start={"round": "S"})
    assert [i["yaku"] for i in dealer["hands"][0]["breakdowns"][0]["yaku"]] == [
        "yakuhai_round_wind"
    ]


def test_open_all_simples_by_tiles_counts_under_ari_ari_only() -> None:
    chi = [{"kind": "chi", "tiles": "234p"}]
    hand = ron(0, by_tiles(1, PINFU_TANYAO, "6s", melds=chi))
    assert deltas(MODERN, hand) == [[-1000, 1000, 0, 0]]  # 1 han 30 fu
    err = error(NASHI, [hand])
    assert (err["code"], err["field"]) == ("no_yaku", "wins[0].tiles")


def test_red_fives_and_dora_indicators_count_as_dora() -> None:
    hand = tsumo(by_tiles(1, "234067m234p45688s", "6s", dora_indicators=["1p"]))
    b = breakdown(TENHOU, hand)
    assert (b["han"], b["dora"]) == (5, 2)  # menzen tsumo, pinfu, tanyao + red five + 2p
    err = error("jpml-a", [hand])
    assert (err["code"], err["field"]) == ("bad_tiles", "wins[0].tiles")


def test_ura_dora_count_for_a_declared_winner() -> None:
    win_ = by_tiles(1, PINFU_TANYAO, "6s", ura_dora_indicators=["7s"])
    assert breakdown(TENHOU, tsumo(win_, riichi=[1]))["dora"] == 2
    assert error(TENHOU, [tsumo(win_)])["field"] == "wins[0].ura_dora_indicators"


def test_how_the_hand_was_won_is_named_beside_the_tiles() -> None:
    win_ = by_tiles(1, PINFU_TANYAO, "6s", yaku=["ippatsu"])
    b = breakdown(TENHOU, tsumo(win_, riichi=[1]))
    assert "ippatsu" in [i["yaku"] for i in b["yaku"]] and b["han"] == 5
    assert error("jpml-a", [tsumo(win_, riichi=[1])])["code"] == "unknown_yaku"
    tanyao = by_tiles(1, PINFU_TANYAO, "6s", yaku=["tanyao"])
    assert error(TENHOU, [tsumo(tanyao)])["code"] == "bad_yaku"
    heaven = by_tiles(0, "19m19p19s12345677z", "7z", yaku=["tenhou"])
    assert deltas(TENHOU, tsumo(heaven)) == [[96000, -32000, -32000, -32000]]  # two yakuman


def test_a_kong_adds_a_tile() -> None:
    kong = [{"kind": "kan", "tiles": "5555z"}]
    b = breakdown(TENHOU, tsumo(by_tiles(2, "234567m234p88s5555z", "8s", melds=kong)))
    assert (b["han"], b["fu"], b["open"]) == (1, 40, True)  # haku; 20 + 16 + 2, rounded up


TILE_ERRORS = [
    # (win, code, field)
    (by_tiles(1, "234567m234p4568x", "6s"), "bad_tiles", "wins[0].tiles"),
    (by_tiles(1, "234567m234p456s88z", "6s"), "bad_tiles", "wins[0].tiles"),
    (by_tiles(1, "234567m234p456s", "6s"), "incomplete_hand", "wins[0].tiles"),
    (by_tiles(1, "11111m234p567s111z", "1m"), "bad_tiles", "wins[0].tiles"),
    (by_tiles(1, PINFU_TANYAO, "9s"), "win_not_in_hand", "wins[0].win"),
    (by_tiles(1, PINFU_TANYAO, "6s6s"), "bad_tiles", "wins[0].win"),
    (by_tiles(1, "123456789m12378p", "8p"), "incomplete_hand", "wins[0].tiles"),
    (by_tiles(1, "000567m234p45688s", "6s"), "bad_tiles", "wins[0].tiles"),
    (
        by_tiles(1, PINFU_TANYAO, "6s", melds=[{"kind": "chi", "tiles": "135m"}]),
        "bad_tiles",
        "wins[0].melds[0].tiles",
    ),
    (
        by_tiles(1, PINFU_TANYAO, "6s", melds=[{"kind": "pon", "tiles": "777z"}]),
        "bad_tiles",
        "wins[0].melds[0].tiles",
    ),
    (
        by_tiles(1, PINFU_TANYAO, "6s", melds=[{"kind": "daiminkan", "tiles": "234m"}]),
        "bad_tiles",
        "wins[0].melds[0].kind",
    ),
    (
        by_tiles(1, "234567m234p45888s", "8s", dora_indicators=["8s", "8s"]),
        "bad_tiles",
        "wins[0].dora_indicators",
    ),
    ({"seat": 1, "tiles": PINFU_TANYAO}, "bad_tiles", "wins[0].win"),
    (by_tiles(1, PINFU_TANYAO, "6s", han=4), "bad_value", "wins[0].han"),
    (by_tiles(1, PINFU_TANYAO, "6s", open=False), "bad_value", "wins[0].open"),
]


@pytest.mark.parametrize(("value", "code", "field"), TILE_ERRORS)
def test_bad_tiles_are_refused_naming_the_field(value, code, field) -> None:
    err = error(TENHOU, [tsumo(value)])
    assert (err["code"], err["field"], err["hand"]) == (code, field, 1)


def test_five_of_one_tile_is_named() -> None:
    err = error(TENHOU, [tsumo(by_tiles(1, "11111m234p567s111z", "1m"))])
    assert "five of 1m" in err["message"]


def test_tiles_under_rules_without_a_table_are_refused() -> None:
    err = error("japanese-classical", [tsumo(by_tiles(1, PINFU_TANYAO, "6s"))])
    assert (err["code"], err["field"]) == ("no_yaku_table", "wins[0].tiles")


# By tiles under a table that is not the standard one: the table's own yaku decide which
# reading of the tiles counts, so tiles pay what the same hand by yaku pays -------------------

# 22 33 44 55m 66 77 88p: read as 234m 234m 55m 678p 678p, won on 8p (a two-sided wait), or
# as seven distinct pairs.
TWICE_TWO_CHOWS = "22334455m667788p"


@pytest.mark.parametrize("rules", [MODERN, NASHI])
def test_twice_two_identical_chows_count_as_two_identical_chows_where_the_table_has_only_those(
    rules,
) -> None:
    # Seed 000 lists "Two identical Chows (0/1* han)" and no ryanpeikou; "Seven pairs (25 fu
    # fixed + 2 han)". As chows: riichi, no-points hand, all simples, two identical chows =
    # 4 han 30 fu (concealed ron): 30 x 2^6 x 4 = 7,680 -> 7,700. As seven pairs only 4 han 25
    # fu (6,400), so the chows are the reading that counts.
    tiles = ron(2, by_tiles(1, TWICE_TWO_CHOWS, "8p"), riichi=[1])
    named = ron(2, by_yaku(1, "riichi", "pinfu", "tanyao", "iipeikou"), riichi=[1])
    assert deltas(rules, tiles) == deltas(rules, named)
    assert deltas(rules, tiles)[0][2] == -7700
    b = breakdown(rules, tiles)
    assert [i["yaku"] for i in b["yaku"]] == ["riichi", "pinfu", "tanyao", "iipeikou"]
    assert (b["han"], b["fu"]) == (4, 30)


def test_the_standard_table_still_counts_twice_two_identical_chows() -> None:
    b = breakdown(TENHOU, ron(2, by_tiles(1, TWICE_TWO_CHOWS, "8p"), riichi=[1]))
    assert [i["yaku"] for i in b["yaku"]] == ["riichi", "pinfu", "tanyao", "ryanpeikou"]
    assert (b["han"], b["fu"]) == (6, 30)


def test_arushiiaru_tiles_with_no_yaku_are_a_win() -> None:
    # Seed 004: "There is no iihanshibari; you can win without a yaku." 123m 567m 678p 789s
    # and a pair of East (the round wind, 2 fu), won on 9s (an edge wait, 2 fu), concealed on a
    # discard (10 fu): 20 + 2 + 2 + 10 = 34 -> 40 fu, 0 han: the table's "0 | 40: 160".
    hand = ron(2, by_tiles(1, "123567m678p789s11z", "9s"))
    assert deltas(ARU, hand) == [[0, 160, -160, 0]] == deltas(ARU, ron(2, by_yaku(1, fu=40)))
    b = breakdown(ARU, hand)
    assert (b["yaku"], b["han"], b["fu"]) == ([], 0, 40)


def test_arushiiaru_open_pinfu_counts_by_tiles() -> None:
    # Seed 004: "Open pinfu allowed." A called 234m, 567m 234p 34s 88s won on 5s (two-sided):
    # open pinfu and all simples, 2 han 20 fu: the table's "2 | 20: 320", as by yaku.
    chi = [{"kind": "chi", "tiles": "234m"}]
    hand = ron(2, by_tiles(1, "234567m234p34588s", "5s", melds=chi))
    assert deltas(ARU, hand) == [[0, 320, -320, 0]]
    assert deltas(ARU, hand) == deltas(ARU, ron(2, by_yaku(1, "pinfu", "tanyao", open=True)))
    assert [i["yaku"] for i in breakdown(ARU, hand)["yaku"]] == ["tanyao", "pinfu"]


def test_arushiiaru_open_pinfu_is_the_reading_that_pays_more() -> None:
    # A called 234m, 55m, 123p 345p 678s, won on 3p: read as 12p waiting on 3p (an edge wait,
    # 2 fu: 22 -> 30 fu, no yaku, "0 | 30: 120") or as 45p waiting on 3p (two-sided: open
    # pinfu, 1 han 20 fu, "1 | 20: 160"). The pinfu reading pays more, so it counts.
    chi = [{"kind": "chi", "tiles": "234m"}]
    hand = ron(2, by_tiles(1, "23455m123345p678s", "3p", melds=chi))
    assert deltas(ARU, hand) == [[0, 160, -160, 0]]
    b = breakdown(ARU, hand)
    assert ([i["yaku"] for i in b["yaku"]], b["han"], b["fu"]) == (["pinfu"], 1, 20)


def test_arushiiaru_has_no_seven_pairs_by_tiles_either() -> None:
    # Its yaku list has no seven pairs, so seven pairs are no complete hand under it.
    err = error(ARU, [ron(2, by_tiles(1, "1199m2288p3355s66z", "6z"))])
    assert (err["code"], err["field"]) == ("incomplete_hand", "wins[0].tiles")
    assert "seven pairs" in err["message"]


@pytest.mark.parametrize(
    ("rules", "hand", "field"),
    [
        # a heavenly hand is the dealer's (East is seat 0 in the first hand)
        (TENHOU, tsumo(by_yaku(1, "tenhou")), "wins[0].yaku"),
        # an earthly hand is not the dealer's
        (TENHOU, tsumo(by_yaku(0, "chiihou")), "wins[0].yaku"),
        # seed 004: Chiihou, "Win from the dealer's first discard": not from another seat
        (ARU, ron(2, by_yaku(1, "chiihou")), "wins[0].yaku"),
        (TENHOU, tsumo(by_tiles(1, "19m19p19s12345677z", "7z", yaku=["tenhou"])), "wins[0].tiles"),
    ],
)
def test_first_turn_hands_belong_to_their_seats(rules, hand, field) -> None:
    err = error(rules, [hand])
    assert (err["code"], err["field"]) == ("bad_yaku", field)
