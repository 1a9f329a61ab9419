"""Pages of the leagues (URL namespace ``leagues``), which read games for their standings:
thin views (access helper, form, one service or selector, render)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from clubhouse.leagues import stats as league_stats
from clubhouse.leagues.standings import (
    PLACE_KEYS,
    SORTS,
    season_standings,
    sort_rows,
    standings_csv,
)
from clubs import conditional
from clubs.access import Role, get_club_for_user, role_of
from clubs.models import Club, Player
from clubs.policy import may_manage_leagues
from leagues import selectors, services
from leagues.forms import LeagueForm, SeasonForm
from leagues.models import League, Season
from scoring import selectors as scoring_selectors
from scoring.models import Game
from scoring.policy import start_refusal

# The columns of the standings table, in order: (sort key, heading, CSS class).
# The games a player's page lists (newest first); the club's games page has them all.
PLAYER_GAMES = 20
# The opponents a player's page compares them with, those met most often first.
PLAYER_RIVALS = 30
# The leagues of one page of a club's leagues, and the seasons of one page of a league's (a
# season a month is 120 in ten years).
LEAGUES_PER_PAGE = 50
SEASONS_PER_PAGE = 24
# The rows of one page of standings (a federation's season has a thousand players; a club's
# fits on one page).
STANDINGS_PER_PAGE = 100

COLUMNS = (
    ("rank", "#", "num"),
    ("player", _("Player"), "name"),
    ("games", _("Games"), "num"),
    ("total", _("Total"), "num"),
    ("average", _("Avg."), "num secondary"),
    ("points", _("Pts"), "num points"),
    ("firsts", _("1st"), "num place"),
    ("seconds", _("2nd"), "num place"),
    ("thirds", _("3rd"), "num place"),
    ("fourths", _("4th"), "num place"),
    ("placement", _("Avg. place"), "num secondary"),
    ("best", _("Best"), "num secondary"),
)


def _league(request: HttpRequest, slug: str, league_slug: str, role: Role | None = None):
    club = get_club_for_user(request.user, slug, role=role)
    league = get_object_or_404(
        League.objects.select_related("club", "ruleset"), club=club, slug=league_slug
    )
    return club, league


def _season(request: HttpRequest, slug: str, league_slug: str, pk: int, role: Role | None = None):
    club, league = _league(request, slug, league_slug, role)
    season = get_object_or_404(Season, league=league, pk=pk)
    season.league = league
    return club, league, season


def _sheet_url(season: Season) -> str | None:
    # The printable sheet belongs to the sheets app; until it is wired, the page has no link.
    try:
        return reverse("sheets:standings", args=[season.pk])
    except NoReverseMatch:
        return None


def _form_errors(form: Any, error: services.LeagueError) -> None:
    field = error.field if error.field in form.fields else None
    form.add_error(field, str(error))


def league_list(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_club_for_user(request.user, slug)
    role = role_of(request.user, club)
    page = Paginator(club.leagues.prefetch_related("seasons"), LEAGUES_PER_PAGE).get_page(
        request.GET.get("page")
    )
    leagues = [(league, selectors.current_season(league)) for league in page.object_list]
    return render(
        request,
        "leagues/league_list.html",
        {"club": club, "leagues": leagues, "page": page, "can_edit": may_manage_leagues(role)},
    )


@login_required
@require_http_methods(["GET", "POST"])
def league_create(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_club_for_user(request.user, slug, role=Role.ORGANISER)
    form = LeagueForm(
        request.POST or None, club=club, initial={"rules": club.default_rules or None}
    )
    if request.method == "POST" and form.is_valid():
        try:
            league = services.league_create(club=club, user=request.user, **form.service_kwargs())
        except services.LeagueError as e:
            _form_errors(form, e)
        else:
            messages.success(
                request,
                gettext("%(league)s is ready; add its first season.") % {"league": league.name},
            )
            return redirect("leagues:season_create", slug=club.slug, league_slug=league.slug)
    return render(request, "leagues/league_form.html", {"club": club, "form": form, "league": None})


@login_required
@require_http_methods(["GET", "POST"])
def league_edit(request: HttpRequest, slug: str, league_slug: str) -> HttpResponse:
    club, league = _league(request, slug, league_slug, Role.ORGANISER)
    form = LeagueForm(
        request.POST or None, club=club, league=league, initial=LeagueForm.initial_for(league)
    )
    if request.method == "POST" and form.is_valid():
        try:
            league = services.league_update(
                league=league, user=request.user, **form.service_kwargs()
            )
        except services.LeagueError as e:
            _form_errors(form, e)
        else:
            messages.success(request, _("League saved. Games started from now on use its rules."))
            return redirect("leagues:league_detail", slug=club.slug, league_slug=league.slug)
    return render(
        request, "leagues/league_form.html", {"club": club, "form": form, "league": league}
    )


def league_detail(request: HttpRequest, slug: str, league_slug: str) -> HttpResponse:
    club, league = _league(request, slug, league_slug)
    role = role_of(request.user, club)
    current = selectors.current_season(league)
    standings = season_standings(current) if current else None
    return render(
        request,
        "leagues/league_detail.html",
        {
            "club": club,
            "league": league,
            "seasons": Paginator(league.seasons.all(), SEASONS_PER_PAGE).get_page(
                request.GET.get("seasons")
            ),
            "current": current,
            "standings": standings,
            "can_edit": may_manage_leagues(role),
            "can_start": start_refusal(role) is None,
            "running": league.games.filter(status="running").count(),
            "yaku_leaders": league_stats.yaku_leaders(league),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def season_create(request: HttpRequest, slug: str, league_slug: str) -> HttpResponse:
    club, league = _league(request, slug, league_slug, Role.ORGANISER)
    form = SeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            season = services.season_create(league=league, user=request.user, **form.cleaned_data)
        except services.LeagueError as e:
            _form_errors(form, e)
        else:
            messages.success(request, gettext("Season %(name)s added.") % {"name": season.name})
            return redirect("leagues:league_detail", slug=club.slug, league_slug=league.slug)
    return render(
        request, "leagues/season_form.html", {"club": club, "league": league, "form": form}
    )


@login_required
@require_http_methods(["GET", "POST"])
def season_edit(request: HttpRequest, slug: str, league_slug: str, pk: int) -> HttpResponse:
    club, league, season = _season(request, slug, league_slug, pk, Role.ORGANISER)
    form = SeasonForm(request.POST or None, initial=SeasonForm.initial_for(season))
    if request.method == "POST" and form.is_valid():
        try:
            services.season_update(season=season, user=request.user, **form.cleaned_data)
        except services.LeagueError as e:
            _form_errors(form, e)
        else:
            messages.success(request, _("Season saved."))
            return redirect("leagues:league_detail", slug=club.slug, league_slug=league.slug)
    return render(
        request,
        "leagues/season_form.html",
        {"club": club, "league": league, "season": season, "form": form},
    )


def _columns(standings: Any, sort: str) -> list[dict[str, Any]]:
    """Headings with the link each one sorts by: a second click reverses the column."""
    columns = []
    for key, heading, css in COLUMNS:
        if key == "points" and standings.aggregate != League.Aggregate.PLACEMENT:
            continue
        if key in PLACE_KEYS[standings.seats :]:  # a place the league's tables do not have
            continue
        active = sort.lstrip("-") == key
        link = f"-{key}" if active and not sort.startswith("-") else key
        columns.append(
            {
                "key": key,
                "heading": heading,
                "title": SORTS[key][0],
                "css": css,
                "link": link,
                "active": active,
                "reversed": active and sort.startswith("-"),
            }
        )
    return columns


def season_detail(request: HttpRequest, slug: str, league_slug: str, pk: int) -> HttpResponse:
    club, league, season = _season(request, slug, league_slug, pk)
    etag = conditional.club_etag(request, club)
    if not_modified := conditional.unchanged(request, etag):
        return not_modified
    standings = season_standings(season)
    sort = request.GET.get("sort", "rank")
    if sort.lstrip("-") not in SORTS:
        sort = "rank"
    # One list paged: the qualified players in the order asked for, then the others.
    ranked = sort_rows(standings.rows, sort)
    listed = ranked + sort_rows(standings.unqualified, sort)
    page = Paginator(listed, STANDINGS_PER_PAGE).get_page(request.GET.get("page"))
    first = page.start_index() - 1
    on_page = list(page.object_list)
    split = max(0, min(len(on_page), len(ranked) - first))
    page = render(
        request,
        "leagues/season_detail.html",
        {
            "club": club,
            "league": league,
            "season": season,
            "standings": standings,
            "rows": on_page[:split],
            "unqualified": on_page[split:],
            "page": page,
            "columns": _columns(standings, sort),
            "placement": standings.aggregate == League.Aggregate.PLACEMENT,
            "sort": sort,
            "sheet_url": _sheet_url(season),
            "can_edit": may_manage_leagues(role_of(request.user, club)),
        },
    )
    return conditional.tagged(page, etag)


def season_csv(request: HttpRequest, slug: str, league_slug: str, pk: int) -> HttpResponse:
    club, league, season = _season(request, slug, league_slug, pk)
    # In the reader's language, as the page: column names, numbers with the language's
    # decimal mark and the separator its spreadsheets expect (.standings.write_csv).
    content = standings_csv(season_standings(season))
    response = HttpResponse(content, content_type="text/csv; charset=utf-8")
    filename = f"{club.slug}-{league.slug}-{season.pk}-standings.csv"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def live(request: HttpRequest, slug: str, league_slug: str) -> HttpResponse:
    """The running games' current totals; the page polls ``?partial=1`` for the board alone."""
    club, league = _league(request, slug, league_slug)
    etag = conditional.club_etag(request, club)
    if not_modified := conditional.unchanged(request, etag):
        return not_modified
    context = {"club": club, "league": league, "tables": league_stats.live_board(league)}
    template = "leagues/live_board.html" if request.GET.get("partial") else "leagues/live.html"
    return conditional.tagged(render(request, template, context), etag)


def player_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club: Club = get_club_for_user(request.user, slug)
    player = get_object_or_404(Player, club=club, pk=pk)
    league = None
    league_slug = request.GET.get("league")
    if league_slug:
        league = get_object_or_404(League, club=club, slug=league_slug)
    stats = league_stats.player_stats(player, league=league)
    games = Game.objects.filter(club=club, seats__player=player)
    if league is not None:
        games = games.filter(league=league)
    recent = games.select_related("league", "rotation_game").prefetch_related("seats__player")
    return render(
        request,
        "leagues/player_detail.html",
        {
            "club": club,
            "player": player,
            "stats": stats,
            "rivals": stats.rivals[:PLAYER_RIVALS],
            "league": league,
            "leagues": club.leagues.all(),
            # Every game, running ones too, newest first: the statistics count finished ones.
            "games": [scoring_selectors.summary(g) for g in recent[:PLAYER_GAMES]],
            "more_games": games.count() > PLAYER_GAMES,
        },
    )
