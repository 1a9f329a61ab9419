"""The standings and the live board answer a phone's conditional GET (clubs.conditional): 304
while nothing in the club changed, the page again after any write, never to a reader who may
not see the club."""

import pytest
from django.conf import settings

from clubs.players import player_rename
from scoring import services
from tests.factories import tsumo


@pytest.fixture
def pages(club, league, season):
    board = f"/clubs/{club.slug}/leagues/{league.slug}/live/"
    return {
        "standings": f"/clubs/{club.slug}/leagues/{league.slug}/seasons/{season.pk}/",
        "board": board,
        "fragment": board + "?partial=1",
    }


@pytest.fixture
def running(players, play_game, league):
    a, b, c, d = players[:4]
    play_game([a, b, c, d], [tsumo(0, 4, 30)], league=league)
    return play_game([a, b, c, d], [tsumo(1)], league=league, finish=False)


def _again(client, path, response, **headers):
    return client.get(path, headers={"if-none-match": response["ETag"], **headers})


@pytest.mark.parametrize("page", ["standings", "board", "fragment"])
def test_an_unchanged_page_answers_304_without_rendering(
    client, charlie, pages, running, page, django_assert_max_num_queries
):
    client.force_login(charlie)
    first = client.get(pages[page])
    assert first.status_code == 200
    assert first["ETag"].startswith('W/"')
    assert "no-cache" in first["Cache-Control"] and "private" in first["Cache-Control"]
    # The session, the user, the club, the role (for access, for the tag), the league, the
    # season (standings), the latest audit entry: nothing the page itself reads.
    with django_assert_max_num_queries(8):
        second = _again(client, pages[page], first)
    assert second.status_code == 304
    assert second.content == b""
    assert second["ETag"] == first["ETag"]


@pytest.mark.parametrize("page", ["standings", "fragment"])
def test_a_hand_a_finished_game_or_a_renamed_player_is_a_new_page(
    client, alice, charlie, pages, running, page
):
    client.force_login(charlie)
    seen = client.get(pages[page])
    services.hand_submit(game=running, hand=tsumo(2), user=alice)
    changed = _again(client, pages[page], seen)
    assert changed.status_code == 200 and changed["ETag"] != seen["ETag"]

    player_rename(
        player=running.seats.get(seat=0).player,
        display_name="Aiko Tanaka",
        actor=alice,
        actor_role="organiser",
    )
    renamed = _again(client, pages[page], changed)
    assert renamed.status_code == 200
    assert b"Aiko Tanaka" in renamed.content

    services.game_finish(game=running, user=alice)
    finished = _again(client, pages[page], renamed)
    assert finished.status_code == 200 and finished["ETag"] != renamed["ETag"]


def test_the_tag_follows_the_reader_s_language_role_and_address(client, alice, charlie, pages):
    client.force_login(charlie)
    member = client.get(pages["standings"])
    sorted_ = client.get(pages["standings"] + "?sort=games")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    italian = client.get(pages["standings"])
    del client.cookies[settings.LANGUAGE_COOKIE_NAME]
    client.force_login(alice)
    organiser = _again(client, pages["standings"], member)
    assert organiser.status_code == 200 and b"Edit season" in organiser.content
    tags = {member["ETag"], italian["ETag"], sorted_["ETag"], organiser["ETag"]}
    assert len(tags) == 4


def test_a_tag_gets_an_outsider_nothing_of_a_private_club(client, charlie, dave, pages):
    client.force_login(charlie)
    seen = client.get(pages["board"])
    client.force_login(dave)
    assert _again(client, pages["board"], seen).status_code == 404
    client.logout()
    assert _again(client, pages["board"], seen).status_code == 404
