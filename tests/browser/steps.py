"""Steps the browser tests share."""

from tests.browser.waits import until
from tests.conftest import PASSWORD


def log_in(page, url, username="bob"):
    """Log ``username`` in through the login page of the site at ``url``."""
    page.goto(f"{url}/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.click("main button[type=submit]")


# -- the scorer's phone offline (docs/offline.md) ------------------------------------------


def kept(page, path):
    """Wait until the service worker controls the page and keeps ``path`` for this user.

    Predicates are given as functions: Playwright evaluates a bare expression string anew on
    every poll with ``eval``, which the site's Content-Security-Policy refuses once the first
    poll was false; a function is evaluated once and then called. An async one is polled with
    ``until``: ``wait_for_function`` would take its promise for a true answer."""
    # The worker installs with every static file of the site: allow for a busy machine.
    page.wait_for_function(
        "() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)",
        timeout=30_000,
    )
    until(
        page,
        """async (path) => {
            const names = await caches.keys();
            for (const n of names.filter((n) => n.startsWith('tenbou-pages-u'))) {
                if (await (await caches.open(n)).match(path)) return true;
            }
            return false;
        }""",
        path,
        what=f"the phone keeps {path}",
    )


def choose(page, name, value):
    page.locator(f"label:has(> input[name='{name}'][value='{value}'])").click()


def ron(page, winner, discarder, han, fu):
    choose(page, "result", "ron")
    choose(page, "winners", str(winner))
    choose(page, "discarder", str(discarder))
    choose(page, f"value_{winner}", str(han))
    choose(page, f"fu_{winner}", str(fu))


def open_entry(page, url, game):
    page.goto(f"{url}/games/{game.pk}/hands/new/")
    kept(page, f"/games/{game.pk}/hands/new/")
    # A second load through the worker, as a scorer coming back to the screen.
    page.reload()


def keep_engine(page):
    """Fetch the engine's files while online, as the entry screen does by itself once the
    service worker controls it, and wait until the phone keeps every one."""
    page.evaluate("() => window.TenbouEngine.keepFiles()")
    until(
        page,
        """async () => {
            const data = JSON.parse(document.getElementById('tenbou-engine').textContent);
            for (const url of data.files) if (!(await caches.match(url))) return false;
            return true;
        }""",
        timeout=60_000,
        what="the phone keeps every file of the engine",
    )
