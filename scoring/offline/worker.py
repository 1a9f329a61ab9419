"""The scorer's phone without a connection: the web app manifest, the service worker, the
"needs a connection" page, and the endpoint the phone's outbox sends its hands to.

The outbox (static/offline/outbox.js) keeps each hand the scorer saves as the entry form's own
fields, with an idempotency key and the hand number it was typed against, and sends them here
in order. This endpoint reads them with the entry form (HandForm, the one place that turns the
form into a game-record hand) and writes through ``services.hand_submit``, the service the
page and the API also call: the phone needs no second copy of the form's conversion, and the
answers are JSON with statuses the outbox can act on (201 saved, also for a repeated key, 409
another device came first, 400/422 a hand to fix).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.core import checks
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.html import json_script
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from scoring.offline import phone_engine

# The service worker's own fetch of a page it keeps, after a write made on the phone
# (templates/scoring/sw.js refreshKept): it must leave what a page shows once (the messages,
# base.html; what a correction changed, the game page) to the tab that follows the write.
KEPT_HEADER = "X-Tenbou-Kept"


def is_kept_copy(request: HttpRequest) -> bool:
    """Whether ``request`` is the worker refreshing its kept copy of a page."""
    return request.headers.get(KEPT_HEADER) == "1"


# The service worker keeps every file of our own under these folders of static/ from its
# installation on (what a kept page needs to draw itself offline: each page's stylesheets and
# scripts, the icons), and htmx, which the game page loads from django-htmx. Derived from the
# folders, never listed by hand: a script a template adds is kept without a second list.
APP_FOLDERS = ("css/", "js/", "offline/", "icons/")
APP_THIRD_PARTY = ("django_htmx/htmx-2.min.js", "django_htmx/django-htmx.js")


def app_files() -> tuple[str, ...]:
    """The static names the service worker keeps (bench/offline_size.py measures them)."""
    names = set(APP_THIRD_PARTY)
    for finder in finders.get_finders():
        for name, _storage in finder.list(["CVS", ".*", "*~"]):
            name = name.replace("\\", "/")
            if name.startswith(APP_FOLDERS):
                names.add(name)
    return tuple(sorted(names))


def static_prefix() -> str:
    """The path every static file is served under: STATIC_URL's (with the script prefix),
    never a static name, which a deployment's manifest would have to list."""
    return urlsplit(settings.STATIC_URL).path


def offline_pages() -> dict[str, str]:
    """The "needs a connection" page in each of the site's languages, by language code: the
    worker keeps every one and answers in the language of the pages it last served."""
    return {
        code: f"{reverse('scoring:offline')}?language={code}" for code, _name in settings.LANGUAGES
    }


def worker_files() -> list[str]:
    """The addresses the service worker keeps from its installation on: the app's static files
    by the names the pages use (a deployment's hashed names) and the offline pages."""
    return [static(name) for name in app_files()] + list(offline_pages().values())


