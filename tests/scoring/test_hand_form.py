"""The entry form's "More" inputs: penalties, dora, a fixed score, nagashi mangan, liability.
Each as form fields → the game-record hand; the engine's refusals on the field they name; a
correction carries them through."""

import pytest

import engine
from scoring.forms import HandForm, form_cannot_show, initial_from_hand, penalty_kinds
from tests.scoring.conftest import RON, hand_tag

NAMES = ["Aiko", "Bruno", "Chiara", "Daiki"]


def _rules(preset):
    return {"preset": preset, "options": engine.rules_as_options(engine.resolve_rules(preset))}


def _entry(preset):
    return engine.describe_entry(engine.resolve_rules(preset))


def _form(data, preset="japanese-modern", **kwargs):
    return HandForm(data, rules=_rules(preset), names=NAMES, dealer=0, **kwargs)


def _hand(data, preset="japanese-modern"):
    form = _form(data, preset)
    assert form.is_valid(), form.errors
    assert "hand" in form.cleaned_data, form.errors
    return form.hand()


RON_FORM = {"result": "ron", "winners": ["2"], "discarder": "3", "value_2": "3", "fu_2": "40"}


# -- form → hand ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "kinds"),
    [
        ("japanese-modern", ["false_claim", "false_ready", "points"]),
        ("japanese-classical", ["false_claim", "points"]),
        ("tenhou", ["points"]),
        ("ema", ["points"]),
        ("italian-official", ["false_ready", "false_out", "points"]),
    ],
)
def test_the_penalty_kinds_are_those_the_rules_price(preset, kinds):
    assert [k for k, _ in penalty_kinds(_entry(preset))] == kinds


def test_the_penalty_labels_quote_the_rules_amounts():
    labels = dict(penalty_kinds(_entry("italian-official")))

    assert labels["false_ready"] == "Faulty ready declaration (1,000 off)"
    assert labels["false_out"] == "Faulty out, play goes on (500 off)"


def test_a_penalty_of_a_kind_goes_into_the_hand():
    hand = _hand({**RON_FORM, "penalty_seat_0": "0", "penalty_kind_0": "false_claim"})

    assert hand["penalties"] == [{"seat": 0, "kind": "false_claim"}]


def test_a_penalty_in_points_names_who_is_paid_if_anyone():
    hand = _hand(
        {
            **RON_FORM,
            "penalty_seat_0": "1",
            "penalty_kind_0": "points",
            "penalty_points_0": "1000",
            "penalty_to_0": "2",
            "penalty_seat_2": "3",
            "penalty_kind_2": "points",
            "penalty_points_2": "300",
        }
    )

    assert hand["penalties"] == [
        {"seat": 1, "points": 1000, "to": 2},
        {"seat": 3, "points": 300},
    ]


def test_an_amount_left_on_a_penalty_the_rules_price_is_not_sent():
    hand = _hand(
        {
            **RON_FORM,
            "penalty_seat_0": "0",
            "penalty_kind_0": "false_claim",
            "penalty_points_0": "5000",
        }
    )

    assert hand["penalties"] == [{"seat": 0, "kind": "false_claim"}]


@pytest.mark.parametrize(
    ("extra", "field", "message"),
    [
        ({"penalty_kind_0": "false_claim"}, "penalty_seat_0", "Penalty 1: choose who pays it."),
        ({"penalty_seat_1": "2"}, "penalty_kind_1", "Penalty 2: choose what it is for."),
        (
            {"penalty_seat_0": "2", "penalty_kind_0": "points"},
            "penalty_points_0",
            "Penalty 1: give the points it costs.",
        ),
    ],
)
def test_half_a_penalty_is_refused_naming_what_is_missing(extra, field, message):
    form = _form({**RON_FORM, **extra})

    form.is_valid()

    assert "hand" not in form.cleaned_data
    assert form.errors[field] == [message]


def test_penalties_go_with_any_result():
    hand = _hand(
        {"result": "draw", "tenpai": ["1"], "penalty_seat_0": "3", "penalty_kind_0": "false_ready"}
    )

    assert hand == {
        "result": "draw",
        "tenpai": [1],
        "penalties": [{"seat": 3, "kind": "false_ready"}],
    }


def test_dora_go_with_a_win_counted_in_han():
    hand = _hand({**RON_FORM, "dora_2": "2", "riichi": ["2"]})

    assert hand == {
        "result": "ron",
        "from": 3,
        "wins": [{"seat": 2, "han": 3, "fu": 40, "dora": 2}],
        "riichi": [2],
    }


