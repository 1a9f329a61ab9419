"""The rules a game is played by: one frozen value, every field a documented option.

Each field of :class:`Rules` carries an :class:`Option` describing it (label, help line,
category, type, allowed values). The presets, the command line's ``--presets``, the club rule
set form, the API and ``docs/presets.md`` all read these descriptions; :func:`validate_value`
is the one validator they share.

>>> from engine.presets import resolve_rules
>>> rules = resolve_rules({"preset": "japanese-modern", "options": {"honba_points": 1500}})
>>> rules.honba_points, rules.start_points
(1500, 25000)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import RulesError
from .yaku import TABLE_CHOICES

CATEGORIES = (
    "Game length",
    "Winning & draw",
    "Hand value",
    "Riichi and pool",
    "Payments",
    "Penalties",
    "Game end and uma",
    "Table flags",
)


@dataclass(frozen=True)
class Option:
    """The description of one rule option: what a form, the API and the docs show."""

    label: str
    help: str
    category: str
    kind: str  # "int", "bool", "choice" or "uma"
    choices: tuple[tuple[str, str], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    step: int = 1
    step_three: int | None = None
    """The step at a three-player table, where it differs from ``step`` (four players): a
    payment shared among the other seats divides by their count."""

    def step_for(self, players: int) -> int:
        """The step of a value at a table of ``players`` seats."""
        return self.step_three if players == 3 and self.step_three is not None else self.step

    @property
    def any_step(self) -> int:
        """The step every table size allows (what a value alone is checked against)."""
        return math.gcd(self.step, self.step_three) if self.step_three else self.step

    def as_dict(self, name: str, default: Any, players: int = 4) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": name,
            "label": self.label,
            "help": self.help,
            "category": self.category,
            "type": self.kind,
            "default": list(default) if isinstance(default, tuple) else default,
        }
        if self.choices:
            out["choices"] = [{"value": v, "label": lbl} for v, lbl in self.choices]
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.step_for(players) != 1:
            out["step"] = self.step_for(players)
        return out


def _opt(default: Any, **kwargs: Any) -> Any:
    return field(default=default, metadata={"option": Option(**kwargs)})


def _int(
    default: int,
    label: str,
    help: str,
    category: str,
    lo: int,
    hi: int,
    step: int = 1,
    step_three: int | None = None,
) -> Any:
    return _opt(
        default,
        label=label,
        help=help,
        category=category,
        kind="int",
        minimum=lo,
        maximum=hi,
        step=step,
        step_three=step_three,
    )


def _bool(default: bool, label: str, help: str, category: str) -> Any:
    return _opt(default, label=label, help=help, category=category, kind="bool")


def _choice(
    default: str, label: str, help: str, category: str, choices: tuple[tuple[str, str], ...]
) -> Any:
    return _opt(default, label=label, help=help, category=category, kind="choice", choices=choices)


LEN, WIN, VAL, RII, PAY, PEN, END, FLAG = CATEGORIES


@dataclass(frozen=True)
class Rules:
    """Every rule the engine reads. Build one with :func:`engine.presets.resolve_rules`."""

    # Game length
    players: int = _int(
        4,
        "Players",
        "Seats at the table: 4; 3 for three-player riichi (sanma), where the North seat is "
        "empty and the deal passes over three seats; or 5, where four play each hand and the "
        "outgoing dealer sits it out, and the deal passes over five seats.",
        LEN,
        3,
        5,
    )
    length: str = _choice(
        "south",
        "Game length",
        "Which prevailing winds are played.",
        LEN,
        (("east", "East round only"), ("south", "East and South"), ("all", "All four winds")),
    )
    start_points: int = _int(
        25000, "Start points", "Each player's points at the start.", LEN, 100, 1_000_000, 100
    )
    goal_points: int = _int(
        0,
        "Goal points",
        "If nobody has this many points after the last hand, the game goes on into the next "
        "wind until somebody does (sudden death, one wind at most). 0 = no extension.",
        LEN,
        0,
        1_000_000,
        100,
    )
    bust_ends: bool = _bool(
        True, "Bust ends the game", "The game ends when a player's points fall below zero.", LEN
    )
    dealer_stop_when_leading: bool = _bool(
        False,
        "Dealer may stop when leading",
        "In the last hand, a dealer who keeps the deal while in first place (and at the goal, "
        "if there is one) ends the game.",
        LEN,
    )
    # Winning & draw
    max_ron_winners: int = _int(
        3,
        "Winners on one discard",
        "How many players may win on the same discard: 1 is head bump (only the first in turn "
        "order wins), 2 allows double ron, 3 triple ron.",
        WIN,
        1,
        3,
    )
    triple_ron_aborts: bool = _bool(
        False,
        "Triple ron aborts",
        "Three players claiming the same discard end the deal as an abortive draw.",
        WIN,
    )
    multi_ron_honba: str = _choice(
        "each",
        "Counters on a multiple ron",
        "Who is paid the dealer's extra hands when several players win on one discard.",
        WIN,
        (("each", "Every winner"), ("first", "Only the first winner after the discarder")),
    )
    draw_deal: str = _choice(
        "keep_if_ready",
        "Deal after a draw",
        "Whether the dealer keeps the deal after an exhaustive draw.",
        WIN,
        (
            ("pass", "The deal always passes"),
            ("keep_if_ready", "The dealer keeps it when ready"),
            ("keep", "The dealer always keeps it"),
        ),
    )
    tenpai_payment: int = _int(
        3000,
        "Ready-hand payment",
        "Points the players not ready pay, shared among the ready players, after an exhaustive "
        "draw (0 = none).",
        WIN,
        0,
        30000,
        6,
        2,
    )
    abortive_draws: bool = _bool(
        True,
        "Abortive draws",
        "Nine terminals, four winds, four kongs and four riichi end the deal without payments.",
        WIN,
    )
    nagashi_mangan_percent: int = _int(
        0,
        "Pay for nagashi mangan",
        "A player whose discards are all terminals and honours at an exhaustive draw is paid as "
        "a self-drawn win worth this percent of the limit (0 = off).",
        WIN,
        0,
        1600,
    )
    nagashi_flow: str = _choice(
        "win",
        "Deal after nagashi mangan",
        "Whether a nagashi mangan passes the deal as a win does or as a draw does.",
        WIN,
        (
            ("win", "As a win: the deal passes unless the dealer has it"),
            ("draw", "As an exhaustive draw"),
        ),
    )
    nagashi_payment: str = _choice(
        "win",
        "Payment for nagashi mangan",
        "What a nagashi mangan player takes besides its value. The Nagashi Mangan text handles "
        "it as a self-drawn win; Tenhou pays the value alone.",
        WIN,
        (
            ("win", "As a self-drawn win: the counters are paid and the pool is taken"),
            ("value_only", "Its value only: no counters, the pool stays on the table"),
        ),
    )
    # Hand value
    value_system: str = _choice(
        "han_fu",
        "Scoring",
        "How a hand's value is entered and computed.",
        VAL,
        (("han_fu", "Han and fu"), ("points_doubles", "Basic points and doubles (Standard)")),
    )
    bazoro: bool = _bool(
        True,
        "Bazoro (two extra han)",
        "Basic points are fu x 2^(han + 2) as in modern riichi; off gives fu x 2^han.",
        VAL,
    )
    limit: int = _int(
        2000, "Limit", "The limit on a hand's basic points (mangan).", VAL, 10, 100_000, 10
    )
    settling_table: bool = _bool(
        True,
        "Settling table",
        "Above the limit: 6-7 han 1.5x, 8-10 han 2x, 11-12 han 3x, 13+ han 4x the limit. Off: "
        "every hand stops at the limit.",
        VAL,
    )
    kiriage_mangan: bool = _bool(
        False, "Round up to mangan", "4 han 30 fu and 3 han 60 fu are paid as a mangan.", VAL
    )
    counted_yakuman: bool = _bool(
        True, "Counted yakuman", "13 han or more pay as a yakuman; off, they pay 3x the limit.", VAL
    )
    yakuman_value: int = _int(
        4, "Yakuman value", "A yakuman's value as a multiple of the limit.", VAL, 1, 16
    )
    max_yakuman: int = _int(
        6, "Multiple yakuman", "How many yakuman one hand may count.", VAL, 1, 6
    )
    min_han: int = _int(1, "Minimum han", "Han a win needs, not counting dora.", VAL, 0, 4)
    dora: bool = _bool(True, "Dora", "Dora tiles are played.", VAL)
    north_dora: bool = _bool(
        False,
        "North tiles as dora",
        "Three players: a player may set a North tile aside (and draw a replacement); each one "
        "set aside is a dora for the winner, entered as the win's 'north'.",
        VAL,
    )
    rounding: str = _choice(
        "up_100",
        "Rounding of payments",
        "How each payment is rounded.",
        VAL,
        (
            ("up_100", "Up to the next 100"),
            ("up_10", "Up to the next 10"),
            ("nearest_10", "To the nearest 10 (5 down, 6 up)"),
            ("exact", "Not rounded: exact scores"),
        ),
    )
    included_doubles: str = _choice(
        "once",
        "Included patterns",
        "Standard scoring: a pattern whose doubles include another's (four identical chows "
        "include the chow hand) counts the included pattern once, inside its own doubles.",
        VAL,
        (
            ("once", "Once, inside the pattern that includes it"),
            ("again", "Again, in full (how engine 1.0 counted)"),
        ),
    )
    flowers: bool = _bool(False, "Flowers and seasons", "The 8 bonus tiles are played.", VAL)
    yaku_table: str = _choice(
        "japanese-modern",
        "Yaku table",
        "The yaku and their han when a win names its yaku or gives its tiles (the tables are "
        "listed with the presets).",
        VAL,
        TABLE_CHOICES,
    )
    ippatsu: bool = _bool(
        True, "Ippatsu", "A riichi won within one go-around of the declaration scores 1 han.", VAL
    )
    red_fives: bool = _bool(
        True, "Red fives", "A red five (0 in the tile notation) counts as a dora.", VAL
    )
    # Riichi and pool
    riichi: bool = _bool(True, "Riichi", "Players may declare ready.", RII)
    riichi_deposit: int = _int(
        1000,
        "Riichi deposit",
        "Points a declarer puts into the pool (0 = none).",
        RII,
        0,
        10000,
        10,
    )
    riichi_needs_points: bool = _bool(
        True,
        "Deposit must be paid",
        "A player with fewer points than the deposit cannot declare.",
        RII,
    )
    multi_ron_riichi: str = _choice(
        "own_back",
        "Riichi deposits on a multiple ron",
        "Where the deposits go when several players win on one discard.",
        RII,
        (
            (
                "own_back",
                "A winner who declared keeps its own deposit; the pool and the other deposits "
                "go to the first winner after the discarder",
            ),
            ("first", "All to the first winner after the discarder"),
        ),
    )
    riichi_winner_doubles: int = _int(
        0,
        "Doubles for a winning declarer",
        "Doubles the engine adds to a declarer's winning hand (Standard scoring).",
        RII,
        0,
        3,
    )
    # Payments
    payment_scheme: str = _choice(
        "winner_only",
        "Payment scheme",
        "Who pays whom.",
        PAY,
        (
            ("winner_only", "Only the winner is paid; the discarder pays all"),
            ("all_pay", "All players pay each other"),
        ),
    )
    honba_points: int = _int(
        300,
        "Dealer's extra hands",
        "Points per counter paid to a winner: all from the discarder, or shared by the other "
        "players on a self-drawn win, a third each with four players, half each with three (0 = "
        "no counters).",
        PAY,
        0,
        3000,
        3,
        2,
    )
    north_share: str = _choice(
        "lost",
        "Missing North's share",
        "Three players: on a self-drawn win the North seat is empty. Each payer pays what it "
        "would pay at a four-player table and North's share is lost (tsumo loss), or North's "
        "share is split between the two payers (north bisection), so a self-draw pays as much "
        "as a win on a discard.",
        PAY,
        (
            ("lost", "Lost: each pays its four-player share (tsumo loss)"),
            ("split", "Split between the two payers (north bisection)"),
        ),
    )
    honba_to: str = _choice(
        "any_winner",
        "Who is paid the counters",
        "Whether any winner is paid the dealer's extra hands, or only the dealer winning again.",
        PAY,
        (("any_winner", "Any winner"), ("dealer", "Only the dealer")),
    )
    honba_after_passed_draw: bool = _bool(
        True,
        "Counter after a passed draw",
        "The counter goes up after every draw, also when the deal passes; off, it restarts.",
        PAY,
    )
    pao: bool = _bool(
        True, "Liability (pao)", "A player who fed the last set of a yakuman pays for it.", PAY
    )
    # Penalties
    chombo: str = _choice(
        "limit_each",
        "Faulty out (chombo)",
        "What a chombo costs.",
        PEN,
        (
            ("limit_each", "The offender pays the limit to each player, East double"),
            ("deduction", "A deduction from the offender's game result"),
            ("forfeit", "Points taken off the offender's total"),
            ("none", "Not used"),
        ),
    )
    chombo_points: int = _int(
        20000,
        "Chombo deduction",
        "Points deducted for a chombo (deduction or forfeit).",
        PEN,
        0,
        100_000,
        10,
    )
    chombo_passes_deal: bool = _bool(
        True, "Chombo by the dealer passes the deal", "Otherwise the hand is replayed.", PEN
    )
    false_ready: str = _choice(
        "limit_each",
        "Faulty ready declaration",
        "What a faulty ready declaration costs.",
        PEN,
        (
            ("limit_each", "At a draw: the offender pays the limit to each player, East double"),
            ("forfeit", "Points taken off the offender's total"),
            ("none", "Not used"),
        ),
    )
    false_ready_points: int = _int(
        1000,
        "Faulty ready points",
        "Points taken off for a faulty ready declaration (forfeit).",
        PEN,
        0,
        100_000,
        10,
    )
    false_claim_points: int = _int(
        100,
        "Faulty claim",
        "Points paid to the winner for each faulty claim (0 = not used).",
        PEN,
        0,
        10_000,
        10,
    )
    # Game end and uma
    settlement: str = _choice(
        "uma",
        "Game result",
        "How a player's result is worked out at the end of a game.",
        END,
        (
            ("uma", "Placement bonuses: points of 1,000 over the return, plus uma and oka"),
            ("difference", "Final points minus start points"),
        ),
    )
    return_points: int = _int(
        30000,
        "Return points",
        "The points a result is counted from; oka = (return - start) x players, to first place.",
        END,
        0,
        1_000_000,
        100,
    )
    uma: tuple[int, ...] = _opt(
        (20, 10, -10, -20),
        label="Uma",
        help="Placement bonuses in thousands of points, first to fourth (to third with three "
        "players, to fifth with five); they sum to zero.",
        category=END,
        kind="uma",
        minimum=-100,
        maximum=100,
    )
    uma_floating: bool = _bool(
        False,
        "Uma by players above the return",
        "The uma depends on how many players finish above the return points (the three tables "
        "below; nobody above is played as two above, all four as three above). Off: 'Uma'.",
        END,
    )
    uma_one_above: tuple[int, int, int, int] = _opt(
        (12, -1, -3, -8),
        label="Uma, one player above the return",
        help="Floating uma when one player finishes above the return points, first to fourth.",
        category=END,
        kind="uma",
        minimum=-100,
        maximum=100,
    )
    uma_two_above: tuple[int, int, int, int] = _opt(
        (8, 4, -4, -8),
        label="Uma, two players above the return",
        help="Floating uma when two players finish above the return points, first to fourth.",
        category=END,
        kind="uma",
        minimum=-100,
        maximum=100,
    )
    uma_three_above: tuple[int, int, int, int] = _opt(
        (8, 3, 1, -12),
        label="Uma, three players above the return",
        help="Floating uma when three players finish above the return points, first to fourth.",
        category=END,
        kind="uma",
        minimum=-100,
        maximum=100,
    )
    ties: str = _choice(
        "seat_order",
        "Ties",
        "How players with equal points are placed.",
        END,
        (("share", "They share the placement bonuses"), ("seat_order", "By initial seat order")),
    )
    final_rounding: str = _choice(
        "none",
        "Rounding of results",
        "Rounding of final points to 1,000 before uma.",
        END,
        (("none", "None"), ("half_up", "Half up; first place absorbs the difference")),
    )
    leftover_pool: str = _choice(
        "first",
        "Leftover riichi sticks",
        "Where the pool left on the table at the end goes.",
        END,
        (("first", "To first place (shared on a tie)"), ("lost", "Nobody")),
    )
    # Table flags (for hands entered as tiles; they change no payment)
    kuitan: bool = _bool(True, "Open tanyao", "All simples counts in an open hand.", FLAG)
    riichi_on_sacred_hand: bool = _bool(
        True,
        "Riichi on a sacred hand",
        "A player may declare on a hand that is sacred-discard.",
        FLAG,
    )

    @property
    def at_table(self) -> int:
        """The seats that play each hand: every seat, or four when five sit at the table
        (the outgoing dealer sits each hand out).

        >>> Rules().at_table, Rules(players=3).at_table, Rules(players=5).at_table
        (4, 3, 4)
        """
        return min(self.players, 4)


OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Rules))
_OPTIONS: dict[str, Option] = {f.name: f.metadata["option"] for f in dataclasses.fields(Rules)}

# Every option of engine 1.0. A game copies its rules with every option when it starts (and a
# rule set version keeps them so); such a copy made before an option existed lacks it. Rules
# whose options name all of these are such a copy, and an option added since takes the value
# that plays as engine 1.0 played (OPTIONS_BEFORE), not the preset's new default: a stored game
# replays exactly as it did. Rules naming a preset with a few options get the new defaults.
OPTIONS_1_0 = frozenset(
    {
        "length", "start_points", "goal_points", "bust_ends", "dealer_stop_when_leading",
        "max_ron_winners", "triple_ron_aborts", "multi_ron_honba", "draw_deal",
        "tenpai_payment", "abortive_draws", "nagashi_mangan_percent", "nagashi_flow",
        "value_system", "bazoro", "limit", "settling_table", "kiriage_mangan",
        "counted_yakuman", "yakuman_value", "max_yakuman", "min_han", "dora", "rounding",
        "flowers", "riichi", "riichi_deposit", "riichi_needs_points", "riichi_winner_doubles",
        "payment_scheme", "honba_points", "honba_after_passed_draw", "pao", "chombo",
        "chombo_points", "chombo_passes_deal", "false_ready", "false_ready_points",
        "false_claim_points", "settlement", "return_points", "uma", "ties", "final_rounding",
        "leftover_pool", "kuitan", "riichi_on_sacred_hand",
    }
)  # fmt: skip
OPTIONS_BEFORE: dict[str, Any] = {
    "nagashi_payment": "value_only",  # 1.0 paid the value alone and left the pool
    "included_doubles": "again",  # 1.0 added an included pattern's doubles again
    "multi_ron_riichi": "first",  # 1.0 gave every deposit to the first winner
    "honba_to": "any_winner",  # 1.0 paid the counters to any winner
    "uma_floating": False,  # 1.0 had fixed uma only
    "players": 4,  # 1.0 seated four players
    "north_share": "lost",  # read only at three seats
    "north_dora": False,  # 1.0 had no north tiles set aside
}


def options_before(options: Any) -> dict[str, Any]:
    """The values a stored copy of engine 1.0 rules takes for the options added since.

    ``options`` is a copy when it names every option of engine 1.0; otherwise nothing is added.

    >>> options_before({"kiriage_mangan": True})
    {}
    >>> copy = dict.fromkeys(OPTIONS_1_0, None)
    >>> options_before(copy)["multi_ron_riichi"]
    'first'
    """
    if not isinstance(options, Mapping) or not options.keys() >= OPTIONS_1_0:
        return {}
    return {name: value for name, value in OPTIONS_BEFORE.items() if name not in options}


def option(name: str) -> Option:
    """The description of the option ``name``."""
    try:
        return _OPTIONS[name]
    except (KeyError, TypeError):
        raise RulesError(f"Unknown option '{name}'.", code="unknown_option", field=name) from None


def validate_value(name: str, value: Any) -> Any:
    """Check one option value against its description; return it in the engine's type.

    >>> validate_value("honba_points", 1500)
    1500
    >>> validate_value("min_han", 5)
    Traceback (most recent call last):
    ...
    engine.errors.RulesError: Option 'min_han' must be at most 4, not 5.
    """
    opt = option(name)

    def bad(why: str) -> RulesError:
        return RulesError(f"Option '{name}' {why}.", code="bad_option", field=name)

    if opt.kind == "bool":
        if not isinstance(value, bool):
            raise bad(f"must be true or false, not {value!r}")
        return value
    if opt.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad(f"must be a whole number, not {value!r}")
        if opt.minimum is not None and value < opt.minimum:
            raise bad(f"must be at least {opt.minimum}, not {value}")
        if opt.maximum is not None and value > opt.maximum:
            raise bad(f"must be at most {opt.maximum}, not {value}")
        if value % opt.any_step:  # the table's own step is checked with its seats
            raise bad(f"must be a multiple of {opt.any_step}, not {value}")
        return value
    if opt.kind == "choice":
        allowed = [v for v, _ in opt.choices]
        if value not in allowed:
            raise bad(f"must be one of {', '.join(allowed)}, not {value!r}")
        return value
    # uma: a whole number per place, first to last (four places, three for three players, five
    # for five; the combination check matches them to the seats)
    if not isinstance(value, list | tuple) or len(value) not in (3, 4, 5):
        raise bad(
            "must be four numbers, first to fourth place (three for three players, five for five)"
        )
    for v in value:
        if isinstance(v, bool) or not isinstance(v, int):
            raise bad(f"must be whole numbers, not {v!r}")
        if (
            opt.minimum is not None
            and opt.maximum is not None
            and not opt.minimum <= v <= opt.maximum
        ):
            raise bad(f"values must lie between {opt.minimum} and {opt.maximum}")
    if sum(value) != 0:
        raise bad(f"must sum to zero, not {sum(value)}")
    if list(value) != sorted(value, reverse=True):
        raise bad("must not grow from first to fourth place")
    return tuple(value)


def check_combination(rules: Rules) -> None:
    """Refuse combinations of options that cannot be played; the error names the option.

    >>> check_combination(dataclasses.replace(Rules(), riichi=False))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.errors.RulesError: Option 'riichi_deposit' (Riichi deposit): a deposit needs...
    """

    def bad(name: str, why: str) -> RulesError:
        return RulesError(
            f"Option '{name}' ({option(name).label}): {why}.", code="bad_option", field=name
        )

    winner_only = "the winner-only payment scheme"
    _check_seats(rules, bad)
    if rules.payment_scheme == "all_pay":
        if rules.tenpai_payment:
            raise bad("tenpai_payment", f"ready-hand payments need {winner_only}; set it to 0")
        if rules.honba_points:
            raise bad("honba_points", f"paying counters needs {winner_only}; set it to 0")
        if rules.value_system != "points_doubles":
            raise bad("payment_scheme", "all players paying each other needs Standard scoring")
        if rules.chombo == "limit_each":
            raise bad("chombo", f"paying the limit to each player needs {winner_only}")
        if rules.false_ready == "limit_each":
            raise bad("false_ready", f"paying the limit to each player needs {winner_only}")
    if rules.value_system == "points_doubles" and rules.payment_scheme != "all_pay":
        raise bad("value_system", "Standard scoring needs all players paying each other")
    if rules.riichi_deposit and not rules.riichi:
        raise bad("riichi_deposit", "a deposit needs riichi to be played; set it to 0")
    if rules.riichi_winner_doubles and rules.value_system != "points_doubles":
        raise bad("riichi_winner_doubles", "doubles for riichi need Standard scoring")
    if rules.triple_ron_aborts and rules.max_ron_winners == 3:
        raise bad("triple_ron_aborts", "a triple ron cannot abort while three winners are allowed")
    if rules.goal_points and rules.length == "all":
        raise bad("goal_points", "an extension needs a game shorter than all four winds")
    if rules.nagashi_mangan_percent and rules.payment_scheme != "winner_only":
        raise bad("nagashi_mangan_percent", f"nagashi mangan needs {winner_only}")
    if (
        rules.nagashi_mangan_percent
        and rules.nagashi_payment == "win"
        and rules.nagashi_flow == "draw"
    ):
        raise bad(
            "nagashi_payment",
            "paid as a win, a nagashi mangan passes the deal as a win does; set the deal after "
            "it to 'win' or pay its value only",
        )
    if rules.uma_floating and rules.settlement != "uma":
        raise bad("uma_floating", "floating uma needs results with placement bonuses")


def _check_seats(rules: Rules, bad: Callable[[str, str], RulesError]) -> None:
    """What the seat count asks of the other options: the shares divide evenly among the
    seats, one uma per place, and north tiles only at a table without a North seat."""
    three = rules.players == 3
    if three and rules.payment_scheme != "winner_only":
        raise bad("players", "three-player riichi is played with the winner-only payment scheme")
    if rules.players == 5 and rules.payment_scheme != "winner_only":
        raise bad("players", "five at a table is played with the winner-only payment scheme")
    if len(rules.uma) != rules.players:
        last = {3: "third", 4: "fourth", 5: "fifth"}[rules.players]
        raise bad(
            "uma",
            f"with {rules.players} players the uma has {rules.players} values, first to "
            f"{last} place, not {len(rules.uma)}",
        )
    for name in ("uma_one_above", "uma_two_above", "uma_three_above"):
        if len(getattr(rules, name)) != 4:
            raise bad(name, "floating uma has four values, first to fourth place")
    if three and rules.triple_ron_aborts:
        raise bad("triple_ron_aborts", "three players cannot make a triple ron")
    if rules.players != 4 and rules.uma_floating:
        raise bad("uma_floating", "floating uma is played with four players")
    # five at a table: four play each hand, and a hand's shares divide among those four
    playing = rules.at_table
    who = f"{playing} players" if playing == rules.players else f"{playing} players in each hand"
    payers = playing - 1
    step = option("honba_points").step_for(playing)
    if rules.honba_points % step:
        raise bad(
            "honba_points",
            f"with {who} the counters are shared by {payers} payers on a "
            f"self-drawn win: give a multiple of {step}, not {rules.honba_points}",
        )
    step = option("tenpai_payment").step_for(playing)
    if rules.tenpai_payment % step:
        raise bad(
            "tenpai_payment",
            f"with {who} the payment is shared among 1 to {payers} players: "
            f"give a multiple of {step}, not {rules.tenpai_payment}",
        )
    if rules.north_dora and not three:
        raise bad("north_dora", "north tiles are set aside only at a three-player table")
    if rules.north_dora and rules.value_system != "han_fu":
        raise bad("north_dora", "north dora are counted as han")
    if rules.north_dora and not rules.dora:
        raise bad(
            "north_dora", "north tiles count as dora, and these rules are played without dora"
        )


def describe_options(defaults: Rules | None = None) -> list[dict[str, Any]]:
    """Every option's description with its value in ``defaults`` (the engine default if None)."""
    base = defaults or Rules()
    return [
        f.metadata["option"].as_dict(f.name, getattr(base, f.name), base.players)
        for f in dataclasses.fields(Rules)
    ]


def rules_as_options(rules: Rules) -> dict[str, Any]:
    """The rules as a JSON-ready mapping of option name to value."""
    return {
        name: list(v) if isinstance(v, tuple) else v
        for name in OPTION_NAMES
        for v in [getattr(rules, name)]
    }
