"""Standings at scale: a season of 10,000 games among 200 players, timed.

Builds the season with bulk inserts into a throwaway database (a fresh SQLite file, or a test
database created next to the PostgreSQL that DATABASE_URL names, dropped afterwards), builds
its running totals with the maintenance code itself (:func:`scoring.totals.season_rebuild`,
what ``manage.py rebuild_standings`` runs), then times
:func:`clubhouse.leagues.standings.season_standings` (read from the totals) and the whole standings
page (middleware, view, template) through Django's test client, and counts their SQL queries.
In the same run: :func:`clubhouse.leagues.standings.season_standings_recomputed` (today's reference,
adding up every seat; checked equal), what a finished game's write adds to keep the totals
(:func:`scoring.totals.game_changed`), and a bare ``SELECT COUNT(*)`` over the seats as a
baseline for the machine.

    .venv/bin/python bench/standings.py
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tenbou_bench .venv/bin/python bench/standings.py
    .venv/bin/python bench/standings.py --games 2000 --players 50

Game results are not made up: a few dozen random games are scored by the engine and their
ranks and results dealt out to the tables, as the scoring services would have cached them.
Exits 1 if the page takes more than the budget (200 ms), the query count changes with size,
or the standings from the totals differ from the recomputation.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "true")
SQLITE_FILE = f"/tmp/tenbou-bench-standings-{os.getpid()}.sqlite3"  # one per run: a shared machine
BUDGET_MS = 200.0


def random_hand(rng: random.Random) -> dict:
    kind = rng.random()
    if kind < 0.55:
        loser = rng.randrange(4)
        winner = rng.choice([s for s in range(4) if s != loser])
        win = {"seat": winner, "han": rng.choice([1, 2, 2, 3, 4, 5]), "fu": rng.choice([30, 40])}
        return {"result": "ron", "from": loser, "wins": [win]}
    if kind < 0.85:
        win = {"seat": rng.randrange(4), "han": rng.choice([1, 2, 3, 4]), "fu": 30}
        return {"result": "tsumo", "wins": [win]}
    return {"result": "draw", "tenpai": sorted(rng.sample(range(4), rng.randrange(5)))}


def engine_outcomes(rng: random.Random, count: int) -> list[tuple[list[int], list[int]]]:
    """``count`` (ranks, results) pairs from games scored by the engine."""
    import engine

    out = []
    while len(out) < count:
        record = {
            "rules": "japanese-modern",
            "hands": [random_hand(rng) for _ in range(rng.randrange(6, 12))],
            "ended": True,
        }
        try:
            final = engine.score_game(record).final
        except engine.EngineError:
            continue  # a random hand the rules refuse (e.g. a player out of points)
        out.append((list(final.ranks), list(final.results)))
    return out


def build(games: int, players: int, seed: int = 7):
    from django.db import connection

    import engine
    from clubs.models import Club, Player
    from leagues.models import League, Season
    from scoring.models import Game, GameSeat

    rng = random.Random(seed)
    outcomes = engine_outcomes(rng, 64)
    club = Club.objects.create(name=f"Bench {games}", slug=f"bench-{games}", public=True)
    people = Player.objects.bulk_create(
        Player(club=club, display_name=f"Player {i:03d}") for i in range(players)
    )
    league = League.objects.create(
        club=club,
        name="Bench League",
        slug="bench",
        rules={"preset": "japanese-modern"},
        min_games=30,
        drop_worst=2,
    )
    season = Season.objects.create(league=league, name="2026", starts=datetime.date(2026, 1, 1))
    rules = {"preset": "japanese-modern", "options": {}}
    day0 = datetime.date(2026, 1, 1)
    rows = [
        Game(
            club=club,
            league=league,
            season=season,
            played_on=day0 + datetime.timedelta(days=i % 360),
            rules=rules,
            rules_name="Japanese Modern (ari-ari)",
            status=Game.Status.FINISHED,
            over=True,
            final={"unit": engine.Unit.TENTHS.record_name, "over": True},
        )
        for i in range(games)
    ]
    made = Game.objects.bulk_create(rows, batch_size=2000)
    seats = []
    for game in made:
        four = rng.sample(people, 4)
        ranks, results = outcomes[rng.randrange(len(outcomes))]
        seats.extend(
            GameSeat(game=game, seat=s, player=four[s], rank=ranks[s], result=results[s])
            for s in range(4)
        )
    GameSeat.objects.bulk_create(seats, batch_size=4000)
    # The planner's statistics, as a database in use has them (PostgreSQL's autovacuum runs
    # ANALYZE after large inserts): without them both databases read a player's seats by
    # walking the season's games, and a game's write pays for the season.
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    return club, league, season


def timed(fn, runs: int) -> tuple[float, int]:
    """Median milliseconds of ``runs`` calls (after one warm-up) and the queries of one call."""
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    fn()
    reset_queries()  # a request resets the query log; count from an empty one
    with CaptureQueriesContext(connection) as ctx:
        fn()
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples), len(ctx.captured_queries)


@contextlib.contextmanager
def test_database(sqlite_file: str) -> Iterator[None]:
    """A test database for the run, dropped after it: ``sqlite_file`` on SQLite, else one
    beside the PostgreSQL database that DATABASE_URL names (Django set up first)."""
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    if connection.vendor == "sqlite":
        connection.settings_dict["TEST"]["NAME"] = sqlite_file
        Path(sqlite_file).unlink(missing_ok=True)
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        yield
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()

    import django

    django.setup()
    from django.db import connection, transaction
    from django.test import Client

    from clubhouse.leagues.standings import season_standings, season_standings_recomputed
    from leagues.models import Season
    from scoring import totals
    from scoring.models import Game

    with test_database(SQLITE_FILE):
        print(f"database: {connection.vendor} ({connection.settings_dict['NAME']})")
        results = {}
        for games, players in (
            (args.games // 10, max(args.players // 10, 8)),
            (args.games, args.players),
        ):
            t0 = time.perf_counter()
            club, league, season = build(games, players)
            built = time.perf_counter() - t0
            t0 = time.perf_counter()
            totals.season_rebuild(season)
            totals_built = time.perf_counter() - t0

            def selector(pk=season.pk):
                return season_standings(Season.objects.select_related("league").get(pk=pk))

            url = f"/clubs/{club.slug}/leagues/{league.slug}/seasons/{season.pk}/"
            client = Client()

            def page(url=url, client=client):
                response = client.get(url)
                assert response.status_code == 200, response.status_code

            def baseline(pk=season.pk):
                with connection.cursor() as cursor:
                    cursor.execute(
                        "SELECT COUNT(*) FROM scoring_gameseat s JOIN scoring_game g "
                        "ON g.id = s.game_id WHERE g.season_id = %s",
                        [pk],
                    )
                    return cursor.fetchone()[0]

            def recomputed(pk=season.pk):
                return season_standings_recomputed(
                    Season.objects.select_related("league").get(pk=pk)
                )

            one_game = Game.objects.filter(season=season).order_by("pk").first()

            def write(game=one_game):
                with transaction.atomic():
                    totals.game_changed(game)

            rows = selector()
            same = rows == recomputed()
            sel_ms, sel_q = timed(selector, args.runs)
            page_ms, page_q = timed(page, args.runs)
            ref_ms, ref_q = timed(recomputed, max(args.runs // 2, 1))
            write_ms, write_q = timed(write, args.runs)
            base_ms, _ = timed(baseline, args.runs)
            results[games] = (sel_q, page_q, page_ms, same)
            print(
                f"{games:>6} games, {players:>4} players (built in {built:.1f} s, totals "
                f"in {totals_built:.1f} s; {len(rows.rows)} qualified, {len(rows.unqualified)} "
                f"not):\n"
                f"    standings selector {sel_ms:7.1f} ms  {sel_q} queries\n"
                f"    standings page     {page_ms:7.1f} ms  {page_q} queries\n"
                f"    recomputed (ref.)  {ref_ms:7.1f} ms  {ref_q} queries  "
                f"({'same numbers' if same else 'DIFFERENT NUMBERS'})\n"
                f"    a game's totals    {write_ms:7.1f} ms  {write_q} queries (its 4 players)\n"
                f"    baseline COUNT(*)  {base_ms:7.1f} ms  "
                f"(selector {sel_ms / base_ms:.1f}x, page {page_ms / base_ms:.1f}x, "
                f"recomputed {ref_ms / base_ms:.1f}x)"
            )
        print(
            f"machine: {platform.node()} · {platform.processor() or platform.machine()} · "
            f"{os.cpu_count()} cores · Python {platform.python_version()}"
        )
        small, large = results[args.games // 10], results[args.games]
        ok = small[:2] == large[:2] and large[2] <= BUDGET_MS and small[3] and large[3]
        print(
            f"{'OK' if ok else 'FAIL'}: page {large[2]:.1f} ms for {args.games} games "
            f"(budget {BUDGET_MS:.0f} ms); queries (selector, page) {small[:2]} at 1/10 size, "
            f"{large[:2]} at full size; totals equal the recomputation: {small[3] and large[3]}"
        )
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
