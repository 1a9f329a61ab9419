"""A game of five at a table on a phone (390 x 844): started on the form, which shows the fifth
seat only for five-seat rules; a ron entered with the seat sitting East 1 out not offered,
then East 2 with the outgoing dealer out; the game page's ledger with five columns and the
seat that sat each hand out marked."""

import os
from pathlib import Path

from playwright.sync_api import expect

from scoring.models import Game
from tests.browser.steps import choose, log_in

SHOTS = Path(os.environ["TENBOU_SCREENSHOTS"]) if os.environ.get("TENBOU_SCREENSHOTS") else None
FIVE = ("Aiko", "Bruno", "Chiara", "Daiki", "Eva")


def _shot(page, name):
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.screenshot(path=str(SHOTS / name), full_page=True)


def _fits(page):
    return page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def _preview(page, title, deltas, next_line):
    box = page.locator("#preview [data-preview-ok]")
    expect(box.locator(".preview-title")).to_have_text(title)
    expect(box.locator(".preview-seats .delta")).to_have_text(deltas)
    expect(box.locator(".preview-next")).to_contain_text(next_line)


def test_a_game_of_five_is_started_and_a_hand_entered_on_a_phone(page, live_server, club, bob):
    log_in(page, live_server.url, "bob")
    page.goto(f"{live_server.url}/clubs/{club.slug}/games/new/")
    expect(page.locator("#id_seat_4")).to_be_hidden()  # four-player rules first
    page.select_option("#id_rules", "preset:japanese-modern-five")
    expect(page.locator("#id_seat_4")).to_be_visible()
    expect(page.locator("#id_seat_3")).to_be_visible()
    for seat, name in enumerate(FIVE):
        page.fill(f"#id_seat_{seat}", name)
    assert _fits(page), "the start form is wider than the phone"
    _shot(page, "five-start-390.png")
    with page.expect_navigation():
        page.locator("form.start-form button[type=submit]").click()
    game = Game.objects.get()
    assert game.seat_count == 5
    assert page.url.endswith(f"/games/{game.pk}/hands/new/")

    # East 1: Aiko deals, Eva sits out: four seats to tap, East to North.
    winners = page.locator("input[name=winners]")
    expect(winners).to_have_count(4)
    expect(page.locator("fieldset:has(input[name=winners]) bdi")).to_have_text(FIVE[:4])
    expect(page.locator("fieldset:has(input[name=winners]) small")).to_have_text(
        ["East", "South", "West", "North"]
    )
    # Chiara's 3 han 40 fu on Bruno's discard: 5,200; Eva's row in the preview stays 0.
    choose(page, "result", "ron")
    choose(page, "winners", "2")
    choose(page, "discarder", "1")
    choose(page, "value_2", "3")
    choose(page, "fu_2", "40")
    _preview(page, "E1 if saved", ["0", "-5,200", "+5,200", "0", "0"], "Next E2 · dealer Bruno")
    assert _fits(page), "the entry screen is wider than the phone"
    _shot(page, "five-entry-ron-390.png")
    with page.expect_navigation():
        page.locator("button[data-save]").click()
    expect(page.locator(".messages")).to_contain_text("Hand E1 saved.")

    # East 2: Bruno deals and Aiko, the outgoing dealer, sits out; Eva plays North.
    expect(page.locator("fieldset:has(input[name=winners]) bdi")).to_have_text(FIVE[1:])
    choose(page, "result", "draw")
    choose(page, "tenpai", "4")
    _preview(page, "E2 if saved", ["0", "-1,000", "-1,000", "-1,000", "+3,000"], "dealer Chiara")
    with page.expect_navigation():
        page.locator("button[data-save]").click()
    expect(page.locator(".messages")).to_contain_text("Hand E2 saved.")

    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator(".seat-score")).to_have_text(
        ["25,000", "18,800", "29,200", "24,000", "28,000"]
    )
    expect(page.locator(".ledger thead th")).to_have_count(6)  # five seats and the pool
    expect(page.locator(".ledger .sat-out .delta")).to_have_text(["out", "out"])
    expect(page.locator(".seat-card.sits-out .seat-wind")).to_have_text("Sits out")
    assert _fits(page), "the game page is wider than the phone"
    _shot(page, "five-game-390.png")
    game.refresh_from_db()
    assert [h.data for h in game.hands.order_by("number")] == [
        {"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 40}]},
        {"result": "draw", "tenpai": [4]},
    ]
    assert page.errors == []
