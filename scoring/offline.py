"""The scorer's phone without a connection: the web app manifest, the service worker, the
"needs a connection" page, and the endpoint the phone's outbox sends its hands to.

The outbox (static/js/outbox.js) keeps each hand the scorer saves as the entry form's own
fields, with an idempotency key and the hand number it was typed against, and sends them here
in order. This endpoint reads them with the entry form (HandForm, the one place that turns the
form into a game-record hand) and writes through ``services.hand_record``, the service the
page and the API also call: the phone needs no second copy of the form's conversion, and the
answers are JSON with statuses the outbox can act on (201 saved, also for a repeated key, 409
another device came first, 400/422 a hand to fix).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.staticfiles import finders
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from clubs.access import Role
from scoring import engine, selectors, services
from scoring.errors import GameError, StaleHandNumber
from scoring.forms import HandForm
from scoring.presenter import hand_name

# Files the service worker keeps from its installation on: what the game page, the entry
# screen and the "needs a connection" page need to draw themselves offline.
APP_FILES = (
    "css/site.css",
    "css/scoring.css",
    "js/scoring.js",
    "js/outbox.js",
    "django_htmx/htmx-2.min.js",
    "django_htmx/django-htmx.js",
    "icons/tenbou.svg",
    "icons/tenbou-192.png",
    "icons/tenbou-512.png",
)
USER_HEADER = "X-Tenbou-User"


def user_header(get_response: Callable[[HttpRequest], HttpResponse]) -> Any:
    """Middleware: name the logged-in user's id on every page (empty when nobody is logged
    in), so that the service worker keeps a page in that user's cache only and drops every
    other user's cached pages when the phone changes hands."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if response.get("Content-Type", "").startswith("text/html"):
            user = getattr(request, "user", None)
            response[USER_HEADER] = str(user.pk) if user and user.is_authenticated else ""
        return response

    return middleware


def _app_version() -> str:
    """A digest of the service worker's own files: any change to them makes a new worker,
    which replaces the cached copies (in development too, where names carry no hash)."""
    digest = hashlib.sha256()
    for name in APP_FILES:
        path = finders.find(name)
        digest.update(name.encode())
        if path:
            with open(path, "rb") as f:
                digest.update(f.read())
    return digest.hexdigest()[:16]


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """/sw.js, at the site's root so that its scope covers every page."""
    context = {
        "version": _app_version(),
        "app_files": json.dumps(
            [static(name) for name in APP_FILES] + [reverse("scoring:offline")]
        ),
        "static_prefix": json.dumps(static("")),
        "offline_url": json.dumps(reverse("scoring:offline")),
        "user_header": json.dumps(USER_HEADER),
    }
    response = render(request, "scoring/sw.js", context, content_type="text/javascript")
    # A browser checks for a new worker on navigations; never answer it from a cache.
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest: the scorer's phone can put Tenbou on its home screen."""
    icons = [
        {"src": static("icons/tenbou-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("icons/tenbou-512.png"), "sizes": "512x512", "type": "image/png"},
        {"src": static("icons/tenbou.svg"), "sizes": "any", "type": "image/svg+xml"},
    ]
    body = {
        "name": "Tenbou",
        "short_name": "Tenbou",
        "description": "Mahjong scorekeeping for clubs",
        "start_url": reverse("clubs:home"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#1f6b4f",
        "icons": icons,
    }
    return JsonResponse(body, content_type="application/manifest+json")


@require_GET
def offline_page(request: HttpRequest) -> HttpResponse:
    """What the phone shows offline for a page it has not kept: the same for every user."""
    return render(request, "scoring/offline.html")


@never_cache
@require_GET
def outbox_session(request: HttpRequest) -> JsonResponse:
    """Who is logged in and a fresh CSRF token: the outbox asks before it sends, since the
    token in a page kept offline may be older than the last login."""
    user = request.user
    return JsonResponse(
        {"user": user.pk if user.is_authenticated else None, "csrf": get_token(request)}
    )


def _error(
    status: int, code: str, message: str, field: str | None = None, **extra: Any
) -> JsonResponse:
    """The API's error shape, with what the outbox needs beside it (``extra``)."""
    error = {"code": code, "message": message, **({"field": field} if field else {})}
    return JsonResponse({"error": error, **extra}, status=status)


@require_POST
def hand_send(request: HttpRequest, pk: int) -> JsonResponse:
    """POST /games/<pk>/hands/send/: one hand from the outbox, as the entry form's fields
    with ``key`` (the idempotency key) and ``expected_number`` (the hand number it was typed
    against). ``flash=1`` leaves the page's "Hand E2 saved." message for the next page."""
    if not request.user.is_authenticated:
        return _error(401, "not_authenticated", "Log in again to send the hands on this phone.")
    try:
        game, _ = selectors.game_for_user(request.user, pk, Role.SCORER)
    except Http404:
        return _error(404, "not_found", "No such game, or not in a club you may see.")
    except PermissionDenied:
        return _error(403, "permission_denied", "Only a scorer of the club enters hands.")
    state = (game.final or {}).get("next") or {}
    form = HandForm(
        request.POST,
        rules=game.rules,
        names=selectors.player_names(game),
        dealer=state.get("dealer"),
    )
    key = request.POST.get("key", "")
    expected = request.POST.get("expected_number", "")
    if not key or not expected.isdecimal():
        return _error(400, "invalid", "A hand from the outbox needs its key and hand number.")
    if not form.is_valid() or "hand" not in form.cleaned_data:
        field, errors = next(iter(form.errors.items()), (None, ["Complete the hand."]))
        return _error(400, "invalid", str(errors[0]), field=field)
    number = int(expected)
    try:
        write = services.hand_record(
            game=game,
            hand=form.hand(),
            entered_by=request.user,
            expected_number=number,
            key=key,
        )
    except StaleHandNumber as e:
        game.refresh_from_db()
        theirs = game.hands.filter(number__gte=number).order_by("number")
        return _error(
            409,
            e.code,
            str(e),
            hand_count=game.hand_count,
            theirs=[
                {"number": row["number"], "label": row["label"], "words": row["words"]}
                for row in selectors.ledger(game, list(theirs))
            ],
            ours=selectors.game_hand_words(game, form.hand()),
        )
    except engine.EngineError as e:
        return _error(422, e.code, form.engine_error_text(e, number))
    except GameError as e:
        # A game ended meanwhile (not_running) or a key sent with another hand: the hand
        # waits on the phone for the scorer, as a refused one does.
        return _error(409 if e.code == "not_running" else 400, e.code, str(e))
    response = write.response or {}
    label = response.get("result", {}).get("label", "")
    if request.POST.get("flash"):
        messages.success(request, gettext("Hand %(label)s saved.") % {"label": hand_name(label)})
    body = {
        "number": write.number,
        "label": label,
        "repeated": write.repeated,
        "hand_count": write.game.hand_count,
        "version": write.game.version,
        "running": write.game.is_running,
        "next_url": reverse(
            "scoring:hand_new" if write.game.is_running else "scoring:game", args=[pk]
        ),
    }
    # A repeat answers as the API does: the first answer's status, marked as replayed.
    answer = JsonResponse(body, status=201)
    if write.repeated:
        answer["Idempotent-Replayed"] = "true"
    return answer
