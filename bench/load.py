"""Load and fault test: many tables entering hands at once through the REST API.

Starts two gunicorn servers (separate processes, one database) and has N simulated tables
play whole games for a while: 10% of submissions are sent twice with the same Idempotency-Key
(a flaky network), 5% are sent on both devices at the same moment with one key (a retry sent
before the first answer came), 5% come from a "second device" with a stale hand number. Midway it
kills a gunicorn worker with SIGKILL. Then it checks every game: no hand lost or duplicated,
totals + pool + forfeited equal the start, and the cached numbers equal a fresh replay by the
engine.

    .venv/bin/python bench/load.py                    # 50 tables, 60 s
    .venv/bin/python bench/load.py --tables 10 --seconds 20   # the short form CI runs
    DATABASE_URL=sqlite:////tmp/load/load.sqlite3 .venv/bin/python bench/load.py --tables 10

With ``--flaky 0.2`` the phones reach the servers through a proxy on this machine
(bench/flaky.py, on --proxy-ports) that drops a tenth of the requests and of the answers and
delays another share: every hand must still be stored once, in order.

    .venv/bin/python bench/load.py --tables 10 --seconds 30 --flaky 0.2 --no-kill \
        --ports 8401,8402 --proxy-ports 8411,8412

With ``--outbox`` the phones send hands as the site's outbox does (bench/outbox_phones.py).

The database is DATABASE_URL (default postgres://postgres@127.0.0.1:5432/tenbou_load), PostgreSQL
or an SQLite file; it is dropped (or the file deleted) and created afresh. The servers listen on
--ports (two ports, default 8201,8202). Exits 1 if any check fails.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

from flaky import FlakyProxy, FlakyStats
from outbox_phones import Phone, outbox_table

ROOT = Path(__file__).resolve().parent.parent
PY = str(ROOT / ".venv" / "bin" / "python")
GUNICORN = str(ROOT / ".venv" / "bin" / "gunicorn")
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/tenbou_load"
DEFAULT_PORTS = "8201,8202"
USERNAME, PASSWORD = "loadscorer", "load-test-password-1"


def random_hand(rng: random.Random, scores: list[int]) -> dict:
    """A hand that is valid under japanese-modern from any state with these scores."""
    riichi = [s for s in range(4) if scores[s] >= 1000 and rng.random() < 0.15]
    kind = rng.random()
    if kind < 0.55:
        loser = rng.randrange(4)
        winner = rng.choice([s for s in range(4) if s != loser])
        han = rng.choice([1, 1, 2, 2, 3, 4, 5, 6, 8])
        win = {"seat": winner, "han": han, "fu": rng.choice([30, 40, 50])}
        return {"result": "ron", "from": loser, "wins": [win], "riichi": riichi}
    if kind < 0.85:
        han = rng.choice([1, 2, 3, 4, 5])
        win = {"seat": rng.randrange(4), "han": han, "fu": rng.choice([30, 40])}
        return {"result": "tsumo", "wins": [win], "riichi": riichi}
    tenpai = sorted(rng.sample(range(4), rng.randrange(5)))
    return {"result": "draw", "tenpai": tenpai, "riichi": riichi}


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    requests: int = 0
    created: int = 0
    repeats_ok: int = 0
    parallel_ok: int = 0
    stale_409: int = 0
    lost_creates: int = 0  # games whose start answer was lost, picked up by the table
    retried: int = 0
    errors: list[str] = field(default_factory=list)
    error_count: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, seconds: float) -> None:
        with self.lock:
            self.latencies.append(seconds)
            self.requests += 1

    def error(self, message: str) -> None:
        with self.lock:
            self.error_count += 1
            if len(self.errors) < 50:
                self.errors.append(message)


class Client:
    """One device: a keep-alive connection to one of the servers, with a token."""

    # A flaky network (--flaky) loses more requests in a row than a killed worker does.
    attempts = 6

    def __init__(self, port: int, token: str, stats: Stats) -> None:
        self.port, self.token, self.stats = port, token, stats
        self.conn: http.client.HTTPConnection | None = None
        self.retried_last = False  # whether the last request was sent again after a lost answer

    def request(
        self, method: str, path: str, body: dict | None = None, headers: dict | None = None
    ):
        payload = json.dumps(body) if body is not None else None
        hdrs = {"Authorization": f"Token {self.token}", "Content-Type": "application/json"}
        hdrs.update(headers or {})
        self.retried_last = False
        for attempt in range(self.attempts):
            try:
                if self.conn is None:
                    self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                t0 = time.perf_counter()
                self.conn.request(method, path, body=payload, headers=hdrs)
                resp = self.conn.getresponse()
                data = resp.read()
                self.stats.add(time.perf_counter() - t0)
                return resp.status, json.loads(data) if data else None
            except (OSError, http.client.HTTPException):
                # A killed worker drops the connection: retry, with the same idempotency key.
                self.conn = None
                self.retried_last = True
                with self.stats.lock:
                    self.stats.retried += 1
                time.sleep(0.2 * (attempt + 1))
        raise RuntimeError(f"{method} {path}: no answer after retries")


def at_once(first: Client, second: Client, path: str, body: dict, key: str) -> list:
    """The same submission sent on both devices at the same moment: [(status, body), ...]."""
    answers: list = [None, None]
    start = threading.Barrier(2)

    def send(i: int, client: Client) -> None:
        start.wait()
        answers[i] = client.request("POST", path, body, {"Idempotency-Key": key})

    other = threading.Thread(target=send, args=(1, second))
    other.start()
    send(0, first)
    other.join()
    return answers


def start_game(client: Client, club: str, seats: list[int]) -> tuple[int, dict | None]:
    """Start a game at a table: its status and answer (the game when 201)."""
    status, game = client.request(
        "POST", "/api/games/", {"club": club, "rules": "japanese-modern", "players": seats}
    )
    if status == 400 and client.retried_last:
        # The first try's answer was lost to a killed worker after the game was made: the
        # retry is refused as seated_elsewhere, and the table carries on with that game.
        lost = lost_game(client, club, seats)
        if lost is not None:
            with client.stats.lock:
                client.stats.lost_creates += 1
            return 201, lost
    return status, game


def lost_game(client: Client, club: str, seats: list[int]) -> dict | None:
    """The running game without hands that seats these players, as a scorer would open it."""
    _, running = client.request("GET", f"/api/games/?club={club}&status=running")
    for summary in running:
        if summary["hand_count"] == 0:
            _, game = client.request("GET", f"/api/games/{summary['id']}/")
            if sorted(seat["player"]["id"] for seat in game["seats"]) == sorted(seats):
                return game
    return None


def table(
    index: int,
    token: str,
    club: str,
    player_ids: list[int],
    deadline: float,
    stats: Stats,
    log: dict,
    ports: tuple[int, int],
) -> None:
    rng = random.Random(index)
    client = Client(ports[index % 2], token, stats)
    second_device = Client(ports[(index + 1) % 2], token, stats)
    while time.monotonic() < deadline:
        seats = rng.sample(player_ids, 4)
        status, game = start_game(client, club, seats)
        if status != 201:
            stats.error(f"table {index}: create game answered {status}: {game}")
            return
        gid = game["id"]
        keys: dict[str, int] = {}
        log[gid] = keys
        scores = [25000] * 4
        number = 1
        while time.monotonic() < deadline:
            hand = random_hand(rng, scores)
            if rng.random() < 0.05 and number > 1:
                stale = dict(random_hand(rng, scores), expected_number=number - 1)
                s, body = second_device.request(
                    "POST",
                    f"/api/games/{gid}/hands/",
                    stale,
                    {"Idempotency-Key": str(uuid.uuid4())},
                )
                if s == 409:
                    with stats.lock:
                        stats.stale_409 += 1
                else:
                    stats.error(f"game {gid}: stale submission answered {s}, not 409")
            key = str(uuid.uuid4())
            body = dict(hand, expected_number=number)
            path = f"/api/games/{gid}/hands/"
            if rng.random() < 0.05:
                (s, answer), (s2, again) = at_once(client, second_device, path, body, key)
                if (s2, again) == (s, answer):
                    with stats.lock:
                        stats.parallel_ok += 1
                else:
                    stats.error(
                        f"game {gid}: one key sent twice at once answered {s}: {answer} "
                        f"and {s2}: {again}"
                    )
            else:
                s, answer = client.request("POST", path, body, {"Idempotency-Key": key})
            if s == 400:  # a random hand the rules refuse (e.g. a riichi after a bust): skip it
                continue
            if s not in (200, 201):
                stats.error(f"game {gid} hand {number}: answered {s}: {answer}")
                break
            if s == 201:
                with stats.lock:
                    stats.created += 1
            keys[key] = answer["number"]
            if rng.random() < 0.10:
                s2, again = second_device.request("POST", path, body, {"Idempotency-Key": key})
                if s2 == s and again == answer:
                    with stats.lock:
                        stats.repeats_ok += 1
                else:
                    stats.error(
                        f"game {gid}: a repeated key answered {s2}, not the first answer ({s})"
                    )
            scores = answer["final"]["scores"]
            number = answer["number"] + 1
            if answer["final"]["over"]:
                break


def phone_table(
    index: int,
    token: str,
    club: str,
    player_ids: list[int],
    deadline: float,
    stats: Stats,
    log: dict,
    ports: tuple[int, int],
    phones: tuple[Phone, Phone],
) -> None:
    """A table whose phones send through the outbox's endpoint (bench/outbox_phones.py)."""
    for phone in phones:
        phone.stats = stats
    api = Client(ports[index % 2], token, stats)
    outbox_table(
        index, api, phones, club, player_ids, deadline, stats, log, random_hand, start_game
    )


