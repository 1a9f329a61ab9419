"""What the entry template renders of a hand form: each field's options and errors, in the
layout of the scorer's screen."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from engine.types import Result
from entry.fields import PENALTY_ROWS
from scoring import hand_values
from scoring.forms.engine_errors import MORE_FIELD_PREFIXES, SEAT_VALUE_FIELDS
from scoring.presenter import WIND_NAMES, penalty_label, score_label, seat_winds


class HandLayout:
    """The entry form's layout (a mixin of :class:`scoring.forms.entry.HandForm`): the seats
    of the hand (``hand_seats``: every seat, less the one sitting out with five at a table)."""

    hand_seats: list[int]

    def _current(self, name: str) -> list[str]:
        if self.is_bound:
            getlist = getattr(self.data, "getlist", None)
            values = getlist(name) if getlist else self.data.get(name)
        else:
            values = self.initial.get(name)
        if values is None:
            return []
        if isinstance(values, list | tuple):
            return [str(v) for v in values]
        return [str(values)]

    def _options(self, name: str, choices: list[tuple[str, str]]) -> list[dict[str, Any]]:
        current = self._current(name)
        return [{"value": v, "label": lbl, "checked": v in current} for v, lbl in choices]

    def seat_options(self, name: str) -> list[dict[str, Any]]:
        winds = seat_winds(self.dealer, self.seats)
        current = self._current(name)
        return [
            {
                "value": str(s),
                "label": self.names[s],
                "wind": str(WIND_NAMES[winds[s]]),
                "checked": str(s) in current,
            }
            for s in self.hand_seats
        ]

    def _errors_of(self, *names: str) -> list[str]:
        if not self.is_bound:
            return []
        return [e for n in names for e in (self.errors.get(n) or [])]

    def layout(self) -> dict[str, Any]:
        """Everything the entry screen shows, with what is ticked."""
        seats = []
        for s in self.hand_seats:
            seat: dict[str, Any] = {
                "seat": s,
                "name": self.names[s],
                "errors": self._errors_of(*(f"{f}_{s}" for f in SEAT_VALUE_FIELDS)),
            }
            if self.points_doubles:
                seat["points"] = self._current(f"points_{s}")[:1]
                seat["doubles"] = self._current(f"doubles_{s}")[:1]
                seat["sets"] = hand_values.sets_layout(self, s)
            else:
                seat["han"] = self._options(f"value_{s}", self.han_choices)
                seat["limits"] = self._options(f"value_{s}", self.limit_choices)
                seat["fu"] = self._options(f"fu_{s}", self.fu_choices)
                seat["pao"] = self._current(f"pao_{s}")[:1]
                seat["north"] = self._current(f"north_{s}")[:1] if self.entry.north else None
                seat["yaku"] = hand_values.layout(self, s)
                seat["tiles"] = hand_values.tile_layout(self, s)
            seats.append(seat)
        nagashi = self.seat_options("nagashi") if self.entry.nagashi else []
        more = self._more_layout(nagashi)
        return {
            "results": self._options("result", self.fields["result"].choices),
            "winners": self.seat_options("winners"),
            "discarder": self.seat_options("discarder"),
            "riichi": self.seat_options("riichi") if self.entry.riichi else [],
            "tenpai": self.seat_options("tenpai") if self.entry.shows_tenpai else [],
            "nagashi": nagashi,
            "reasons": self._options("reason", self.fields["reason"].choices),
            "offender": self.seat_options("offender"),
            "riichi_not_ready": self._riichi_not_ready(),
            # The fieldsets of results the rules do not have are left out with the results.
            "abortive": Result.ABORTIVE in self.entry.results,
            "chombo": Result.CHOMBO in self.entry.results,
            "seats": seats,
            "points_doubles": self.points_doubles,
            "pao": self.entry.pao,
            "north": self.entry.north,
            "more": more,
        }

    def _riichi_not_ready(self) -> dict[str, Any] | None:
        """The hint at an exhaustive draw for a riichi declarer not ticked ready (who must be,
        or it is a faulty ready declaration as the rules price it); None where the rules do not
        ask who was ready. ``names``: those the posted form leaves so (the script keeps it
        up to date as the scorer taps)."""
        if not (self.entry.riichi and self.entry.shows_tenpai):
            return None
        names = []
        if self.is_bound and self._current("result")[:1] == ["draw"]:
            ready = set(self._current("tenpai"))
            names = [
                self.names[int(s)]
                for s in self._current("riichi")
                if s in dict(self.seat_choices) and s not in ready
            ]
        price = next((p for p in self.entry.penalties if p.kind == "false_ready"), None)
        if price is not None:
            advice = gettext(
                "A riichi player must be ready at the draw: tick them ready, or add the faulty "
                "ready declaration under More, Penalties: %(penalty)s."
            ) % {"penalty": penalty_label(price)}
        else:
            advice = gettext("A riichi player must be ready at the draw: tick them ready.")
        return {"names": ", ".join(names), "advice": advice}

    def _more_layout(self, nagashi: list[dict[str, Any]]) -> dict[str, Any]:
        """The folded "More" section: dora and fixed scores per seat, nagashi, penalties."""
        seats = [
            {
                "seat": s,
                "name": self.names[s],
                "dora": self._current(f"dora_{s}")[:1] if self.dora else [],
                "score": self._current(f"score_{s}")[:1],
                "errors": self._errors_of(f"dora_{s}", f"score_{s}"),
            }
            for s in self.hand_seats
        ]
        penalties = []
        for i in range(PENALTY_ROWS):
            penalties.append(
                {
                    "row": i,
                    "number": i + 1,
                    "seat": self._current(f"penalty_seat_{i}")[:1],
                    "kinds": self._options(f"penalty_kind_{i}", self.penalty_kinds),
                    "points": self._current(f"penalty_points_{i}")[:1],
                    "to": self._current(f"penalty_to_{i}")[:1],
                    "errors": self._errors_of(
                        *(f"penalty_{f}_{i}" for f in ("seat", "kind", "points", "to"))
                    ),
                }
            )
        summary = [
            *([gettext("dora")] if self.dora else []),
            gettext("fixed score"),
            *([gettext("nagashi mangan")] if nagashi else []),
            gettext("penalties"),
            gettext("note"),
        ]
        used = any(
            v not in ("", None)
            for name in self.fields
            if name.startswith(MORE_FIELD_PREFIXES)
            for v in self._current(name)
        ) or any(o["checked"] for o in nagashi)
        has_errors = any(n.startswith(MORE_FIELD_PREFIXES) for n in self.errors) or (
            "nagashi" in self.errors
        )
        return {
            "summary": ", ".join(summary),
            "open": used or (self.is_bound and has_errors),
            "dora": self.dora,
            "min_han": self.entry.min_han,
            "score_label": score_label(self.entry),
            "seats": seats,
            "penalties": penalties,
            "nagashi_errors": self._errors_of("nagashi"),
            "note": self._current("note")[:1],
            "note_errors": self._errors_of("note"),
        }
