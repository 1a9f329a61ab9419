"""Five at a table on the phone without a connection: the phone's engine (entry/phone.py)
previews a hand of a game of five as the server does, five rows of changes, and words the
refusal of the seat sitting the hand out as the server words it."""

import json

import pytest
from django.http import QueryDict
from django.utils import translation

from entry import phone
from scoring import engine_messages, selectors, services
from scoring.forms import HandForm
from tests.factories import players

FIVE = ("Aiko", "Bruno", "Chiara", "Daiki", "Eva")


@pytest.fixture
def five(club, bob):
    return services.game_create(
        club=club, players=players(club, FIVE), rules="japanese-modern-five", created_by=bob
    )


def _ask(game, typed, queued=(), words=None):
    ask = {
        "record": services.game_record(game, players=()),
        "names": selectors.player_names(game),
        "queued": list(queued),
        "fields": typed,
    }
    if words is not None:
        ask["words"] = words
    return ask


def test_the_phone_previews_five_rows_as_the_server_does(bob, five):
    typed = {
        "result": ["ron"],
        "winners": ["2"],
        "discarder": ["1"],
        "value_2": ["3"],
        "fu_2": ["40"],
    }
    posted = QueryDict(mutable=True)
    for name, values in typed.items():
        posted.setlist(name, values)
    form = HandForm(posted, rules=five.rules, names=selectors.player_names(five), dealer=0)
    assert form.is_valid(), form.errors

    answer = json.loads(phone.preview_json(json.dumps(_ask(five, typed))))

    server = services.hand_preview(game=five, hand=form.hand(), user=bob)
    assert answer == {"number": 1, **server}
    assert answer["hand"]["deltas"] == [0, -5200, 5200, 0, 0]
    assert len(answer["final"]["scores"]) == 5


def test_a_hand_waiting_on_the_phone_passes_the_deal_and_the_seat_out(five):
    # Hand 1 waits on the phone: Chiara wins, Bruno deals East 2 and Aiko sits it out.
    queued = [
        {"result": ["ron"], "winners": ["2"], "discarder": ["1"], "value_2": ["3"], "fu_2": ["40"]}
    ]
    ok = {"result": ["tsumo"], "winners": ["4"], "value_4": ["h5"]}
    out = {"result": ["tsumo"], "winners": ["0"], "value_0": ["h5"]}

    answer = phone.preview(_ask(five, ok, queued))
    refused = phone.preview(_ask(five, out, queued))

    assert answer["hand"]["deltas"] == [0, -4000, -2000, -2000, 8000]
    assert refused["error"]["code"] == "sits_out"
    assert refused["error"]["mine"] is True
    assert refused["error"]["text"] == (
        "Aiko's han: seat 0 sits out this hand (East 2), so it cannot win."
    )


def test_the_refusal_is_worded_in_the_readers_language(five):
    typed = {
        "result": ["ron"],
        "winners": ["1"],
        "discarder": ["4"],
        "value_1": ["1"],
        "fu_1": ["30"],
    }
    with translation.override("it"):
        words = engine_messages.phone_words()
    refused = phone.preview(_ask(five, typed, words=words))

    assert refused["error"]["code"] == "sits_out"
    assert refused["error"]["text"] == (
        "Scartato da: Questo giocatore salta questa mano (cinque al tavolo): non può giocarla."
    )
