"""An event's standing after a round, read from the cached numbers of its games.

Each entrant's total is the sum of ``GameSeat.result`` (which scoring caches from the engine's
settlement when a game ends) over the finished games of the event's rounds up to the one asked
for, plus the organiser's penalties of those rounds. Nothing here replays a game.

A substitute's result counts as the event says (``Event.substitute_result``): for the absent
entrant whose seat they played, for nobody, or as a fixed score (``Event.substitute_score``) for
the absent entrant (a game for them, never a first place nor their best game, and no table
score); a seat the draw left to a substitute counts for nobody. An abandoned game counts for
nobody.

Tie rules, in order: the higher total; then more first places; then the better single game
result; entrants equal on all three share the place (1, 2, 2, 4).

After cuts (:class:`tournaments.models.Cut`) the finalists come first: the entrants of the
standing fall into tiers, the finalists of the latest cut first, then those of the cut before
who did not make the latest, and so on, everyone else last. Within a tier the tie rules above
order them, over the rounds that count for that tier: every round when each cut up to the
tier's carried the scores, else the rounds after the latest cut of those that reset them (its
penalties too). Places run on across the tiers; only players of one tier share a place.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace

import engine
from core.formats import result_text
from engine import Unit
from scoring.models import Game, GameSeat
from tournaments.models import Cut, Entrant, Event, Penalty, TableSeat


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
    tier: int = 0
    """How many of the event's cuts (up to the round asked for) they made: 0 for everyone
    without a cut, 1 for the finalists of the first cut, ..."""

    @property
    def finalist(self) -> bool:
        return self.tier > 0

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


def rules_unit(spec: object) -> str:
    """The unit of the results of games under ``spec``: tenths of 1,000 points under a
    placement settlement (uma), else points."""
    rules = engine.resolve_rules(spec)  # type: ignore[arg-type]
    return Unit.TENTHS if engine.settlement_terms(rules).placement else Unit.POINTS


def event_unit(event: Event) -> str:
    """The unit of the event's results, from the pinned rules (every game of the event
    copies them)."""
    return rules_unit(event.ruleset_version.rules)


@dataclass(frozen=True)
class _Game:
    round: int
    result: int
    rank: int | None
    """None for a fixed score: no place at a table."""
    score: int
    played: bool
    """False for a substitute's fixed score: not a game of their own."""


def standing(event: Event, *, after: int | None = None) -> list[StandingRow]:
    """The standing after round ``after`` (default: every round), best first (five queries)."""
    last = event.rounds if after is None else after
    entrants = {e.pk: e for e in Entrant.objects.filter(event=event).select_related("player")}
    whose: dict[tuple[int, int], int] = {}
    fixed: dict[tuple[int, int], int] = {}
    round_of: dict[int, int] = {}
    for seat in TableSeat.objects.filter(
        table__round__event=event, table__round__number__lte=last, table__game__isnull=False
    ).values(
        "table__game_id",
        "table__round__number",
        "seat",
        "entrant_id",
        "entrant__player_id",
        "player_id",
    ):
        key = (seat["table__game_id"], seat["seat"])
        round_of[seat["table__game_id"]] = seat["table__round__number"]
        entrant = seat["entrant_id"]
        if entrant is not None and seat["player_id"] != seat["entrant__player_id"]:
            if event.substitute_result == "fixed" and event.substitute_score is not None:
                fixed[key] = entrant
                entrant = None
            elif event.substitute_result != "entrant":
                entrant = None
        if entrant is not None:
            whose[key] = entrant
    games: dict[int, list[_Game]] = defaultdict(list)
    start = engine.resolve_rules(event.ruleset_version.rules).start_points
    for row in GameSeat.objects.filter(
        game__tournament_table__round__event=event,
        game__tournament_table__round__number__lte=last,
        game__status=Game.Status.FINISHED,
    ).values("game_id", "seat", "result", "rank", "score"):
        key = (row["game_id"], row["seat"])
        number = round_of[row["game_id"]]
        if key in fixed and event.substitute_score is not None:
            games[fixed[key]].append(_Game(number, event.substitute_score, None, 0, False))
            continue
        entrant = whose.get(key)
        if entrant is not None and row["result"] is not None:
            score = (row["score"] or 0) - start
            games[entrant].append(_Game(number, row["result"], row["rank"], score, True))
    penalties: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for penalty in Penalty.objects.filter(event=event, round_number__lte=last):
        penalties[penalty.entrant_id].append((penalty.round_number, penalty.points))
    cuts = list(Cut.objects.filter(event=event, after_round__lt=last).prefetch_related("finalists"))
    # Each entrant's tier (the cuts they made) and the round after which their scores count.
    tier: dict[int, int] = dict.fromkeys(entrants, 0)
    base: dict[int, int] = dict.fromkeys(entrants, 0)
    for number, cut in enumerate(cuts, start=1):
        for entrant in cut.finalists.all():
            if tier.get(entrant.pk) == number - 1:
                tier[entrant.pk] = number
                if not cut.carry:
                    base[entrant.pk] = cut.after_round
    unit = event_unit(event)
    rows = []
    for pk, entrant in entrants.items():
        counted = [g for g in games[pk] if g.round > base[pk]]
        played = [g for g in counted if g.played]
        rows.append(
            StandingRow(
                place=0,
                entrant=entrant,
                games=len(counted),
                results=sum(g.result for g in counted),
                penalties=sum(p for r, p in penalties[pk] if r > base[pk]),
                firsts=sum(1 for g in played if g.rank == 1),
                best=max((g.result for g in played), default=None),
                unit=unit,
                score=sum(g.score for g in played),
                tier=tier[pk],
            )
        )
    rows.sort(key=lambda r: (-r.tier, _merit(r), r.entrant.number))
    placed: list[StandingRow] = []
    for i, row in enumerate(rows):
        previous = rows[i - 1] if i else None
        tied = previous is not None and (previous.tier, _merit(previous)) == (
            row.tier,
            _merit(row),
        )
        placed.append(replace(row, place=placed[-1].place if tied else i + 1))
    return placed


def _merit(row: StandingRow) -> tuple[int, int, float]:
    """The sort key of the tie rules (smaller is better)."""
    best = row.best if row.best is not None else float("-inf")
    return (-row.total, -row.firsts, -best)
