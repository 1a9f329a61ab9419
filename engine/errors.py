"""Errors the engine raises: each a ``ValueError`` with a stable ``code``.

The message is written for a table scorer ("Hand 3: seat 2 cannot both win and discard"),
``hand`` is the 1-based position of the bad hand in the record (``None`` when the error is
about the game as a whole) and ``field`` names the field that is wrong where there is one.

>>> error = RecordError("seat 2 cannot both win and discard.", code="discarder_wins", field="from")
>>> placed = error.at_hand(3)
>>> str(placed), placed.code, placed.hand, placed.field
('Hand 3: seat 2 cannot both win and discard.', 'discarder_wins', 3, 'from')
>>> isinstance(error, ValueError)
True
"""

from __future__ import annotations

from typing import Any


class EngineError(ValueError):
    """Base of every error the engine raises on bad input."""

    code = "invalid"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        hand: int | None = None,
        field: str | None = None,
    ) -> None:
        if code is not None:
            self.code = code
        self.hand = hand
        self.field = field
        self.detail = message
        super().__init__(f"Hand {hand}: {message}" if hand is not None else message)

    def at_hand(self, hand: int) -> EngineError:
        """The same error, placed at the 1-based hand ``hand`` (if it was not placed yet)."""
        if self.hand is not None:
            return self
        return type(self)(self.detail, code=self.code, hand=hand, field=self.field)

    def as_dict(self) -> dict[str, Any]:
        """The error as the game record's ``{"error": {...}}`` body."""
        return {
            "code": self.code,
            "message": str(self),
            "hand": self.hand,
            "field": self.field,
        }


class RecordError(EngineError):
    """The game record is malformed or impossible (a wrong field, an impossible hand)."""

    code = "invalid_record"


class RulesError(EngineError):
    """An unknown preset, an unknown option or an option value out of its range."""

    code = "invalid_rules"
