"""The built-in presets: named, documented sets of option values over :class:`Rules`.

A preset is data. Nothing outside this module knows a preset by name: callers look one up
with :func:`get_preset` or resolve a game record's ``rules`` with :func:`resolve_rules`.

>>> resolve_rules("tenhou").goal_points
30000
>>> resolve_rules({"preset": "tenhou", "options": {"tenpai_payment": 1}})
Traceback (most recent call last):
...
engine.errors.RulesError: Option 'tenpai_payment' must be a multiple of 2, not 1.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Any

from .errors import RulesError
from .italian import patterns_list
from .rules import (
    Rules,
    check_combination,
    describe_options,
    options_before,
    rules_as_options,
    validate_value,
)
from .yaku import TABLES, effective_yaku


@dataclass(frozen=True)
class Preset:
    """A named rule set: the options it changes from the engine's defaults, and why."""

    id: str
    name: str
    description: str
    options: Mapping[str, Any]

    @cached_property
    def rules(self) -> Rules:
        """The preset's rules, built (and validated) once: every game of the preset reads them."""
        return build_rules(Rules(), self.options)

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "description": self.description,
            "rules": rules_as_options(self.rules),
            "options": describe_options(self.rules),
            **hand_values(self.rules),
        }


def hand_values(rules: Rules) -> dict[str, Any]:
    """What a client offers for a hand under these rules: the yaku table with each yaku's han
    (options applied), or the Standard sets, patterns and limit hands.

    >>> values = hand_values(resolve_rules("tenhou"))
    >>> values["yaku_table"]["id"], values["yaku"][0]["id"], values["patterns"]
    ('standard', 'riichi', None)
    >>> sorted(hand_values(resolve_rules("italian-official"))["patterns"])[:3]
    ['bonuses', 'honours', 'limit_hands']
    """
    table = TABLES.get(rules.yaku_table) if rules.value_system == "han_fu" else None
    return {
        "yaku_table": (
            {"id": table.id, "name": table.name, "source": table.source} if table else None
        ),
        "yaku": [y.as_dict() for y in effective_yaku(rules)],
        "patterns": patterns_list() if rules.value_system == "points_doubles" else None,
    }


def build_rules(base: Rules, options: Mapping[str, Any]) -> Rules:
    """``base`` with ``options`` applied, each validated, then checked as a whole."""
    if not isinstance(options, Mapping):
        raise RulesError("Options must be an object of option names and values.", code="bad_option")
    values = {name: validate_value(name, value) for name, value in options.items()}
    if values.get("nagashi_flow") == "draw" and "nagashi_payment" not in values:
        # A nagashi that passes the deal as a draw is paid its value only (the one payment
        # such a deal allows): options written before nagashi_payment existed stay valid.
        values["nagashi_payment"] = "value_only"
    rules = dataclasses.replace(base, **values)
    check_combination(rules)
    return rules


_REGISTRY: dict[str, Preset] = {}


# What the two older Japanese presets share: a game of four winds from 2,000 points, hands
# worth fu x 2^han up to a limit of 500, no riichi, no counters, no ready-hand payments.
_NO_BAZORO: dict[str, Any] = {
    "length": "all",
    "start_points": 2000,
    "return_points": 2000,
    "bust_ends": False,
    "bazoro": False,
    "limit": 500,
    "settling_table": False,
    "counted_yakuman": False,
    "yakuman_value": 1,
    "max_yakuman": 1,
    "min_han": 0,
    "dora": False,
    "rounding": "up_10",
    "riichi": False,
    "riichi_deposit": 0,
    "honba_points": 0,
    "tenpai_payment": 0,
    "draw_deal": "pass",
}

# What the EMA and WRC rules share.
_EMA: dict[str, Any] = {
    "start_points": 30000,
    "return_points": 30000,
    "uma": (15, 5, -5, -15),
    "ties": "share",
    "bust_ends": False,
    "abortive_draws": False,
    "counted_yakuman": False,
    "max_yakuman": 1,
}


def _register(id: str, name: str, description: str, **options: Any) -> None:
    _REGISTRY[id] = Preset(id, name, description.strip(), MappingProxyType(options))


