"""An impossible record gets an error, never a number: a stable code, the 1-based hand and the
field, and a message a table scorer understands."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import EngineError, RecordError, RulesError, score_game, score_record

from .helpers import draw, error, record, ron, scored, tsumo, win

MODERN = "japanese-modern"
GOOD = ron(1, win(2, 1, 30))


def refused_as_hand_2(rules: Any, bad: dict[str, Any], **game: Any) -> dict[str, Any]:
    """The error of ``bad`` played as the second hand, after a good one."""
    err = error(rules, [GOOD, bad], **game)
    assert err["hand"] == 2
    assert err["message"].startswith("Hand 2: ")
    return err


@pytest.mark.parametrize(
    ("bad", "code", "field"),
    [
        (ron(2, win(2, 1, 30)), "discarder_wins", "from"),
        (ron(0, win(2, 1, 30), win(2, 2, 30)), "duplicate_winner", "wins"),
        ({"result": "tsumo", "wins": [win(1, 1, 30), win(2, 1, 30)]}, "tsumo_winners", "wins"),
        (tsumo(win(4, 1, 30)), "bad_seat", "wins[0].seat"),
        (ron(-1, win(2, 1, 30)), "bad_seat", "from"),
        (draw(0, riichi=[5]), "bad_seat", "riichi"),
        ({"result": "chombo", "offender": 7}, "bad_seat", "offender"),
        (ron(1, win(2, 0, 30)), "below_minimum", "wins[0].han"),
        (ron(1, win(2, 3, 30, dora=3)), "below_minimum", "wins[0].han"),
        (ron(1, win(2, 1, 25)), "bad_fu", "wins[0].fu"),
        (tsumo(win(2, 1, 20)), "bad_fu", "wins[0].fu"),
        (ron(1, win(2, 2, 15)), "bad_fu", "wins[0].fu"),
        (ron(1, win(2, 2, 150)), "bad_fu", "wins[0].fu"),
        (ron(1, win(2, 3)), "missing_field", "wins[0].fu"),
        (ron(1, win(2, 3, 40, dora=4)), "bad_han", "wins[0].dora"),
        (ron(1, win(2, yakuman=7)), "bad_yakuman", "wins[0].yakuman"),
        (ron(1, win(2, 2, 30, pao=3)), "bad_pao", "wins[0].pao"),
        (ron(1, win(2, points=20, doubles=1)), "wrong_value_kind", "wins[0].points"),
        (draw(nagashi=[1]), "no_nagashi", "nagashi"),
        (
            {"result": "ron", "from": 1, "wins": [win(2, 1, 30)], "winner": 2},
            "unknown_field",
            "winner",
        ),
        ({"result": "tsumo", "from": 1, "wins": [win(2, 1, 30)]}, "unknown_field", "from"),
        (
            {
                "result": "ron",
                "from": 1,
                "wins": [{"seat": 2, "han": 1, "fu": 30, "yakus": ["pinfu"]}],
            },
            "unknown_field",
            "wins[0].yakus",
        ),
        ({"result": "win"}, "bad_result", "result"),
        ({"result": "abortive", "reason": "bored"}, "bad_reason", "reason"),
        (
            {"result": "abortive", "reason": "four_riichi", "riichi": [0, 1, 2]},
            "bad_reason",
            "riichi",
        ),
        ({"result": "ron", "wins": [win(2, 1, 30)]}, "missing_field", "from"),
        (
            {"result": "draw", "penalties": [{"seat": 1, "kind": "false_promise"}]},
            "bad_penalty",
            "penalties[0].kind",
        ),
    ],
)
def test_it_refuses_an_impossible_hand_under_japanese_modern(
    bad: dict[str, Any], code: str, field: str
) -> None:
    err = refused_as_hand_2(MODERN, bad)
    assert (err["code"], err["field"]) == (code, field)


def test_it_refuses_a_discarder_who_also_wins() -> None:
    err = refused_as_hand_2(MODERN, ron(2, win(1, 1, 30), win(2, 1, 30)))
    assert (err["code"], err["field"]) == ("discarder_wins", "from")
    assert err["message"] == "Hand 2: seat 2 cannot both win and discard."


def test_it_refuses_0_han_under_japanese_modern_but_not_where_there_is_no_minimum() -> None:
    err = refused_as_hand_2(MODERN, ron(1, win(2, 0, 30)))
    assert err["message"] == ("Hand 2: a win needs at least 1 han without dora; this one has 0.")
    assert scored("arushiiaru", [ron(1, win(2, 0, 30))])["hands"][0]["deltas"] == [0, -120, 120, 0]


def test_it_refuses_han_minus_dora_below_the_minimum() -> None:
    err = refused_as_hand_2(MODERN, tsumo(win(2, 2, 30, dora=2)))
    assert (err["code"], err["field"]) == ("below_minimum", "wins[0].han")


def test_it_refuses_a_riichi_by_a_seat_that_cannot_pay_the_deposit() -> None:
    poor = {"scores": [25000, 25000, 25000, 900]}
    assert scored(MODERN, [draw(0, 1, 2, 3, riichi=[2])], start=poor)["hands"][0]["pool"] == 1000
    err = error(MODERN, [draw(0, 1, 2, 3), draw(riichi=[2, 3])], start=poor)
    assert (err["code"], err["hand"], err["field"]) == ("riichi_without_points", 2, "riichi")
    assert "seat 3 has 900 points" in err["message"]


def test_it_refuses_riichi_where_the_rules_have_none() -> None:
    err = refused_as_hand_2("arushiiaru", draw(riichi=[1]))
    assert (err["code"], err["field"]) == ("no_riichi", "riichi")


def test_it_refuses_two_winners_on_a_discard_where_only_one_may_win() -> None:
    err = refused_as_hand_2("wrc", ron(0, win(1, 1, 30), win(2, 1, 30)))
    assert (err["code"], err["field"]) == ("too_many_winners", "wins")


def test_it_refuses_three_winners_under_tenhou_and_says_to_enter_an_abortive_draw() -> None:
    err = refused_as_hand_2("tenhou", ron(0, win(1, 1, 30), win(2, 1, 30), win(3, 1, 30)))
    assert err["code"] == "too_many_winners"
    assert "triple_ron" in err["message"]


def test_it_refuses_an_abortive_draw_where_the_rules_have_none() -> None:
    err = refused_as_hand_2("ema", {"result": "abortive", "reason": "four_winds"})
    assert (err["code"], err["field"]) == ("no_abortive_draws", "reason")


def test_it_refuses_a_chombo_where_the_rules_have_none() -> None:
    err = refused_as_hand_2("tenhou", {"result": "chombo", "offender": 1})
    assert (err["code"], err["field"]) == ("no_chombo", "result")


def test_it_refuses_a_hand_after_the_game_is_over() -> None:
    start = {"round": "S", "number": 4, "dealer": 3}
    err = error(MODERN, [draw(), draw(), draw()], start=start)
    assert (err["code"], err["hand"], err["field"]) == ("game_over", 2, "result")
    assert err["message"] == "Hand 2: the game is already over; no hand can follow."


def test_it_refuses_an_unknown_option() -> None:
    err = error({"preset": MODERN, "options": {"kiriage": True}}, [GOOD])
    assert (err["code"], err["hand"], err["field"]) == ("unknown_option", None, "kiriage")
    assert err["message"] == "Unknown option 'kiriage'."


@pytest.mark.parametrize(
    ("options", "field", "words"),
    [
        ({"nagashi_mangan_percent": 1700}, "nagashi_mangan_percent", "at most 1600, not 1700"),
        ({"start_points": 25050}, "start_points", "multiple of 100"),
        ({"kiriage_mangan": "yes"}, "kiriage_mangan", "true or false"),
        ({"length": "north"}, "length", "east, south, all"),
        ({"uma": [20, 10, -10, -10]}, "uma", "sum to zero"),
        ({"max_ron_winners": 3, "triple_ron_aborts": True}, "triple_ron_aborts", "three winners"),
    ],
)
def test_it_refuses_an_option_out_of_range(options: dict[str, Any], field: str, words: str) -> None:
    err = error({"preset": MODERN, "options": options}, [GOOD])
    assert (err["code"], err["hand"], err["field"]) == ("bad_option", None, field)
    assert words in err["message"]


def test_it_refuses_an_unknown_preset() -> None:
    err = error("riichi-city", [GOOD])
    assert (err["code"], err["hand"], err["field"]) == ("unknown_preset", None, "rules")
    assert "japanese-modern" in err["message"]  # it lists the presets there are


def test_it_refuses_an_unknown_field_in_the_game() -> None:
    err = error(MODERN, [GOOD], winner=2)
    assert (err["code"], err["hand"], err["field"]) == ("unknown_field", None, "winner")


def test_the_python_api_raises_value_errors_with_the_same_code() -> None:
    with pytest.raises(RecordError) as caught:
        score_game(record(MODERN, [GOOD, ron(2, win(2, 1, 30))]))
    assert isinstance(caught.value, ValueError)
    assert (caught.value.code, caught.value.hand, caught.value.field) == (
        "discarder_wins",
        2,
        "from",
    )
    with pytest.raises(RulesError) as rules_error:
        score_game(record("riichi-city", []))
    assert isinstance(rules_error.value, EngineError)
    assert rules_error.value.code == "unknown_preset"


# Whatever arrives, the answer is a result or an error, never an exception ------------------

VALID = [
    {
        "rules": {"preset": "tenhou", "options": {"kiriage_mangan": True}},
        "start": {"scores": [25000] * 4, "round": "E", "number": 1, "dealer": 0, "pool": 0},
        "hands": [
            ron(1, win(2, 3, 40, dora=1), riichi=[1], penalties=[{"seat": 3, "points": 100}]),
            draw(0, nagashi=[1]),
            {"result": "abortive", "reason": "four_winds"},
        ],
    },
    {
        "rules": "italian-official",
        "hands": [
            {
                "result": "tsumo",
                "wins": [
                    {
                        "seat": 2,
                        "parts": {
                            "win": True,
                            "sets": [{"set": "pung", "tiles": "honours", "honour": "dragon"}],
                            "pair": "dragon",
                            "patterns": ["pung_hand"],
                        },
                    }
                ],
                "losers": [{"seat": s, "points": 2, "doubles": 1} for s in (0, 1, 3)],
            },
            {"result": "chombo", "offender": 1},
        ],
    },
]
WORDS = ["ron", "tsumo", "draw", "pung", "honours", "dragon", "E", "tenhou", "seat_wind", "win"]
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 50000)
    | st.floats(allow_nan=False)
    | st.text(max_size=4)
    | st.sampled_from(WORDS),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=10,
)


def places(obj: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``obj``."""
    out = [path]
    if isinstance(obj, dict):
        for key, value in obj.items():
            out += places(value, (*path, key))
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            out += places(value, (*path, i))
    return out


def replaced(obj: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    if isinstance(obj, dict):
        return {k: replaced(v, path[1:], value) if k == path[0] else v for k, v in obj.items()}
    return [replaced(v, path[1:], value) if i == path[0] else v for i, v in enumerate(obj)]


@settings(max_examples=500, deadline=None)
@given(data=st.data())
def test_any_json_gets_a_result_or_an_error_never_an_exception(data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(VALID))
    for _ in range(data.draw(st.integers(1, 2))):
        game = replaced(game, data.draw(st.sampled_from(places(game))), data.draw(json_values))
    out = score_record(game)
    assert ("error" in out) != ("hands" in out)
    if "error" in out:
        assert set(out["error"]) == {"code", "message", "hand", "field"}


def test_a_note_must_be_text() -> None:
    err = refused_as_hand_2(MODERN, {**draw(), "note": 12})
    assert (err["code"], err["field"]) == ("bad_value", "note")
    assert err["message"] == "Hand 2: 'note' must be text."
    assert scored(MODERN, [{**draw(), "note": "from the paper sheet"}])["hands"]