def test_dora_on_a_limit_button_go_with_its_han_and_not_with_a_yakuman():
    mangan = _hand({"result": "tsumo", "winners": ["0"], "value_0": "h5", "dora_0": "3"})
    yakuman = _hand({"result": "tsumo", "winners": ["0"], "value_0": "y1", "dora_0": "3"})

    assert mangan["wins"] == [{"seat": 0, "han": 5, "dora": 3}]
    assert yakuman["wins"] == [{"seat": 0, "yakuman": 1}]


@pytest.mark.parametrize("preset", ["japanese-classical", "arushiiaru", "italian-official"])
def test_there_is_no_dora_input_where_dora_cannot_matter(preset):
    form = _form(None, preset)

    assert "dora_0" not in form.fields
    assert not form.layout()["more"]["dora"]
    assert "dora" not in form.layout()["more"]["summary"]


def test_a_score_in_basic_points_stands_for_han_and_fu():
    hand = _hand({"result": "ron", "winners": ["2"], "discarder": "3", "score_2": "200"})

    assert hand["wins"] == [{"seat": 2, "score": 200}]


def test_a_score_and_han_together_are_refused_on_the_score():
    form = _form({**RON_FORM, "score_2": "200"})

    form.is_valid()

    assert form.errors["score_2"] == ["Give either Chiara's han (or a limit) or a score, not both."]


def test_a_fixed_score_under_italian_official_for_the_winner_and_a_loser():
    hand = _hand(
        {
            "result": "tsumo",
            "winners": ["1"],
            "score_1": "3000",
            "points_0": "8",
            "doubles_0": "1",
            "score_3": "0",
        },
        "italian-official",
    )

    assert hand == {
        "result": "tsumo",
        "wins": [{"seat": 1, "score": 3000}],
        "losers": [
            {"seat": 0, "points": 8, "doubles": 1},
            {"seat": 2, "points": 0, "doubles": 0},
            {"seat": 3, "score": 0},
        ],
    }


def test_nagashi_mangan_at_a_draw_where_the_rules_pay_it():
    form = _form(None, "tenhou")
    hand = _hand({"result": "draw", "tenpai": ["0"], "nagashi": ["3"]}, "tenhou")

    assert "nagashi mangan" in form.layout()["more"]["summary"]
    assert hand == {"result": "draw", "tenpai": [0], "nagashi": [3]}
    assert _form(None)["nagashi"] is not None
    assert _form(None).layout()["nagashi"] == []  # Japanese Modern does not pay it


def test_the_liable_seat_goes_with_a_yakuman():
    hand = _hand(
        {"result": "ron", "winners": ["2"], "discarder": "3", "value_2": "y1", "pao_2": "0"}
    )

    assert hand["wins"] == [{"seat": 2, "yakuman": 1, "pao": 0}]


# -- the engine's refusals -----------------------------------------------------------------------


def _refusal(data, preset="japanese-modern"):
    """The form after the engine scored its hand: the error is on the field it names."""
    form = _form(data, preset)
    assert form.is_valid() and "hand" in form.cleaned_data, form.errors
    result = engine.score_record({"rules": preset, "hands": [form.hand()]})
    error = engine.EngineError(
        result["error"]["message"].removeprefix("Hand 1: "),
        code=result["error"]["code"],
        hand=result["error"]["hand"],
        field=result["error"]["field"],
    )
    text = form.add_engine_error(error, 1)
    return form, text


def test_a_dora_count_above_the_han_is_refused_on_the_dora():
    form, text = _refusal({**RON_FORM, "dora_2": "4"})

    assert text == "Chiara's dora: 4 dora cannot be more than the 3 han."
    assert form.errors["dora_2"] == [text]
    assert form.layout()["more"]["open"]


def test_a_dora_only_hand_is_refused_on_the_han():
    form, text = _refusal({**RON_FORM, "value_2": "2", "fu_2": "30", "dora_2": "2"})

    assert text == "Chiara's han: a win needs at least 1 han without dora; this one has 0."
    assert form.errors["value_2"] == [text]


def test_a_penalty_the_hand_cannot_have_is_refused_on_its_row():
    form, text = _refusal(
        {
            "result": "draw",
            "penalty_seat_0": "1",
            "penalty_kind_0": "points",
            "penalty_points_0": "100",
            "penalty_seat_1": "0",
            "penalty_kind_1": "false_claim",
        }
    )

    assert text == "Penalty 2: a faulty claim is paid to the winner: this hand has none."
    assert form.errors["penalty_kind_1"] == [text]
    assert form.layout()["more"]["penalties"][1]["errors"] == [text]


