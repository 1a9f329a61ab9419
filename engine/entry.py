"""What a hand's entry offers under a rule set: the engine says, the forms and pages show.

Everything a screen, a sheet or an API client needs to decide what to show for a game comes
from :func:`describe_entry`, read off the :class:`~engine.rules.Rules` value: which
results and abort reasons exist, how a hand's value is entered (han and fu with limit buttons,
or points and doubles), which penalties the rules price and at what, whether the riichi pool
and the counters mean anything. Nothing outside the engine reads an option to decide these.

>>> from engine.presets import resolve_rules
>>> modern = describe_entry(resolve_rules("japanese-modern"))
>>> [r.value for r in modern.results], [lim.name for lim in modern.limits][:2]
(['ron', 'tsumo', 'draw', 'abortive', 'chombo'], ['mangan', 'haneman'])
>>> modern.shows_pool, modern.shows_honba, modern.points_doubles
(True, True, False)
>>> italian = describe_entry(resolve_rules("italian-official"))
>>> italian.points_doubles, italian.shows_honba, italian.riichi_doubles
(True, False, 1)
>>> modern.red_fives, modern.dora_indicators, italian.flowers
(True, True, True)
>>> modern.shows_tenpai, italian.shows_tenpai, [r.value for r in italian.results]
(True, False, ['ron', 'tsumo', 'draw'])
>>> describe_entry(resolve_rules("japanese-modern")).as_dict()["penalties"][0]
{'kind': 'false_claim', 'payment': 'to_winner', 'points': 100}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .presets import build_rules
from .rules import Rules
from .types import ABORT_REASONS, Result

HAN_WITH_FU = (0, 1, 2, 3, 4)
"""Han a hand is entered with together with its fu; from 5 han a limit pays (no fu needed).
A rule set offers those from its ``min_han``: 0 han only where a win needs no yaku."""
FU_VALUES = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
"""Fu a hand can have as the table counts them: 20 (pinfu self-drawn) and 25 (seven pairs)
come with 2 han or more when a win needs a han."""


@dataclass(frozen=True, slots=True)
class Limit:
    """A limit a hand can be entered as, without its fu.

    ``name`` is the limit's name as the rules call it (``mangan``, ``haneman``, ``baiman``,
    ``sanbaiman``; ``limit`` when every hand stops at the limit; ``yakuman``,
    ``double_yakuman``); the hand is entered with ``han`` (and no fu) or ``yakuman``.
    """

    name: str
    han: int | None = None
    yakuman: int | None = None


@dataclass(frozen=True, slots=True)
class PenaltyPrice:
    """A penalty the rules price, and what it costs.

    ``payment`` is ``to_winner`` (``points`` to the hand's winner), ``limit_each_at_draw``
    (the limit to each player, East double, only at a draw; ``points`` is None) or
    ``off_total`` (``points`` taken off the offender's total).
    """

    kind: str
    """``false_claim``, ``false_ready`` or ``false_out`` (see ``types.PENALTY_KINDS``)."""
    payment: str
    points: int | None


@dataclass(frozen=True, slots=True)
class Entry:
    """What the entry of a hand offers under some rules (see :func:`describe_entry`)."""

    results: tuple[Result, ...]
    """The results a hand may have, in the order a form offers them."""
    abort_reasons: tuple[str, ...]
    """The reasons an abortive draw may have (``types.ABORT_REASONS`` order)."""
    value_system: str
    """``han_fu`` or ``points_doubles`` (Standard: every player's hand scores)."""
    han: tuple[int, ...]
    """Han a win is entered with, together with its fu (those below the minimum left out:
    0 han is offered where the rules' ``min_han`` is 0)."""
    fu: tuple[int, ...]
    limits: tuple[Limit, ...]
    """The limit buttons, smallest first (han and fu rules only)."""
    min_han: int
    """Han a win needs without dora."""
    dora: bool
    """Whether a win's dora are entered: only where a win needs han without them."""
    dora_indicators: bool
    """Whether a win given by its tiles takes dora indicators: wherever dora are played."""
    red_fives: bool
    """Whether a win given by its tiles may hold red fives: dora are played, red fives too."""
    flowers: bool
    """Whether a hand built from its sets counts flowers and seasons."""
    pao: bool
    """Whether a yakuman may name a liable player."""
    riichi: bool
    """Whether players may declare riichi."""
    riichi_doubles: int
    """Doubles a winning declarer's hand gains (Standard scoring; 0 otherwise)."""
    nagashi: bool
    """Whether nagashi mangan is paid (at an exhaustive draw)."""
    penalties: tuple[PenaltyPrice, ...]
    """The penalties the rules price; an amount in points can always be entered besides."""
    shows_pool: bool
    """Whether a riichi pool exists (a deposit is paid)."""
    shows_honba: bool
    """Whether counters (dealer's extra hands) are paid."""
    shows_tenpai: bool
    """Whether who was ready at an exhaustive draw matters: ready-hand payments, a dealer who
    keeps the deal when ready, or a riichi declarer who must be ready (a faulty ready
    declaration priced at the draw)."""
    seats: int = 4
    """The seats a hand names: 0-3, or 0-2 at a three-player table."""
    north: bool = False
    """Whether a win counts the north tiles the winner set aside (its ``north``)."""

    @property
    def points_doubles(self) -> bool:
        """Every player's hand is entered as points and doubles (Standard scoring)."""
        return self.value_system == "points_doubles"

    @property
    def limit_han(self) -> frozenset[int]:
        """The han of the limit buttons: a hand of these han entered without fu is a limit."""
        return frozenset(lim.han for lim in self.limits if lim.han is not None)

    def as_dict(self) -> dict[str, Any]:
        """The description as JSON-ready data (for a client that draws its own form)."""
        return {
            "results": [r.value for r in self.results],
            "abort_reasons": list(self.abort_reasons),
            "value_system": self.value_system,
            "han": list(self.han),
            "fu": list(self.fu),
            "limits": [
                {"name": lim.name, "han": lim.han, "yakuman": lim.yakuman} for lim in self.limits
            ],
            "min_han": self.min_han,
            "dora": self.dora,
            "dora_indicators": self.dora_indicators,
            "red_fives": self.red_fives,
            "flowers": self.flowers,
            "pao": self.pao,
            "riichi": self.riichi,
            "riichi_doubles": self.riichi_doubles,
            "nagashi": self.nagashi,
            "penalties": [
                {"kind": p.kind, "payment": p.payment, "points": p.points} for p in self.penalties
            ],
            "shows_pool": self.shows_pool,
            "shows_honba": self.shows_honba,
            "shows_tenpai": self.shows_tenpai,
            "seats": self.seats,
            "north": self.north,
        }


def _limits(rules: Rules) -> tuple[Limit, ...]:
    if rules.settling_table:
        limits = [
            Limit("mangan", han=5),
            Limit("haneman", han=6),
            Limit("baiman", han=8),
            Limit("sanbaiman", han=11),
        ]
    else:
        limits = [Limit("limit", han=5)]
    limits.append(Limit("yakuman", yakuman=1))
    if rules.max_yakuman >= 2:
        limits.append(Limit("double_yakuman", yakuman=2))
    return tuple(limits)


def _penalties(rules: Rules) -> tuple[PenaltyPrice, ...]:
    prices = []
    if rules.false_claim_points:
        prices.append(PenaltyPrice("false_claim", "to_winner", rules.false_claim_points))
    if rules.false_ready == "limit_each":
        prices.append(PenaltyPrice("false_ready", "limit_each_at_draw", None))
    elif rules.false_ready != "none":
        prices.append(PenaltyPrice("false_ready", "off_total", rules.false_ready_points))
    if rules.chombo == "forfeit":
        # a faulty out that does not end the deal: play goes on, the points come off
        prices.append(PenaltyPrice("false_out", "off_total", rules.chombo_points))
    return tuple(prices)


def describe_entry(rules: Rules) -> Entry:
    """What the entry of a hand offers under ``rules``.

    >>> from engine.presets import resolve_rules
    >>> spec = {"preset": "japanese-modern", "options": {"settling_table": False, "min_han": 2}}
    >>> entry = describe_entry(resolve_rules(spec))
    >>> [lim.name for lim in entry.limits], entry.han, sorted(entry.limit_han)
    (['limit', 'yakuman', 'double_yakuman'], (2, 3, 4), [5])
    >>> "triple_ron" in entry.abort_reasons
    False
    """
    points_doubles = rules.value_system == "points_doubles"
    results = tuple(
        r
        for r in Result
        if (r is not Result.ABORTIVE or rules.abortive_draws)
        # A faulty out the rules let play go on after (forfeit) is a penalty within the
        # hand, not a hand of its own.
        and (r is not Result.CHOMBO or rules.chombo not in ("none", "forfeit"))
    )
    reasons = tuple(
        reason
        for reason in ABORT_REASONS
        if (reason != "triple_ron" or rules.triple_ron_aborts)
        and (reason != "four_riichi" or rules.riichi)
        # no North seat: three players cannot discard four winds or declare four riichi
        and (reason not in ("four_winds", "four_riichi") or rules.at_table == 4)
    )
    return Entry(
        results=results,
        abort_reasons=reasons,
        value_system=rules.value_system,
        han=tuple(h for h in HAN_WITH_FU if h >= rules.min_han),
        fu=FU_VALUES,
        limits=_limits(rules),
        min_han=rules.min_han,
        # Dora matter to the engine only where a win needs han without them.
        dora=not points_doubles and rules.dora and rules.min_han > 0,
        dora_indicators=rules.dora,
        red_fives=rules.dora and rules.red_fives,
        flowers=rules.flowers,
        pao=rules.pao,
        riichi=rules.riichi,
        riichi_doubles=rules.riichi_winner_doubles,
        nagashi=bool(rules.nagashi_mangan_percent),
        penalties=_penalties(rules),
        shows_pool=bool(rules.riichi_deposit),
        shows_honba=bool(rules.honba_points),
        shows_tenpai=bool(rules.tenpai_payment)
        or rules.draw_deal == "keep_if_ready"
        or (rules.riichi and rules.false_ready == "limit_each"),
        seats=rules.players,
        north=rules.north_dora,
    )


def settled_by(rules: Rules) -> tuple[str, ...]:
    """The options a game's end is settled by, in the order a sheet lists them.

    >>> from engine.presets import resolve_rules
    >>> settled_by(resolve_rules("ema"))  # doctest: +NORMALIZE_WHITESPACE
    ('start_points', 'return_points', 'uma', 'ties', 'final_rounding', 'leftover_pool',
     'chombo_points')
    >>> settled_by(resolve_rules("italian-official"))
    ('settlement', 'start_points', 'leftover_pool')
    """
    if rules.settlement == "uma":
        uma = (
            ("uma_one_above", "uma_two_above", "uma_three_above")
            if rules.uma_floating
            else ("uma",)
        )
        names: tuple[str, ...] = (
            "start_points",
            "return_points",
            *uma,
            "ties",
            "final_rounding",
            "leftover_pool",
        )
    else:
        names = ("settlement", "start_points", "leftover_pool")
    if rules.chombo == "deduction":
        names += ("chombo_points",)
    return names


SETTLEMENT_OPTIONS = (
    "players",
    "settlement",
    "start_points",
    "return_points",
    "uma",
    "uma_floating",
    "uma_one_above",
    "uma_two_above",
    "uma_three_above",
)
"""The options that settle a game's end: uma and oka (start and return points), or final
minus start points. Games whose copies of these agree were settled alike."""


@dataclass(frozen=True, slots=True)
class SettlementTerms:
    """How a game's end is settled, as a line of text needs it."""

    placement: bool
    """Points of 1,000 over the return with uma and oka; False: final minus start points."""
    start_points: int
    return_points: int
    uma: tuple[tuple[int, tuple[int, ...]], ...]
    """The uma tables, first to last place: one keyed 0 when the uma is fixed; keyed 1, 2 and 3
    (players above the return) when it floats."""
    players: int = 4
    """The seats the game was played at: a three-player result is settled over three seats."""


def settlement_terms(rules: Rules) -> SettlementTerms:
    """The terms ``rules`` settle a game by.

    >>> from engine.presets import resolve_rules
    >>> settlement_terms(resolve_rules("ema")).uma
    ((0, (15, 5, -5, -15)),)
    >>> [n for n, _ in settlement_terms(resolve_rules("jpml-a")).uma]
    [1, 2, 3]
    """
    uma: tuple[tuple[int, tuple[int, ...]], ...]
    if rules.uma_floating:
        uma = ((1, rules.uma_one_above), (2, rules.uma_two_above), (3, rules.uma_three_above))
    else:
        uma = ((0, rules.uma),)
    return SettlementTerms(
        placement=rules.settlement == "uma",
        start_points=rules.start_points,
        return_points=rules.return_points,
        uma=uma,
        players=rules.players,
    )


def settlement_terms_of(options: Mapping[str, Any]) -> SettlementTerms:
    """The terms of a game's stored options, of which only :data:`SETTLEMENT_OPTIONS` are
    read (as a database groups games by them); one missing or None takes the engine default.

    >>> terms = settlement_terms_of({"settlement": "difference", "start_points": 5000, "uma": None})
    >>> terms.placement, terms.start_points, terms.uma
    (False, 5000, ((0, (20, 10, -10, -20)),))
    """
    given = {
        name: options[name]
        for name in SETTLEMENT_OPTIONS
        if name in options and options[name] is not None
    }
    return settlement_terms(build_rules(Rules(), given))
