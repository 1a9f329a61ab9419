"""What the game page's poll sends after a hand of a long game: only what changed (the
hands written since the version the page shows, with the parts above and below the ledger)
against the whole body it sent before (the baseline, asked for in the same run after each
hand: a poll that sends no hand count or frame gets it).

The game is entered through the API and polled by a member's session through the whole stack
in-process (Django's test client, DEBUG off as in production), on the database in
DATABASE_URL (default: a throwaway SQLite file).

    .venv/bin/python bench/game_poll.py [--hands 300] [--polled 20]

After each of the last ``--polled`` hands, both answers are asked for once each, in turn, and
timed; then hand 1 is corrected (every later hand's totals change: the poll sends them all, as
it must) and polled likewise. Bytes are as sent and gzipped (GZip middleware). Results go to
docs/benchmarks.md ("The game page's poll").
"""

from __future__ import annotations

import argparse
import gzip
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--polled", type=int, default=20)
    args = ap.parse_args()
    sys.path.append(str(ROOT / "bench"))
    from throwaway import run_on_throwaway_database

    return run_on_throwaway_database("game_poll", lambda: run(args))


def run(args: argparse.Namespace) -> int:
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client
    from load import random_hand
    from rest_framework.authtoken.models import Token

    from clubs.models import Club, Membership, Player
    from scoring import selectors
    from scoring.models import Game

    scorer = User.objects.create_user("bench", password="bench-password-1")
    viewer = User.objects.create_user("viewer", password="bench-password-1")
    club = Club.objects.create(name="Bench", slug="bench")
    Membership.objects.create(club=club, user=scorer, role=Membership.Role.ORGANISER)
    Membership.objects.create(club=club, user=viewer, role=Membership.Role.MEMBER)
    ids = [Player.objects.create(club=club, display_name=f"P{i}").pk for i in range(4)]
    api = Client(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=scorer).key}")
    page = Client()
    page.force_login(viewer)
    r = api.post(
        "/api/games/",
        {
            "club": "bench",
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
    game = Game.objects.get(pk=r.json()["id"])
    rng = random.Random(5)
    per_deal = max(2, -(-args.hands // 15))  # as bench/writes.py: the game lasts its hands
    changes: list[tuple[float, int, int]] = []
    whole: list[tuple[float, int, int]] = []

    def shown() -> dict[str, object]:
        game.refresh_from_db()
        return {
            "version": game.version,
            "hands": game.hand_count,
            "frame": selectors.poll_frame(game),
        }

    def poll(params: dict[str, object], into: list[tuple[float, int, int]]) -> None:
        t0 = time.perf_counter()
        r = page.get(f"/games/{game.pk}/", params, HTTP_HX_REQUEST="true")
        elapsed = time.perf_counter() - t0
        assert r.status_code == 200, r.status_code
        into.append((elapsed, len(r.content), len(gzip.compress(r.content))))

    def both(before: dict[str, object]) -> None:
        old = {"version": before["version"]}  # no hands or frame: the whole body
        pair = [(before, changes), (old, whole)]
        for params, into in pair if len(changes) % 2 else reversed(pair):
            poll(params, into)

    number, scores, dealer = 1, [25000] * 4, 0
    while number <= args.hands:
        hand = random_hand(rng, scores)
        if (number - 1) % per_deal:
            hand = (
                {"result": "tsumo", "wins": [{"seat": dealer, "han": 2, "fu": 30}]}
                if number % 3
                else {"result": "draw", "tenpai": sorted({dealer, rng.randrange(4)})}
            )
        before = shown() if number > args.hands - args.polled else None
        r = api.post(
            f"/api/games/{game.pk}/hands/",
            dict(hand, expected_number=number),
            content_type="application/json",
        )
        if r.status_code == 400:
            continue
        assert r.status_code == 201, r.content
        answer = r.json()
        assert not answer["final"]["over"], "the bench game ended before its hands"
        scores, dealer = answer["final"]["scores"], answer["final"]["next"]["dealer"]
        number += 1
        if before is not None:
            both(before)

    appended_changes, appended_whole = list(changes), list(whole)
    changes.clear()
    whole.clear()
    fix = {"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 40}]}
    for i in range(4):
        before = shown()
        fix = dict(fix, wins=[{"seat": 2, "han": 3 + i % 2, "fu": 40}])
        r = api.put(
            f"/api/games/{game.pk}/hands/1/",
            dict(fix, reason="bench"),
            content_type="application/json",
            HTTP_IF_MATCH="*",
        )
        assert r.status_code == 200, r.content
        both(before)

    print(f"database: {connection.vendor}; a game of {args.hands} hands")
    print("| after | answer | server time (mean) | bytes | gzipped |")
    print("|---|---|---|---|---|")
    for label, part, full in (
        (f"each of the last {args.polled} hands", appended_changes, appended_whole),
        ("a correction of hand 1", changes, whole),
    ):
        base = statistics.mean(t for t, _, _ in full)
        for name, rows in (("the whole body (baseline)", full), ("what changed", part)):
            m = statistics.mean(t for t, _, _ in rows)
            size = statistics.mean(b for _, b, _ in rows) / 1000
            zipped = statistics.mean(z for _, _, z in rows) / 1000
            print(
                f"| {label} | {name} | {m * 1000:.1f} ms ({m / base:.2f}x) | {size:.1f} kB "
                f"| {zipped:.1f} kB |"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
