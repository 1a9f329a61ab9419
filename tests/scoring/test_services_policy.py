"""The write services enforce scoring.policy with the actor's role as the database holds it:
no caller tells them what the actor may do."""

import pytest
from django.contrib.auth.hashers import make_password
from django.core.exceptions import PermissionDenied

from core.models import AuditEntry
from scoring import services
from scoring.policy import SITE
from tests.scoring.conftest import RON, TSUMO


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


@pytest.mark.parametrize(
    "write",
    [
        lambda g, u: services.hand_submit(game=g, hand=RON, user=u),
        lambda g, u: services.hand_submit(game=g, hand=RON, user=u, key="k-1"),
        lambda g, u: services.hand_preview(game=g, hand=RON, user=u),
        lambda g, u: services.game_finish(game=g, user=u),
    ],
    ids=["enter", "enter-with-key", "preview", "finish"],
)
def test_a_member_or_an_outsider_neither_enters_a_hand_nor_finishes(
    running_game, charlie, dave, write
):
    audit = AuditEntry.objects.count()
    for user in (charlie, dave, None):
        with pytest.raises(PermissionDenied):
            write(running_game, user)
    running_game.refresh_from_db()
    assert (running_game.hands.count(), running_game.hand_count) == (3, 3)
    assert (running_game.status, AuditEntry.objects.count()) == ("running", audit)


@pytest.mark.parametrize("who", ["bob", "site"])
def test_a_scorer_or_the_site_enters_a_hand_and_finishes(running_game, bob, who):
    actor = bob if who == "bob" else SITE

    services.hand_submit(game=running_game, hand=RON, user=actor, expected_number=4)
    game = services.game_finish(game=running_game, user=actor)

    assert (game.hand_count, game.status) == (4, "finished")
    hand = game.hands.get(number=4)
    entry = AuditEntry.objects.get(action="hand.recorded", game=game, hand_number=4)
    finished = AuditEntry.objects.get(action="game.finished", game=game)
    expected = bob if who == "bob" else None  # the site is recorded as no one, as before
    assert hand.entered_by == entry.actor == finished.actor == expected


def test_the_site_cannot_finish_an_abandoned_game(running_game, bob):
    services.game_abandon(game=running_game, user=bob, reason="table left")
    with pytest.raises(services.GameError) as refused:
        services.game_finish(game=running_game, user=SITE)
    assert refused.value.code == "not_running"


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
