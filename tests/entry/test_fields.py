"""The entry screen's fields as a game-record hand (entry.fields): each result, the
"More" inputs, the three pickers, every problem a field can have, and posted strings read as
Django's cleaned values are."""

from __future__ import annotations

import json

import pytest

from engine import describe_entry, resolve_rules, score_record
from entry.fields import (
    MESSAGES,
    PENALTY_ROWS,
    FieldProblem,
    hand_from_fields,
    penalty_rows,
)

NAMES = ["Aiko", "Bruno", "Chiara", "Daiki"]


def entry(preset: str = "japanese-modern"):
    return describe_entry(resolve_rules(preset))


def hand(values: dict, preset: str = "japanese-modern") -> dict:
    return hand_from_fields(values, entry(preset), NAMES)


def problem(values: dict, preset: str = "japanese-modern") -> FieldProblem:
    with pytest.raises(FieldProblem) as caught:
        hand(values, preset)
    return caught.value


def scores(preset: str, *hands: dict) -> list[list[int]]:
    """Each hand's deltas: the hands the fields give are ones the engine scores."""
    out = score_record({"rules": preset, "hands": list(hands)})
    assert "error" not in out, out["error"]
    return [h["deltas"] for h in out["hands"]]


RON = {"result": "ron", "winners": ["2"], "discarder": "3", "value_2": "3", "fu_2": "30"}
ITALIAN_SETS = {
    "sets": [{"set": "pung", "tiles": "honours", "concealed": True, "honour": "dragon"}],
    "pair": "seat_wind",
    "self_drawn": True,
}


# -- each result ---------------------------------------------------------------------------------


def test_a_ron_gives_han_fu_and_dora_with_the_winners_in_turn_after_the_discarder():
    values = {
        "result": "ron",
        "winners": ["0", "2"],  # a double ron on Bruno's discard: Chiara is next, then Aiko
        "discarder": "1",
        "value_0": "2",
        "fu_0": "40",
        "value_2": "3",
        "fu_2": "30",
        "dora_2": "2",
        "riichi": ["2", "0"],
    }

    assert hand(values) == {
        "result": "ron",
        "from": 1,
        "wins": [{"seat": 2, "han": 3, "fu": 30, "dora": 2}, {"seat": 0, "han": 2, "fu": 40}],
        "riichi": [0, 2],
    }


def test_no_dora_is_sent_for_zero_or_for_a_yakuman():
    assert hand({**RON, "dora_2": "0"})["wins"] == [{"seat": 2, "han": 3, "fu": 30}]
    assert hand({**RON, "value_2": "y1", "dora_2": "3"})["wins"] == [{"seat": 2, "yakuman": 1}]


def test_a_limit_is_its_han_without_fu_and_a_yakuman_may_name_who_is_liable():
    mangan = hand({**RON, "value_2": "h5", "fu_2": "", "pao_2": "1"})
    yakuman = hand({"result": "tsumo", "winners": ["1"], "value_1": "y2", "pao_1": "2"})

    # Liability (pao) goes only with a yakuman.
    assert mangan["wins"] == [{"seat": 2, "han": 5}]
    assert yakuman == {"result": "tsumo", "wins": [{"seat": 1, "yakuman": 2, "pao": 2}]}
    # The liable player pays the whole double yakuman self-drawn by a non-dealer: 32,000 x 2.
    assert scores("japanese-modern", yakuman) == [[0, 64000, -64000, 0]]


def test_a_tsumo_has_no_discarder_even_when_one_is_left_in_the_form():
    values = {"result": "tsumo", "winners": ["3"], "discarder": "1", "value_3": "1", "fu_3": "30"}

    assert hand(values) == {"result": "tsumo", "wins": [{"seat": 3, "han": 1, "fu": 30}]}
    assert scores("japanese-modern", hand(values)) == [[-500, -300, -300, 1100]]


