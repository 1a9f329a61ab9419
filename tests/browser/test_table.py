"""A scorer at the table, on a phone: start a game, enter a full East round with a riichi, a
draw and a double ron, correct an earlier hand, finish."""

import re

import pytest
from playwright.sync_api import expect

from clubs.models import Player
from core.models import AuditEntry
from scoring.models import Game
from tests.browser.steps import log_in


class Scorer:
    """Taps on the entry screen, counted, so the test can hold the six-tap plain ron to it."""

    def __init__(self, page):
        self.page = page
        self.taps = 0

    def tap(self, selector):
        self.page.locator(selector).click()
        self.taps += 1

    def choose(self, name, value):
        self.tap(f"label:has(> input[name='{name}'][value='{value}'])")

    def save(self, label):
        self.taps += 1
        with self.page.expect_navigation():
            self.page.locator("button[data-save]").click()
        expect(self.page.locator(".messages")).to_contain_text(f"Hand {label} saved.")

    def expect_preview(self, text):
        expect(self.page.locator("#preview")).to_contain_text(text)


def _fits_the_screen(page):
    return page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_scorer_plays_an_east_round_corrects_a_hand_and_finishes(page, live_server, club, bob):
    for name in ("Aiko", "Chiara", "Daiki"):
        Player.objects.create(club=club, display_name=name)
    page.on("dialog", lambda dialog: dialog.accept())

    log_in(page, live_server.url)

    # Start a game; Bruno is new to the club and is added as a guest in place.
    page.goto(f"{live_server.url}/clubs/{club.slug}/")
    page.click("text=Start a game")
    page.select_option("select[name=rules]", "preset:japanese-modern")
    for seat, name in enumerate(("Aiko", "Bruno", "Chiara", "Daiki")):
        page.fill(f"input[name=seat_{seat}]", name)
    with page.expect_navigation():
        page.click("button:has-text('Start')")
    game = Game.objects.get()
    assert [p.display_name for p in game.seat_players()] == ["Aiko", "Bruno", "Chiara", "Daiki"]
    expect(page.locator(".state-label")).to_have_text("E1")
    assert _fits_the_screen(page)

    s = Scorer(page)
    # E1: Chiara declares riichi and wins on Daiki's discard.
    s.choose("result", "ron")
    s.choose("winners", "2")
    s.choose("discarder", "3")
    s.choose("value_2", "2")
    s.choose("fu_2", "30")
    s.choose("riichi", "2")
    s.expect_preview("Next E2")
    s.save("E1")

    # E2: a draw with only the dealer (Bruno) ready: he keeps the deal, one counter.
    s.choose("result", "draw")
    s.choose("tenpai", "1")
    s.expect_preview("Next E2-1")
    s.save("E2")

    # E2-1: a double ron on Daiki's discard: Aiko 3 han 30 fu, Chiara a mangan.
    s.choose("result", "ron")
    s.choose("winners", "0")
    s.choose("winners", "2")
    s.choose("discarder", "3")
    s.choose("value_0", "3")
    s.choose("fu_0", "30")
    s.choose("value_2", "h5")
    s.expect_preview("Next E3")
    s.save("E2-1")

    # E3: Daiki wins by self-draw.
    s.choose("result", "tsumo")
    s.choose("winners", "3")
    s.choose("value_3", "1")
    s.choose("fu_3", "30")
    s.expect_preview("Next E4")
    s.save("E3")

    # E4, a plain ron: six taps from the entry screen, the preview before saving.
    s.taps = 0
    s.choose("result", "ron")
    s.choose("winners", "1")
    s.choose("discarder", "0")
    s.choose("value_1", "4")
    s.choose("fu_1", "30")
    s.expect_preview("Next S1")
    expect(page.locator("#preview")).to_contain_text("+7,700")
    assert _fits_the_screen(page)
    s.save("E4")
    assert s.taps == 6

    game.refresh_from_db()
    assert [h.label for h in game.hands.order_by("number")] == ["E1", "E2", "E2-1", "E3", "E4"]
    assert game.final["next"]["label"] == "S1"

    # Correct hand 1 on the game page: 40 fu, not 30; the later hands are replayed.
    page.click("text=← Japanese Modern")
    expect(page.locator("#hand-1")).to_contain_text("2 han 30 fu")
    page.locator("#hand-1 .edit-link").click()
    s.choose("fu_2", "40")
    s.expect_preview("E1 if saved")
    page.fill("input[name=change_reason]", "It was 40 fu")
    with page.expect_navigation():
        page.click("button[data-save]")
    changes = page.locator(".changes")
    expect(changes).to_contain_text("Hand 1 corrected.")
    # Chiara's own riichi stick comes back to her: +2,000 became +2,600.
    expect(changes).to_contain_text("Chiara +2,000 → +2,600; Daiki -2,000 → -2,600")
    expect(changes).to_contain_text("Hands 2 to 5: new running totals only")
    expect(page.locator("#hand-1")).to_contain_text("2 han 40 fu")
    assert AuditEntry.objects.get(action="hand.corrected").reason == "It was 40 fu"

    # End the game now (time limit): it is settled and the result shown.
    with page.expect_navigation():
        page.click("button:has-text('End now')")
    expect(page.locator(".badge-finished").first).to_be_visible()
    expect(page.locator(".seat-result").first).to_have_text(re.compile(r"[+-]\d+\.\d"))
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.ended
    assert sum(game.final["results"]) == pytest.approx(0)
    assert page.errors == []


