"""Starting a game: the players, the rules (a preset, a club rule set or a league's), and an
optional start state for a game begun on paper."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from core.i18n import rule_word
from leagues.models import League
from rulesets.models import RuleSet
from scoring import engine
from scoring.presenter import WIND_NAMES


class GameStartForm(forms.Form):
    rules = forms.ChoiceField(label=_("Rules"))
    seat_0 = forms.CharField(label=WIND_NAMES["E"], max_length=60)
    seat_1 = forms.CharField(label=WIND_NAMES["S"], max_length=60)
    seat_2 = forms.CharField(label=WIND_NAMES["W"], max_length=60)
    seat_3 = forms.CharField(label=WIND_NAMES["N"], max_length=60)
    seating = forms.ChoiceField(
        choices=[("entered", _("As entered")), ("random", _("Draw seats at random"))],
        initial="entered",
        widget=forms.RadioSelect,
    )
    table = forms.CharField(max_length=40, required=False, label=_("Table (optional)"))
    # Optional start state, for a game begun on paper.
    start_score_0 = forms.IntegerField(required=False, label=_("East's points"))
    start_score_1 = forms.IntegerField(required=False, label=_("South's points"))
    start_score_2 = forms.IntegerField(required=False, label=_("West's points"))
    start_score_3 = forms.IntegerField(required=False, label=_("North's points"))
    start_round = forms.ChoiceField(
        required=False,
        label=_("Round"),
        choices=[("", "—"), *WIND_NAMES.items()],
    )
    start_number = forms.IntegerField(required=False, min_value=1, max_value=4, label=_("Hand"))
    start_dealer = forms.ChoiceField(
        required=False,
        label=_("Dealer"),
        choices=[("", "—"), *((str(s), WIND_NAMES[w]) for s, w in enumerate("ESWN"))],
    )
    start_honba = forms.IntegerField(required=False, min_value=0, max_value=99, label=_("Counters"))
    start_pool = forms.IntegerField(required=False, min_value=0, label=_("Riichi pool"))

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club

        self.leagues = {str(lg.pk): lg for lg in League.objects.filter(club=club)}
        self.rulesets = {str(rs.pk): rs for rs in RuleSet.objects.filter(club=club)}
        groups: list[tuple[str, list[tuple[str, str]]]] = []
        if self.leagues:
            groups.append(
                (_("Leagues"), [(f"league:{pk}", lg.name) for pk, lg in self.leagues.items()])
            )
        if self.rulesets:
            groups.append(
                (
                    _("Club rule sets"),
                    [(f"ruleset:{pk}", rs.name) for pk, rs in self.rulesets.items()],
                )
            )
        groups.append(
            (
                _("Presets"),
                [
                    (f"preset:{p}", rule_word(engine.get_preset(p).name))
                    for p in engine.preset_ids()
                ],
            )
        )
        self.fields["rules"].choices = groups
        # The club's default rules come first (club settings); a league's are never a default.
        self.fields["rules"].initial = club.default_rules or None
        # Retired players stay in history but are not offered.
        self.player_names = list(club.players.active().values_list("display_name", flat=True))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        names = [data.get(f"seat_{i}", "") for i in range(4)]
        folded = [" ".join(n.split()).casefold() for n in names if n]
        if len(folded) == 4 and len(set(folded)) != 4:
            raise forms.ValidationError(_("A player can sit in only one seat."))
        return data

    def start_kwargs(self) -> dict[str, Any]:
        """The keyword arguments of :func:`scoring.services.game_start`."""
        data = self.cleaned_data
        kind, _, ref = data["rules"].partition(":")
        create: dict[str, Any] = {"table": data["table"]}
        if kind == "league":
            create["league"] = self.leagues[ref]
        elif kind == "ruleset":
            version = self.rulesets[ref].current_version
            if version is None:
                raise forms.ValidationError(_("That rule set has no saved version yet."))
            create["ruleset_version"] = version
        else:
            create["rules"] = ref
        start: dict[str, Any] = {}
        scores = [data.get(f"start_score_{i}") for i in range(4)]
        if any(s is not None for s in scores):
            if any(s is None for s in scores):
                raise forms.ValidationError(_("Give all four start scores, or none."))
            start["scores"] = scores
        if data.get("start_round"):
            start["round"] = data["start_round"]
        if data.get("start_dealer"):
            start["dealer"] = int(data["start_dealer"])
        for name in ("number", "honba", "pool"):
            if data.get(f"start_{name}") is not None:
                start[name] = data[f"start_{name}"]
        if start:
            create["start"] = start
        return {
            "seats": [data[f"seat_{i}"] for i in range(4)],
            "draw_seats": data["seating"] == "random",
            **create,
        }
