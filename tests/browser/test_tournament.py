"""A tournament night through the pages at desk size: the organiser makes the event under the
club's rule set, registers and checks in eight players, draws and starts round 1, sees the
board for the room with its clock, seats a substitute in round 2, gives a penalty, and is told
which players the EMA results still lack names for.

With ``TENBOU_SCREENSHOTS=dir`` the test saves the event page and the board there
(``tournaments-event-1280.png``, ``tournaments-board-1280.png``).
"""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from rulesets.services import ruleset_create
from tests.browser.steps import log_in
from tournaments.models import Entrant, Event, Penalty, Round, TableSeat

NAMES = ("Aiko", "Bruno", "Chiara", "Daiki", "Emi", "Fumi", "Gino", "Hana")


def _shot(page, name):
    folder = os.environ.get("TENBOU_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}-1280.png"), full_page=True)


def _post(page, button):
    with page.expect_navigation():
        page.click(button)


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}], ids=["desktop"])
def test_an_organiser_runs_two_rounds_from_the_pages(page, live_server, club, alice):
    ruleset_create(
        club=club, name="Club riichi", created_by=alice, template_preset="japanese-modern"
    )
    log_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}/clubs/{club.slug}/")
    with page.expect_navigation():
        page.click("text=New tournament")
    page.fill("input[name=name]", "Spring Open")
    page.fill("input[name=starts_on]", "2026-04-11")
    page.select_option("select[name=ruleset]", label="Club riichi")
    page.fill("input[name=rounds]", "2")
    page.fill("input[name=round_minutes]", "60")
    _post(page, "main button[type=submit]")
    event = Event.objects.get(name="Spring Open")
    expect(page.locator("h1")).to_have_text("Spring Open")

    for name in NAMES:
        page.fill("input[name=name]", name)
        page.check("input[name=check_in]")
        _post(page, "button:has-text('Register')")
    assert Entrant.objects.filter(event=event, checked_in_at__isnull=False).count() == 8

    _post(page, "button:has-text('Draw round 1')")
    _post(page, "button:has-text('Start round 1')")
    assert Round.objects.get(event=event, number=1).status == Round.Status.RUNNING
    expect(page.locator(".live-table")).to_have_count(2)
    _shot(page, "tournaments-event")

    page.goto(f"{live_server.url}/clubs/{club.slug}/tournaments/{event.pk}/board/")
    expect(page.locator(".clock")).to_contain_text("left")
    expect(page.locator("#live-board .live-table")).to_have_count(2)
    for name in NAMES:
        expect(page.locator("#live-board")).to_contain_text(name)
    _shot(page, "tournaments-board")

    page.goto(f"{live_server.url}/clubs/{club.slug}/tournaments/{event.pk}/")
    _post(page, "button:has-text('End the round now')")
    _post(page, "button:has-text('Draw round 2')")
    page.click("summary:has-text('Substitutes')")
    first = page.locator("details.substitutes form").first
    first.locator("input[name=name]").fill("Stand In")
    with page.expect_navigation():
        first.locator("button").click()
    assert TableSeat.objects.filter(
        table__round__number=2, player__display_name="Stand In"
    ).exists()

    page.select_option("select[name=entrant]", label="Bruno")
    page.fill("input[name=round_number]", "2")
    page.fill("input[name=points]", "-2.0")
    page.fill("input[name=reason]", "phone at the table")
    _post(page, "button:has-text('Add penalty')")
    assert Penalty.objects.get(event=event).points == -20
    expect(page.locator("main")).to_contain_text("phone at the table")

    page.click("text=EMA results (CSV)")
    expect(page.locator(".messages")).to_contain_text("Aiko")