def test_a_draw_gives_who_was_ready_and_who_made_nagashi():
    values = {"result": "draw", "tenpai": ["3", "0"], "nagashi": ["3"], "riichi": ["3"]}

    assert hand(values, "tenhou") == {
        "result": "draw",
        "tenpai": [0, 3],
        "nagashi": [3],
        "riichi": [3],
    }
    assert hand({"result": "draw", "nagashi": []}) == {"result": "draw", "tenpai": []}
    # Nagashi mangan is paid as a mangan self-drawn by Daiki; his riichi stick goes to the pool.
    assert scores("tenhou", hand(values, "tenhou")) == [[-4000, -2000, -2000, 7000]]


def test_an_abortive_draw_gives_its_reason_and_a_chombo_its_offender():
    assert hand({"result": "abortive", "reason": "four_winds"}) == {
        "result": "abortive",
        "reason": "four_winds",
    }
    assert hand({"result": "chombo", "offender": "2", "note": "  wrong wait  "}) == {
        "result": "chombo",
        "offender": 2,
        "note": "wrong wait",
    }


def test_riichi_is_dropped_where_the_rules_have_none():
    values = {**RON, "riichi": ["2", "1"]}

    assert entry("japanese-classical").riichi is False
    assert "riichi" not in hand(values, "japanese-classical")
    assert hand(values)["riichi"] == [1, 2]


def test_an_unknown_or_empty_result_is_the_result_fields_problem():
    for values in ({}, {"result": ""}, {"result": "win"}, {"result": ["draw", "nope"]}):
        p = problem(values)
        assert (p.field, p.message, p.params) == ("result", "Choose how the hand ended.", {})


# -- penalties -----------------------------------------------------------------------------------


def test_penalties_priced_by_the_rules_or_in_points_come_in_row_order():
    values = {
        "result": "draw",
        "penalty_seat_0": "1",
        "penalty_kind_0": "false_ready",
        "penalty_points_0": "8000",  # left over from "points": the rules price this kind
        "penalty_seat_2": "3",
        "penalty_kind_2": "points",
        "penalty_points_2": "1000",
        "penalty_to_2": "0",
    }

    assert hand(values)["penalties"] == [
        {"seat": 1, "kind": "false_ready"},
        {"seat": 3, "points": 1000, "to": 0},
    ]
    assert penalty_rows(values) == [0, 2]


def test_a_penalty_in_points_without_a_payee_goes_to_nobody():
    values = {"result": "draw", "penalty_seat_1": "2", "penalty_kind_1": "points"}
    values["penalty_points_1"] = "300"

    assert hand(values)["penalties"] == [{"seat": 2, "points": 300}]
    assert penalty_rows(values) == [1]
    assert penalty_rows({"result": "draw"}) == []


@pytest.mark.parametrize(
    ("row", "field", "message"),
    [
        (
            {"penalty_kind_{i}": "false_claim"},
            "penalty_seat_{i}",
            "Penalty %(number)s: choose who pays it.",
        ),
        ({"penalty_to_{i}": "2"}, "penalty_seat_{i}", "Penalty %(number)s: choose who pays it."),
        (
            {"penalty_seat_{i}": "2"},
            "penalty_kind_{i}",
            "Penalty %(number)s: choose what it is for.",
        ),
        (
            {"penalty_seat_{i}": "2", "penalty_kind_{i}": "points"},
            "penalty_points_{i}",
            "Penalty %(number)s: give the points it costs.",
        ),
    ],
)
@pytest.mark.parametrize("i", range(PENALTY_ROWS))
def test_half_a_penalty_names_its_row_and_what_is_missing(row, field, message, i):
    values = {"result": "draw", **{k.format(i=i): v for k, v in row.items()}}

    p = problem(values)

    assert (p.field, p.message, p.params) == (field.format(i=i), message, {"number": i + 1})
    assert str(p) == f"{field.format(i=i)}: {message % {'number': i + 1}}"


# -- the pickers ---------------------------------------------------------------------------------