def check_worker_files(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """Deploy check (scoring.E001): /sw.js can name every file it keeps with the storage the
    site serves (under the manifest storage, a file collectstatic did not collect is a 500)."""
    try:
        worker_files()
    except ValueError as e:
        folders = ", ".join(f"static/{f}" for f in APP_FOLDERS)
        return [
            checks.Error(
                f"The service worker (/sw.js) cannot name the files it keeps ({folders} and "
                f"htmx): {e}.",
                hint="Run `manage.py collectstatic` with the settings the site runs with.",
                id="scoring.E001",
            )
        ]
    return []


USER_HEADER = "X-Tenbou-User"
# The service worker's caches, named here for the worker and the "needs a connection" page
# (which lists the games kept in the current user's one): a user's kept pages, and who the
# server last named.
PAGES_CACHE = "tenbou-pages-u"
META_CACHE = "tenbou-meta"
USER_KEY = "/__tenbou/user"
# The forms whose POST may change who is logged in: the worker forgets every kept page as it
# sends one. Django's password reset does not log in (post_reset_login is off) and a password
# change keeps the same user, so neither is here.
SESSION_CHANGES = ("login", "logout", "signup", "admin:login", "admin:logout")

# The words of the phone's scripts (outbox.js, scoring.js), translated like the pages' own:
# every page carries them in its HTML (``script_text``), so a page kept offline has them in its
# language without a second catalogue for the service worker to keep. ``{name}``: filled in by
# the script.
SCRIPT_TEXT = {
    "panel": _("Hands on this phone"),
    "hand": _("Hand {number}: {summary}"),
    "status_waiting": _("waiting"),
    "status_choice": _("needs your choice"),
    "status_refused": _("refused"),
    "badge_waiting": _("on this phone"),
    "pending": _("{number}. pending"),
    "count": _("Hands on this phone, not entered yet: {counts}."),
    "count_waiting": _("{count} waiting to be sent"),
    "count_choice": _("{count} needing your choice"),
    "count_refused": _("{count} refused"),
    "count_join": _(", "),
    "in_order": _("They are sent in order by themselves; the game's numbers update then."),
    "elsewhere": _("Hands of other games waiting on this phone: {count}."),
    "offline": _("No connection."),
    "offline_entry": _(
        "Hands you save stay on this phone and are sent when the connection returns. Undo, "
        "corrections and deletes need the connection."
    ),
    "offline_game": _(
        "Hands saved on this phone are sent when the connection returns. Undo, corrections, "
        "deletes and ending the game need the connection."
    ),
    "not_yours": _(
        "The server did not take the hands on this phone as yours: log in again to send them. "
        "They stay here."
    ),
    "conflict": _(
        "Another device entered hand {number} first. Nothing of ours was sent from here on."
    ),
    "theirs": _("Theirs (on the server):"),
    "ours_conflict": _("Ours (on this phone): {words}"),
    "keep_theirs": _("Keep theirs (drop ours)"),
    "put_after": _("Put ours after it, as hand {number}"),
    "discard_ours": _("Discard ours"),
    "discard_ours_and_later": _("Discard ours and the {count} after it"),
    "refused": _("Hand {number} was refused: {error}"),
    "refused_open": _("It is open in the form below: fix it and save it again."),
    "ours": _("Ours: {summary}"),
    "fix": _("Fix it"),
    "discard": _("Discard it"),
    "next_hand": _("Next: hand {number}, after the hands on this phone."),
    "next_unknown": _("Next: after the hands on this phone."),
    "stale_scores": _(
        "The scores below are as of before them; the round and the dealer show when they are sent."
    ),
    "enter_hand": _("Enter hand {number}"),
    "enter_next": _("Enter the next hand"),
    "note": _("Note: {note}"),
    "fu": _("{value} fu"),
    "not_saved": _("Not saved: {error}"),
    "saved": _("Hand saved."),
    "saved_here": _("Hand {number} saved on this phone, waiting to be sent."),
    "not_kept": _("This phone could not keep the hand ({error}). Try again."),
    "fixing": _("Fixing hand {number}: change it and save it again; it goes back in its place."),
    "confirm_keep_theirs": _(
        "Drop our hand {number} ({summary})? Theirs stays; ours was never entered."
    ),
    "confirm_discard": _("Discard hand {number} ({summary})? It was never entered."),
    "confirm_discard_all": _(
        "Discard the hands saved on this phone from hand {number} on ({count})? They were "
        "never entered."
    ),
    "sent_meanwhile": _(
        "Waiting hands sent: {count}. Where the game stands shows after this hand is saved."
    ),
    "needs_connection": _(
        "This needs the connection: undo, corrections, deletes and ending the game act on the "
        "game stored on the server. Try again when the phone is online."
    ),
    "end_waiting": _(
        "Hands of this game on this phone, not entered yet: {count}. The game can end once "
        "they are sent (or discarded)."
    ),
    "corrections_need_connection": _(
        "Corrections need the connection. Try again when the phone is online."
    ),
    "confirm_logout": _(
        "Hands saved on this phone and not sent yet: {count}. Log out anyway? They stay on "
        "this phone and are sent when you log in again."
    ),
    "preview_offline": _(
        "No connection: the payments will be computed when the hand is sent. You can still save it."
    ),
}
SCRIPT_TEXT_ID = "tenbou-text"


def script_text() -> SafeString:
    """The scripts' words in the reader's language, as a JSON block for every page."""
    return json_script({key: str(text) for key, text in SCRIPT_TEXT.items()}, SCRIPT_TEXT_ID)


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
    which replaces the cached copies (in development too, where names carry no hash); and of
    the phone's engine, so that a new engine's worker and source replace the old ones."""
    digest = hashlib.sha256(phone_engine.version().encode())
    for name in app_files():
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
        "app_files": json.dumps(worker_files()),
        "static_prefix": json.dumps(static_prefix()),
        "offline_pages": json.dumps(offline_pages()),
        "default_language": json.dumps(settings.LANGUAGE_CODE),
        "user_header": json.dumps(USER_HEADER),
        "pages_cache": json.dumps(PAGES_CACHE),
        "meta_cache": json.dumps(META_CACHE),
        "user_key": json.dumps(USER_KEY),
        "session_changes": json.dumps([reverse(name) for name in SESSION_CHANGES]),
        "pyodide_prefix": json.dumps(phone_engine.pyodide_url()),
        "pyodide_cache": json.dumps(phone_engine.pyodide_cache()),
        "engine_prefix": json.dumps(phone_engine.engine_prefix()),
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
    """What the phone shows offline for a page it has not kept: the same for every user (its
    script lists the games kept for the phone's current user, from that user's cache), in
    the language ``?language=`` names (the worker keeps one per language: offline_pages)."""
    language = request.GET.get("language", "")
    if language not in dict(settings.LANGUAGES):
        language = translation.get_language()
    context = {"pages_cache": PAGES_CACHE, "meta_cache": META_CACHE, "user_key": USER_KEY}
    with translation.override(language):
        response = render(request, "scoring/offline.html", context)
    response["Content-Language"] = language
    return response
