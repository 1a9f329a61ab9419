"""The refusals of the game services, each with a stable ``code`` (the API's error code)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy

from core.bounds import NOTE
from core.errors import DomainError
from scoring.models import Hand


class GameError(DomainError):
    """A request the game cannot take; ``code`` is stable, ``message`` is for the scorer."""


class RoleRefused(GameError, PermissionDenied):
    """A role too low for what the game's state asks (code ``finished``: a scorer correcting a
    finished game, which an organiser may): forbidden on every door, a 403 page or answer,
    with its own code."""


class SeatedElsewhere(GameError):
    """A player of a game being started sits in another running game of the club (code
    ``seated_elsewhere``): the start goes through once the scorer confirms it."""


class StaleHandNumber(GameError):
    """The device meant a hand number that another device has changed in the meantime: it
    expected to add hand ``expected`` (the game is at ``current``), or to undo it, or to
    restore it (``redo``: the hand a redo would restore now, 0 for none)."""

    def __init__(
        self, *, expected: int, current: int, undo: bool = False, redo: int | None = None
    ) -> None:
        if redo is not None:
            now = f"the hand to restore is {redo}" if redo else "there is no hand to restore"
            message = (
                f"This device meant to restore hand {expected}, but {now}: another device "
                "changed the game. Refresh and check."
            )
        elif undo:
            message = (
                f"This device meant to undo hand {expected}, but the game's last hand is "
                f"{current - 1}: another device changed it. Refresh and check."
            )
        else:
            message = (
                f"This device expected to add hand {expected}, but the game already has "
                f"{current - 1} hands: another device entered one. Refresh and check."
            )
        super().__init__(
            message,
            code="stale_hand_number",
            field="number" if undo or redo is not None else "expected_number",
        )
        self.expected = expected
        self.current = current


class HandChanged(GameError):
    """The device's copy of hand ``number`` (its entity tag) is not the hand as it is now:
    another device corrected it, or removed a hand before it. ``current`` is the hand now at
    that number (None when the game has no such hand any more)."""

    def __init__(self, *, number: int, current: Hand | None) -> None:
        if current is None:
            message = (
                f"The game has no hand {number} any more: another device removed a hand. "
                "Nothing was changed."
            )
        else:
            message = (
                f"Hand {number} changed on another device since this device read it. "
                "Nothing was changed: check the hand as it is now."
            )
        super().__init__(message, code="hand_changed", field="If-Match")
        self.number = number
        self.current = current


class ResultChanged(GameError):
    """A player confirms a result that is no longer the game's: a correction changed it after
    the device showed it. Nothing is confirmed; the player looks at the new numbers."""

    def __init__(self) -> None:
        super().__init__(
            "The result changed after this was shown (a hand was corrected); nothing was "
            "confirmed. Check the new numbers and confirm again.",
            code="result_changed",
            field="result",
        )


class KeyReused(GameError):
    """A submission's idempotency key was first sent with another hand (or hand number)."""

    def __init__(self, *, number: int) -> None:
        super().__init__(
            f"This submission's key was already used for hand {number}, with a different "
            "hand: a new hand needs a new key (nothing was saved).",
            code="idempotency_key_reused",
            field="Idempotency-Key",
        )
        self.number = number


class NoteTooLong(GameError):
    """Hand ``hand``'s note is longer than :data:`core.bounds.NOTE` (every page and sheet that
    lists the hands prints it)."""

    def __init__(self, *, hand: int, length: int) -> None:
        super().__init__(
            gettext_lazy(
                "Hand %(hand)s: a note holds at most %(most)s characters; this one has %(length)s."
            ),
            code="too_long",
            field="note",
            params={
                "hand": hand,
                "most": number_format(NOTE, force_grouping=True),
                "length": number_format(length, force_grouping=True),
            },
        )
        self.hand = hand


class LogRefused(GameError):
    """An online game's log (tenhou.net/6) refused: malformed, paid otherwise than the rules
    pay (``hand`` is the hand that differs), or its names not matched to one player each.
    Nothing is saved."""

    def __init__(
        self, message: Any, *, code: str, hand: int | None = None, field: str | None = "log"
    ) -> None:
        super().__init__(message, code=code, field=field)
        self.hand = hand
