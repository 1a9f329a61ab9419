"""What the apps above leagues tell it, registered in their ``AppConfig.ready()``.

leagues sits below scoring and reads no game; yet a league's table size may not change once
it has games (standings never add a three-player result to a four-player one). scoring
registers here how to ask whether a league has any.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from leagues.models import League

# league -> whether any game (running, finished or abandoned) was played in it.
LeagueGames = Callable[["League"], bool]

_league_games: list[LeagueGames] = []


def register_league_games(reader: LeagueGames) -> None:
    if reader not in _league_games:
        _league_games.append(reader)


def league_has_games(league: League) -> bool:
    """Whether any registered reader knows a game of ``league``."""
    return any(reader(league) for reader in _league_games)
