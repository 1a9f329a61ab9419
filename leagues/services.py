"""Every write to a league or a season; each validates, saves and leaves an audit entry.

A league's rules are checked by the engine (``resolve_rules``) before anything is saved, so a
league whose games could not start cannot exist. Changing a league changes new games only:
a game copies its rules when it starts.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

import engine
from clubs.models import Club
from core.bounds import GAMES, PLACEMENT_POINTS
from core.errors import DomainError
from core.models import log_action
from leagues.models import League, Season
from leagues.registry import league_has_games
from leagues.selectors import league_seats
from rulesets.models import RuleSet
from rulesets.services import RuleSetError


class LeagueError(DomainError):
    """A league or season change that cannot be made; ``field`` names the input at fault."""


# Addresses under /clubs/<slug>/leagues/ that are pages, not leagues.
RESERVED_SLUGS = frozenset({"new"})

LEAGUE_FIELDS = (
    "name",
    "slug",
    "rules",
    "ruleset",
    "aggregate",
    "placement_points",
    "min_games",
    "drop_worst",
    "confirmation_required",
)


def _snapshot(league: League) -> dict[str, Any]:
    return {
        "name": league.name,
        "slug": league.slug,
        "rules": league.rules,
        "ruleset": league.ruleset_id,
        "aggregate": league.aggregate,
        "placement_points": league.placement_points,
        "min_games": league.min_games,
        "drop_worst": league.drop_worst,
        "confirmation_required": league.confirmation_required,
    }


def check_rules(rules: Any) -> dict[str, Any]:
    """``rules`` as ``{"preset", "options"}`` once the engine accepts them, else LeagueError."""
    if isinstance(rules, str):
        rules = {"preset": rules, "options": {}}
    if not isinstance(rules, dict):
        raise LeagueError(
            _("Rules must name a preset, with options if any."), code="bad_rules", field="rules"
        )
    try:
        engine.resolve_rules(rules)
    except engine.EngineError as e:
        field = "preset" if e.code == "unknown_preset" else "options"
        # Worded when shown, in the reader's language (core.errors.refusal_text).
        raise LeagueError(e, code=e.code, field=field) from None
    return {"preset": rules["preset"], "options": dict(rules.get("options") or {})}


def _check_bounds(league: League, points: Any) -> None:
    """The counts and placement points within core.bounds, whatever the standings system:
    the database holds them and the club's backup restores them."""
    for field in ("min_games", "drop_worst"):
        value = getattr(league, field)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= GAMES:
            raise LeagueError(
                _("Games to qualify and worst results dropped count from 0 to %(most)s."),
                code="out_of_range",
                field=field,
                params={"most": number_format(GAMES, force_grouping=True)},
            )
    if (
        not isinstance(points, list)
        or len(points) > 4
        or not all(in_placement_range(p) for p in points)
    ):
        raise LeagueError(
            _("Placement points are at most four whole numbers from %(least)s to %(most)s."),
            code="placement_points",
            field="placement_points",
            params={
                "least": number_format(-PLACEMENT_POINTS, force_grouping=True),
                "most": number_format(PLACEMENT_POINTS, force_grouping=True),
            },
        )


def in_placement_range(value: Any) -> bool:
    """A placement point the league may give (core.bounds.PLACEMENT_POINTS)."""
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and -PLACEMENT_POINTS <= value <= PLACEMENT_POINTS
    )


PLACEMENT_POINTS_COUNT = {
    3: _("Placement points need three whole numbers, first to third place."),
    4: _("Placement points need four whole numbers, first to fourth place."),
}


def check_placement_points(points: list[Any], seats: int) -> None:
    """A placement league gives points to as many places as its tables have seats."""
    _check_league_table(seats)
    if len(points) != seats or not all(
        isinstance(p, int) and not isinstance(p, bool) for p in points
    ):
        raise LeagueError(
            PLACEMENT_POINTS_COUNT[seats], code="placement_points", field="placement_points"
        )
    if list(points) != sorted(points, reverse=True):
        raise LeagueError(
            _("Placement points must not grow from first to last place."),
            code="placement_points",
            field="placement_points",
        )


TABLE_SIZE_CHANGE = _(
    "%(league)s has games played at tables of %(seats)s; these rules seat %(new)s. A league "
    "keeps one table size: start another league for the other."
)


def _check_table_size(league: League, seats: int) -> None:
    """A league with games keeps its table size (its standings never mix the two)."""
    new = league_seats(league)
    if new != seats and league_has_games(league):
        raise LeagueError(
            TABLE_SIZE_CHANGE,
            code="table_size",
            field="rules",
            params={"league": league.name, "seats": seats, "new": new},
        )


# A league's standings count places at tables of three or four; a game of five (one sitting
# out each hand) is played outside leagues, and so is five at a table's rotation.
LEAGUE_TABLE_SIZES = (3, 4)
LEAGUE_TABLE_SIZE = _(
    "A league plays at tables of three or four; these rules seat %(seats)s. Play a game of "
    "five outside the league."
)


def _check_league_table(seats: int) -> None:
    if seats not in LEAGUE_TABLE_SIZES:
        raise LeagueError(
            LEAGUE_TABLE_SIZE, code="table_size", field="rules", params={"seats": seats}
        )