_register(
    "japanese-modern",
    "Japanese Modern (ari-ari)",
    """
    Modern riichi, ari-ari, from the Japanese Modern rule preset: start 25,000, mangan system
    with the settling table, 1 han minimum without dora, the discarder pays all, East pays and
    receives double, riichi 1,000 into a pool kept after draws, 300 per counter to any winner,
    3,000 ready-hand payments, abortive draws, multiple winners. Penalties as the preset lists
    them: chombo pays the limit to each player (the deal passes when East offends), a faulty
    ready declaration the same at a draw, a faulty claim 100 to the winner. On a multiple ron
    "each player who has declared ready without winning the deal" pays the 1,000: a winner who
    declared keeps its own deposit, and the pool and the others' deposits go to the first winner
    after the discarder. Nagashi mangan, where a club turns it on, is a self-drawn win as the
    Nagashi Mangan text says (counters paid, the pool taken). Where the text is silent:
    East-South game; bust ends it; counted yakuman and liability are played; result
    25,000/30,000 with uma 20/10, ties by seat order, leftover sticks to first.
    """,
)
_register(
    "japanese-modern-five",
    "Japanese Modern, five at a table",
    """
    Japanese Modern played by five at one table, as long-running clubs play it: seats 0-4, the
    deal passes over the five, so a round has five deals (East 1-5, South 1-5) and in an
    East-South game everyone deals twice. Four play each hand: the dealer is East, the next
    seats in order South, West and North, and the seat before the dealer, the outgoing dealer,
    sits the hand out (in the first hand, the seat before the first dealer). A dealer who keeps
    the deal keeps the same seat out. A hand is paid among the four exactly as Japanese Modern
    pays it (wins, riichi sticks, counters, ready-hand payments, chombo); the seat sitting out
    pays and receives nothing, and a hand naming it as a winner, a discarder, a riichi, ready
    or at fault is refused. Start 25,000 and return 25,000 (no oka: the 30,000 return of four
    seats would give a fifth of the game's points to first place), uma 20/10/0/-10/-20, ties by
    seat order from the first East seat, leftover sticks to first.
    """,
    players=5,
    return_points=25000,
    uma=(20, 10, 0, -10, -20),
)
_register(
    "nashi-nashi",
    "Japanese Modern (nashi-nashi)",
    """
    Japanese Modern with no open tanyao and no riichi on a sacred hand. These two flags matter
    only when hands are entered as tiles; payments are as Japanese Modern (a winner who declared
    keeps its own deposit on a multiple ron).
    """,
    kuitan=False,
    riichi_on_sacred_hand=False,
)
_register(
    "japanese-classical",
    "Japanese Classical",
    """
    Classical Japanese rules: only the winner is paid, the discarder pays for all, East double,
    no payments between losers. Hands are entered as a final score, or as han and fu scored
    without bazoro (fu x 2^han); the limit of 500 applies to the hand's score, so an East winner
    gets at most 3,000. Payments round up to 10; penalties are added at the end and not doubled.
    No riichi, no counters, no ready-hand payments; the deal always passes on a draw. Where a
    club sets a counter value, only the dealer is paid for his extra hands (the Japanese Modern
    text names "any winner (not just the dealer)" as its difference from the classical rules).
    Where the text is silent: start 2,000 as in its example, all four winds, no minimum han,
    results as final minus start points.
    """,
    **_NO_BAZORO,
    yaku_table="none",
    honba_to="dealer",
    abortive_draws=False,
    pao=False,
    chombo="none",
    false_ready="none",
    false_claim_points=10,
    settlement="difference",
    leftover_pool="lost",
)
_register(
    "arushiiaru",
    "Arushiiaru",
    """
    The older Japanese rules (arushiiaru): every riichi rule with these changes: start 2,000,
    sticks a tenth of their value, no dora, no riichi, no minimum han, no ready-hand renchan or
    payments, no counters, all four winds. No bazoro: base = fu x 2^han, mangan 2,000 / 3,000,
    payments rounded up to 10; every hand of 5 han or more (and every yakuman) is a mangan.
    Results are final minus start points. The seed table's cell for a non-dealer's 2 han 70 fu
    self-draw reads 280/480; the arithmetic (and the dealer table) give 280/560, which we pay.
    Chombo applies: the text says all rules of modern riichi apply except those it lists, and
    it lists no change to the faulty out, so the Japanese Modern penalty is played: the
    offender pays the limit to each player, East double (a mangan, 2,000 or 3,000 here), and
    the deal passes when East offends. (A faulty ready declaration cannot occur without riichi.)
    """,
    **_NO_BAZORO,
    yaku_table="arushiiaru",
    ippatsu=False,
    red_fives=False,
    chombo="limit_each",
    false_ready="none",
    false_claim_points=0,
    settlement="difference",
    leftover_pool="lost",
)
# What Tenhou plays at four and at three seats.
_TENHOU: dict[str, Any] = {
    "yaku_table": "standard",
    "dealer_stop_when_leading": True,
    "max_ron_winners": 2,
    "multi_ron_honba": "first",
    "multi_ron_riichi": "first",
    "nagashi_mangan_percent": 100,
    "nagashi_flow": "draw",
    "nagashi_payment": "value_only",
    "chombo": "none",
    "false_ready": "none",
    "false_claim_points": 0,
    "final_rounding": "half_up",
}

