"""A game entered by its final scores backs up and restores with its final scores, its
numbers and no hands; scores in the backup that do not add up are refused."""

import json

import pytest

from clubhouse.backup import BackupError, export_club, import_club
from scoring import services
from tests.factories import players


@pytest.fixture
def backup(club, alice):
    seated = players(club, ("Aiko", "Bruno", "Chiara", "Daiki"))
    services.game_final_scores_enter(
        club=club,
        seats=seated,
        final_scores={
            "scores": [42300, 35100, 24600, 17000],
            "sticks_left": 1,
            "chombo": [0] * 3 + [1],
        },
        created_by=alice,
        rules="ema",
    )
    data = json.loads(json.dumps(export_club(club)))
    data["club"]["slug"] = "copy"
    return data


def test_a_game_by_its_final_scores_survives_the_round_trip(club, backup):
    original = club.games.get()

    copy = import_club(backup, bind_existing_users=True)

    game = copy.games.get()
    assert game.by_final_scores and game.hands.count() == 0
    assert game.final_scores == original.final_scores
    assert game.final == original.final
    assert game.status == "finished"
    assert list(game.seats.order_by("seat").values_list("result", flat=True)) == [
        283,
        101,
        -104,
        -480,
    ]


def test_final_scores_that_do_not_add_up_are_refused(backup):
    backup["games"][0]["record"]["final_scores"]["scores"][0] = 50000

    with pytest.raises(BackupError) as refused:
        import_club(backup, bind_existing_users=True)

    assert "games[0].record" in str(refused.value) and "add up" in str(refused.value)
