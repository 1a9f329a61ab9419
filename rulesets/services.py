"""Every write to a club rule set, and the reads that explain one.

A rule set is a template (a built-in preset, or another rule set of the club through its
current version) plus the options changed from it. Each save validates the changed options
with the engine's own validator, checks the rules as a whole, and writes a new
:class:`RuleSetVersion` holding the fully resolved rules, so games already started keep theirs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.formats import number_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import engine
from clubs.models import Club
from core.bounds import DESCRIPTION
from core.errors import DomainError
from core.formats import option_setting
from core.i18n import described
from core.models import log_action
from rulesets import registry
from rulesets.models import RuleSet, RuleSetVersion


class RuleSetError(DomainError):
    """A rule set the service cannot save; ``code`` is stable, ``field`` names the input."""

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": str(self), "field": self.field}


@dataclass(frozen=True)
class Template:
    """What a rule set starts from: its rules, and where they come from."""

    name: str
    preset: str
    """The built-in preset at the root of the template chain (what a game's rules name)."""
    rules: engine.Rules
    ruleset: RuleSet | None = None
    version: RuleSetVersion | None = None

    @property
    def key(self) -> str:
        """The template as one form value: ``preset:<id>`` or ``ruleset:<pk>``."""
        return f"ruleset:{self.ruleset.pk}" if self.ruleset else f"preset:{self.preset}"


@dataclass(frozen=True)
class Change:
    """One option a rule set changes from its template, in words and as values."""

    name: str
    label: str
    category: str
    value: Any
    template_value: Any
    text: str
    """For example "Dealer's extra hands: 1,500 instead of 300"."""

    def as_dict(self) -> dict[str, Any]:
        return {
            "option": self.name,
            "label": self.label,
            "value": self.value,
            "template_value": self.template_value,
            "text": self.text,
        }


def template_for(
    *, club: Club, preset: str = "", ruleset: RuleSet | None = None, within: RuleSet | None = None
) -> Template:
    """The template named by ``preset`` or ``ruleset`` (one of them), for ``within``'s club.

    A rule set template is read through its current version. ``within`` is the rule set being
    edited: it may not be its own template, directly or through a chain.
    """
    if bool(preset) == (ruleset is not None):
        raise RuleSetError(
            _("Choose one template: a built-in preset or one of the club's rule sets."),
            code="template",
            field="template",
        )
    if ruleset is None:
        try:
            found = engine.get_preset(preset)
        except engine.RulesError as e:
            raise RuleSetError(e, code="template", field="template") from None
        return Template(name=found.name, preset=found.id, rules=found.rules)
    if ruleset.club_id != club.pk:
        raise RuleSetError(
            _("That rule set belongs to another club."), code="template", field="template"
        )
    if within is not None and within.pk is not None:
        seen: set[int] = set()
        step: RuleSet | None = ruleset
        while step is not None and step.pk not in seen:
            if step.pk == within.pk:
                raise RuleSetError(
                    _("%(ruleset)s is built on %(within)s, so it cannot be its template."),
                    code="template_cycle",
                    field="template",
                    params={"ruleset": ruleset.name, "within": within.name},
                )
            seen.add(step.pk)
            step = step.template_ruleset
    version = ruleset.current_version
    if version is None:
        raise RuleSetError(
            _("%(ruleset)s has no saved rules yet."),
            code="template",
            field="template",
            params={"ruleset": ruleset.name},
        )
    return Template(
        name=ruleset.name,
        preset=version.rules["preset"],
        rules=engine.resolve_rules(version.rules),
        ruleset=ruleset,
        version=version,
    )


def template_of(ruleset: RuleSet) -> Template:
    """The template ``ruleset`` names now (a rule set template through its current version)."""
    return template_for(
        club=ruleset.club, preset=ruleset.template_preset, ruleset=ruleset.template_ruleset
    )


def version_template_rules(version: RuleSetVersion) -> engine.Rules:
    """The template's rules as they were when ``version`` was saved."""
    if version.template_version is not None:
        return engine.resolve_rules(version.template_version.rules)
    return engine.get_preset(version.rules["preset"]).rules


def changes_between(template: engine.Rules, options: Mapping[str, Any]) -> list[Change]:
    """The options that differ from ``template``, in the order of the option descriptions."""
    described_options = described(engine.describe_options(template))
    described_by_name = {d["name"]: d for d in described_options}
    changes = []
    for name in engine.OPTION_NAMES:
        if name not in options:
            continue
        d = described_by_name[name]
        new, old = options[name], d["default"]
        if _json(new) == _json(old):
            continue
        text = gettext("%(label)s: %(new)s instead of %(old)s") % {
            "label": d["label"],
            "new": option_setting(d, new),
            "old": option_setting(d, old),
        }
        changes.append(
            Change(
                name=name,
                label=d["label"],
                category=d["category"],
                value=_json(new),
                template_value=_json(old),
                text=text,
            )
        )
    order = {c: i for i, c in enumerate(engine.CATEGORIES)}
    return sorted(changes, key=lambda c: order.get(c.category, len(order)))


def version_changes(version: RuleSetVersion) -> list[Change]:
    """How ``version`` differs from its template, option by option, in words."""
    return changes_between(version_template_rules(version), version.options)


def _json(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _changed_options(template: Template, options: Any) -> dict[str, Any]:
    """The options that differ from the template, each checked by the engine's validator.

    Values equal to the template's are dropped: they are not changes. The whole is checked
    too, so a combination the engine refuses raises a ``RulesError`` naming its option.
    """
    if not isinstance(options, Mapping):
        raise RuleSetError(
            _("'options' must be an object of option names and values."),
            code="bad_option",
            field="options",
        )
    base = engine.rules_as_options(template.rules)
    changed: dict[str, Any] = {}
    for name, value in options.items():
        checked = _json(engine.validate_value(name, value))
        if checked != base[name]:
            changed[name] = checked
    engine.build_rules(template.rules, changed)  # a combination the engine refuses raises
    return changed


def _clean_name(club: Club, name: Any, ruleset: RuleSet | None = None) -> str:
    name = name.strip() if isinstance(name, str) else ""
    if not name:
        raise RuleSetError(_("A rule set needs a name."), code="name", field="name")
    if len(name) > RuleSet._meta.get_field("name").max_length:  # type: ignore[operator]
        raise RuleSetError(
            _("That name is too long (100 characters at most)."), code="name", field="name"
        )
    taken = RuleSet.objects.filter(club=club, name__iexact=name)
    if ruleset is not None:
        taken = taken.exclude(pk=ruleset.pk)
    if taken.exists():
        raise RuleSetError(
            _("%(club)s already has a rule set called %(name)s."),
            code="name_taken",
            field="name",
            params={"club": club.name, "name": name},
        )
    return name


def _snapshot(ruleset: RuleSet, version: RuleSetVersion | None) -> dict[str, Any]:
    return {
        "name": ruleset.name,
        "description": ruleset.description,
        "template_preset": ruleset.template_preset,
        "template_ruleset": ruleset.template_ruleset_id,
        "options": ruleset.options,
        "version": version.number if version else None,
        "rules": version.rules if version else None,
    }


def _save_version(
    ruleset: RuleSet, template: Template, changed: dict[str, Any], user: Any
) -> RuleSetVersion:
    """A new version with the resolved rules, or the current one when nothing changed."""
    rules = {
        "preset": template.preset,
        "options": engine.rules_as_options(engine.build_rules(template.rules, changed)),
    }
    current = ruleset.current_version
    if (
        current is not None
        and current.rules == rules
        and current.options == changed
        and current.template_version_id == (template.version.pk if template.version else None)
    ):
        return current
    return RuleSetVersion.objects.create(
        ruleset=ruleset,
        number=(current.number if current else 0) + 1,
        options=changed,
        rules=rules,
        template_version=template.version,
        created_by=_user(user),
    )


def _clean_description(description: str) -> str:
    description = description.strip()
    if len(description) > DESCRIPTION:
        raise RuleSetError(
            _("A description holds at most %(most)s characters; this one has %(length)s."),
            code="too_long",
            field="description",
            params={
                "most": number_format(DESCRIPTION, force_grouping=True),
                "length": number_format(len(description), force_grouping=True),
            },
        )
    return description


def _user(user: Any) -> Any:
    return user if getattr(user, "is_authenticated", False) else None


@transaction.atomic
def ruleset_create(
    *,
    club: Club,
    name: str,
    created_by: Any,
    template_preset: str = "",
    template_ruleset: RuleSet | None = None,
    options: Mapping[str, Any] | None = None,
    description: str = "",
) -> RuleSet:
    """Make a club rule set from a template and the options changed from it (version 1)."""
    name = _clean_name(club, name)
    template = template_for(club=club, preset=template_preset, ruleset=template_ruleset)
    changed = _changed_options(template, options or {})
    ruleset = RuleSet(
        club=club,
        name=name,
        description=_clean_description(description),
        template_preset="" if template.ruleset else template.preset,
        template_ruleset=template.ruleset,
        options=changed,
        created_by=_user(created_by),
    )
    try:
        with transaction.atomic():
            ruleset.save()
    except IntegrityError:  # a concurrent save took the name between the check and the insert
        raise RuleSetError(
            _("%(club)s already has a rule set called %(name)s."),
            code="name_taken",
            field="name",
            params={"club": club.name, "name": name},
        ) from None
    version = _save_version(ruleset, template, changed, created_by)
    log_action("ruleset.created", club=club, actor=created_by, after=_snapshot(ruleset, version))
    return ruleset


@transaction.atomic
def ruleset_update(
    *,
    ruleset: RuleSet,
    user: Any,
    name: str,
    template_preset: str = "",
    template_ruleset: RuleSet | None = None,
    options: Mapping[str, Any] | None = None,
    description: str = "",
) -> RuleSet:
    """Save new rules for a rule set: a new version that new games copy; old games keep theirs.

    ``options`` are all the changes from the template (the ones not given are the template's).
    """
    ruleset = RuleSet.objects.select_for_update().get(pk=ruleset.pk)
    before = _snapshot(ruleset, ruleset.current_version)
    name = _clean_name(ruleset.club, name, ruleset)
    template = template_for(
        club=ruleset.club, preset=template_preset, ruleset=template_ruleset, within=ruleset
    )
    changed = _changed_options(template, options or {})
    # A league with games that picks this rule set keeps its table size (leagues checks).
    registry.check_table_size(ruleset, engine.build_rules(template.rules, changed).players)
    ruleset.name = name
    ruleset.description = _clean_description(description)
    ruleset.template_preset = "" if template.ruleset else template.preset
    ruleset.template_ruleset = template.ruleset
    ruleset.options = changed
    try:
        with transaction.atomic():
            ruleset.save()
    except IntegrityError:
        raise RuleSetError(
            _("%(club)s already has a rule set called %(name)s."),
            code="name_taken",
            field="name",
            params={"club": ruleset.club.name, "name": name},
        ) from None
    version = _save_version(ruleset, template, changed, user)
    log_action(
        "ruleset.changed",
        club=ruleset.club,
        actor=user,
        before=before,
        after=_snapshot(ruleset, version),
    )
    return ruleset
