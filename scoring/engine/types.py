"""The engine's value types: a game record in, a game result out. Points are integers."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .errors import EngineError
from .rules import Rules
from .tiles import TileHand
from .yaku import HanBreakdown

SEATS = (0, 1, 2, 3)


class Wind(StrEnum):
    """A prevailing wind; a game's rounds are played in this order."""

    EAST = "E"
    """The first round."""
    SOUTH = "S"
    """The second round."""
    WEST = "W"
    """The third round (or a sudden-death extension)."""
    NORTH = "N"
    """The fourth round."""

    @property
    def order(self) -> int:
        """0 for East to 3 for North (``index`` would shadow ``str.index``)."""
        return _WIND_LETTERS.index(self)  # a member is its letter: no Python-level enum hash


WINDS: tuple[Wind, ...] = tuple(Wind)
_WIND_LETTERS = "".join(WINDS)


class Result(StrEnum):
    """How a hand ended."""

    RON = "ron"
    """Won on a discard; the discarder pays (or, all-pay, everyone settles)."""
    TSUMO = "tsumo"
    """Won on a self-drawn tile."""
    DRAW = "draw"
    """Exhaustive draw: the wall ran out."""
    ABORTIVE = "abortive"
    """Abortive draw: the deal was abandoned before the wall ran out."""
    CHOMBO = "chombo"
    """The deal ended with a penalty for a false win or a false ready declaration."""


ABORT_REASONS = ("nine_terminals", "four_winds", "four_kongs", "four_riichi", "triple_ron")
PENALTY_KINDS = ("false_out", "false_ready", "false_claim")


@dataclass(frozen=True, slots=True)
class Breakdown:
    """How a Standard (Italian) hand's basic points and doubles were counted from its parts."""

    items: tuple[tuple[str, int, int], ...]
    """(what, points, doubles) for each part."""
    points: int
    doubles: int
    score: int | None = None
    """A limit hand's fixed score (its points and doubles are then 0)."""

    def as_dict(self, seat: int) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seat": seat,
            "items": [{"part": w, "points": p, "doubles": d} for w, p, d in self.items],
            "points": self.points,
            "doubles": self.doubles,
        }
        if self.score is not None:
            out["score"] = self.score
        return out


@dataclass(frozen=True, slots=True)
class HandValue:
    """One player's hand: han and fu, yakuman, points and doubles, or a final score."""

    seat: int
    han: int | None = None
    fu: int | None = None
    dora: int = 0
    yakuman: int = 0
    pao: int | None = None
    points: int | None = None
    doubles: int | None = None
    score: int | None = None
    breakdown: Breakdown | HanBreakdown | None = None
    yaku: tuple[str, ...] = ()
    """Yaku named beside tiles (how the hand was won), priced when the hand is replayed."""
    tiles: TileHand | None = None
    """The win's tiles, valued when the hand is replayed (the winds are known then)."""


