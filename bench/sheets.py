"""How long the score sheets take to render, against WeasyPrint on a bare table of the same rows.

Builds, in a throwaway SQLite database, a 30-hand game and a season of 200 players (and the
largest game sheet a request renders, 300 hands with a correction every 25, and a season of
300 players, past the standings sheet's limit of 200), then times
(median of ``--runs`` after one warm-up, wall clock and CPU) the selector (database reads), the
renderer (template and WeasyPrint) and, for comparison, WeasyPrint on a bare HTML table holding
the same cells with no style sheet: through the sheets' own ``html_to_pdf`` (the ratio the goal
is checked on, like for like) and called plainly. Goals: game sheet 1.5 s or less, standings
sheet 3 s or less, and the sheet at most 1.5 times the bare table; the largest sheets 6 s
(300 hands) and 4.5 s (300 players) or less.

    .venv/bin/python bench/sheets.py            # prints the figures; exits 1 if a goal is missed
    .venv/bin/python bench/sheets.py --runs 3 --keep /tmp/sheets   # also writes the PDFs there
"""

from __future__ import annotations

import argparse
import ctypes.util
import datetime
import html
import os
import platform
import random
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GAME_GOAL, STANDINGS_GOAL, RATIO_GOAL = 1.5, 3.0, 1.5
# The largest sheets one request renders (SHEET_MAX_HANDS, SHEET_MAX_ROWS): a worker is held
# this long at most, and only SHEET_RENDER_SLOTS workers at once.
LONG_GAME_GOAL, FULL_STANDINGS_GOAL = 6.0, 4.5
NAMES = ["Aiko 佐藤", "Bruno Rossi", "Chiara Lucà", "Daiki 鈴木", "Elena Bianchi", "Fumiko 中村"]


