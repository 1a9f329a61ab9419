"""The engine's value types: a game record in, a game result out. Points are integers."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from . import decode
from .errors import EngineError
from .rules import Rules
from .tiles import TileHand
from .yaku import HanBreakdown

SEATS = (0, 1, 2, 3, 4)
"""Every seat a table may have; a game uses the first ``Rules.players`` of them: four, three
for three-player riichi, five when five sit at the table and four of them play each hand."""


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


class Unit(StrEnum):
    """What a game's ``results`` count; either way they are integers in Python.

    The game record's JSON (``final.unit``, ../shared/game-record.md) spells the tenths
    ``points_1000`` and writes them as points of 1,000 with one decimal (273 is 27.3):
    :attr:`record_name` and :meth:`from_record` pass between the two names.

    >>> Unit.TENTHS.record_name, Unit.from_record("points_1000"), Unit.from_record("points")
    ('points_1000', <Unit.TENTHS: 'tenths'>, <Unit.POINTS: 'points'>)
    """

    TENTHS = "tenths"
    """Tenths of 1,000 points, after uma and oka (+27.3 is 273)."""
    POINTS = "points"
    """Points: final minus start points."""

    @property
    def record_name(self) -> str:
        """The unit as the game record's JSON names it."""
        return RECORD_UNITS[self]

    @classmethod
    def from_record(cls, name: str) -> Unit:
        """The unit the record's JSON names ``name`` (``points_1000`` or ``points``); a
        ValueError for any other name."""
        for unit, spelled in RECORD_UNITS.items():
            if spelled == name:
                return unit
        raise ValueError(f"{name!r} is not a result unit of the game record")


RECORD_UNITS = {Unit.TENTHS: "points_1000", Unit.POINTS: "points"}
"""Each unit's name in the game record's JSON (``final.unit``)."""


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

    @classmethod
    def from_dict(cls, data: Any, where: str = "breakdown") -> Breakdown:
        """The inverse of :meth:`as_dict` (whose ``seat`` the hand result reads)."""
        data = decode.obj(data, where)
        parts = []
        for i, item in enumerate(decode.items(data, "items", where)):
            at = f"{where}.items[{i}]"
            item = decode.obj(item, at)
            parts.append(
                (
                    decode.text(item, "part", at),
                    decode.integer(item, "points", at),
                    decode.integer(item, "doubles", at),
                )
            )
        return cls(
            items=tuple(parts),
            points=decode.integer(data, "points", where),
            doubles=decode.integer(data, "doubles", where),
            score=decode.integer(data, "score", where, None),
        )


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
    north: int = 0
    """North tiles the winner set aside (three players): each adds a han, counted as a dora."""


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

    scores: tuple[int, ...]
    round: Wind = Wind.EAST
    number: int = 1
    dealer: int = 0
    honba: int = 0
    pool: int = 0


@dataclass(frozen=True, slots=True)
class FinalScores:
    """A game entered by its final scores instead of its hands: each seat's score at the end,
    the riichi sticks left on the table and each seat's chombo count.

    Its invariants hold when it is built (the record's reader checks each field against the
    rules and names it; this is the last guard):

    >>> FinalScores(scores=(30000, 25000, 25000, 19000), sticks_left=1, chombo=(0, 0, 0, 1))
    FinalScores(scores=(30000, 25000, 25000, 19000), sticks_left=1, chombo=(0, 0, 0, 1))
    >>> FinalScores(scores=(25000,) * 4, sticks_left=-1, chombo=(0,) * 4)
    Traceback (most recent call last):
    ...
    ValueError: sticks left on the table cannot be negative
    """

    scores: tuple[int, ...]
    sticks_left: int
    chombo: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.scores) not in (3, 4, 5) or len(self.chombo) != len(self.scores):
            raise ValueError("final scores and chombo counts need one entry per seat")
        if self.sticks_left < 0:
            raise ValueError("sticks left on the table cannot be negative")
        if min(self.chombo) < 0:
            raise ValueError("a chombo count cannot be negative")

    def as_dict(self) -> dict[str, Any]:
        """The record's ``final_scores`` object."""
        return {
            "scores": list(self.scores),
            "sticks_left": self.sticks_left,
            "chombo": list(self.chombo),
        }


