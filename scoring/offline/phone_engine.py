"""The rule engine on the scorer's phone: the offline preview, from the engine's own source.

Online, the entry screen asks the server for the preview of the hand being typed. Offline,
it asks the engine running on the phone: Pyodide (the npm package ``pyodide``, installed by
``make install`` into ``vendor/pyodide`` and served under ``static/pyodide/``) runs in a Web
Worker (``templates/scoring/engine-worker.js``) with a zip of the Python source of the engine
(``engine/``) and of the entry beside it (``entry/``), and of the ``mahjong`` hand calculator the
engine asks for wins given as tiles (:func:`bundle`), and calls
:func:`entry.phone.preview_json`. The hand is read from the form's fields by
:func:`entry.fields.hand_from_fields`, the function the server's form calls: the
preview offline is the server's, computed on the phone, not a second copy of the rules.

The entry screen carries what the phone needs (:func:`entry_data`): the game's record as the
server last showed it, the players' names, the worker's address and the files to keep. While
online it fetches those files once, so that the service worker keeps them (Pyodide in a cache
of its own, kept across new versions of the site); offline it starts the worker from them.

WebAssembly needs ``'wasm-unsafe-eval'`` in the Content-Security-Policy: it is given to the
worker's script alone (:func:`engine_worker`); no page's policy changes.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import io
import json
import zipfile
from pathlib import Path
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.csp import CSP
from django.utils.formats import get_format
from django.utils.translation import gettext
from django.views.decorators.csp import csp_override
from django.views.decorators.http import require_safe

from core.i18n import language_neutral
from scoring import selectors, services
from scoring.engine_messages import phone_words
from scoring.models import Game
from scoring.presenter import hand_name_words

PYODIDE_DIR = settings.BASE_DIR / "vendor" / "pyodide" / "node_modules" / "pyodide"
"""Where ``make install`` puts Pyodide (settings.STATICFILES_DIRS serves it as PYODIDE_STATIC)."""
PYODIDE_STATIC = "pyodide/"
# What Pyodide fetches to start the interpreter with the standard library (and nothing else:
# no package from its lock file is loaded, and nothing from outside this site).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# The Python packages the phone's engine needs, each a top-level package: the engine, the entry
# (the form's fields and the phone's protocol), both Django-free
# (tests/scoring/test_offline_engine.py runs the bundle without Django), and the hand
# calculator the engine asks for the yaku and fu of tiles.
BUNDLE_PACKAGES = ("engine", "entry", "mahjong")


def pyodide_version() -> str:
    """The installed Pyodide's version (its package.json), which names its cache on the phone."""
    try:
        return str(json.loads((PYODIDE_DIR / "package.json").read_text())["version"])
    except (OSError, ValueError, KeyError):
        return "missing"


def pyodide_cache() -> str:
    """The phone's cache of Pyodide's files: one per Pyodide version, so a new version of the
    site that keeps Pyodide does not make the phone download it again."""
    return f"tenbou-pyodide-{pyodide_version()}"


def _package_files(package: str) -> list[tuple[str, Path]]:
    """(name in the zip, path) of every Python file of ``package``, with its parents'
    ``__init__.py``."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(f"{package} is not installed: the phone's engine needs it")
    root = Path(next(iter(spec.submodule_search_locations)))
    prefix = package.replace(".", "/")
    out = [(f"{prefix}/{p.relative_to(root).as_posix()}", p) for p in sorted(root.rglob("*.py"))]
    parts = package.split(".")
    for depth in range(1, len(parts)):
        parent = root.parents[len(parts) - depth - 1] / "__init__.py"
        out.insert(0, ("/".join(parts[:depth]) + "/__init__.py", parent))
    return out


@functools.cache
def bundle() -> tuple[bytes, str]:
    """The zip of the phone's engine and its digest (which versions its address)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for package in BUNDLE_PACKAGES:
            for name, path in _package_files(package):
                # A fixed date: the same source gives the same bytes, so the same digest.
                info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, path.read_bytes())
    data = buffer.getvalue()
    return data, hashlib.sha256(data).hexdigest()[:16]


WORKER_TEMPLATE = settings.BASE_DIR / "templates" / "scoring" / "engine-worker.js"
"""The worker's source: its address is immutable on the phone (a year in the HTTP cache), so
a change to it must change the address too (:func:`version`)."""


