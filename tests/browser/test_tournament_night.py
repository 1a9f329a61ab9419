"""A whole tournament night of 16 players and 4 rounds: the organiser at a desk (1280 wide)
makes the event, registers and checks in the players, draws and starts the rounds, seats a
substitute, gives a penalty, watches the board, cuts to the top eight and fixes the last round
as a final table of the top four, and downloads the EMA results; a scorer on a phone (390
wide) enters hands at a table, sees the round's clock count down and, once the time is up, the
hand that ends the game.

Kept fast: one or two hands a table, the clock run out by moving the round's end into the
past (the clock is the server's: nothing sleeps), the other tables ended at time by the
organiser. With ``TENBOU_SCREENSHOTS=dir`` the test saves the phone's entry screen with the
clock and the board with the finalists.
"""

import csv
import datetime
import io
import os
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from clubs.models import Player
from rulesets.services import ruleset_create
from scoring.models import Game, GameSeat
from tests.browser.steps import log_in, ron
from tournaments.models import Cut, Entrant, Event, Penalty, Round, Table, TableSeat
from tournaments.standing import standing

NAMES = (
    "Aiko", "Bruno", "Chiara", "Daiki", "Emi", "Fumi", "Gino", "Hana",
    "Ines", "Jun", "Kenta", "Luca", "Mio", "Nico", "Oto", "Pia",
)  # fmt: skip
PHONE = {"width": 390, "height": 844}


def _shot(page, name):
    folder = os.environ.get("TENBOU_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        width = page.viewport_size["width"]
        page.screenshot(path=str(Path(folder) / f"{name}-{width}.png"), full_page=True)


def _post(page, button):
    with page.expect_navigation():
        page.click(button)


def _time_up(event, number):
    """The round's clock runs out: its end is put a minute into the past."""
    round_ = Round.objects.get(event=event, number=number)
    Round.objects.filter(pk=round_.pk).update(
        ends_at=round_.started_at - datetime.timedelta(minutes=1)
    )


def _game(event, number, table=1):
    return Table.objects.get(round__event=event, round__number=number, number=table).game


def _enter(phone, url, game, winner, discarder, han, preview="if saved"):
    """On the phone: a ron at ``game``'s entry screen, previewed, saved."""
    phone.goto(f"{url}/games/{game.pk}/hands/new/")
    ron(phone, winner, discarder, han, 30)
    expect(phone.locator("#preview")).to_contain_text(preview)
    with phone.expect_navigation():
        phone.locator("button[data-save]").click()
    expect(phone.locator(".messages")).to_contain_text("saved.")


def _fits(page):
    return page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}], ids=["desk"])
