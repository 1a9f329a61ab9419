"""A league night at one table, on a phone and on a desktop: the scorer starts a league game,
enters a whole East-South game (riichi, a draw with ready payments, a double ron, a chombo),
undoes the last hand and puts it back, corrects an earlier hand, the rules end the game; the
season's standings take the results and the score sheet prints them.

Every hand's numbers are checked twice against the rules written out below: in the preview
before saving, and in the seat totals after. With ``TENBOU_SCREENSHOTS=dir`` the test saves
full-page screenshots of the key screens there.
"""

import datetime
import io

import pypdf
import pytest
from playwright.sync_api import expect

from clubs.models import Player
from core.models import AuditEntry
from leagues import services as league_services
from scoring.models import Game
from tests.browser.table import HANDS, VIEWPORTS, Table, points, signed
from tests.conftest import PASSWORD

PLAYERS = ("Aiko", "Bruno", "Chiara", "Daiki")  # seats 0-3; Aiko deals first

# Japanese Modern: start 25,000, riichi 1,000, 300 per counter, 3,000 ready payments, chombo
# pays the limit (2,000 basic) to each player with East double, uma 20/10, return 30,000.
# Each hand: (what the scorer taps, as name=value of the chips, seats 0-3 as above; the label
# of the hand; each seat's change; the next hand).
LAST_HANDS = [
    # S3: Aiko declares riichi; a draw with Aiko and Daiki ready: 1,500 each from the others.
    (
        "result=draw tenpai=0 tenpai=3 riichi=0",
        "S3",
        [+500, -1500, -1500, +1500],
        "S4-1",
    ),
    # S4-1: Chiara a haneman (12,000) on Bruno's discard + 300 + the pool (1,000). Daiki, the
    # last dealer, did not win: the game is over.
    (
        "result=ron winners=2 discarder=1 value_2=h6",
        "S4-1",
        [0, -12300, +13300, 0],
        None,
    ),
]
# The correction of hand 2: Daiki was ready too. Three ready take 1,000 each from Chiara.
E2_CORRECTED = [+1000, +1000, -4000, +1000]
FINAL_SCORES = [19500, 12800, 46700, 21000]
# (points - 30,000) / 1,000 + uma; Chiara also takes the oka (4 x 5,000).
FINAL_RESULTS = {"Chiara": "+56.7", "Daiki": "+1.0", "Aiko": "-20.5", "Bruno": "-37.2"}
FINAL_RANKS = ["#3", "#4", "#1", "#2"]