def version() -> str:
    """What the phone's engine files depend on: the engine's source, the worker's own and
    Pyodide's version."""
    worker = hashlib.sha256(WORKER_TEMPLATE.read_bytes()).hexdigest()[:16]
    return hashlib.sha256(f"{bundle()[1]}:{worker}:{pyodide_version()}".encode()).hexdigest()[:16]


def engine_prefix() -> str:
    """The folder of the engine's worker and source, which the phone's service worker keeps."""
    return reverse("scoring:engine_bundle").rsplit("/", 1)[0] + "/"


def pyodide_url() -> str:
    """Where Pyodide's files are served, by their own names: Pyodide fetches them by name from
    there, so they are never addressed by the hashed names of a deployment's manifest (a
    folder's URL is not hashed; collectstatic keeps the files under their names too)."""
    return static(PYODIDE_STATIC)


def worker_url() -> str:
    return f"{reverse('scoring:engine_worker')}?v={version()}"


def bundle_url() -> str:
    return f"{reverse('scoring:engine_bundle')}?v={bundle()[1]}"


def files() -> list[str]:
    """The addresses the phone keeps to run the engine offline, in the order it loads them."""
    return [
        worker_url(),
        *(pyodide_url() + name for name in PYODIDE_FILES),
        bundle_url(),
    ]


@language_neutral
@require_safe
def engine_bundle(request: HttpRequest) -> HttpResponse:
    """The engine's source as a zip, for Pyodide on the phone."""
    data, _digest = bundle()
    response = HttpResponse(data, content_type="application/zip")
    response["Cache-Control"] = "public, max-age=31536000, immutable"
    return response


@csp_override(
    {
        "default-src": [CSP.SELF],
        # WebAssembly (Pyodide's interpreter), here only: the worker runs no page's content.
        "script-src": [CSP.SELF, CSP.WASM_UNSAFE_EVAL],
        "base-uri": [CSP.NONE],
        "form-action": [CSP.NONE],
        "frame-ancestors": [CSP.NONE],
    }
)
@language_neutral
@require_safe
def engine_worker(request: HttpRequest) -> HttpResponse:
    """The Web Worker that runs the engine under Pyodide (a module script): the same for every
    reader, rendered without the request (no session read, so no Vary: Cookie)."""
    context = {
        "pyodide_module": json.dumps(pyodide_url() + "pyodide.mjs"),
        "pyodide_url": json.dumps(pyodide_url()),
        "bundle_url": json.dumps(bundle_url()),
    }
    response = HttpResponse(
        render_to_string("scoring/engine-worker.js", context), content_type="text/javascript"
    )
    response["Cache-Control"] = "public, max-age=31536000, immutable"
    return response


def entry_data(game: Game) -> dict[str, Any]:
    """What the entry screen carries for the preview offline (a JSON block in the page)."""
    record = services.game_record(game, players=())
    entry = selectors.game_entry(game)
    return {
        "record": record,
        "names": selectors.player_names(game),
        "worker": worker_url(),
        "files": files(),
        # Whether the screen starts the engine in the background while online, once its files
        # are on the phone (settings.OFFLINE_ENGINE_WARM; engine.js says when).
        "warm": settings.OFFLINE_ENGINE_WARM,
        # The sentences a refusal is worded with, in the reader's language: the phone's engine
        # words a refused hand with the server's own functions (entry.refusals).
        "refusal_words": phone_words(),
        # The preview's own sentences (hand_preview.html's, with {placeholders} for the script).
        "words": {
            "title": gettext("<b>%(label)s</b> if saved") % {"label": "{label}"},
            "title_over": gettext("<b>%(label)s</b> if saved: the game ends")
            % {"label": "{label}"},
            "next": gettext("Next <b>%(label)s</b> · dealer %(dealer)s")
            % {"label": "{label}", "dealer": "{dealer}"},
            "counters": gettext("counters %(honba)s") % {"honba": "{honba}"},
            "pool": gettext("pool %(pool)s") % {"pool": "{pool}"},
            "on_phone": gettext("Computed on this phone; the server checks it when it is sent."),
            "starting": gettext("No connection: computing the payments on this phone…"),
            "checking": gettext("Checking the hand on this phone…"),
        },
        "label_words": hand_name_words(),
        "shows_honba": entry.shows_honba,
        "shows_pool": entry.shows_pool,
        "thousands": get_format("THOUSAND_SEPARATOR"),
        "decimal": get_format("DECIMAL_SEPARATOR"),
    }