def log_in_phones(tables: int, ports: tuple[int, int], stats: Stats) -> list:
    """Each table's two phones, each on its own server, logged in (a few at a time)."""
    phones = [(Phone(ports[i % 2], stats), Phone(ports[(i + 1) % 2], stats)) for i in range(tables)]
    everyone = [phone for pair in phones for phone in pair]
    for start in range(0, len(everyone), 4):
        batch = [
            threading.Thread(target=phone.log_in, args=(USERNAME, PASSWORD))
            for phone in everyone[start : start + 4]
        ]
        for t in batch:
            t.start()
        for t in batch:
            t.join()
    return phones


def setup_database(url: str) -> str:
    """Drop and create the database (delete the SQLite file); the URL the servers get."""
    if url.startswith("sqlite"):
        import dj_database_url

        # Absolute, since the servers run in the project's directory, not the caller's.
        path = Path(dj_database_url.parse(url)["NAME"]).resolve()
        path.parent.mkdir(parents=True, exist_ok=True)
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        return f"sqlite:///{path}"
    import psycopg

    name = urlparse(url).path.lstrip("/")
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    return url


def django_setup(env: dict) -> None:
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()


def prepare(players: int) -> tuple[str, str, list[int]]:
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token

    from clubs.models import Club, Membership, Player

    call_command("migrate", verbosity=0)
    user = User.objects.create_user(USERNAME, password=PASSWORD)
    club = Club.objects.create(name="Load Club", slug="load", public=False)
    Membership.objects.create(club=club, user=user, role=Membership.Role.SCORER)
    ids = [
        Player.objects.create(club=club, display_name=f"Player {i:03}").pk for i in range(players)
    ]
    return Token.objects.create(user=user).key, club.slug, ids


