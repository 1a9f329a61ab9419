"""Many phones watching a league: the live board (or the standings) polled every few seconds.

Starts one gunicorn server on a fresh database with a public club, a league with its tables
running and a season of finished games, then has --phones phones poll the page every
--every seconds for --seconds, twice in one run: first as a phone without the page's ETag
(every poll renders and sends the whole page), then as browsers poll it (`fetch` with
`cache: "no-cache"` sends If-None-Match; an unchanged page is a 304). Meanwhile a scorer
enters a hand every --hand-every seconds at one of the tables, so the board does change.

It reports, per phase: polls answered against polls due (whether the server kept up), 304s,
bytes on the wire, latency p50/p95/p99, and the server's CPU time per poll (its workers'
user + system time from /proc): the ratio of the two phases is the figure, the machine being
shared.

    .venv/bin/python bench/polling.py                      # 500 phones every 4 s, the board
    .venv/bin/python bench/polling.py --page standings
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tenbou_polling .venv/bin/python bench/polling.py

The database is DATABASE_URL (default: an SQLite file in a temporary folder), made afresh.
"""

from __future__ import annotations

import argparse
import heapq
import http.client
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from load import GUNICORN, ROOT, django_setup, setup_database

PAGES = {
    "board": "/clubs/watch/leagues/night/live/?partial=1",
    "standings": "/clubs/watch/leagues/night/seasons/{season}/",
}


@dataclass
class Phase:
    due: int = 0
    answered: int = 0
    not_modified: int = 0
    errors: int = 0
    wire_bytes: int = 0
    latencies: list[float] = field(default_factory=list)
    elapsed: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)


def prepare(tables: int, finished: int) -> tuple[int, list[int]]:
    """The club, its league and season; ``finished`` games in the season and ``tables``
    running. The running games' ids and the season's."""
    import datetime

    from django.contrib.auth.models import User
    from django.core.management import call_command

    from clubs.models import Club, Membership, Player
    from leagues.models import League, Season
    from scoring import services

    call_command("migrate", verbosity=0)
    user = User.objects.create_user("watchscorer", password="polling-password-1")
    club = Club.objects.create(name="Watched Club", slug="watch", public=True)
    Membership.objects.create(club=club, user=user, role=Membership.Role.ORGANISER)
    league = League.objects.create(
        club=club, name="Night League", slug="night", rules={"preset": "japanese-modern"}
    )
    season = Season.objects.create(league=league, name="Night", starts=datetime.date(2026, 1, 1))
    players = [Player.objects.create(club=club, display_name=f"Player {i:03}") for i in range(32)]
    hand = {"result": "tsumo", "wins": [{"seat": 0, "han": 3, "fu": 30}]}
    for g in range(finished):
        seated = [players[(g * 4 + s * 7) % len(players)] for s in range(4)]
        game = services.game_create(
            club=club, players=seated, created_by=user, league=league, played_on=season.starts
        )
        services.hand_submit(
            game=game, hand={**hand, "wins": [{**hand["wins"][0], "seat": g % 4}]}, user=user
        )
        services.game_finish(game=game, user=user)
    running = []
    for t in range(tables):
        seated = players[4 * t : 4 * t + 4]
        game = services.game_create(
            club=club, players=seated, created_by=user, league=league, table=t + 1
        )
        services.hand_submit(game=game, hand=hand, user=user)
        running.append(game.pk)
    return season.pk, running


def worker_cpu(master: int) -> float:
    """User + system seconds of the server's master and workers so far."""
    pids = [master]
    children = Path(f"/proc/{master}/task/{master}/children")
    if children.exists():
        pids += [int(p) for p in children.read_text().split()]
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def poll(port: int, path: str, phase: Phase, etags: dict[int, str], phone: int, tagged: bool):
    headers = {"Accept-Encoding": "gzip"}
    if tagged and phone in etags:
        headers["If-None-Match"] = etags[phone]
    t0 = time.perf_counter()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("GET", path, headers=headers)
        resp = conn.getresponse()
        body = resp.read()
        conn.close()
    except (OSError, http.client.HTTPException):
        with phase.lock:
            phase.errors += 1
        return
    elapsed = time.perf_counter() - t0
    head = sum(len(k) + len(v) + 4 for k, v in resp.getheaders()) + 17
    with phase.lock:
        phase.latencies.append(elapsed)
        phase.wire_bytes += len(body) + head
        if resp.status == 304:
            phase.not_modified += 1
            phase.answered += 1
        elif resp.status == 200:
            phase.answered += 1
            if tag := resp.getheader("ETag"):
                etags[phone] = tag
        else:
            phase.errors += 1


