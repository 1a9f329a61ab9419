"""A win in the players' own terms, on a phone: riichi pinfu tanyao tsumo by yaku and by tiles,
an Italian hand by its sets, each with the preview checked before saving; the taps counted
(docs/benchmarks.md, Hand entry). Seat 0 (Aiko) deals. With ``TENBOU_SCREENSHOTS=dir`` the
tests save a screenshot of each entry screen before the save there."""

import os
from pathlib import Path

from playwright.sync_api import expect

from clubs.models import Player
from scoring import services
from tests.browser.steps import log_in

NAMES = ("Aiko", "Bruno", "Chiara", "Daiki")
# 4 han 20 fu self-drawn by a non-dealer: 1,300 from each non-dealer, 2,600 from the dealer;
# Bruno's own riichi deposit comes back with the pool.
PINFU_TSUMO_DELTAS = ["-2,600", "+5,200", "-1,300", "-1,300"]


class Taps:
    def __init__(self, page):
        self.page = page
        self.count = 0

    def tap(self, selector):
        self.page.locator(selector).first.click()
        self.count += 1

    def choose(self, name, value):
        self.tap(f"label:has(> input[name='{name}'][value='{value}'])")

    def select(self, selector, value):
        self.page.locator(selector).select_option(value)
        self.count += 1

    def save(self):
        self.count += 1
        with self.page.expect_navigation():
            self.page.locator("button[data-save]").click()


def _entry(page, live_server, club, bob, rules):
    players = [Player.objects.create(club=club, display_name=n) for n in NAMES]
    game = services.game_create(club=club, players=players, rules=rules, created_by=bob)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/games/{game.pk}/hands/new/")
    return game


def _fits(page):
    return page.evaluate("document.documentElement.scrollWidth") <= 390


def _shot(page, name):
    if os.environ.get("TENBOU_SCREENSHOTS"):
        folder = Path(os.environ["TENBOU_SCREENSHOTS"])
        folder.mkdir(parents=True, exist_ok=True)
        # From the bottom, so that the sticky save bar is drawn where it rests.
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.screenshot(path=str(folder / f"scoring-entry-{name}-390.png"), full_page=True)


def test_riichi_pinfu_tanyao_tsumo_by_yaku_in_seven_taps(page, live_server, club, bob):
    game = _entry(page, live_server, club, bob, "japanese-modern")
    t = Taps(page)
    t.choose("result", "tsumo")
    t.choose("winners", "1")
    t.choose("riichi", "1")
    t.tap("[data-yaku-picker][data-seat='1'] > summary")
    t.choose("yaku_1", "pinfu")
    t.choose("yaku_1", "tanyao")
    # riichi (the chip) and the concealed self-draw (the result) are ticked for the scorer
    expect(page.locator("input[name=yaku_1][value=riichi]")).to_be_checked()
    expect(page.locator("input[name=yaku_1][value=menzen_tsumo]")).to_be_checked()
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Bruno: 4 han 20 fu")
    expect(preview).to_contain_text("No-points hand (pinfu) 1")
    expect(page.locator("#preview .preview-seats .delta")).to_have_text(PINFU_TSUMO_DELTAS)
    assert _fits(page)
    _shot(page, "by-yaku")
    t.save()
    assert t.count == 7
    data = game.hands.get().data
    assert data["wins"] == [
        {"seat": 1, "yaku": ["riichi", "menzen_tsumo", "pinfu", "tanyao"]}
    ] and data["riichi"] == [1]
    # The correction page reopens it by yaku, the han chips untouched.
    page.goto(f"{live_server.url}/games/{game.pk}/hands/1/")
    expect(page.locator("[data-yaku-picker][data-seat='1']")).to_have_attribute("open", "")
    expect(page.locator("input[name=yaku_1][value=pinfu]")).to_be_checked()
    expect(page.locator("input[name=value_1]:checked")).to_have_count(0)
    assert page.errors == []


def test_han_chips_stay_one_tap_away_and_clear_the_yaku(page, live_server, club, bob):
    _entry(page, live_server, club, bob, "japanese-modern")
    t = Taps(page)
    t.choose("result", "ron")
    t.choose("winners", "2")
    t.choose("discarder", "3")
    t.tap("[data-yaku-picker][data-seat='2'] > summary")
    t.choose("yaku_2", "tanyao")
    t.choose("value_2", "2")  # the scorer counts after all
    expect(page.locator("input[name=yaku_2]:checked")).to_have_count(0)
    t.choose("fu_2", "30")
    expect(page.locator("#preview .preview-seats .delta")).to_have_text(
        ["0", "0", "+2,000", "-2,000"]
    )
    assert page.errors == []


