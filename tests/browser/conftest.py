"""Browser tests: Debian's chromium driven by Playwright's sync API, against a live server.

They run in their own pytest process (`make test` starts it): Playwright runs an event loop
in the test thread, so the ORM there needs DJANGO_ALLOW_ASYNC_UNSAFE, which the main run must
not have. A run that does not name this directory leaves these tests to that process.
"""

from pathlib import Path

import pytest
from django.db import connections

HERE = Path(__file__).resolve().parent
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
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


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