def run_phase(
    port: int, path: str, phones: int, every: float, seconds: float, tagged: bool, threads: int
) -> Phase:
    """Each phone polls every ``every`` seconds, its first poll spread over the first period."""
    phase = Phase()
    etags: dict[int, str] = {}
    start = time.monotonic()
    end = start + seconds
    due = [(start + every * i / phones, i) for i in range(phones)]
    heapq.heapify(due)
    lock = threading.Lock()

    def worker() -> None:
        while True:
            with lock:
                if not due:
                    return
                at, phone = heapq.heappop(due)
                if at >= end:
                    return
                heapq.heappush(due, (at + every, phone))
            wait = at - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            with phase.lock:
                phase.due += 1
            poll(port, path, phase, etags, phone, tagged)

    pool = [threading.Thread(target=worker) for _ in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    phase.elapsed = time.monotonic() - start
    return phase


def scorer(running: list[int], every: float, stop: threading.Event) -> None:
    """A hand at one of the tables every ``every`` seconds, through the services."""
    from django.contrib.auth.models import User

    from scoring import services
    from scoring.models import Game

    user = User.objects.get(username="watchscorer")
    n = 0
    while not stop.wait(every):
        game = Game.objects.get(pk=running[n % len(running)])
        seat = n % 4
        hand = {
            "result": "ron",
            "from": (seat + 1) % 4,
            "wins": [{"seat": seat, "han": 1, "fu": 30}],
        }
        services.hand_submit(game=game, hand=hand, user=user)
        n += 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--page", choices=sorted(PAGES), default="board")
    ap.add_argument("--phones", type=int, default=500)
    ap.add_argument("--every", type=float, default=4.0, help="seconds between a phone's polls")
    ap.add_argument("--seconds", type=float, default=30.0, help="length of each phase")
    ap.add_argument("--tables", type=int, default=8, help="running games on the board")
    ap.add_argument("--finished", type=int, default=200, help="finished games in the season")
    ap.add_argument(
        "--hand-every",
        type=float,
        default=20.0,
        help="seconds between hands on the board (8 tables: one each every 2 to 3 minutes)",
    )
    ap.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    ap.add_argument("--threads", type=int, default=64, help="client threads")
    ap.add_argument("--port", type=int, default=8301)
    args = ap.parse_args()

    tmp = tempfile.mkdtemp()
    url = setup_database(os.environ.get("DATABASE_URL", f"sqlite:///{tmp}/polling.sqlite3"))
    env = {
        "DATABASE_URL": url,
        "DEBUG": "false",
        "SECRET_KEY": "polling-" + "x" * 50,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "LOG_LEVEL": "WARNING",
        # No collectstatic for a bench: the pages name their static files unhashed.
        "DJANGO_SETTINGS_MODULE": "unhashed_settings",
        "PYTHONPATH": f"{ROOT}:{ROOT / 'bench'}",  # the project first: bench/engine.py is a bench
    }
    django_setup(env)
    season, running = prepare(args.tables, args.finished)
    path = PAGES[args.page].format(season=season)
    server = subprocess.Popen(
        [
            GUNICORN,
            "config.wsgi",
            "--bind",
            f"127.0.0.1:{args.port}",
            "--workers",
            str(args.workers),
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env={**os.environ, **env},
        start_new_session=True,
    )
    results = {}
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", args.port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        run_phase(args.port, path, 20, 0.5, 2, True, 4)  # warm the workers up
        for name, tagged in (("whole page each poll", False), ("conditional (ETag)", True)):
            stop = threading.Event()
            hands = threading.Thread(target=scorer, args=(running, args.hand_every, stop))
            cpu0 = worker_cpu(server.pid)
            hands.start()
            phase = run_phase(
                args.port, path, args.phones, args.every, args.seconds, tagged, args.threads
            )
            stop.set()
            hands.join()
            results[name] = (phase, worker_cpu(server.pid) - cpu0)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)

    from django.db import connection

    print(
        f"{connection.vendor}: {args.page} ({path}), {args.phones} phones every {args.every:g} s "
        f"({args.phones / args.every:.0f} polls/s due), {args.seconds:g} s a phase, "
        f"{args.tables} tables running, a hand every {args.hand_every:g} s, "
        f"gunicorn x {args.workers} workers"
    )
    base = None
    for name, (phase, cpu) in results.items():
        lat = sorted(phase.latencies) or [0.0]
        q = statistics.quantiles(lat, n=100) if len(lat) > 1 else [lat[0]] * 99
        per_poll = cpu / max(phase.answered, 1) * 1000
        base = base or per_poll or 1.0
        print(
            f"  {name}: {phase.answered}/{phase.due} answered in {phase.elapsed:.0f} s "
            f"({phase.answered / phase.elapsed:.0f}/s), "
            f"{phase.not_modified} were 304, {phase.errors} errors; "
            f"{phase.wire_bytes / max(phase.answered, 1) / 1024:.1f} kB a poll; "
            f"p50/p95/p99 {q[49] * 1000:.0f}/{q[94] * 1000:.0f}/{q[98] * 1000:.0f} ms; "
            f"server CPU {per_poll:.2f} ms a poll ({per_poll / base:.2f}x)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