def test_riichi_pinfu_tanyao_tsumo_by_tiles(page, live_server, club, bob):
    game = _entry(page, live_server, club, bob, "japanese-modern")
    t = Taps(page)
    t.choose("result", "tsumo")
    t.choose("winners", "1")
    t.choose("riichi", "1")
    t.tap("[data-tile-picker][data-seat='1'] > summary")
    # The keys show the tiles' faces and are named by their codes.
    picker = page.locator("[data-tile-picker][data-seat='1']")
    expect(picker.get_by_role("button", name="1m", exact=True)).to_have_text("1萬")
    expect(picker.get_by_role("button", name="6z", exact=True)).to_have_text("發")
    expect(picker.get_by_role("button", name="red five 0p", exact=True)).to_have_text("5筒")
    # 234m 567m 234p 88s 45s, and the 6s drawn last: the winning tile
    for tile in ("2m", "3m", "4m", "5m", "6m", "7m", "2p", "3p", "4p", "8s", "8s", "4s", "5s"):
        t.tap(f"[data-tile-picker][data-seat='1'] [data-tile='{tile}']")
    t.tap("[data-tile-picker][data-seat='1'] [data-tile='6s']")
    expect(page.locator("input[name=tiles_1]")).to_have_value("234567m234p45688s")
    expect(page.locator("input[name=win_1]")).to_have_value("6s")
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Bruno: 4 han 20 fu")
    expect(preview).to_contain_text("All simples (tanyao) 1")
    expect(page.locator("#preview .preview-seats .delta")).to_have_text(PINFU_TSUMO_DELTAS)
    assert _fits(page)
    _shot(page, "by-tiles")
    if os.environ.get("TENBOU_SCREENSHOTS"):
        picker.locator(".tile-keys").screenshot(
            path=str(Path(os.environ["TENBOU_SCREENSHOTS"]) / "scoring-tile-picker-390.png")
        )
    t.save()
    assert t.count == 19  # 14 tiles, the result, the winner, riichi, the picker, save
    win = game.hands.get().data["wins"][0]
    assert (win["tiles"], win["win"]) == ("234567m234p45688s", "6s")
    assert game.hands.get().result["breakdowns"][0]["source"] == "tiles"
    page.goto(f"{live_server.url}/games/{game.pk}/hands/1/")
    expect(page.locator("input[name=tiles_1]")).to_have_value("234567m234p45688s")
    assert page.errors == []


def test_an_italian_hand_by_its_sets(page, live_server, club, bob):
    game = _entry(page, live_server, club, bob, "italian-official")
    t = Taps(page)
    t.choose("result", "tsumo")
    t.choose("winners", "1")
    builder = "[data-sets-builder][data-seat='1']"
    t.tap(f"{builder} > summary")
    t.tap(f"{builder} [data-add-set=pung]")
    t.select(f"{builder} [data-set=tiles]", "honours")
    t.select(f"{builder} [data-set=concealed]", "1")
    t.select(f"{builder} [data-set=honour]", "dragon")
    t.select(f"{builder} [data-part=pair]", "seat_wind")
    t.tap(f"{builder} label:has(> input[data-part=self_drawn])")
    # 20 winning + 8 concealed dragon pung (1 double) + 2 pair + 2 self-drawn = 32 x 2 = 64,
    # paid as 60: East double, 120; the others 60. The losers scored nothing.
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Bruno: 32 points, 1 doubles")
    expect(page.locator("#preview .preview-seats .delta")).to_have_text(
        ["-120", "+240", "-60", "-60"]
    )
    assert _fits(page)
    _shot(page, "by-sets")
    t.save()
    assert t.count == 10
    parts = game.hands.get().data["wins"][0]["parts"]
    assert parts == {
        "win": True,
        "sets": [{"set": "pung", "tiles": "honours", "concealed": True, "honour": "dragon"}],
        "pair": "seat_wind",
        "self_drawn": True,
    }
    page.goto(f"{live_server.url}/games/{game.pk}/hands/1/")
    expect(page.locator(f"{builder} [data-set=honour]")).to_have_value("dragon")
    assert page.errors == []