def verify(log: dict) -> list[str]:
    """Every game's hands against the client's log and against a fresh replay."""
    import engine
    from scoring import services
    from scoring.models import Game

    problems = []
    for game in Game.objects.prefetch_related("hands", "seats__player"):
        hands = sorted(game.hands.all(), key=lambda h: h.number)
        numbers = [h.number for h in hands]
        if numbers != list(range(1, len(hands) + 1)):
            problems.append(f"game {game.pk}: hand numbers {numbers[:10]}... are not 1..n")
        acknowledged = sorted(log.get(game.pk, {}).values())
        if acknowledged != numbers:
            problems.append(f"game {game.pk}: acknowledged {acknowledged} but stored {numbers}")
        fresh = engine.score_record(services.game_record(game))
        if "error" in fresh:
            problems.append(f"game {game.pk}: replay fails: {fresh['error']}")
            continue
        if [h.result for h in hands] != fresh["hands"] or game.final != fresh["final"]:
            problems.append(f"game {game.pk}: cached numbers differ from a fresh replay")
        start = sum(game.rules["options"]["start_points"] for _ in range(4))
        forfeited = sum(h.result["forfeited"] for h in hands)
        if sum(game.final["scores"]) + game.final["pool"] + forfeited != start:
            problems.append(f"game {game.pk}: totals + pool + forfeited != {start}")
    return problems