def _log_in(table, username):
    table.go("/login/")
    table.page.fill("input[name=username]", username)
    table.page.fill("input[name=password]", PASSWORD)
    with table.page.expect_navigation():
        table.page.click("main button[type=submit]")


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_scorer_plays_a_league_half_game_and_the_standings_and_sheet_follow(
    page, viewport, live_server, club, alice, bob
):
    for name in PLAYERS:
        Player.objects.create(club=club, display_name=name)
    league = league_services.league_create(
        club=club, name="Thursday League", slug="thursday", user=alice
    )
    season = league_services.season_create(
        league=league,
        name="Spring",
        starts=datetime.date.today() - datetime.timedelta(days=30),
        user=alice,
    )
    size = "phone" if viewport["width"] < 600 else "desktop"
    table = Table(page, live_server.url, size)
    dialogs = []  # what each confirmation asked (every one is accepted)
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.accept()))
    _log_in(table, "bob")

    # The season has no games yet.
    table.go(f"/clubs/{club.slug}/")
    page.locator(".leagues-section a.league-card", has_text="Thursday League").click()
    expect(page.locator("h1")).to_have_text("Spring standings")
    expect(page.locator("main")).to_contain_text("No finished league games in this season yet.")
    standings_url = page.url

    # Start the league's game from the club page: the league's rules, Aiko East.
    table.go(f"/clubs/{club.slug}/")
    page.click("text=Start a game")
    page.select_option("select[name=rules]", f"league:{league.pk}")
    for seat, name in enumerate(PLAYERS):
        page.fill(f"input[name=seat_{seat}]", name)
    table.shot("start")
    with page.expect_navigation():
        page.click("button:has-text('Start')")
    game = Game.objects.get()
    assert (game.league, game.season) == (league, season)
    assert [p.display_name for p in game.seat_players()] == list(PLAYERS)
    expect(page.locator(".state-label")).to_have_text("E1")
    expect(page.locator(".seat-score")).to_have_text(["25,000"] * 4)
    table.shot("entry")

    scores = [25000] * 4
    shots = {0: "riichi-ron", 1: "draw", 2: "double-ron", 3: "chombo"}
    for i, (taps, label, deltas, next_label) in enumerate(HANDS):
        scores = [s + d for s, d in zip(scores, deltas, strict=True)]
        table.enter(taps, label, deltas, scores, next_label, shot=shots.get(i))
    table.shot("after-s2-2")
    expect(page.locator(".last-hand")).to_contain_text("Daiki won on Aiko's discard (3 han 40 fu)")

    # Undo asks first, naming the hand; redo puts it back with the same numbers.
    with page.expect_navigation():
        page.click(".last-hand button:has-text('Undo it')")
    assert dialogs[-1] == "Undo hand 11 (S2-2): Daiki won on Aiko's discard (3 han 40 fu)?"
    expect(page.locator("main")).to_contain_text("Undone hand 11 (S2-2)")
    expect(page.locator(".state-label")).to_have_text("S2-2")
    table.shot("undone")
    assert table.fits()
    with page.expect_navigation():
        page.click("button:has-text('Redo hand 11')")
    expect(page.locator("main")).to_contain_text("Restored hand 11 (S2-2)")
    expect(page.locator(".state-label")).to_have_text("S3")
    expect(page.locator(".seat-score")).to_have_text([points(s) for s in scores])
    assert [(e.action, e.reason) for e in AuditEntry.objects.filter(hand_number=11)] == [
        ("hand.redone", "Redo of the undone hand."),
        ("hand.undone", "Undo of the last hand."),
        ("hand.recorded", ""),
    ]

    # Hand 2 was wrong: Daiki was ready too. Correct it on the game page.
    page.click(f"text=← {game.rules_name}")
    expect(page.locator(".ledger-hand")).to_have_count(len(HANDS))
    expect(page.locator("#hand-2")).to_contain_text("Draw; ready: Aiko, Bruno; riichi: Chiara")
    page.locator("#hand-2 .edit-link").click()
    table.tap("tenpai", "3")
    preview = page.locator("#preview")
    expect(preview.locator(".preview-title")).to_have_text("E2 if saved")
    expect(preview.locator(".preview-seats .delta")).to_have_text([signed(d) for d in E2_CORRECTED])
    page.fill("input[name=change_reason]", "Daiki showed a ready hand")
    table.shot("correction")
    with page.expect_navigation():
        page.click("button[data-save]")
    changes = page.locator(".changes")
    expect(changes).to_contain_text("Hand 2 corrected.")
    expect(changes).to_contain_text(
        "Aiko +1,500 → +1,000; Bruno +1,500 → +1,000; Chiara -2,500 → -4,000; Daiki -1,500 → +1,000"
    )
    expect(page.locator("#hand-2")).to_contain_text("Draw; ready: Aiko, Bruno, Daiki")
    assert AuditEntry.objects.get(action="hand.corrected").reason == "Daiki showed a ready hand"
    # Every later total moved by the correction: Chiara 1,500 down, the others 500 up.
    scores = [s + c - d for s, c, d in zip(scores, E2_CORRECTED, HANDS[1][2], strict=True)]
    expect(page.locator(".seat-score")).to_have_text([points(s) for s in scores])
    table.shot("corrected")
    assert table.fits()

    # Play on to the end of South 4.
    with page.expect_navigation():
        page.click("text=Enter hand S3")
    for taps, label, deltas, next_label in LAST_HANDS:
        scores = [s + d for s, d in zip(scores, deltas, strict=True)]
        table.enter(taps, label, deltas, scores, next_label, shot=f"last-{label}")
    assert scores == FINAL_SCORES

    # The rules ended the game: it is finished, ranked and settled, on the game page.
    expect(page.locator(".badge-finished").first).to_be_visible()
    expect(page.locator(".seat-wind")).to_have_text(FINAL_RANKS)
    expect(page.locator(".seat-result")).to_have_text([FINAL_RESULTS[n] for n in PLAYERS])
    expect(page.locator(".ledger-hand")).to_have_count(len(HANDS) + len(LAST_HANDS))
    all_deltas = [d for _, _, d, _ in HANDS + LAST_HANDS]
    all_deltas[1] = E2_CORRECTED
    for number, deltas in enumerate(all_deltas, start=1):
        cells = page.locator(f"#hand-{number} .ledger-numbers .delta")
        expect(cells).to_have_text([signed(d) for d in deltas])
    expect(page.locator("#hand-13 .ledger-numbers .total")).to_have_text(
        [points(s) for s in FINAL_SCORES]
    )
    table.shot("finished")
    assert table.fits()
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.final["scores"] == FINAL_SCORES
    assert game.final["results"] == [-20.5, -37.2, 56.7, 1.0]

    # The season's standings, from the game page: one game each, its result as the total.
    with page.expect_navigation():
        page.click("text=Thursday League, Spring")
    assert page.url == standings_url
    expect(page.locator("main .meta").first).to_contain_text("1 game")
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(4)
    expect(rows.locator("th.name")).to_have_text(["Chiara", "Daiki", "Aiko", "Bruno"])
    for i, name in enumerate(["Chiara", "Daiki", "Aiko", "Bruno"]):
        cells = rows.nth(i).locator("td")
        expect(cells.nth(0)).to_have_text(str(i + 1))  # rank
        expect(cells.nth(1)).to_have_text("1")  # games
        expect(cells.nth(2)).to_have_text(FINAL_RESULTS[name])  # total
    table.shot("standings")
    assert table.fits()  # on a phone the wide table scrolls in its own box

    # The score sheet from the game page: a PDF with the final results.
    table.go(f"/games/{game.pk}/")
    link = page.locator("a", has_text="Score sheet (PDF)")
    response = page.request.get(f"{live_server.url}{link.get_attribute('href')}")
    assert response.status == 200
    assert response.headers["content-type"] == "application/pdf"
    assert response.headers["content-disposition"].endswith('.pdf"')
    body = response.body()
    assert body.startswith(b"%PDF-")
    text = " ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(body)).pages)
    text = text.replace("\u2212", "-")  # the sheet prints a true minus sign
    for name, result in FINAL_RESULTS.items():
        assert name in text
        assert result in text, f"{name}'s result {result} is not on the sheet"
    for score in FINAL_SCORES:
        assert points(score) in text

    assert page.errors == []
