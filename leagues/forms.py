"""Forms of the leagues app: they parse and check shape; the services decide."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.i18n import rule_word
from leagues.models import League, Season
from rulesets.models import RuleSet
from scoring import engine


def _preset_choices() -> list[tuple[str, str]]:
    return [(p, rule_word(engine.get_preset(p).name)) for p in engine.preset_ids()]


class LeagueForm(forms.Form):
    name = forms.CharField(max_length=100, label=_("Name"))
    slug = forms.SlugField(
        max_length=50, label=_("Short name"), help_text=_("Used in the league's address.")
    )
    preset = forms.ChoiceField(label=_("Rules"), choices=_preset_choices)
    options = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        label=_("Options"),
        help_text=_('Options changed from the preset, as JSON, e.g. {"uma": [30, 10, -10, -30]}.'),
    )
    ruleset = forms.ModelChoiceField(
        queryset=RuleSet.objects.none(),
        required=False,
        label=_("Club rule set"),
        help_text=_("When chosen, its current version gives the rules of new games instead."),
    )
    aggregate = forms.ChoiceField(label=_("Standings by"), choices=League.Aggregate.choices)
    placement_points = forms.CharField(
        required=False,
        label=_("Placement points"),
        help_text=_("For placement points: first to fourth place, e.g. 4, 2, 1, 0."),
    )
    min_games = forms.IntegerField(min_value=0, initial=0, label=_("Games to qualify"))
    drop_worst = forms.IntegerField(min_value=0, initial=0, label=_("Worst results dropped"))
    confirmation_required = forms.BooleanField(
        required=False, label=_("Only games confirmed by every player count")
    )

    def __init__(self, *args: Any, club: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].queryset = RuleSet.objects.filter(club=club)

    @classmethod
    def initial_for(cls, league: League) -> dict[str, Any]:
        rules = league.rules if isinstance(league.rules, dict) else {"preset": league.rules}
        return {
            "name": league.name,
            "slug": league.slug,
            "preset": rules.get("preset"),
            "options": json.dumps(rules.get("options") or {}) if rules.get("options") else "",
            "ruleset": league.ruleset_id,
            "aggregate": league.aggregate,
            "placement_points": ", ".join(str(p) for p in league.placement_points or []),
            "min_games": league.min_games,
            "drop_worst": league.drop_worst,
            "confirmation_required": league.confirmation_required,
        }

    def clean_options(self) -> dict[str, Any]:
        text = (self.cleaned_data.get("options") or "").strip()
        if not text:
            return {}
        try:
            value = json.loads(text)
        except json.JSONDecodeError as e:
            raise forms.ValidationError(
                gettext("This is not valid JSON: %(error)s.") % {"error": e.msg}
            ) from None
        if not isinstance(value, dict):
            raise forms.ValidationError(_("Options must be a JSON object of names and values."))
        return value

    def clean_placement_points(self) -> list[int]:
        text = (self.cleaned_data.get("placement_points") or "").strip()
        if not text:
            return []
        parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
        try:
            return [int(p) for p in parts]
        except ValueError:
            raise forms.ValidationError(
                _("Give four whole numbers separated by commas, e.g. 4, 2, 1, 0.")
            ) from None

    def service_kwargs(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "name": data["name"],
            "slug": data["slug"],
            "rules": {"preset": data["preset"], "options": data["options"]},
            "ruleset": data["ruleset"],
            "aggregate": data["aggregate"],
            "placement_points": data["placement_points"],
            "min_games": data["min_games"],
            "drop_worst": data["drop_worst"],
            "confirmation_required": data["confirmation_required"],
        }


class SeasonForm(forms.Form):
    name = forms.CharField(max_length=100, label=_("Name"))
    starts = forms.DateField(label=_("Starts"), widget=forms.DateInput(attrs={"type": "date"}))
    ends = forms.DateField(
        required=False,
        label=_("Ends"),
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_("Leave empty for a season with no end set yet."),
    )

    @classmethod
    def initial_for(cls, season: Season) -> dict[str, Any]:
        return {"name": season.name, "starts": season.starts, "ends": season.ends}
