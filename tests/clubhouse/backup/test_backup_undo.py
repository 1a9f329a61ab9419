"""A backup carries undo and redo as their own actions; one written before they had them
(an undo as a deletion with the undo's reason) restores with its redo still possible."""

import json

import pytest

from clubhouse.backup import export_club, import_club
from clubs.models import Player
from scoring import selectors, services
from scoring.models import Game
from tests.scoring.conftest import RON, TSUMO


@pytest.fixture
def undone(club, bob):
    players = [
        Player.objects.create(club=club, display_name=n) for n in ("Aiko", "Bruno", "Chi", "Dai")
    ]
    game = services.game_create(club=club, players=players, rules="japanese-modern", created_by=bob)
    for hand in (RON, TSUMO):
        services.hand_submit(game=game, hand=hand, user=bob)
    services.hand_undo(game=game, user=bob)
    return game


def _restored(data):
    data = json.loads(json.dumps(data))
    data["club"]["slug"] = "copy"
    club = import_club(data, bind_existing_users=True)
    return Game.objects.get(club=club)


@pytest.mark.django_db
def test_a_backup_carries_the_undo_as_its_action(undone):
    data = export_club(undone.club)

    assert [a["action"] for a in data["audit"] if a["game"] is not None][-1] == "hand.undone"
    game = _restored(data)
    assert selectors.redo_offer(game)["number"] == 2


@pytest.mark.django_db
def test_an_old_backup_with_the_undo_as_a_deletion_restores_with_its_redo(undone, bob):
    data = export_club(undone.club)
    for a in data["audit"]:
        if a["action"] == "hand.undone":
            a["action"] = "hand.deleted"

    game = _restored(data)

    assert game.audit_entries.order_by("-created", "-id").first().action == "hand.undone"
    assert selectors.redo_offer(game)["number"] == 2
    assert services.hand_redo(game=game, user=bob, number=2).hand.data == TSUMO


@pytest.mark.django_db
def test_an_old_backup_with_undo_and_redo_restores_them_as_actions(undone, bob):
    services.hand_redo(game=undone, user=bob)
    data = export_club(undone.club)
    old = {"hand.undone": "hand.deleted", "hand.redone": "hand.recorded"}
    for a in data["audit"]:
        a["action"] = old.get(a["action"], a["action"])

    game = _restored(data)

    actions = [e.action for e in game.audit_entries.order_by("created", "id")]
    assert actions[-2:] == ["hand.undone", "hand.redone"]
    assert actions.count("hand.recorded") == 2
    assert selectors.redo_offer(game) is None