@dataclass(frozen=True, slots=True)
class Penalty:
    """A penalty on a hand: a kind the preset prices, or an amount in points."""

    seat: int
    kind: str | None = None
    points: int | None = None
    to: int | None = None


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand of a game record, checked for shape (the rules are checked when it is scored)."""

    result: Result
    riichi: tuple[int, ...] = ()
    wins: tuple[HandValue, ...] = ()
    discarder: int | None = None
    losers: tuple[HandValue, ...] = ()
    tenpai: tuple[int, ...] = ()
    nagashi: tuple[int, ...] = ()
    reason: str | None = None
    offender: int | None = None
    penalties: tuple[Penalty, ...] = ()


@dataclass(frozen=True, slots=True)
class Start:
    """The state before the first hand of the record."""

    scores: tuple[int, int, int, int]
    round: Wind = Wind.EAST
    number: int = 1
    dealer: int = 0
    honba: int = 0
    pool: int = 0


@dataclass(frozen=True, slots=True)
class Game:
    """A parsed game record."""

    rules: Rules
    start: Start
    hands: tuple[Hand, ...]
    players: tuple[str, ...] = ()
    ended: bool = False


def hand_label(round: Wind, number: int, honba: int) -> str:
    """The label a score sheet shows for a hand.

    >>> hand_label(Wind.EAST, 2, 0), hand_label(Wind.SOUTH, 4, 3)
    ('E2', 'S4-3')
    """
    return f"{round.value}{number}" + (f"-{honba}" if honba else "")


@dataclass(frozen=True, init=False)
class HandResult:
    """What one hand did: each seat's change, the pool after it, the running scores.

    A hand result whose points do not balance cannot be built:
    ``sum(deltas) + (pool - pool_before) + forfeited == 0``.
    """

    round: Wind
    number: int
    honba: int
    dealer: int
    pool_before: int
    deltas: tuple[int, int, int, int]
    pool: int
    forfeited: int
    scores: tuple[int, int, int, int]
    breakdowns: tuple[tuple[int, Breakdown | HanBreakdown], ...] = ()

    def __init__(
        self,
        round: Wind,
        number: int,
        honba: int,
        dealer: int,
        pool_before: int,
        deltas: tuple[int, int, int, int],
        pool: int,
        forfeited: int,
        scores: tuple[int, int, int, int],
        breakdowns: tuple[tuple[int, Breakdown | HanBreakdown], ...] = (),
    ) -> None:
        # Every hand of every replay builds one: the fields are stored in one step, where the
        # __init__ of a frozen dataclass makes one object.__setattr__ call per field.
        object.__setattr__(
            self,
            "__dict__",
            {
                "round": round,
                "number": number,
                "honba": honba,
                "dealer": dealer,
                "pool_before": pool_before,
                "deltas": deltas,
                "pool": pool,
                "forfeited": forfeited,
                "scores": scores,
                "breakdowns": breakdowns,
            },
        )
        if sum(deltas) + (pool - pool_before) + forfeited != 0:
            raise EngineError(
                f"internal error: hand {self.label} does not balance ({deltas}, pool "
                f"{pool_before}->{pool}, forfeited {forfeited})",
                code="unbalanced",
            )

    @property
    def label(self) -> str:
        return hand_label(self.round, self.number, self.honba)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "round": self.round.value,
            "number": self.number,
            "honba": self.honba,
            "dealer": self.dealer,
            "pool_before": self.pool_before,
            "deltas": list(self.deltas),
            "pool": self.pool,
            "forfeited": self.forfeited,
            "scores": list(self.scores),
            "label": self.label,
        }
        if self.breakdowns:
            out["breakdowns"] = [b.as_dict(seat) for seat, b in self.breakdowns]
        return out


@dataclass(frozen=True, slots=True)
class NextHand:
    """The hand that would be played next."""

    round: Wind
    number: int
    dealer: int
    honba: int
    pool: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "round": self.round.value,
            "number": self.number,
            "dealer": self.dealer,
            "honba": self.honba,
            "pool": self.pool,
            "label": hand_label(self.round, self.number, self.honba),
        }


@dataclass(frozen=True, slots=True)
class FinalResult:
    """The game's state after its last hand and, once it is over, its settlement.

    ``results`` are in tenths of 1,000 points for presets with uma (27.3 is 273), and in
    points for presets settled as final minus start points (``unit`` says which).
    """

    scores: tuple[int, int, int, int]
    pool: int
    over: bool
    ranks: tuple[int, int, int, int] | None
    results: tuple[int, int, int, int] | None
    unit: str
    next: NextHand | None
    chombo: tuple[int, int, int, int] = (0, 0, 0, 0)
    pool_to: tuple[int, int, int, int] = (0, 0, 0, 0)

    def display_results(self) -> list[float] | list[int] | None:
        if self.results is None:
            return None
        if self.unit == "tenths":
            return [r / 10 for r in self.results]
        return list(self.results)

    def as_dict(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "pool": self.pool,
            "over": self.over,
            "ranks": list(self.ranks) if self.ranks else None,
            "results": self.display_results(),
            "unit": "points_1000" if self.unit == "tenths" else "points",
            "pool_to": list(self.pool_to),
            "chombo": list(self.chombo),
            "next": self.next.as_dict() if self.next else None,
        }


@dataclass(frozen=True, slots=True)
class GameResult:
    """Every hand's result and the final state."""

    hands: tuple[HandResult, ...]
    final: FinalResult
    rules: Rules = field(repr=False, default_factory=Rules)

    def as_dict(self) -> dict[str, Any]:
        return {"hands": [h.as_dict() for h in self.hands], "final": self.final.as_dict()}
