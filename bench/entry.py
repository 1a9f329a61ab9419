"""What one hand submission costs the server, against a bare Django view doing one INSERT.

Both go through the same middleware stack in-process (Django's test client, no network), on
the database in DATABASE_URL (default: a throwaway SQLite file). The hand submissions are
spread over games of realistic length, so the replay of earlier hands is part of the cost.

    .venv/bin/python bench/entry.py [--hands 400] [--game-length 16]

Prints the mean and median per request of each and their ratio (goal: 3 or less).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=400)
    ap.add_argument("--game-length", type=int, default=16)
    args = ap.parse_args()
    tmp = tempfile.mkdtemp()
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{tmp}/entry.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DEBUG"] = "true"
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    if connection.vendor != "sqlite":
        connection.creation.create_test_db(verbosity=0, autoclobber=True)
    else:
        call_command("migrate", verbosity=0)
    settings.ALLOWED_HOSTS = ["testserver"]
    try:
        return run(args)
    finally:
        if connection.vendor != "sqlite":
            connection.creation.destroy_test_db(old_name, verbosity=0)


def run(args: argparse.Namespace) -> int:
    import random

    from django.contrib.auth.models import User
    from django.http import HttpResponse
    from django.test import Client
    from django.urls import clear_url_caches, include, path
    from django.views.decorators.csrf import csrf_exempt
    from rest_framework.authtoken.models import Token

    import config.urls
    from clubs.models import Club, Membership, Player
    from scoring.models import AuditEntry

    sys.path.insert(0, str(ROOT / "bench"))
    from load import random_hand

    @csrf_exempt
    def bare(request):  # the baseline: one INSERT, no logic
        AuditEntry.objects.create(club_id=club.pk, action="bench.bare")
        return HttpResponse(status=201)

    config.urls.urlpatterns.append(path("bench-bare/", bare))
    clear_url_caches()
    del include

    user = User.objects.create_user("bench", password="bench-password-1")
    club = Club.objects.create(name="Bench", slug="bench")
    Membership.objects.create(club=club, user=user, role=Membership.Role.SCORER)
    ids = [Player.objects.create(club=club, display_name=f"P{i}").pk for i in range(4)]
    token = Token.objects.create(user=user).key
    client = Client(HTTP_AUTHORIZATION=f"Token {token}")
    rng = random.Random(1)

    def new_game() -> int:
        r = client.post(
            "/api/games/",
            {"club": "bench", "rules": "japanese-modern", "players": ids},
            content_type="application/json",
        )
        assert r.status_code == 201, r.content
        return r.json()["id"]

    hand_times: list[float] = []
    game, number, scores = new_game(), 1, [25000] * 4
    while len(hand_times) < args.hands:
        if number > args.game_length:
            game, number, scores = new_game(), 1, [25000] * 4
        body = dict(random_hand(rng, scores), expected_number=number)
        t0 = time.perf_counter()
        r = client.post(
            f"/api/games/{game}/hands/",
            body,
            content_type="application/json",
            HTTP_IDEMPOTENCY_KEY=f"{game}-{number}",
        )
        elapsed = time.perf_counter() - t0
        if r.status_code == 400:
            continue
        assert r.status_code == 201, r.content
        answer = r.json()
        hand_times.append(elapsed)
        scores, number = answer["final"]["scores"], number + 1
        if answer["final"]["over"]:
            number = args.game_length + 1

    bare_times = []
    for _ in range(args.hands):
        t0 = time.perf_counter()
        r = client.post("/bench-bare/")
        bare_times.append(time.perf_counter() - t0)
        assert r.status_code == 201

    from django.db import connection

    hm, bm = statistics.mean(hand_times), statistics.mean(bare_times)
    print(
        f"database: {connection.vendor}; {len(hand_times)} hands in games of up to "
        f"{args.game_length} hands"
    )
    print(
        f"hand submission: mean {hm * 1000:.2f} ms, median "
        f"{statistics.median(hand_times) * 1000:.2f} ms"
    )
    print(
        f"bare INSERT view: mean {bm * 1000:.2f} ms, median "
        f"{statistics.median(bare_times) * 1000:.2f} ms"
    )
    print(f"ratio (mean): {hm / bm:.2f} (goal: 3 or less)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
