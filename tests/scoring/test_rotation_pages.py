"""Five at a table's pages: make a rotation from the club's games list, its page (the order,
who sits out next, the games and the standing), starting the next game, moving a player in
the order; the games list and the game page name a game's rotation."""

import re

import pytest

from scoring import rotations, services
from scoring.models import Game, Rotation
from tests import factories
from tests.scoring.test_rotations import FIVE, RON, play_next

FORM = {
    "rules": "preset:japanese-modern",
    "table": "2",
    **{f"player_{i}": name for i, name in enumerate(FIVE)},
}


@pytest.fixture
def five(club):
    return factories.players(club, FIVE)


@pytest.fixture
def rotation(club, five, bob):
    return services.rotation_create(
        club=club, players=five, rules="japanese-modern", created_by=bob
    )


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def url(rotation, tail=""):
    return f"/clubs/{rotation.club.slug}/rotations/{rotation.pk}/{tail}"


def test_the_games_list_offers_five_at_a_table_to_a_scorer(client, club, bob):
    client.force_login(bob)
    assert 'href="/clubs/riverside/rotations/new/"' in page(client, "/clubs/riverside/games/")


def test_the_games_list_offers_it_to_no_member(client, club, charlie):
    client.force_login(charlie)
    assert "/rotations/new/" not in page(client, "/clubs/riverside/games/")


def test_the_form_offers_four_player_rules_only(client, club, bob):
    client.force_login(bob)
    html = page(client, "/clubs/riverside/rotations/new/")
    assert 'value="preset:japanese-modern"' in html
    assert "preset:tenhou-sanma" not in html
    assert html.count('list="club-players"') == 5
    assert "Sits out game 1" in html and "Sits out game 5" in html


def test_making_a_rotation_goes_to_its_page(client, club, bob, five):
    client.force_login(bob)
    response = client.post("/clubs/riverside/rotations/new/", FORM)
    rotation = Rotation.objects.get()
    assert response.status_code == 302
    assert response["Location"] == url(rotation)
    assert [p.display_name for p in rotations.order_of(rotation)] == list(FIVE)
    assert rotation.table == "2"


def test_a_name_twice_is_refused_on_the_form(client, club, bob, five):
    client.force_login(bob)
    response = client.post("/clubs/riverside/rotations/new/", {**FORM, "player_4": "aiko"})
    assert response.status_code == 200
    assert "A player can have only one place in the order." in response.content.decode()
    assert not Rotation.objects.exists()


def test_rules_for_three_are_refused_on_the_form(client, club, bob, five):
    client.force_login(bob)
    response = client.post(
        "/clubs/riverside/rotations/new/", {**FORM, "rules": "preset:tenhou-sanma"}
    )
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert not Rotation.objects.exists()


def test_its_page_shows_the_order_who_sits_out_next_and_the_standing(client, rotation, bob):
    client.force_login(bob)
    html = page(client, url(rotation))
    assert "Start game 1 (Aiko sits out)" in html
    order = re.search(r'<ol class="rotation-places">(.*?)</ol>', html, re.S).group(1)
    assert re.findall(r'<span class="name">([^<]+)</span>', order) == list(FIVE)
    assert "Game 2</b>: Bruno sits out" in html
    standing = re.search(r"data-rotation-standing>(.*?)</table>", html, re.S).group(1)
    assert standing.count("<tr>") == 6  # the head and five players


def test_starting_the_next_game_goes_to_its_entry(client, rotation, bob):
    client.force_login(bob)
    response = client.post(url(rotation, "next/"))
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/hands/new/"
    assert [p.display_name for p in game.seat_players()] == ["Bruno", "Chiara", "Daiki", "Emi"]
    # While it runs, the page links to it and offers no second start.
    html = page(client, url(rotation))
    assert "Game 1 is running" in html and f'href="/games/{game.pk}/"' in html
    assert "data-rotation-next" not in html


def test_a_second_start_while_one_runs_is_refused_with_the_reason(client, rotation, bob):
    client.force_login(bob)
    client.post(url(rotation, "next/"))
    response = client.post(url(rotation, "next/"), follow=True)
    assert "Game 1 of this rotation is still running" in response.content.decode()
    assert Game.objects.count() == 1


def test_the_games_list_and_the_game_page_name_the_rotation(client, rotation, bob):
    client.force_login(bob)
    game = play_next(rotation, bob, RON)
    assert "five at a table, game 1" in page(client, "/clubs/riverside/games/")
    html = page(client, f"/games/{game.pk}/")
    assert f'href="{url(rotation)}"' in html and "Five at a table, game 1" in html


def test_the_page_counts_games_per_player(client, rotation, bob):
    play_next(rotation, bob, RON)
    play_next(rotation, bob, RON)
    client.force_login(bob)
    html = page(client, url(rotation))
    standing = re.search(r"data-rotation-standing>.*?<tbody>(.*?)</tbody>", html, re.S).group(1)
    rows = re.findall(
        r'<td class="name">([^<]+)</td><td class="num games">(\d+)</td><td class="num">(\d+)</td>',
        standing,
    )
    assert sorted(rows) == [
        ("Aiko", "1", "1"),
        ("Bruno", "1", "1"),
        ("Chiara", "2", "0"),
        ("Daiki", "2", "0"),
        ("Emi", "2", "0"),
    ]
    assert "Start game 3 (Chiara sits out)" in html


def test_the_organiser_moves_a_player_up(client, rotation, alice, five):
    client.force_login(alice)
    assert "Move Bruno up" in page(client, url(rotation))
    response = client.post(url(rotation, "order/"), {"player": five[1].pk})
    assert response.status_code == 302
    order = [p.display_name for p in rotations.order_of(rotation)]
    assert order == ["Bruno", "Aiko", "Chiara", "Daiki", "Emi"]


def test_moving_the_first_up_sends_them_to_the_end(client, rotation, alice, five):
    client.force_login(alice)
    client.post(url(rotation, "order/"), {"player": five[0].pk})
    order = [p.display_name for p in rotations.order_of(rotation)]
    assert order == ["Bruno", "Chiara", "Daiki", "Emi", "Aiko"]


def test_a_move_of_someone_else_is_refused(client, rotation, alice, club):
    outsider = factories.players(club, ("Federico",))[0]
    client.force_login(alice)
    response = client.post(url(rotation, "order/"), {"player": outsider.pk}, follow=True)
    assert "Choose a player of this rotation to move." in response.content.decode()
    assert [p.display_name for p in rotations.order_of(rotation)] == list(FIVE)


def test_a_scorer_sees_no_move_and_may_not_move(client, rotation, bob, five):
    client.force_login(bob)
    assert "Move Bruno up" not in page(client, url(rotation))
    assert client.post(url(rotation, "order/"), {"player": five[1].pk}).status_code == 403
    assert [p.display_name for p in rotations.order_of(rotation)] == list(FIVE)


def test_a_member_sees_the_page_without_a_start(client, rotation, charlie):
    client.force_login(charlie)
    html = page(client, url(rotation))
    assert "data-rotation-next" not in html and "Aiko" in html


def test_another_clubs_address_finds_no_rotation(client, rotation, public_club, alice):
    client.force_login(alice)
    assert client.get(f"/clubs/{public_club.slug}/rotations/{rotation.pk}/").status_code == 404