def ruleset_table_size_check(ruleset: RuleSet, seats: int) -> None:
    """Refuse a new version of ``ruleset`` that would change the table size of a league that
    picks it and has games, or seat a table no league plays at (registered with
    :mod:`rulesets.registry`)."""
    for league in League.objects.filter(ruleset=ruleset).select_related("ruleset"):
        if seats not in LEAGUE_TABLE_SIZES:
            raise RuleSetError(
                LEAGUE_TABLE_SIZE, code="table_size", field="template", params={"seats": seats}
            )
        current = league_seats(league)
        if current != seats and league_has_games(league):
            raise RuleSetError(
                TABLE_SIZE_CHANGE,
                code="table_size",
                field="template",
                params={"league": league.name, "seats": current, "new": seats},
            )


def _check(league: League) -> None:
    league.rules = check_rules(league.rules)
    if league.ruleset is not None and league.ruleset.club_id != league.club_id:
        raise LeagueError(
            _("That rule set belongs to another club."), code="ruleset", field="ruleset"
        )
    if league.aggregate not in League.Aggregate.values:
        raise LeagueError(
            _("Unknown standings system '%(aggregate)s'."),
            code="aggregate",
            field="aggregate",
            params={"aggregate": league.aggregate},
        )
    points = league.placement_points or []
    _check_bounds(league, points)
    _check_league_table(league_seats(league))
    if league.aggregate == League.Aggregate.PLACEMENT:
        check_placement_points(points, league_seats(league))
    if league.slug in RESERVED_SLUGS:
        raise LeagueError(
            _("'%(slug)s' is taken by the site's own pages; choose another short name."),
            code="slug",
            field="slug",
            params={"slug": league.slug},
        )
    slug_taken = (
        League.objects.filter(club_id=league.club_id, slug=league.slug)
        .exclude(pk=league.pk)
        .exists()
    )
    if slug_taken:
        raise LeagueError(
            _("The club already has a league at '%(slug)s'; choose another short name."),
            code="slug",
            field="slug",
            params={"slug": league.slug},
        )


@transaction.atomic
def league_create(
    *,
    club: Club,
    name: str,
    slug: str,
    user: Any,
    rules: Any = "japanese-modern",
    ruleset: Any = None,
    aggregate: str = League.Aggregate.SUM,
    placement_points: Sequence[int] = (),
    min_games: int = 0,
    drop_worst: int = 0,
    confirmation_required: bool = False,
) -> League:
    league = League(
        club=club,
        name=name,
        slug=slug,
        rules=rules,
        ruleset=ruleset,
        aggregate=aggregate,
        placement_points=list(placement_points),
        min_games=min_games,
        drop_worst=drop_worst,
        confirmation_required=confirmation_required,
    )
    _check(league)
    league.save()
    log_action("league.created", club=club, actor=user, after=_snapshot(league))
    return league


@transaction.atomic
def league_update(*, league: League, user: Any, **changes: Any) -> League:
    """Change some of a league's fields (any of ``LEAGUE_FIELDS``); new games follow them."""
    unknown = set(changes) - set(LEAGUE_FIELDS)
    if unknown:
        raise LeagueError(
            _("Unknown league field '%(field)s'."),
            code="field",
            params={"field": sorted(unknown)[0]},
        )
    league = League.objects.select_for_update().get(pk=league.pk)
    before = _snapshot(league)
    seats = league_seats(league)
    for name, value in changes.items():
        if name == "placement_points":
            value = list(value or [])
        setattr(league, name, value)
    league.rules = check_rules(league.rules)
    _check_table_size(league, seats)
    _check(league)
    league.save()
    after = _snapshot(league)
    if after != before:
        log_action("league.changed", club=league.club, actor=user, before=before, after=after)
    return league


def _season_snapshot(season: Season) -> dict[str, Any]:
    return {
        "league": season.league_id,
        "name": season.name,
        "starts": season.starts.isoformat(),
        "ends": season.ends.isoformat() if season.ends else None,
    }


def _check_season(season: Season) -> None:
    if not season.name.strip():
        raise LeagueError(_("A season needs a name."), code="name", field="name")
    if season.ends is not None and season.ends < season.starts:
        raise LeagueError(_("A season cannot end before it starts."), code="dates", field="ends")
    far = datetime.date.max
    overlapping = (
        Season.objects.filter(league_id=season.league_id)
        .exclude(pk=season.pk)
        .filter(starts__lte=season.ends or far)
        .filter(Q(ends__isnull=True) | Q(ends__gte=season.starts))
        .first()
    )
    if overlapping is not None:
        raise LeagueError(
            _(
                "These dates overlap the season '%(season)s'; a game must belong to one "
                "season only."
            ),
            code="overlap",
            params={"season": overlapping.name},
            field="starts",
        )


@transaction.atomic
def season_create(
    *,
    league: League,
    name: str,
    starts: datetime.date,
    user: Any,
    ends: datetime.date | None = None,
) -> Season:
    """A new season; games played within its dates join it as they are created."""
    season = Season(league=league, name=name.strip(), starts=starts, ends=ends)
    _check_season(season)
    season.save()
    log_action("season.created", club=league.club, actor=user, after=_season_snapshot(season))
    return season


@transaction.atomic
def season_update(
    *,
    season: Season,
    user: Any,
    name: str,
    starts: datetime.date,
    ends: datetime.date | None,
) -> Season:
    """Rename a season or move its dates (games already played keep the season they joined)."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    before = _season_snapshot(season)
    season.name, season.starts, season.ends = name.strip(), starts, ends
    _check_season(season)
    season.save()
    after = _season_snapshot(season)
    if after != before:
        log_action(
            "season.changed", club=season.league.club, actor=user, before=before, after=after
        )
    return season
