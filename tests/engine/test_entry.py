"""What the engine says a hand's entry offers (engine.entry), and its tie sharing."""

from __future__ import annotations

import pytest

from engine import (
    describe_entry,
    first_east,
    resolve_rules,
    score_game,
    settled_by,
    share_places,
)


def entry_of(preset: str, **options: object):
    return describe_entry(resolve_rules({"preset": preset, "options": options}))


@pytest.mark.parametrize(
    ("preset", "results", "reasons", "limits"),
    [
        (
            "japanese-modern",
            ["ron", "tsumo", "draw", "abortive", "chombo"],
            ("nine_terminals", "four_winds", "four_kongs", "four_riichi"),
            ["mangan", "haneman", "baiman", "sanbaiman", "yakuman", "double_yakuman"],
        ),
        (
            "japanese-classical",
            ["ron", "tsumo", "draw"],
            ("nine_terminals", "four_winds", "four_kongs"),
            ["limit", "yakuman"],
        ),
        (
            "tenhou",
            ["ron", "tsumo", "draw", "abortive"],
            ("nine_terminals", "four_winds", "four_kongs", "four_riichi", "triple_ron"),
            ["mangan", "haneman", "baiman", "sanbaiman", "yakuman", "double_yakuman"],
        ),
        (
            "ema",
            ["ron", "tsumo", "draw", "chombo"],
            ("nine_terminals", "four_winds", "four_kongs", "four_riichi"),
            ["mangan", "haneman", "baiman", "sanbaiman", "yakuman"],
        ),
    ],
)
def test_results_reasons_and_limits_follow_the_rules(preset, results, reasons, limits) -> None:
    entry = entry_of(preset)
    assert [r.value for r in entry.results] == results
    assert entry.abort_reasons == reasons
    assert [lim.name for lim in entry.limits] == limits


@pytest.mark.parametrize(
    ("options", "han", "limit_han", "dora"),
    [
        ({}, (1, 2, 3, 4), {5, 6, 8, 11}, True),
        ({"min_han": 2}, (2, 3, 4), {5, 6, 8, 11}, True),
        ({"min_han": 0}, (0, 1, 2, 3, 4), {5, 6, 8, 11}, False),  # dora count only above a minimum
        ({"dora": False}, (1, 2, 3, 4), {5, 6, 8, 11}, False),
        ({"settling_table": False}, (1, 2, 3, 4), {5}, True),
    ],
)
def test_han_limits_and_dora(options, han, limit_han, dora) -> None:
    entry = entry_of("japanese-modern", **options)
    assert (entry.han, set(entry.limit_han), entry.dora) == (han, limit_han, dora)
    assert entry.fu == (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
    assert entry.value_system == "han_fu" and not entry.points_doubles


def test_a_limit_is_entered_as_han_or_yakuman() -> None:
    limits = entry_of("japanese-modern").limits
    assert [(lim.han, lim.yakuman) for lim in limits] == [
        (5, None),
        (6, None),
        (8, None),
        (11, None),
        (None, 1),
        (None, 2),
    ]
    assert [lim.name for lim in entry_of("japanese-modern", max_yakuman=1).limits][-1] == "yakuman"


@pytest.mark.parametrize(
    ("preset", "options", "penalties"),
    [
        (
            "japanese-modern",
            {},
            [("false_claim", "to_winner", 100), ("false_ready", "limit_each_at_draw", None)],
        ),
        (
            "japanese-modern",
            {"false_ready": "forfeit"},
            [("false_claim", "to_winner", 100), ("false_ready", "off_total", 1000)],
        ),
        ("japanese-modern", {"false_ready": "none", "false_claim_points": 0}, []),
        (
            "japanese-modern",
            {"chombo": "forfeit", "chombo_points": 8000, "false_ready": "none"},
            [("false_claim", "to_winner", 100), ("false_out", "off_total", 8000)],
        ),
        (
            "italian-official",
            {},
            [("false_ready", "off_total", 1000), ("false_out", "off_total", 500)],
        ),
        ("tenhou", {}, []),
    ],
)
def test_penalties_and_their_prices(preset, options, penalties) -> None:
    entry = entry_of(preset, **options)
    assert [(p.kind, p.payment, p.points) for p in entry.penalties] == penalties


@pytest.mark.parametrize(
    ("preset", "options", "flags"),
    [
        # (points_doubles, riichi, riichi_doubles, shows_pool, shows_honba, nagashi, pao)
        ("japanese-modern", {}, (False, True, 0, True, True, False, True)),
        (
            "japanese-modern",
            {"riichi": False, "riichi_deposit": 0},
            (False, False, 0, False, True, False, True),
        ),
        (
            "japanese-modern",
            {"honba_points": 0, "pao": False},
            (False, True, 0, True, False, False, False),
        ),
        ("japanese-classical", {}, (False, False, 0, False, False, False, False)),
        ("tenhou", {}, (False, True, 0, True, True, True, True)),
        ("italian-official", {}, (True, True, 1, False, False, False, False)),
    ],
)
def test_what_shows(preset, options, flags) -> None:
    e = entry_of(preset, **options)
    assert (
        e.points_doubles,
        e.riichi,
        e.riichi_doubles,
        e.shows_pool,
        e.shows_honba,
        e.nagashi,
        e.pao,
    ) == flags


@pytest.mark.parametrize(
    ("preset", "options", "flags"),
    [
        # (dora_indicators, red_fives, flowers)
        ("japanese-modern", {}, (True, True, False)),
        ("japanese-modern", {"red_fives": False}, (True, False, False)),
        ("japanese-modern", {"dora": False}, (False, False, False)),
        ("jpml-a", {}, (True, False, False)),
        ("italian-official", {}, (False, False, True)),
    ],
)
def test_what_the_pickers_offer(preset, options, flags) -> None:
    e = entry_of(preset, **options)
    assert (e.dora_indicators, e.red_fives, e.flowers) == flags


def test_the_description_travels_as_json() -> None:
    data = entry_of("japanese-classical").as_dict()
    assert data == {
        "results": ["ron", "tsumo", "draw"],
        "abort_reasons": ["nine_terminals", "four_winds", "four_kongs"],
        "value_system": "han_fu",
        "han": [0, 1, 2, 3, 4],
        "fu": [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110],
        "limits": [
            {"name": "limit", "han": 5, "yakuman": None},
            {"name": "yakuman", "han": None, "yakuman": 1},
        ],
        "min_han": 0,
        "dora": False,
        "dora_indicators": False,
        "red_fives": False,
        "flowers": False,
        "pao": False,
        "riichi": False,
        "riichi_doubles": 0,
        "nagashi": False,
        "penalties": [{"kind": "false_claim", "payment": "to_winner", "points": 10}],
        "shows_pool": False,
        "shows_honba": False,
        "shows_tenpai": False,
        "seats": 4,
        "north": False,
    }


def test_a_three_player_entry_names_three_seats_and_counts_north_tiles() -> None:
    e = entry_of("tenhou-sanma")
    assert (e.seats, e.north) == (3, True)
    assert e.abort_reasons == ("nine_terminals", "four_kongs")  # no North seat
    assert (entry_of("tenhou").seats, entry_of("tenhou").north) == (4, False)


@pytest.mark.parametrize(
    ("options", "names"),
    [
        ({}, ("start_points", "return_points", "uma", "ties", "final_rounding", "leftover_pool")),
        (
            {"uma_floating": True},
            (
                "start_points",
                "return_points",
                "uma_one_above",
                "uma_two_above",
                "uma_three_above",
                "ties",
                "final_rounding",
                "leftover_pool",
            ),
        ),
        (
            {"chombo": "deduction"},
            (
                "start_points",
                "return_points",
                "uma",
                "ties",
                "final_rounding",
                "leftover_pool",
                "chombo_points",
            ),
        ),
        ({"settlement": "difference"}, ("settlement", "start_points", "leftover_pool")),
    ],
)
def test_the_options_a_game_is_settled_by(options, names) -> None:
    assert settled_by(resolve_rules({"preset": "japanese-modern", "options": options})) == names


# Tie sharing --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "number", "first"), [(0, 1, 0), (1, 1, 1), (2, 3, 0), (0, 4, 1), (3, 2, 2)]
)
def test_the_first_east_seat(dealer, number, first) -> None:
    assert first_east(dealer, number) == first


