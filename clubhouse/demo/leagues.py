"""Demo data of the leagues app, called by `clubhouse.demo.seed_demo`; idempotent.

A "Demo League" with a season running this year and eight finished league games among the
club's six players, entered hand by hand through the scoring services, so the standings, the
live board and the player pages show real numbers from the engine.
"""

from __future__ import annotations

import datetime
from typing import Any

from leagues import services
from leagues.models import League
from scoring import services as scoring

DEMO_SLUG = "demo-league"


def _ron(winner: int, loser: int, han: int, fu: int = 30, riichi: tuple[int, ...] = ()) -> dict:
    return {
        "result": "ron",
        "from": loser,
        "wins": [{"seat": winner, "han": han, "fu": fu}],
        "riichi": list(riichi),
    }


def _tsumo(winner: int, han: int, fu: int = 30, riichi: tuple[int, ...] = ()) -> dict:
    return {
        "result": "tsumo",
        "wins": [{"seat": winner, "han": han, "fu": fu}],
        "riichi": list(riichi),
    }


def _draw(*tenpai: int) -> dict:
    return {"result": "draw", "tenpai": list(tenpai), "riichi": []}


# Who sits where (indexes into the club's players) and the hands each game plays before the
# club ends it: short games, enough to give every player a different season.
GAMES: tuple[tuple[tuple[int, int, int, int], tuple[dict, ...]], ...] = (
    ((0, 1, 2, 3), (_ron(0, 1, 3, riichi=(0,)), _tsumo(2, 2, 40), _ron(3, 0, 4), _draw(1, 3))),
    ((4, 5, 0, 1), (_tsumo(0, 3, riichi=(0,)), _ron(1, 2, 2), _ron(0, 3, 5), _draw(2))),
    ((2, 3, 4, 5), (_ron(0, 3, 3, 40, riichi=(0, 3)), _tsumo(1, 1, 30), _ron(0, 2, 2))),
    ((1, 2, 5, 0), (_draw(0, 1), _ron(1, 2, 4, riichi=(1,)), _tsumo(3, 3, 30), _ron(2, 1, 1))),
    ((3, 4, 1, 2), (_tsumo(2, 4, riichi=(3,)), _ron(3, 0, 2, 30), _ron(1, 0, 3, riichi=(1,)))),
    ((5, 0, 3, 4), (_ron(1, 0, 5), _draw(2), _tsumo(2, 2, 30, riichi=(2,)), _ron(3, 1, 3))),
    ((0, 2, 4, 1), (_tsumo(2, 2), _ron(0, 3, 3, riichi=(0, 3)), _ron(1, 2, 4), _draw(0, 1))),
    ((1, 3, 5, 2), (_ron(1, 3, 3), _tsumo(2, 4, riichi=(2,)), _ron(0, 2, 2), _tsumo(1, 1, 40))),
)


def seed(club: Any, user: Any) -> int:
    """Create what is missing; return how many objects were created."""
    created = 0
    league = League.objects.filter(club=club, slug=DEMO_SLUG).first()
    if league is None:
        league = services.league_create(
            club=club,
            name="Demo League",
            slug=DEMO_SLUG,
            user=user,
            rules="japanese-modern",
            min_games=3,
        )
        created += 1
    today = datetime.date.today()
    if not league.seasons.exists():
        services.season_create(
            league=league,
            name=str(today.year),
            starts=datetime.date(today.year, 1, 1),
            ends=datetime.date(today.year, 12, 31),
            user=user,
        )
        created += 1
    players = list(club.players.order_by("pk")[:6])
    if len(players) < 6 or league.games.exists():
        return created
    for n, (seats, hands) in enumerate(GAMES):
        day = max(datetime.date(today.year, 1, 1), today - datetime.timedelta(days=7 * (8 - n)))
        game = scoring.game_create(
            club=club,
            players=[players[i] for i in seats],
            league=league,
            created_by=user,
            played_on=day,
            table=str(n % 2 + 1),
        )
        for hand in hands:
            scoring.hand_submit(game=game, hand=hand, user=user)
        scoring.game_finish(game=game, user=user)
        created += 1
    return created
