"""The API of a game by its final scores: enter it, correct it, its refusals."""

import json

import pytest

from core.models import AuditEntry
from scoring.models import Game
from tests import factories


def _send(client, method, url, body):
    return getattr(client, method)(url, json.dumps(body), content_type="application/json")


@pytest.fixture
def body(club, table):
    return {
        "club": club.slug,
        "players": [p.pk for p in table],
        "rules": "japanese-modern",
        "played_on": "2026-03-14",
        "final_scores": {"scores": [42000, 31000, 18000, 8000], "sticks_left": 1},
    }


def test_a_scorer_enters_a_game_by_its_final_scores(client, bob, body, table):
    client.force_login(bob)
    response = _send(client, "post", "/api/games/final-scores/", body)
    assert response.status_code == 201
    answer = response.json()
    assert answer["status"] == "finished"
    assert answer["hands"] == []
    assert answer["final_scores"] == {
        "scores": [42000, 31000, 18000, 8000],
        "sticks_left": 1,
        "chombo": [0, 0, 0, 0],
    }
    assert answer["final"] == {
        "scores": [42000, 31000, 18000, 8000],
        "pool": 1000,
        "over": True,
        "ranks": [1, 2, 3, 4],
        "results": [53.0, 11.0, -22.0, -42.0],
        "unit": "points_1000",
        "pool_to": [1000, 0, 0, 0],
        "chombo": [0, 0, 0, 0],
        "next": None,
    }
    record = client.get(f"/api/games/{answer['id']}/record/").json()
    assert record["hands"] == [] and record["final_scores"] == answer["final_scores"]


def test_scores_that_do_not_add_up_are_refused_and_nothing_is_written(client, bob, body):
    client.force_login(bob)
    body["final_scores"] = {"scores": [42000, 31000, 18000, 10000], "sticks_left": 1}
    response = _send(client, "post", "/api/games/final-scores/", body)
    assert response.status_code == 400
    assert response.json() == {
        "error": {
            "code": "bad_total",
            "message": "the final scores add up to 101,000 but must add up to 99,000: the "
            "start total 100,000 less 1 riichi stick of 1,000 left on the table.",
            "field": "final_scores.scores",
        }
    }
    assert not Game.objects.exists() and not AuditEntry.objects.exists()


def test_a_negative_chombo_count_is_refused_naming_the_field(client, bob, body):
    client.force_login(bob)
    body["rules"] = "ema"
    body["final_scores"] = {"scores": [30000] * 4, "chombo": [0, 0, -1, 0]}
    response = _send(client, "post", "/api/games/final-scores/", body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["code"], error["field"]) == ("bad_value", "final_scores.chombo")


def test_three_scores_under_four_player_rules_are_refused(client, bob, body):
    client.force_login(bob)
    body["final_scores"] = {"scores": [40000, 30000, 30000]}
    response = _send(client, "post", "/api/games/final-scores/", body)
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "final_scores.scores"


def test_five_at_a_table_enters_five_final_scores(client, bob, body, players):
    client.force_login(bob)
    five = {
        **body,
        "players": [p.pk for p in players[:5]],
        "rules": "japanese-modern-five",
        "final_scores": {"scores": [32000, 31000, 22000, 20000, 20000]},
    }
    response = _send(client, "post", "/api/games/final-scores/", five)
    assert response.status_code == 201, response.content
    assert response.json()["final"]["ranks"] == [1, 2, 3, 4, 5]
    assert Game.objects.get().seat_count == 5


def test_a_member_is_refused(client, charlie, body):
    client.force_login(charlie)
    response = _send(client, "post", "/api/games/final-scores/", body)
    assert response.status_code == 403
    assert not Game.objects.exists()


def test_an_organiser_corrects_it_and_a_scorer_may_not(client, bob, alice, body):
    client.force_login(bob)
    pk = _send(client, "post", "/api/games/final-scores/", body).json()["id"]
    corrected = {"final_scores": {"scores": [42000, 31000, 8000, 19000]}, "reason": "typo"}
    refused = _send(client, "put", f"/api/games/{pk}/final-scores/", corrected)
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "finished"
    client.force_login(alice)
    response = _send(client, "put", f"/api/games/{pk}/final-scores/", corrected)
    assert response.status_code == 200
    assert response.json()["final"]["results"] == [52.0, 11.0, -42.0, -21.0]


def test_a_game_played_hand_by_hand_is_not_corrected_by_final_scores(client, alice, club, table):
    game = factories.play(club, table, alice, [], rules="japanese-modern")
    client.force_login(alice)
    response = _send(
        client,
        "put",
        f"/api/games/{game.pk}/final-scores/",
        {"final_scores": {"scores": [25000] * 4}, "reason": "x"},
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "not_final_scores"
