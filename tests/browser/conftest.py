"""Browser tests: Debian's chromium driven by Playwright's sync API, against a live server.

They run in their own pytest process (`make test` starts it): Playwright runs an event loop
in the test thread, so the ORM there needs DJANGO_ALLOW_ASYNC_UNSAFE, which the main run must
not have. A run that does not name this directory leaves these tests to that process.

With TENBOU_PRODUCTION=1 (`make test-production`) the tests meet the site as a deployment
serves it, not Django's live server: gunicorn with DEBUG off, the manifest storage and
WhiteNoise serving what `collectstatic` put in a temporary STATIC_ROOT, after `check --deploy`.
It runs on the test database, where the tests write their data as they do otherwise.
"""

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connections

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
PRODUCTION = os.environ.get("TENBOU_PRODUCTION", "") == "1"
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def _named(config) -> bool:
    for arg in config.invocation_params.args:
        path = Path(config.invocation_params.dir, str(arg).split("::")[0]).resolve()
        if path == HERE or HERE in path.parents:
            return True
    return False


def pytest_ignore_collect(collection_path, config):
    if collection_path.suffix == ".py" and collection_path.name.startswith("test_"):
        return None if _named(config) else True
    return None


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # The production server checks passwords with the site's own hashers.
    if not PRODUCTION:
        settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _engine_not_in_the_background(settings):
    """The entry screen's background start of the phone's engine (settings.OFFLINE_ENGINE_WARM)
    off: each start is seconds of CPU, in every test whose phone keeps the engine's files. The
    tests about it ask for ``engine_in_the_background``. (The production server, a process of
    its own, starts it as a deployment does.)"""
    settings.OFFLINE_ENGINE_WARM = False


@pytest.fixture
def engine_in_the_background(settings):
    settings.OFFLINE_ENGINE_WARM = True


def _database_url(database) -> str:
    """The test database (created by pytest-django) as DATABASE_URL names it."""
    if database["ENGINE"] == "django.db.backends.sqlite3":
        return f"sqlite:///{Path(database['NAME']).resolve()}"
    user = database.get("USER") or ""
    if database.get("PASSWORD"):
        user += f":{database['PASSWORD']}"
    host = database.get("HOST") or "127.0.0.1"
    port = f":{database['PORT']}" if database.get("PORT") else ""
    return f"postgres://{user}@{host}{port}/{database['NAME']}"


class _NoSettings:
    def enable(self) -> None:
        pass

    def disable(self) -> None:
        pass


class ProductionServer:
    """What the tests use of pytest-django's live server: its address (pytest-django's helper
    also switches the live server's settings in this process: there are none to switch)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._live_server_modified_settings = _NoSettings()


@pytest.fixture(scope="session")
def production_server(django_db_setup, tmp_path_factory):
    from django.conf import settings
    from django.core.management.utils import get_random_secret_key

    port = _free_port()
    env = {
        **os.environ,
        "DEBUG": "false",
        "SECRET_KEY": get_random_secret_key(),
        "ALLOWED_HOSTS": "127.0.0.1",
        # Plain HTTP on this machine; the browser takes 127.0.0.1 as a secure origin (cookies
        # marked Secure, the service worker).
        "SECURE_SSL_REDIRECT": "false",
        "LOG_LEVEL": "WARNING",
        "STATIC_ROOT": str(tmp_path_factory.mktemp("static")),
        "DATABASE_URL": _database_url(settings.DATABASES["default"]),
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    manage = [sys.executable, "manage.py"]
    subprocess.run(
        [*manage, "collectstatic", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True
    )
    subprocess.run(
        [*manage, "check", "--deploy", "--fail-level", "ERROR"], cwd=ROOT, env=env, check=True
    )
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    server = subprocess.Popen(
        [
            gunicorn,
            "config.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
            "--threads",
            "4",
            "--timeout",
            "60",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if server.poll() is not None:
                    pytest.fail(f"gunicorn exited with {server.returncode}")
                time.sleep(0.1)
        yield ProductionServer(f"http://127.0.0.1:{port}")
    finally:
        server.terminate()
        server.wait(timeout=30)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


if PRODUCTION:

    @pytest.fixture(scope="session")
    def live_server(production_server):
        return production_server


@pytest.fixture
def viewport():
    """The window the page opens in: a phone, unless a test parametrizes ``viewport``."""
    return {"width": 390, "height": 844}


@pytest.fixture
def page(transactional_db, live_server, monkeypatch, viewport):
    # The database is set up before the live server starts, so that at the end the server
    # (and its connection) stops before the test database is dropped.
    from playwright.sync_api import sync_playwright

    # `make test` sets this for the browser process; set here too (for this test only) so
    # `pytest tests/browser` works alone. Never at import: the main run must not have it.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        page.set_default_timeout(10_000)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        # Every failed request and script error, except the favicon browsers always ask for.
        page.on(
            "response",
            lambda r: (
                errors.append(f"{r.status} {r.url}")
                if r.status >= 400 and not r.url.endswith("/favicon.ico")
                else None
            ),
        )
        page.on(
            "console",
            lambda m: (
                errors.append(m.text)
                if m.type == "error" and not m.text.startswith("Failed to load resource")
                else None
            ),
        )
        page.errors = errors
        yield page
        context.close()
        browser.close()
        # While Playwright's loop runs, the ORM in this thread works on connections of that
        # context; close them here, or PostgreSQL cannot drop the test database at the end.
        connections.close_all()


@pytest.fixture
def game(club, bob):
    """A running japanese-modern game of Aiko, Bruno, Chiara and Daiki, started by bob."""
    from clubs.models import Player
    from scoring import services

    players = [
        Player.objects.create(club=club, display_name=n)
        for n in ("Aiko", "Bruno", "Chiara", "Daiki")
    ]
    return services.game_create(club=club, players=players, rules="japanese-modern", created_by=bob)
