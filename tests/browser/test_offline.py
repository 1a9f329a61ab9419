"""The scorer's phone offline (docs/offline.md): the service worker keeps the game and entry
pages the user opened, the outbox keeps the hands saved without a connection and sends them
once each, in order, when it returns; another device's hand meanwhile asks the scorer; a hand
the server refuses waits on the phone to be fixed. At phone size, with Playwright cutting the
network (``context.set_offline``)."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from clubs.models import Player
from scoring import services
from scoring.models import Game, Submission
from tests.browser.steps import choose as _choose
from tests.browser.steps import keep_engine as _keep_engine
from tests.browser.steps import kept as _kept
from tests.browser.steps import log_in
from tests.browser.steps import open_entry as _open_entry
from tests.browser.steps import ron as _ron
from tests.browser.waits import until

# With TENBOU_SCREENSHOTS=dir the tests save the offline screens there (docs/screenshots).
COUNT = "Hands on this phone, not entered yet: "
SHOTS = Path(os.environ["TENBOU_SCREENSHOTS"]) if os.environ.get("TENBOU_SCREENSHOTS") else None


# What a kept page loads: offline, any of these failing is a page drawn without its styles or
# its scripts (the conftest leaves "Failed to load resource" to the tests).
ASSETS = ("script", "stylesheet", "image", "font")


def _watch_assets(page):
    """Record every asset of the page that failed to load (a navigation that cut a load
    short, net::ERR_ABORTED, is not one)."""
    failed = []
    page.on(
        "requestfailed",
        lambda r: (
            failed.append(f"{r.resource_type} {r.url}: {r.failure}")
            if r.resource_type in ASSETS and "ERR_ABORTED" not in (r.failure or "")
            else None
        ),
    )
    page.assets_failed = failed
    return failed


@pytest.fixture(autouse=True)
def _every_asset_loads(page):
    failed = _watch_assets(page)
    yield
    assert failed == []


def _draw(page, *ready):
    _choose(page, "result", "draw")
    for seat in ready:
        _choose(page, "tenpai", str(seat))


def _expect_phone_preview(page, title, deltas, totals, next_line, timeout=5_000):
    """The preview the engine computed on the phone (marked so), with these numbers."""
    preview = page.locator("#preview [data-preview-phone]")
    expect(preview.locator(".preview-title")).to_have_text(title, timeout=timeout)
    expect(preview.locator(".preview-seats .delta")).to_have_text(deltas)
    expect(preview.locator(".preview-seats .total")).to_have_text(totals)
    expect(preview.locator(".preview-next")).to_have_text(next_line)


def _shot(page, name):
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        # From the bottom, so that the sticky save bar is drawn where it rests.
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.screenshot(path=str(SHOTS / name), full_page=True)


def test_two_hands_saved_offline_one_after_a_reload_reach_the_server_once_each_in_order(
    page, live_server, bob, game
):
    log_in(page, live_server.url, "bob")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    _kept(page, f"/games/{game.pk}/")
    _open_entry(page, live_server.url, game)
    _keep_engine(page)
    context = page.context

    context.set_offline(True)
    started = page.evaluate("() => performance.now()")
    _ron(page, winner=2, discarder=3, han=2, fu=30)
    # The rule engine runs on the phone (Pyodide, from the phone's cache): the preview,
    # totals and next dealer show offline as online.
    _expect_phone_preview(
        page,
        "E1 if saved",
        ["0", "0", "+2,000", "-2,000"],
        ["25,000", "25,000", "27,000", "23,000"],
        "Next E2 · dealer Bruno · counters 0 · pool 0",
        timeout=60_000,
    )
    shown = page.evaluate("() => performance.now()") - started
    print(f"first preview offline, the engine started from the phone's cache: {shown:.0f} ms")
    _shot(page, "offline-entry-preview-390.png")
    page.locator("button[data-save]").click()
    expect(page.locator("[data-outbox-note]")).to_have_text(
        "Hand 1 saved on this phone, waiting to be sent.", timeout=60_000
    )
    expect(page.locator("[data-outbox]")).to_contain_text(
        "Hands on this phone, not entered yet: 1 waiting to be sent."
    )
    expect(page.locator("[data-outbox]")).to_contain_text(
        "Undo, corrections and deletes need the connection"
    )

    # Offline, the page comes back from the phone, the queue with it.
    page.reload()
    usable = page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")
    print(f"entry screen from the phone's cache, offline: usable after {usable:.0f} ms")
    assert usable < 5000
    expect(page.locator("[data-outbox-hand='1'] > span")).to_have_text(
        "Hand 1: Result: Ron · Who won: Chiara · Discarded by: Daiki · Chiara: value: 2 han, 30 fu"
        " (waiting)"
    )
    _draw(page, 1)
    # After the hand waiting on the phone: Chiara's ron moved the deal to Bruno, who is ready.
    _expect_phone_preview(
        page,
        "E2 if saved",
        ["-1,000", "+3,000", "-1,000", "-1,000"],
        ["24,000", "28,000", "26,000", "22,000"],
        "Next E2-1 · dealer Bruno · counters 1 · pool 0",
        timeout=60_000,
    )
    page.locator("button[data-save]").click()
    expect(page.locator("[data-outbox-note]")).to_have_text(
        "Hand 2 saved on this phone, waiting to be sent."
    )
    expect(page.locator("[data-outbox]")).to_contain_text(f"{COUNT}2 waiting to be sent.")
    _shot(page, "offline-entry-queued-390.png")

    # The tab closed, a new one opened offline: the game page comes from the phone, with the
    # hands on it pending in the ledger.
    page.close()
    page = context.new_page()
    failed = _watch_assets(page)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    # (The tab just closed ran the engine: on a busy machine its teardown may slow this one.)
    expect(page.locator("tbody.pending")).to_have_count(2, timeout=20_000)
    expect(page.locator("tbody.pending").first).to_contain_text("1. pending")
    # Not "Enter hand E1": the next hand is the one after the queue, by its number.
    expect(page.locator("[data-outbox-stale]")).to_contain_text("Next: hand 3")
    expect(page.locator("a[data-enter-hand]")).to_have_text("Enter hand 3")
    expect(page.locator("section.state .state-line")).to_be_hidden()
    _shot(page, "offline-game-pending-390.png")
    # A page the phone never kept says it needs a connection.
    page.goto(f"{live_server.url}/clubs/{game.club.slug}/games/")
    expect(page.locator("h1")).to_have_text("This page needs a connection")
    _shot(page, "offline-needs-connection-390.png")
    assert Game.objects.get(pk=game.pk).hand_count == 0

    context.set_offline(False)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    # Sent, and the ledger shows them from the server (no pending rows can pass too early,
    # before the outbox has drawn its rows).
    expect(page.locator("#hand-2")).to_be_visible(timeout=20_000)
    expect(page.locator("tbody.pending")).to_have_count(0)
    game.refresh_from_db()
    hands = list(game.hands.order_by("number"))
    assert [h.data["result"] for h in hands] == ["ron", "draw"]
    assert hands[0].data["wins"] == [{"seat": 2, "han": 2, "fu": 30}]
    assert hands[1].data["tenpai"] == [1]
    assert Submission.objects.filter(game=game).count() == 2
    assert failed == []


def test_without_the_engine_on_the_phone_the_preview_offline_says_the_server_computes_it(
    page, live_server, bob, game
):
    # A fresh phone whose service worker does not control the screen yet: the engine's files
    # never reached it.
    log_in(page, live_server.url, "bob")
    page.goto(f"{live_server.url}/games/{game.pk}/hands/new/")
    page.context.set_offline(True)
    _ron(page, winner=2, discarder=3, han=2, fu=30)
    expect(page.locator("#preview")).to_have_text(
        "No connection: the payments will be computed when the hand is sent. You can still "
        "save it.",
        timeout=30_000,
    )
    page.locator("button[data-save]").click()
    expect(page.locator("[data-outbox-note]")).to_have_text(
        "Hand 1 saved on this phone, waiting to be sent.", timeout=60_000
    )


def test_the_phone_previews_a_refused_hand_as_the_server_would_and_names_the_field(
    page, live_server, bob, game
):
    log_in(page, live_server.url, "bob")
    _open_entry(page, live_server.url, game)
    _keep_engine(page)
    page.context.set_offline(True)
    # Ron without the discarder: the form's own check, run on the phone.
    _choose(page, "result", "ron")
    _choose(page, "winners", "2")
    expect(page.locator("#preview .preview-incomplete")).to_have_text(
        "Tap who discarded the winning tile.", timeout=60_000
    )
    # 1 han of which 1 is dora: the engine refuses it on the phone in the server's words.
    _choose(page, "discarder", "3")
    _choose(page, "value_2", "1")
    _choose(page, "fu_2", "30")
    page.locator("details[data-more] summary").click()
    page.fill("input[name=dora_2]", "1")
    expect(page.locator("#preview .errors")).to_contain_text(
        "a win needs at least 1 han without dora"
    )
    # Fixed, the numbers come back.
    page.fill("input[name=dora_2]", "")
    _choose(page, "value_2", "3")
    _expect_phone_preview(
        page,
        "E1 if saved",
        ["0", "0", "+3,900", "-3,900"],
        ["25,000", "25,000", "28,900", "21,100"],
        "Next E2 · dealer Bruno · counters 0 · pool 0",
    )
    assert Game.objects.get(pk=game.pk).hand_count == 0


def _shown_preview(page, phone):
    """The preview's title, each seat's change and total, and the next hand, as shown."""
    box = page.locator("#preview [data-preview-phone]" if phone else "#preview [data-preview-ok]")
    expect(box).to_be_visible(timeout=60_000)
    return {
        "title": box.locator(".preview-title").inner_text(),
        "deltas": box.locator(".preview-seats .delta").all_inner_texts(),
        "totals": box.locator(".preview-seats .total").all_inner_texts(),
        "next": box.locator(".preview-next").inner_text(),
    }


def _changed(page):
    page.evaluate(
        "() => document.querySelector('form[data-hand-form]')"
        ".dispatchEvent(new Event('change', {bubbles: true}))"
    )


@pytest.mark.parametrize("by", ["yaku", "tiles"])
def test_the_phone_previews_a_hand_by_yaku_or_by_tiles_as_the_server_does(
    page, live_server, bob, game, by
):
    # Hand 2, after a draw with Bruno ready: the dealer's counters and the ready payments count.
    services.hand_submit(game=game, hand={"result": "draw", "tenpai": [1]}, user=bob)
    log_in(page, live_server.url, "bob")
    _open_entry(page, live_server.url, game)
    _keep_engine(page)
    _choose(page, "result", "tsumo")
    _choose(page, "winners", "1")
    _choose(page, "riichi", "1")
    if by == "yaku":
        page.locator("[data-yaku-picker][data-seat='1'] > summary").click()
        _choose(page, "yaku_1", "pinfu")
        _choose(page, "yaku_1", "tanyao")
    else:  # the tiles go to the mahjong hand calculator, under Pyodide offline
        page.locator("[data-tile-picker][data-seat='1'] > summary").click()
        page.fill("input[name=tiles_1]", "23466m567p345678s")
        page.fill("input[name=win_1]", "8s")
        page.fill("input[name=dora_indicators_1]", "5m")
        _changed(page)
    # The server's preview of the whole hand (not of one on the way: riichi alone is a hand).
    expect(page.locator("#preview [data-preview-yaku]")).to_contain_text(
        "All simples (tanyao) 1" if by == "yaku" else "dora 2", timeout=20_000
    )
    online = _shown_preview(page, phone=False)

    page.context.set_offline(True)
    _changed(page)
    offline = _shown_preview(page, phone=True)
    assert offline == online
    assert online["title"] == "E2-1 if saved"
    assert Game.objects.get(pk=game.pk).hand_count == 1


def test_the_phone_writes_the_results_of_a_game_that_ends_as_the_server_does(
    page, live_server, club, bob
):
    # Daiki deals in 3,900 with 2,900 left: he busts and the game ends on this hand. Aiko ends
    # second on 20,000, 10,000 under the return: her result is 0.0 after uma, written alike.
    players = [
        Player.objects.create(club=club, display_name=n)
        for n in ("Aiko", "Bruno", "Chiara", "Daiki")
    ]
    start = {"scores": [20000, 19000, 58100, 2900]}
    game = services.game_create(
        club=club, players=players, rules="japanese-modern", start=start, created_by=bob
    )
    log_in(page, live_server.url, "bob")
    _open_entry(page, live_server.url, game)
    _keep_engine(page)
    _ron(page, 2, 3, 3, 30)
    shown = {}
    for phone in (False, True):
        if phone:
            page.context.set_offline(True)
            _changed(page)
        box = page.locator(
            "#preview [data-preview-phone]" if phone else "#preview [data-preview-ok]"
        )
        expect(box).to_be_visible(timeout=60_000)
        shown[phone] = (
            box.locator(".preview-title").inner_text(),
            box.locator(".preview-seats .total").all_inner_texts(),
        )
    assert shown[True] == shown[False]
    assert shown[False] == (
        "E1 if saved: the game ends",
        ["#2 0.0", "#3 -21.0", "#1 +72.0", "#4 -51.0"],
    )
    assert Game.objects.get(pk=game.pk).hand_count == 0


def test_the_entry_screen_offline_has_its_own_scripts_and_styles_without_the_http_cache(
    page, live_server, bob, game
):
    log_in(page, live_server.url, "bob")
    _open_entry(page, live_server.url, game)
    kept = page.evaluate(
        """async () => {
            const urls = [];
            for (const n of (await caches.keys()).filter((n) => n.startsWith('tenbou-app-'))) {
                const cache = await caches.open(n);
                for (const r of await cache.keys()) urls.push(new URL(r.url).pathname);
            }
            return urls;
        }"""
    )
    loaded = page.evaluate(
        """() => [...document.querySelectorAll('script[src], link[rel=stylesheet]')]
            .map((e) => new URL(e.src || e.href).pathname)"""
    )
    assert loaded and set(loaded) <= set(kept), set(loaded) - set(kept)
    # Nothing from the browser's HTTP cache: only the worker's copies can answer offline.
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.clearBrowserCache")

    page.context.set_offline(True)
    page.reload()
    styles = page.evaluate("() => [...document.styleSheets].map((s) => s.cssRules.length > 0)")
    assert styles and all(styles)
    # The yaku picker (yaku.js) ticks riichi and the concealed self-draw for the scorer.
    _choose(page, "result", "tsumo")
    _choose(page, "winners", "1")
    _choose(page, "riichi", "1")
    page.locator("[data-yaku-picker][data-seat='1'] > summary").click()
    _choose(page, "yaku_1", "pinfu")
    expect(page.locator("input[name=yaku_1][value=riichi]")).to_be_checked()
    expect(page.locator("input[name=yaku_1][value=menzen_tsumo]")).to_be_checked()
    # The tile picker (tiles.js) writes the tapped tiles in the record's notation.
    picker = "[data-tile-picker][data-seat='1']"
    page.locator(f"{picker} > summary").click()
    for tile in ("2m", "3m", "4m"):
        page.locator(f"{picker} [data-tile='{tile}']").click()
    expect(page.locator("input[name=tiles_1]")).to_have_value("234m")


def test_the_app_opened_offline_on_its_start_page_lists_the_games_kept_for_its_user(
    page, live_server, bob, game
):
    game.table = "3"
    game.save(update_fields=["table"])
    log_in(page, live_server.url, "bob")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    _kept(page, f"/games/{game.pk}/")
    _open_entry(page, live_server.url, game)
    start = page.evaluate("fetch('/manifest.webmanifest').then((r) => r.json())")["start_url"]

    # The home-screen icon, offline: the start page was never kept.
    page.context.set_offline(True)
    page.goto(f"{live_server.url}{start}")
    expect(page.locator("h1")).to_have_text("This page needs a connection")
    kept = page.locator("[data-kept-games]")
    expect(kept).to_be_visible()
    expect(kept.locator("li")).to_have_count(1)
    expect(kept.locator("li")).to_contain_text("Japanese Modern")
    expect(kept.locator("li")).to_contain_text("table 3")
    expect(kept.locator("li")).to_contain_text("Aiko, Bruno, Chiara, Daiki")
    _shot(page, "offline-start-390.png")
    kept.locator("li a.button").click()
    expect(page.locator("form[data-hand-form]")).to_be_visible()
    assert page.url.endswith(f"/games/{game.pk}/hands/new/")
    page.goto(f"{live_server.url}{start}")
    kept.locator("li a").first.click()
    expect(page.locator("#game h1")).to_contain_text("Japanese Modern")


OURS_1 = "Result: Ron · Who won: Chiara · Discarded by: Daiki · Chiara: value: 2 han, 30 fu"


def _second_phone(page, live_server, username):
    """Another phone at the same table: a browser context of its own, logged in."""
    other = page.context.browser.new_context(viewport={"width": 390, "height": 844})
    phone = other.new_page()
    phone.set_default_timeout(10_000)
    log_in(phone, live_server.url, username)
    return phone


@pytest.mark.parametrize("choice", ["keep-theirs", "after", "discard-all"])
def test_a_hand_another_device_entered_first_asks_the_scorer_and_loses_nothing(
    page, live_server, bob, alice, game, choice
):
    log_in(page, live_server.url, "bob")
    _open_entry(page, live_server.url, game)
    page.context.set_offline(True)
    _ron(page, winner=2, discarder=3, han=2, fu=30)
    page.locator("button[data-save]").click()
    _draw(page, 1)
    page.locator("button[data-save]").click()
    expect(page.locator("[data-outbox]")).to_contain_text(f"{COUNT}2 waiting to be sent.")

    # Meanwhile the organiser enters hand 1 on her own phone: Aiko's self-drawn win.
    phone = _second_phone(page, live_server, "alice")
    phone.goto(f"{live_server.url}/games/{game.pk}/hands/new/")
    _choose(phone, "result", "tsumo")
    _choose(phone, "winners", "0")
    _choose(phone, "value_0", "3")
    _choose(phone, "fu_0", "30")
    with phone.expect_navigation():
        phone.locator("button[data-save]").click()
    expect(phone.locator(".messages")).to_contain_text("Hand E1 saved.")
    phone.context.close()

    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    conflict = page.locator(".outbox-conflict")
    expect(conflict).to_contain_text("Another device entered hand 1 first.")
    expect(conflict).to_contain_text("1. E1 Aiko won by self-draw")
    expect(conflict).to_contain_text(
        "Ours (on this phone): Chiara won on Daiki's discard (2 han 30 fu)"
    )
    expect(page.locator("[data-outbox]")).to_contain_text(
        f"{COUNT}1 waiting to be sent, 1 needing your choice."
    )
    # The empty form is not checked against the rules, and the note of a hand sent is gone.
    expect(page.locator("#preview")).not_to_contain_text("This field is required")
    expect(page.locator("[data-outbox-note]")).to_have_count(0)
    _shot(page, "offline-conflict-390.png")
    assert Game.objects.get(pk=game.pk).hand_count == 1  # the queue stopped at the conflict

    asked = []
    page.on("dialog", lambda d: (asked.append(d.message), d.accept()))
    page.locator(f"[data-outbox-action='{choice}']").click()
    expect(page.locator("[data-outbox] .outbox-hand")).to_have_count(0, timeout=20_000)
    game.refresh_from_db()
    results = [h.data["result"] for h in game.hands.order_by("number")]
    if choice == "keep-theirs":
        # Ours was the same hand: dropped, once the scorer said so; our next hand follows.
        assert asked == ["Drop our hand 1 (" + OURS_1 + ")? Theirs stays; ours was never entered."]
        assert results == ["tsumo", "draw"]
    elif choice == "discard-all":
        assert results == ["tsumo"]
    else:
        assert results == ["tsumo", "ron", "draw"]
    assert Submission.objects.filter(game=game).count() == len(results)


def test_two_phones_offline_at_one_table_the_first_queue_lands_and_the_second_asks(
    page, live_server, bob, alice, game
):
    log_in(page, live_server.url, "bob")
    _open_entry(page, live_server.url, game)
    phone = _second_phone(page, live_server, "alice")
    failed = _watch_assets(phone)
    _open_entry(phone, live_server.url, game)

    # Both offline, both type hand 1: Bob Chiara's ron, Alice Aiko's self-draw.
    page.context.set_offline(True)
    phone.context.set_offline(True)
    _ron(page, winner=2, discarder=3, han=2, fu=30)
    page.locator("button[data-save]").click()
    _choose(phone, "result", "tsumo")
    _choose(phone, "winners", "0")
    _choose(phone, "value_0", "3")
    _choose(phone, "fu_0", "30")
    phone.locator("button[data-save]").click()
    for p in (page, phone):
        # Each phone's first check starts its engine: seconds on a busy machine (CI's took
        # more than the default 5).
        expect(p.locator("[data-outbox-note]")).to_have_text(
            "Hand 1 saved on this phone, waiting to be sent.", timeout=60_000
        )

    # Bob's phone finds the signal first: his hand goes in as hand 1.
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("[data-outbox] .outbox-hand")).to_have_count(0, timeout=20_000)
    assert [h.data["result"] for h in Game.objects.get(pk=game.pk).hands.all()] == ["ron"]

    # Alice's comes back: another device entered hand 1; hers is still on her phone.
    phone.context.set_offline(False)
    phone.evaluate("window.dispatchEvent(new Event('online'))")
    conflict = phone.locator(".outbox-conflict")
    expect(conflict).to_contain_text("Another device entered hand 1 first.", timeout=20_000)
    expect(conflict).to_contain_text("Chiara won on Daiki's discard")
    expect(conflict).to_contain_text("Ours (on this phone): Aiko won by self-draw")
    assert Game.objects.get(pk=game.pk).hand_count == 1
    phone.locator("[data-outbox-action='after']").click()
    expect(phone.locator("[data-outbox] .outbox-hand")).to_have_count(0, timeout=20_000)
    game.refresh_from_db()
    assert [h.data["result"] for h in game.hands.order_by("number")] == ["ron", "tsumo"]
    assert Submission.objects.filter(game=game).count() == 2
    assert failed == []
    phone.context.close()


def test_a_refused_hand_stays_on_the_phone_to_be_fixed_and_the_hands_before_it_go_in(
    page, live_server, bob, game
):
    log_in(page, live_server.url, "bob")
    _open_entry(page, live_server.url, game)
    page.context.set_offline(True)
    _draw(page, 1)
    page.locator("button[data-save]").click()
    # 1 han of which 1 is dora: the rules want 1 han without dora; the server will say so.
    _ron(page, winner=2, discarder=3, han=1, fu=30)
    page.locator("details[data-more] summary").click()
    page.fill("input[name=dora_2]", "1")
    page.locator("button[data-save]").click()
    _draw(page)
    page.locator("button[data-save]").click()
    expect(page.locator("[data-outbox]")).to_contain_text(f"{COUNT}3 waiting to be sent.")

    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    refused = page.locator(".outbox-refused")
    expect(refused).to_contain_text("Hand 2 was refused:")
    expect(refused).to_contain_text("Chiara")
    # It opens in the form to fix, with what the scorer typed.
    expect(page.locator("[data-outbox-note]")).to_contain_text("Fixing hand 2")
    expect(page.locator("input[name=dora_2]")).to_have_value("1")
    expect(page.locator("#preview")).to_contain_text("a win needs at least 1 han without dora")
    expect(page.locator("[data-outbox]")).to_contain_text(
        f"{COUNT}1 waiting to be sent, 1 refused."
    )
    # The server's reason once above, the live check once in the preview: not a third time.
    assert page.locator("main").inner_text().count("without dora") == 2
    _shot(page, "offline-refused-390.png")
    assert [h.data["result"] for h in Game.objects.get(pk=game.pk).hands.all()] == ["draw"]
    expect(page.locator("[data-outbox-hand='3']")).to_contain_text("waiting")

    page.reload()  # it survives a reload, and opens in the form again
    expect(page.locator("input[name=dora_2]")).to_have_value("1")
    page.fill("input[name=dora_2]", "")
    _choose(page, "value_2", "2")
    with page.expect_navigation():
        page.locator("button[data-save]").click()
    expect(page.locator("[data-outbox]")).to_have_count(0)
    game.refresh_from_db()
    hands = list(game.hands.order_by("number"))
    assert [h.data["result"] for h in hands] == ["draw", "ron", "draw"]
    assert hands[1].data["wins"] == [{"seat": 2, "han": 2, "fu": 30}]


def test_another_account_on_the_same_phone_never_sees_the_kept_pages(
    page, live_server, bob, alice, game
):
    log_in(page, live_server.url, "bob")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    _kept(page, f"/games/{game.pk}/")
    with page.expect_navigation():
        page.click("header button:has-text('Log out')")
    log_in(page, live_server.url, "alice")

    page.context.set_offline(True)
    page.goto(f"{live_server.url}/games/{game.pk}/")

    expect(page.locator("h1")).to_have_text("This page needs a connection")
    kept = page.evaluate("caches.keys()")
    assert f"tenbou-pages-u{bob.pk}" not in kept
    expect(page.locator("[data-kept-games]")).to_be_hidden()


def test_logging_out_with_hands_waiting_asks_first_and_undo_offline_says_it_needs_the_connection(
    page, live_server, bob, game
):
    services.hand_submit(game=game, hand={"result": "draw", "tenpai": [0]}, user=bob)
    log_in(page, live_server.url, "bob")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    _kept(page, f"/games/{game.pk}/")
    _open_entry(page, live_server.url, game)
    asked = []
    page.on("dialog", lambda d: (asked.append(d.message), d.dismiss()))

    page.context.set_offline(True)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.click("button:has-text('Undo hand 1')")
    expect(page.locator("body")).to_be_visible()
    assert any("This needs the connection" in m for m in asked)
    assert Game.objects.get(pk=game.pk).hand_count == 1

    page.goto(f"{live_server.url}/games/{game.pk}/hands/new/")
    _draw(page)
    page.locator("button[data-save]").click()
    expect(page.locator("[data-outbox]")).to_contain_text(f"{COUNT}1 waiting to be sent.")
    page.context.set_offline(False)
    page.route("**/offline/session/", lambda route: route.abort())  # keep the hand waiting
    page.click("header button:has-text('Log out')")
    page.wait_for_function("() => document.readyState === 'complete'")
    assert any("Hands saved on this phone and not sent yet: 1." in m for m in asked)
    expect(page.locator("header .who")).to_have_text("bob")  # dismissed: still logged in


def test_a_hand_saved_offline_after_an_undo_on_this_phone_follows_the_undo(
    page, live_server, bob, game
):
    for _ in range(3):
        services.hand_submit(game=game, hand={"result": "draw", "tenpai": [0]}, user=bob)
    log_in(page, live_server.url, "bob")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    _kept(page, f"/games/{game.pk}/")
    _open_entry(page, live_server.url, game)  # kept while hand 4 comes next

    # Online, on this phone: undo hand 3.
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.on("dialog", lambda d: d.accept())
    with page.expect_navigation():
        page.click("button:has-text('Undo hand 3')")
    assert Game.objects.get(pk=game.pk).hand_count == 2
    # The worker fetched the game's kept entry screen anew after the phone's own write.
    until(
        page,
        """async (path) => {
            for (const n of (await caches.keys()).filter((n) => n.startsWith('tenbou-pages-u'))) {
                const hit = await (await caches.open(n)).match(path);
                if (hit && /name="expected_number" value="3"/.test(await hit.text())) return true;
            }
            return false;
        }""",
        f"/games/{game.pk}/hands/new/",
        what="the kept entry screen follows the undo",
    )

    # Offline, the kept entry screen follows the undo: the draw is hand 3, not 4.
    page.context.set_offline(True)
    page.goto(f"{live_server.url}/games/{game.pk}/hands/new/")
    _draw(page, 1)
    page.locator("button[data-save]").click()
    expect(page.locator("[data-outbox-note]")).to_have_text(
        "Hand 3 saved on this phone, waiting to be sent.", timeout=60_000
    )
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("[data-outbox] .outbox-hand")).to_have_count(0, timeout=20_000)
    expect(page.locator(".outbox-conflict")).to_have_count(0)
    game.refresh_from_db()
    assert [h.data.get("tenpai") for h in game.hands.order_by("number")] == [[0], [0], [1]]


def test_the_game_is_not_ended_on_the_phone_while_its_hands_wait_there(
    page, live_server, bob, game
):
    services.hand_submit(game=game, hand={"result": "draw", "tenpai": [0]}, user=bob)
    log_in(page, live_server.url, "bob")
    _open_entry(page, live_server.url, game)
    page.context.set_offline(True)
    _draw(page)
    page.locator("button[data-save]").click()
    expect(page.locator("[data-outbox]")).to_contain_text(f"{COUNT}1 waiting to be sent.")

    page.route("**/offline/session/", lambda route: route.abort())  # keep the hand waiting
    page.context.set_offline(False)
    page.wait_for_load_state()
    page.goto(f"{live_server.url}/games/{game.pk}/", wait_until="domcontentloaded")
    asked = []
    page.on("dialog", lambda d: (asked.append(d.message), d.accept()))
    page.click("section.end-actions button:has-text('End now')")
    for _ in range(50):
        if asked:
            break
        page.wait_for_timeout(100)
    expect(page.locator("section.end-actions")).to_be_visible()
    assert asked == [
        "Hands of this game on this phone, not entered yet: 1. The game can end once they are "
        "sent (or discarded)."
    ]
    assert Game.objects.get(pk=game.pk).is_running


@pytest.mark.parametrize(
    ("language", "title"),
    [("it", "Questa pagina richiede una connessione"), ("ja", "このページには接続が必要です")],
)
def test_the_needs_a_connection_page_comes_in_the_language_of_the_phones_pages(
    page, live_server, bob, game, language, title
):
    # The worker installed while the page was English; the reader then chose a language.
    log_in(page, live_server.url, "bob")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    _kept(page, f"/games/{game.pk}/")
    page.context.add_cookies(
        [{"name": "tenbou_language", "value": language, "url": live_server.url}]
    )
    page.reload()
    until(
        page,
        """async (language) => {
            const hit = await (await caches.open('tenbou-meta')).match('/__tenbou/language');
            return !!hit && (await hit.text()) === language;
        }""",
        language,
        what="the worker learns the pages' language",
    )

    page.context.set_offline(True)
    page.goto(f"{live_server.url}/clubs/{game.club.slug}/games/")
    expect(page.locator("h1")).to_have_text(title)
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("[data-kept-games] li")).to_have_count(1)
    if language == "ja":
        _shot(page, "offline-needs-connection-ja-390.png")


def _engine(page):
    """What the entry screen knows of its engine (TenbouEngine.status in engine.js)."""
    return page.evaluate("() => window.TenbouEngine.status()")


def test_the_engine_starts_while_the_screen_waits_online_and_the_next_screen_finds_it_started(
    page, live_server, bob, game, engine_in_the_background
):
    log_in(page, live_server.url, "bob")
    _open_entry(page, live_server.url, game)
    _keep_engine(page)
    # A new entry screen, its engine's files on the phone: nobody taps, and the engine starts
    # in the background while the signal is still there (this screen's start, or the one the
    # screen before it began once the files were kept).
    page.reload()
    until(
        page,
        "() => window.TenbouEngine.status().state === 'ready'",
        timeout=60_000,
        what="the engine started in the background",
    )
    first = _engine(page)
    assert first["how"] == "background", first

    # Hand 1 saved online: the outbox sends it and opens the next hand's screen, a new page.
    _ron(page, winner=2, discarder=3, han=2, fu=30)
    expect(page.locator("#preview [data-preview-ok]")).to_contain_text("E1 if saved")
    with page.expect_navigation():
        page.locator("button[data-save]").click()
    expect(page.locator("input[name=expected_number]")).to_have_value("2")
    # The next screen finds the engine the last one started (one SharedWorker, which outlived
    # the navigation), not a start of its own.
    until(
        page,
        "() => window.TenbouEngine.status().state === 'ready'",
        timeout=60_000,
        what="the next screen's engine ready",
    )
    second = _engine(page)
    assert second["kept"] is True, second
    assert second["ms"] == first["ms"], (first, second)

    # The signal drops: the first preview is the started engine's answer, with nothing started
    # as the phone went offline.
    page.context.set_offline(True)
    _draw(page, 1)
    _expect_phone_preview(
        page,
        "E2 if saved",
        ["-1,000", "+3,000", "-1,000", "-1,000"],
        ["24,000", "28,000", "26,000", "22,000"],
        "Next E2-1 · dealer Bruno · counters 1 · pool 0",
    )
    assert _engine(page) == second
    assert Game.objects.get(pk=game.pk).hand_count == 1
