"""PIN tries are rows of their own (:class:`scoring.models.PinAttempt`): the limits count
them, not the audit trail."""

import datetime

import pytest
from django.contrib.auth.hashers import make_password
from django.utils import timezone

from core.models import AuditEntry
from scoring import pins, services
from scoring.models import PinAttempt


@pytest.fixture
def aiko(finished_game):
    player = finished_game.seats.get(seat=0).player
    player.pin = make_password("1234")
    player.save(update_fields=["pin"])
    return player


def _confirm(game, pin, user):
    try:
        services.game_confirm(game=game, seat=0, user=user, pin=pin)
    except services.GameError as e:
        return e.code
    return "confirmed"


def test_every_pin_try_is_a_row_of_its_own(finished_game, aiko, bob):
    codes = [_confirm(finished_game, pin, bob) for pin in ("0000", "1234")]

    assert codes == ["wrong_pin", "confirmed"]
    tries = PinAttempt.objects.order_by("created", "id")
    assert [(t.player, t.user, t.game, t.ok) for t in tries] == [
        (aiko, bob, finished_game, False),
        (aiko, bob, finished_game, True),
    ]


def test_the_pin_limit_counts_the_tries_not_the_audit_trail(finished_game, aiko, bob):
    for i in range(pins.PIN_TRIES):
        assert _confirm(finished_game, f"000{i}", bob) == "wrong_pin"
    AuditEntry.objects.filter(action="player.pin_refused").delete()

    assert _confirm(finished_game, "1234", bob) == "too_many_pins"
    assert PinAttempt.objects.filter(ok=False).count() == pins.PIN_TRIES


def test_tries_older_than_the_window_no_longer_count(finished_game, aiko, bob):
    for i in range(pins.PIN_TRIES):
        _confirm(finished_game, f"000{i}", bob)
    PinAttempt.objects.update(created=timezone.now() - pins.PIN_WINDOW - datetime.timedelta(1))

    assert _confirm(finished_game, "1234", bob) == "confirmed"
