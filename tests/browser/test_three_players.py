"""A three-player game on a phone (390 x 844): started on the form, which shows the North seat
only for four-player rules; a ron with north tiles set aside and a self-draw paid by the two
others entered online, then a draw entered offline, previewed by the engine on the phone and
sent when the connection returns."""

import os
from pathlib import Path

from playwright.sync_api import expect

from scoring.models import Game
from tests.browser.steps import choose, keep_engine, kept, log_in

SHOTS = Path(os.environ["TENBOU_SCREENSHOTS"]) if os.environ.get("TENBOU_SCREENSHOTS") else None


def _shot(page, name):
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.screenshot(path=str(SHOTS / name), full_page=True)


def _fits(page):
    return page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def _preview(page, title, deltas, next_line, phone=False, timeout=5_000):
    box = page.locator("#preview [data-preview-phone]" if phone else "#preview [data-preview-ok]")
    expect(box.locator(".preview-title")).to_have_text(title, timeout=timeout)
    expect(box.locator(".preview-seats .delta")).to_have_text(deltas)
    expect(box.locator(".preview-next")).to_contain_text(next_line)


def test_a_three_player_game_is_started_and_scored_on_a_phone_one_hand_offline(
    page, live_server, club, bob
):
    log_in(page, live_server.url, "bob")
    page.goto(f"{live_server.url}/clubs/{club.slug}/games/new/")
    expect(page.locator("#id_seat_3")).to_be_visible()  # four-player rules first
    page.select_option("#id_rules", "preset:tenhou-sanma")
    expect(page.locator("#id_seat_3")).to_be_hidden()
    for seat, name in enumerate(("Aiko", "Bruno", "Chiara")):
        page.fill(f"#id_seat_{seat}", name)
    _shot(page, "sanma-start-390.png")
    with page.expect_navigation():
        page.locator("form.start-form button[type=submit]").click()
    game = Game.objects.get()
    assert game.seat_count == 3
    assert page.url.endswith(f"/games/{game.pk}/hands/new/")

    # Three seats to tap, East, South, West.
    winners = page.locator("input[name=winners]")
    expect(winners).to_have_count(3)
    expect(page.locator("fieldset:has(input[name=winners]) small")).to_have_text(
        ["East", "South", "West"]
    )
    # E1: Chiara 1 han 30 fu on Aiko's discard, two north tiles set aside: 3 han, 3,900.
    choose(page, "result", "ron")
    choose(page, "winners", "2")
    choose(page, "discarder", "0")
    choose(page, "value_2", "1")
    choose(page, "fu_2", "30")
    page.fill("input[name=north_2]", "2")
    _preview(page, "E1 if saved", ["-3,900", "0", "+3,900"], "Next E2 · dealer Bruno")
    assert _fits(page), "the entry screen is wider than the phone"
    _shot(page, "sanma-entry-ron-390.png")
    with page.expect_navigation():
        page.locator("button[data-save]").click()
    expect(page.locator(".messages")).to_contain_text("Hand E1 saved.")

    # E2, Bruno dealing: Chiara's mangan by self-draw, 4,000 from Bruno and 2,000 from Aiko.
    choose(page, "result", "tsumo")
    choose(page, "winners", "2")
    choose(page, "value_2", "h5")
    _preview(page, "E2 if saved", ["-2,000", "-4,000", "+6,000"], "Next E3 · dealer Chiara")
    with page.expect_navigation():
        page.locator("button[data-save]").click()
    expect(page.locator(".messages")).to_contain_text("Hand E2 saved.")

    # The game page, kept on the phone, and the entry screen with the engine.
    page.goto(f"{live_server.url}/games/{game.pk}/")
    kept(page, f"/games/{game.pk}/")
    expect(page.locator(".seat-score")).to_have_text(["29,100", "31,000", "44,900"])
    entry = f"/games/{game.pk}/hands/new/"
    page.goto(f"{live_server.url}{entry}")
    kept(page, entry)
    page.reload()
    keep_engine(page)

    # E3 offline: a draw, Aiko and Chiara (the dealer) ready; Bruno pays 1,000 to each and
    # Chiara keeps the deal. The engine on the phone previews it.
    page.context.set_offline(True)
    choose(page, "result", "draw")
    choose(page, "tenpai", "0")
    choose(page, "tenpai", "2")
    _preview(
        page,
        "E3 if saved",
        ["+1,000", "-2,000", "+1,000"],
        "Next E3-1 · dealer Chiara",
        phone=True,
        timeout=60_000,
    )
    expect(page.locator("#preview .preview-seats .total")).to_have_text(
        ["30,100", "29,000", "45,900"]
    )
    _shot(page, "sanma-entry-offline-390.png")
    page.locator("button[data-save]").click()
    expect(page.locator("[data-outbox-note]")).to_have_text(
        "Hand 3 saved on this phone, waiting to be sent."
    )
    assert Game.objects.get().hand_count == 2

    # Back online the outbox sends the hand, then reloads the entry screen (its form untouched)
    # to show the game as it stands: wait for that reload, or it aborts the next page's load.
    with page.expect_navigation(timeout=60_000):
        page.context.set_offline(False)
        page.evaluate("window.dispatchEvent(new Event('online'))")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("#hand-3")).to_be_visible(timeout=20_000)
    expect(page.locator(".seat-score")).to_have_text(["30,100", "29,000", "45,900"])
    expect(page.locator(".ledger thead th")).to_have_count(4)  # three seats and the pool
    assert _fits(page), "the game page is wider than the phone"
    _shot(page, "sanma-game-390.png")
    game.refresh_from_db()
    hands = [h.data for h in game.hands.order_by("number")]
    assert hands == [
        {"result": "ron", "from": 0, "wins": [{"seat": 2, "han": 1, "fu": 30, "north": 2}]},
        {"result": "tsumo", "wins": [{"seat": 2, "han": 5}]},
        {"result": "draw", "tenpai": [0, 2]},
    ]
    assert page.errors == []
