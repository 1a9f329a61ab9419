"""The entry screen at phone size follows the rules: Arushiiaru's 0 han chip and no dora
stepper; under Japanese Modern the riichi yaku ticks the declaration, and a riichi player not
ticked ready at a draw gets a hint. With ``TENBOU_SCREENSHOTS=dir`` the test saves the two
screens there (entry-arushiiaru-390.png, entry-riichi-not-ready-390.png; kept in docs/screenshots/
as scoring-entry-*-390.png)."""

import os
from pathlib import Path

from playwright.sync_api import expect

from clubs.models import Player
from scoring import services
from tests.browser.steps import log_in


def _shot(page, name):
    folder = os.environ.get("TENBOU_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        width = page.viewport_size["width"]
        page.screenshot(path=str(Path(folder) / f"{name}-{width}.png"), full_page=True)


def test_the_entry_screen_offers_what_the_rules_use(page, live_server, club, bob):
    players = [
        Player.objects.create(club=club, display_name=n)
        for n in ("Aiko", "Bruno", "Chiara", "Daiki")
    ]
    old = services.game_create(club=club, players=players, rules="arushiiaru", created_by=bob)
    log_in(page, live_server.url)

    def choose(name, value):
        page.locator(f"label:has(> input[name='{name}'][value='{value}'])").click()

    # Arushiiaru: a win without yaku, 0 han 30 fu on Chiara's discard: 120 (the seed's cell).
    page.goto(f"{live_server.url}/games/{old.pk}/hands/new/")
    choose("result", "ron")
    choose("winners", "1")
    choose("discarder", "2")
    choose("value_1", "0")
    choose("fu_1", "30")
    expect(page.locator("#preview .preview-seats .delta")).to_have_text(["0", "+120", "-120", "0"])
    page.locator("[data-yaku-picker][data-seat='1'] > summary").click()
    expect(page.locator("[data-dora-step]")).to_have_count(0)
    row = page.locator(".seat-value[data-seat='1'] .han-row label").all()
    tops = {round(label.bounding_box()["y"]) for label in row}
    assert len(row) == 5 and len(tops) == 1  # 0 to 4 han in one row
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    _shot(page, "entry-arushiiaru")

    # Japanese Modern: riichi picked among the yaku ticks the winner's Riichi chip.
    modern = services.game_create(
        club=club, players=players, rules="japanese-modern", created_by=bob
    )
    page.goto(f"{live_server.url}/games/{modern.pk}/hands/new/")
    choose("result", "tsumo")
    choose("winners", "2")
    page.locator("[data-yaku-picker][data-seat='2'] > summary").click()
    page.locator("label:has(> input[name='yaku_2'][value='riichi'])").click()
    expect(page.locator("input[name=riichi][value='2']")).to_be_checked()
    expect(page.locator("input[name=yaku_2][value='riichi']")).to_be_checked()

    # A draw: Bruno declared riichi and is not ticked ready: the hint names him until he is.
    page.goto(f"{live_server.url}/games/{modern.pk}/hands/new/")
    choose("result", "draw")
    choose("tenpai", "0")
    choose("riichi", "1")
    hint = page.locator("[data-riichi-not-ready]")
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("Declared riichi, not ticked ready: Bruno.")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    _shot(page, "entry-riichi-not-ready")
    choose("tenpai", "1")
    expect(hint).to_be_hidden()
