"""What a write costs as a game grows: hand 1 against hand 300, a 300-hand game against a
30-hand one, and correcting hand 1 of 300, each against a bare Django view doing one INSERT.

Every request goes through the whole stack in-process (Django's test client: the middleware,
DRF, token authentication, the service, the engine, the caches, the audit entry) with DEBUG off
as in production, on the database in DATABASE_URL (default: a throwaway SQLite file). The bare
INSERT view is timed after every request of the run, so the machine's noise falls on both.

    .venv/bin/python bench/writes.py [--games 2] [--hands 300] [--corrections 6]

Goals (issue 29): hand 300 within 2x the cost of hand 1; correcting hand 1 of 300 within
100 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--corrections", type=int, default=6)
    args = ap.parse_args()
    sys.path.append(str(ROOT / "bench"))
    from throwaway import run_on_throwaway_database

    return run_on_throwaway_database("writes", lambda: run(args))


def run(args: argparse.Namespace) -> int:
    from django.contrib.auth.models import User
    from django.db import connection
    from django.http import HttpResponse
    from django.test import Client
    from django.urls import clear_url_caches, path
    from django.views.decorators.csrf import csrf_exempt
    from rest_framework.authtoken.models import Token

    import config.urls
    from clubs.models import Club, Membership, Player
    from core.models import AuditEntry

    sys.path.append(str(ROOT / "bench"))
    from load import random_hand

    @csrf_exempt
    def bare(request):
        AuditEntry.objects.create(club_id=club.pk, action="bench.bare")
        return HttpResponse(status=201)

    config.urls.urlpatterns += [path("bench-bare/", bare)]
    clear_url_caches()

    user = User.objects.create_user("bench", password="bench-password-1")
    club = Club.objects.create(name="Bench", slug="bench")
    Membership.objects.create(club=club, user=user, role=Membership.Role.ORGANISER)
    ids = [Player.objects.create(club=club, display_name=f"P{i}").pk for i in range(4)]
    client = Client(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    rng = random.Random(5)
    bare_times: list[float] = []

    def bare_once() -> None:
        t0 = time.perf_counter()
        r = client.post("/bench-bare/", {}, content_type="application/json")
        bare_times.append(time.perf_counter() - t0)
        assert r.status_code == 201

    def new_game() -> int:
        r = client.post(
            "/api/games/",
            {
                "club": "bench",
                # all four winds and no bust, so the game runs as long as the bench needs
                "rules": {
                    "preset": "japanese-modern",
                    "options": {"length": "all", "bust_ends": False},
                },
                "players": ids,
                "seated_elsewhere_ok": True,
            },
            content_type="application/json",
        )
        assert r.status_code == 201, r.content
        return r.json()["id"]

    per_deal = max(2, -(-args.hands // 15))  # the dealer keeps the deal often enough to fill
    by_number: dict[int, list[float]] = {}
    totals: list[list[float]] = []
    games = []
    for _ in range(args.games):
        game, number, scores, dealer, spent = new_game(), 1, [25000] * 4, 0, []
        while number <= args.hands:
            hand = random_hand(rng, scores)
            if (number - 1) % per_deal:
                hand = (
                    {"result": "tsumo", "wins": [{"seat": dealer, "han": 2, "fu": 30}]}
                    if number % 3
                    else {"result": "draw", "tenpai": sorted({dealer, rng.randrange(4)})}
                )
            t0 = time.perf_counter()
            r = client.post(
                f"/api/games/{game}/hands/",
                dict(hand, expected_number=number),
                content_type="application/json",
                HTTP_IDEMPOTENCY_KEY=f"{game}-{number}",
            )
            elapsed = time.perf_counter() - t0
            if r.status_code == 400:
                continue
            assert r.status_code == 201, r.content
            answer = r.json()
            assert not answer["final"]["over"], "the bench game ended before its hands"
            by_number.setdefault(number, []).append(elapsed)
            spent.append(elapsed)
            scores = answer["final"]["scores"]
            dealer = answer["final"]["next"]["dealer"]
            number += 1
            bare_once()
        totals.append(spent)
        games.append(game)

    # Correcting hand 1 changes every later hand's scores: two ron hands taking turns.
    fixes = [
        {"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 40}]},
        {"result": "ron", "from": 3, "wins": [{"seat": 0, "han": 1, "fu": 30}]},
    ]
    correct_times, sizes = [], []
    for i in range(args.corrections):
        game = games[i % len(games)]
        t0 = time.perf_counter()
        r = client.put(
            f"/api/games/{game}/hands/1/",
            dict(fixes[(i // len(games)) % 2], reason="bench"),
            content_type="application/json",
            HTTP_IF_MATCH="*",
        )
        correct_times.append(time.perf_counter() - t0)
        assert r.status_code == 200, r.content
        sizes.append(len(r.content))
        bare_once()

    base = statistics.mean(bare_times)
    print(
        f"database: {connection.vendor}; {args.games} games of {args.hands} hands; "
        f"bare INSERT mean {base * 1000:.2f} ms"
    )
    first = [t for n in range(1, 11) for t in by_number.get(n, [])]
    last = [t for n in range(args.hands - 9, args.hands + 1) for t in by_number.get(n, [])]
    for label, ts in (("hands 1-10", first), (f"hands {args.hands - 9}-{args.hands}", last)):
        m = statistics.mean(ts)
        print(
            f"{label}: mean {m * 1000:.2f} ms, median {statistics.median(ts) * 1000:.2f} ms, "
            f"{m / base:.1f}x bare"
        )
    print(f"last / first: {statistics.mean(last) / statistics.mean(first):.2f} (goal: 2 or less)")
    short = min(30, args.hands)
    whole = statistics.mean(sum(s) for s in totals)
    part = statistics.mean(sum(s[:short]) for s in totals)
    print(
        f"entering a {args.hands}-hand game: {whole:.2f} s; a {short}-hand one: {part:.3f} s; "
        f"ratio {whole / part:.1f} (linear: {args.hands / short:.0f})"
    )
    m = statistics.mean(correct_times)
    print(
        f"correcting hand 1 of {args.hands}: mean {m * 1000:.1f} ms, median "
        f"{statistics.median(correct_times) * 1000:.1f} ms, {m / base:.0f}x bare; "
        f"answer {statistics.mean(sizes) / 1000:.1f} kB (goal: 100 ms)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
