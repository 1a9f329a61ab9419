"""An event's standing after a round, read from the cached numbers of its games.

Each entrant's total is the sum of ``GameSeat.result`` (which scoring caches from the engine's
settlement when a game ends) over the finished games of the event's rounds up to the one asked
for, plus the organiser's penalties of those rounds. Nothing here replays a game.

A substitute's result counts as the event says (``Event.substitute_result``): for the absent
entrant whose seat they played, or for nobody; a seat the draw left to a substitute counts for
nobody. An abandoned game counts for nobody.

Tie rules, in order: the higher total; then more first places; then the better single game
result; entrants equal on all three share the place (1, 2, 2, 4).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

import engine
from core.formats import result_text
from engine import Unit
from scoring.models import Game, GameSeat
from tournaments.models import Entrant, Event, Penalty, TableSeat


@dataclass(frozen=True)
class StandingRow:
    """One entrant's line in the standing."""

    place: int
    entrant: Entrant
    games: int
    """Finished games whose result counts for them."""
    results: int
    """Sum of those games' results, in ``unit``."""
    penalties: int
    """Sum of their penalties, in ``unit`` (negative for a penalty)."""
    firsts: int
    best: int | None
    """The best single game result, None before their first game."""
    unit: str
    score: int = 0
    """The sum of their games' final scores less the start points (the raw table points)."""

    @property
    def total(self) -> int:
        return self.results + self.penalties

    @property
    def total_text(self) -> str:
        return result_text(self.total, self.unit)

    @property
    def results_text(self) -> str:
        return result_text(self.results, self.unit)

    @property
    def penalties_text(self) -> str:
        return result_text(self.penalties, self.unit) if self.penalties else ""


def event_unit(event: Event) -> str:
    """The unit of the event's results: tenths of 1,000 points under a placement settlement
    (uma), else points, from the pinned rules (every game of the event copies them)."""
    rules = engine.resolve_rules(event.ruleset_version.rules)
    return Unit.TENTHS if engine.settlement_terms(rules).placement else Unit.POINTS


def standing(event: Event, *, after: int | None = None) -> list[StandingRow]:
    """The standing after round ``after`` (default: every round), best first (three queries)."""
    last = event.rounds if after is None else after
    entrants = {e.pk: e for e in Entrant.objects.filter(event=event).select_related("player")}
    whose = {}
    for seat in TableSeat.objects.filter(
        table__round__event=event, table__round__number__lte=last, table__game__isnull=False
    ).values("table__game_id", "seat", "entrant_id", "entrant__player_id", "player_id"):
        entrant = seat["entrant_id"]
        if entrant is not None and seat["player_id"] != seat["entrant__player_id"]:
            entrant = entrant if event.substitute_result == "entrant" else None
        if entrant is not None:
            whose[(seat["table__game_id"], seat["seat"])] = entrant
    results: dict[int, list[tuple[int, int]]] = defaultdict(list)
    scores: dict[int, int] = defaultdict(int)
    start = engine.resolve_rules(event.ruleset_version.rules).start_points
    for row in GameSeat.objects.filter(
        game__tournament_table__round__event=event,
        game__tournament_table__round__number__lte=last,
        game__status=Game.Status.FINISHED,
    ).values("game_id", "seat", "result", "rank", "score"):
        entrant = whose.get((row["game_id"], row["seat"]))
        if entrant is not None and row["result"] is not None:
            results[entrant].append((row["result"], row["rank"]))
            scores[entrant] += (row["score"] or 0) - start
    penalties: dict[int, int] = defaultdict(int)
    for penalty in Penalty.objects.filter(event=event, round_number__lte=last):
        penalties[penalty.entrant_id] += penalty.points
    unit = event_unit(event)
    rows = [
        StandingRow(
            place=0,
            entrant=entrant,
            games=len(results[pk]),
            results=sum(r for r, _ in results[pk]),
            penalties=penalties[pk],
            firsts=sum(1 for _, rank in results[pk] if rank == 1),
            best=max((r for r, _ in results[pk]), default=None),
            unit=unit,
            score=scores[pk],
        )
        for pk, entrant in entrants.items()
    ]
    rows.sort(key=lambda r: (_merit(r), r.entrant.number))
    placed: list[StandingRow] = []
    for i, row in enumerate(rows):
        tied = i and _merit(rows[i - 1]) == _merit(row)
        place = placed[-1].place if tied else i + 1
        placed.append(
            StandingRow(
                place=place,
                entrant=row.entrant,
                games=row.games,
                results=row.results,
                penalties=row.penalties,
                firsts=row.firsts,
                best=row.best,
                unit=unit,
                score=row.score,
            )
        )
    return placed


def _merit(row: StandingRow) -> tuple[int, int, float]:
    """The sort key of the tie rules (smaller is better)."""
    best = row.best if row.best is not None else float("-inf")
    return (-row.total, -row.firsts, -best)
