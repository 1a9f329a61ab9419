"""Entering a hand, field by field: :class:`HandForm` gives it as a game-record hand."""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import engine
from core import bounds
from entry import fields
from entry.fields import PENALTY_ROWS
from scoring import hand_values
from scoring.forms.choices import (
    RESULTS,
    SEAT_CHOICES,
    limit_buttons,
    penalty_kinds,
    seat_choices,
)
from scoring.forms.engine_errors import EngineErrorFields
from scoring.forms.layout import HandLayout
from scoring.presenter import ABORT_WORDS, RESULT_WORDS


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
    note = forms.CharField(required=False, max_length=bounds.NOTE, strip=True)
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
        table = engine.resolve_rules(rules)
        self.entry = engine.describe_entry(table)
        self.names = names
        self.dealer = dealer if dealer is not None else 0
        # Five at a table: the seat before the dealer sits this hand out and is not offered.
        self.sits_out = engine.sits_out(table, self.dealer)
        self.correction = correction
        self.points_doubles = self.entry.points_doubles
        self.dora = self.entry.dora
        self.han_choices = [(str(h), gettext("%(han)s han") % {"han": h}) for h in self.entry.han]
        self.fu_choices = [(str(f), str(f)) for f in self.entry.fu]
        self.limit_choices = limit_buttons(self.entry)
        self.value_choices = self.han_choices + self.limit_choices
        # Only the table's seats: a three-player form has no fourth seat to tap, and with five
        # at a table the seat sitting the hand out is no choice.
        self.seats = self.entry.seats
        self.hand_seats = [s for s in range(self.seats) if s != self.sits_out]
        self.seat_choices = [c for c in seat_choices(self.entry) if c[0] != str(self.sits_out)]
        for name in ("winners", "discarder", "riichi", "tenpai", "nagashi", "offender"):
            self.fields[name].choices = self.seat_choices
        for s in range(self.seats):
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
                self.fields[f"pao_{s}"] = forms.ChoiceField(
                    choices=self.seat_choices, required=False
                )
                if self.entry.north:
                    self.fields[f"north_{s}"] = forms.IntegerField(
                        required=False, min_value=0, max_value=4, label=_("North tiles")
                    )
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
                choices=self.seat_choices, required=False
            )
            self.fields[f"penalty_kind_{i}"] = forms.ChoiceField(
                choices=self.penalty_kinds, required=False
            )
            self.fields[f"penalty_points_{i}"] = forms.IntegerField(
                required=False, min_value=1, label=_("Points")
            )
            self.fields[f"penalty_to_{i}"] = forms.ChoiceField(
                choices=self.seat_choices, required=False
            )
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

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        # The taps become a hand in one place, Django-free, which the phone also runs offline.
        self.penalty_rows = fields.penalty_rows(self.cleaned_data)
        try:
            self.cleaned_data["hand"] = fields.hand_from_fields(
                self.cleaned_data, self.entry, self.names
            )
        except fields.FieldProblem as problem:
            self.add_error(
                problem.field if problem.field in self.fields else None,
                gettext(problem.message) % problem.params,
            )
        return self.cleaned_data

    def hand(self) -> dict[str, Any]:
        return dict(self.cleaned_data["hand"])


def hand_form(
    game: Any,
    data: Any = None,
    *,
    editing: Any = None,
    correction: bool = False,
    **kwargs: Any,
) -> HandForm:
    """The entry form of ``game`` over a request's fields ``data``: the one way the page, its
    preview and the phone's outbox build a hand from fields. For the game's next hand, or for
    the hand row ``editing`` (its dealer; ``correction`` adds the correction's own fields)."""
    if editing is not None:
        result = editing.hand_result
        dealer = result.dealer if result is not None else None
    else:
        final = game.final_result
        dealer = final.next.dealer if final is not None and final.next is not None else None
    return HandForm(
        data,
        rules=game.rules,
        names=[p.display_name for p in game.seat_players()],
        dealer=dealer,
        correction=correction,
        **kwargs,
    )