def test_the_yaku_picker_gives_the_yaku_open_dora_fu_and_liability():
    values = {
        "result": "ron",
        "winners": ["2"],
        "discarder": "3",
        "yaku_2": ["yakuhai_haku", "honitsu"],
        "open_2": "on",
        "yaku_dora_2": "1",
        "fu_2": "40",
        "pao_2": "",
    }

    assert hand(values)["wins"] == [
        {"seat": 2, "yaku": ["yakuhai_haku", "honitsu"], "open": True, "dora": 1, "fu": 40}
    ]
    closed = hand({**values, "open_2": "", "yaku_dora_2": "0", "fu_2": ""})
    assert closed["wins"] == [{"seat": 2, "yaku": ["yakuhai_haku", "honitsu"]}]


def test_the_tile_picker_gives_tiles_winning_tile_melds_and_indicators():
    values = {
        "result": "ron",
        "winners": ["2"],
        "discarder": "0",
        "tiles_2": "678m 234p99p345s555z",
        "win_2": "9p",
        "melds_2": "pon 555z, chi 234p",
        "dora_indicators_2": "1p, 4z",
        "ura_dora_indicators_2": "",
        # The tiles show riichi and a self-draw; only how the hand was won goes with them.
        "yaku_2": ["riichi", "menzen_tsumo", "houtei"],
    }

    win = {
        "seat": 2,
        "tiles": "678m234p99p345s555z",
        "win": "9p",
        "melds": [{"kind": "pon", "tiles": "555z"}, {"kind": "chi", "tiles": "234p"}],
        "dora_indicators": ["1p", "4z"],
        "yaku": ["houtei"],
    }
    assert hand(values)["wins"] == [win]
    # White dragon, under the sea, one dora (2p): 3 han 30 fu on Aiko's discard.
    assert scores("japanese-modern", hand(values)) == [[-3900, 0, 3900, 0]]


def test_an_italian_hand_by_its_sets_gives_every_players_parts():
    values = {
        "result": "tsumo",
        "winners": ["1"],
        # The builder's own "win" is the form's to set: the winner's says so, a loser's not.
        "parts_1": json.dumps({**ITALIAN_SETS, "win": False}),
        "parts_0": json.dumps({"sets": [{"set": "pung", "tiles": "terminals"}], "win": True}),
        "points_2": "8",
        "doubles_2": "1",
        "score_3": "",
    }

    assert hand(values, "italian-official") == {
        "result": "tsumo",
        "wins": [{"seat": 1, "parts": {"win": True, **ITALIAN_SETS}}],
        "losers": [
            {"seat": 0, "parts": {"sets": [{"set": "pung", "tiles": "terminals"}]}},
            {"seat": 2, "points": 8, "doubles": 1},
            {"seat": 3, "points": 0, "doubles": 0},
        ],
    }
    scores("italian-official", hand(values, "italian-official"))


def test_an_italian_winner_gives_points_and_doubles_or_a_fixed_score():
    by_points = {"result": "ron", "winners": ["2"], "discarder": "0", "points_2": "30"}
    by_score = {"result": "ron", "winners": ["2"], "discarder": "0", "score_2": "500"}

    assert hand(by_points, "italian-official")["wins"] == [{"seat": 2, "points": 30, "doubles": 0}]
    assert hand({**by_score, "score_1": "40"}, "italian-official")["losers"] == [
        {"seat": 0, "points": 0, "doubles": 0},
        {"seat": 1, "score": 40},
        {"seat": 3, "points": 0, "doubles": 0},
    ]
    assert hand(by_score, "italian-official")["wins"] == [{"seat": 2, "score": 500}]


# -- every problem -------------------------------------------------------------------------------

TILES = {"result": "tsumo", "winners": ["1"], "tiles_1": "234567m234p45688s", "win_1": "6s"}
YAKU = {"result": "tsumo", "winners": ["1"], "yaku_1": ["menzen_tsumo", "pinfu"]}
ITALIAN_RON = {"result": "ron", "winners": ["1"], "discarder": "0"}
BY_PARTS = {**ITALIAN_RON, "parts_1": json.dumps(ITALIAN_SETS)}

