"""Waiting on the page with a predicate that may be async.

Playwright's ``wait_for_function`` does not await what the predicate returns: an async
predicate gives a promise, which is truthy, so the wait passes at once, before the cache or
database it asks about holds anything (the offline tests once passed or failed by luck so).
``until`` polls with ``page.evaluate``, which awaits the promise."""

import time

from playwright.sync_api import Error


def until(page, predicate, arg=None, timeout=10_000, what=None):
    """Poll the JavaScript function ``predicate(arg)`` (async or not) in ``page`` until it is
    true; fail after ``timeout`` ms, naming ``what`` was awaited."""
    deadline = time.monotonic() + timeout / 1000
    while True:
        try:
            if page.evaluate(predicate, arg):
                return
        except Error as e:
            # The page navigated meanwhile (a reload after the outbox sent its hands): ask again.
            if "context was destroyed" not in e.message and "navigat" not in e.message:
                raise
        if time.monotonic() > deadline:
            raise AssertionError(f"not true after {timeout} ms: {what or predicate}")
        page.wait_for_timeout(100)