@dataclass(frozen=True, slots=True)
class Game:
    """A parsed game record: its hands, or (``final_scores``) its final scores and no hands."""

    rules: Rules
    start: Start
    hands: tuple[Hand, ...]
    players: tuple[str, ...] = ()
    ended: bool = False
    final_scores: FinalScores | None = None


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
    deltas: tuple[int, ...]
    pool: int
    forfeited: int
    scores: tuple[int, ...]
    breakdowns: tuple[tuple[int, Breakdown | HanBreakdown], ...] = ()

    def __init__(
        self,
        round: Wind,
        number: int,
        honba: int,
        dealer: int,
        pool_before: int,
        deltas: tuple[int, ...],
        pool: int,
        forfeited: int,
        scores: tuple[int, ...],
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

    @classmethod
    def from_dict(cls, data: Any, where: str = "hand") -> HandResult:
        """The inverse of :meth:`as_dict` (its ``label`` follows from the round, number and
        counters); a hand whose points do not balance is refused as when it was built.

        >>> from engine import score_record
        >>> out = score_record({"rules": "ema", "hands": [{"result": "draw", "tenpai": [0]}]})
        >>> hand = HandResult.from_dict(out["hands"][0])
        >>> hand.deltas, hand.label, hand.as_dict() == out["hands"][0]
        ((3000, -1000, -1000, -1000), 'E1', True)
        """
        data = decode.obj(data, where)
        breakdowns: list[tuple[int, Breakdown | HanBreakdown]] = []
        for i, b in enumerate(decode.items(data, "breakdowns", where)):
            at = f"{where}.breakdowns[{i}]"
            b = decode.obj(b, at)
            seat = decode.integer(b, "seat", at)
            breakdowns.append(
                (
                    seat,
                    HanBreakdown.from_dict(b, at) if "source" in b else Breakdown.from_dict(b, at),
                )
            )
        scores = decode.seats(data, "scores", where)
        return cls(
            round=decode.member(Wind, data, "round", where),
            number=decode.integer(data, "number", where),
            honba=decode.integer(data, "honba", where),
            dealer=decode.integer(data, "dealer", where),
            pool_before=decode.integer(data, "pool_before", where),
            deltas=decode.seats(data, "deltas", where, len(scores)),
            pool=decode.integer(data, "pool", where),
            forfeited=decode.integer(data, "forfeited", where),
            scores=scores,
            breakdowns=tuple(breakdowns),
        )


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a replay stands after its last hand: what the next hand is scored from.

    It is everything the replay carries from one hand to the next (the table's state, the
    chombo count per seat, whether the game is over, the first East seat the settlement
    orders ties by), so :func:`engine.flow.continue_game` from the progress after hand k
    gives what a replay of all the hands gives. ``hands`` is how many hands it follows.

    >>> p = Progress(2, Wind.EAST, 3, 2, 0, 1000, (24000, 25000, 26000, 24000), (0, 0, 0, 0))
    >>> Progress.from_dict(p.as_dict()) == p
    True
    """

    hands: int
    round: Wind
    number: int
    dealer: int
    honba: int
    pool: int
    scores: tuple[int, ...]
    chombo: tuple[int, ...]
    over: bool = False
    east: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "round": self.round.value,
            "number": self.number,
            "dealer": self.dealer,
            "honba": self.honba,
            "pool": self.pool,
            "scores": list(self.scores),
            "chombo": list(self.chombo),
            "over": self.over,
            "east": self.east,
        }

    @classmethod
    def from_dict(cls, data: Any, where: str = "progress") -> Progress:
        """The inverse of :meth:`as_dict`; anything else raises :class:`EngineError`."""
        data = decode.obj(data, where)
        scores = decode.seats(data, "scores", where)
        over = decode.value(data, "over", where)
        if not isinstance(over, bool):
            raise decode.bad(f"{where}.over is not true or false: {over!r}", f"{where}.over")
        return cls(
            hands=decode.integer(data, "hands", where),
            round=decode.member(Wind, data, "round", where),
            number=decode.integer(data, "number", where),
            dealer=decode.integer(data, "dealer", where),
            honba=decode.integer(data, "honba", where),
            pool=decode.integer(data, "pool", where),
            scores=scores,
            chombo=decode.seats(data, "chombo", where, len(scores)),
            over=over,
            east=decode.integer(data, "east", where),
        )


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

    @property
    def label(self) -> str:
        return hand_label(self.round, self.number, self.honba)

    @classmethod
    def from_dict(cls, data: Any, where: str = "next") -> NextHand:
        """The inverse of :meth:`as_dict`."""
        data = decode.obj(data, where)
        return cls(
            round=decode.member(Wind, data, "round", where),
            number=decode.integer(data, "number", where),
            dealer=decode.integer(data, "dealer", where),
            honba=decode.integer(data, "honba", where),
            pool=decode.integer(data, "pool", where),
        )


def _record_unit(data: Any, where: str) -> Unit:
    """``final.unit`` as the record names it (``points_1000`` or ``points``)."""
    name = decode.value(data, "unit", where)
    try:
        return Unit.from_record(name)
    except ValueError:
        allowed = ", ".join(RECORD_UNITS.values())
        message = f"{where}.unit is {name!r}, not one of {allowed}"
        raise decode.bad(message, f"{where}.unit") from None


@dataclass(frozen=True, slots=True)
class FinalResult:
    """The game's state after its last hand and, once it is over, its settlement.

    ``results`` are integers in ``unit``: tenths of 1,000 points for presets with uma (+27.3
    is 273), points for presets settled as final minus start points.

    Its JSON (:meth:`as_dict`) is the game record's ``final`` as ../shared/game-record.md
    fixes it: results in tenths are written as points of 1,000 with one decimal (``27.3``)
    under the unit ``points_1000``, results in points as integers under ``points``.
    :meth:`from_dict` reads them back to the same integers exactly.
    """

    scores: tuple[int, ...]
    pool: int
    over: bool
    ranks: tuple[int, ...] | None
    results: tuple[int, ...] | None
    unit: Unit
    next: NextHand | None
    chombo: tuple[int, ...] = (0, 0, 0, 0)
    pool_to: tuple[int, ...] = (0, 0, 0, 0)

    def record_results(self) -> list[float] | list[int] | None:
        """``results`` as the record's JSON writes them: tenths as points of 1,000 with one
        decimal (273 is 27.3), points as they are."""
        if self.results is None:
            return None
        if self.unit is Unit.TENTHS:
            return [r / 10 for r in self.results]
        return list(self.results)

    def as_dict(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "pool": self.pool,
            "over": self.over,
            "ranks": list(self.ranks) if self.ranks else None,
            "results": self.record_results(),
            "unit": self.unit.record_name,
            "pool_to": list(self.pool_to),
            "chombo": list(self.chombo),
            "next": self.next.as_dict() if self.next else None,
        }

    @classmethod
    def from_dict(cls, data: Any, where: str = "final") -> FinalResult:
        """The inverse of :meth:`as_dict`.

        >>> from engine import score_record
        >>> out = score_record({"rules": "tenhou", "ended": True, "hands": []})
        >>> final = FinalResult.from_dict(out["final"])
        >>> out["final"]["results"], out["final"]["unit"]
        ([35.0, 5.0, -15.0, -25.0], 'points_1000')
        >>> final.results, final.unit, final.as_dict() == out["final"]
        ((350, 50, -150, -250), <Unit.TENTHS: 'tenths'>, True)
        """
        data = decode.obj(data, where)
        over = decode.value(data, "over", where)
        if not isinstance(over, bool):
            raise decode.bad(f"{where}.over is not true or false: {over!r}", f"{where}.over")
        nxt = decode.value(data, "next", where)
        unit = _record_unit(data, where)
        scores = decode.seats(data, "scores", where)
        n = len(scores)  # every list has one entry a seat, as many as the scores
        return cls(
            scores=scores,
            pool=decode.integer(data, "pool", where),
            over=over,
            ranks=decode.optional_seats(data, "ranks", where, n),
            results=(
                decode.optional_tenths(data, "results", where, n)
                if unit is Unit.TENTHS
                else decode.optional_seats(data, "results", where, n)
            ),
            unit=unit,
            next=None if nxt is None else NextHand.from_dict(nxt, f"{where}.next"),
            chombo=decode.seats(data, "chombo", where, n),
            pool_to=decode.seats(data, "pool_to", where, n),
        )


@dataclass(frozen=True, slots=True)
class GameResult:
    """Every hand's result and the final state."""

    hands: tuple[HandResult, ...]
    final: FinalResult
    rules: Rules = field(repr=False, default_factory=Rules)
    # where the replay stands after its last hand (what a continuation starts from); not in
    # the JSON (as_dict), so not compared: a result read back equals the one it was written from
    progress: Progress | None = field(repr=False, default=None, compare=False)

    def as_dict(self) -> dict[str, Any]:
        return {"hands": [h.as_dict() for h in self.hands], "final": self.final.as_dict()}

    @classmethod
    def from_dict(cls, data: Any, rules: Rules | None = None) -> GameResult:
        """The inverse of :meth:`as_dict`; ``rules`` (which the JSON does not hold) are the
        rules the game was replayed under, the default rules when not given."""
        data = decode.obj(data, "result")
        return cls(
            hands=tuple(
                HandResult.from_dict(h, f"hands[{i}]")
                for i, h in enumerate(decode.items(data, "hands", "result"))
            ),
            final=FinalResult.from_dict(decode.value(data, "final", "result")),
            rules=rules if rules is not None else Rules(),
        )
