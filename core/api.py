"""The API's ground floor, shared by every app's endpoints: the base view, the error answers
of the schema, and the one exception handler.

Every error answers ``{"error": {"code", "message", "field"?, "hand"?}}``: a domain error
(:class:`core.errors.DomainError`) or a refusal type an app registers (the engine's errors, see
:func:`register_refusal`) names its code, field and hand, with one status per code (400
unless an app registers another, :func:`register_status`); DRF's own errors keep their
status; anything unexpected is a logged 500. docs/api.md lists the codes with their status.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.views import SpectacularSwaggerSplitView
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from core.errors import DomainError, refusal_text, register_wording
from core.parsers import JSONParser, RequestTooLarge
from core.serializers import ErrorSerializer

logger = logging.getLogger(__name__)

ERRORS = {
    400: OpenApiResponse(ErrorSerializer, description="Bad input; engine errors keep their code."),
    403: OpenApiResponse(
        ErrorSerializer, description="The role is too low, or a session write without CSRF."
    ),
    404: OpenApiResponse(ErrorSerializer, description="No such game (or a private club's)."),
}

# Exception types outside core that answer like a domain error (each has ``code``, ``field``
# and possibly ``hand``): apps add theirs in ``AppConfig.ready()``, e.g. the engine's errors.
_REFUSALS: tuple[type[Exception], ...] = ()

# The status of a refusal whose code is not a 400: one per code, whichever door (an API class,
# the phone's outbox) the request came through. Apps add theirs in ``AppConfig.ready()``.
_STATUS: dict[str, int] = {}


def register_status(code: str, status_code: int) -> None:
    """Answer every refusal with ``code`` with ``status_code`` (instead of 400)."""
    if _STATUS.get(code, status_code) != status_code:
        raise ValueError(f"The code {code!r} already answers {_STATUS[code]}.")
    _STATUS[code] = status_code


def refusal_status(code: str) -> int:
    """The status a refusal with ``code`` answers (400 unless registered)."""
    return _STATUS.get(code, status.HTTP_400_BAD_REQUEST)


def register_refusal(kind: type[Exception], wording: Callable[[Any], str] | None = None) -> None:
    """Answer ``kind`` as a 400 with its code, field and hand, like a domain error; its
    message is ``wording(exc)`` when given (to translate it), else ``str(exc)``."""
    global _REFUSALS
    if kind not in _REFUSALS:
        _REFUSALS = (*_REFUSALS, kind)
    if wording is not None:
        register_wording(kind, wording)


def error_body(code: str, message: str, **extra: Any) -> dict[str, Any]:
    body = {"code": code, "message": message}
    body.update({k: v for k, v in extra.items() if v is not None})
    return {"error": body}


def _first_error(detail: Any, prefix: str = "") -> tuple[str | None, str]:
    """The first (field, message) of a validation error's nested detail: ``wins[0].han``
    (a list's items are keyed by their index, ``players[1]``).

    >>> _first_error({"players": {1: ["Ensure this value is greater than or equal to 1."]}})
    ('players[1]', 'Ensure this value is greater than or equal to 1.')
    """
    if isinstance(detail, dict):
        for key, value in detail.items():
            if key == "non_field_errors":
                return _first_error(value, prefix)
            path = f"{prefix[:-1]}[{key}]" if isinstance(key, int) else f"{prefix}{key}"
            field, message = _first_error(value, f"{path}.")
            return field or path, message
    if isinstance(detail, list) and detail:
        return _first_error(detail[0], prefix)
    return None, str(detail)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Every API error as ``{"error": {...}}``: engine and service refusals name the code,
    the field and the hand, with their code's status (:func:`refusal_status`) and what the
    door added beside the error (``answer``); anything unexpected is a logged 500."""
    if isinstance(exc, (DomainError, *_REFUSALS)):
        body = error_body(
            exc.code, refusal_text(exc), field=exc.field, hand=getattr(exc, "hand", None)
        )
        return Response(
            {**body, **getattr(exc, "answer", {})},
            status=refusal_status(exc.code),
            headers=getattr(exc, "answer_headers", None) or None,
        )
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or None)
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or None)
    elif isinstance(exc, RequestDataTooBig):  # a form body read by the CSRF check
        exc = RequestTooLarge()
    response = drf_exception_handler(exc, context)
    if response is None:
        logger.exception("API error", exc_info=exc)
        return Response(
            error_body(
                "server_error",
                gettext("Something went wrong on the server; nothing was saved."),
            ),
            status=status.HTTP_500_INTERNAL_SERVER_ERROR,
        )
    if isinstance(exc, exceptions.ValidationError):
        field, message = _first_error(exc.detail)
        response.data = error_body(
            "invalid", f"{field}: {message}" if field else message, field=field
        )
    elif isinstance(exc, exceptions.APIException):
        codes = exc.get_codes()
        code = codes if isinstance(codes, str) else exc.default_code
        response.data = error_body(str(code), str(exc.detail))
    return response


# Its docstring is the description of every operation without its own in docs/openapi.json,
# so it keeps the words it had when it was the scoring API's base.
class Api(APIView):
    """Base of the scoring API: JSON bodies; each method checks its own access."""

    # Reads are open (the club decides who sees it); a write needs a login first, so that an
    # anonymous write is a 401 before its body is read or validated.
    parser_classes = [JSONParser]
    permission_classes = [IsAuthenticatedOrReadOnly]


# The rows of one page of a list the API answers a page at a time, by default and at most.
PAGE_SIZE = 50
MAX_PAGE_SIZE = 200


class PageQuery(serializers.Serializer):
    """The query of a list answered a page at a time (docs/api.md, "Paging")."""

    limit = serializers.IntegerField(
        min_value=1,
        max_value=MAX_PAGE_SIZE,
        default=PAGE_SIZE,
        help_text="Rows per page (at most 200).",
    )
    offset = serializers.IntegerField(
        min_value=0, max_value=10_000_000, default=0, help_text="How many rows to skip."
    )


def paged(
    request: Any,
    read: Callable[[int, int], Sequence[Any]],
    answer: Callable[[Sequence[Any]], Any],
    *,
    limit: int,
    offset: int,
) -> Response:
    """One page of a list: ``answer`` of the rows ``read(start, stop)`` gives from ``offset``,
    ``limit`` of them; when more follow, the Link header names the next page (rel="next"), the
    query kept but its ``offset``. One row more than the page is read to know."""
    rows = list(read(offset, offset + limit + 1))
    response = Response(answer(rows[:limit]))
    if len(rows) > limit:
        query = request.query_params.copy()
        query["offset"] = str(offset + limit)
        next_page = request.build_absolute_uri(f"{request.path}?{query.urlencode()}")
        response["Link"] = f'<{next_page}>; rel="next"'
    return response


def page_query(request: Any) -> dict[str, int]:
    """``limit`` and ``offset`` of the request's query, checked (a 400 names the bad one)."""
    # A plain dict, not the QueryDict: DRF reads a blank form value as absent.
    query = PageQuery(data=request.query_params.dict())
    query.is_valid(raise_exception=True)
    return {"limit": query.validated_data["limit"], "offset": query.validated_data["offset"]}


class ApiDocsView(SpectacularSwaggerSplitView):
    """Swagger UI from our own static files, with its start script served as a file (not
    inline), so it runs under the site's self-only Content-Security-Policy."""

    template_name = "scoring/swagger_ui.html"
