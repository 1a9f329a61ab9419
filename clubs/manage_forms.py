"""Forms of the club's own pages (creating a club, its settings, its people and players).
They parse and check shape; clubs.services, clubs.players and clubs.members decide."""

from __future__ import annotations

import zoneinfo
from functools import cache
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from clubs import registry
from clubs.members import LINK_DAYS
from clubs.models import LANGUAGES, Club, Invitation, Membership, Player


@cache
def _time_zones() -> list[tuple[str, str]]:
    zones = sorted(z for z in zoneinfo.available_timezones() if "/" in z or z == "UTC")
    return [(z, z.replace("_", " ")) for z in zones]


class ClubSettingsForm(forms.Form):
    name = forms.CharField(max_length=100, label=_("Name"))
    public = forms.TypedChoiceField(
        label=_("Who sees the club"),
        choices=[
            ("false", _("Private: only its members see its games and standings")),
            ("true", _("Public: anyone may look")),
        ],
        coerce=lambda v: v == "true",
        initial="false",
        widget=forms.RadioSelect,
    )
    time_zone = forms.ChoiceField(
        label=_("Time zone"), initial="UTC", help_text=_("Dates and times on the club's pages.")
    )
    language = forms.ChoiceField(
        label=_("Language"),
        choices=LANGUAGES,
        initial="en",
        help_text=_("The language of the club's pages and sheets, unless a reader picks one."),
    )
    default_rules = forms.ChoiceField(
        label=_("Default rules"), required=False, help_text=_("What Start a game offers first.")
    )

    def __init__(self, *args: Any, club: Club | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = _time_zones()
        self.fields["default_rules"].choices = [
            ("", _("None: the scorer picks")),
            *registry.rules_choices(club),
        ]

    @staticmethod
    def initial_for(club: Club) -> dict[str, Any]:
        return {
            "name": club.name,
            "public": "true" if club.public else "false",
            "time_zone": club.time_zone,
            "language": club.language,
            "default_rules": club.default_rules,
        }


class ClubCreateForm(ClubSettingsForm):
    slug = forms.CharField(
        max_length=50,
        label=_("Short name"),
        help_text=_("The club's address, /clubs/short-name/: lower-case letters, digits, hyphens."),
    )
    field_order = ["name", "slug", "public", "time_zone", "language", "default_rules"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # static/js/slug.js fills the short name from the name until someone edits it.
        self.fields["name"].widget.attrs["data-slug-source"] = "id_slug"
        self.fields["slug"].widget.attrs.update({"autocapitalize": "none", "spellcheck": "false"})


class PlayerNameForm(forms.Form):
    display_name = forms.CharField(max_length=60, label=_("Name"))


class PlayerChoiceField(forms.ModelChoiceField):
    """A player by name, retired ones marked: a retired duplicate is still one to merge."""

    def label_from_instance(self, obj: Player) -> str:  # type: ignore[override]
        if obj.retired:
            return _("%(name)s (retired)") % {"name": obj.display_name}
        return obj.display_name


class MergeForm(forms.Form):
    duplicate = PlayerChoiceField(
        queryset=Player.objects.none(),
        label=_("The same person, entered as"),
        help_text=_("Their games move to the player above; this name goes."),
    )

    def __init__(self, *args: Any, player: Player, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The active players first, then the retired, each by name.
        self.fields["duplicate"].queryset = player.club.players.exclude(pk=player.pk).order_by(
            "retired", "display_name"
        )


def _day_choices() -> list[tuple[int, str]]:
    return [(d, ngettext("%(count)s day", "%(count)s days", d) % {"count": d}) for d in LINK_DAYS]


class InvitationForm(forms.Form):
    kind = forms.ChoiceField(
        choices=[
            (Invitation.Kind.LINK.value, _("A join link for one person")),
            (Invitation.Kind.CODE.value, _("A code on the screen for tonight (4 hours)")),
        ],
        initial=Invitation.Kind.LINK.value,
        widget=forms.RadioSelect,
        label=_("How"),
    )
    role = forms.ChoiceField(
        choices=Membership.Role.choices, initial=Membership.Role.MEMBER, label=_("As")
    )
    days = forms.TypedChoiceField(
        # A callable, so the words are made per request, in the reader's language (a lazy
        # plural with its number filled in at import would stay English).
        choices=_day_choices,
        coerce=int,
        initial=7,
        label=_("A link lasts"),
    )


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.Role.choices)


class JoinForm(forms.Form):
    code = forms.CharField(
        max_length=40,
        label=_("Code"),
        widget=forms.TextInput(attrs={"autocapitalize": "characters", "autocomplete": "off"}),
    )
