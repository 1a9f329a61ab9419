"""The rule set form, generated from the engine's option descriptions.

Each option field is checked by the engine's own validator (``validate_value``), so the form,
the API and the engine refuse the same values with the same words. Combinations of options are
the service's (and the engine's) to judge; the view puts their error on the field they name.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.forms.boundfield import BoundField
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import engine
from clubs.models import Club
from core import bounds
from core.formats import option_setting, points
from core.i18n import described, rule_word
from rulesets.models import RuleSet
from rulesets.services import Template

PLACES = (_("1st"), _("2nd"), _("3rd"), _("4th"))


def _engine_validator(name: str) -> Any:
    def check(value: Any) -> None:
        try:
            engine.validate_value(name, value)
        except engine.RulesError as e:
            raise ValidationError(str(e), code=e.code) from None

    return check


class UmaWidget(forms.MultiWidget):
    """A number input per place, 1st to last (the page template lays them out with captions):
    four, or three at a three-player table."""

    def __init__(self, attrs: dict[str, Any] | None = None, places: int = 4) -> None:
        super().__init__(
            [
                forms.NumberInput(
                    attrs={"aria-label": gettext("Uma for %(place)s place") % {"place": p}}
                )
                for p in PLACES[:places]
            ],
            attrs,
        )

    def decompress(self, value: Any) -> list[Any]:
        return list(value) if value else [None] * len(self.widgets)


class UmaField(forms.MultiValueField):
    """One uma per place: as many places as the template's table seats."""

    def __init__(self, *, places: int = 4, **kwargs: Any) -> None:
        kwargs.setdefault("widget", UmaWidget(places=places))
        super().__init__(fields=[forms.IntegerField() for _ in PLACES[:places]], **kwargs)

    def compress(self, data_list: list[Any]) -> list[int] | None:
        return list(data_list) if data_list else None


def _places(bf: BoundField) -> list[tuple[str, str]]:
    """Uma's inputs, rendered one by one so the page can caption each place."""
    widget = bf.field.widget
    values = bf.value() or [None] * len(widget.widgets)  # type: ignore[attr-defined]
    return [
        (
            place,
            sub.render(
                f"{bf.html_name}_{i}",
                values[i],
                attrs={**sub.attrs, "id": f"{bf.auto_id}_{i}"},
            ),
        )
        for i, (place, sub) in enumerate(zip(PLACES, widget.widgets, strict=False))  # type: ignore[attr-defined]
    ]


def option_field(description: dict[str, Any]) -> forms.Field:
    """A form field for one option description; its value is checked by the engine."""
    name, kind = description["name"], description["type"]
    common: dict[str, Any] = {
        "label": description["label"],
        "validators": [_engine_validator(name)],
    }
    if kind == "bool":
        return forms.BooleanField(required=False, **common)
    if kind == "choice":
        # A CharField, not a ChoiceField: the engine says what is allowed, in its own words.
        choices = [(c["value"], c["label"]) for c in description["choices"]]
        return forms.CharField(widget=forms.Select(choices=choices), **common)
    if kind == "uma":  # one per place of the template's table
        return UmaField(places=len(description["default"]), **common)
    return forms.IntegerField(widget=forms.NumberInput(attrs={"inputmode": "numeric"}), **common)


def allowed_text(description: dict[str, Any]) -> str:
    """The allowed values in words: "0 to 3,000, in steps of 3"."""
    lo, hi = description.get("minimum"), description.get("maximum")
    if lo is None or hi is None:
        return ""
    if description["type"] == "uma":
        return gettext("Allowed: each %(lo)s to %(hi)s.") % {"lo": points(lo), "hi": points(hi)}
    step = description.get("step", 1)
    if step != 1:
        return gettext("Allowed: %(lo)s to %(hi)s, in steps of %(step)s.") % {
            "lo": points(lo),
            "hi": points(hi),
            "step": points(step),
        }
    return gettext("Allowed: %(lo)s to %(hi)s.") % {"lo": points(lo), "hi": points(hi)}


@dataclass(frozen=True)
class OptionRow:
    """One option as the form shows it: the field, its help, the template's value."""

    field: BoundField
    help: str
    allowed: str
    template_value: str
    changed: bool
    places: list[tuple[str, str]] = dataclasses.field(default_factory=list)
    """For uma: each place's caption and its rendered input."""


@dataclass(frozen=True)
class CategoryRows:
    name: str
    rows: list[OptionRow]

    @property
    def changed(self) -> int:
        """How many options of the category differ from the template."""
        return sum(r.changed for r in self.rows)

    @property
    def open(self) -> bool:
        """Shown unfolded: it has changes or errors."""
        return any(r.changed or r.field.errors for r in self.rows)


