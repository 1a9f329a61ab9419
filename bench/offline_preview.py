"""The preview offline against the server's: how long the phone's engine (Pyodide in a Web
Worker, scoring/offline/phone_engine.py) takes to start from the phone's cache and to answer, beside
the server's own preview in the same run (the baseline; these machines are shared and noisy).

Run by hand (not by pytest), from the project root, after `make install`:

    .venv/bin/python bench/offline_preview.py [--runs 10] [--starts 3]

It serves the site from a throwaway SQLite database (`manage.py runserver`, one process), opens
the entry screen of a game with four hands in Debian's headless Chromium at phone size, lets the
service worker keep the engine's files, then measures:

- the server's preview online: the entry screen's own request (POST the form, HTML back);
- the engine's start offline: the page reloaded from the phone's cache until the worker
  answers (Pyodide started, the engine's source unpacked and imported);
- the phone's preview offline once started: TenbouEngine.preview, the same hand;
- the honest baseline for that: the same call (entry.phone.preview_json) in CPython,
  in this process, which must answer exactly what the phone answered;
- the first preview offline on an entry screen that has been open --open seconds (10) online
  with the hand typed, after the signal drops: from the scorer's next tap (the hand's fu
  changed) until the phone's preview is drawn, beside the same tap online (the server's
  preview drawn: the baseline of what a scorer waits for) and beside a phone that does not
  start the engine in the background (no SharedWorker and less than 2 GB: the engine starts as
  the signal drops, as every phone did before);
- the next entry screen's engine: the hand saved online, the outbox opens the next hand's
  screen; how long after that navigation began its engine answers (found running: one
  SharedWorker), beside the start of a page's own worker;
- the main thread's long tasks (over 50 ms) during the screen's first --open seconds, with
  and without the background start.

The phone without the background start is made by an init script (navigator.deviceMemory 1,
no SharedWorker); each run of the background start gets a SharedWorker name of its own (an
init script), so that no run finds the one before it running.

Results go to docs/benchmarks.md ("The preview offline").
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CHROMIUM = "/usr/bin/chromium"
PASSWORD = "bench-pw"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _prepare(database_url: str) -> int:
    """A scorer, a club and a game with four hands; returns the game's id."""
    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from offline_size import four_player_game

    from scoring import services

    call_command("migrate", verbosity=0)
    user, game = four_player_game(PASSWORD)
    for hand in (
        {"result": "ron", "from": 3, "wins": [{"seat": 2, "han": 2, "fu": 30}]},
        {"result": "draw", "tenpai": [1]},
        {"result": "tsumo", "wins": [{"seat": 1, "han": 3, "fu": 40}], "riichi": [1]},
        {"result": "ron", "from": 0, "wins": [{"seat": 3, "han": 5}]},
    ):
        services.hand_submit(game=game, hand=hand, user=user)
    return int(game.pk)