@pytest.mark.parametrize(
    ("by_place", "ranks", "east", "shares"),
    [
        ([200, 100, -100, -200], {0: 1, 1: 2, 2: 3, 3: 4}, 0, {0: 200, 1: 100, 2: -100, 3: -200}),
        ([200, 100, -100, -200], {0: 1, 1: 1, 2: 3, 3: 4}, 0, {0: 150, 1: 150, 2: -100, 3: -200}),
        ([200, 100, -100, -200], {0: 2, 1: 2, 2: 2, 3: 1}, 0, {3: 200, 0: -66, 1: -67, 2: -67}),
        # an odd unit goes to the first of the tied seats in seat order from the first East
        ([30, 10, 0, 0], {1: 2, 3: 2}, 0, {1: 5, 3: 5}),
        ([31, 11, 0, 0], {1: 2, 3: 2}, 0, {1: 6, 3: 5}),
        ([31, 11, 0, 0], {1: 2, 3: 2}, 2, {3: 6, 1: 5}),
        ([31, 11, 0, 0], {0: 1, 1: 1, 2: 1, 3: 1}, 3, {3: 11, 0: 11, 1: 10, 2: 10}),
        # places past the table's end are worth nothing
        ([30, 10], {2: 2, 3: 2}, 0, {2: 5, 3: 5}),
    ],
)
def test_tied_players_share_the_places_they_cover(by_place, ranks, east, shares) -> None:
    assert share_places(by_place, ranks, east) == shares


def test_the_settlement_shares_ties_from_the_first_east_seat() -> None:
    """A game dealt first by seat 1: seats 0, 1 and 3 tie for first and share the uma and oka
    of three places (40.0); the odd tenth goes to seat 1, the first of them from the first
    East, not to seat 0."""
    record = {
        "rules": {
            "preset": "japanese-modern",
            "options": {"ties": "share", "leftover_pool": "lost"},
        },
        "start": {"scores": [30000, 30000, 10000, 30000], "dealer": 1},
        "hands": [],
        "ended": True,
    }
    final = score_game(record).final
    assert final.ranks == (1, 1, 4, 1)
    assert final.results == (133, 134, -400, 133)
