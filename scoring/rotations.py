"""Five at a table, read side: who sits out which game of a rotation, who sits where, and the
night's standing from the games' cached numbers (nothing here replays a game).

The rule, in one place (the services start games by it, the pages and the blank sheet show
it): game ``n`` (from 1) of a rotation whose order is ``order`` (five players) is sat out by
``order[(n - 1) % 5]``; the four others sit in the order's turn after the one who sits out,
East first.

>>> order = ["Aiko", "Bruno", "Chiara", "Daiki", "Emi"]
>>> sits_out(order, 1), seating(order, 1)
('Aiko', ['Bruno', 'Chiara', 'Daiki', 'Emi'])
>>> sits_out(order, 2), seating(order, 2)
('Bruno', ['Chiara', 'Daiki', 'Emi', 'Aiko'])
>>> sits_out(order, 6), seating(order, 6) == seating(order, 1)
('Aiko', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Count

import engine
from clubs.models import Player
from core.formats import result_text
from engine import Unit
from scoring.models import Game, GameSeat, Rotation, RotationGame

PLAYERS = 5
"""The players of a rotation: five (four play, one sits out). Six or more at one table are
two tables, or another night."""

SEATS = 4
"""The seats of each of its games: four-player rules only."""


def sits_out[T](order: Sequence[T], number: int) -> T:
    """Who sits out game ``number`` (from 1) under ``order``."""
    if number < 1:
        raise ValueError("Games of a rotation are numbered from 1.")
    return order[(number - 1) % len(order)]


def seating[T](order: Sequence[T], number: int) -> list[T]:
    """The four players of game ``number`` in seat order (East, South, West, North): the
    order's turn after the one who sits out."""
    out = (number - 1) % len(order)
    return [order[(out + k) % len(order)] for k in range(1, len(order))]


RECENT = 5
"""The rotations the club's games list links to (the newest)."""


def recent(club: Any) -> list[Rotation]:
    """The club's newest rotations, each with ``game_count``, for the games list."""
    return list(
        club.rotations.annotate(game_count=Count("games")).order_by("-played_on", "-id")[:RECENT]
    )


def order_of(rotation: Rotation) -> list[Player]:
    """The rotation's players in its sit-out order now."""
    return [s.player for s in rotation.seats.select_related("player").order_by("place")]


def rotation_games(rotation: Rotation) -> list[RotationGame]:
    """The rotation's games, first first, with their games and seats loaded."""
    return list(
        rotation.games.select_related("game", "sits_out")
        .prefetch_related("game__seats__player")
        .order_by("number")
    )


def running_game(rotation: Rotation) -> Game | None:
    """The rotation's game in progress, if one is (at most one is)."""
    row = (
        rotation.games.filter(game__status=Game.Status.RUNNING)
        .select_related("game")
        .order_by("number")
        .first()
    )
    return row.game if row is not None else None


@dataclass(frozen=True)
class Upcoming:
    """A game of the rotation not started yet, as the order stands now."""

    number: int
    sits_out: Player
    seats: list[Player]


def upcoming(rotation: Rotation, *, started: int, count: int = PLAYERS) -> list[Upcoming]:
    """The next ``count`` games after the ``started`` ones: who sits out and who sits where
    (a change of the order changes these, never a game already started)."""
    order = order_of(rotation)
    return [
        Upcoming(number=n, sits_out=sits_out(order, n), seats=seating(order, n))
        for n in range(started + 1, started + 1 + count)
    ]


def rotation_unit(rotation: Rotation) -> str:
    """The unit of its games' results (they all copy the rotation's rules): tenths of 1,000
    under a placement settlement, else points."""
    rules = engine.resolve_rules(rotation.rules)
    return Unit.TENTHS if engine.settlement_terms(rules).placement else Unit.POINTS


@dataclass(frozen=True)
class StandingRow:
    """One player's line in the rotation's standing."""

    place: int
    player: Player
    games: int
    """Finished games of the rotation they played."""
    sat_out: int
    """Games of the rotation started so far that they sat out."""
    total: int
    """The sum of their results in those games, in ``unit``."""
    placements: tuple[int, int, int, int]
    """How many times they were first, second, third and fourth."""
    unit: str

    @property
    def total_text(self) -> str:
        return result_text(self.total, self.unit) if self.games else ""


def standing(rotation: Rotation) -> list[StandingRow]:
    """Each player's games, total and placements over the rotation's finished games (an
    abandoned or running game counts for nobody), best total first, then more games played;
    equal totals over as many games share a place (listed in the order)."""
    order = order_of(rotation)
    results: dict[int, list[tuple[int, int]]] = {p.pk: [] for p in order}
    for row in GameSeat.objects.filter(
        game__rotation_game__rotation=rotation, game__status=Game.Status.FINISHED
    ).values("player_id", "result", "rank"):
        if row["player_id"] in results and row["result"] is not None:
            results[row["player_id"]].append((row["result"], row["rank"]))
    sat_out: dict[int, int] = dict.fromkeys(results, 0)
    for player_id in rotation.games.values_list("sits_out_id", flat=True):
        if player_id in sat_out:
            sat_out[player_id] += 1
    unit = rotation_unit(rotation)
    lines = []
    for place, player in enumerate(order):
        mine = results[player.pk]
        counts = tuple(sum(1 for _, rank in mine if rank == r) for r in range(1, 5))
        lines.append(
            (
                (-sum(r for r, _ in mine), -len(mine), place),
                player,
                mine,
                counts,
            )
        )
    lines.sort(key=lambda line: line[0])
    rows: list[StandingRow] = []
    for i, (key, player, mine, counts) in enumerate(lines):
        tied = i > 0 and lines[i - 1][0][:2] == key[:2]
        rows.append(
            StandingRow(
                place=rows[-1].place if tied else i + 1,
                player=player,
                games=len(mine),
                sat_out=sat_out[player.pk],
                total=sum(r for r, _ in mine),
                placements=counts,  # type: ignore[arg-type]
                unit=unit,
            )
        )
    return rows
