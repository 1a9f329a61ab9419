"""PIN throttling: how many wrong PINs a player or a device may type, counted in the PIN
tries' own table (:class:`scoring.models.PinAttempt`), before no PIN is taken from them for a
while. The audit trail records each wrong PIN for the reader; the limits never read it."""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from clubs.models import Player
from core.models import log_action
from scoring.errors import GameError
from scoring.models import Game, PinAttempt

PIN_TRIES = 5
PIN_DEVICE_TRIES = 10
PIN_WINDOW = datetime.timedelta(minutes=15)


def check_pin(game: Game, player: Player, seat: int, pin: str, user: Any) -> None:
    """Refuse a wrong PIN for ``player`` (in ``seat``), or any PIN once the player or the
        device has used up its wrong tries; a try is written at once (the wrong ones to the audit
    trail too)."""
    if not player.has_pin:
        raise GameError(
            f"{player.display_name} has no PIN yet; an organiser can set one.",
            code="no_pin",
            field="pin",
        )
    # Refused without hashing when the limit is already reached (the hash is slow on purpose).
    refusal = _pin_limit_reached(game, player, user)
    if refusal is None:
        # The hash is checked outside the lock, so that no lock (on SQLite: no write to the
        # whole database) waits for it; the try counts only if the limit still allows it
        # under the lock, so parallel tries get no more answers than sequential ones.
        right = player.check_pin(pin)
        refusal = _pin_outcome(game, seat, player, user, right)
    if refusal is not None:
        raise refusal


def _pin_limit_reached(game: Game, player: Player, user: Any) -> GameError | None:
    """The refusal when the player or the device has used up its wrong PINs, else None."""
    since = timezone.now() - PIN_WINDOW
    refused = PinAttempt.objects.filter(ok=False, created__gte=since)
    minutes = int(PIN_WINDOW.total_seconds() // 60)
    if refused.filter(player=player).count() >= PIN_TRIES:
        return GameError(
            f"Too many wrong PINs for {player.display_name}: try again in {minutes} minutes, "
            "or confirm by logging in.",
            code="too_many_pins",
            field="pin",
        )
    device = getattr(user, "pk", None)  # a PIN is typed on a logged-in scorer's device
    if device is not None and refused.filter(user_id=device).count() >= PIN_DEVICE_TRIES:
        return GameError(
            f"Too many wrong PINs on this device: try again in {minutes} minutes, or let the "
            "players confirm by logging in.",
            code="too_many_pins",
            field="pin",
        )
    return None


@transaction.atomic
def _pin_outcome(game: Game, seat: int, player: Player, user: Any, right: bool) -> GameError | None:
    """Count this try against the limits, atomically: the refusal to raise, or None when the
    right PIN may confirm. A try within the limits is written to the tries' table, and a
    wrong one to the audit trail as well."""
    # The device's row, then the player's: every try takes them in this order, so tries for
    # one player or from one device wait for each other and two tries never deadlock.
    get_user_model().objects.select_for_update().filter(pk=user.pk).exists()
    Player.objects.select_for_update().filter(pk=player.pk).exists()
    refusal = _pin_limit_reached(game, player, user)
    if refusal is not None:
        return refusal
    PinAttempt.objects.create(
        player=player,
        user=user if getattr(user, "is_authenticated", False) else None,
        game=game,
        ok=right,
    )
    if right:
        return None
    log_action(
        "player.pin_refused",
        actor=user,
        game=game,
        after={"seat": seat, "player_id": player.pk, "player": player.display_name},
    )
    return GameError(gettext("That PIN is not right."), code="wrong_pin", field="pin")
