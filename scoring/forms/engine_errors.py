"""The engine's refusals on the entry form: the game-record field the engine names mapped to
the form field that shows it, and the words for it."""

from __future__ import annotations

import re

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring import engine
from scoring.engine_messages import engine_error_text, engine_message

SEAT_VALUE_FIELDS = ("value", "fu", "pao", "points", "doubles")
MORE_FIELD_PREFIXES = ("dora_", "score_", "penalty_", "note")
# A field inside a game record's win or loser → the entry form's field of that seat.
VALUE_FIELD_FOR = {
    "han": "value",
    "yakuman": "value",
    "fu": "fu",
    "dora": "dora",
    "score": "score",
    "pao": "pao",
    "points": "points",
    "doubles": "doubles",
}
SEAT_FIELD_WORDS = {
    "value": _("han"),
    "fu": _("fu"),
    "dora": _("dora"),
    "score": _("score"),
    "pao": _("liable player"),
    "points": _("points"),
    "doubles": _("doubles"),
}
# A field of the game-record hand → the entry form's field, and its name on the screen.
HAND_FIELD_FOR = {
    "result": "result",
    "from": "discarder",
    "wins": "winners",
    "riichi": "riichi",
    "tenpai": "tenpai",
    "nagashi": "nagashi",
    "reason": "reason",
    "offender": "offender",
}
HAND_FIELD_WORDS = {
    "result": _("Result"),
    "discarder": _("Discarded by"),
    "winners": _("Who won"),
    "riichi": _("Riichi"),
    "tenpai": _("Ready at the draw"),
    "nagashi": _("Nagashi mangan"),
    "reason": _("Why aborted"),
    "offender": _("Chombo by"),
}


class EngineErrorFields:
    """Puts an engine error on the form field behind it (a mixin of
    :class:`scoring.forms.entry.HandForm`)."""

    def engine_error_field(self, error: engine.EngineError, number: int) -> str | None:
        """The form field behind the game-record field the engine names, if the form has one.

        ``number`` is the hand this form enters; an error about another hand (a later hand a
        correction made impossible) belongs to no field here.
        """
        hand = self.cleaned_data.get("hand") if hasattr(self, "cleaned_data") else None
        path = error.field or ""
        if not hand or not path or error.hand != number:
            return None
        if m := re.fullmatch(r"(wins|losers)\[(\d+)\](?:\.(\w+))?.*", path):
            values = hand.get(m[1]) or []
            if int(m[2]) >= len(values):
                return None
            seat = values[int(m[2])]["seat"]
            part = VALUE_FIELD_FOR.get(m[3] or "", "points" if self.points_doubles else "value")
            if part == "value" and self.points_doubles:
                part = "points"
            name = f"{part}_{seat}"
            return name if name in self.fields else None
        if m := re.fullmatch(r"penalties\[(\d+)\](?:\.(\w+))?", path):
            rows = getattr(self, "penalty_rows", [])
            if int(m[1]) >= len(rows):
                return None
            part = m[2] if m[2] in ("seat", "points", "to") else "kind"
            return f"penalty_{part}_{rows[int(m[1])]}"
        name = HAND_FIELD_FOR.get(path)
        return name if name in self.fields else None

    def engine_error_text(self, error: engine.EngineError, number: int) -> str:
        """The engine's refusal in the scorer's words, led by the field it names on the form."""
        field = self.engine_error_field(error, number)
        if field is None:
            return engine_error_text(error)
        return f"{self._field_label(field)}: {engine_message(error)}"

    def add_engine_error(self, error: engine.EngineError, number: int) -> str:
        """Put the engine's refusal on the field it names (else on the form); returns it."""
        text = self.engine_error_text(error, number)
        self.add_error(self.engine_error_field(error, number), text)
        return text

    def _field_label(self, field: str) -> str:
        if m := re.fullmatch(r"penalty_\w+_(\d+)", field):
            return gettext("Penalty %(number)s") % {"number": int(m[1]) + 1}
        if m := re.fullmatch(r"(\w+)_(\d)", field):
            return gettext("%(name)s's %(field)s") % {
                "name": self.names[int(m[2])],
                "field": SEAT_FIELD_WORDS[m[1]],
            }
        return str(HAND_FIELD_WORDS.get(field, field))
