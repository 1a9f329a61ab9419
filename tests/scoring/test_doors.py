"""The three doors a new hand comes in by (the entry form's page, the API, the phone's outbox)
answer the same refusal the same way: one service decides (services.hand_submit), and the two
JSON doors answer through core.api's one handler, with one status per code (docs/api.md)."""

import html
import json
from urllib.parse import urlencode

import pytest
from django.contrib.messages import get_messages
from django.http import QueryDict

import engine
from scoring import services
from scoring.forms import hand_form
from tests.scoring.conftest import RON

# Chiara wins on Daiki's discard, as the entry form's fields.
RON_FIELDS = {"result": "ron", "winners": "2", "discarder": "3", "value_2": "2", "fu_2": "30"}
# The same win with 1 han, and that han a dora: the engine refuses it (no han without dora).
NO_HAN_FIELDS = {**RON_FIELDS, "value_2": "1", "dora_2": "1"}
OTHER_FIELDS = {**RON_FIELDS, "value_2": "3"}


def _hand(game, fields):
    """The game-record hand the form makes of ``fields``: what the API is sent."""
    form = hand_form(game, QueryDict(urlencode(fields)))
    assert form.is_valid(), form.errors
    return form.hand()


def _api(client, game, fields, number, key):
    body = {**_hand(game, fields), "expected_number": number}
    return client.post(
        f"/api/games/{game.pk}/hands/",
        json.dumps(body),
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY=key,
    )


def _outbox(client, game, fields, number, key):
    data = {**fields, "key": key, "expected_number": str(number)}
    return client.post(f"/games/{game.pk}/hands/send/", data, HTTP_ACCEPT="application/json")


def _page(client, game, fields, number, key):
    data = {**fields, "key": key, "expected_number": str(number)}
    return client.post(f"/games/{game.pk}/hands/new/", data)


def _page_words(response):
    """What the page tells the scorer: its text, or the message the redirect leaves."""
    if response.status_code == 302:
        return " ".join(str(m) for m in get_messages(response.wsgi_request))
    return html.unescape(response.content.decode())


def _engine_refusal(game, bob):
    return game, NO_HAN_FIELDS, 4, "k-no-han"


def _reused_key(game, bob):
    # The key first came with Chiara's ron as hand 4; now it comes with another hand.
    services.hand_submit(
        game=game, hand=_hand(game, RON_FIELDS), user=bob, expected_number=4, key="k-reused"
    )
    return game, OTHER_FIELDS, 5, "k-reused"


def _stale_number(game, bob):
    return game, RON_FIELDS, 3, "k-stale"  # the game has 3 hands: the next is 4


def _not_running(game, bob):
    services.game_finish(game=game, user=bob)
    return game, RON_FIELDS, 4, "k-over"


# (case, who sends it, status of both JSON doors, code, status of the page)
CASES = [
    (_engine_refusal, "bob", 400, "below_minimum", 200),
    (_reused_key, "bob", 422, "idempotency_key_reused", 200),
    (_stale_number, "bob", 409, "stale_hand_number", 200),
    (_not_running, "bob", 400, "not_running", 302),
    (_engine_refusal, "charlie", 403, "permission_denied", 403),
]


@pytest.mark.parametrize(
    ("case", "who", "status", "code", "page_status"),
    CASES,
    ids=["engine-refusal", "reused-key", "stale-number", "not-running", "no-role"],
)
def test_the_three_doors_answer_a_refusal_alike(
    client, running_game, bob, charlie, case, who, status, code, page_status
):
    game, fields, number, key = case(running_game, bob)
    client.force_login({"bob": bob, "charlie": charlie}[who])
    hands = game.hands.count()

    api = _api(client, game, fields, number, key)
    outbox = _outbox(client, game, fields, number, key)
    page = _page(client, game, fields, number, key)

    assert (api.status_code, outbox.status_code, page.status_code) == (
        status,
        status,
        page_status,
    )
    api_error, outbox_error = api.json()["error"], outbox.json()["error"]
    assert api_error["code"] == outbox_error["code"] == code
    words = _page_words(page)
    if code == "below_minimum":
        # Worded for the input each door takes: the API names the game record's field, the
        # outbox and the page the form's ("Chiara's han"), in the same words.
        assert (api_error["field"], outbox_error["field"]) == ("wins[0].han", "value_2")
        assert api_error["hand"] == outbox_error["hand"] == 4
        assert "Chiara" in outbox_error["message"]
        assert outbox_error["message"] in words
    else:
        assert api_error == outbox_error
        if code == "idempotency_key_reused":
            # The page gives the form a key of its own, and says which hand it was saved as.
            assert "This form was saved before, as hand 4" in words
        else:
            assert api_error["message"] in words
    assert game.hands.count() == hands  # nothing was saved by any door


