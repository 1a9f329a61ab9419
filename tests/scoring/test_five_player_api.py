"""Five at a table through the API: a game of five started under japanese-modern-five, hands
naming seats 0-4 paid among the four in the hand, the seat sitting the hand out refused naming
the hand and the field, and per-seat arrays of five items."""

import json

import pytest

from tests.factories import players

FIVE = ("Aiko", "Bruno", "Chiara", "Daiki", "Eva")


def _post(client, url, body):
    return client.post(url, json.dumps(body), content_type="application/json")


@pytest.fixture
def five(client, bob, club):
    client.force_login(bob)
    seated = players(club, FIVE)
    body = {"club": club.slug, "players": [p.pk for p in seated], "rules": "japanese-modern-five"}
    response = _post(client, "/api/games/", body)
    assert response.status_code == 201
    return response.json()


def test_five_players_start_a_game_of_five(five):
    assert [s["seat"] for s in five["seats"]] == [0, 1, 2, 3, 4]
    assert five["players"] == list(FIVE)
    assert five["rules"]["preset"] == "japanese-modern-five"
    assert five["final"]["scores"] == [25000] * 5
    assert five["final"]["next"]["dealer"] == 0


def test_four_players_under_five_seat_rules_are_refused_naming_the_count(client, bob, club):
    client.force_login(bob)
    four = players(club, FIVE[:4])
    body = {"club": club.slug, "players": [p.pk for p in four], "rules": "japanese-modern-five"}

    response = _post(client, "/api/games/", body)

    assert response.status_code == 400
    assert response.json()["error"] == {
        "code": "players",
        "message": "These rules seat 5 players; 4 were given.",
        "field": "players",
    }


def test_hands_are_paid_among_the_four_in_the_hand(client, five):
    url = f"/api/games/{five['id']}/hands/"
    # East 1: Aiko deals, Eva (seat 4) sits out. Chiara's 3 han 40 fu on Bruno's discard.
    ron = {"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 40}]}
    # East 2: Bruno deals, Aiko sits out. Eva's mangan by self-draw: 4,000 from Bruno,
    # 2,000 from Chiara and Daiki.
    tsumo = {"result": "tsumo", "wins": [{"seat": 4, "han": 5}]}

    answers = [
        _post(client, url, {**hand, "expected_number": n})
        for n, hand in enumerate((ron, tsumo), start=1)
    ]

    assert [a.status_code for a in answers] == [201, 201]
    assert [a.json()["result"]["deltas"] for a in answers] == [
        [0, -5200, 5200, 0, 0],
        [0, -4000, -2000, -2000, 8000],
    ]
    game = client.get(f"/api/games/{five['id']}/").json()
    assert game["final"]["scores"] == [25000, 15800, 28200, 23000, 33000]
    assert game["final"]["next"]["dealer"] == 2  # Chiara deals East 3; Bruno sits out


def test_the_seat_sitting_out_is_refused_naming_the_hand_and_the_field(client, five):
    url = f"/api/games/{five['id']}/hands/"
    hand = {"result": "ron", "from": 4, "wins": [{"seat": 1, "han": 1, "fu": 30}]}

    response = _post(client, url, {**hand, "expected_number": 1})

    assert response.status_code == 400
    assert response.json()["error"] == {
        "code": "sits_out",
        "message": "Hand 1: seat 4 sits out this hand (East 1), so it cannot discard.",
        "hand": 1,
        "field": "from",
    }
    assert client.get(f"/api/games/{five['id']}/").json()["hand_count"] == 0
