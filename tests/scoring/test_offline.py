"""The phone's outbox endpoint, the service worker, the manifest and the offline page
(scoring/offline.py). The browser side is in tests/browser/test_offline.py."""

import json

from django.conf import settings
from django.test import Client

from scoring.models import Game, Submission
from tests.scoring.conftest import RON

# The entry form's fields of RON (Chiara wins 2 han 30 fu on Daiki's discard).
RON_FIELDS = {"result": "ron", "winners": "2", "discarder": "3", "value_2": "2", "fu_2": "30"}


def _send(client, game, number, key, **fields):
    data = {**RON_FIELDS, **fields, "key": key, "expected_number": str(number)}
    return client.post(f"/games/{game.pk}/hands/send/", data, HTTP_ACCEPT="application/json")


def test_a_hand_from_the_outbox_is_entered_once_and_a_repeat_gets_the_first_answer(
    client, bob, running_game
):
    client.force_login(bob)

    first = _send(client, running_game, 4, "phone-1-hand-4", flash="1")
    repeat = _send(client, running_game, 4, "phone-1-hand-4")

    running_game.refresh_from_db()
    assert first.status_code == repeat.status_code == 201
    assert repeat["Idempotent-Replayed"] == "true" and "Idempotent-Replayed" not in first
    body = first.json()
    assert body["number"] == 4 and body["hand_count"] == 4 and body["repeated"] is False
    assert body["next_url"] == f"/games/{running_game.pk}/hands/new/"
    assert repeat.json()["repeated"] is True and repeat.json()["number"] == 4
    assert running_game.hand_count == 4
    assert running_game.hands.get(number=4).data == RON
    assert Submission.objects.filter(game=running_game, key="phone-1-hand-4").count() == 1
    # The page the outbox goes on to says the hand was saved.
    page = client.get(body["next_url"])
    assert f"Hand {body['label']} saved." in page.content.decode()


def test_a_stale_hand_number_answers_409_with_both_hands(client, bob, running_game):
    client.force_login(bob)

    response = _send(client, running_game, 3, "phone-1-late")

    assert response.status_code == 409
    body = response.json()
    assert body["error"]["code"] == "stale_hand_number"
    assert body["hand_count"] == 3
    assert [t["number"] for t in body["theirs"]] == [3]
    assert body["theirs"][0]["label"] == running_game.hands.get(number=3).label
    assert body["ours"] == "Chiara won on Daiki's discard (2 han 30 fu)"
    assert Game.objects.get(pk=running_game.pk).hand_count == 3
    # Put after theirs: the same key with the next number goes in.
    again = _send(client, running_game, 4, "phone-1-late")
    assert again.status_code == 201 and again.json()["number"] == 4


def test_a_hand_the_rules_refuse_is_a_422_naming_the_field_and_saves_nothing(
    client, bob, running_game
):
    client.force_login(bob)

    response = _send(client, running_game, 4, "k", value_2="1", dora_2="1")

    assert response.status_code == 422
    assert "Chiara" in response.json()["error"]["message"]
    assert Game.objects.get(pk=running_game.pk).hand_count == 3


def test_an_incomplete_hand_or_one_without_its_key_is_a_400(client, bob, running_game):
    client.force_login(bob)

    incomplete = _send(client, running_game, 4, "k", discarder="")
    no_key = _send(client, running_game, 4, "")

    assert incomplete.status_code == 400
    assert incomplete.json()["error"] == {
        "code": "invalid",
        "message": "Tap who discarded the winning tile.",
        "field": "discarder",
    }
    assert no_key.status_code == 400 and "key" in no_key.json()["error"]["message"]
    assert Game.objects.get(pk=running_game.pk).hand_count == 3


def test_a_finished_game_refuses_the_hand_with_409_not_running(client, bob, finished_game):
    client.force_login(bob)

    response = _send(client, finished_game, 2, "k")

    assert response.status_code == 409 and response.json()["error"]["code"] == "not_running"


def test_only_a_logged_in_scorer_sends_hands(client, charlie, running_game):
    anonymous = _send(client, running_game, 4, "k")
    client.force_login(charlie)
    member = _send(client, running_game, 4, "k")

    assert anonymous.status_code == 401
    assert member.status_code == 403
    assert member.json()["error"]["code"] == "permission_denied"
    assert Game.objects.get(pk=running_game.pk).hand_count == 3


def test_the_outbox_needs_the_csrf_token_it_asks_for(bob, running_game):
    client = Client(enforce_csrf_checks=True)
    client.force_login(bob)

    refused = _send(client, running_game, 4, "k")
    session = client.get("/offline/session/").json()
    sent = client.post(
        f"/games/{running_game.pk}/hands/send/",
        {**RON_FIELDS, "key": "k", "expected_number": "4"},
        HTTP_X_CSRFTOKEN=session["csrf"],
    )

    assert refused.status_code == 403
    assert session["user"] == bob.pk
    assert sent.status_code == 201


def test_pages_name_their_user_for_the_service_worker(client, bob, running_game):
    anonymous = client.get("/login/")
    client.force_login(bob)
    page = client.get(f"/games/{running_game.pk}/")
    api = client.get(f"/api/games/{running_game.pk}/")

    assert anonymous["X-Tenbou-User"] == ""
    assert page["X-Tenbou-User"] == str(bob.pk)
    assert "X-Tenbou-User" not in api  # JSON answers are never kept as pages


def test_the_service_worker_is_served_at_the_root_with_its_files(client):
    response = client.get("/sw.js")

    text = response.content.decode()
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    assert '"/static/js/outbox.js"' in text and '"/offline/"' in text
    # Every stylesheet and script of ours, the entry screen's pickers among them.
    for name in ("css/hand_values.css", "js/yaku.js", "js/tiles.js", "js/sets.js", "js/offline.js"):
        assert f'"/static/{name}"' in text
    assert "{{" not in text and "{%" not in text
    # A POST to these forgets the kept pages: each may change who is logged in.
    changes = '["/login/", "/logout/", "/signup/", "/admin/login/", "/admin/logout/"]'
    assert f"const SESSION_CHANGES = {changes};" in text


def test_the_manifest_names_the_app_and_its_icons(client):
    response = client.get("/manifest.webmanifest")

    body = json.loads(response.content)
    assert response["Content-Type"] == "application/manifest+json"
    assert body["display"] == "standalone" and body["start_url"] == "/"
    for icon in body["icons"]:
        assert client.get(icon["src"]).status_code == 200


def test_the_offline_page_names_nobody(client, bob):
    client.force_login(bob)

    response = client.get("/offline/")

    text = response.content.decode()
    assert "This page needs a connection" in text
    # The kept games are listed on the phone, from the cache the worker keeps for its user.
    assert "data-kept-games" in text and 'data-pages="tenbou-pages-u"' in text
    assert "bob" not in text and "csrfmiddlewaretoken" not in text


def test_every_page_carries_the_scripts_words_in_its_language(client, bob, running_game):
    client.force_login(bob)

    english = client.get(f"/games/{running_game.pk}/hands/new/")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    italian = client.get(f"/games/{running_game.pk}/hands/new/")

    def words(response):
        text = response.content.decode()
        start = text.index('<script id="tenbou-text" type="application/json">')
        return json.loads(text[text.index(">", start) + 1 : text.index("</script>", start)])

    assert words(english)["offline"] == "No connection."
    assert words(italian)["offline"] == "Nessuna connessione."
    assert words(italian)["keep_theirs"] == "Tieni la loro (scarta la nostra)"