PROBLEMS = [
    ("japanese-modern", {"result": "chonbo"}, "result", "Choose how the hand ended.", {}),
    ("japanese-modern", {"result": "tsumo", "winners": []}, "winners", "Tap who won.", {}),
    (
        "japanese-modern",
        {**RON, "discarder": ""},
        "discarder",
        "Tap who discarded the winning tile.",
        {},
    ),
    ("japanese-modern", {"result": "abortive"}, "reason", "Choose why the deal was aborted.", {}),
    ("japanese-modern", {"result": "chombo"}, "offender", "Tap who made the chombo.", {}),
    ("italian-official", ITALIAN_RON, "points_1", "Give %(name)s's points.", {"name": "Bruno"}),
    (
        "italian-official",
        {**ITALIAN_RON, "score_1": "300", "doubles_1": "1"},
        "score_1",
        "Give either %(name)s's points and doubles or a fixed score, not both.",
        {"name": "Bruno"},
    ),
    (
        "italian-official",
        {**ITALIAN_RON, "points_1": "30", "score_0": "40", "doubles_0": "2"},
        "score_0",
        "Give either %(name)s's points and doubles or a fixed score, not both.",
        {"name": "Aiko"},
    ),
    (
        "japanese-modern",
        {**RON, "score_2": "8000"},
        "score_2",
        "Give either %(name)s's han (or a limit) or a score, not both.",
        {"name": "Chiara"},
    ),
    (
        "japanese-modern",
        {**RON, "value_2": ""},
        "value_2",
        "Choose %(name)s's han (or a limit).",
        {"name": "Chiara"},
    ),
    ("japanese-modern", {**RON, "fu_2": ""}, "fu_2", "Choose %(name)s's fu.", {"name": "Chiara"}),
    (
        "japanese-modern",
        {"result": "draw", "penalty_to_1": "0"},
        "penalty_seat_1",
        "Penalty %(number)s: choose who pays it.",
        {"number": 2},
    ),
    (
        "japanese-modern",
        {"result": "draw", "penalty_seat_2": "0"},
        "penalty_kind_2",
        "Penalty %(number)s: choose what it is for.",
        {"number": 3},
    ),
    (
        "japanese-modern",
        {"result": "draw", "penalty_seat_0": "0", "penalty_kind_0": "points"},
        "penalty_points_0",
        "Penalty %(number)s: give the points it costs.",
        {"number": 1},
    ),
    (
        "japanese-modern",
        {**TILES, "score_1": "2000"},
        "value_1",
        "Give either %(name)s's tiles or the han (or a limit, or a score), not both.",
        {"name": "Bruno"},
    ),
    (
        "japanese-modern",
        {**TILES, "win_1": " "},
        "win_1",
        "Tap %(name)s's winning tile.",
        {"name": "Bruno"},
    ),
    (
        "japanese-modern",
        {**TILES, "melds_1": "pung 555z"},
        "melds_1",
        '%(name)s\'s called sets: write them as "pon 555z, chi 234p".',
        {"name": "Bruno"},
    ),
    (
        "japanese-modern",
        {**YAKU, "value_1": "h5"},
        "value_1",
        "Give either %(name)s's yaku or the han (or a limit, or a score), not both.",
        {"name": "Bruno"},
    ),
    (
        "italian-official",
        {**ITALIAN_RON, "parts_1": "[1, 2]"},
        "points_1",
        "%(name)s's sets could not be read; build them again.",
        {"name": "Bruno"},
    ),
    (
        "italian-official",
        {**ITALIAN_RON, "points_1": "30", "parts_0": "{not json"},
        "points_0",
        "%(name)s's sets could not be read; build them again.",
        {"name": "Aiko"},
    ),
    (
        "italian-official",
        {**BY_PARTS, "points_1": "0"},
        "points_1",
        "Give either %(name)s's sets or the points and doubles (or a score), not both.",
        {"name": "Bruno"},
    ),
    ("italian-official", {**BY_PARTS, "points_0": "ten"}, "points_0", "Enter a whole number.", {}),
    ("japanese-modern", {**RON, "dora_2": "2.5"}, "dora_2", "Enter a whole number.", {}),
    (
        "japanese-modern",
        {
            "result": "draw",
            "penalty_seat_0": "0",
            "penalty_kind_0": "points",
            "penalty_points_0": "1k",
        },
        "penalty_points_0",
        "Enter a whole number.",
        {},
    ),
]


