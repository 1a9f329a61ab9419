"""A three-player game through the API: started with three players under tenhou-sanma, hands
naming seats 0-2, a north count, a fourth seat refused naming the hand and the field, and the
schema saying a seats array has three to five items."""

import json

import pytest

from tests.factories import players


def _post(client, url, body):
    return client.post(url, json.dumps(body), content_type="application/json")


@pytest.fixture
def three(club):
    return players(club, ("Aiko", "Bruno", "Chiara"))


@pytest.fixture
def sanma(client, bob, club, three):
    client.force_login(bob)
    body = {"club": club.slug, "players": [p.pk for p in three], "rules": "tenhou-sanma"}
    response = _post(client, "/api/games/", body)
    assert response.status_code == 201
    return response.json()


def test_three_players_start_a_three_player_game(sanma):
    assert [s["seat"] for s in sanma["seats"]] == [0, 1, 2]
    assert sanma["players"] == ["Aiko", "Bruno", "Chiara"]
    assert sanma["rules"]["preset"] == "tenhou-sanma"
    assert sanma["final"]["scores"] == [35000, 35000, 35000]
    assert sanma["final"]["next"] == {
        "round": "E",
        "number": 1,
        "dealer": 0,
        "honba": 0,
        "pool": 0,
        "label": "E1",
    }


def test_four_players_under_three_player_rules_are_refused_naming_the_count(
    client, bob, club, three
):
    client.force_login(bob)
    fourth = players(club, ("Daiki",))
    body = {"club": club.slug, "players": [p.pk for p in three + fourth], "rules": "tenhou-sanma"}

    response = _post(client, "/api/games/", body)

    assert response.status_code == 400
    assert response.json()["error"] == {
        "code": "players",
        "message": "These rules seat 3 players; 4 were given.",
        "field": "players",
    }


def test_hands_name_seats_0_to_2_and_a_tsumo_is_paid_by_the_two_others(client, sanma):
    url = f"/api/games/{sanma['id']}/hands/"
    # Chiara's 1 han 30 fu on Aiko's discard, two north tiles set aside: 3 han, 3,900.
    ron = {"result": "ron", "from": 0, "wins": [{"seat": 2, "han": 1, "fu": 30, "north": 2}]}
    # Bruno deals East 2; Aiko's mangan by self-draw: 4,000 from Bruno, 2,000 from Chiara.
    tsumo = {"result": "tsumo", "wins": [{"seat": 0, "han": 5}]}
    draw = {"result": "draw", "tenpai": [1]}

    answers = [
        _post(client, url, {**hand, "expected_number": n})
        for n, hand in enumerate((ron, tsumo, draw), start=1)
    ]

    assert [a.status_code for a in answers] == [201, 201, 201]
    assert [a.json()["result"]["deltas"] for a in answers] == [
        [-3900, 0, 3900],
        [6000, -4000, -2000],
        [-1000, 2000, -1000],
    ]
    game = client.get(f"/api/games/{sanma['id']}/").json()
    assert game["hands"][0]["hand"]["wins"] == [{"seat": 2, "han": 1, "fu": 30, "north": 2}]
    assert game["final"]["scores"] == [36100, 33000, 35900]


@pytest.mark.parametrize(
    ("hand", "field"),
    [
        ({"result": "ron", "from": 3, "wins": [{"seat": 2, "han": 3, "fu": 30}]}, "from"),
        ({"result": "tsumo", "wins": [{"seat": 3, "han": 3, "fu": 30}]}, "wins[0].seat"),
        ({"result": "draw", "tenpai": [0, 3]}, "tenpai"),
    ],
)
def test_a_fourth_seat_is_refused_naming_the_hand_and_the_field(client, sanma, hand, field):
    url = f"/api/games/{sanma['id']}/hands/"

    response = _post(client, url, {**hand, "expected_number": 1})

    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["code"], error["field"], error["hand"]) == ("bad_seat", field, 1)
    assert error["message"].startswith("Hand 1: ")
    assert client.get(f"/api/games/{sanma['id']}/").json()["hand_count"] == 0


def test_the_schema_says_a_seats_array_has_three_to_five_items(client, db):
    schema = client.get("/api/schema/?format=json").json()["components"]["schemas"]

    for name, field in [
        ("HandResult", "deltas"),
        ("HandResult", "scores"),
        ("Final", "scores"),
        ("Game", "seats"),
        ("Game", "players"),
    ]:
        array = schema[name]["properties"][field]
        assert (array["minItems"], array["maxItems"]) == (3, 5), (name, field)
    north = schema["WinRequest"]["properties"]["north"]
    assert (north["minimum"], north["maximum"]) == (0, 4)
    players = schema["GameCreateInputRequest"]["properties"]["players"]
    assert (players["minItems"], players["maxItems"]) == (3, 5)
