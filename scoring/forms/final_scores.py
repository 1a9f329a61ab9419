"""Entering a game by its final scores: the rules and the seats as when a game starts, each
seat's final points and chombo count, and the riichi sticks left on the table. The form checks
the shape; the engine decides whether the scores add up (``final_scores`` in the game record).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.forms.start import GameStartForm

SCORE_LABELS = (_("East's final points"), _("South's final points"), _("West's final points"))
CHOMBO_LABELS = (
    _("East's chombo"),
    _("South's chombo"),
    _("West's chombo"),
    _("North's chombo"),
    _("The fifth player's chombo"),
)


class FinalScoresForm(GameStartForm):
    score_0 = forms.IntegerField(label=SCORE_LABELS[0])
    score_1 = forms.IntegerField(label=SCORE_LABELS[1])
    score_2 = forms.IntegerField(label=SCORE_LABELS[2])
    # Required at a four-player table only (clean), as the North seat.
    score_3 = forms.IntegerField(label=_("North's final points"), required=False)
    # Required with five at a table only (clean): the seat that sat out East 1.
    score_4 = forms.IntegerField(label=_("The fifth player's final points"), required=False)
    chombo_0 = forms.IntegerField(label=CHOMBO_LABELS[0], required=False, initial=0)
    chombo_1 = forms.IntegerField(label=CHOMBO_LABELS[1], required=False, initial=0)
    chombo_2 = forms.IntegerField(label=CHOMBO_LABELS[2], required=False, initial=0)
    chombo_3 = forms.IntegerField(label=CHOMBO_LABELS[3], required=False, initial=0)
    chombo_4 = forms.IntegerField(label=CHOMBO_LABELS[4], required=False, initial=0)
    sticks_left = forms.IntegerField(
        label=_("Riichi sticks left on the table"), required=False, initial=0
    )
    played_on = forms.DateField(
        label=_("Played on"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )

    # A game by its final scores starts nowhere but at the start and is seated as played.
    DROPPED = ("seating", "seated_elsewhere_ok")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in [*self.DROPPED, *(f for f in self.fields if f.startswith("start_"))]:
            del self.fields[name]

    @property
    def final_seats(self) -> list[dict[str, Any]]:
        """Each seat's name, final points and chombo fields, East first (for the template):
        North (``north``) where the rules seat four or five, the fifth (``fifth``) where five,
        each ``shown`` when the rules chosen have it (start.js switches them)."""
        count = self.seat_count
        return [
            {
                "name": self[f"seat_{i}"],
                "score": self[f"score_{i}"],
                "chombo": self[f"chombo_{i}"],
                "north": i == 3,
                "fifth": i == 4,
                "shown": i < count,
            }
            for i in range(5)
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        count = self.seat_count
        for i in range(3, count):  # North at four and five, the fifth at five
            name = f"score_{i}"
            if data.get(name) is None and name not in self.errors:
                self.add_error(name, self.fields[name].error_messages["required"])
        refusals = {
            3: _("These rules seat three players: leave North's points empty."),
            4: _("These rules seat four players: leave the fifth player's points empty."),
        }
        for i in range(count, 5):
            for name in (f"score_{i}", f"chombo_{i}"):
                if data.get(name):
                    self.add_error(name, refusals[count])
        return data

    def enter_kwargs(self) -> dict[str, Any]:
        """The keyword arguments of :func:`scoring.services.game_final_scores_enter`."""
        data = self.cleaned_data
        count = self.seat_count
        kwargs = self.start_kwargs()
        kwargs.pop("draw_seats")
        kwargs["played_on"] = data.get("played_on")
        kwargs["final_scores"] = {
            "scores": [data[f"score_{i}"] for i in range(count)],
            "sticks_left": data.get("sticks_left") or 0,
            "chombo": [data.get(f"chombo_{i}") or 0 for i in range(count)],
        }
        return kwargs


class FinalScoresCorrectionForm(forms.Form):
    """An organiser's correction of a game entered by its final scores: the same numbers for
    the game's seats, and why."""

    sticks_left = forms.IntegerField(required=False, initial=0)
    reason = forms.CharField(max_length=200)

    def __init__(self, *args: Any, seats: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seats = seats
        for i in range(seats):
            self.fields[f"score_{i}"] = forms.IntegerField()
            self.fields[f"chombo_{i}"] = forms.IntegerField(required=False, initial=0)

    def final_scores(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "scores": [data[f"score_{i}"] for i in range(self.seats)],
            "sticks_left": data.get("sticks_left") or 0,
            "chombo": [data.get(f"chombo_{i}") or 0 for i in range(self.seats)],
        }
