"""The API's answer to a body over the size limit: 413, before anything reads it.

Django refuses a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` with RequestDataTooBig wherever the
body is first read: in the CSRF check of a session, in the login throttle, in a view. Under
/api/ that was a 500 (or a 400 that blamed the client's syntax). A request that says its length
up front is answered here, before the session, CSRF and throttle middleware; the API's parser
(:mod:`core.parsers`) bounds the rest, and the exception handler maps a RequestDataTooBig
raised anywhere else to the same 413.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse

from core.error_pages import API_PREFIX


def too_large_message() -> str:
    return f"The body is larger than the limit of {settings.DATA_UPLOAD_MAX_MEMORY_SIZE:,} bytes."


def too_large_response(message: str | None = None) -> JsonResponse:
    body = {"error": {"code": "too_large", "message": message or too_large_message()}}
    return JsonResponse(body, status=413)


def json_when_too_large(
    message: Callable[[int], str],
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """View decorator, for a view outside /api/ whose client reads JSON (the phone's outbox):
    a body over the limit is answered as under /api/, a 413 in the API's error shape with
    ``message(limit)``, not Django's HTML 400 from the CSRF check that reads the body first."""

    def mark(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        view.too_large_message = message  # type: ignore[attr-defined]
        return view

    return mark


def _declared_length(request: HttpRequest) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0  # Django reads an unreadable length as no body too


class ApiBodyLimitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if (
            limit is not None
            and request.path_info.startswith(API_PREFIX)
            and _declared_length(request) > limit
        ):
            return too_large_response()
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Callable[..., HttpResponse], args: Any, kwargs: Any
    ) -> HttpResponse | None:
        # Before the CSRF middleware's process_view, which reads the body.
        message = getattr(view, "too_large_message", None)
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if message and limit is not None and _declared_length(request) > limit:
            return too_large_response(message(limit))
        return None
