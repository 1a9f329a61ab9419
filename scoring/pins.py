"""PIN throttling: how many wrong PINs a player or a device may type, counted in the audit
trail, before no PIN is taken from them for a while."""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from clubs.models import Player
from core.models import AuditEntry, log_action
from scoring.errors import GameError
from scoring.models import Game

PIN_TRIES = 5
PIN_DEVICE_TRIES = 10
PIN_WINDOW = datetime.timedelta(minutes=15)


def check_pin(game: Game, player: Player, seat: int, pin: str, user: Any) -> None:
    """Refuse a wrong PIN for ``player`` (in ``seat``), or any PIN once the player or the
    device has used up its wrong tries; a wrong try is written to the audit trail at once."""
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
    refused = AuditEntry.objects.filter(action="player.pin_refused", created__gte=since)
    minutes = int(PIN_WINDOW.total_seconds() // 60)
    if refused.filter(club_id=game.club_id, after__player_id=player.pk).count() >= PIN_TRIES:
        return GameError(
            f"Too many wrong PINs for {player.display_name}: try again in {minutes} minutes, "
            "or confirm by logging in.",
            code="too_many_pins",
            field="pin",
        )
    device = getattr(user, "pk", None)  # a PIN is typed on a logged-in scorer's device
    if device is not None and refused.filter(actor_id=device).count() >= PIN_DEVICE_TRIES:
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
    right PIN may confirm. A wrong PIN within the limits is written to the audit trail."""
    # The device's row, then the player's: every try takes them in this order, so tries for
    # one player or from one device wait for each other and two tries never deadlock.
    get_user_model().objects.select_for_update().filter(pk=user.pk).exists()
    Player.objects.select_for_update().filter(pk=player.pk).exists()
    refusal = _pin_limit_reached(game, player, user)
    if refusal is not None:
        return refusal
    if right:
        return None
    log_action(
        "player.pin_refused",
        actor=user,
        game=game,
        after={"seat": seat, "player_id": player.pk, "player": player.display_name},
    )
    return GameError(gettext("That PIN is not right."), code="wrong_pin", field="pin")
