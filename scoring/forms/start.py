"""Starting a game: the players, the rules (a preset, a club rule set or a league's), and an
optional start state for a game begun on paper."""

from __future__ import annotations

import contextlib
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

import engine
from clubs.models import Club
from core.i18n import rule_word
from leagues.models import League
from rulesets.models import RuleSet
from scoring.presenter import WIND_NAMES


class RulesSelect(forms.Select):
    """The rules picker: each choice says how many seats its rules have (``data-seats``), so
    the page's script (static/js/start.js) shows the North seat only for four- and five-player
    rules, and the fifth seat only for five."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seats: dict[str, int] = {}

    def create_option(self, name: str, value: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(name, value, *args, **kwargs)
        option["attrs"]["data-seats"] = self.seats.get(str(value), 4)
        return option


class GameStartForm(forms.Form):
    rules = forms.ChoiceField(label=_("Rules"), widget=RulesSelect)
    seat_0 = forms.CharField(label=WIND_NAMES["E"], max_length=60)
    seat_1 = forms.CharField(label=WIND_NAMES["S"], max_length=60)
    seat_2 = forms.CharField(label=WIND_NAMES["W"], max_length=60)
    # Required at a four-player table only (clean): three-player rules have no North seat.
    seat_3 = forms.CharField(label=WIND_NAMES["N"], max_length=60, required=False)
    # Required with five at a table only: the seat before East, which sits out East 1.
    seat_4 = forms.CharField(label=_("Fifth (sits out East 1)"), max_length=60, required=False)
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
    start_score_4 = forms.IntegerField(required=False, label=_("Fifth player's points"))
    start_round = forms.ChoiceField(
        required=False,
        label=_("Round"),
        choices=[("", "—"), *WIND_NAMES.items()],
    )
    start_number = forms.IntegerField(required=False, min_value=1, max_value=5, label=_("Hand"))
    start_dealer = forms.ChoiceField(
        required=False,
        label=_("Dealer"),
        choices=[
            ("", "—"),
            *((str(s), WIND_NAMES[w]) for s, w in enumerate("ESWN")),
            ("4", _("Fifth player")),
        ],
    )
    start_honba = forms.IntegerField(required=False, min_value=0, max_value=99, label=_("Counters"))
    start_pool = forms.IntegerField(required=False, min_value=0, label=_("Riichi pool"))
    # Offered once a player is found in another running game: the scorer confirms it.
    seated_elsewhere_ok = forms.BooleanField(
        required=False, label=_("Start anyway: the player sits in both games")
    )

    def __init__(self, *args: Any, club: Club, league: str | None = None, **kwargs: Any) -> None:
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
        self.fields["rules"].widget.seats = self.rules_seats = self._rules_seats()
        # The club's default rules come first (club settings); a league's are never a default,
        # but "Start a game" from a league's page (``league``, its slug) starts in its rules.
        self.fields["rules"].initial = club.default_rules or None
        chosen = next((pk for pk, lg in self.leagues.items() if lg.slug == league), None)
        if chosen is not None:
            self.fields["rules"].initial = f"league:{chosen}"
        # Retired players stay in history but are not offered.
        self.player_names = list(club.players.active().values_list("display_name", flat=True))

    def _rules_seats(self) -> dict[str, int]:
        """Each choice of rules and the seats its games have (the rules' ``players``)."""
        seats = {f"preset:{p}": engine.get_preset(p).rules.players for p in engine.preset_ids()}
        for pk, rs in self.rulesets.items():
            version = rs.current_version
            if version is not None:
                seats[f"ruleset:{pk}"] = engine.resolve_rules(version.rules).players
        for pk, lg in self.leagues.items():
            version = lg.ruleset.current_version if lg.ruleset_id is not None else None
            rules = version.rules if version is not None else lg.rules
            # Rules the engine refuses: the start says what is wrong with them.
            with contextlib.suppress(engine.EngineError):
                seats[f"league:{pk}"] = engine.resolve_rules(rules).players
        return seats

    @property
    def seat_count(self) -> int:
        """The seats of the rules chosen (as posted, else the initial choice): 3, 4 or 5."""
        chosen = self.data.get("rules") if self.is_bound else self.fields["rules"].initial
        return self.rules_seats.get(str(chosen), 4)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        count = self.seat_count
        for seat in range(3, count):
            name = f"seat_{seat}"
            if not data.get(name) and name not in self.errors:
                self.add_error(name, self.fields[name].error_messages["required"])
        if count == 3 and data.get("seat_3"):
            self.add_error(
                "seat_3", _("These rules seat three players: leave the North seat empty.")
            )
        if count < 5:
            self._no_fifth_seat(data, count)
        elif (data.get("start_number") or 0) > 5:
            self.add_error("start_number", _("A round has five hands at a table of five."))
        if count == 3:
            if data.get("start_score_3") is not None:
                self.add_error(
                    "start_score_3",
                    _("These rules seat three players: leave North's points empty."),
                )
            if data.get("start_dealer") == "3":
                self.add_error("start_dealer", _("These rules seat three players: no North."))
            if (data.get("start_number") or 0) > 3:
                self.add_error(
                    "start_number", _("These rules seat three players: a round has three hands.")
                )
        names = [data.get(f"seat_{i}", "") for i in range(count)]
        folded = [" ".join(n.split()).casefold() for n in names if n]
        if len(folded) == count and len(set(folded)) != count:
            raise forms.ValidationError(_("A player can sit in only one seat."))
        return data

    def _no_fifth_seat(self, data: dict[str, Any], count: int) -> None:
        """Refuse what only five at a table have: a fifth player, their points, their deal, a
        fifth hand in a round."""
        if data.get("seat_4"):
            self.add_error(
                "seat_4",
                ngettext(
                    "These rules seat %(count)d player: leave the fifth seat empty.",
                    "These rules seat %(count)d players: leave the fifth seat empty.",
                    count,
                )
                % {"count": count},
            )
        if data.get("start_score_4") is not None:
            self.add_error("start_score_4", _("These rules seat no fifth player."))
        if data.get("start_dealer") == "4":
            self.add_error("start_dealer", _("These rules seat no fifth player."))
        if count == 4 and (data.get("start_number") or 0) > 4:
            self.add_error("start_number", _("A round has four hands at a table of four."))

    def start_kwargs(self) -> dict[str, Any]:
        """The keyword arguments of :func:`scoring.services.game_start`."""
        data = self.cleaned_data
        kind, _sep, ref = data["rules"].partition(":")
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
        count = self.seat_count
        scores = [data.get(f"start_score_{i}") for i in range(count)]
        if any(s is not None for s in scores):
            if any(s is None for s in scores):
                raise forms.ValidationError(
                    {
                        3: _("Give all three start scores, or none."),
                        4: _("Give all four start scores, or none."),
                        5: _("Give all five start scores, or none."),
                    }[count]
                )
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
            "seats": [data[f"seat_{i}"] for i in range(count)],
            "draw_seats": data.get("seating") == "random",
            **create,
        }