def test_a_sixteen_player_night_from_registration_to_the_ema_results(
    page, live_server, club, alice, bob
):
    url = live_server.url
    ruleset_create(club=club, name="Club riichi", created_by=alice, template_preset="tenhou")
    desk = page
    log_in(desk, url, "alice")
    phone_context = desk.context.browser.new_context(viewport=PHONE)
    phone = phone_context.new_page()
    phone.set_default_timeout(10_000)
    phone_errors = []
    phone.on("pageerror", lambda e: phone_errors.append(str(e)))
    log_in(phone, url, "bob")

    # The event: 4 rounds of 30 minutes, a substitute's game counting -15.0 for the absent.
    desk.goto(f"{url}/clubs/{club.slug}/tournaments/new/")
    desk.fill("input[name=name]", "Autumn Open")
    desk.fill("input[name=starts_on]", "2026-10-03")
    desk.select_option("select[name=ruleset]", label="Club riichi")
    desk.fill("input[name=rounds]", "4")
    desk.fill("input[name=round_minutes]", "30")
    desk.select_option("select[name=substitute_result]", "fixed")
    desk.fill("input[name=substitute_score]", "-15.0")
    _post(desk, "main button[type=submit]")
    event = Event.objects.get(name="Autumn Open")
    assert (event.substitute_result, event.substitute_score) == ("fixed", -150)

    for name in NAMES:
        desk.fill("input[name=name]", name)
        desk.check("input[name=check_in]")
        _post(desk, "button:has-text('Register')")
    assert Entrant.objects.filter(event=event, checked_in_at__isnull=False).count() == 16

    # Round 1 on the clock: the phone shows the time left, a hand, then the time runs out
    # and the next hand ends the game.
    _post(desk, "button:has-text('Draw round 1')")
    _post(desk, "button:has-text('Start round 1')")
    expect(desk.locator(".live-table")).to_have_count(4)
    game = _game(event, 1)
    phone.goto(f"{url}/games/{game.pk}/hands/new/")
    expect(phone.locator("[data-round-clock]")).to_contain_text("left in the round")
    first = phone.locator("[data-round-clock]").text_content()
    expect(phone.locator("[data-round-clock]")).not_to_have_text(first)  # it counts down
    assert _fits(phone)
    _enter(phone, url, game, winner=2, discarder=3, han=2)
    _time_up(event, 1)
    phone.goto(f"{url}/games/{game.pk}/hands/new/")
    expect(phone.locator("[data-round-clock]")).to_have_text("Time is up: this hand ends the game.")
    _shot(phone, "tournaments-entry-clock")
    _enter(phone, url, game, winner=0, discarder=1, han=3, preview="if saved: the game ends")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.ended and game.hand_count == 2

    # The clock's check (cron) marks the three tables still playing; the board shows them.
    call_command("tournament_clock")
    assert Table.objects.filter(round__event=event, late_at__isnull=False).count() == 3
    desk.goto(f"{url}/clubs/{club.slug}/tournaments/{event.pk}/board/")
    expect(desk.locator("#live-board .table-late")).to_have_count(3)
    expect(desk.locator("#live-board .table-finished")).to_have_count(1)
    desk.goto(f"{url}/clubs/{club.slug}/tournaments/{event.pk}/")
    _post(desk, "button:has-text('End the round now')")

    # Round 2: a substitute for an absent player, a hand at time, a penalty.
    _post(desk, "button:has-text('Draw round 2')")
    desk.click("summary:has-text('Substitutes')")
    seat_form = desk.locator("details.substitutes form").first
    absent = TableSeat.objects.get(table__round__number=2, table__number=1, seat=0).entrant
    seat_form.locator("input[name=name]").fill("Stand In")
    with desk.expect_navigation():
        seat_form.locator("button").click()
    _post(desk, "button:has-text('Start round 2')")
    _time_up(event, 2)
    game = _game(event, 2)
    _enter(phone, url, game, winner=2, discarder=3, han=4)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.hand_count == 1
    desk.goto(f"{url}/clubs/{club.slug}/tournaments/{event.pk}/")
    _post(desk, "button:has-text('End the round now')")
    desk.select_option("select[name=entrant]", label="Bruno")
    desk.fill("input[name=round_number]", "2")
    desk.fill("input[name=points]", "-2.0")
    desk.fill("input[name=reason]", "phone at the table")
    _post(desk, "button:has-text('Add penalty')")
    assert Penalty.objects.get(event=event).points == -20

    # The cut: the top eight go on with their scores; the last round is a final table.
    desk.click("summary:has-text('Cut after round 2')")
    desk.fill("input[name=size]", "8")
    _post(desk, "button:has-text('Make the cut')")
    expect(desk.locator(".messages")).to_contain_text("The top 8 go on after round 2.")
    finalists = set(Cut.objects.get(event=event).finalists.all())
    assert len(finalists) == 8
    desk.click("summary:has-text('Final table')")
    _post(desk, "button:has-text('Fix the last round as a final table')")
    _post(desk, "button:has-text('Draw round 3')")
    expect(desk.locator(".round-drawn .live-table")).to_have_count(2)
    _post(desk, "button:has-text('Start round 3')")
    _post(desk, "button:has-text('End the round now')")
    _post(desk, "button:has-text('Draw round 4')")
    expect(desk.locator(".round-drawn .live-table")).to_have_count(1)
    _post(desk, "button:has-text('Start round 4')")
    final = _game(event, 4)
    top = {p.display_name for p in final.seat_players()}
    _enter(phone, url, final, winner=1, discarder=0, han=3)
    _post(desk, "button:has-text('End the round now')")

    # The board: the final table's four lead the standing, then the other finalists.
    desk.goto(f"{url}/clubs/{club.slug}/tournaments/{event.pk}/board/")
    names = desk.locator("#live-board .standings tbody td.name")
    expect(names).to_have_count(16)
    shown = [n.split(" finalist")[0].strip() for n in names.all_text_contents()]
    assert set(shown[:4]) == top
    assert set(shown[:8]) == {e.player.display_name for e in finalists}
    _shot(desk, "tournaments-board-final")

    # The EMA results, once every player has names and a country.
    for player in Player.objects.filter(entries__event=event):
        Player.objects.filter(pk=player.pk).update(
            first_name=player.display_name, last_name="Rossi", country="IT"
        )
    desk.goto(f"{url}/clubs/{club.slug}/tournaments/{event.pk}/")
    with desk.expect_download() as download:
        desk.click("text=EMA results (CSV)")
    rows = list(csv.reader(io.StringIO(Path(download.value.path()).read_text())))
    assert rows[0][0] == "Place" and len(rows) == 17
    assert {r[1] for r in rows[1:5]} == top
    # The absent player's round 2 counted the fixed score, -15.0, beside their round 1.
    first_round = GameSeat.objects.get(
        game=_game(
            event, 1, TableSeat.objects.get(table__round__number=1, entrant=absent).table.number
        ),
        player=absent.player,
    ).result
    after_two = next(r for r in standing(event, after=2) if r.entrant == absent)
    assert (after_two.games, after_two.results) == (2, first_round - 150)
    assert not phone_errors and not desk.errors
    phone_context.close()
