"""The engine's refusals on the entry form: the game-record field the engine names mapped to
the form field that shows it, and the words for it (entry.refusals, which the phone's engine
words its refusals with too)."""

from __future__ import annotations

import engine
from entry import refusals
from entry.refusals import (
    HAND_FIELD_FOR,
    HAND_FIELD_WORDS,
    SEAT_FIELD_WORDS,
    SEAT_VALUE_FIELDS,
    VALUE_FIELD_FOR,
)
from scoring.engine_messages import words

__all__ = [
    "HAND_FIELD_FOR",
    "HAND_FIELD_WORDS",
    "MORE_FIELD_PREFIXES",
    "SEAT_FIELD_WORDS",
    "SEAT_VALUE_FIELDS",
    "VALUE_FIELD_FOR",
    "EngineErrorFields",
]

MORE_FIELD_PREFIXES = ("dora_", "score_", "penalty_", "note")


class EngineErrorFields:
    """Puts an engine error on the form field behind it (a mixin of
    :class:`scoring.forms.entry.HandForm`)."""

    def engine_error_field(self, error: engine.EngineError, number: int) -> str | None:
        """The form field behind the game-record field the engine names, if the form has one.

        ``number`` is the hand this form enters; an error about another hand (a later hand a
        correction made impossible) belongs to no field here.
        """
        hand = self.cleaned_data.get("hand") if hasattr(self, "cleaned_data") else None
        return refusals.form_field(
            error,
            number,
            hand,
            getattr(self, "penalty_rows", []),
            self.fields.__contains__,
            self.points_doubles,
        )

    def engine_error_text(self, error: engine.EngineError, number: int) -> str:
        """The engine's refusal in the scorer's words, led by the field it names on the form."""
        hand = self.cleaned_data.get("hand") if hasattr(self, "cleaned_data") else None
        return refusals.hand_error_text(
            error,
            number,
            hand,
            getattr(self, "penalty_rows", []),
            self.fields.__contains__,
            self.points_doubles,
            self.names,
            words(),
        )

    def add_engine_error(self, error: engine.EngineError, number: int) -> str:
        """Put the engine's refusal on the field it names (else on the form); returns it."""
        text = self.engine_error_text(error, number)
        self.add_error(self.engine_error_field(error, number), text)
        return text
