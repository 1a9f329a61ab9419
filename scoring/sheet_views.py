"""Score sheet downloads: the completed game, a blank sheet for its seating, season standings.

Each view finds the object, checks the club the way the game and league pages do (members of
a private club, anyone for a public one, 404 for everyone else), builds the sheet value and
returns the renderer's bytes inline.

A sheet is laid out inside the request, so what one request renders is bounded: a game sheet
covers at most ``SHEET_MAX_HANDS`` hands and a standings sheet ``SHEET_MAX_ROWS`` players
(above that the answer is 422 with what to download instead), and at most
``SHEET_RENDER_SLOTS`` sheets render at once on a host (past that, 503 at once with
Retry-After), so sheets never hold every worker (docs/benchmarks.md has the timings).
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.exceptions import APIException
from rest_framework.permissions import AllowAny
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request

from core import pdf as core_pdf
from core.api import ERRORS, Api
from core.formats import points
from core.serializers import ErrorSerializer
from scoring import pdf, selectors, sheet_data
from scoring.models import Game

RETRY_AFTER = 5
"""Seconds a client is asked to wait when every render slot is taken."""


class SheetTooLarge(APIException):
    """A sheet larger than one request renders; the message says what to download instead."""

    status_code = 422
    default_code = "sheet_too_large"


class SheetsBusy(APIException):
    """Every render slot is taken; the client tries again in a few seconds."""

    status_code = 503
    default_code = "sheets_busy"
    wait = RETRY_AFTER  # DRF's handler answers it as Retry-After


def _render(render: Any, sheet: Any) -> bytes:
    try:
        with core_pdf.render_slot():
            return render(sheet)
    except core_pdf.SheetsBusy as e:
        raise SheetsBusy(str(e)) from None


def _refused(e: APIException) -> HttpResponse:
    """A refusal as a page answer: the message in plain text, with the status."""
    response = HttpResponse(
        str(e.detail) + "\n", status=e.status_code, content_type="text/plain; charset=utf-8"
    )
    if isinstance(e, SheetsBusy):
        response["Retry-After"] = str(e.wait)
    return response


def _visible_game(request: Any, pk: int) -> Game:
    game, _ = selectors.game_for_user(request.user, pk)
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
    return core_pdf.sheet_filename(game.club.slug, game.played_on, *table, *suffix)


def _game_sheet_response(request: Any, pk: int) -> HttpResponse:
    game = _visible_game(request, pk)
    most = settings.SHEET_MAX_HANDS
    # Every correction and deletion prints a crossed-out row of its own.
    changes = game.audit_entries.filter(action__in=("hand.corrected", *selectors.REMOVALS)).count()
    if game.hand_count + changes > most:
        record = request.build_absolute_uri(reverse("api-game-record", kwargs={"pk": game.pk}))
        raise SheetTooLarge(
            gettext(
                "This game has %(hands)s hands and %(changes)s corrected or deleted ones; a "
                "printed sheet covers at most %(most)s rows. The whole game is in its game "
                "record: %(record)s"
            )
            % {
                "hands": points(game.hand_count),
                "changes": points(changes),
                "most": points(most),
                "record": record,
            }
        )
    sheet = sheet_data.game_sheet(game, address=game_address(request, game))
    return _inline(_render(pdf.game_sheet_pdf, sheet), _game_filename(game))


def game_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        return _game_sheet_response(request, pk)
    except APIException as e:
        return _refused(e)


def blank_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    game = _visible_game(request, pk)
    sheet = sheet_data.blank_sheet(game, address=game_address(request, game))
    try:
        content = _render(pdf.blank_sheet_pdf, sheet)
    except APIException as e:
        return _refused(e)
    return _inline(content, _game_filename(game, "blank"))


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


class GameSheetApi(Api):
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
            422: OpenApiResponse(
                ErrorSerializer, description="More hands than a printed sheet covers."
            ),
            503: OpenApiResponse(
                ErrorSerializer, description="Other sheets are being printed; try again soon."
            ),
        },
    )
    def get(self, request: Request, pk: int) -> HttpResponse:
        response = _game_sheet_response(request, pk)
        if isinstance(request.accepted_renderer, DownloadRenderer):
            response["Content-Type"] = DownloadRenderer.media_type
        return response
