"""Entering a hand, field by field: :class:`HandForm` gives it as a game-record hand."""

from __future__ import annotations

import contextlib
import uuid
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring import engine, hand_values
from scoring.forms.choices import (
    PENALTY_ROWS,
    RESULTS,
    SEAT_CHOICES,
    limit_buttons,
    penalty_kinds,
)
from scoring.forms.engine_errors import EngineErrorFields
from scoring.forms.layout import HandLayout
from scoring.presenter import ABORT_WORDS, RESULT_WORDS


class _Incomplete(Exception):
    """A field the hand needs is missing; its error has been added to the form."""


class HandForm(HandLayout, EngineErrorFields, forms.Form):
    """One hand, field by field; :meth:`hand` gives it as a game-record hand."""

    result = forms.ChoiceField(choices=RESULTS, widget=forms.RadioSelect)
    winners = forms.MultipleChoiceField(choices=SEAT_CHOICES, required=False)
    discarder = forms.ChoiceField(choices=SEAT_CHOICES, required=False)
    riichi = forms.MultipleChoiceField(choices=SEAT_CHOICES, required=False)
    tenpai = forms.MultipleChoiceField(choices=SEAT_CHOICES, required=False)
    nagashi = forms.MultipleChoiceField(choices=SEAT_CHOICES, required=False)
    reason = forms.ChoiceField(choices=list(ABORT_WORDS.items()), required=False)
    offender = forms.ChoiceField(choices=SEAT_CHOICES, required=False)
    note = forms.CharField(required=False, max_length=1000, strip=True)
    expected_number = forms.IntegerField(widget=forms.HiddenInput, required=False)
    key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=100)

    def __init__(
        self,
        *args: Any,
        rules: dict[str, Any],
        names: list[str],
        dealer: int | None,
        correction: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        # What the entry offers is the engine's to say, from the rules the game copied.
        self.entry = engine.describe_entry(engine.resolve_rules(rules))
        self.names = names
        self.dealer = dealer if dealer is not None else 0
        self.correction = correction
        self.points_doubles = self.entry.points_doubles
        self.dora = self.entry.dora
        self.han_choices = [(str(h), gettext("%(han)s han") % {"han": h}) for h in self.entry.han]
        self.fu_choices = [(str(f), str(f)) for f in self.entry.fu]
        self.limit_choices = limit_buttons(self.entry)
        self.value_choices = self.han_choices + self.limit_choices
        for s in range(4):
            if self.points_doubles:
                self.fields[f"points_{s}"] = forms.IntegerField(
                    required=False, min_value=0, label=_("Points")
                )
                self.fields[f"doubles_{s}"] = forms.IntegerField(
                    required=False, min_value=0, label=_("Doubles")
                )
            else:
                self.fields[f"value_{s}"] = forms.ChoiceField(
                    choices=self.value_choices, required=False
                )
                self.fields[f"fu_{s}"] = forms.ChoiceField(choices=self.fu_choices, required=False)
                self.fields[f"pao_{s}"] = forms.ChoiceField(choices=SEAT_CHOICES, required=False)
                if self.dora:
                    self.fields[f"dora_{s}"] = forms.IntegerField(
                        required=False, min_value=0, max_value=99, label=_("Dora")
                    )
            self.fields[f"score_{s}"] = forms.IntegerField(
                required=False, min_value=0, label=_("Fixed score")
            )
        hand_values.add_fields(self, rules)  # the pickers, where the rules have them
        self.penalty_kinds = penalty_kinds(self.entry)
        for i in range(PENALTY_ROWS):
            self.fields[f"penalty_seat_{i}"] = forms.ChoiceField(
                choices=SEAT_CHOICES, required=False
            )
            self.fields[f"penalty_kind_{i}"] = forms.ChoiceField(
                choices=self.penalty_kinds, required=False
            )
            self.fields[f"penalty_points_{i}"] = forms.IntegerField(
                required=False, min_value=1, label=_("Points")
            )
            self.fields[f"penalty_to_{i}"] = forms.ChoiceField(choices=SEAT_CHOICES, required=False)
        self.fields["result"].choices = [(r.value, RESULT_WORDS[r]) for r in self.entry.results]
        self.fields["reason"].choices = [(v, ABORT_WORDS[v]) for v in self.entry.abort_reasons]
        if correction:
            self.fields["change_reason"] = forms.CharField(
                max_length=200, label=_("Reason for the correction")
            )
            # The hand's entity tag when the form was drawn: the save goes through only if
            # the hand is still that one (another device may have changed it meanwhile).
            self.fields["hand_tag"] = forms.CharField(
                widget=forms.HiddenInput, required=False, max_length=100
            )
        if not self.is_bound and not correction:
            self.initial.setdefault("key", uuid.uuid4().hex)

    # -- what the template renders ------------------------------------------------------------
    def _win(self, s: int) -> dict[str, Any]:
        win: dict[str, Any] = {"seat": s}
        d = self.cleaned_data
        name = self.names[s]
        score = d.get(f"score_{s}")
        dora = d.get(f"dora_{s}") or 0
        if self.points_doubles:
            by_parts = hand_values.parts_value(self, s, _Incomplete, winner=True)
            if by_parts is not None:
                return by_parts
            if score is not None:
                if d.get(f"points_{s}") is not None or d.get(f"doubles_{s}"):
                    self.add_error(
                        f"score_{s}",
                        gettext(
                            "Give either %(name)s's points and doubles or a fixed score, not both."
                        )
                        % {"name": name},
                    )
                    raise _Incomplete
                win["score"] = score
                return win
            if d.get(f"points_{s}") is None:
                self.add_error(f"points_{s}", gettext("Give %(name)s's points.") % {"name": name})
                raise _Incomplete
            win["points"] = d[f"points_{s}"]
            win["doubles"] = d.get(f"doubles_{s}") or 0
            return win
        by_yaku = hand_values.win(self, s, _Incomplete)
        if by_yaku is not None:
            return by_yaku
        value = d.get(f"value_{s}") or ""
        if score is not None:
            if value:
                self.add_error(
                    f"score_{s}",
                    gettext("Give either %(name)s's han (or a limit) or a score, not both.")
                    % {"name": name},
                )
                raise _Incomplete
            win["score"] = score
            return win
        if not value:
            self.add_error(
                f"value_{s}", gettext("Choose %(name)s's han (or a limit).") % {"name": name}
            )
            raise _Incomplete
        if value.startswith("y"):
            win["yakuman"] = int(value[1:])
            if d.get(f"pao_{s}") not in (None, ""):
                win["pao"] = int(d[f"pao_{s}"])
        elif value.startswith("h"):
            win["han"] = int(value[1:])
        else:
            win["han"] = int(value)
            if not d.get(f"fu_{s}"):
                self.add_error(f"fu_{s}", gettext("Choose %(name)s's fu.") % {"name": name})
                raise _Incomplete
            win["fu"] = int(d[f"fu_{s}"])
        if dora and "han" in win:  # dora matter only to a win counted in han
            win["dora"] = dora
        return win

    def _loser(self, s: int) -> dict[str, Any]:
        """A loser's own hand under Standard scoring: points and doubles, or a fixed score."""
        d = self.cleaned_data
        by_parts = hand_values.parts_value(self, s, _Incomplete, winner=False)
        if by_parts is not None:
            return by_parts
        if d.get(f"score_{s}") is not None:
            if d.get(f"points_{s}") or d.get(f"doubles_{s}"):
                self.add_error(
                    f"score_{s}",
                    gettext("Give either %(name)s's points and doubles or a fixed score, not both.")
                    % {"name": self.names[s]},
                )
                raise _Incomplete
            return {"seat": s, "score": d[f"score_{s}"]}
        return {
            "seat": s,
            "points": d.get(f"points_{s}") or 0,
            "doubles": d.get(f"doubles_{s}") or 0,
        }

    def _penalties(self) -> list[dict[str, Any]]:
        """The filled penalty rows, in order; ``self.penalty_rows`` keeps which row each is."""
        d = self.cleaned_data
        penalties = []
        self.penalty_rows: list[int] = []
        for i in range(PENALTY_ROWS):
            seat, kind = d.get(f"penalty_seat_{i}") or "", d.get(f"penalty_kind_{i}") or ""
            amount, to = d.get(f"penalty_points_{i}"), d.get(f"penalty_to_{i}") or ""
            if not (seat or kind or amount is not None or to):
                continue
            if not seat:
                self.add_error(
                    f"penalty_seat_{i}",
                    gettext("Penalty %(number)s: choose who pays it.") % {"number": i + 1},
                )
                raise _Incomplete
            if not kind:
                self.add_error(
                    f"penalty_kind_{i}",
                    gettext("Penalty %(number)s: choose what it is for.") % {"number": i + 1},
                )
                raise _Incomplete
            penalty: dict[str, Any] = {"seat": int(seat)}
            if kind == "points":
                if amount is None:
                    self.add_error(
                        f"penalty_points_{i}",
                        gettext("Penalty %(number)s: give the points it costs.")
                        % {"number": i + 1},
                    )
                    raise _Incomplete
                penalty["points"] = amount
                if to:
                    penalty["to"] = int(to)
            else:  # the rules price it: an amount left in the hidden inputs does not count
                penalty["kind"] = kind
            penalties.append(penalty)
            self.penalty_rows.append(i)
        return penalties

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        # A missing field raises _Incomplete after adding its own error to the form.
        with contextlib.suppress(_Incomplete):
            self.cleaned_data["hand"] = self._hand()
        return self.cleaned_data

    def _seats(self, name: str) -> list[int]:
        return sorted(int(s) for s in self.cleaned_data.get(name) or [])

    def _hand(self) -> dict[str, Any]:
        d = self.cleaned_data
        result = d["result"]
        hand: dict[str, Any] = {"result": result}
        if result in ("ron", "tsumo"):
            winners = self._seats("winners")
            if not winners:
                self.add_error("winners", _("Tap who won."))
                raise _Incomplete
            if result == "ron":
                if d.get("discarder") in (None, ""):
                    self.add_error("discarder", _("Tap who discarded the winning tile."))
                    raise _Incomplete
                hand["from"] = int(d["discarder"])
                # Winners in turn order after the discarder, as the game record lists them.
                winners.sort(key=lambda s: (s - hand["from"]) % 4)
            hand["wins"] = [self._win(s) for s in winners]
            if self.points_doubles:
                hand["losers"] = [self._loser(s) for s in range(4) if s not in winners]
        elif result == "draw":
            hand["tenpai"] = self._seats("tenpai")
            if self._seats("nagashi"):
                hand["nagashi"] = self._seats("nagashi")
        elif result == "abortive":
            if not d.get("reason"):
                self.add_error("reason", _("Choose why the deal was aborted."))
                raise _Incomplete
            hand["reason"] = d["reason"]
        else:
            if d.get("offender") in (None, ""):
                self.add_error("offender", _("Tap who made the chombo."))
                raise _Incomplete
            hand["offender"] = int(d["offender"])
        riichi = self._seats("riichi")
        if riichi and self.entry.riichi:
            hand["riichi"] = riichi
        penalties = self._penalties()
        if penalties:
            hand["penalties"] = penalties
        if d.get("note"):
            hand["note"] = d["note"]
        return hand

    def hand(self) -> dict[str, Any]:
        return dict(self.cleaned_data["hand"])