def test_a_penalty_paid_to_its_offender_is_refused_on_who_is_paid():
    form, text = _refusal(
        {
            **RON_FORM,
            "penalty_seat_2": "1",
            "penalty_kind_2": "points",
            "penalty_points_2": "100",
            "penalty_to_2": "1",
        }
    )

    assert text == "Penalty 3: a penalty cannot be paid to the offender."
    assert form.errors["penalty_to_2"] == [text]


def test_an_error_the_form_has_no_field_for_stays_on_the_form():
    form = _form(RON_FORM)
    form.is_valid()

    text = form.add_engine_error(engine.EngineError("the game is over.", code="game_over"), 1)

    assert text == "the game is over."
    assert form.non_field_errors() == ["the game is over."]


def test_an_error_about_a_later_hand_is_not_put_on_this_forms_fields():
    # Correcting hand 1 can make hand 3 impossible: its wins[0] is not this form's.
    form = _form(RON_FORM)
    form.is_valid()
    error = engine.EngineError("20 fu comes with 2 han.", hand=3, field="wins[0].fu")

    text = form.add_engine_error(error, 1)

    assert text == "Hand 3: 20 fu comes with 2 han."
    assert form.non_field_errors() == [text]


# -- corrections ---------------------------------------------------------------------------------

ROUND_TRIPS = [
    (
        "japanese-modern",
        {
            "result": "ron",
            "from": 1,
            "wins": [{"seat": 2, "han": 3, "fu": 40, "dora": 1}, {"seat": 0, "score": 400}],
            "riichi": [2],
            "penalties": [{"seat": 3, "kind": "false_claim"}, {"seat": 1, "points": 1000, "to": 0}],
        },
    ),
    ("tenhou", {"result": "draw", "tenpai": [1], "nagashi": [3]}),
    ("tenhou", {"result": "draw", "tenpai": [], "note": "from the paper sheet: phone died"}),
    ("japanese-modern", {"result": "tsumo", "wins": [{"seat": 2, "yakuman": 1, "pao": 0}]}),
    (
        "italian-official",
        {
            "result": "ron",
            "from": 0,
            "wins": [{"seat": 1, "score": 2000}],
            "losers": [
                {"seat": 0, "points": 8, "doubles": 1},
                {"seat": 2, "score": 0},
                {"seat": 3, "points": 0, "doubles": 0},
            ],
            "penalties": [{"seat": 3, "kind": "false_out"}],
        },
    ),
]


@pytest.mark.parametrize(("preset", "data"), ROUND_TRIPS)
def test_the_correction_form_carries_the_more_inputs_through(preset, data):
    initial = initial_from_hand(data)
    posted = {k: [str(x) for x in v] if isinstance(v, list) else str(v) for k, v in initial.items()}

    assert form_cannot_show(data, _entry(preset)) == []
    assert _hand(posted, preset) == data


def test_the_correction_form_opens_more_when_the_hand_has_such_inputs():
    form = _form(None, correction=True, initial=initial_from_hand(ROUND_TRIPS[0][1]))

    more = form.layout()["more"]
    assert more["open"]
    assert more["penalties"][1]["points"] == ["1000"] and more["penalties"][1]["to"] == ["0"]
    assert not _form(None, initial=initial_from_hand(RON)).layout()["more"]["open"]


def test_what_the_form_cannot_show_is_named():
    entry = _entry("japanese-modern")
    data = {
        "result": "tsumo",
        "wins": [{"seat": 0, "han": 7}],
        "note": "paper sheet",
        "penalties": [{"seat": 1, "points": 100}] * 4,
    }

    assert form_cannot_show(data, entry) == ["more than 3 penalties", "7 han"]


# -- through the entry screen --------------------------------------------------------------------


def test_a_scorer_saves_a_hand_with_dora_and_a_penalty(client, bob, running_game):
    client.force_login(bob)

    response = client.post(
        f"/games/{running_game.pk}/hands/new/",
        {
            **RON_FORM,
            "dora_2": "1",
            "penalty_seat_0": "0",
            "penalty_kind_0": "false_claim",
            "expected_number": "4",
        },
    )

    assert response.status_code == 302
    assert running_game.hands.get(number=4).data == {
        "result": "ron",
        "from": 3,
        "wins": [{"seat": 2, "han": 3, "fu": 40, "dora": 1}],
        "penalties": [{"seat": 0, "kind": "false_claim"}],
    }


