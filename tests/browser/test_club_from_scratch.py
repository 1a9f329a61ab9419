"""A club set up from nothing through the web pages alone, on a phone and on a desktop: an
organiser signs up on the home page of an empty site, creates a club, adds six players and
invites a second person, who signs up through the join link and joins as scorer, and a third,
who joins with the code on the screen; the scorer starts a game and enters two hands; the
organiser renames a player and merges a duplicate entered at the table, and the names are
right on every page. No API, no admin.

With ``TENBOU_SCREENSHOTS=dir`` the test saves screenshots of the new pages there, under the
names docs/accounts.md shows them by (``clubs-create-390.png``, ``clubs-create-1280.png``):
a phone's whole page, a desk's window.
"""

import os
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from clubs.models import Club, Membership, Player
from core.models import AuditEntry
from scoring.models import Game
from tests.browser.table import HANDS, VIEWPORTS, Table

PASSWORD = "a long enough passphrase 7"
SIX = ("Aiko", "Bruno", "Chiara", "Daiki", "Emi", "Fumi")


def _shot(page, size, name, unfold=None):
    """``unfold``: a select shown as a list, its groups open (a shot cannot open its menu)."""
    folder = os.environ.get("TENBOU_SCREENSHOTS")
    if folder:
        if unfold:
            page.locator(unfold).evaluate("s => { s.size = s.options.length + 2; }")
        Path(folder).mkdir(parents=True, exist_ok=True)
        width = page.viewport_size["width"]
        path = Path(folder) / f"{name}-{width}.png"
        if size == "phone":  # the page whole: it is read by scrolling
            page.screenshot(path=str(path), full_page=True)
        else:  # from the top, cut at a desk's window and a half, to keep files small
            height = min(page.evaluate("document.documentElement.scrollHeight"), 1200)
            clip = {"x": 0, "y": 0, "width": width, "height": height}
            page.screenshot(path=str(path), full_page=True, clip=clip)
        if unfold:
            page.locator(unfold).evaluate("s => s.removeAttribute('size')")