def template_choices(club: Club, ruleset: RuleSet | None = None) -> list[Any]:
    """Templates an organiser may pick: every built-in preset (four or three players) and the
    club's other rule sets.

    A rule set built on the one being edited is left out (it would make a cycle).
    """
    presets = [(f"preset:{p}", rule_word(engine.get_preset(p).name)) for p in engine.preset_ids()]
    rulesets = list(club.rulesets.exclude(versions=None).select_related("template_ruleset"))
    blocked: set[int] = set()
    if ruleset is not None:
        blocked.add(ruleset.pk)
        grew = True
        while grew:
            more = {rs.pk for rs in rulesets if rs.template_ruleset_id in blocked} - blocked
            blocked |= more
            grew = bool(more)
    own = [(f"ruleset:{rs.pk}", rs.name) for rs in rulesets if rs.pk not in blocked]
    choices: list[Any] = [(gettext("Built-in presets"), presets)]
    if own:
        choices.append((gettext("Rule sets of %(club)s") % {"club": club.name}, own))
    return choices


class TemplatePickForm(forms.Form):
    """The template picker (sent by GET): the rule set form then shows its values."""

    template = forms.ChoiceField(label=_("Template"))

    def __init__(self, *args: Any, club: Club, ruleset: RuleSet | None = None, **kw: Any):
        super().__init__(*args, **kw)
        self.fields["template"].choices = template_choices(club, ruleset)  # type: ignore[attr-defined]


def parse_template_key(key: str, club: Club) -> dict[str, Any]:
    """``preset:<id>`` or ``ruleset:<pk>`` as the service's keyword arguments."""
    kind, _, value = (key or "").partition(":")
    if kind == "ruleset" and value.isdigit():
        found = club.rulesets.filter(pk=int(value)).first()
        if found is not None:
            return {"template_preset": "", "template_ruleset": found}
    if kind == "preset" and value:
        return {"template_preset": value, "template_ruleset": None}
    return {"template_preset": "", "template_ruleset": None}


class RuleSetForm(forms.Form):
    """Name, template and every option; the option fields start at the rule set's values."""

    name = forms.CharField(max_length=bounds.NAME)
    description = forms.CharField(
        required=False,
        max_length=bounds.DESCRIPTION,
        widget=forms.Textarea(attrs={"rows": 3}),
        label=_("Description (optional)"),
    )
    template = forms.CharField(widget=forms.HiddenInput)

    def __init__(
        self,
        *args: Any,
        template: Template,
        options: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.template = template
        self.descriptions = described(engine.describe_options(template.rules))
        self.fields["template"].initial = template.key
        options = options or {}
        for d in self.descriptions:
            field = option_field(d)
            field.initial = options.get(d["name"], d["default"])
            self.fields[d["name"]] = field

    @property
    def option_names(self) -> list[str]:
        return [d["name"] for d in self.descriptions]

    def options(self) -> dict[str, Any]:
        """Every option's value as entered (the service keeps those that differ)."""
        return {name: self.cleaned_data[name] for name in self.option_names}

    def add_engine_error(self, error: Exception) -> None:
        """Put a service or engine refusal on the field it names (or on the whole form)."""
        field = getattr(error, "field", None)
        message = getattr(error, "detail", None) or str(error)
        self.add_error(field if field in self.fields and field != "template" else None, message)

    def option_errors(self) -> list[tuple[str, str]]:
        """Each option with an error: its label and the id of its input, for the summary."""
        out = []
        for name in self.option_names:
            if name in self.errors:
                bf = self[name]
                target = f"{bf.auto_id}_0" if isinstance(bf.field, UmaField) else bf.auto_id
                out.append((str(bf.label), target))
        return out

    def categories(self) -> list[CategoryRows]:
        """The option fields grouped by category, in the engine's category order."""
        groups: dict[str, list[OptionRow]] = {c: [] for c in engine.CATEGORIES}
        for d in self.descriptions:
            bf = self[d["name"]]
            if self.is_bound:
                changed = bf.field.has_changed(d["default"], bf.data)
            else:
                changed = bf.field.has_changed(d["default"], bf.initial)
            groups.setdefault(d["category"], []).append(
                OptionRow(
                    field=bf,
                    help=rule_word(d["help"]),
                    allowed=allowed_text(d),
                    template_value=option_setting(d, d["default"]),
                    changed=changed,
                    places=_places(bf) if d["type"] == "uma" else [],
                )
            )
        return [CategoryRows(name=c, rows=rows) for c, rows in groups.items() if rows]
