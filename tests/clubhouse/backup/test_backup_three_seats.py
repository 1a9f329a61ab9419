"""A club with a three-player game backs up and restores it: three seats, its rules' own
count, and the same numbers from the engine's replay; a fourth seat is refused by its rules."""

import json

import pytest

from clubhouse.backup import BackupError, export_club, import_club
from rulesets import services as rulesets
from scoring import services
from tests.factories import players


@pytest.fixture
def sanma_backup(club, alice):
    """The club's backup with a finished three-player game with a north count and a
    three-player rule set (tenhou-sanma), under a new slug."""
    rulesets.ruleset_create(
        club=club, name="Sanma", template_preset="tenhou-sanma", options={}, created_by=alice
    )
    seated = players(club, ("Aiko", "Bruno", "Chiara"))
    game = services.game_create(club=club, players=seated, rules="tenhou-sanma", created_by=alice)
    win = {"seat": 2, "han": 1, "fu": 30, "north": 2}
    services.hand_submit(game=game, hand={"result": "ron", "from": 0, "wins": [win]}, user=alice)
    services.game_finish(game=game, user=alice)
    data = json.loads(json.dumps(export_club(club)))
    data["club"]["slug"] = "copy"
    return data


def test_a_three_player_game_survives_the_round_trip(club, sanma_backup):
    original = club.games.get()

    copy = import_club(sanma_backup, bind_existing_users=True)

    game = copy.games.get()
    assert sanma_backup["games"][0]["record"]["players"] == ["Aiko", "Bruno", "Chiara"]
    assert game.seat_count == 3
    assert [p.display_name for p in game.seat_players()] == ["Aiko", "Bruno", "Chiara"]
    assert game.final == original.final
    assert game.hands.get().data["wins"][0]["north"] == 2
    assert copy.rulesets.get().current_version.rules["options"]["players"] == 3


def test_a_fourth_seat_under_three_player_rules_is_refused_naming_the_count(sanma_backup):
    sanma_backup["games"][0]["record"]["players"].append("Daiki")
    sanma_backup["players"].append({**sanma_backup["players"][0], "display_name": "Daiki"})

    with pytest.raises(BackupError) as refused:
        import_club(sanma_backup, bind_existing_users=True)

    assert "games[0].record.players: the game's rules seat 3 players, found 4" in str(refused.value)