def test_the_game_page_refreshes_when_another_device_enters_a_hand(page, live_server, club, bob):
    from scoring import services

    players = [Player.objects.create(club=club, display_name=n) for n in ("P1", "P2", "P3", "P4")]
    game = services.game_create(club=club, players=players, rules="tenhou", created_by=bob)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator(".ledger")).to_contain_text("No hands yet.")
    # htmx swaps the page's body in place: a mark left on the window survives it (a reload,
    # the fallback without htmx, would wipe it).
    assert page.evaluate("typeof window.htmx") == "object"
    page.evaluate("window.stillTheSamePage = true")

    # Another device (here: the service, as the API would) enters the first hand.
    services.hand_submit(
        game=game,
        hand={"result": "ron", "from": 1, "wins": [{"seat": 0, "han": 2, "fu": 30}]},
        user=bob,
        expected_number=1,
    )

    expect(page.locator("#hand-1")).to_contain_text("P1 won on P2's discard", timeout=10_000)
    expect(page.locator(".state-label")).to_have_text("E1-1")
    assert page.evaluate("window.stillTheSamePage") is True
    # No error in the console: a CSP violation (htmx's inline indicator styles) would be one.
    assert page.errors == []


def test_a_scorer_enters_dora_and_a_penalty_under_more(page, live_server, club, bob):
    from scoring import services

    players = [
        Player.objects.create(club=club, display_name=n)
        for n in ("Aiko", "Bruno", "Chiara", "Daiki")
    ]
    game = services.game_create(club=club, players=players, rules="japanese-modern", created_by=bob)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/games/{game.pk}/hands/new/")

    def choose(name, value):
        page.locator(f"label:has(> input[name='{name}'][value='{value}'])").click()

    # Chiara 2 han 30 fu on Daiki's discard; the "More" section is folded until opened.
    choose("result", "ron")
    choose("winners", "2")
    choose("discarder", "3")
    choose("value_2", "2")
    choose("fu_2", "30")
    expect(page.locator("input[name=dora_2]")).to_be_hidden()
    page.click("details.more > summary")

    # Both han are dora: the engine refuses, and the preview says which field.
    page.fill("input[name=dora_2]", "2")
    expect(page.locator("#preview")).to_contain_text(
        "Chiara's han: a win needs at least 1 han without dora; this one has 0."
    )
    page.fill("input[name=dora_2]", "1")
    # Bruno made a faulty claim: 100 to the winner. The amount inputs are for points only.
    page.select_option("select[name=penalty_seat_0]", "1")
    expect(page.locator("select[name=penalty_seat_1]")).to_be_visible()  # the next row
    page.select_option("select[name=penalty_kind_0]", "false_claim")
    expect(page.locator("input[name=penalty_points_0]")).to_be_hidden()
    expect(page.locator("#preview")).to_contain_text("E1 if saved")
    deltas = page.locator("#preview .preview-seats .delta")
    expect(deltas).to_have_text(["0", "-100", "+2,100", "-2,000"])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    with page.expect_navigation():
        page.locator("button[data-save]").click()
    expect(page.locator(".messages")).to_contain_text("Hand E1 saved.")
    assert game.hands.get().data == {
        "result": "ron",
        "from": 3,
        "wins": [{"seat": 2, "han": 2, "fu": 30, "dora": 1}],
        "penalties": [{"seat": 1, "kind": "false_claim"}],
    }
    expect(page.locator(".last-hand")).to_contain_text("(2 han 30 fu, 1 dora); penalty: Bruno")
    assert page.errors == []