def test_a_stale_number_carries_where_the_game_stands_from_both_json_doors(
    client, running_game, bob
):
    client.force_login(bob)

    api = _api(client, running_game, RON_FIELDS, 3, "k-1").json()
    outbox = _outbox(client, running_game, RON_FIELDS, 3, "k-2").json()

    assert api["state"] == outbox["state"]
    assert api["state"]["hand_count"] == outbox["hand_count"] == 3
    assert [t["number"] for t in outbox["theirs"]] == [3]


def test_a_hand_saved_by_one_door_is_a_repeat_at_another(client, running_game, bob):
    client.force_login(bob)

    first = _outbox(client, running_game, RON_FIELDS, 4, "k-shared")
    again = _api(client, running_game, RON_FIELDS, 4, "k-shared")

    assert (first.status_code, again.status_code) == (201, 201)
    assert again["Idempotent-Replayed"] == "true"
    assert again.json()["number"] == first.json()["number"] == 4
    running_game.refresh_from_db()
    assert running_game.hand_count == 4
    assert running_game.hands.get(number=4).data == RON


@pytest.mark.parametrize("door", [_api, _outbox, _page], ids=["api", "outbox", "page"])
def test_a_saved_hand_is_scored_once_from_the_progress_and_its_answer_carries_the_preview(
    client, running_game, bob, monkeypatch, door
):
    client.force_login(bob)
    replays, continuations = [], []
    score_game, continue_record = engine.score_game, engine.continue_record
    monkeypatch.setattr(
        engine, "score_game", lambda record: replays.append(1) or score_game(record)
    )
    monkeypatch.setattr(
        engine,
        "continue_record",
        lambda *a, **k: continuations.append(a[2]) or continue_record(*a, **k),
    )

    response = door(client, running_game, RON_FIELDS, 4, f"k-{door.__name__}")

    assert response.status_code in (201, 302)
    # no replay of the game's three hands: the new hand alone, from the cached progress
    assert (len(replays), continuations) == (0, [[RON]])
    # What a preview of the hand would have shown is in the saved hand's answer: no preview
    # request is needed before a save.
    preview = services.hand_preview(game=running_game, hand=RON, user=bob, number=4)
    saved = services.hand_submit(game=running_game, hand=RON, user=bob, key=f"k-{door.__name__}")
    assert saved.repeated
    assert (saved.response["result"], saved.response["final"]) == (
        preview["hand"],
        preview["final"],
    )


def test_an_organiser_correcting_an_abandoned_game_is_refused_alike_by_the_page_and_the_api(
    client, running_game, alice, bob
):
    services.game_abandon(game=running_game, user=bob, reason="the table left")
    client.force_login(alice)
    before = running_game.hands.get(number=2).data

    api = client.put(
        f"/api/games/{running_game.pk}/hands/2/",
        json.dumps({**RON, "reason": "typo"}),
        content_type="application/json",
        HTTP_IF_MATCH="*",
    )
    page = client.post(
        f"/games/{running_game.pk}/hands/2/",
        {**RON_FIELDS, "change_reason": "typo", "hand_tag": "*"},
    )

    assert api.status_code == 400
    assert api.json()["error"] == {
        "code": "not_running",
        "message": "An abandoned game cannot be changed.",
    }
    assert page.status_code == 200
    assert "An abandoned game cannot be changed." in _page_words(page)
    assert running_game.hands.get(number=2).data == before