def _wait_for_server(port: int, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError("the server did not start")


# Hand 5: Chiara's ron on Aiko's discard, 3 han 30 fu.
HAND_FIELDS = (
    ("result", "ron"),
    ("winners", "2"),
    ("discarder", "0"),
    ("value_2", "3"),
    ("fu_2", "30"),
)


def _type_hand(page) -> None:
    for name, value in HAND_FIELDS:
        page.locator(f"label:has(> input[name='{name}'][value='{value}'])").click()


def _median_ms(values: list[float]) -> str:
    return f"{statistics.median(values):8.1f} ms (min {min(values):.1f}, max {max(values):.1f})"


# A phone that does not start the engine in the background: engine.js skips it under 2 GB, and
# without SharedWorker the engine is the page's own worker, started afresh on each page.
NO_BACKGROUND = """
Object.defineProperty(Navigator.prototype, 'deviceMemory', {get: () => 1});
delete window.SharedWorker;
"""
# The main thread's long tasks from the page's start, and a SharedWorker name of the run's own.
LONG_TASKS = """
window.__long = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
}).observe({ type: 'longtask', buffered: true });
"""


def _own_name(run: int) -> str:
    return f"""
if (window.SharedWorker) {{
  const Shared = window.SharedWorker;
  window.SharedWorker = function (url, options) {{
    return new Shared(url, Object.assign({{}}, options, {{ name: options.name + '-run{run}' }}));
  }};
}}
"""


# The scorer's tap (``selector``, a label) until the preview is drawn again: the server's
# ([data-preview-ok]) or the phone's ([data-preview-phone]).
TAP_TO_PREVIEW = """async ([selector, marker]) => {
    const box = document.querySelector('#preview');
    const t0 = performance.now();
    const shown = new Promise((resolve, reject) => {
        const seen = new MutationObserver(() => {
            if (box.querySelector(marker)) { seen.disconnect(); resolve(performance.now() - t0); }
        });
        seen.observe(box, { childList: true, subtree: true });
        setTimeout(() => reject(new Error('no preview in 120 s: ' + box.textContent)), 120000);
    });
    document.querySelector(selector).click();
    return await shown;
}"""
FU = "label:has(> input[name='fu_2'][value='{}'])"


def _log_in(context, url):
    page = context.new_page()
    page.goto(f"{url}/login/")
    page.fill("input[name=username]", "bench")
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.click("main button[type=submit]")
    return page


def _keep_engine(page, entry):
    """The service worker in control of the entry screen and every engine file on the phone."""
    page.goto(entry)
    page.wait_for_function(
        "() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)",
        timeout=60_000,
    )
    page.reload()
    page.evaluate("() => window.TenbouEngine.keepFiles()")
    for _ in range(600):
        if page.evaluate(
            """async () => {
                const data = JSON.parse(document.getElementById('tenbou-engine').textContent);
                const hits = await Promise.all(
                    data.files.map((u) => caches.match(u, { ignoreVary: true })));
                return hits.every(Boolean);
            }"""
        ):
            return
        page.wait_for_timeout(100)
    raise RuntimeError("the engine's files were not kept")


def _open_for(page, entry, seconds, discarder="0"):
    """The entry screen opened online, the hand typed (Chiara's ron on ``discarder``), then
    left until ``seconds`` after its navigation began; returns the engine's status then and
    the main thread's long tasks."""
    page.goto(entry)
    _type_hand(page)
    page.locator(f"label:has(> input[name='discarder'][value='{discarder}'])").click()
    page.evaluate(
        "(ms) => new Promise((r) => setTimeout(r, Math.max(0, ms - performance.now())))",
        seconds * 1000,
    )
    status = page.evaluate("() => window.TenbouEngine.status()")
    long_ms = page.evaluate("() => window.__long.reduce((a, e) => a + e[1], 0)")
    return status, long_ms


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="previews measured each way")
    parser.add_argument("--starts", type=int, default=3, help="engine starts measured")
    parser.add_argument("--drops", type=int, default=3, help="signal drops measured each way")
    parser.add_argument("--open", type=float, default=10.0, help="seconds the screen is open")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    workdir = tempfile.mkdtemp(prefix="tenbou-offline-preview-")
    database_url = f"sqlite:///{workdir}/db.sqlite3"
    game_id = _prepare(database_url)
    # The game as the phone sees it before the runs below add hands to it.
    ask = _native_ask(game_id)
    port = _free_port()
    env = {**os.environ, "DATABASE_URL": database_url, "DEBUG": "true"}
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_for_server(port)
        url = f"http://127.0.0.1:{port}"
        entry = f"{url}/games/{game_id}/hands/new/"
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
            )
            # -- A phone that starts the engine as the signal drops (as before) ----------------
            context = browser.new_context(viewport={"width": 390, "height": 844})
            context.add_init_script(NO_BACKGROUND + LONG_TASKS)
            page = _log_in(context, url)
            _keep_engine(page, entry)
            _type_hand(page)

            server_ms = []
            for _ in range(args.runs):
                server_ms.append(
                    page.evaluate(
                        """async () => {
                            const form = document.querySelector('form[data-hand-form]');
                            const token = form.querySelector('[name=csrfmiddlewaretoken]').value;
                            const t0 = performance.now();
                            const r = await fetch(form.dataset.previewUrl, {
                                method: 'POST', body: new FormData(form),
                                headers: {'X-CSRFToken': token}, credentials: 'same-origin'});
                            const html = await r.text();
                            if (!html.includes('data-preview-ok')) throw new Error(html);
                            return performance.now() - t0;
                        }"""
                    )
                )
            # The same preview as the scorer sees it: a tap until the server's preview is drawn.
            tap_ms = []
            for i in range(args.runs):
                fu = FU.format(40 if i % 2 == 0 else 30)
                tap_ms.append(page.evaluate(TAP_TO_PREVIEW, [fu, "[data-preview-ok]"]))

            cold_drop_ms, cold_long = [], []
            for _ in range(args.drops):
                status, long_ms = _open_for(page, entry, args.open)
                assert status["state"] == "", status  # nothing started in the background
                cold_long.append(long_ms)
                context.set_offline(True)
                cold_drop_ms.append(
                    page.evaluate(TAP_TO_PREVIEW, [FU.format(40), "[data-preview-phone]"])
                )
                context.set_offline(False)

            context.set_offline(True)
            start_ms = []
            for _ in range(args.starts):
                page.reload()
                start_ms.append(
                    page.evaluate(
                        """async () => {
                            const t0 = performance.now();
                            await window.TenbouEngine.ready();
                            return performance.now() - t0;
                        }"""
                    )
                )
            _type_hand(page)
            phone_ms = []
            answer = None
            for _ in range(args.runs):
                t, answer = page.evaluate(
                    """async () => {
                        const form = document.querySelector('form[data-hand-form]');
                        const t0 = performance.now();
                        const answer = await window.TenbouEngine.preview(form);
                        return [performance.now() - t0, answer];
                    }"""
                )
                phone_ms.append(t)
            context.close()

            # -- A phone that starts it in the background (SharedWorker, 2 GB or more) --------
            context = browser.new_context(viewport={"width": 390, "height": 844})
            context.add_init_script(LONG_TASKS)
            setup = _log_in(context, url)
            setup.add_init_script(NO_BACKGROUND)  # the setup page itself starts nothing
            _keep_engine(setup, entry)
            setup.close()
            warm_drop_ms, warm_long, warm_start, next_ms, next_kept = [], [], [], [], []
            ready_at_drop, next_loaded = [], []
            for run in range(args.drops):
                page = context.new_page()
                page.add_init_script(_own_name(run))
                # On Daiki's discard: these hands are saved, and Aiko would run out of points.
                status, long_ms = _open_for(page, entry, args.open, discarder="3")
                # Started in the background (on a busy machine it may still be starting).
                assert status["how"] == "background", status
                assert status["kept"] is False, status
                ready_at_drop.append(status["state"] == "ready")
                warm_long.append(long_ms)
                context.set_offline(True)
                warm_drop_ms.append(
                    page.evaluate(TAP_TO_PREVIEW, [FU.format(40), "[data-preview-phone]"])
                )
                warm_start.append(page.evaluate("() => window.TenbouEngine.status().ms"))
                context.set_offline(False)
                # Saved online: the outbox opens the next hand's screen.
                page.evaluate(TAP_TO_PREVIEW, [FU.format(30), "[data-preview-ok]"])
                with page.expect_navigation():
                    page.locator("button[data-save]").click()
                page.wait_for_function("() => !!window.TenbouEngine", timeout=30_000)
                next_ms.append(
                    page.evaluate(
                        """async () => { await window.TenbouEngine.ready();
                            return performance.now(); }"""
                    )
                )
                next_kept.append(page.evaluate("() => window.TenbouEngine.status().kept"))
                next_loaded.append(
                    page.evaluate(
                        "() => performance.getEntriesByType('navigation')[0]"
                        ".domContentLoadedEventEnd"
                    )
                )
                page.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)

    native_ms = _native(ask, answer, args.runs)
    assert answer and "hand" in answer, answer
    print(f"hand 5 previewed: deltas {answer['hand']['deltas']}, next {answer['final']['next']}")
    base = statistics.median(server_ms)
    tap = statistics.median(tap_ms)
    print(f"server's preview online (baseline)   {_median_ms(server_ms)}  1.0x")
    print(
        f"phone's preview offline, started    {_median_ms(phone_ms)}  "
        f"{statistics.median(phone_ms) / base:.1f}x"
    )
    print(
        f"engine start offline, from cache    {_median_ms(start_ms)}  "
        f"{statistics.median(start_ms) / base:.1f}x"
    )
    native = statistics.median(native_ms)
    print(
        f"the same call in CPython (baseline) {_median_ms(native_ms)}  "
        f"phone / CPython {statistics.median(phone_ms) / native:.1f}x"
    )
    print(f"-- the screen open {args.open:.0f} s online, then the signal drops; a tap:")
    print(f"tap to the server's preview, online  {_median_ms(tap_ms)}  1.0x (baseline)")
    for name, values in (
        ("no background start", cold_drop_ms),
        ("background start   ", warm_drop_ms),
    ):
        ratio = statistics.median(values) / tap
        print(f"tap to the phone's, {name}  {_median_ms(values)}  {ratio:.1f}x")
    print(
        f"  the background start took          {_median_ms(warm_start)} (in the worker); "
        f"ready when the signal dropped: {ready_at_drop}"
    )
    print(
        f"  main thread long tasks in {args.open:.0f} s: no background start "
        f"{_median_ms(cold_long)}; background start {_median_ms(warm_long)}"
    )
    print(
        f"next entry screen's engine ready     {_median_ms(next_ms)} after its navigation began "
        f"(found running: {next_kept}; the page's DOMContentLoaded at "
        f"{statistics.median(next_loaded):.0f} ms); a page's own worker starts in "
        f"{statistics.median(start_ms):.0f} ms"
    )


def _native_ask(game_id: int) -> str:
    """The phone's request for hand 5, as the phone sees the game before the runs add hands."""
    from scoring import services
    from scoring.models import Game

    game = Game.objects.get(pk=game_id)
    return json.dumps(
        {
            "record": services.game_record(game, players=()),
            "names": ["Aiko", "Bruno", "Chiara", "Daiki"],
            "queued": [],
            "fields": {k: [v] for k, v in HAND_FIELDS},
        }
    )


def _native(ask: str, answer, runs: int) -> list[float]:
    """The same call in this process's CPython: the honest baseline for the phone's engine."""
    from entry import phone

    native_ms = []
    native = None
    for _ in range(runs):
        t0 = time.perf_counter()
        native = json.loads(phone.preview_json(ask))
        native_ms.append((time.perf_counter() - t0) * 1000)
    assert answer == native, (answer, native)
    return native_ms


if __name__ == "__main__":
    main()
