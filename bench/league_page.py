"""The league page's yaku leaders: read from the seasons' totals vs decoding every hand.

Builds a league of 16 seasons (``--seasons``) of 200 finished games each (``--games``, about 9
hands a game, most wins entered by yaku) with bulk inserts into a throwaway database (a fresh
SQLite file, or a test database next to the PostgreSQL that DATABASE_URL names, dropped
afterwards). The games are copies of a few dozen games scored by the engine: their hands'
cached results, the seats' ranks, results and yaku as the scoring services cache them. The
seasons' totals are built with the maintenance code (:func:`scoring.totals.season_rebuild`).

Then, median of 7 runs after a warm-up, for the league with one season and with all of them:
:func:`clubhouse.leagues.stats.yaku_leaders` (the totals) and the former computation, kept as
the reference (:func:`clubhouse.leagues.stats.yaku_leaders_recomputed`, every hand of every
counted game decoded), and the whole
league page (middleware, view, template) through Django's test client with each of the two.

    .venv/bin/python bench/league_page.py
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/h_yaku .venv/bin/python bench/league_page.py

Exits 1 if the two computations disagree or the totals' query count grows with the seasons.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "true")
SQLITE_FILE = f"/tmp/tenbou-bench-league-{os.getpid()}.sqlite3"  # one per run: a shared machine

from bench.standings import test_database, timed  # noqa: E402

# Wins by yaku the engine takes from any seat (the fu each fixes or needs).
BY_YAKU = [
    (["tanyao"], 30),
    (["chiitoitsu"], 25),
    (["tanyao", "chiitoitsu"], 25),
    (["yakuhai_haku"], 40),
    (["toitoi"], 40),
]


def random_hand(rng: random.Random) -> dict:
    kind = rng.random()
    if kind < 0.45:
        loser = rng.randrange(4)
        winner = rng.choice([s for s in range(4) if s != loser])
        yaku, fu = rng.choice(BY_YAKU)
        return {"result": "ron", "from": loser, "wins": [{"seat": winner, "yaku": yaku, "fu": fu}]}
    if kind < 0.7:
        yaku = rng.choice([["menzen_tsumo", "pinfu"], ["menzen_tsumo", "pinfu", "tanyao"]])
        return {"result": "tsumo", "wins": [{"seat": rng.randrange(4), "yaku": yaku}]}
    if kind < 0.85:
        win = {"seat": rng.randrange(4), "han": rng.choice([1, 2, 3]), "fu": 30}
        return {"result": "tsumo", "wins": [win]}
    return {"result": "draw", "tenpai": sorted(rng.sample(range(4), rng.randrange(5)))}


def engine_games(rng: random.Random, count: int) -> list:
    """``count`` games scored by the engine: (hand entries, GameResult)."""
    import engine

    out = []
    while len(out) < count:
        hands = [random_hand(rng) for _ in range(rng.randrange(6, 12))]
        try:
            result = engine.score_game({"rules": "japanese-modern", "hands": hands, "ended": True})
        except engine.EngineError:
            continue  # a random hand the rules refuse (a player out of points, a fu)
        out.append((hands, result))
    return out


def build(seasons: int, games: int, slug: str, seed: int = 11):
    from django.db import connection

    import engine
    from clubs.models import Club, Player
    from leagues.models import League, Season
    from scoring import totals
    from scoring.models import Game, GameSeat, Hand
    from scoring.services.replay import seat_yaku

    rng = random.Random(seed)
    played = engine_games(rng, 48)
    club = Club.objects.create(name=f"Bench {slug}", slug=slug, public=True)
    people = Player.objects.bulk_create(
        Player(club=club, display_name=f"Player {i:03d}") for i in range(60)
    )
    league = League.objects.create(
        club=club, name="Bench League", slug="bench", rules={"preset": "japanese-modern"}
    )
    rules = {"preset": "japanese-modern", "options": {}}
    rows = []
    for n in range(seasons):
        year = 2026 - n
        season = Season.objects.create(
            league=league,
            name=str(year),
            starts=datetime.date(year, 1, 1),
            ends=datetime.date(year, 12, 31),
        )
        made = Game.objects.bulk_create(
            [
                Game(
                    club=club,
                    league=league,
                    season=season,
                    played_on=datetime.date(year, 1, 1) + datetime.timedelta(days=i % 360),
                    rules=rules,
                    rules_name="Japanese Modern",
                    status=Game.Status.FINISHED,
                    over=True,
                    final={"unit": engine.Unit.TENTHS.record_name, "over": True},
                )
                for i in range(games)
            ],
            batch_size=2000,
        )
        hands, seats = [], []
        for game in made:
            entries, result = played[rng.randrange(len(played))]
            four = rng.sample(people, 4)
            yaku = seat_yaku(result.hands)
            final = result.final
            seats += [
                GameSeat(
                    game=game,
                    seat=s,
                    player=four[s],
                    score=final.scores[s],
                    rank=final.ranks[s],
                    result=final.results[s],
                    yaku=yaku.get(s, {}),
                )
                for s in range(4)
            ]
            hands += [
                Hand(game=game, number=i, data=h, result=r.as_dict(), label=r.label)
                for i, (h, r) in enumerate(zip(entries, result.hands, strict=True), start=1)
            ]
        GameSeat.objects.bulk_create(seats, batch_size=4000)
        Hand.objects.bulk_create(hands, batch_size=4000)
        rows.append(season)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    for season in rows:
        totals.season_rebuild(season)
    return club, league, rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seasons", type=int, default=16)
    parser.add_argument("--games", type=int, default=200, help="finished games a season")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()

    import django

    django.setup()
    from django.db import connection
    from django.test import Client

    from clubhouse.leagues import stats
    from scoring.models import Hand

    with test_database(SQLITE_FILE):
        totals_leaders = stats.yaku_leaders
        recomputed = stats.yaku_leaders_recomputed
        try:
            print(f"database: {connection.vendor} ({connection.settings_dict['NAME']})")
            built = {n: build(n, args.games, f"bench-{n}") for n in (1, args.seasons)}
            hands = Hand.objects.filter(game__league=built[args.seasons][1]).count()
            print(f"{args.seasons} seasons of {args.games} games each: {hands} hands")
            figures = {}
            ok = True
            for n, (club, league, _) in built.items():
                client = Client()
                url = f"/clubs/{club.slug}/leagues/{league.slug}/"

                def page(url=url, client=client):
                    response = client.get(url)
                    assert response.status_code == 200, response.status_code

                same = totals_leaders(league) == recomputed(league)
                ok &= same
                new_ms, new_q = timed(lambda league=league: totals_leaders(league), args.runs)
                old_ms, old_q = timed(lambda league=league: recomputed(league), args.runs)
                page_new, _ = timed(page, args.runs)
                stats.yaku_leaders = recomputed
                try:
                    page_old, _ = timed(page, args.runs)
                finally:
                    stats.yaku_leaders = totals_leaders
                figures[n] = (new_ms, old_ms, page_new, page_old, new_q)
                print(
                    f"{n} season{'s' if n != 1 else ''}:\n"
                    f"    yaku leaders, totals   {new_ms:8.1f} ms  {new_q} queries\n"
                    f"    yaku leaders, decoded  {old_ms:8.1f} ms  {old_q} queries  "
                    f"({'same' if same else 'DIFFERENT'})\n"
                    f"    league page, totals    {page_new:8.1f} ms\n"
                    f"    league page, decoded   {page_old:8.1f} ms"
                )
            one, many = figures[1], figures[args.seasons]
            print(
                f"{args.seasons} seasons / 1 season: page decoded {many[3] / one[3]:.1f}x, "
                f"page from the totals {many[2] / one[2]:.1f}x; at {args.seasons} seasons the "
                f"page from the totals takes {many[2] / many[3]:.2f}x the decoded one"
            )
            print(
                f"machine: {platform.node()} · {platform.processor() or platform.machine()} · "
                f"{os.cpu_count()} cores · Python {platform.python_version()} · "
                f"load {os.getloadavg()[0]:.1f}"
            )
            ok &= one[4] == many[4]
            print(f"{'OK' if ok else 'FAIL'}: same leaders, queries {one[4]} and {many[4]}")
            return 0 if ok else 1
        finally:
            stats.yaku_leaders = totals_leaders


if __name__ == "__main__":
    sys.exit(main())
