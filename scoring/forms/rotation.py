"""Five at a table: the rotation's start form (the rules as a game's start form offers them,
four-player rules only, and five players in their sit-out order) and a move in the order."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from scoring.forms.start import GameStartForm
from scoring.rotations import PLAYERS, SEATS

_START_ONLY = ("seating", "seated_elsewhere_ok")


class RotationForm(GameStartForm):
    """The rules and the table of a game's start form, and five players: the first sits out
    the first game."""

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, club=club, **kwargs)
        for name in list(self.fields):
            if name.startswith(("seat_", "start_")) or name in _START_ONLY:
                del self.fields[name]
        # Its games seat four: rules for three are not offered (the service refuses them too).
        self.fields["rules"].choices = [
            (group, [c for c in choices if self.rules_seats.get(c[0], SEATS) == SEATS])
            for group, choices in self.fields["rules"].choices
        ]
        for i in range(PLAYERS):
            self.fields[f"player_{i}"] = forms.CharField(
                label=_("Sits out game %(number)d") % {"number": i + 1},
                max_length=60,
            )

    def clean(self) -> dict[str, Any]:
        data = forms.Form.clean(self)
        names = [" ".join(data.get(f"player_{i}", "").split()) for i in range(PLAYERS)]
        folded = [n.casefold() for n in names if n]
        if len(folded) == PLAYERS and len(set(folded)) != PLAYERS:
            raise forms.ValidationError(_("A player can have only one place in the order."))
        return data

    def rotation_kwargs(self) -> dict[str, Any]:
        """The keyword arguments of :func:`scoring.services.rotation_create`."""
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
        return {"players": [data[f"player_{i}"] for i in range(PLAYERS)], **create}


class RotationMoveForm(forms.Form):
    """Move one player a place up in the sit-out order (the first moves to the end)."""

    player = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
