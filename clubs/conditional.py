"""Pages that many phones poll (a season's standings, a league's live board, a tournament's
board for the room) answer a conditional GET with 304 Not Modified, decided before anything is
rendered.

A club's pages change only through writes, and every write in a club leaves an audit entry
(core.models.log_action), so the club's latest audit entry stands for everything such a page
can show: a hand, a finished or corrected game, a renamed player, changed league settings. The
tag is made of it and of what else the page depends on: the address with its query, the
reader's language and role (an organiser sees edit links), the code that renders it (a
deployment with other templates, catalogues or views gives other tags), and what the page shows
that changes without a write (a round's clock, which the page passes in). Asking costs the
club's and the role's queries the page makes anyway plus one probe of the audit trail's index
(club, id): a phone polling an unchanged board gets a few bytes instead of the board.

The tag is weak (W/"..."): the page is the same for the reader, not byte for byte (the form's
CSRF token is masked anew on each render), and GZip may compress it. Writes that leave no
audit entry in the club (a PIN attempt, a login) change nothing these pages show.
"""

from __future__ import annotations

import functools
import hashlib
import os
from collections.abc import Sequence
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import get_conditional_response, patch_cache_control

from clubs.access import role_of
from clubs.models import Club
from core.models import AuditEntry

# What renders a page: its code, templates and catalogues (read once a process); the folders
# that render none of it are not walked.
_RENDERING = (".py", ".html", ".txt", ".mo")
_NOT_RENDERING = {"tests", "bench", "docs", "vendor", "static", "staticfiles", "media"}


@functools.cache
def release() -> str:
    """A digest of the project's own code, templates and catalogues, the same on every app
    server that runs the same release."""
    root = Path(settings.BASE_DIR)
    digest = hashlib.blake2b(digest_size=8)
    for folder, folders, files in os.walk(root):
        here = Path(folder)
        folders[:] = sorted(
            name
            for name in folders
            if not name.startswith((".", "__")) and (here != root or name not in _NOT_RENDERING)
        )
        for name in sorted(files):
            if name.endswith(_RENDERING):
                path = here / name
                digest.update(str(path.relative_to(root)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def club_etag(request: HttpRequest, club: Club, *, also: Sequence[str] = ()) -> str:
    """The weak ETag of a club's page as this reader would see it now; ``also`` is what else
    the page shows that no write changes (a round's clock, which runs down by itself)."""
    latest = (
        AuditEntry.objects.filter(club=club).order_by("-id").values_list("id", flat=True).first()
    )
    role = role_of(request.user, club)
    parts = (
        release(),
        request.get_full_path(),
        translation.get_language() or "",
        str(role or ""),
        str(club.pk),
        str(latest or 0),
        *also,
    )
    digest = hashlib.blake2b("\n".join(parts).encode(), digest_size=12).hexdigest()
    return f'W/"{digest}"'


def unchanged(request: HttpRequest, etag: str) -> HttpResponse | None:
    """304 when the reader's copy (If-None-Match) is the page as it is now, else None."""
    response = get_conditional_response(request, etag=etag)
    if response is not None:
        tagged(response, etag)
    return response  # type: ignore[return-value]


def tagged(response: HttpResponse, etag: str) -> HttpResponse:
    """The page with its tag, kept by the browser but asked again each time it is shown."""
    response["ETag"] = etag
    patch_cache_control(response, private=True, no_cache=True)
    return response
