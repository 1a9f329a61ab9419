"""Starting a game: the rules a league's page starts in, and a player already seated in
another running game of the club."""

import json

import pytest

from leagues.models import League
from scoring import services
from scoring.models import Game


@pytest.fixture
def league(club):
    return League.objects.create(club=club, name="Thursday league", slug="thursday", rules="ema")


def test_start_a_game_from_a_leagues_page_preselects_the_leagues_rules(client, club, bob, league):
    club.default_rules = "preset:tenhou"
    club.save()
    client.force_login(bob)

    page = client.get(f"/clubs/{club.slug}/leagues/{league.slug}/").content.decode()
    form = client.get(f"/clubs/{club.slug}/games/new/", {"league": league.slug}).context["form"]
    plain = client.get(f"/clubs/{club.slug}/games/new/").context["form"]

    assert f'/clubs/{club.slug}/games/new/?league=thursday"' in page
    assert form["rules"].value() == f"league:{league.pk}"
    assert plain["rules"].value() == "preset:tenhou"  # elsewhere the club's default


def _start_form(**extra):
    return {
        "rules": "preset:tenhou",
        "seat_0": "Aiko",
        "seat_1": "Bruno",
        "seat_2": "Erika",
        "seat_3": "Fumio",
        "seating": "entered",
        "table": "",
        **extra,
    }


@pytest.fixture
def table_two(running_game):
    running_game.table = "2"
    running_game.save()
    return running_game


def test_a_player_in_another_running_game_is_warned_about_by_name_and_game(
    client, club, bob, table_two
):
    client.force_login(bob)

    response = client.post(f"/clubs/{club.slug}/games/new/", _start_form())

    assert response.status_code == 200
    page = response.content.decode()
    assert f"Aiko is already seated in a running game (game {table_two.pk} at table 2)" in page
    assert 'name="seated_elsewhere_ok"' in page
    assert Game.objects.count() == 1
    # Nothing half-saved: the newcomers were not added as guests.
    assert not club.players.filter(display_name__in=["Erika", "Fumio"]).exists()


def test_the_scorer_confirms_and_the_game_starts(client, club, bob, table_two):
    client.force_login(bob)

    response = client.post(f"/clubs/{club.slug}/games/new/", _start_form(seated_elsewhere_ok="on"))

    assert response.status_code == 302
    assert Game.objects.filter(status="running").count() == 2


def test_a_player_of_a_finished_game_is_not_warned_about(client, club, bob, finished_game):
    client.force_login(bob)

    response = client.post(f"/clubs/{club.slug}/games/new/", _start_form())

    assert response.status_code == 302


def test_the_api_refuses_a_player_seated_elsewhere_unless_the_flag_confirms(
    client, club, bob, table, table_two
):
    client.force_login(bob)
    body = {"club": club.slug, "players": [p.pk for p in table], "rules": "tenhou"}

    refused = client.post("/api/games/", json.dumps(body), content_type="application/json")
    started = client.post(
        "/api/games/",
        json.dumps({**body, "seated_elsewhere_ok": True}),
        content_type="application/json",
    )

    assert refused.status_code == 400
    assert refused.json() == {
        "error": {
            "code": "seated_elsewhere",
            "message": f"Aiko is already seated in a running game (game {table_two.pk} at "
            "table 2). Finish that game first, or confirm to seat them in both.",
            "field": "players",
        }
    }
    assert started.status_code == 201
    assert services.game_record(Game.objects.latest("pk"), players=())["rules"]["preset"] == (
        "tenhou"
    )
