"""REST API of the leagues app: one class per operation, with its own output serializer.

Standings here are the same :func:`.standings.season_standings` the page and the CSV
print, so all three show the same numbers: each value as an integer in the unit
(``unit`` says which) and as the string the page shows.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from clubhouse.leagues.standings import Standings, row_values, season_standings
from clubs.access import get_club_for_user
from core.api import ERRORS, Api, PageQuery, page_query, paged
from leagues.models import League, Season
from leagues.selectors import current_season, league_seats


class SeasonOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    starts = serializers.DateField()
    ends = serializers.DateField(allow_null=True)


class LeagueOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    slug = serializers.CharField()
    rules = serializers.JSONField()
    aggregate = serializers.CharField()
    placement_points = serializers.ListField(child=serializers.IntegerField())
    seats = serializers.IntegerField(
        help_text="The league's table size (3 or 4): every game of the league seats as many."
    )
    min_games = serializers.IntegerField()
    drop_worst = serializers.IntegerField()
    confirmation_required = serializers.BooleanField()
    current_season = SeasonOutput(allow_null=True)
    seasons = SeasonOutput(many=True)


class RowOutput(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True)
    player = serializers.CharField()
    player_id = serializers.IntegerField()
    games = serializers.IntegerField()
    counted = serializers.IntegerField()
    total = serializers.CharField(help_text="As the page prints it, e.g. +27.3.")
    total_value = serializers.IntegerField(help_text="In the unit: tenths of 1,000 or points.")
    average = serializers.CharField()
    average_value = serializers.IntegerField()
    placement_points = serializers.CharField(allow_blank=True)
    firsts = serializers.IntegerField()
    seconds = serializers.IntegerField()
    thirds = serializers.IntegerField()
    fourths = serializers.IntegerField(
        allow_null=True, help_text="Null in a three-player league: its tables have no fourth."
    )
    placements = serializers.ListField(
        child=serializers.IntegerField(),
        min_length=3,
        max_length=4,
        help_text="Games finished in each of the league's places, first to last (3 or 4).",
    )
    average_placement = serializers.CharField()
    best = serializers.CharField()
    best_value = serializers.IntegerField()
    qualified = serializers.BooleanField()


class StandingsOutput(serializers.Serializer):
    league = serializers.IntegerField()
    season = SeasonOutput()
    rules = serializers.CharField()
    summary = serializers.CharField()
    aggregate = serializers.CharField()
    unit = serializers.CharField()
    seats = serializers.IntegerField(
        help_text="The league's table size (3 or 4): how many places the rows count."
    )
    games = serializers.IntegerField()
    rows = RowOutput(many=True)


def standings_data(standings: Standings) -> dict:
    rows = []
    for row in standings.all_rows:
        values = row_values(row)
        values.update(
            player_id=row.player.pk,
            total_value=row.total,
            average_value=row.average,
            best_value=row.best,
        )
        rows.append(values)
    return {
        "league": standings.league.pk,
        "season": standings.season,
        "rules": standings.rules,
        "summary": standings.summary,
        "aggregate": standings.aggregate,
        "unit": standings.unit.record_name,
        "seats": standings.seats,
        "games": standings.games,
        "rows": rows,
    }


class LeagueStandingsApi(Api):
    """A league's standings for one season (the current one unless ``?season=`` names one)."""

    # Public clubs' standings are public; the access helper hides private clubs (404).
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("season", int, description="A season id of the league.")],
        responses={200: StandingsOutput, 400: ERRORS[400], 404: ERRORS[404]},
    )
    def get(self, request: Request, pk: int) -> Response:
        league = get_object_or_404(League.objects.select_related("club", "ruleset"), pk=pk)
        get_club_for_user(request.user, league.club.slug)
        season_id = request.query_params.get("season")
        if season_id is not None:  # ?season= (blank) names no season: a 400, not the current
            if not season_id.isdigit():
                raise ValidationError({"season": "A season is named by its id, a number."})
            season = get_object_or_404(Season, league=league, pk=int(season_id))
        else:
            season = current_season(league)
            if season is None:
                raise ValidationError({"season": "This league has no season yet."})
        season.league = league
        return Response(StandingsOutput(standings_data(season_standings(season))).data)


class ClubLeaguesApi(Api):
    """A club's leagues with their seasons."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[PageQuery],
        responses={200: LeagueOutput(many=True), 400: ERRORS[400], 404: ERRORS[404]},
        summary="The club's leagues with their seasons, by name, a page at a time; when "
        'more follow, the Link header names the next page (rel="next")',
    )
    def get(self, request: Request, slug: str) -> Response:
        club = get_club_for_user(request.user, slug)
        leagues = club.leagues.prefetch_related("seasons").order_by("name", "id")
        return paged(
            request,
            lambda start, stop: leagues[start:stop],
            lambda page: LeagueOutput([_league_data(league) for league in page], many=True).data,
            **page_query(request),
        )


def _league_data(league: League) -> dict[str, Any]:
    """One league of a club's leagues, as the API answers it."""
    item = {
        f: getattr(league, f)
        for f in (
            "id",
            "name",
            "slug",
            "rules",
            "aggregate",
            "placement_points",
            "min_games",
            "drop_worst",
            "confirmation_required",
        )
    }
    item["seats"] = league_seats(league)
    item["current_season"] = current_season(league)
    item["seasons"] = list(league.seasons.all())
    return item
