"""A game page left open while another device changes the game: the poll's out-of-band
answers (hands appended, corrected in place, moved up, removed) leave the page as a fresh load
of it shows the game."""

from scoring import services
from tests.browser.steps import log_in
from tests.scoring.conftest import DRAW_DEALER_READY, RON, TSUMO, hand_tag

# Each tbody of the ledger as the reader sees it: which hand, marked how, saying what.
LEDGER = """() => Array.from(document.querySelectorAll('#ledger tbody')).map(e => [
  e.id, e.className.replace(/htmx-\\S+/g, '').trim(), e.textContent.replace(/\\s+/g, ' ').trim()
])"""
TOP = "() => document.querySelector('#game-top').textContent.replace(/\\s+/g, ' ').trim()"


def _polled(page, game):
    """Wait until the page's poller asks from the game's version now (its answer swapped)."""
    game.refresh_from_db()
    page.wait_for_selector(f"#game-poll[hx-get*='version={game.version}&']", state="attached")


def _as_loaded(page, url):
    fresh = page.context.new_page()
    fresh.goto(url)
    seen = fresh.evaluate(LEDGER), fresh.evaluate(TOP)
    fresh.close()
    return seen


def test_the_polled_page_shows_what_a_fresh_load_shows(page, live_server, club, table, bob):
    running_game = services.game_create(
        club=club, players=table, rules="japanese-modern", created_by=bob
    )
    for number, hand in enumerate((DRAW_DEALER_READY, RON, TSUMO), start=1):
        services.hand_submit(game=running_game, hand=hand, user=bob, expected_number=number)
    log_in(page, live_server.url)
    url = f"{live_server.url}/games/{running_game.pk}/"
    answers = []  # the poll's answers with content: partial ones are not retargeted
    page.on(
        "response",
        lambda r: (
            answers.append(r.headers.get("hx-retarget", "changes"))
            if "?version=" in r.url and r.status == 200
            else None
        ),
    )
    page.goto(url)

    # Between two polls: hand 2 corrected (hands 2 and 3 change) and hand 4 entered.
    draw = {"result": "draw", "tenpai": [0, 1]}
    services.hand_correct(game=running_game, number=2, hand=draw, reason="typo", user=bob)
    services.hand_submit(game=running_game, hand=RON, user=bob, expected_number=4)
    _polled(page, running_game)
    assert page.locator("#ledger tbody.ledger-hand").count() == 4
    assert (page.evaluate(LEDGER), page.evaluate(TOP)) == _as_loaded(page, url)

    # Then hand 4 undone and hand 1 deleted: hands 2 and 3 move up, the third row goes.
    services.hand_undo(game=running_game, user=bob)
    tag = hand_tag(running_game, 1)
    services.hand_delete(game=running_game, number=1, reason="twice", user=bob, if_match=tag)
    services.hand_submit(game=running_game, hand=TSUMO, user=bob, expected_number=3)
    _polled(page, running_game)
    assert page.locator("#ledger tbody.ledger-hand").count() == 3
    assert (page.evaluate(LEDGER), page.evaluate(TOP)) == _as_loaded(page, url)
    assert len(answers) >= 2 and set(answers) == {"changes"}
