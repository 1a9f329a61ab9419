"""A game entered by its final scores on a phone (390 x 844): the form, a total that does not
add up (the engine's refusal, nothing written), the game entered, and its page."""

from playwright.sync_api import expect

from scoring.models import Game
from tests.browser.steps import log_in


def _fits(page):
    return page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_a_game_is_entered_by_its_final_scores_on_a_phone(page, live_server, club, bob):
    assert page.viewport_size["width"] == 390
    log_in(page, live_server.url, "bob")
    page.goto(f"{live_server.url}/clubs/{club.slug}/games/")
    with page.expect_navigation():
        page.get_by_role("link", name="Enter a game by its final scores").click()
    expect(page.locator("h1")).to_have_text("Enter a game by its final scores")
    page.select_option("#id_rules", "preset:japanese-modern")
    expect(page.locator("#id_seat_3")).to_be_visible()
    scores = (42000, 31000, 18000, 9000)  # 1,000 too many with a stick left on the table
    names = ("Aiko", "Bruno", "Chiara", "Daiki")
    for seat, (name, score) in enumerate(zip(names, scores, strict=True)):
        page.fill(f"#id_seat_{seat}", name)
        page.fill(f"#id_score_{seat}", str(score))
    page.fill("#id_sticks_left", "1")
    assert _fits(page), "the form is wider than the phone"
    with page.expect_navigation():
        page.locator("form.final-scores-form button[type=submit]").click()
    expect(page.locator(".errors[role=alert]")).to_contain_text(
        "the final scores add up to 100,000 but must add up to 99,000"
    )
    assert not Game.objects.exists()

    page.fill("#id_score_3", "8000")
    with page.expect_navigation():
        page.locator("form.final-scores-form button[type=submit]").click()
    game = Game.objects.get()
    assert page.url.endswith(f"/games/{game.pk}/")
    expect(page.locator(".messages")).to_contain_text("Game entered by its final scores.")
    section = page.locator("section.final-scores-entered")
    expect(section.locator("h2")).to_have_text("Entered by its final scores")
    expect(section.locator("tbody tr")).to_have_count(4)
    expect(section).to_contain_text("1 riichi stick left on the table: 1,000 to Aiko")
    expect(page.locator("a[data-enter-hand]")).to_have_count(0)
    assert _fits(page), "the game page is wider than the phone"
    assert list(game.seats.order_by("seat").values_list("result", flat=True)) == [
        530,
        110,
        -220,
        -420,
    ]


def test_three_player_rules_hide_the_north_seat(page, live_server, club, bob):
    log_in(page, live_server.url, "bob")
    page.goto(f"{live_server.url}/clubs/{club.slug}/games/final-scores/")
    page.select_option("#id_rules", "preset:tenhou-sanma")
    expect(page.locator("#id_seat_3")).to_be_hidden()
    expect(page.locator("#id_score_3")).to_be_hidden()
    three = zip(("Aiko", "Bruno", "Chiara"), (52000, 33000, 20000), strict=True)
    for seat, (name, score) in enumerate(three):
        page.fill(f"#id_seat_{seat}", name)
        page.fill(f"#id_score_{seat}", str(score))
    with page.expect_navigation():
        page.locator("form.final-scores-form button[type=submit]").click()
    game = Game.objects.get()
    assert game.seat_count == 3
    assert list(game.seats.order_by("seat").values_list("result", flat=True)) == [470, -70, -400]
