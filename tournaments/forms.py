"""The forms of the tournament pages: they parse and check shape; the services decide."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from core import bounds
from engine import Unit
from rulesets.models import RuleSet
from tournaments.models import Entrant, Event
from tournaments.standing import rules_unit


class EventForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=bounds.NAME)
    starts_on = forms.DateField(
        label=_("First day"), widget=forms.DateInput(attrs={"type": "date"})
    )
    ends_on = forms.DateField(
        label=_("Last day"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_("Leave empty for a one-day tournament."),
    )
    ruleset = forms.ModelChoiceField(
        label=_("Rule set"),
        queryset=RuleSet.objects.none(),
        required=False,
        help_text=_("Its current version is pinned: every game of the tournament plays it."),
    )
    rounds = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=50, initial=4)
    round_minutes = forms.IntegerField(
        label=_("Minutes per round"), min_value=1, max_value=24 * 60, initial=90
    )
    draw = forms.ChoiceField(label=_("Draw"), choices=Event.Draw.choices)
    substitutes = forms.BooleanField(
        label=_("Fill tables with substitutes instead of sitting players out"), required=False
    )
    substitute_result = forms.ChoiceField(
        label=_("A substitute's result counts"),
        choices=Event._meta.get_field("substitute_result").choices,
        initial="nobody",
    )
    substitute_score = forms.DecimalField(
        label=_("Fixed score for a substitute's game"),
        max_digits=9,
        decimal_places=1,
        required=False,
        help_text=_(
            "With a fixed score: the absent player's result for the game, in the unit of the "
            "results (thousands of points under uma, else points)."
        ),
    )

    def __init__(self, *args: Any, club: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].queryset = RuleSet.objects.filter(club=club)  # type: ignore[attr-defined]

    def clean(self) -> dict[str, Any]:
        data: dict[str, Any] = super().clean() or {}
        value: Decimal | None = data.get("substitute_score")
        if value is None:
            return data
        ruleset = data.get("ruleset")
        version = ruleset.current_version if ruleset is not None else None
        if version is None:
            data["substitute_score"] = None  # the service refuses the missing rule set
            return data
        try:
            data["substitute_score"] = _in_unit(value, rules_unit(version.rules))
        except forms.ValidationError as e:
            self.add_error("substitute_score", e)
        return data


def _in_unit(value: Decimal, unit: str) -> int:
    """A number as people write it (27.3 thousand under uma) in the results' unit (273)."""
    if unit == Unit.TENTHS:
        return int(value * 10)
    if value != value.to_integral_value():
        raise forms.ValidationError(_("These results are whole points."))
    return int(value)


class CutForm(forms.Form):
    size = forms.IntegerField(label=_("Players who go on"), min_value=4, max_value=1000)
    carry = forms.TypedChoiceField(
        label=_("Their scores"),
        choices=[("1", _("carried into the final rounds")), ("0", _("reset to 0"))],
        coerce=lambda v: v == "1",
        initial="1",
    )


class FinalTableForm(forms.Form):
    carry = forms.TypedChoiceField(
        label=_("The finalists' scores"),
        choices=[("1", _("carried into the final table")), ("0", _("reset to 0"))],
        coerce=lambda v: v == "1",
        initial="1",
    )


class RegisterForm(forms.Form):
    player = forms.ModelChoiceField(
        label=_("Club player"), queryset=Player.objects.none(), required=False
    )
    name = forms.CharField(
        label=_("or a guest's name"), max_length=bounds.PLAYER_NAME, required=False
    )
    check_in = forms.BooleanField(label=_("Here now (check in)"), required=False)
    group = forms.CharField(
        label=_("Group"),
        max_length=bounds.NAME,
        required=False,
        help_text=_("A club, a country, a family: players of one group sit at different tables."),
    )

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = (  # type: ignore[attr-defined]
            event.club.players.active().exclude(entries__event=event)
        )


class SubstituteForm(forms.Form):
    name = forms.CharField(label=_("Substitute"), max_length=bounds.PLAYER_NAME)


class PenaltyForm(forms.Form):
    entrant = forms.ModelChoiceField(label=_("Player"), queryset=Entrant.objects.none())
    round_number = forms.IntegerField(label=_("Round"), min_value=1)
    points = forms.DecimalField(
        label=_("Points"),
        max_digits=9,
        decimal_places=1,
        help_text=_("Negative for a penalty, in the unit of the results."),
    )
    reason = forms.CharField(label=_("Reason"), max_length=bounds.REASON)

    def __init__(self, *args: Any, event: Event, unit: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.unit = unit
        self.fields["entrant"].queryset = event.entrants.select_related("player")  # type: ignore[attr-defined]
        self.fields["entrant"].label_from_instance = lambda e: e.player.display_name  # type: ignore[attr-defined]

    def clean_points(self) -> int:
        return _in_unit(self.cleaned_data["points"], self.unit)


class EmaForm(forms.Form):
    first_name = forms.CharField(label=_("First name"), max_length=60, required=False)
    last_name = forms.CharField(label=_("Last name"), max_length=60, required=False)
    ema_number = forms.CharField(label=_("EMA number"), max_length=12, required=False)
    country = forms.CharField(
        label=_("Country"),
        max_length=2,
        required=False,
        help_text=_("Two letters (IT, JP); an EMA number gives its own."),
    )


class ApartForm(forms.Form):
    """A group label per entrant (``group_<number>``) and the rounds they are kept apart in."""

    apart_rounds = forms.IntegerField(
        label=_("Keep groups apart in the first rounds"),
        min_value=1,
        max_value=50,
        required=False,
        help_text=_("Leave empty for every round."),
    )

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.entrants = list(event.entrants.select_related("player"))
        if not self.is_bound:
            self.fields["apart_rounds"].initial = event.apart_rounds
        for entrant in self.entrants:
            self.fields[f"group_{entrant.number}"] = forms.CharField(
                label=f"{entrant.number} {entrant.player.display_name}",
                max_length=bounds.NAME,
                required=False,
                initial=entrant.group,
            )

    def groups(self) -> dict[int, str]:
        return {e.number: self.cleaned_data[f"group_{e.number}"] for e in self.entrants}
