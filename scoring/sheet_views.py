"""Score sheet downloads: the completed game, a blank sheet for its seating, season standings.

Each view finds the object, checks the club the way the game and league pages do (members of
a private club, anyone for a public one, 404 for everyone else), builds the sheet value and
returns the renderer's bytes inline.
"""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.views import APIView

from clubs.access import get_club_for_user
from leagues.models import Season
from scoring import pdf, sheet_data
from scoring.api import ERRORS
from scoring.models import Game


def _visible_game(request: Any, pk: int) -> Game:
    game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
    get_club_for_user(request.user, game.club.slug)
    return game


def game_address(request: Any, game: Game) -> str:
    """The game's page on the site, as an absolute address."""
    return request.build_absolute_uri(reverse("scoring:game", kwargs={"pk": game.pk}))


def _inline(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _game_filename(game: Game, *suffix: str) -> str:
    table = ("table", game.table) if game.table else ("game", str(game.pk))
    return pdf.sheet_filename(game.club.slug, game.played_on, *table, *suffix)


def _game_sheet_response(request: Any, pk: int) -> HttpResponse:
    game = _visible_game(request, pk)
    sheet = sheet_data.game_sheet(game, address=game_address(request, game))
    return _inline(pdf.game_sheet_pdf(sheet), _game_filename(game))


def game_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    return _game_sheet_response(request, pk)


def blank_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    game = _visible_game(request, pk)
    sheet = sheet_data.blank_sheet(game, address=game_address(request, game))
    return _inline(pdf.blank_sheet_pdf(sheet), _game_filename(game, "blank"))


def standings_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season.objects.select_related("league__club"), pk=pk)
    league = season.league
    get_club_for_user(request.user, league.club.slug)
    address = request.build_absolute_uri(reverse("sheets:standings", kwargs={"pk": season.pk}))
    sheet = sheet_data.standings_sheet(season, address=address)
    filename = pdf.sheet_filename(league.club.slug, league.slug, season.name, "standings")
    return _inline(pdf.standings_pdf(sheet), filename)


class PDFRenderer(BaseRenderer):
    """Passes a view's PDF bytes through; an error answer is still written as JSON."""

    media_type = "application/pdf"
    format = "pdf"
    charset = None
    render_style = "binary"

    def render(self, data: Any, accepted_media_type: Any = None, renderer_context: Any = None):
        if isinstance(data, bytes):
            return data
        response = (renderer_context or {}).get("response")
        if response is not None:
            response["Content-Type"] = "application/json"
        return json.dumps(data).encode()


class DownloadRenderer(PDFRenderer):
    """The same bytes as a plain download, for a client that asks for
    ``Accept: application/octet-stream`` (generated clients know that type, not every one)."""

    media_type = "application/octet-stream"
    format = "download"


class GameSheetApi(APIView):
    """The game's score sheet as a PDF (token or session authentication)."""

    # Open like the game page: a public club's sheets to anyone, a private club's to members.
    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer, PDFRenderer, DownloadRenderer]

    @extend_schema(
        operation_id="games_sheet",
        summary="A game's printable score sheet (a PDF download)",
        responses={
            (200, "application/pdf"): OpenApiTypes.BINARY,
            (200, "application/octet-stream"): OpenApiTypes.BINARY,
            404: ERRORS[404],
        },
    )
    def get(self, request: Request, pk: int) -> HttpResponse:
        response = _game_sheet_response(request, pk)
        if isinstance(request.accepted_renderer, DownloadRenderer):
            response["Content-Type"] = DownloadRenderer.media_type
        return response
