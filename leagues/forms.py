"""Forms of the leagues app: they parse and check shape; the services decide."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from clubs import registry
from core import bounds
from leagues.models import League, Season
from leagues.services import in_placement_range
from rulesets.models import RuleSet


class LeagueForm(forms.Form):
    """A league's rules are picked, not typed: one of the club's rule sets (its current
    version gives new games their rules) or a preset. Options of its own are made as a rule
    set (Rule sets, New), which the league then picks."""

    name = forms.CharField(max_length=bounds.NAME, label=_("Name"))
    slug = forms.SlugField(
        max_length=bounds.SLUG, label=_("Short name"), help_text=_("Used in the league's address.")
    )
    rules = forms.ChoiceField(
        label=_("Rules"),
        help_text=_("Different options (uma, red fives, ...): make a club rule set, then pick it."),
    )
    aggregate = forms.ChoiceField(label=_("Standings by"), choices=League.Aggregate.choices)
    placement_points = forms.CharField(
        required=False,
        label=_("Placement points"),
        help_text=_(
            "For placement points: a number for each place, first to last: four at four-player "
            "tables (e.g. 4, 2, 1, 0), three at three-player tables (e.g. 3, 1, 0)."
        ),
    )
    min_games = forms.IntegerField(
        min_value=0, max_value=bounds.GAMES, initial=0, label=_("Games to qualify")
    )
    drop_worst = forms.IntegerField(
        min_value=0, max_value=bounds.GAMES, initial=0, label=_("Worst results dropped")
    )
    confirmation_required = forms.BooleanField(
        required=False, label=_("Only games confirmed by every player count")
    )

    def __init__(self, *args: Any, club: Any, league: League | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        self.league = league
        self.fields["rules"].choices = registry.rules_choices(club)
        if league is None:
            # static/js/slug.js fills the short name from the name until someone edits it
            # (a league's address, once made, changes only by hand).
            self.fields["name"].widget.attrs["data-slug-source"] = "id_slug"
        rules = self._league_rules()
        if rules.get("options") and league is not None and league.ruleset_id is None:
            self.fields["rules"].help_text = (
                f"This league changes {len(rules['options'])} option(s) of its preset; they "
                "stay while the preset does. " + str(self.fields["rules"].help_text)
            )

    def _league_rules(self) -> dict[str, Any]:
        if self.league is None:
            return {}
        rules = self.league.rules
        return rules if isinstance(rules, dict) else {"preset": rules}

    @classmethod
    def initial_for(cls, league: League) -> dict[str, Any]:
        rules = league.rules if isinstance(league.rules, dict) else {"preset": league.rules}
        preset = rules.get("preset")
        picked = f"ruleset:{league.ruleset_id}" if league.ruleset_id else f"preset:{preset}"
        return {
            "name": league.name,
            "slug": league.slug,
            "rules": picked,
            "aggregate": league.aggregate,
            "placement_points": ", ".join(str(p) for p in league.placement_points or []),
            "min_games": league.min_games,
            "drop_worst": league.drop_worst,
            "confirmation_required": league.confirmation_required,
        }

    def _rules_and_ruleset(self) -> tuple[dict[str, Any], RuleSet | None]:
        """The league's ``rules`` and ``ruleset`` for the choice made.

        A rule set: its template preset stands as the rules (the rule set's version gives new
        games theirs). A preset: the league's own options are kept while it stays on the same
        preset, so that saving the form never drops options set before this picker existed.
        """
        kind, _, ref = self.cleaned_data["rules"].partition(":")
        if kind == "ruleset":
            ruleset = RuleSet.objects.get(club=self.club, pk=int(ref))
            root = ruleset
            while not root.template_preset and root.template_ruleset is not None:
                root = root.template_ruleset
            return {"preset": root.template_preset, "options": {}}, ruleset
        kept = self._league_rules()
        same = kept.get("preset") == ref and self.league is not None and not self.league.ruleset_id
        return {"preset": ref, "options": (kept.get("options") or {}) if same else {}}, None

    def clean_placement_points(self) -> list[int]:
        text = (self.cleaned_data.get("placement_points") or "").strip()
        if not text:
            return []
        parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
        # More digits than the largest bound has are out of range before int() reads them
        # (Python refuses to read more than 4,300 digits).
        longest = len(str(bounds.PLACEMENT_POINTS)) + 1
        if len(parts) > 4 or any(len(p.lstrip("+-")) > longest for p in parts):
            raise self._points_out_of_range()
        try:
            points = [int(p) for p in parts]
        except ValueError:
            raise forms.ValidationError(
                _("Give whole numbers separated by commas, first to last place, e.g. 4, 2, 1, 0.")
            ) from None
        if not all(in_placement_range(p) for p in points):
            raise self._points_out_of_range()
        return points

    @staticmethod
    def _points_out_of_range() -> forms.ValidationError:
        return forms.ValidationError(
            _("Placement points are at most four whole numbers from %(least)s to %(most)s."),
            params={
                "least": number_format(-bounds.PLACEMENT_POINTS, force_grouping=True),
                "most": number_format(bounds.PLACEMENT_POINTS, force_grouping=True),
            },
        )

    def service_kwargs(self) -> dict[str, Any]:
        data = self.cleaned_data
        rules, ruleset = self._rules_and_ruleset()
        return {
            "name": data["name"],
            "slug": data["slug"],
            "rules": rules,
            "ruleset": ruleset,
            "aggregate": data["aggregate"],
            "placement_points": data["placement_points"],
            "min_games": data["min_games"],
            "drop_worst": data["drop_worst"],
            "confirmation_required": data["confirmation_required"],
        }


class SeasonForm(forms.Form):
    name = forms.CharField(max_length=bounds.NAME, label=_("Name"))
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
