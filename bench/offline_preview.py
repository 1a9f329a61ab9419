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
  in this process, which must answer exactly what the phone answered.

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="previews measured each way")
    parser.add_argument("--starts", type=int, default=3, help="engine starts measured")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    workdir = tempfile.mkdtemp(prefix="tenbou-offline-preview-")
    database_url = f"sqlite:///{workdir}/db.sqlite3"
    game_id = _prepare(database_url)
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
            context = browser.new_context(viewport={"width": 390, "height": 844})
            page = context.new_page()
            page.goto(f"{url}/login/")
            page.fill("input[name=username]", "bench")
            page.fill("input[name=password]", PASSWORD)
            with page.expect_navigation():
                page.click("main button[type=submit]")
            page.goto(entry)
            page.wait_for_function(
                "() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)",
                timeout=60_000,
            )
            page.reload()
            page.evaluate("() => window.TenbouEngine.keepFiles()")
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
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)

    # The honest baseline for the phone's engine: the same request in this process's CPython.
    from entry import phone
    from scoring import services
    from scoring.models import Game

    game = Game.objects.get(pk=game_id)
    ask = json.dumps(
        {
            "record": services.game_record(game, players=()),
            "names": ["Aiko", "Bruno", "Chiara", "Daiki"],
            "queued": [],
            "fields": {k: [v] for k, v in HAND_FIELDS},
        }
    )
    native_ms = []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        native = json.loads(phone.preview_json(ask))
        native_ms.append((time.perf_counter() - t0) * 1000)
    assert answer == native, (answer, native)

    assert answer and "hand" in answer, answer
    print(f"hand 5 previewed: deltas {answer['hand']['deltas']}, next {answer['final']['next']}")
    base = statistics.median(server_ms)
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


if __name__ == "__main__":
    main()
