"""What one hand submission costs the server, against a bare Django view doing one INSERT.

Every request goes through the same middleware stack in-process (Django's test client, no
network), with DEBUG off as in production, on the database in DATABASE_URL (default: a
throwaway SQLite file). The hand submissions are spread over games of realistic length, so
the replay of earlier hands is part of the cost.

Two more views are timed in the same run to show where the cost lies: the REST framework with
token authentication doing the same one INSERT, and the "floor": a plain view doing with
hand-written SQL the statements a submission must make (the token, the game locked with the
member's role, the key's first answer, the hands, then inserting the hand, updating the
game, the audit entry and the idempotency record in one transaction) with no logic at all.

    .venv/bin/python bench/entry.py [--hands 400] [--game-length 16]

Prints the mean and median per request of each and their ratios to the bare view (goal for
the hand submission: 3 or less).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=400)
    ap.add_argument("--game-length", type=int, default=16)
    args = ap.parse_args()
    sys.path.append(str(ROOT / "bench"))
    from throwaway import run_on_throwaway_database

    return run_on_throwaway_database("entry", lambda: run(args))


def run(args: argparse.Namespace) -> int:
    import random

    from django.contrib.auth.models import User
    from django.db import connection, transaction
    from django.http import HttpResponse
    from django.test import Client
    from django.urls import clear_url_caches, path
    from django.utils import timezone
    from django.views.decorators.csrf import csrf_exempt
    from rest_framework.authtoken.models import Token
    from rest_framework.response import Response

    import config.urls
    from clubs.models import Club, Membership, Player
    from core.api import Api
    from core.models import AuditEntry
    from scoring import services
    from scoring.models import Game, Hand, Submission

    # After the project root: bench/engine.py and bench/entry.py must not hide the packages.
    sys.path.append(str(ROOT / "bench"))
    from load import random_hand

    @csrf_exempt
    def bare(request):  # the baseline: one INSERT, no logic
        AuditEntry.objects.create(club_id=club.pk, action="bench.bare")
        return HttpResponse(status=201)

    class TokenInsert(Api):  # the REST framework and token authentication, one INSERT
        def post(self, request):
            AuditEntry.objects.create(club_id=club.pk, action="bench.drf")
            return Response({}, status=201)

    def prep(model, name, value):
        return model._meta.get_field(name).get_db_prep_save(value, connection)

    for_update = " FOR UPDATE" if connection.features.has_select_for_update else ""
    floor_hand = {"result": "ron", "winner": 1, "loser": 2, "han": 3, "fu": 30}
    floor_state = {"number": 0, "game": 0}

    @csrf_exempt
    def floor(request):  # a submission's statements in plain SQL, no logic
        if floor_state["number"] % args.game_length == 0:
            floor_state["game"] = floor_games.pop()
        floor_state["number"] += 1
        game_id, number = floor_state["game"], floor_state["number"]
        now = timezone.now()
        key = request.headers["Authorization"].split()[1]
        with connection.cursor() as c:
            c.execute(
                "SELECT t.user_id, u.is_active FROM authtoken_token t"
                " JOIN auth_user u ON u.id = t.user_id WHERE t.key = %s",
                [key],
            )
            user_id, _ = c.fetchone()
        with transaction.atomic(), connection.cursor() as c:
            c.execute(
                "SELECT g.*, (SELECT m.role FROM clubs_membership m WHERE m.club_id = g.club_id"
                " AND m.user_id = %s) FROM scoring_game g WHERE g.id = %s" + for_update,
                [user_id, game_id],
            )
            c.fetchone()
            # The key's first answer, read once the lock is held (services.hands._first_answer).
            c.execute(
                "SELECT response FROM scoring_submission WHERE game_id = %s AND key = %s",
                [game_id, f"floor-{number}"],
            )
            c.fetchone()
            c.execute(
                "SELECT data, result, label FROM scoring_hand WHERE game_id = %s ORDER BY number",
                [game_id],
            )
            c.fetchall()
            c.execute(
                "INSERT INTO scoring_hand (game_id, number, data, entered_by_id, entered_at,"
                " result, label) VALUES (%s, %s, %s, %s, %s, %s, %s)",
                [
                    game_id,
                    number,
                    prep(Hand, "data", floor_hand),
                    user_id,
                    prep(Hand, "entered_at", now),
                    prep(Hand, "result", floor_hand),
                    "E1",
                ],
            )
            c.execute(
                "UPDATE scoring_game SET final = %s, hand_count = %s, version = version + 1"
                " WHERE id = %s",
                [prep(Game, "final", floor_hand), number, game_id],
            )
            c.execute(
                "INSERT INTO scoring_auditentry (club_id, game_id, hand_number, actor_id, action,"
                " before, after, reason, created) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
                [
                    club.pk,
                    game_id,
                    number,
                    user_id,
                    "bench.floor",
                    None,
                    prep(AuditEntry, "after", floor_hand),
                    "",
                    prep(AuditEntry, "created", now),
                ],
            )
            c.execute(
                "INSERT INTO scoring_submission (game_id, key, response, created)"
                " VALUES (%s, %s, %s, %s)",
                [
                    game_id,
                    f"floor-{number}",
                    prep(Submission, "response", floor_hand),
                    prep(Submission, "created", now),
                ],
            )
        return HttpResponse(status=201)

    config.urls.urlpatterns += [
        path("bench-bare/", bare),
        path("bench-token-insert/", TokenInsert.as_view()),
        path("bench-floor/", floor),
    ]
    clear_url_caches()

    user = User.objects.create_user("bench", password="bench-password-1")
    club = Club.objects.create(name="Bench", slug="bench")
    Membership.objects.create(club=club, user=user, role=Membership.Role.SCORER)
    players = [Player.objects.create(club=club, display_name=f"P{i}") for i in range(4)]
    ids = [p.pk for p in players]
    floor_games = [
        services.game_create(
            club=club, players=players, created_by=user, rules="japanese-modern"
        ).pk
        for _ in range(args.hands // args.game_length + 1)
    ]
    token = Token.objects.create(user=user).key
    client = Client(HTTP_AUTHORIZATION=f"Token {token}")
    rng = random.Random(1)

    def new_game() -> int:
        r = client.post(
            "/api/games/",
            # The same four sit in every game of the bench, on purpose.
            {
                "club": "bench",
                "rules": "japanese-modern",
                "players": ids,
                "seated_elsewhere_ok": True,
            },
            content_type="application/json",
        )
        assert r.status_code == 201, r.content
        return r.json()["id"]

    def timed(url: str) -> float:
        t0 = time.perf_counter()
        r = client.post(url, {}, content_type="application/json")
        elapsed = time.perf_counter() - t0
        assert r.status_code == 201, (url, r.status_code, r.content)
        return elapsed

    # The four kinds of request take turns, so the machine's noise falls on all alike.
    times: dict[str, list[float]] = {"hand": [], "bare": [], "token": [], "floor": []}
    game, number, scores = new_game(), 1, [25000] * 4
    while len(times["hand"]) < args.hands:
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
        times["hand"].append(elapsed)
        scores, number = answer["final"]["scores"], number + 1
        if answer["final"]["over"]:
            number = args.game_length + 1
        times["bare"].append(timed("/bench-bare/"))
        times["token"].append(timed("/bench-token-insert/"))
        times["floor"].append(timed("/bench-floor/"))

    bare = statistics.mean(times["bare"])
    print(
        f"database: {connection.vendor}; {len(times['hand'])} hands in games of up to "
        f"{args.game_length} hands"
    )
    labels = {
        "hand": "hand submission",
        "bare": "bare INSERT view",
        "token": "REST framework + token, one INSERT",
        "floor": "floor: a submission's statements in plain SQL",
    }
    for name, label in labels.items():
        mean = statistics.mean(times[name])
        print(
            f"{label}: mean {mean * 1000:.2f} ms, median "
            f"{statistics.median(times[name]) * 1000:.2f} ms, ratio (mean) {mean / bare:.2f}"
        )
    print(f"hand submission / bare: {statistics.mean(times['hand']) / bare:.2f} (goal: 3 or less)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
