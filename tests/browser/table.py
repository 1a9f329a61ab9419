"""A scorer at the table in the browser, shared by the half-game and the club-from-scratch
tests: the first hands of the half game with what the rules make of them, the two screen
sizes, and the entry screen's taps (:class:`Table`)."""

import os
from pathlib import Path

from playwright.sync_api import expect

HANDS = [
    # E1: Chiara declares riichi (-1,000) and wins 2 han 30 fu (2,000) on Daiki's discard; her
    # stick comes back to her.
    (
        "result=ron winners=2 discarder=3 value_2=2 fu_2=30 riichi=2",
        "E1",
        [0, 0, +2000, -2000],
        "E2",
    ),
    # E2: a draw; Aiko and Bruno (the dealer) ready take 1,500 each from the two not ready;
    # Chiara's riichi stick stays in the pool. The dealer was ready: he keeps the deal.
    (
        "result=draw tenpai=0 tenpai=1 riichi=2",
        "E2",
        [+1500, +1500, -2500, -1500],
        "E2-1",
    ),
    # E2-1: a double ron on Daiki's discard. Aiko, first after the discarder, takes 1 han
    # 30 fu (1,000) + the counter (300) + the pool (1,000); Chiara a mangan (8,000) + 300.
    (
        "result=ron winners=0 winners=2 discarder=3 value_0=1 fu_0=30 value_2=h5",
        "E2-1",
        [+2300, 0, +8300, -9600],
        "E3",
    ),
    # E3: chombo by Daiki: 2,000 to each player, 4,000 to Chiara the dealer. Not the dealer's
    # chombo, so the hand is played again.
    ("result=chombo offender=3", "E3", [+2000, +2000, +4000, -8000], "E3"),
    # E3 again: Chiara, the dealer, draws 3 han 30 fu herself: 2,000 from each.
    (
        "result=tsumo winners=2 value_2=3 fu_2=30",
        "E3",
        [-2000, -2000, +6000, -2000],
        "E3-1",
    ),
    # E3-1: Bruno 1 han 30 fu on Chiara's discard: 1,000 + 300.
    (
        "result=ron winners=1 discarder=2 value_1=1 fu_1=30",
        "E3-1",
        [0, +1300, -1300, 0],
        "E4",
    ),
    # E4: Daiki, the dealer, declares riichi and draws a mangan: 4,000 from each, stick back.
    (
        "result=tsumo winners=3 value_3=h5 riichi=3",
        "E4",
        [-4000, -4000, -4000, +12000],
        "E4-1",
    ),
    # E4-1: Aiko 1 han 40 fu on Daiki's discard: 1,300 + 300.
    (
        "result=ron winners=0 discarder=3 value_0=1 fu_0=40",
        "E4-1",
        [+1600, 0, 0, -1600],
        "S1",
    ),
    # S1: a draw, nobody ready: no payments; Aiko the dealer was not ready, the deal passes
    # and the counter goes on.
    ("result=draw", "S1", [0, 0, 0, 0], "S2-1"),
    # S2-1: Bruno, the dealer, draws 2 han 30 fu himself: 1,000 + 100 from each.
    (
        "result=tsumo winners=1 value_1=2 fu_1=30",
        "S2-1",
        [-1100, +3300, -1100, -1100],
        "S2-2",
    ),
    # S2-2: Daiki 3 han 40 fu on Aiko's discard: 5,200 + 600.
    (
        "result=ron winners=3 discarder=0 value_3=3 fu_3=40",
        "S2-2",
        [-5800, 0, 0, +5800],
        "S3",
    ),
]
# Entered after the correction below.


VIEWPORTS = {
    "phone": {"width": 390, "height": 844},
    "desktop": {"width": 1280, "height": 800},
}


def signed(n):
    return f"{n:+,}" if n else "0"


def points(n):
    return f"{n:,}"


class Table:
    """The scorer's taps on the entry screen, with screenshots when asked for."""

    def __init__(self, page, url, size):
        self.page = page
        self.url = url
        self.size = size
        self.shots = (
            Path(os.environ["TENBOU_SCREENSHOTS"]) if os.environ.get("TENBOU_SCREENSHOTS") else None
        )
        self.count = 0

    def shot(self, name):
        if self.shots is None:
            return
        self.shots.mkdir(parents=True, exist_ok=True)
        self.count += 1
        path = self.shots / f"half-game-{self.size}-{self.count:02d}-{name}.png"
        # From the bottom, so that the sticky save bar is drawn where it rests, not mid-page.
        self.page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        self.page.screenshot(path=str(path), full_page=True)

    def go(self, path):
        self.page.goto(f"{self.url}{path}")

    def tap(self, name, value):
        self.page.locator(f"label:has(> input[name='{name}'][value='{value}'])").click()

    def fits(self):
        width = self.page.evaluate("document.documentElement.scrollWidth")
        return width <= self.page.viewport_size["width"]

    def enter(self, taps, label, deltas, scores, next_label, shot=None):
        """Tap a hand in, check the preview against the rules, save, check the seat totals."""
        for chip in taps.split():
            self.tap(*chip.split("="))
        preview = self.page.locator("#preview")
        title = f"{label} if saved" + ("" if next_label else ": the game ends")
        expect(preview.locator(".preview-title")).to_have_text(title)
        expect(preview.locator(".preview-seats .delta")).to_have_text([signed(d) for d in deltas])
        if next_label:
            expect(preview.locator(".preview-next")).to_contain_text(f"Next {next_label} ")
            expect(preview.locator(".preview-seats .total")).to_have_text(
                [points(s) for s in scores]
            )
        assert self.fits(), f"the entry screen for {label} is wider than the screen"
        overflow = preview.locator(".preview-seats").evaluate("e => e.scrollWidth - e.clientWidth")
        assert overflow <= 0, f"the preview of {label} spills {overflow}px out of its box"
        if shot:
            self.shot(shot)
        with self.page.expect_navigation():
            self.page.locator("button[data-save]").click()
        expect(self.page.locator(".messages")).to_contain_text(f"Hand {label} saved.")
        expect(self.page.locator(".seat-score")).to_have_text([points(s) for s in scores])
        if next_label:
            expect(self.page.locator(".state-label")).to_have_text(next_label)
        assert self.fits(), f"the page after {label} is wider than the screen"
