"""The players' confirmations of a finished game's result: logged in, or with a PIN typed on
the scorer's phone (:mod:`scoring.pins` limits the tries)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from core.models import log_action
from scoring import pins, policy, totals
from scoring.errors import (
    GameError,
    ResultChanged,
)
from scoring.models import Game, GameSeat
from scoring.services.replay import actor_role, enforce, lock_game


def game_confirm(
    *, game: Game, seat: int, user: Any, pin: str | None = None, result: str | None = None
) -> GameSeat:
    """A player confirms the result of a finished game: logged in as that player, or with the
    player's PIN typed on the scorer's phone.

    A wrong PIN is written to the audit trail at once (it stays when the refusal is raised).
    After ``pins.PIN_TRIES`` wrong PINs for a player, or ``pins.PIN_DEVICE_TRIES`` typed on one
    device (the logged-in account whose session or token sends them: the phones of a club share
    one address), within ``pins.PIN_WINDOW``, no PIN is taken from them until the window has
    passed, so a four-digit PIN cannot be guessed by trying them all, one after another or at
    once (:mod:`scoring.pins`).

    ``result`` is the ``Game.result_tag`` of the result the device showed: when a correction
    has changed the result since, :class:`ResultChanged` is raised under the lock."""
    if pin is not None:
        enforce(policy.pin_refusal(actor_role(game, user)))  # the role first, as on every write
        if game.status != Game.Status.FINISHED:  # checked again under the lock
            raise GameError(
                gettext("Only a finished game's result can be confirmed."), code="not_finished"
            )
        pins.check_pin(game, _seat_row(game, seat).player, seat, pin, user)
    by = "login" if pin is None else "pin"
    return _confirm(game=game, seat=seat, user=user, by=by, result=result)


def _seat_row(game: Game, seat: int) -> GameSeat:
    try:
        return game.seats.select_related("player").get(seat=seat)
    except GameSeat.DoesNotExist:
        raise GameError(
            gettext("The game has no seat %(seat)s.") % {"seat": seat},
            code="no_such_seat",
            field="seat",
        ) from None


@transaction.atomic
def _confirm(*, game: Game, seat: int, user: Any, by: str, result: str | None) -> GameSeat:
    game = lock_game(game)
    if game.status != Game.Status.FINISHED:
        raise GameError(
            gettext("Only a finished game's result can be confirmed."), code="not_finished"
        )
    if result is not None and result != game.result_tag:
        raise ResultChanged()
    row = _seat_row(game, seat)
    player = row.player
    if by == "login":
        own = getattr(user, "is_authenticated", False) and player.user_id == user.pk
        refusal = policy.confirm_refusal(
            role=actor_role(game, user), own_seat=own, player=player.display_name
        )
        if refusal is not None:
            raise GameError(refusal.message, code=refusal.code, field="seat")
    how = by
    if row.confirmed_at is not None:
        return row
    row.confirmed_at = timezone.now()
    row.confirmed_by = user if getattr(user, "is_authenticated", False) else None
    row.save(update_fields=["confirmed_at", "confirmed_by"])
    totals.game_confirmed(game)
    game.version += 1  # other devices show the confirmation at their next refresh
    game.save(update_fields=["version"])
    log_action(
        "game.confirmed",
        actor=user,
        game=game,
        after={"seat": seat, "player": player.display_name, "by": how},
    )
    return row
