"""The phone refuses what the server refuses (docs/offline.md): offline, Save checks the hand
with the engine on the phone and keeps only a hand the server would take; a hand it would
refuse stays in the form with the words the server answers for it, in the page's language.

Each refusal the entry screen can give is tried on one screen (the engine starts once), and
its words compared with the server's own answer for the same fields (the outbox's endpoint,
asked in the same language by Django's test client)."""

import uuid

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation
from playwright.sync_api import expect

from scoring.models import Game
from scoring.offline.worker import SCRIPT_TEXT
from tests.browser.steps import choose, keep_engine, log_in, open_entry, ron


def _no_han(page):
    choose(page, "result", "ron")
    choose(page, "winners", "2")
    choose(page, "discarder", "3")


def _dora_only(page):
    # 1 han of which 1 is dora: the engine wants 1 han without dora (on Chiara's han).
    ron(page, winner=2, discarder=3, han=1, fu=30)
    page.evaluate("() => { document.querySelector('details[data-more]').open = true; }")
    page.fill("input[name=dora_2]", "1")


def _four_riichi_without_riichi(page):
    # An abortive draw by four riichi with nobody's riichi ticked: the engine names the field.
    choose(page, "result", "abortive")
    choose(page, "reason", "four_riichi")


def _penalty_without_its_kind(page):
    choose(page, "result", "draw")
    page.evaluate("() => { document.querySelector('details[data-more]').open = true; }")
    page.select_option("select[name=penalty_seat_0]", "1")


# A field the hand lacks (the form's check), the engine's refusal on a seat's field, on a
# field of the hand, and a penalty row the form cannot read.
REFUSALS = [_no_han, _dora_only, _four_riichi_without_riichi, _penalty_without_its_kind]


def _form_fields(page):
    return page.evaluate(
        "() => TenbouOutbox.formFields(document.querySelector('form[data-hand-form]'))"
    )


def _servers_words(game, bob, fields, language):
    """What the server answers for these fields, as the phone would send them, in ``language``:
    the outbox's "Not saved: ..." around the refusal's message."""
    client = Client()
    client.force_login(bob)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    body = {}
    for name, value in fields:
        body.setdefault(name, []).append(value)
    answer = client.post(
        f"/games/{game.pk}/hands/send/",
        {**body, "key": uuid.uuid4().hex, "expected_number": str(game.hand_count + 1)},
    )
    assert answer.status_code >= 400, answer.content
    with translation.override(language):
        wrapper = str(SCRIPT_TEXT["not_saved"])
    return wrapper.replace("{error}", answer.json()["error"]["message"])


def _clear(page):
    page.evaluate(
        """() => {
            const form = document.querySelector('form[data-hand-form]');
            form.reset();
            form.dispatchEvent(new Event('change', {bubbles: true}));
        }"""
    )


@pytest.mark.parametrize("language", ["en", "ja"])
def test_offline_save_refuses_on_the_phone_in_the_servers_words_and_keeps_only_a_good_hand(
    page, live_server, bob, game, language
):
    log_in(page, live_server.url, "bob")
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
    )
    open_entry(page, live_server.url, game)
    keep_engine(page)
    with translation.override(language):
        checking = translation.gettext("Checking the hand on this phone…")
        saved_here = str(SCRIPT_TEXT["saved_here"]).replace("{number}", "1")

    page.context.set_offline(True)
    note = page.locator("[data-outbox-note]")
    for index, fill in enumerate(REFUSALS):
        _clear(page)
        fill(page)
        page.locator("button[data-save]").click()
        if index == 0:
            # The engine starts as the phone goes offline: Save waits for it, and says so.
            expect(note).to_have_text(checking)
            expect(page.locator("form[data-hand-form]")).to_have_attribute("aria-busy", "true")
        words = _servers_words(game, bob, _form_fields(page), language)
        expect(note).to_have_text(words, timeout=60_000)
        expect(note).to_have_class("errors outbox-note")
        # Not kept: nothing waits on the phone, and what was typed stays to be fixed.
        expect(page.locator("[data-outbox] .outbox-hand")).to_have_count(0)
        expect(page.locator("button[data-save]")).to_be_enabled()
        assert _form_fields(page) != []

    # Fixed, it is kept, and reaches the server once the connection returns.
    _clear(page)
    ron(page, winner=2, discarder=3, han=2, fu=30)
    page.locator("button[data-save]").click()
    expect(note).to_have_text(saved_here, timeout=60_000)
    expect(page.locator("[data-outbox] .outbox-hand")).to_have_count(1)
    assert Game.objects.get(pk=game.pk).hand_count == 0

    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("[data-outbox] .outbox-hand")).to_have_count(0, timeout=20_000)
    hands = list(Game.objects.get(pk=game.pk).hands.all())
    assert [h.data["wins"] for h in hands] == [[{"seat": 2, "han": 2, "fu": 30}]]


def test_a_hand_saved_online_that_cannot_be_sent_is_checked_on_the_phone_after_all(
    page, live_server, bob, game
):
    # The phone believes it is online, but the hand's request never arrives: it is checked
    # on the phone then, and the one the server would refuse waits as refused, in the form.
    log_in(page, live_server.url, "bob")
    open_entry(page, live_server.url, game)
    keep_engine(page)
    page.route("**/hands/send/", lambda route: route.abort("internetdisconnected"))

    _no_han(page)
    page.locator("button[data-save]").click()

    words = _servers_words(game, bob, _form_fields(page), "en")
    assert words == "Not saved: Choose Chiara's han (or a limit)."
    expect(page.locator("[data-outbox-note]")).to_have_text(words, timeout=60_000)
    refused = page.locator(".outbox-refused")
    expect(refused).to_contain_text("Hand 1 was refused: Choose Chiara's han (or a limit).")
    expect(page.locator("[data-outbox]")).to_contain_text("1 refused")
    assert Game.objects.get(pk=game.pk).hand_count == 0
