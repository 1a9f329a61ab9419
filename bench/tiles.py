"""Tile calculator benchmark: a win given as tiles, through the engine, against the `mahjong`
library's own time for the same hand.

Run by hand (not by pytest), from the project root:

    .venv/bin/python bench/tiles.py
    .venv/bin/python bench/tiles.py --rounds 300 --repeat 7

The hands are the ones below (riichi pinfu tanyao, seven pairs, open hands with pons and
chis, kongs, dora and red fives, a yakuman, both winds), each valued ``--rounds`` times:

1. the library alone: ``HandCalculator.estimate_hand_value`` with a new ``HandConfig`` per
   hand, on tiles already in its 136 numbering (its documented use);
2. the engine's tile calculator alone (:func:`engine.tiles.value_tiles` on tiles read
   beforehand): the completeness check, the library's call, the preset's table, the dora;
3. the server's whole work for the hand: ``score_record`` of a one-hand record (read the
   notation and check it, value, pay, JSON-ready result), what the preview and the hand-entry
   request ask of the engine.

It first checks that under ``tenhou`` (the standard table, which is the library's) the engine
finds the same han and fu as the library for every hand. Timings are the least CPU time of
``--repeat`` runs with the collector off. Results go to docs/benchmarks.md ("Tiles").

``--preview N`` then times the server's whole answer to the entry form's preview request
(Django's test client in-process, DEBUG off, a throwaway SQLite file, a game of 8 hands
before it), N requests each way taking turns: the same riichi pinfu tanyao tsumo by han and
fu, by yaku, and by tiles; medians, and what the tiles add per request against the library's
own time for that hand.
"""

from __future__ import annotations

import argparse
import gc
import platform
import sys
import time
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mahjong.constants import EAST  # noqa: E402
from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules  # noqa: E402

from engine import resolve_rules, score_record  # noqa: E402
from engine.tiles import _to_136, parse_tiles, value_tiles  # noqa: E402

# (tiles, win, melds, dora indicators, tsumo, riichi, seat, round): seat 0 deals.
HANDS: list[tuple[str, str, list[dict[str, str]], list[str], bool, bool, int, int]] = [
    ("234567m234p45688s", "6s", [], ["1p"], True, True, 1, 0),
    ("234067m234p45688s", "6s", [], [], False, True, 2, 0),
    ("22444m333567p444s", "4s", [], [], False, False, 1, 0),
    ("234789m12345666p", "6p", [], ["9m"], True, True, 3, 1),
    ("1133m2255p4466s77z", "7z", [], [], False, True, 1, 0),
    ("234567m22p234s555z", "7m", [{"kind": "pon", "tiles": "555z"}], ["6m"], False, False, 2, 0),
    ("123456m55566677z", "7z", [{"kind": "pon", "tiles": "555z"}], [], False, False, 1, 0),
    ("234567m234p88s222z", "8s", [{"kind": "pon", "tiles": "222z"}], [], True, False, 1, 0),
    ("234567m234p88s5555z", "8s", [{"kind": "kan", "tiles": "5555z"}], ["4z"], True, False, 2, 0),
    ("11122233345699m", "9m", [], [], True, True, 0, 0),
    ("19m19p19s12345677z", "7z", [], [], False, False, 1, 0),
    (
        "234567m234p45688s",
        "8s",
        [{"kind": "chi", "tiles": "234p"}, {"kind": "chi", "tiles": "567m"}],
        [],
        False,
        False,
        3,
        1,
    ),
]


def record(hand: tuple[Any, ...]) -> dict[str, Any]:
    tiles, win, melds, dora, tsumo, riichi, seat, round_ = hand
    value: dict[str, Any] = {"seat": seat, "tiles": tiles, "win": win}
    if melds:
        value["melds"] = melds
    if dora:
        value["dora_indicators"] = dora
    result: dict[str, Any] = {"result": "tsumo" if tsumo else "ron", "wins": [value]}
    if not tsumo:
        result["from"] = (seat + 1) % 4
    if riichi:
        result["riichi"] = [seat]
    return {
        "rules": "tenhou",
        "start": {"round": "ESWN"[round_], "number": 1, "dealer": 0},
        "hands": [result],
    }