def test_the_engines_refusal_shows_on_the_field_it_names_and_nothing_is_saved(
    client, bob, running_game
):
    client.force_login(bob)

    response = client.post(
        f"/games/{running_game.pk}/hands/new/",
        {
            "result": "draw",
            "tenpai": ["0"],
            "penalty_seat_0": "1",
            "penalty_kind_0": "false_claim",
            "expected_number": "4",
        },
    )

    message = "Penalty 1: a faulty claim is paid to the winner: this hand has none."
    assert response.status_code == 200
    assert response.context["form"].errors["penalty_kind_0"] == [message]
    assert response.context["error"] == message  # in the preview box by the save button
    html = response.content.decode()
    assert '<details class="more" data-more open>' in html
    assert html.count(message) == 2
    assert running_game.hands.count() == 3


def test_the_preview_names_the_field_the_engine_refuses(client, bob, running_game):
    client.force_login(bob)

    response = client.post(f"/games/{running_game.pk}/hands/preview/", {**RON_FORM, "dora_2": "4"})

    assert response.context["error"] == "Chiara's dora: 4 dora cannot be more than the 3 han."


def test_the_entry_screen_folds_the_more_inputs_away(client, bob, running_game):
    client.force_login(bob)

    html = client.get(f"/games/{running_game.pk}/hands/new/").content.decode()

    assert '<details class="more" data-more>' in html
    assert "More: dora, fixed score, penalties" in html
    assert 'name="penalty_kind_0"' in html and 'name="dora_2"' in html


def test_a_correction_keeps_penalties_and_dora_without_a_warning(client, bob, running_game):
    from scoring import services

    data = {
        "result": "ron",
        "from": 3,
        "wins": [{"seat": 2, "han": 3, "fu": 40, "dora": 1}],
        "penalties": [{"seat": 1, "points": 1000, "to": 0}],
    }
    services.hand_submit(game=running_game, hand=data, user=bob, expected_number=4)
    client.force_login(bob)

    page = client.get(f"/games/{running_game.pk}/hands/4/")
    posted = {
        k: v
        for k, v in {**initial_from_hand(data), "change_reason": "riichi was Chiara's"}.items()
        if v not in ([], None)
    }
    posted["riichi"] = ["2"]
    posted["hand_tag"] = page.context["form"].initial["hand_tag"]
    client.post(f"/games/{running_game.pk}/hands/4/", posted)

    assert page.context["cannot_show"] == []
    assert b"the form cannot show" not in page.content
    assert page.context["words"] == (
        "Chiara won on Daiki's discard (3 han 40 fu, 1 dora); penalty: Bruno (1,000 points to Aiko)"
    )
    assert running_game.hands.get(number=4).data == {**data, "riichi": [2]}


def test_the_correction_form_warns_of_what_it_would_drop(client, bob, running_game):
    from scoring import services

    services.hand_submit(
        game=running_game,
        hand={**RON, "penalties": [{"seat": 1, "points": 100}] * 4},
        user=bob,
    )
    client.force_login(bob)

    page = client.get(f"/games/{running_game.pk}/hands/4/")

    assert b"This hand has details the form cannot show (more than 3 penalties)." in page.content


def test_a_note_is_entered_shown_for_correction_and_kept(client, bob, running_game):
    client.force_login(bob)
    url = f"/games/{running_game.pk}/hands/new/"
    form = {"result": "draw", "note": "  Table 3 paper sheet  ", "expected_number": "4"}

    client.post(url, {**form, "save": "1"})
    page = client.get(f"/games/{running_game.pk}/hands/4/").content.decode()
    client.post(
        f"/games/{running_game.pk}/hands/4/",
        {
            "result": "draw",
            "tenpai": ["1"],
            "note": "Table 3 paper sheet",
            "change_reason": "x",
            "hand_tag": hand_tag(running_game, 4),
        },
    )

    assert 'name="note" maxlength="1000" value="Table 3 paper sheet"' in page
    assert "form cannot show" not in page
    game_page = client.get(f"/games/{running_game.pk}/").content.decode()
    assert "note: “Table 3 paper sheet”" in game_page
    assert running_game.hands.get(number=4).data == {
        "result": "draw",
        "tenpai": [1],
        "note": "Table 3 paper sheet",
    }