def _fits(page):
    return page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def _sign_up(page, username):
    page.fill("input[name=username]", username)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    with page.expect_navigation():
        page.click("main button:has-text('Sign up')")


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_club_is_set_up_and_run_from_the_web_alone(page, viewport, live_server):
    size = "phone" if viewport["width"] < 600 else "desktop"
    url = live_server.url
    assert not User.objects.exists() and not Club.objects.exists()

    # The organiser signs up from the home page.
    page.goto(f"{url}/")
    page.click("main a:has-text('Sign up')")
    _shot(page, size, "accounts-signup")
    _sign_up(page, "olga")
    expect(page.locator(".messages")).to_contain_text("Welcome, olga")

    # She creates a club; the short name follows the name as she types it.
    page.click("text=Create a club")
    page.fill("input[name=name]", "Harbour Lights Mahjong")
    expect(page.locator("input[name=slug]")).to_have_value("harbour-lights-mahjong")
    page.fill("input[name=slug]", "harbour")
    page.select_option("select[name=time_zone]", "Europe/Rome")
    page.select_option("select[name=default_rules]", "preset:japanese-modern")
    _shot(page, size, "clubs-create")
    assert _fits(page), "the create page is wider than the screen"
    with page.expect_navigation():
        page.click("button:has-text('Create the club')")
    expect(page.locator("h1")).to_have_text("Harbour Lights Mahjong")
    club = Club.objects.get(slug="harbour")
    expect(page.locator(".next-steps")).to_be_visible()
    _shot(page, size, "clubs-club")
    assert (club.time_zone, club.default_rules) == ("Europe/Rome", "preset:japanese-modern")

    # Six players from the people page.
    page.click(".club-nav >> text=People")
    for name in SIX:
        page.fill("input[name=display_name]", name)
        with page.expect_navigation():
            page.click("form.add-player button")
        expect(page.locator(".messages")).to_contain_text(f"{name} is a player")
    expect(page.locator(".people a", has_text="Fumi")).to_be_visible()
    assert _fits(page), "the people page is wider than the screen"

    # A join link for a scorer.
    page.click("text=Invite people")
    page.check("input[name=kind][value=link]")
    page.select_option("select[name=role]", "scorer")
    with page.expect_navigation():
        page.click("button:has-text('Make the invitation')")
    link = page.locator("input.join-link").first.input_value()
    assert link.startswith(f"{url}/join/")
    # And a code on the screen for the people in the room tonight.
    page.check("input[name=kind][value=code]")
    with page.expect_navigation():
        page.click("button:has-text('Make the invitation')")
    code = page.locator(".big-code").first.inner_text()
    assert len(code) == 6
    _shot(page, size, "clubs-invitations")

    # The second person opens the link in their own browser, signs up and joins as scorer.
    other = page.context.browser.new_context(viewport=viewport)
    scorer = other.new_page()
    scorer.set_default_timeout(10_000)
    scorer.goto(link)
    expect(scorer.locator("h1")).to_have_text("Join Harbour Lights Mahjong")
    _shot(scorer, size, "clubs-join-link")
    scorer.click("main a:has-text('Sign up')")
    _sign_up(scorer, "pete")
    expect(scorer.locator("h1")).to_have_text("Join Harbour Lights Mahjong")
    with scorer.expect_navigation():
        scorer.click("button:has-text('Join Harbour Lights Mahjong')")
    expect(scorer.locator(".messages")).to_contain_text("you are scorer")
    assert Membership.objects.get(club=club, user__username="pete").role == "scorer"
    # The link was for one person: opened again, it says so.
    scorer.goto(link)
    expect(scorer.locator("main")).to_contain_text("You are a member of Harbour Lights Mahjong")

    # A third person in the room signs up and types the code on the organiser's screen.
    third = page.context.browser.new_context(viewport=viewport)
    mia = third.new_page()
    mia.set_default_timeout(10_000)
    mia.goto(f"{url}/signup/")
    _sign_up(mia, "mia")
    mia.goto(f"{url}/join/")
    mia.fill("input[name=code]", code.lower())
    _shot(mia, size, "clubs-join")
    with mia.expect_navigation():
        mia.click("main button:has-text('Go on')")
    expect(mia.locator("h1")).to_have_text("Join Harbour Lights Mahjong")
    with mia.expect_navigation():
        mia.click("button:has-text('Join Harbour Lights Mahjong')")
    expect(mia.locator(".messages")).to_contain_text("you are member")
    assert Membership.objects.get(club=club, user__username="mia").role == "member"
    third.close()

    # The scorer starts a game; Aiko is typed in as "Aiko T." at the table, a new guest.
    scorer.goto(f"{url}/clubs/harbour/")
    scorer.click("text=Start a game")
    expect(scorer.locator("select[name=rules]")).to_have_value("preset:japanese-modern")
    assert scorer.locator("select[name=rules] optgroup").count() >= 1
    _shot(scorer, size, "scoring-start", unfold="select[name=rules]")
    for seat, name in enumerate(("Aiko T.", "Bruno", "Chiara", "Daiki")):
        scorer.fill(f"input[name=seat_{seat}]", name)
    with scorer.expect_navigation():
        scorer.click("button:has-text('Start')")
    game = Game.objects.get()
    table = Table(scorer, url, size)
    scores = [25000] * 4
    for taps, label, deltas, next_label in HANDS[:2]:
        scores = [s + d for s, d in zip(scores, deltas, strict=True)]
        table.enter(taps, label, deltas, scores, next_label)
    other.close()

    # The organiser renames Bruno and merges the duplicate into Aiko.
    page.goto(f"{url}/clubs/harbour/people/")
    page.locator(".people li", has_text="Bruno").locator("text=Rename").click()
    page.fill("input[name=display_name]", "Bruno Rossi")
    _shot(page, size, "clubs-rename")
    with page.expect_navigation():
        page.click("button:has-text('Rename')")
    expect(page.locator(".messages")).to_contain_text("Bruno is now Bruno Rossi")
    aiko = Player.objects.get(club=club, display_name="Aiko")
    page.locator(".people li", has_text="Aiko T.").locator("text=Merge").click()
    expect(page.locator("h1")).to_have_text("Merge into Aiko T.")
    # Merged the other way: Aiko is the name to keep.
    page.goto(f"{url}/clubs/harbour/players/{aiko.pk}/merge/")
    page.select_option("select[name=duplicate]", label="Aiko T.")
    _shot(page, size, "clubs-merge")
    with page.expect_navigation():
        page.click("button:has-text('Merge')")
    expect(page.locator(".messages")).to_contain_text("Aiko T. is merged into Aiko")
    _shot(page, size, "clubs-people")

    # The names everywhere: the game, the club page, the people page, Aiko's own page.
    page.goto(f"{url}/games/{game.pk}/")
    expect(page.locator(".seat-name")).to_have_text(["Aiko", "Bruno Rossi", "Chiara", "Daiki"])
    page.goto(f"{url}/clubs/harbour/")
    expect(page.locator("main")).to_contain_text("Bruno Rossi")
    expect(page.locator("main")).not_to_contain_text("Aiko T.")
    page.click(".players >> text=Aiko")
    expect(page.locator("h1")).to_contain_text("Aiko")
    expect(page.locator(".player-games")).to_contain_text("Bruno Rossi")  # her game's table
    _shot(page, size, "leagues-player")

    # The organiser's other pages: the club's settings, tonight's blank sheet, a new league.
    page.goto(f"{url}/clubs/harbour/settings/")
    expect(page.locator("select[name=time_zone]")).to_have_value("Europe/Rome")
    _shot(page, size, "clubs-settings")
    assert _fits(page), "the settings page is wider than the screen"
    page.goto(f"{url}/clubs/harbour/blank-sheet/")
    _shot(page, size, "scoring-blank-sheet")
    assert _fits(page), "the blank sheet's form is wider than the screen"
    page.goto(f"{url}/clubs/harbour/leagues/new/")
    assert page.locator("select[name=rules] optgroup").count() >= 1
    _shot(page, size, "leagues-form", unfold="select[name=rules]")
    assert _fits(page), "the league form is wider than the screen"
    assert [p.display_name for p in game.seat_players()] == [
        "Aiko",
        "Bruno Rossi",
        "Chiara",
        "Daiki",
    ]
    assert AuditEntry.objects.get(action="player.renamed").before["display_name"] == "Bruno"
    assert page.errors == []