# Tenhou's three-player rules: three seats from 35,000, returned at 40,000 (oka 15,000).
_TENHOU_SANMA: dict[str, Any] = {
    **_TENHOU,
    "players": 3,
    "start_points": 35000,
    "return_points": 40000,
    "goal_points": 40000,
    "uma": (20, 0, -20),
    "tenpai_payment": 2000,
    "honba_points": 200,
    "north_dora": True,
}

_register(
    "tenhou",
    "Tenhou ranked",
    """
    The online ranked rules as Tenhou plays them: East-South to 30,000 with a sudden-death West
    round, bust below zero ends the game, the dealer stops when leading in the last hand,
    double ron with the counters, the whole pool and every deposit of the hand to the first
    winner after the discarder, triple ron aborts, nagashi mangan paid as a mangan self-draw
    without counters (the pool stays, the deal follows the draw: what the corpus of real
    Tenhou hands shows), liability, counted yakuman, no rounding up to mangan. Result
    25,000/30,000, uma 20/10, ties by seat order, rounded to 1,000 half up, leftover sticks
    to first. No chombo (the server prevents false wins).
    """,
    **_TENHOU,
    goal_points=30000,
    triple_ron_aborts=True,
)
_register(
    "tenhou-sanma",
    "Tenhou three-player",
    """
    Tenhou's three-player rules (sanma): three seats, East, South and West, and the deal passes
    over the three, so a round has three deals. Start 35,000, return 40,000 (oka 15,000 to
    first), uma 20/0/-20; East-South to 40,000 with a sudden-death West round. Tsumo loss: a
    self-drawn win is paid by the two others, each what it would pay at a four-player table
    (a non-dealer's mangan is 4,000 + 2,000, a dealer's 4,000 all); a win on a discard is paid
    as at four. A ready-hand payment of 2,000 in all (1,000 from each to one ready player,
    2,000 from one not ready), 200 per counter (from the discarder; 100 from each on a
    self-draw), as the `mahjong` library's three-player mode scores Tenhou's hands. North tiles
    set aside are dora: the scorer enters them as the win's `north`. No four-winds or
    four-riichi abortive draw (there is no North seat). Otherwise as Tenhou ranked: double ron,
    liability, counted yakuman, bust ends the game, the dealer stops when leading in the last
    hand, results rounded to 1,000 half up, ties by seat order, leftover sticks to first.
    """,
    **_TENHOU_SANMA,
)
_register(
    "mahjong-soul-sanma",
    "Mahjong Soul three-player (north bisection)",
    """
    A template for the three-player rules clubs and apps vary. Mahjong Soul's three-player
    mode follows Tenhou's rules and offers north bisection besides tsumo loss: this preset
    plays north bisection, where the share the empty North seat would pay on a self-drawn win
    is split between the two payers, so a self-draw pays what a win on a discard does (a
    non-dealer's mangan is 5,000 + 3,000 = 8,000, a dealer's 6,000 all). The options a club
    changes: `north_share` (tsumo loss or north bisection), `tenpai_payment` (the ready-hand
    payment in all, 2,000 here), `honba_points` (per counter, 200 here: half from each payer on
    a self-draw) and `north_dora` (north tiles set aside counted as dora, entered as the win's
    `north`). Everything else as Tenhou three-player.
    """,
    **_TENHOU_SANMA,
    north_share="split",
)
_register(
    "ema",
    "EMA Riichi Competition Rules",
    """
    European Mahjong Association riichi rules: start 30,000, return 30,000, uma 15/5/-5/-15,
    ties share the placement bonuses, leftover sticks to first place. No abortive draws, no
    nagashi mangan, no bust, no counted yakuman (13 han pay 3x the limit), one yakuman at most,
    double and triple ron (each winner paid the counters; a winner who declared riichi takes
    back its own deposit, the pool and the other deposits go to the first winner after the
    discarder), chombo a 20,000 deduction after uma with the hand replayed by the same dealer.
    """,
    **_EMA,
    yaku_table="standard",
    chombo="deduction",
    chombo_passes_deal=False,
    false_ready="none",
    false_claim_points=0,
)
_register(
    "wrc",
    "World Riichi Championship",
    """
    As the EMA rules, except that only one player wins on a discard (head bump), 4 han 30 fu
    and 3 han 60 fu are rounded up to a mangan (kiriage mangan), and a chombo is likewise a
    20,000 deduction after uma.
    """,
    **_EMA,
    yaku_table="standard",
    max_ron_winners=1,
    kiriage_mangan=True,
    chombo="deduction",
    chombo_passes_deal=False,
    false_ready="none",
    false_claim_points=0,
)
_register(
    "m-league",
    "M-League",
    """
    The Japanese professional league as its official rules state them: start 25,000, return
    30,000, uma 30/10/-10/-30 (first gets +50 with oka), ties share. No counted yakuman (13 han
    and more pay 3x the limit, a sanbaiman); 4 han 30 fu and 3 han 60 fu are a mangan (kiriage
    mangan). No bust: a score may go below zero, and riichi may be declared with fewer than
    1,000 points. No agari-yame: the game plays on when the dealer wins the last hand in the
    lead. Head bump (no double ron), no abortive draws, nagashi mangan (a self-drawn win),
    chombo a 20,000 deduction.
    """,
    yaku_table="standard",
    uma=(30, 10, -10, -30),
    ties="share",
    bust_ends=False,
    riichi_needs_points=False,
    counted_yakuman=False,
    kiriage_mangan=True,
    abortive_draws=False,
    max_ron_winners=1,
    nagashi_mangan_percent=100,
    chombo="deduction",
    chombo_passes_deal=False,
    false_ready="none",
    false_claim_points=0,
)
_register(
    "jpml-a",
    "JPML A rules",
    """
    The Japan Professional Mahjong League's A rules as a league plays them: East-South, start
    30,000 and return 30,000, no oka. The uma follows how many players finish above the return
    (30,000 exactly is not above): one, +12/-1/-3/-8; two, +8/+4/-4/-8; three, +8/+3/+1/-12
    (nobody above is settled as two above). Ties share; riichi sticks left on the table at the
    end are not given to anyone. The other choices, as we read the JPML's published rules: no
    bust (scores may go below zero, and riichi may be declared with fewer than 1,000 points), no
    agari-yame, head bump (one winner on a discard), no abortive draws, no counted yakuman and
    one yakuman at most, no rounding up to mangan, 300 per counter, 3,000 ready-hand payments
    with the dealer keeping the deal when ready, liability for big dragons and big winds,
    nagashi mangan as a mangan self-drawn win. A chombo pays the limit to each player, East
    double, and the hand is replayed by the same dealer. No ippatsu, ura dora or red fives:
    these change the han a scorer enters, not the payments. No penalty for a faulty ready
    declaration or claim.
    """,
    yaku_table="standard",
    ippatsu=False,
    red_fives=False,
    start_points=30000,
    return_points=30000,
    uma_floating=True,
    ties="share",
    leftover_pool="lost",
    bust_ends=False,
    riichi_needs_points=False,
    max_ron_winners=1,
    abortive_draws=False,
    counted_yakuman=False,
    max_yakuman=1,
    nagashi_mangan_percent=100,
    chombo="limit_each",
    chombo_passes_deal=False,
    false_ready="none",
    false_claim_points=0,
)
_register(
    "italian-official",
    "Italian Official (FIMJ)",
    """
    Federazione Italiana Mah-Jong rules: 144 tiles with flowers and seasons, start 5,000,
    limit 1,000, no minimum, multiple winners, all four winds; the deal passes only when a
    non-dealer wins. Standard scoring: basic points x 2^doubles, cut to the limit (limit hands
    keep their fixed score), rounded off to the nearest 10 (5 down, 6 up). Every player's hand
    scores and all players pay each other: each loser pays the winner the winner's score, the
    losers pay each other the difference of their scores, East pays and receives double.
    Riichi has no deposit and adds 1 double to a declarer who wins. Faulty out: 500 off the
    offender's total (the deal goes on); faulty ready: 1,000 off. These points leave the table.
    Results are final minus start points. With several winners, each is paid by every
    non-winner, the non-winners settle among themselves once, and winners do not pay each other.
    A pattern whose doubles the text says include another's (four identical chows, 4 doubles
    with 1 for the chow hand included; all terminals and honours, 4 with the four triplets of
    terminals and honours and the pung hand included; ...) counts the included one once.
    """,
    length="all",
    start_points=5000,
    return_points=5000,
    bust_ends=False,
    value_system="points_doubles",
    payment_scheme="all_pay",
    limit=1000,
    min_han=0,
    dora=False,
    rounding="nearest_10",
    flowers=True,
    yaku_table="none",
    riichi_deposit=0,
    riichi_needs_points=False,
    riichi_winner_doubles=1,
    honba_points=0,
    tenpai_payment=0,
    draw_deal="keep",
    abortive_draws=False,
    pao=False,
    chombo="forfeit",
    chombo_points=500,
    chombo_passes_deal=False,
    false_ready="forfeit",
    false_ready_points=1000,
    false_claim_points=0,
    settlement="difference",
    leftover_pool="lost",
)