def warm_up(ports: tuple[int, int], token: str, workers: int) -> None:
    """A few requests to every worker before the clock starts: a worker's first request
    imports the views (the engine, the PDF renderer) and takes seconds, which is start-up, not
    load. The worker that replaces the killed one still starts cold during the run."""
    warm = Stats()

    def ask(port: int) -> None:
        client = Client(port, token, warm)
        for _ in range(3):
            client.request("GET", "/api/games/?limit=1")

    threads = [
        threading.Thread(target=ask, args=(port,)) for port in ports for _ in range(2 * workers)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def worker_pids(master: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(master)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--workers", type=int, default=2, help="gunicorn workers per server")
    ap.add_argument("--no-kill", action="store_true", help="do not kill a worker midway")
    ap.add_argument(
        "--ports", default=DEFAULT_PORTS, help=f"the two servers' ports (default {DEFAULT_PORTS})"
    )
    ap.add_argument(
        "--flaky",
        type=float,
        default=0.0,
        help="share (0-1) of requests and answers a proxy drops or delays (default 0: none)",
    )
    ap.add_argument(
        "--proxy-ports", default=None, help="the flaky proxies' ports (default: --ports + 10)"
    )
    ap.add_argument(
        "--outbox",
        action="store_true",
        help="phones send hands as the site's outbox does (/games/<id>/hands/send/, a session)",
    )
    args = ap.parse_args()
    try:
        first_port, second_port = (int(p) for p in args.ports.split(","))
    except ValueError:
        ap.error(f"--ports must be two port numbers separated by a comma, not {args.ports!r}")
    ports = (first_port, second_port)
    if not 0 <= args.flaky <= 1:
        ap.error(f"--flaky must be a share between 0 and 1, not {args.flaky}")
    proxy_ports = ports
    if args.flaky:
        try:
            a, b = (
                (int(p) for p in args.proxy_ports.split(","))
                if args.proxy_ports
                else (p + 10 for p in ports)
            )
        except ValueError:
            ap.error(f"--proxy-ports must be two port numbers, not {args.proxy_ports!r}")
        proxy_ports = (a, b)
        Client.attempts = 30

    url = os.environ.get("DATABASE_URL", DEFAULT_DB)
    if not url.startswith(("postgres", "sqlite:///")):
        print("bench/load.py needs PostgreSQL or an SQLite file in DATABASE_URL", file=sys.stderr)
        return 1
    url = setup_database(url)
    env = {
        "DATABASE_URL": url,
        "DEBUG": "false",
        "SECRET_KEY": "load-" + "x" * 50,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "LOG_LEVEL": "WARNING",
    }
    django_setup(env)
    token, club, player_ids = prepare(args.tables * 4)

    servers = []
    for port in ports:
        servers.append(
            subprocess.Popen(
                [
                    GUNICORN,
                    "config.wsgi",
                    "--bind",
                    f"127.0.0.1:{port}",
                    "--workers",
                    str(args.workers),
                    "--timeout",
                    "30",
                    "--log-level",
                    "warning",
                ],
                cwd=ROOT,
                env={**os.environ, **env},
                start_new_session=True,
            )
        )
    try:
        for port in ports:  # wait until both servers accept connections
            for _ in range(100):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.1)
        warm_up(ports, token, args.workers)
        flaky = FlakyStats()
        proxies = [
            FlakyProxy(listen, target, args.flaky, flaky, seed=i).start()
            for i, (listen, target) in enumerate(zip(proxy_ports, ports, strict=True))
            if args.flaky
        ]
        stats, log = Stats(), {}
        # The outbox's phones log in before the clock starts: a login hashes the password
        # on purpose slowly, which is not the hands' cost.
        phones = log_in_phones(args.tables, proxy_ports, stats) if args.outbox else []
        stats = Stats()
        deadline = time.monotonic() + args.seconds
        # Each table seats its own four (in a new order each game), as a club night does: a
        # player in two running games at once is refused unless the scorer confirms it.
        seated = [player_ids[4 * i : 4 * i + 4] for i in range(args.tables)]
        threads = [
            threading.Thread(
                target=table,
                args=(i, token, club, seated[i], deadline, stats, log, proxy_ports),
            )
            for i in range(args.tables)
        ]
        if args.outbox:
            threads = [
                threading.Thread(
                    target=phone_table,
                    args=(i, token, club, seated[i], deadline, stats, log, proxy_ports, phones[i]),
                )
                for i in range(args.tables)
            ]
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        killed = None
        if not args.no_kill:
            time.sleep(args.seconds / 2)
            pids = worker_pids(servers[0].pid)
            if pids:
                killed = pids[0]
                os.kill(killed, signal.SIGKILL)
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - t0
        for proxy in proxies:
            proxy.stop()
    finally:
        for s in servers:
            os.killpg(s.pid, signal.SIGTERM)
            s.wait(timeout=30)

    problems = verify(log)
    lat = sorted(stats.latencies)
    q = statistics.quantiles(lat, n=100) if len(lat) > 1 else [0.0] * 99
    from django.db import connection

    print(
        f"{connection.vendor}{' (phones through the outbox endpoint)' if args.outbox else ''}: "
        f"tables {args.tables}, {args.seconds:.0f} s, "
        f"2 gunicorn servers x {args.workers} workers"
    )
    print(
        f"requests {stats.requests} ({stats.requests / elapsed:.0f}/s), "
        f"hands created {stats.created}, games {len(log)}"
    )
    print(
        f"repeated keys answered with the first answer: {stats.repeats_ok}; one key sent twice "
        f"at once answered alike: {stats.parallel_ok}; stale numbers "
        f"answered 409: {stats.stale_409}; connection retries: {stats.retried}; "
        f"games whose start answer was lost, picked up: {stats.lost_creates}; "
        f"killed worker: {killed}"
    )
    if args.flaky:
        print(
            f"flaky network ({args.flaky:.0%}): connections {flaky.connections}, requests "
            f"dropped {flaky.requests_dropped}, answers dropped {flaky.answers_dropped}, "
            f"delayed {flaky.delayed}"
        )
    print(f"latency ms p50 {q[49] * 1000:.1f} p95 {q[94] * 1000:.1f} p99 {q[98] * 1000:.1f}")
    from scoring.models import Hand

    acknowledged = sum(len(keys) for keys in log.values())
    print(f"hands acknowledged to the phones {acknowledged}, stored {Hand.objects.count()}")
    print(f"errors {stats.error_count}; game checks failed {len(problems)}")
    for line in stats.errors[:10] + problems[:10]:
        print("  " + line)
    ok = not stats.errors and not problems and stats.created > 0
    print("load: PASS" if ok else "load: FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
