"""Demo data of the scoring app, called by `clubhouse.demo.seed_demo`; idempotent.

Casual games (no league) in several presets, entered hand by hand through the services as a
scorer would, so the demo's numbers come from the engine like any other game's.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction

from clubs.models import Player
from scoring import services

R = "ron"
T = "tsumo"

JAPANESE_MODERN = [
    {"result": R, "from": 2, "wins": [{"seat": 1, "han": 2, "fu": 30}]},
    {"result": T, "wins": [{"seat": 3, "han": 3, "fu": 30}], "riichi": [3]},
    {"result": "draw", "tenpai": [0, 2], "riichi": [0]},
    {"result": R, "from": 1, "wins": [{"seat": 2, "han": 4, "fu": 30}], "riichi": [2]},
    {"result": R, "from": 0, "wins": [{"seat": 3, "han": 5}]},
    {"result": T, "wins": [{"seat": 1, "han": 1, "fu": 40}]},
    {"result": R, "from": 3, "wins": [{"seat": 0, "han": 2, "fu": 40}], "riichi": [0]},
    {"result": R, "from": 1, "wins": [{"seat": 0, "han": 3, "fu": 40}]},
    {"result": "draw", "tenpai": [1]},
    {"result": R, "from": 2, "wins": [{"seat": 1, "han": 6}], "riichi": [1]},
    {"result": R, "from": 0, "wins": [{"seat": 3, "han": 2, "fu": 30}]},
    {"result": T, "wins": [{"seat": 0, "han": 2, "fu": 30}], "riichi": [0]},
    {"result": R, "from": 2, "wins": [{"seat": 1, "han": 3, "fu": 30}]},
]

TENHOU = [
    {"result": R, "from": 3, "wins": [{"seat": 2, "han": 3, "fu": 40}], "riichi": [2]},
    {"result": T, "wins": [{"seat": 1, "han": 4, "fu": 30}]},
    {"result": "draw", "tenpai": [0, 1, 3], "riichi": [3]},
    {
        "result": R,
        "from": 1,
        "wins": [{"seat": 2, "han": 3, "fu": 30}, {"seat": 0, "han": 2, "fu": 30}],
    },
    {"result": R, "from": 2, "wins": [{"seat": 3, "han": 1, "fu": 30}], "riichi": [3]},
    {"result": T, "wins": [{"seat": 2, "han": 5}]},
    {"result": R, "from": 0, "wins": [{"seat": 1, "han": 2, "fu": 40}]},
    {"result": R, "from": 2, "wins": [{"seat": 0, "han": 3, "fu": 30}], "riichi": [0]},
    {"result": R, "from": 0, "wins": [{"seat": 3, "han": 2, "fu": 30}]},
    {"result": T, "wins": [{"seat": 1, "han": 1, "fu": 30}]},
]


def _loser(seat: int, points: int, doubles: int) -> dict[str, int]:
    return {"seat": seat, "points": points, "doubles": doubles}


ITALIAN = [
    {
        "result": R,
        "from": 2,
        "wins": [{"seat": 1, "points": 24, "doubles": 2}],
        "losers": [_loser(0, 8, 0), _loser(2, 4, 1), _loser(3, 0, 0)],
    },
    {
        "result": T,
        "wins": [{"seat": 3, "points": 30, "doubles": 3}],
        "losers": [_loser(0, 10, 1), _loser(1, 2, 0), _loser(2, 16, 0)],
    },
    {"result": "draw"},
    {
        "result": R,
        "from": 1,
        "wins": [{"seat": 0, "points": 40, "doubles": 2}],
        "losers": [_loser(1, 6, 0), _loser(2, 12, 1), _loser(3, 8, 0)],
    },
    {
        "result": T,
        "wins": [{"seat": 2, "points": 22, "doubles": 4}],
        "losers": [_loser(0, 4, 0), _loser(1, 14, 1), _loser(3, 0, 0)],
    },
]

# (preset, players by index into the club's demo players, hands, days ago, end it now)
GAMES: list[tuple[str, tuple[int, ...], list[dict[str, Any]], int, bool]] = [
    ("japanese-modern", (0, 1, 2, 3), JAPANESE_MODERN, 6, False),
    ("italian-official", (4, 5, 0, 1), ITALIAN, 5, True),
    ("tenhou", (2, 3, 4, 5), TENHOU, 3, False),
]
RUNNING = ("japanese-modern", (0, 2, 4, 5), JAPANESE_MODERN[:4])


@transaction.atomic
def seed(club: Any, user: Any) -> int:
    """Create the casual preset games unless the club has some already; return how many."""
    # Other apps seed league games and rule-set games; the casual preset games are ours.
    if club.games.filter(league__isnull=True, ruleset_version__isnull=True).exists():
        return 0
    players = list(Player.objects.filter(club=club).order_by("pk"))
    if len(players) < 6:
        return 0
    today = datetime.date.today()
    created = 0
    for preset, seats, hands, days_ago, end_now in GAMES:
        game = services.game_create(
            club=club,
            players=[players[i] for i in seats],
            rules=preset,
            created_by=user,
            table="A",
            played_on=today - datetime.timedelta(days=days_ago),
        )
        for number, hand in enumerate(hands, start=1):
            services.hand_submit(game=game, hand=hand, user=user, expected_number=number)
        if end_now:
            services.game_finish(game=game, user=user)
        created += 1
    preset, seats, hands = RUNNING
    game = services.game_create(
        club=club, players=[players[i] for i in seats], rules=preset, created_by=user, table="B"
    )
    for number, hand in enumerate(hands, start=1):
        services.hand_submit(game=game, hand=hand, user=user, expected_number=number)
    return created + 1
