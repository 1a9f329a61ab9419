"""Five at a table on a phone (390 x 844): the scorer makes the rotation from the club's games
list, starts game 1 (Aiko sits out), enters a ron and ends it now, starts game 2 (Bruno sits
out), enters a self-draw and ends it; the rotation's page counts the games each player played
and sat out, and the next start names the next to sit out. Then the organiser moves a player
up in the order, which changes the games to come only."""

import os
from pathlib import Path

from playwright.sync_api import expect

from scoring.models import Game, Rotation
from tests.browser.steps import choose as tap
from tests.browser.steps import log_in, ron

SHOTS = Path(os.environ["TENBOU_SCREENSHOTS"]) if os.environ.get("TENBOU_SCREENSHOTS") else None
FIVE = ("Aiko", "Bruno", "Chiara", "Daiki", "Emi")


def _shot(page, name):
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / name), full_page=True)


def _fits(page):
    return page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def _play_and_end(page, enter_hand, saved):
    """On the entry screen of a new game: one hand, then the game page's End now."""
    enter_hand()
    expect(page.locator("#preview [data-preview-ok] .preview-title")).to_have_text(
        f"{saved} if saved"
    )
    with page.expect_navigation():
        page.locator("button[data-save]").click()
    expect(page.locator(".messages")).to_contain_text(f"Hand {saved} saved.")
    page.goto(page.url.replace("/hands/new/", "/"))
    with page.expect_navigation():
        page.click("button:has-text('End now')")
    expect(page.locator(".badge-finished").first).to_be_visible()


def test_a_five_player_night_is_scored_on_a_phone(page, live_server, club, alice, bob):
    page.on("dialog", lambda dialog: dialog.accept())  # End the game now? Yes.
    log_in(page, live_server.url, "bob")
    page.goto(f"{live_server.url}/clubs/{club.slug}/games/")
    with page.expect_navigation():
        page.click("a:has-text('Five at a table')")
    page.select_option("#id_rules", "preset:japanese-modern")
    for i, name in enumerate(FIVE):
        page.fill(f"#id_player_{i}", name)
    page.fill("#id_table", "5")
    assert _fits(page), "the rotation's form is wider than the phone"
    _shot(page, "rotation-new-390.png")
    with page.expect_navigation():
        page.click("form.start-form button[type=submit]")
    rotation = Rotation.objects.get()
    assert page.url.endswith(f"/clubs/{club.slug}/rotations/{rotation.pk}/")
    expect(page.locator(".rotation-places .name")).to_have_text(list(FIVE))

    # Game 1: Aiko sits out; Daiki (West) wins 2 han 30 fu on Emi's (North) discard.
    start = page.locator("button[data-rotation-next]")
    expect(start).to_have_text("Start game 1 (Aiko sits out)")
    with page.expect_navigation():
        start.click()
    expect(page.locator(".messages")).to_contain_text("Game 1 started: Aiko sits out.")
    expect(page.locator("fieldset:has(input[name=winners]) label")).to_contain_text(
        ["Bruno", "Chiara", "Daiki", "Emi"]
    )
    _play_and_end(page, lambda: ron(page, 2, 3, 2, 30), "E1")
    expect(page.locator(".crumbs")).to_contain_text("Five at a table, game 1")

    # Back on the rotation's page: game 2, Bruno sits out; Daiki (South) wins by self-draw.
    with page.expect_navigation():
        page.click(".crumbs a:has-text('Five at a table')")
    start = page.locator("button[data-rotation-next]")
    expect(start).to_have_text("Start game 2 (Bruno sits out)")
    with page.expect_navigation():
        start.click()
    expect(page.locator("fieldset:has(input[name=winners]) label")).to_contain_text(
        ["Chiara", "Daiki", "Emi", "Aiko"]
    )

    def tsumo():
        tap(page, "result", "tsumo")
        tap(page, "winners", "1")
        tap(page, "value_1", "1")
        tap(page, "fu_1", "30")

    _play_and_end(page, tsumo, "E1")
    with page.expect_navigation():
        page.click(".crumbs a:has-text('Five at a table')")

    # The standing counts the games each played (and sat out), best total first.
    rows = page.locator("[data-rotation-standing] tbody tr")
    expect(rows.locator(".name")).to_have_text(["Daiki", "Bruno", "Aiko", "Emi", "Chiara"])
    expect(rows.locator(".games")).to_have_text(["2", "1", "1", "2", "2"])
    expect(rows.locator(".total")).to_have_text(["+73.1", "+5.0", "-15.3", "-22.3", "-40.5"])
    expect(page.locator(".rotation-games .game-card")).to_have_count(2)
    expect(page.locator("button[data-rotation-next]")).to_have_text(
        "Start game 3 (Chiara sits out)"
    )
    assert _fits(page), "the rotation's page is wider than the phone"
    _shot(page, "rotation-page-390.png")
    assert [g.status for g in Game.objects.order_by("pk")] == ["finished", "finished"]

    # The club's games list names each game's rotation.
    page.goto(f"{live_server.url}/clubs/{club.slug}/games/")
    expect(page.locator(".rotation-tag")).to_have_text(
        ["five at a table, game 2", "five at a table, game 1"]
    )

    # The organiser moves Chiara up: game 3 is now Bruno's to sit out; games 1 and 2 stay.
    page.context.clear_cookies()
    log_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}/clubs/{club.slug}/rotations/{rotation.pk}/")
    with page.expect_navigation():
        page.click("button[aria-label='Move Chiara up']")
    expect(page.locator(".messages")).to_contain_text("The order is changed for the games to come.")
    expect(page.locator(".rotation-places .name")).to_have_text(
        ["Aiko", "Chiara", "Bruno", "Daiki", "Emi"]
    )
    expect(page.locator("button[data-rotation-next]")).to_have_text("Start game 3 (Bruno sits out)")
    expect(page.locator(".rotation-games .game-card-title")).to_have_text(
        ["Game 1 · Aiko sat out", "Game 2 · Bruno sat out"]
    )
    assert _fits(page), "the organiser's rotation page is wider than the phone"
    _shot(page, "rotation-organiser-390.png")
    assert page.errors == []