@pytest.mark.parametrize(("preset", "values", "field", "message", "params"), PROBLEMS)
def test_a_missing_or_wrong_field_is_named_with_its_sentence(
    preset, values, field, message, params
):
    p = problem(values, preset)

    assert (p.field, p.message, p.params) == (field, message, params)
    assert p.as_dict() == {"field": field, "message": message, "params": params}
    assert str(p) == f"{field}: {message % params}"
    assert isinstance(p, ValueError)


def test_every_sentence_a_field_problem_can_carry_is_tried_above():
    assert sorted({message for _, _, _, message, _ in PROBLEMS}) == sorted(MESSAGES)


# -- posted strings and cleaned values -----------------------------------------------------------


@pytest.mark.parametrize(
    ("posted", "cleaned", "preset"),
    [
        ({**ITALIAN_RON, "points_1": "300"}, {**ITALIAN_RON, "points_1": 300}, "italian-official"),
        (
            {**ITALIAN_RON, "points_1": ["20"], "doubles_1": " 2 ", "score_3": ["40"]},
            {**ITALIAN_RON, "points_1": 20, "doubles_1": 2, "score_3": 40},
            "italian-official",
        ),
        ({**YAKU, "open_1": "on"}, {**YAKU, "open_1": True}, "japanese-modern"),
        ({**YAKU, "open_1": ["on"]}, {**YAKU, "open_1": True}, "japanese-modern"),
        ({**YAKU, "open_1": ""}, {**YAKU, "open_1": False}, "japanese-modern"),
        ({**YAKU, "yaku_dora_1": "0"}, {**YAKU, "yaku_dora_1": None}, "japanese-modern"),
        ({**RON, "winners": "2"}, {**RON, "winners": ["2"]}, "japanese-modern"),
        ({**RON, "discarder": ["3"], "dora_2": "1"}, {**RON, "dora_2": 1}, "japanese-modern"),
        ({**RON, "riichi": "2"}, {**RON, "riichi": ["2"]}, "japanese-modern"),
        ({**RON, "riichi": ["", "2"]}, {**RON, "riichi": ["2"]}, "japanese-modern"),
        ({**RON, "score_2": ""}, {**RON, "score_2": None}, "japanese-modern"),
        (
            {"result": ["draw"], "tenpai": ["1", "3"]},
            {"result": "draw", "tenpai": ["3", "1"]},
            "japanese-modern",
        ),
        (
            {
                "result": "draw",
                "penalty_seat_0": "1",
                "penalty_kind_0": "points",
                "penalty_points_0": "300",
                "penalty_to_0": "",
            },
            {
                "result": "draw",
                "penalty_seat_0": "1",
                "penalty_kind_0": "points",
                "penalty_points_0": 300,
                "penalty_to_0": None,
            },
            "japanese-modern",
        ),
    ],
)
def test_posted_strings_and_cleaned_values_give_the_same_hand(posted, cleaned, preset):
    assert hand(posted, preset) == hand(cleaned, preset)


def test_the_ticked_box_reads_as_ticked_in_every_spelling_a_browser_or_django_sends():
    for ticked in ("on", "true", "True", "1", "yes", True, ["on"]):
        assert hand({**YAKU, "open_1": ticked})["wins"][0]["open"] is True
    for unticked in ("", "off", "false", "0", None, False, []):
        assert "open" not in hand({**YAKU, "open_1": unticked})["wins"][0]
