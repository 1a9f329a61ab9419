"""What the tournament pages read: an event's rounds with their tables, and the board."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

import engine
from core.formats import points
from scoring.clocks import clock_text
from scoring.models import Game
from scoring.presenter import seat_winds
from tournaments.models import Round, Table


@dataclass(frozen=True)
class BoardSeat:
    wind: str
    name: str
    substitute: bool
    score_text: str
    place: int | None


@dataclass(frozen=True)
class BoardTable:
    table: Table
    seats: tuple[BoardSeat, ...]
    status: str
    """``waiting`` (round not started), ``running``, ``late`` (running past the clock),
    ``finished`` or ``abandoned``."""


def seconds_left(round_: Round, now: datetime.datetime) -> int | None:
    """The round's clock: seconds until its end (0 once it is up), None before the start."""
    if round_.ends_at is None:
        return None
    return max(0, int((round_.ends_at - now).total_seconds()))


__all__ = ["BoardSeat", "BoardTable", "clock_text", "round_tables", "seconds_left"]


def round_tables(round_: Round, now: datetime.datetime) -> list[BoardTable]:
    """The round's tables with their seats, and each game's current scores (two queries)."""
    tables = (
        round_.tables.select_related("game")
        .prefetch_related("seats__player", "seats__entrant__player")
        .order_by("number")
    )
    winds = seat_winds(0)
    out = []
    for table in tables:
        game: Game | None = table.game
        scores: list[Any] = [None] * 4
        place: dict[int, int] = {}
        if game is not None:
            final = game.final_result
            scores = list(final.scores) if final is not None else [0, 0, 0, 0]
            start = game.start if isinstance(game.start, dict) else {}
            east = engine.first_east(start.get("dealer", 0), start.get("number", 1))
            place = {s: i for i, s in enumerate(engine.order_seats(scores, east), 1)}
        seats = tuple(
            BoardSeat(
                wind=winds[s.seat],
                name=s.player.display_name if s.player else "",
                substitute=s.is_substitute,
                score_text=points(scores[s.seat]),
                place=place.get(s.seat),
            )
            for s in sorted(table.seats.all(), key=lambda s: s.seat)
        )
        if game is None:
            status = "waiting"
        elif game.status == Game.Status.RUNNING:
            late = table.late_at is not None or (
                round_.ends_at is not None and now > round_.ends_at
            )
            status = "late" if late else "running"
        else:
            status = str(game.status)
        out.append(BoardTable(table=table, seats=seats, status=status))
    return out


def apart_groups(event: Any) -> list[tuple[str, list[Any]]]:
    """The event's groups the draw keeps apart: each label (as first written) with its
    entrants, the groups of one entrant left out (they keep nobody apart)."""
    groups: dict[str, list[Any]] = {}
    for entrant in event.entrants.select_related("player").exclude(group=""):
        groups.setdefault(entrant.group.casefold(), []).append(entrant)
    return [(members[0].group, members) for members in groups.values() if len(members) > 1]
