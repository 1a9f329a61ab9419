"""The pages of a game by its final scores: the form, the game page, the correction."""

import pytest

from core.models import AuditEntry
from scoring import services
from scoring.models import Game
from tests.page_text import _Text


def page_text(response):
    """The words a reader sees on the page, spaces collapsed."""
    parser = _Text()
    parser.feed(response.content.decode())
    return " ".join(" ".join(parser.parts).split())


FORM = {
    "rules": "preset:japanese-modern",
    "seat_0": "Aiko",
    "seat_1": "Bruno",
    "seat_2": "Chiara",
    "seat_3": "Daiki",
    "score_0": "42000",
    "score_1": "31000",
    "score_2": "18000",
    "score_3": "8000",
    "chombo_0": "0",
    "chombo_1": "0",
    "chombo_2": "0",
    "chombo_3": "0",
    "sticks_left": "1",
    "table": "2",
    "played_on": "2026-03-14",
}


def url(club):
    return f"/clubs/{club.slug}/games/final-scores/"


def test_the_form_asks_for_each_seats_points_and_chombo(client, bob, club, table):
    client.force_login(bob)
    response = client.get(url(club))
    assert response.status_code == 200
    text = page_text(response)
    assert "Enter a game by its final scores" in text
    for name in ("score_0", "score_3", "chombo_0", "sticks_left", "seat_3", "played_on"):
        assert f'name="{name}"' in response.content.decode()


def test_a_scorer_enters_a_game_and_its_page_says_so(client, bob, club, table):
    client.force_login(bob)
    response = client.post(url(club), FORM)
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert game.status == Game.Status.FINISHED and game.table == "2"
    assert str(game.played_on) == "2026-03-14"
    page = client.get(f"/games/{game.pk}/")
    text = page_text(page)
    assert "Entered by its final scores" in text
    assert "42,000" in text and "1 riichi stick left on the table: 1,000 to Aiko" in text
    assert "+53.0" in text
    body = page.content.decode()
    assert f"/games/{game.pk}/hands/new/" not in body  # no hand entry for it
    assert "Correct the final scores" not in text  # a scorer may not correct a finished game


def test_scores_that_do_not_add_up_are_shown_on_the_form_and_nothing_is_written(
    client, bob, club, table
):
    client.force_login(bob)
    response = client.post(url(club), {**FORM, "score_3": "9000"})
    assert response.status_code == 200
    text = page_text(response)
    assert "the final scores add up to 100,000 but must add up to 99,000" in text
    assert not Game.objects.exists() and not AuditEntry.objects.exists()


def test_three_player_rules_take_three_scores(client, bob, club, table):
    client.force_login(bob)
    form = {
        **FORM,
        "rules": "preset:tenhou-sanma",
        "seat_3": "",
        "score_0": "52000",
        "score_1": "33000",
        "score_2": "20000",
        "score_3": "",
        "chombo_3": "",
        "sticks_left": "0",
    }
    response = client.post(url(club), form)
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.seat_count == 3 and game.final_scores["scores"] == [52000, 33000, 20000]


def test_five_at_a_table_takes_five_scores_and_four_refuse_a_fifth(client, bob, club, table):
    """The fifth player (who sat out East 1) has points of their own at five at a table; at
    four, points given for a fifth are refused, and nothing is written."""
    client.force_login(bob)
    five = {**FORM, "rules": "preset:japanese-modern-five", "seat_4": "Emi", "sticks_left": "0"}
    five |= {"score_0": "32000", "score_1": "31000", "score_2": "22000", "score_3": "20000"}
    missing = client.post(url(club), five)
    assert missing.status_code == 200 and not Game.objects.exists()
    assert missing.context["form"].errors["score_4"] == ["This field is required."]

    response = client.post(url(club), {**five, "score_4": "20000", "chombo_4": "0"})
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.seat_count == 5
    assert game.final_scores["scores"] == [32000, 31000, 22000, 20000, 20000]
    assert [p.display_name for p in game.seat_players()][4] == "Emi"
    page = page_text(client.get(f"/games/{game.pk}/"))
    assert "Entered by its final scores" in page and "Emi" in page and "20,000" in page

    four = client.post(url(club), {**FORM, "score_4": "1000"})
    assert four.status_code == 200 and Game.objects.count() == 1
    assert four.context["form"].errors["score_4"] == [
        "These rules seat four players: leave the fifth player's points empty."
    ]


def test_a_member_cannot_open_the_form(client, charlie, club):
    client.force_login(charlie)
    assert client.get(url(club)).status_code == 403


@pytest.fixture
def entered(club, table, bob):
    return services.game_final_scores_enter(
        club=club,
        seats=table,
        final_scores={"scores": [42000, 31000, 18000, 8000], "sticks_left": 1},
        created_by=bob,
        rules="japanese-modern",
    )


def test_an_organiser_corrects_it_on_its_page(client, alice, entered):
    client.force_login(alice)
    page = page_text(client.get(f"/games/{entered.pk}/"))
    assert "Correct the final scores" in page
    data = {"score_0": "42000", "score_1": "31000", "score_2": "8000", "score_3": "19000"}
    response = client.post(
        f"/games/{entered.pk}/final-scores/", {**data, "sticks_left": "0", "reason": "typo"}
    )
    assert response.status_code == 302
    entered.refresh_from_db()
    assert entered.final_scores["scores"] == [42000, 31000, 8000, 19000]
    assert list(entered.seats.order_by("seat").values_list("result", flat=True)) == [
        520,
        110,
        -420,
        -210,
    ]
    text = page_text(client.get(f"/games/{entered.pk}/"))
    assert "corrected the final scores" in text


def test_a_scorers_correction_is_refused(client, bob, entered):
    client.force_login(bob)
    response = client.post(
        f"/games/{entered.pk}/final-scores/",
        {"score_0": "1", "score_1": "1", "score_2": "1", "score_3": "1", "reason": "x"},
    )
    assert response.status_code == 403
    entered.refresh_from_db()
    assert entered.final_scores["scores"] == [42000, 31000, 18000, 8000]


def test_it_is_listed_with_the_clubs_games(client, bob, club, entered):
    client.force_login(bob)
    text = page_text(client.get(f"/clubs/{club.slug}/games/"))
    assert "Aiko" in text and "+53.0" in text
    assert "entered by its final scores" in text  # in place of its hand count
    assert "Enter a game by its final scores" in text  # the link to the form


def test_a_players_statistics_page_takes_a_game_without_hands(client, bob, club, entered):
    client.force_login(bob)
    aiko = entered.seats.get(seat=0).player
    response = client.get(f"/clubs/{club.slug}/players/{aiko.pk}/")
    assert response.status_code == 200
    assert "+53.0" in page_text(response)
