"""The phone's first download for offline use: what the service worker keeps when it installs
(every file of ``scoring.offline.worker.app_files()`` and the "needs a connection" page), the
worker itself, the manifest, and the two pages it keeps for a game (the game page and its entry
screen), uncompressed and gzip-compressed (level 6, as a web server's default); then the
engine for the preview offline, which the entry screen fetches once
(scoring/offline/phone_engine.py).

Run by hand (not by pytest), from the project root; it renders the pages from a throwaway
SQLite database with a four-player game, through Django's test client:

    .venv/bin/python bench/offline_size.py

Results go to docs/offline.md ("The first download").
"""

from __future__ import annotations

import gzip
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _sizes(body: bytes) -> tuple[int, int]:
    return len(body), len(gzip.compress(body, compresslevel=6))


def four_player_game(password: str = "bench-pw") -> tuple[Any, Any]:
    """A scorer ``bench`` of a club, and a four-player game it started under Japanese Modern
    (in a migrated database; bench/offline_preview.py uses it too)."""
    from django.contrib.auth import get_user_model

    from clubs.models import Club, Membership, Player
    from scoring import services

    user = get_user_model().objects.create_user("bench", "bench@example.org", password)
    club = Club.objects.create(name="Bench Club", slug="bench")
    Membership.objects.create(club=club, user=user, role=Membership.Role.SCORER)
    players = [
        Player.objects.create(club=club, display_name=n)
        for n in ("Aiko", "Bruno", "Chiara", "Daiki")
    ]
    game = services.game_create(
        club=club, players=players, rules="japanese-modern", created_by=user
    )
    return user, game


def main() -> None:
    workdir = tempfile.mkdtemp(prefix="tenbou-offline-size-")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/db.sqlite3"
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.staticfiles import finders
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    from scoring.offline import phone_engine
    from scoring.offline.worker import app_files

    setup_test_environment()
    settings.ALLOWED_HOSTS = ["testserver"]
    call_command("migrate", verbosity=0)
    user, game = four_player_game()
    client = Client()
    client.force_login(user)

    rows: list[tuple[str, int, int]] = []
    for name in app_files():
        with open(finders.find(name), "rb") as f:
            rows.append((f"static/{name}", *_sizes(f.read())))
    for url in (
        "/offline/",
        "/sw.js",
        "/manifest.webmanifest",
        f"/games/{game.pk}/",
        f"/games/{game.pk}/hands/new/",
    ):
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        rows.append((url.replace(str(game.pk), "<id>"), *_sizes(response.content)))

    _table(rows)

    # The engine for the preview offline: fetched by the entry screen once while online, in
    # the order phone_engine.files() lists it (Pyodide kept across new versions of the site).
    engine_rows: list[tuple[str, int, int]] = []
    static_prefix = settings.STATIC_URL if settings.STATIC_URL.startswith("/") else "/static/"
    for url in phone_engine.files():
        path = url.split("?")[0]
        if path.startswith(static_prefix):
            with open(finders.find(path[len(static_prefix) :]), "rb") as f:
                body = f.read()
        else:
            response = client.get(url)
            assert response.status_code == 200, (url, response.status_code)
            body = response.content
        engine_rows.append((path, *_sizes(body)))
    print()
    print("The engine for the preview offline (the entry screen fetches it once):")
    _table(engine_rows)


def _table(rows: list[tuple[str, int, int]]) -> None:
    width = max(len(r[0]) for r in rows)
    print(f"{'file':<{width}}  {'bytes':>11}  {'gzip':>11}")
    for name, raw, packed in rows:
        print(f"{name:<{width}}  {raw:>11,}  {packed:>11,}")
    total_raw = sum(r[1] for r in rows)
    total_packed = sum(r[2] for r in rows)
    total = f"total ({len(rows)} files)"
    print(f"{total:<{width}}  {total_raw:>11,}  {total_packed:>11,}")
    print(f"= {total_raw / 1024:.0f} kB uncompressed, {total_packed / 1024:.0f} kB gzip")


if __name__ == "__main__":
    main()
