"""The phone's outbox endpoint, the service worker, the manifest and the offline page
(scoring/offline/). The browser side is in tests/browser/test_offline.py."""

import json
import re

import pytest
from django.conf import settings
from django.core.checks import run_checks
from django.core.management import call_command
from django.test import Client

from scoring.models import Game, Submission
from scoring.offline import phone_engine
from tests.scoring.conftest import RON, RON_FIELDS, _send


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


def test_a_hand_the_rules_refuse_is_a_400_naming_the_field_and_saves_nothing(
    client, bob, running_game
):
    client.force_login(bob)

    response = _send(client, running_game, 4, "k", value_2="1", dora_2="1")

    assert response.status_code == 400
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


def test_a_finished_game_refuses_the_hand_with_400_not_running(client, bob, finished_game):
    client.force_login(bob)

    response = _send(client, finished_game, 2, "k")

    assert response.status_code == 400 and response.json()["error"]["code"] == "not_running"


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
    assert '"/static/offline/outbox.js"' in text and '"/offline/?language=it"' in text
    # Every stylesheet and script of ours, the entry screen's pickers among them.
    # The offline scripts have their folder (static/offline/).
    for name in (
        "css/hand_values.css",
        "js/yaku.js",
        "js/tiles.js",
        "js/sets.js",
        "offline/offline.js",
        "offline/engine.js",
    ):
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


def _worker_list(text, name):
    start = text.index(f"const {name} = ") + len(f"const {name} = ")
    return json.loads(text[start : text.index(";\n", start)])


def test_under_the_manifest_storage_the_worker_lists_the_deployments_hashed_files(
    client, settings, tmp_path
):
    # As a deployment serves them: DEBUG off (pytest's), collectstatic, the manifest storage.
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
    }
    call_command("collectstatic", interactive=False, verbosity=0)
    manifest = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]

    response = client.get("/sw.js")

    assert response.status_code == 200
    text = response.content.decode()
    static_files = [u for u in _worker_list(text, "APP_FILES") if u.startswith("/static/")]
    hashed = {f"/static/{name}" for name in manifest.values()}
    assert static_files and set(static_files) <= hashed, set(static_files) - hashed
    assert f"/static/{manifest['offline/outbox.js']}" in static_files
    assert f"/static/{manifest['offline/engine.js']}" in static_files
    assert 'const STATIC_PREFIX = "/static/";' in text
    assert [
        m
        for m in run_checks(tags=["staticfiles"], include_deployment_checks=True)
        if m.id.startswith("scoring.")
    ] == []


def test_the_deploy_check_says_when_the_worker_cannot_list_its_files(settings, tmp_path):
    # The manifest storage without collectstatic: /sw.js could not be served.
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
    }

    problems = [
        m
        for m in run_checks(tags=["staticfiles"], include_deployment_checks=True)
        if m.id.startswith("scoring.")
    ]

    assert [m.id for m in problems] == ["scoring.E001"]
    assert "js/" in problems[0].msg and "collectstatic" in problems[0].hint


def test_the_outbox_answers_a_body_over_the_limit_with_json(client, bob, running_game, settings):
    client.force_login(bob)
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000

    response = _send(client, running_game, 4, "k", note="x" * 20_000)

    assert response.status_code == 413
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"] == {
        "code": "too_large",
        "message": "This hand is larger than the site takes (10,000 bytes): shorten its note.",
    }
    assert Game.objects.get(pk=running_game.pk).hand_count == 3


def test_the_engines_worker_and_bundle_do_not_vary_by_language_or_cookie(client, bob):
    client.force_login(bob)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"

    for url in phone_engine.files():
        if url.startswith("/static/"):
            continue  # served by the static files handler, before any middleware
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="ja")
        assert response.status_code == 200, url
        vary = {v.strip().lower() for v in response.get("Vary", "").split(",")}
        assert not vary & {"cookie", "accept-language"}, (url, response["Vary"])
        assert "Content-Language" not in response, url


def test_the_worker_installs_the_apps_files_without_cookies():
    # An install still running at a sign-up sent the session cookie the login had just
    # replaced; the server deleted the cookie in that answer, and the new account was logged
    # out (tests/browser/test_club_from_scratch.py, on a busy machine).
    worker = (settings.BASE_DIR / "templates" / "scoring" / "sw.js").read_text()
    install = worker[worker.index('addEventListener("install"') :]
    install = install[: install.index("});")]
    assert 'new Request(u, { cache: "reload", credentials: "omit" })' in install


def test_the_phone_looks_up_the_engines_files_ignoring_vary():
    engine_js = (settings.BASE_DIR / "static" / "offline" / "engine.js").read_text()
    worker = (settings.BASE_DIR / "templates" / "scoring" / "sw.js").read_text()

    lookups = re.findall(r"caches\.match\(([^)]*)\)", engine_js)
    assert lookups and all(args.endswith(", MATCH") for args in lookups), lookups
    assert "var MATCH = { ignoreVary: true };" in engine_js
    assert "caches.match(request, { ignoreVary: true })" in worker


@pytest.mark.parametrize(
    ("language", "title"),
    [
        ("en", "This page needs a connection"),
        ("it", "Questa pagina richiede una connessione"),
        ("ja", "このページには接続が必要です"),
    ],
)
def test_the_offline_page_comes_in_each_language_the_worker_keeps(client, language, title):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en" if language != "en" else "ja"
    worker = client.get("/sw.js").content.decode()
    pages = _worker_list(worker, "OFFLINE_PAGES")
    assert set(pages) == {code for code, _name in settings.LANGUAGES}
    assert set(pages.values()) <= set(_worker_list(worker, "APP_FILES"))

    response = client.get(pages[language])

    text = response.content.decode()
    assert title in text and f'<html lang="{language}">' in text
    assert response["Content-Language"] == language


def test_the_workers_refresh_of_a_kept_page_leaves_the_one_time_message_to_the_tab(
    client, bob, running_game
):
    # After a write the worker fetches the game's kept pages anew while the tab follows the
    # redirect: the message the write left ("Undone hand 3") must reach the tab, not the copy.
    client.force_login(bob)
    client.post(f"/games/{running_game.pk}/undo/", {"number": "3"})
    entry = f"/games/{running_game.pk}/hands/new/"

    kept = client.get(entry, HTTP_X_TENBOU_KEPT="1")
    shown = client.get(entry)

    assert kept.status_code == shown.status_code == 200
    assert 'class="messages"' not in kept.content.decode()
    assert "Undone hand 3" in shown.content.decode()


def test_the_worker_marks_its_refresh_of_a_kept_page(client):
    assert 'headers: { "X-Tenbou-Kept": "1" }' in client.get("/sw.js").content.decode()