def preset_ids() -> tuple[str, ...]:
    """The ids of every built-in preset, in the order they are listed."""
    return tuple(_REGISTRY)


def four_player_presets() -> tuple[str, ...]:
    """The ids of the presets played at four seats (``players`` 4), in the order they are
    listed: what a client that seats four players offers. The seat count is the preset's
    data; nothing picks a preset by its name.

    >>> "tenhou" in four_player_presets(), "tenhou-sanma" in four_player_presets()
    (True, False)
    """
    return tuple(pid for pid, preset in _REGISTRY.items() if preset.rules.players == 4)


def get_preset(preset_id: str) -> Preset:
    """The built-in preset ``preset_id``; an unknown id is a :class:`RulesError`."""
    try:
        return _REGISTRY[preset_id]
    except (KeyError, TypeError):
        known = ", ".join(_REGISTRY)
        raise RulesError(
            f"Unknown preset {preset_id!r}; the presets are {known}.",
            code="unknown_preset",
            field="rules",
        ) from None


def resolve_rules(spec: Any) -> Rules:
    """The rules a game record's ``rules`` names: a preset id, or a preset with options.

    A third form carries already resolved rules: ``{"preset": ..., "options": {...}}`` where
    the options give every value (what a game copies when it starts). Such a copy made by an
    older engine lacks the options added since: they take the value that plays as that engine
    did (:data:`engine.rules.OPTIONS_BEFORE`), so a stored game replays unchanged.
    """
    if isinstance(spec, str):
        return get_preset(spec).rules
    if isinstance(spec, Mapping):
        unknown = set(spec) - {"preset", "options"}
        if unknown:
            raise RulesError(
                f"Unknown field {sorted(unknown)[0]!r} in rules; use 'preset' and 'options'.",
                code="bad_rules",
                field="rules",
            )
        preset = get_preset(spec.get("preset"))  # type: ignore[arg-type]
        options = spec.get("options") or {}
        if isinstance(options, Mapping):  # a copy stored by an older engine plays as it did
            options = {**options_before(options), **options}
        return build_rules(preset.rules, options)
    raise RulesError(
        "'rules' must be a preset id or an object with 'preset' and 'options'.",
        code="bad_rules",
        field="rules",
    )
