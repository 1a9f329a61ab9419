"""Importing a game from an online game's log (tenhou.net/6), in two steps: the log and its
rules (:class:`LogForm`), then a club player for each of the log's names
(:class:`LogPlayersForm`, which carries the log on). They check shape; the service reads the
log and decides."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

import engine
from clubs.models import Club, Player
from core.i18n import rule_word
from leagues.models import League
from rulesets.models import RuleSet

LOG_FILE_MOST = 2_621_440
"""The largest log file taken (2.5 MB, as a request body): a whole game with its tiles is some
50 kB."""

NEW_GUEST = "new"
"""The player choice that adds a guest under the log's name."""


class _RulesChoice(forms.Form):
    """The rules field both steps carry: the log's own (Tenhou's), a league's, a club rule
    set's current version or a preset."""

    rules = forms.ChoiceField(label=_("Rules"), required=False)

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        self.leagues = {str(lg.pk): lg for lg in League.objects.filter(club=club)}
        self.rulesets = {str(rs.pk): rs for rs in RuleSet.objects.filter(club=club)}
        groups: list[Any] = [("", _("The log's own (Tenhou ranked or Tenhou three-player)"))]
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

    def rules_kwargs(self) -> dict[str, Any]:
        """The rules as the import service takes them (none: the log's own)."""
        kind, _sep, ref = (self.cleaned_data.get("rules") or "").partition(":")
        if kind == "league":
            return {"league": self.leagues[ref]}
        if kind == "ruleset":
            version = self.rulesets[ref].current_version
            if version is None:
                raise forms.ValidationError(_("That rule set has no saved version yet."))
            return {"ruleset_version": version}
        if kind == "preset":
            return {"rules": ref}
        return {}


class LogForm(_RulesChoice):
    """Step one: the log, pasted or as a file."""

    log = forms.CharField(
        label=_("The log (tenhou.net/6 JSON)"),
        required=False,
        strip=True,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false", "autocomplete": "off"}),
        help_text=_("Paste the JSON the replay viewer reads, or its tenhou.net/6 address."),
    )
    log_file = forms.FileField(label=_("Or a .json file"), required=False)

    field_order = ["log", "log_file", "rules"]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        upload = data.get("log_file")
        if upload is not None:
            if upload.size > LOG_FILE_MOST:
                self.add_error("log_file", _("This file is too large to be a game's log."))
                return data
            try:
                data["text"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                self.add_error("log_file", _("This file is not text (UTF-8)."))
                return data
        elif data.get("log"):
            data["text"] = data["log"]
        else:
            self.add_error("log", _("Paste the log or choose its file."))
        return data


class LogPlayersForm(_RulesChoice):
    """Step two: a club player (or a new guest) for each name of the log, the log carried on
    from step one in a hidden field."""

    log = forms.CharField(widget=forms.HiddenInput, strip=False)

    def __init__(self, *args: Any, club: Club, names: list[str], **kwargs: Any) -> None:
        super().__init__(*args, club=club, **kwargs)
        self.names = names
        self.fields["rules"].widget = forms.HiddenInput()
        players = list(club.players.active().order_by("display_name"))
        self.players = {str(p.pk): p for p in players}
        by_name = {p.display_name.casefold(): p for p in players}
        for seat, name in enumerate(names):
            shown = name or _("seat %(number)s") % {"number": seat + 1}
            choices: list[tuple[str, Any]] = [("", _("Choose a player"))]
            if name:
                choices.append((NEW_GUEST, _("A new guest: %(name)s") % {"name": name}))
            choices.extend((str(p.pk), p.display_name) for p in players)
            match = by_name.get(" ".join(name.split()).casefold()) if name else None
            self.fields[f"seat_{seat}"] = forms.ChoiceField(
                label=shown,
                choices=choices,
                required=False,
                initial=str(match.pk) if match else (NEW_GUEST if name else ""),
            )

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"seat_{seat}"] for seat in range(len(self.names))]

    def chosen_players(self) -> list[Player | str | None]:
        """One per seat: the club player chosen, the log's name for a new guest, or None."""
        out: list[Player | str | None] = []
        for seat, name in enumerate(self.names):
            choice = self.cleaned_data.get(f"seat_{seat}") or ""
            out.append(name if choice == NEW_GUEST else self.players.get(choice))
        return out
