"""The narrowest phone (360 px): a 30-character name stays inside its seat button (wrapped, two
lines at most) and is shown whole in the preview; the standings show each player's position,
name and points without a sideways swipe. With ``TENBOU_SCREENSHOTS=dir`` the tests
save the screens there."""

import datetime
import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from clubs.models import Player
from leagues.models import League, Season
from scoring import services
from tests.browser.steps import log_in
from tests.factories import play, tsumo

LONG = "Maximiliana Wolkenstein-Rodeck"
PHONE = {"width": 360, "height": 740}
DAY = datetime.date(2026, 3, 14)


def _overflows(locator):
    """Whether the element's content is wider or taller than its box (cut or ellipsized)."""
    return locator.evaluate("e => e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight")


def _inside(inner, outer):
    a, b = inner.bounding_box(), outer.bounding_box()
    return (
        a["x"] >= b["x"] - 0.5
        and a["y"] >= b["y"] - 0.5
        and a["x"] + a["width"] <= b["x"] + b["width"] + 0.5
        and a["y"] + a["height"] <= b["y"] + b["height"] + 0.5
    )


@pytest.mark.parametrize("viewport", [PHONE], ids=["360"])
def test_a_long_name_stays_in_its_seat_button_and_is_whole_in_the_preview(
    page, viewport, live_server, club, bob
):
    assert len(LONG) == 30
    players = [
        Player.objects.create(club=club, display_name=n) for n in ("Aiko", LONG, "Chiara", "Daiki")
    ]
    game = services.game_create(club=club, players=players, rules="japanese-modern", created_by=bob)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/games/{game.pk}/hands/new/")

    page.locator("label:has(> input[name=result][value=ron])").click()
    page.locator("label:has(> input[name=winners][value='1'])").click()
    page.locator("label:has(> input[name=discarder][value='3'])").click()
    page.locator("label:has(> input[name=value_1][value='2'])").click()
    page.locator("label:has(> input[name=fu_1][value='30'])").click()

    for name in ("winners", "discarder"):
        chip = page.locator(f"label.seat-chip:has(> input[name={name}][value='1'])")
        button = chip.locator("> span")
        assert _inside(button, chip), name
        assert chip.bounding_box()["x"] + chip.bounding_box()["width"] <= 360, name
        # The name wraps inside the button (its third line on is cut by an ellipsis): nothing
        # spills out sideways, and the button keeps to its column.
        assert button.evaluate("e => e.scrollWidth <= e.clientWidth"), name
        assert _inside(button.locator(".chip-name"), button), name
    preview_name = page.locator("#preview .preview-seats li").nth(1).locator(".name")
    expect(preview_name).to_have_text(LONG)
    assert not _overflows(preview_name)
    box = preview_name.bounding_box()
    assert box["x"] + box["width"] <= 360
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    if os.environ.get("TENBOU_SCREENSHOTS"):
        folder = Path(os.environ["TENBOU_SCREENSHOTS"])
        folder.mkdir(parents=True, exist_ok=True)
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.screenshot(path=str(folder / "scoring-entry-long-name-360.png"), full_page=True)
    assert page.errors == []


@pytest.mark.parametrize("viewport", [PHONE], ids=["360"])
def test_the_standings_show_position_player_and_points_without_a_sideways_swipe(
    page, viewport, live_server, club, bob
):
    # Placement points: the widest table (a points column besides the total).
    league = League.objects.create(
        club=club,
        name="Spring League",
        slug="spring",
        rules={"preset": "japanese-modern"},
        aggregate=League.Aggregate.PLACEMENT,
        placement_points=[30, 10, -10, -30],
    )
    season = Season.objects.create(league=league, name="2026", starts=datetime.date(2026, 1, 1))
    players = [
        Player.objects.create(club=club, display_name=n) for n in ("Aiko", LONG, "Chiara", "Daiki")
    ]
    for winner in (1, 2):
        play(club, players, bob, [tsumo(winner, han=5)], league=league, played_on=DAY)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/clubs/{club.slug}/leagues/spring/seasons/{season.pk}/")

    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(4)
    for i in range(4):
        row = rows.nth(i)
        for cell in ("td.rank", "th.name", "td.total", "td.points"):
            box = row.locator(cell).bounding_box()
            assert box is not None and box["width"] > 0, (i, cell)
            assert box["x"] >= 0 and box["x"] + box["width"] <= 360, (i, cell)
    expect(rows.filter(has_text=LONG).locator("th.name")).to_have_text(LONG)
    scroller = page.locator(".table-scroll")
    assert scroller.evaluate("e => e.scrollWidth <= e.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    if os.environ.get("TENBOU_SCREENSHOTS"):
        folder = Path(os.environ["TENBOU_SCREENSHOTS"])
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / "leagues-standings-360.png"), full_page=True)
    assert page.errors == []
