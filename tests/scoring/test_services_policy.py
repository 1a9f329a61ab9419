"""The write services enforce scoring.policy with the actor's role as the database holds it:
no caller tells them what the actor may do."""

import pytest
from django.contrib.auth.hashers import make_password
from django.core.exceptions import PermissionDenied

from scoring import services
from tests.scoring.conftest import TSUMO


def test_a_scorer_cannot_correct_a_finished_game_an_organiser_can(finished_game, alice, bob):
    with pytest.raises(services.GameError) as refused:
        services.hand_correct(game=finished_game, number=1, hand=TSUMO, reason="x", user=bob)
    assert refused.value.code == "finished"

    services.hand_correct(game=finished_game, number=1, hand=TSUMO, reason="x", user=alice)
    assert finished_game.hands.get(number=1).data == TSUMO


@pytest.mark.parametrize(
    "change",
    [
        lambda g, u: services.hand_correct(game=g, number=1, hand=TSUMO, reason="x", user=u),
        lambda g, u: services.hand_delete(game=g, number=1, reason="x", user=u),
        lambda g, u: services.hand_undo(game=g, user=u),
    ],
    ids=["correct", "delete", "undo"],
)
def test_a_member_or_an_outsider_changes_no_hand(running_game, charlie, dave, change):
    for user in (charlie, dave, None):
        with pytest.raises(PermissionDenied):
            change(running_game, user)
    assert running_game.hands.count() == 3


def test_nobody_changes_an_abandoned_game(running_game, alice, bob):
    services.game_abandon(game=running_game, user=bob, reason="table left")
    with pytest.raises(services.GameError) as refused:
        services.hand_delete(game=running_game, number=1, reason="x", user=alice)
    assert refused.value.code == "not_running"


def test_a_scorer_cannot_abandon_a_finished_game_an_organiser_can(finished_game, alice, bob):
    with pytest.raises(PermissionDenied):
        services.game_abandon(game=finished_game, user=bob, reason="x")

    game = services.game_abandon(game=finished_game, user=alice, reason="x")
    assert game.status == "abandoned"


def test_a_member_cannot_abandon_a_running_game(running_game, charlie):
    with pytest.raises(PermissionDenied):
        services.game_abandon(game=running_game, user=charlie, reason="x")
    running_game.refresh_from_db()
    assert running_game.status == "running"


def test_a_pin_is_taken_only_from_a_scorers_device(finished_game, bob, charlie):
    player = finished_game.seats.get(seat=1).player
    player.pin = make_password("2468")
    player.save(update_fields=["pin"])

    with pytest.raises(PermissionDenied):
        services.game_confirm(game=finished_game, seat=1, user=charlie, pin="2468")
    assert finished_game.seats.get(seat=1).confirmed_at is None

    services.game_confirm(game=finished_game, seat=1, user=bob, pin="2468")
    assert finished_game.seats.get(seat=1).confirmed_at is not None