def best_of(repeat: int, run: Callable[[], object]) -> float:
    """The least CPU time of ``repeat`` runs, in seconds, with the collector off."""
    times = []
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        started = time.process_time()
        run()
        times.append(time.process_time() - started)
        gc.enable()
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200, help="times each hand is valued")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--preview", type=int, default=0, help="also time N preview requests each way"
    )
    args = parser.parse_args()
    rules = resolve_rules("tenhou")
    parsed = [parse_tiles(record(h)["hands"][0]["wins"][0], "wins[0]") for h in HANDS]
    lib_inputs = []
    for h, p in zip(HANDS, parsed, strict=True):
        tiles, win, melds = _to_136(p)
        dora_136 = [k * 4 + 1 for k in p.dora_indicators]
        lib_inputs.append((tiles, win, melds, dora_136, h))

    def library() -> None:
        for tiles, win, melds, dora, h in lib_inputs:
            config = HandConfig(
                is_tsumo=h[4],
                is_riichi=h[5],
                player_wind=EAST + h[6],
                round_wind=EAST + h[7],
                options=OptionalRules(
                    has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False
                ),
            )
            HandCalculator.estimate_hand_value(
                tiles, win, melds=melds, dora_indicators=dora, config=config
            )

    def engine() -> None:
        for h, p in zip(HANDS, parsed, strict=True):
            value_tiles(
                rules,
                p,
                named=(),
                riichi=h[5],
                tsumo=h[4],
                seat_wind=h[6],
                round_wind=h[7],
                field="wins[0]",
            )

    records = [record(h) for h in HANDS]

    def server() -> None:
        for r in records:
            score_record(r)

    # The same han and fu as the library, hand by hand (the standard table is the library's).
    for (tiles, win, melds, dora, h), r in zip(lib_inputs, records, strict=True):
        config = HandConfig(
            is_tsumo=h[4],
            is_riichi=h[5],
            player_wind=EAST + h[6],
            round_wind=EAST + h[7],
            options=OptionalRules(
                has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False
            ),
        )
        lib = HandCalculator.estimate_hand_value(
            tiles, win, melds=melds, dora_indicators=dora, config=config
        )
        out = score_record(r)
        assert "error" not in out, (h, out)
        b = out["hands"][0]["breakdowns"][0]
        ours = (13 * b["yakuman"], None) if b["yakuman"] else (b["han"], b["fu"])
        theirs = (lib.han, None) if b["yakuman"] else (lib.han, lib.fu)
        assert ours == theirs, (h, ours, theirs)

    n = len(HANDS) * args.rounds

    def times(run: Callable[[], None]) -> float:
        return best_of(args.repeat, lambda: [run() for _ in range(args.rounds)]) / n * 1e6

    lib_us, engine_us, server_us = times(library), times(engine), times(server)
    print(
        f"Python {platform.python_version()}, mahjong {version('mahjong')}, "
        f"{len(HANDS)} hands x {args.rounds} rounds, least CPU time of {args.repeat} runs"
    )
    print(f"same han and fu as the library: {len(HANDS)} of {len(HANDS)}")
    print(f"mahjong estimate_hand_value (new HandConfig): {lib_us:8.1f} us a hand")
    print(f"engine value_tiles:                           {engine_us:8.1f} us a hand")
    print(f"engine score_record, one-hand record by tiles: {server_us:7.1f} us a hand")
    print(f"ratio value_tiles / mahjong:   {engine_us / lib_us:.2f}")
    print(f"ratio score_record / mahjong:  {server_us / lib_us:.2f}")
    if args.preview:
        preview(args.preview, lib_us)


def preview(n: int, lib_us: float) -> None:
    """The entry form's preview request by han and fu, by yaku and by tiles (median ms)."""
    import os
    import statistics
    import tempfile

    tmp = tempfile.mkdtemp()
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/tiles.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DEBUG"] = "false"
    os.environ.setdefault("SECRET_KEY", "bench-" + "x" * 50)
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    os.environ["SECURE_SSL_REDIRECT"] = "false"
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    from clubs.models import Club, Membership, Player
    from scoring import services

    setup_test_environment()
    call_command("migrate", verbosity=0)
    settings.ALLOWED_HOSTS = ["testserver"]
    user = User.objects.create_user("bench", password="bench-password-1")
    club = Club.objects.create(name="Bench", slug="bench")
    Membership.objects.create(club=club, user=user, role=Membership.Role.SCORER)
    players = [Player.objects.create(club=club, display_name=f"P{i}") for i in range(4)]
    game = services.game_create(club=club, players=players, rules="tenhou", created_by=user)
    for i in range(8):  # a game under way: the preview replays the hands before it
        hand = {"result": "ron", "from": (i + 1) % 4, "wins": [{"seat": i % 4, "han": 1, "fu": 30}]}
        services.hand_submit(game=game, hand=hand, user=user)
    client = Client()
    client.force_login(user)
    url = f"/games/{game.pk}/hands/preview/"
    base = {"result": "tsumo", "winners": ["1"], "riichi": ["1"]}
    forms = {
        "han and fu": {**base, "value_1": "4", "fu_1": "20"},
        "yaku": {**base, "yaku_1": ["riichi", "menzen_tsumo", "pinfu", "tanyao"]},
        "tiles": {**base, "tiles_1": "234567m234p45688s", "win_1": "6s"},
    }
    times: dict[str, list[float]] = {k: [] for k in forms}
    for k, data in forms.items():  # the same numbers each way
        page = client.post(url, data)
        assert page.context["preview"]["seats"][1]["delta"] == "+5,200", (k, page.context)
    for _ in range(n):
        for k, data in forms.items():
            started = time.process_time()  # CPU time: the machine is shared
            client.post(url, data)
            times[k].append((time.process_time() - started) * 1000)
    medians = {k: statistics.median(v) for k, v in times.items()}
    print(
        f"preview request, median CPU time of {n} (ms): "
        + ", ".join(f"{k} {v:.2f}" for k, v in medians.items())
    )
    extra_us = (medians["tiles"] - medians["han and fu"]) * 1000
    print(f"tiles add {extra_us:.0f} us a request: {extra_us / lib_us:.2f}x the library's time")
    print(f"request by tiles / by han and fu: {medians['tiles'] / medians['han and fu']:.2f}")


if __name__ == "__main__":
    main()
