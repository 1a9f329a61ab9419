"""PDF rendering, for any app's printable sheet: HTML in, PDF bytes out (WeasyPrint).

Sheet templates live in ``templates/sheets/``, rendered by a template engine of their own whose
built-in filters are the number formats defined here (and the libraries an app adds, see
:func:`render_html`), so the site's template settings stay untouched. Render slots bound how
many sheets a host lays out at once; :func:`sheet_filename` names a download.
"""

from __future__ import annotations

import fcntl
import functools
import gc
import os
import re
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.template import Context, Engine, Library
from django.utils.text import slugify
from django.utils.translation import gettext
from weasyprint import HTML
from weasyprint.text.fonts import FontConfiguration

from core.formats import printed, printed_delta, printed_points

register = Library()


@register.filter
def points(value: Any) -> str:
    """A number of points with thousands separators and a true minus sign (U+2212)."""
    return printed_points(value)


@register.filter
def delta(value: Any) -> str:
    """A score change with its sign: ``+6,200``, ``0``, or a true minus sign."""
    return printed_delta(value)


@register.filter
def minus(text: Any) -> str:
    """A number already written out (``-24.6``), with a true minus sign."""
    return printed(text)


@functools.cache
def _engine(libraries: tuple[str, ...]) -> Engine:
    return Engine(
        dirs=[str(settings.BASE_DIR / "templates")],
        builtins=["core.pdf", *libraries],
        # Sheets speak the reader's language like the pages ({% load i18n %}).
        libraries={"i18n": "django.templatetags.i18n"},
        autoescape=True,
    )


def render_html(template: str, context: dict[str, Any], *, libraries: tuple[str, ...] = ()) -> str:
    """``template`` rendered with this module's filters and those of ``libraries`` (dotted
    paths of modules with a template ``register`` library, e.g. an app's own words)."""
    return _engine(libraries).get_template(template).render(Context(context))


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector off for the duration: WeasyPrint allocates hundreds of thousands
    of small objects for a sheet, and the collections they trigger cost a fifth of the render
    (bench/sheets.py). What the render leaves behind is collected after it, as usual."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


class SheetsBusy(Exception):
    """Every render slot of this host is taken; the caller asks the client to try again."""


def _slot_folder() -> Path:
    # One folder per installation (settings.SHEET_SLOT_DIR), so two sites on one host do not
    # share their slots. It must be ours alone: another user who made it first could hold
    # every slot, or plant links where the lock files go.
    folder = Path(settings.SHEET_SLOT_DIR)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    info = folder.lstat()
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid():
        raise ImproperlyConfigured(
            f"SHEET_SLOT_DIR {folder} must be a folder owned by this site's user"
        )
    return folder


@contextmanager
def render_slot() -> Iterator[None]:
    """Hold one of ``settings.SHEET_RENDER_SLOTS`` render slots while a sheet is laid out, or
    raise :class:`SheetsBusy` at once when all are held. The slots are file locks, so they
    count across every worker process of the host (gunicorn's workers are processes)."""
    slots = settings.SHEET_RENDER_SLOTS
    if slots <= 0:
        yield
        return
    folder = _slot_folder()
    for i in range(slots):
        # O_NOFOLLOW: a lock file is never reached through a link.
        fd = os.open(folder / f"{i}.lock", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        lock = os.fdopen(fd, "r+")  # held across the yield
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            lock.close()
            continue
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
            lock.close()
        return
    raise SheetsBusy(
        gettext("Other sheets are being printed right now; try again in a few seconds.")
    )


def html_to_pdf(html: str) -> bytes:
    """WeasyPrint's PDF of ``html``, fonts embedded and subset."""
    fonts = FontConfiguration()
    with _collector_paused():
        return HTML(string=html, base_url=str(settings.BASE_DIR)).write_pdf(font_config=fonts)


def _slug(text: str) -> str:
    return slugify(text) or re.sub(r"\W+", "-", text).strip("-").lower()


def sheet_filename(*parts: Any) -> str:
    """A download name from its parts: ``sheet_filename("riverside", date, "table-3")``.

    >>> import datetime
    >>> sheet_filename("riverside", datetime.date(2026, 11, 30), "table", "3")
    'riverside-2026-11-30-table-3.pdf'
    """
    words = [p.isoformat() if hasattr(p, "isoformat") else _slug(str(p)) for p in parts if p]
    return "-".join(w for w in words if w) + ".pdf"
