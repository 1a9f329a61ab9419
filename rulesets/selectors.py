"""Reads of club rule sets: what each one is built on, how it differs, which games use it."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Count, Prefetch
from django.utils.translation import gettext

import engine
from clubs.models import Club
from core.i18n import rule_word
from core.sections import version_games
from rulesets.models import RuleSet, RuleSetVersion
from rulesets.services import Change, version_changes


@dataclass(frozen=True)
class VersionSummary:
    version: RuleSetVersion
    changes: list[Change]
    games: list[Any] = field(default_factory=list)
    """The games played under this version, as the top floor lists them (each with ``url``,
    ``played_on``, ``players`` and ``status``; see :func:`core.sections.version_games`)."""


@dataclass(frozen=True)
class RuleSetSummary:
    """A rule set as its pages and the API show it."""

    ruleset: RuleSet
    template_name: str
    current: VersionSummary
    template_moved_on: bool
    """The template rule set was saved again after this rule set's current version."""
    versions: list[VersionSummary] = field(default_factory=list)


def _template_name(ruleset: RuleSet, version: RuleSetVersion) -> str:
    if version.template_version is not None:
        return gettext("%(name)s (version %(number)s)") % {
            "name": ruleset.template_ruleset,
            "number": version.template_version.number,
        }
    return rule_word(engine.get_preset(version.rules["preset"]).name)


def _summary(ruleset: RuleSet) -> RuleSetSummary:
    versions = sorted(ruleset.versions.all(), key=lambda v: -v.number)
    current = versions[0]
    moved_on = False
    if ruleset.template_ruleset is not None:
        latest = max((v.number for v in ruleset.template_ruleset.versions.all()), default=0)
        built_on = current.template_version.number if current.template_version else 0
        moved_on = latest > built_on
    summaries = [VersionSummary(version=v, changes=version_changes(v)) for v in versions]
    return RuleSetSummary(
        ruleset=ruleset,
        template_name=_template_name(ruleset, current),
        current=summaries[0],
        template_moved_on=moved_on,
        versions=summaries,
    )


def _rulesets() -> Any:
    return RuleSet.objects.select_related("template_ruleset", "club").prefetch_related(
        Prefetch(
            "versions",
            queryset=RuleSetVersion.objects.select_related("template_version").annotate(
                game_count=Count("games")
            ),
        ),
        "template_ruleset__versions",
    )


# The rule sets of one page of a club's rule sets.
RULESETS_PER_PAGE = 50


def _club_rulesets(club: Club) -> Any:
    """The club's rule sets with at least one version, by name."""
    return _rulesets().filter(club=club, versions__isnull=False).distinct().order_by("name", "id")


def club_rulesets(club: Club, start: int = 0, stop: int | None = None) -> list[RuleSetSummary]:
    """The club's rule sets (with at least one version) by name, those from ``start`` to
    ``stop`` when they are given."""
    return [_summary(rs) for rs in _club_rulesets(club)[start:stop]]


def club_rulesets_page(club: Club, number: Any) -> tuple[list[RuleSetSummary], Page[Any]]:
    """One page of the club's rule sets (``RULESETS_PER_PAGE``) and the page."""
    page = Paginator(_club_rulesets(club), RULESETS_PER_PAGE).get_page(number)
    return [_summary(rs) for rs in page.object_list], page


def ruleset_summary(ruleset: RuleSet, *, with_games: bool = True) -> RuleSetSummary:
    """One rule set, every version with its changes and (with ``with_games``) its games, as
    the top floor lists them (:func:`core.sections.version_games`)."""
    summary = _summary(_rulesets().get(pk=ruleset.pk))
    if not with_games:
        return summary
    games = version_games([v.version for v in summary.versions])
    versions = [dataclasses.replace(v, games=games[v.version.pk]) for v in summary.versions]
    return dataclasses.replace(summary, current=versions[0], versions=versions)


# The versions of one page of a rule set's page, newest first: each save is a version.
VERSIONS_PER_PAGE = 20


def ruleset_versions_page(summary: RuleSetSummary, number: Any) -> Page[VersionSummary]:
    """One page of the versions of ``summary`` (read without games), newest first, each with
    its games as the top floor lists them (:func:`core.sections.version_games`)."""
    page = Paginator(summary.versions, VERSIONS_PER_PAGE).get_page(number)
    games = version_games([v.version for v in page.object_list])
    page.object_list = [dataclasses.replace(v, games=games[v.version.pk]) for v in page]
    return page
