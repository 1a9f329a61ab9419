"""The standings sheet of a season (PDF): the standings of :mod:`clubhouse.leagues.standings` laid
out by the scoring app's sheet renderer."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from rest_framework.exceptions import APIException

from clubhouse.leagues.standings import season_standings
from clubs.access import get_club_for_user
from core import pdf as core_pdf
from core.formats import points
from leagues.models import League, Season
from scoring import pdf
from scoring.presenter import unit_words
from scoring.sheet_data import StandingsSheet, standing_line
from scoring.sheet_views import SheetTooLarge, _inline, _refused, _render


def standings_sheet_data(season: Any, *, address: str) -> StandingsSheet:
    """The standings sheet of a season, from :func:`.standings.season_standings`."""
    standings = season_standings(season)
    league = standings.league
    return StandingsSheet(
        club=league.club.name,
        league=league.name,
        season=season.name,
        starts=season.starts,
        ends=season.ends,
        rules=standings.rules,
        summary=standings.summary,
        placement=standings.aggregate == League.Aggregate.PLACEMENT,
        result_unit=unit_words(standings.unit),
        games=standings.games,
        rows=tuple(standing_line(r) for r in standings.rows),
        unqualified=tuple(standing_line(r) for r in standings.unqualified),
        printed_at=timezone.localtime(),
        address=address,
        settlements=standings.settlements,
        seats=standings.seats,
    )


def standings_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season.objects.select_related("league__club"), pk=pk)
    league = season.league
    club = get_club_for_user(request.user, league.club.slug)
    address = request.build_absolute_uri(reverse("sheets:standings", kwargs={"pk": season.pk}))
    sheet = standings_sheet_data(season, address=address)
    filename = core_pdf.sheet_filename(league.club.slug, league.slug, season.name, "standings")
    players = len(sheet.rows) + len(sheet.unqualified)
    most = settings.SHEET_MAX_ROWS
    try:
        if players > most:
            csv = request.build_absolute_uri(
                reverse("leagues:season_csv", args=[club.slug, league.slug, season.pk])
            )
            raise SheetTooLarge(
                gettext(
                    "This season has %(players)s players; a printed standings sheet holds at "
                    "most %(most)s. Download the standings as CSV instead: %(csv)s"
                )
                % {"players": points(players), "most": points(most), "csv": csv}
            )
        return _inline(_render(pdf.standings_pdf, sheet), filename)
    except APIException as e:
        return _refused(e)