def setup_django(db_path: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def random_hand(rng: random.Random, scores: list[int]) -> dict:
    riichi = [s for s in range(4) if scores[s] >= 1000 and rng.random() < 0.2]
    kind = rng.random()
    if kind < 0.5:
        loser = rng.randrange(4)
        winner = rng.choice([s for s in range(4) if s != loser])
        win = {"seat": winner, "han": rng.choice([1, 2, 2, 3, 4, 5]), "fu": rng.choice([30, 40])}
        return {"result": "ron", "from": loser, "wins": [win], "riichi": riichi}
    if kind < 0.8:
        win = {"seat": rng.randrange(4), "han": rng.choice([1, 2, 3, 4]), "fu": 30}
        return {"result": "tsumo", "wins": [win], "riichi": riichi}
    tenpai = sorted(rng.sample(range(4), rng.randrange(5)))
    return {"result": "draw", "tenpai": tenpai, "riichi": riichi}


def _organiser(club, user) -> None:
    """Make ``user`` an organiser of ``club``: the services ask the user's role."""
    from clubs.models import Membership

    Membership.objects.get_or_create(
        club=club, user=user, defaults={"role": Membership.Role.ORGANISER}
    )


def build_game(club, user, hands: int):
    """A game of ``hands`` hands (all four winds, no bust, so it runs that long)."""
    import engine
    from clubs.models import Player
    from scoring import services

    _organiser(club, user)  # the corrections below are an organiser's
    players = [Player.objects.create(club=club, display_name=n) for n in NAMES[:4]]
    game = services.game_create(
        club=club,
        players=players,
        created_by=user,
        rules={"preset": "japanese-modern", "options": {"length": "all", "bust_ends": False}},
        table="3",
    )
    rng = random.Random(7)
    scores, dealer = [25000] * 4, 0
    # A game of all four winds has 16 deals: the dealer keeps the deal often enough to fill them.
    per_deal = max(2, -(-hands // 15))
    while game.hand_count < hands:
        hand = random_hand(rng, scores)
        if game.hand_count % per_deal:  # the dealer wins or is ready, and keeps the deal
            hand = (
                {"result": "tsumo", "wins": [{"seat": dealer, "han": 2, "fu": 30}]}
                if game.hand_count % 3
                else {"result": "draw", "tenpai": sorted({dealer, rng.randrange(4)})}
            )
        try:
            write = services.hand_submit(game=game, hand=hand, user=user)
        except engine.EngineError:
            continue
        game = write.game
        scores = write.response["result"]["scores"]
        dealer = (write.response["final"]["next"] or {}).get("dealer", 0)
        if game.over:
            raise SystemExit("the bench game ended before its hands were played")
    # The paper trail: one hand in 25 corrected (to itself), each a crossing on the sheet.
    for number in range(25, game.hand_count + 1, 25):
        data = game.hands.get(number=number).data
        services.hand_correct(game=game, number=number, hand=data, reason="checked", user=user)
    return services.game_finish(game=game, user=user)


def build_season(club, user, players: int, games: int):
    """A season of ``games`` short games among ``players`` players."""
    from clubs.models import Player
    from leagues.models import League, Season
    from scoring import services

    _organiser(club, user)  # the games are imported by a scorer of the club
    league = League.objects.create(
        club=club, name="Lega Tōkyō", slug="lega", rules={"preset": "japanese-modern"}
    )
    season = Season.objects.create(league=league, name="2026", starts=datetime.date(2026, 1, 1))
    people = [
        Player.objects.create(club=club, display_name=f"{NAMES[i % len(NAMES)]} {i:03d}")
        for i in range(players)
    ]
    rng = random.Random(11)
    for g in range(games):
        seated = [people[(g * 4 + k) % players] for k in range(4)]
        hands = [random_hand(rng, [25000] * 4) for _ in range(2)]
        services.game_import(
            club=club,
            record={"rules": "japanese-modern", "hands": hands, "ended": True},
            players=seated,
            created_by=user,
            league=league,
            played_on=datetime.date(2026, 1, 1) + datetime.timedelta(days=g % 300),
        )
    return season


def bare_table(rows: list[list[str]]) -> str:
    """The same cells as a plain HTML table with no style sheet."""
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    return f'<!doctype html><html><meta charset="utf-8"><body><table>{body}</table></body></html>'


def game_rows(sheet) -> list[list[str]]:
    return [
        [
            h.number,
            h.label,
            h.dealer,
            " ".join((h.outcome, *h.details)),
            *(f"R {d}" if declared else d for d, declared in h.changes),
            f"{h.pool_before} → {h.pool}",
            "✓",
            *h.scores,
        ]
        for h in sheet.hands
    ]


def standings_rows(sheet) -> list[list[str]]:
    return [
        [
            r.rank,
            r.name,
            r.games,
            r.counted,
            r.total,
            r.average,
            *r.placements,
            r.average_placement,
            r.best,
        ]
        for r in (*sheet.rows, *sheet.unqualified)
    ]


@dataclass(frozen=True)
class Timing:
    """Seconds of ``runs`` calls after a warm-up: wall clock (best, median) and CPU (median).

    On a machine shared with other work the wall clock waits for the CPU; this process's CPU
    time does not, so the ratio to the bare table is taken from CPU time.
    """

    best: float
    median: float
    cpu: float


def timed(fn, runs: int) -> tuple[Timing, object]:
    out = fn()
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        out = fn()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return Timing(min(wall), statistics.median(wall), statistics.median(cpu)), out


def pages(content: bytes) -> int:
    import io

    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(content)).pages)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--long-hands", type=int, default=300, help="a second, long game (0: none)")
    parser.add_argument(
        "--full-players", type=int, default=300, help="a second, full season (0: none)"
    )
    parser.add_argument("--keep", help="a folder to write the rendered PDFs to")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        setup_django(str(Path(tmp) / "bench.sqlite3"))
        import weasyprint
        from django.contrib.auth.models import User

        from clubhouse.leagues.sheet_views import standings_sheet_data
        from clubs.models import Club
        from core import pdf as core_pdf
        from scoring import pdf, sheet_data

        print(
            f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
            f"{cpu_model()}; Python {platform.python_version()}, WeasyPrint "
            f"{weasyprint.__version__}, harfbuzz-subset "
            f"{'found' if ctypes.util.find_library('harfbuzz-subset') else 'MISSING'}"
        )
        user = User.objects.create_user("bench")
        club = Club.objects.create(name="Riverside Mahjong", slug="riverside")
        start = time.perf_counter()
        game = build_game(club, user, args.hands)
        season = build_season(club, user, args.players, args.games)
        print(
            f"built a {game.hand_count}-hand game and a season of {args.games} games among "
            f"{args.players} players in {time.perf_counter() - start:.1f} s"
        )
        long_game = full_season = None
        if args.long_hands:
            other = Club.objects.create(name="Riverside Mahjong", slug="long")
            long_game = build_game(other, user, args.long_hands)
        if args.full_players:
            other = Club.objects.create(name="Riverside Mahjong", slug="full")
            full_season = build_season(other, user, args.full_players, args.full_players * 2)

        failures = []
        cases = [
            (
                "game sheet",
                lambda: sheet_data.game_sheet(game, address="https://tenbou.example/games/1/"),
                pdf.game_sheet_pdf,
                game_rows,
                GAME_GOAL,
            ),
            (
                "standings sheet",
                lambda: standings_sheet_data(season, address="https://tenbou.example/s/1/"),
                pdf.standings_pdf,
                standings_rows,
                STANDINGS_GOAL,
            ),
        ]
        if long_game is not None:
            cases.append(
                (
                    f"game sheet, {long_game.hand_count} hands",
                    lambda: sheet_data.game_sheet(long_game, address="https://x.example/g/2/"),
                    pdf.game_sheet_pdf,
                    game_rows,
                    LONG_GAME_GOAL,
                )
            )
        if full_season is not None:
            cases.append(
                (
                    f"standings sheet, {args.full_players} players",
                    lambda: standings_sheet_data(full_season, address="https://x/s/2/"),
                    pdf.standings_pdf,
                    standings_rows,
                    FULL_STANDINGS_GOAL,
                )
            )
        for name, select, render, rows, goal in cases:
            select_t, sheet = timed(select, args.runs)
            render_t, content = timed(lambda: render(sheet), args.runs)  # noqa: B023
            bare_html = bare_table(rows(sheet))
            bare_t, bare = timed(lambda: core_pdf.html_to_pdf(bare_html), args.runs)  # noqa: B023
            plain_t, _ = timed(lambda: weasyprint.HTML(string=bare_html).write_pdf(), args.runs)  # noqa: B023
            total = select_t.median + render_t.median
            ratio = render_t.cpu / bare_t.cpu
            print(
                f"{name}: {len(rows(sheet))} rows, {pages(content)} pages, {len(content):,} bytes\n"
                f"  selector {select_t.median:.3f} s + render {render_t.median:.3f} s (median) = "
                f"{total:.3f} s, goal {goal} s; render best {render_t.best:.3f} s, "
                f"CPU {render_t.cpu:.3f} s\n"
                f"  bare table ({pages(bare)} pages): median {bare_t.median:.3f} s, best "
                f"{bare_t.best:.3f} s, CPU {bare_t.cpu:.3f} s\n"
                f"  ratio sheet / bare table: CPU {ratio:.2f} (goal {RATIO_GOAL}), wall clock "
                f"{render_t.median / bare_t.median:.2f} median, "
                f"{render_t.best / bare_t.best:.2f} best\n"
                f"  WeasyPrint called plainly on the bare table (collector on): CPU "
                f"{plain_t.cpu:.3f} s; sheet / that: CPU {render_t.cpu / plain_t.cpu:.2f}"
            )
            if total > goal:
                failures.append(f"{name} took {total:.2f} s > {goal} s")
            if ratio > RATIO_GOAL:
                failures.append(f"{name} ratio {ratio:.2f} > {RATIO_GOAL}")
            if args.keep:
                Path(args.keep).mkdir(parents=True, exist_ok=True)
                file = re.sub(r"\W+", "-", name).strip("-") + ".pdf"
                Path(args.keep, file).write_bytes(content)
        print(f"load average during the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        for f in failures:
            print("MISSED:", f)
        return 1 if failures else 0


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


if __name__ == "__main__":
    sys.exit(main())
