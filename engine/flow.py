"""Replaying a game: each hand's payments, the pool, and the state that follows.

>>> from engine.record import parse_game
>>> game = parse_game({"rules": "japanese-modern", "hands": [
...     {"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 40}], "riichi": [3]},
...     {"result": "draw", "tenpai": [0]}]})
>>> result = replay(game)
>>> [h.deltas for h in result.hands]
[(0, -5200, 6200, -1000), (3000, -1000, -1000, -1000)]
>>> result.final.next.as_dict()["label"]
'E3-1'
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from typing import NamedTuple

from .errors import EngineError, RecordError
from .payments import tsumo_payments, win_payments
from .rules import Rules
from .settlement import first_east, settle
from .tiles import value_tiles
from .types import (
    WINDS,
    FinalResult,
    Game,
    GameResult,
    Hand,
    HandResult,
    HandValue,
    NextHand,
    Progress,
    Result,
    Unit,
    Wind,
)
from .values import with_north
from .yaku import HanBreakdown

ROUNDS = {"east": 1, "south": 2, "all": 4}


# State and Outcome live only inside a replay and are built once or twice a hand: as named
# tuples they are immutable like the value types, and built in one step (a frozen dataclass
# sets each field with its own call, which showed in the cost of settling a hand).


class State(NamedTuple):
    """The table between two hands."""

    round: Wind
    number: int
    dealer: int
    honba: int
    pool: int
    scores: tuple[int, ...]


class Outcome(NamedTuple):
    """What a hand decided besides its payments."""

    dealer_keeps: bool
    honba: int
    chombo: int | None = None  # the offender, for a chombo settled as a deduction
    stop_allowed: bool = False  # the dealer kept the deal by winning or being ready


def _fail(message: str, field: str | None, code: str) -> RecordError:
    return RecordError(message, code=code, field=field)


def _check_riichi(rules: Rules, state: State, hand: Hand) -> None:
    if not hand.riichi:
        return
    if not rules.riichi:
        raise _fail("these rules have no riichi.", "riichi", "no_riichi")
    if rules.riichi_needs_points:
        for seat in hand.riichi:
            if state.scores[seat] < rules.riichi_deposit:
                raise _fail(
                    f"seat {seat} has {state.scores[seat]} points and cannot pay the "
                    f"{rules.riichi_deposit} riichi deposit.",
                    "riichi",
                    "riichi_without_points",
                )


def _check_first_turn(state: State, hand: Hand) -> None:
    """A heavenly hand is the dealer's; an earthly hand another seat's, on a self-draw, or
    (arushiiaru: "Win from the dealer's first discard") on the dealer's discard."""
    for i, w in enumerate(hand.wins):
        if not isinstance(w.breakdown, HanBreakdown):
            continue
        ids = {item.id for item in w.breakdown.items}
        where = f"wins[{i}].{'tiles' if w.tiles is not None else 'yaku'}"
        if "tenhou" in ids and w.seat != state.dealer:
            raise _fail("a heavenly hand (tenhou) is the dealer's.", where, "bad_yaku")
        if "chiihou" in ids:
            if w.seat == state.dealer:
                raise _fail("an earthly hand (chiihou) is not the dealer's.", where, "bad_yaku")
            if hand.result is Result.RON and hand.discarder != state.dealer:
                raise _fail(
                    "an earthly hand on a discard is won on the dealer's first discard.",
                    where,
                    "bad_yaku",
                )


def _limit_each(rules: Rules, dealer: int, offender: int) -> list[int]:
    """The offender pays the limit to each player, East receiving and paying double."""
    return [-d for d in tsumo_payments(rules, dealer=dealer, seat=offender, base=rules.limit)]


def _win(rules: Rules, state: State, hand: Hand) -> tuple[list[int], Outcome, int]:
    """Pay the wins: the deltas of the wins and counters, the outcome, the seat taking the pool."""
    wins = hand.wins
    if hand.discarder is not None:
        if len(wins) > rules.max_ron_winners:
            if rules.triple_ron_aborts and len(wins) == 3:
                raise _fail(
                    "three players won on one discard: under these rules that is an abortive draw "
                    "(result 'abortive', reason 'triple_ron').",
                    "wins",
                    "too_many_winners",
                )
            raise _fail(
                f"these rules allow {rules.max_ron_winners} winner(s) on one discard; enter only "
                "the first in turn order after the discarder.",
                "wins",
                "too_many_winners",
            )
        if len(wins) > 1:
            discarder = hand.discarder
            seats = rules.players
            wins = tuple(sorted(wins, key=lambda w: (w.seat - discarder) % seats))
    deltas = win_payments(rules, hand, state.dealer, wins)
    counter_to = (wins if rules.multi_ron_honba == "each" else wins[:1]) if state.honba else ()
    for w in counter_to:
        if rules.honba_to == "dealer" and w.seat != state.dealer:
            continue  # only the dealer is paid for his extra hands
        if hand.discarder is not None:
            amount = rules.honba_points * state.honba
            payer = hand.discarder
            deltas[payer] -= amount
            deltas[w.seat] += amount
        else:
            _self_drawn_counters(rules, state, deltas, w.seat, w.pao)
    keeps = state.dealer in [w.seat for w in wins]
    return deltas, Outcome(keeps, state.honba + 1 if keeps else 0, None, keeps), wins[0].seat


def _self_drawn_counters(
    rules: Rules, state: State, deltas: list[int], seat: int, liable: int | None = None
) -> None:
    """Each other player pays ``seat`` an equal part of the counters, a third with four players
    and half with three (a liable player pays all)."""
    each = rules.honba_points // (rules.players - 1) * state.honba
    for payer in range(rules.players):
        if payer != seat:
            who = liable if liable is not None else payer
            deltas[who] -= each
            deltas[seat] += each


def _draw(rules: Rules, state: State, hand: Hand, deltas: list[int]) -> tuple[Outcome, int | None]:
    """Pay a draw; the outcome, and the seat that takes the pool (a nagashi paid as a win)."""
    ready = set(hand.tenpai)
    if hand.nagashi:
        if not rules.nagashi_mangan_percent:
            raise _fail("these rules have no nagashi mangan.", "nagashi", "no_nagashi")
        base = rules.limit * rules.nagashi_mangan_percent // 100
        as_win = rules.nagashi_payment == "win"
        for seat in hand.nagashi:
            for i, v in enumerate(tsumo_payments(rules, dealer=state.dealer, seat=seat, base=base)):
                deltas[i] += v
            if as_win and state.honba and (rules.honba_to != "dealer" or seat == state.dealer):
                _self_drawn_counters(rules, state, deltas, seat)
        if rules.nagashi_flow == "win":
            keeps = state.dealer in hand.nagashi
            outcome = Outcome(
                dealer_keeps=keeps, honba=state.honba + 1 if keeps else 0, stop_allowed=keeps
            )
            # several nagashi: the pool to the first of them in turn order from the dealer
            first = min(hand.nagashi, key=lambda seat: (seat - state.dealer) % rules.players)
            return outcome, first if as_win else None
    elif rules.tenpai_payment and 0 < len(ready) < rules.players:
        for seat in range(rules.players):
            if seat in ready:
                deltas[seat] += rules.tenpai_payment // len(ready)
            else:
                deltas[seat] -= rules.tenpai_payment // (rules.players - len(ready))
    if rules.draw_deal == "keep":
        keeps = True
    elif rules.draw_deal == "keep_if_ready":
        keeps = state.dealer in ready
    else:
        keeps = False
    honba = state.honba + 1 if keeps or rules.honba_after_passed_draw else 0
    return Outcome(dealer_keeps=keeps, honba=honba, stop_allowed=keeps), None


def _abortive(rules: Rules, state: State, hand: Hand) -> Outcome:
    if hand.reason == "triple_ron":
        if not rules.triple_ron_aborts:
            raise _fail(
                "under these rules a triple ron is not an abortive draw.", "reason", "bad_reason"
            )
    elif not rules.abortive_draws:
        raise _fail("these rules have no abortive draws.", "reason", "no_abortive_draws")
    if hand.reason in ("four_winds", "four_riichi") and rules.players == 3:
        raise _fail(
            "three players cannot discard four winds or declare four riichi: the North seat is "
            "empty.",
            "reason",
            "bad_reason",
        )
    if hand.reason == "four_riichi" and len(hand.riichi) != 4:
        raise _fail("four riichi needs all four seats in 'riichi'.", "riichi", "bad_reason")
    return Outcome(dealer_keeps=True, honba=state.honba + 1)


def _chombo(rules: Rules, state: State, hand: Hand, deltas: list[int]) -> tuple[Outcome, int]:
    offender = hand.offender
    assert offender is not None
    forfeited = 0
    if rules.chombo == "none":
        raise _fail("these rules have no chombo.", "result", "no_chombo")
    if rules.chombo == "limit_each":
        for i, v in enumerate(_limit_each(rules, state.dealer, offender)):
            deltas[i] += v
    elif rules.chombo == "forfeit":
        deltas[offender] -= rules.chombo_points
        forfeited = rules.chombo_points
    passes = offender == state.dealer and rules.chombo_passes_deal
    outcome = Outcome(
        dealer_keeps=not passes,
        honba=state.honba,
        chombo=offender if rules.chombo == "deduction" else None,
    )
    return outcome, forfeited


def _penalties(
    rules: Rules, state: State, hand: Hand, deltas: list[int], winner: int | None
) -> int:
    """Apply the hand's penalties; returns the points that left the table."""
    forfeited = 0
    for i, p in enumerate(hand.penalties):
        field = f"penalties[{i}]"
        if p.points is not None:
            deltas[p.seat] -= p.points
            if p.to is None:
                forfeited += p.points
            else:
                deltas[p.to] += p.points
        elif p.kind == "false_claim":
            if not rules.false_claim_points:
                raise _fail(
                    "these rules have no penalty for a faulty claim.",
                    f"{field}.kind",
                    "bad_penalty",
                )
            if winner is None:
                raise _fail(
                    "a faulty claim is paid to the winner: this hand has none.",
                    f"{field}.kind",
                    "bad_penalty",
                )
            if p.seat == winner:
                raise _fail(
                    "the winner cannot pay the faulty-claim penalty to itself.",
                    f"{field}.seat",
                    "bad_penalty",
                )
            deltas[p.seat] -= rules.false_claim_points
            deltas[winner] += rules.false_claim_points
        elif p.kind == "false_ready":
            if rules.false_ready == "none":
                raise _fail(
                    "these rules have no penalty for a faulty ready declaration.",
                    f"{field}.kind",
                    "bad_penalty",
                )
            if rules.false_ready == "limit_each":
                if hand.result is not Result.DRAW:
                    raise _fail(
                        "a faulty ready declaration is paid only when the deal ends in a draw.",
                        f"{field}.kind",
                        "bad_penalty",
                    )
                for j, v in enumerate(_limit_each(rules, state.dealer, p.seat)):
                    deltas[j] += v
            else:
                deltas[p.seat] -= rules.false_ready_points
                forfeited += rules.false_ready_points
        else:  # false_out
            if rules.chombo != "forfeit":
                raise _fail(
                    "under these rules a faulty out ends the deal: enter it as a chombo hand.",
                    f"{field}.kind",
                    "bad_penalty",
                )
            deltas[p.seat] -= rules.chombo_points
            forfeited += rules.chombo_points
    return forfeited


def _valued(rules: Rules, state: State, hand: Hand, i: int, win: HandValue) -> HandValue:
    """A win given as tiles, with the han, fu and breakdown the tiles make at this seat."""
    if win.tiles is None:
        return win
    b = value_tiles(
        rules,
        win.tiles,
        named=win.yaku,
        riichi=win.seat in hand.riichi,
        tsumo=hand.result is Result.TSUMO,
        seat_wind=(win.seat - state.dealer) % rules.players,
        round_wind=state.round.order,
        field=f"wins[{i}]",
    )
    return dataclasses.replace(
        win,
        han=None if b.yakuman else b.han,
        fu=b.fu,
        dora=b.dora,
        yakuman=b.yakuman,
        breakdown=b,
    )


def sits_out(rules: Rules, dealer: int) -> int | None:
    """The seat that sits out the hand ``dealer`` deals, when five sit at the table: the seat
    before the dealer, the outgoing dealer (in the game's first hand, the seat before the first
    dealer). A dealer who keeps the deal keeps the same seat out. ``None`` at a table where
    every seat plays.

    >>> from engine.presets import resolve_rules
    >>> five = resolve_rules("japanese-modern-five")
    >>> sits_out(five, 0), sits_out(five, 3), sits_out(resolve_rules("tenhou"), 0)
    (4, 2, None)
    """
    if rules.players != 5:
        return None
    return (dealer - 1) % 5


def seats_in_hand(rules: Rules, dealer: int) -> tuple[int, ...]:
    """The seats that play the hand ``dealer`` deals, East first (East, South, West, North).

    >>> from engine.presets import resolve_rules
    >>> seats_in_hand(resolve_rules("japanese-modern-five"), 3)
    (3, 4, 0, 1)
    >>> seats_in_hand(resolve_rules("tenhou-sanma"), 1)
    (1, 2, 0)
    """
    return tuple((dealer + i) % rules.players for i in range(rules.at_table))


@functools.lru_cache(maxsize=64)
def _table_rules(rules: Rules) -> Rules:
    """The rules of one hand at a table of five: the four-seat rules (a hand's payments are
    those of four players; what a game's end reads, such as the uma, is never read here)."""
    return dataclasses.replace(rules, players=4, uma=rules.uma[:4])


def _sitting_out(state: State, hand: Hand, out: int) -> None:
    """Refuse a hand that names the seat sitting it out in any part it plays."""
    where = f"{state.round.name.title()} {state.number}"

    def refuse(field: str, what: str) -> RecordError:
        return _fail(
            f"seat {out} sits out this hand ({where}), so it cannot {what}.", field, "sits_out"
        )

    for i, w in enumerate(hand.wins):
        if w.seat == out:
            raise refuse(f"wins[{i}].seat", "win")
        if w.pao == out:
            raise refuse(f"wins[{i}].pao", "be liable")
    for i, v in enumerate(hand.losers):
        if v.seat == out:
            raise refuse(f"losers[{i}].seat", "pay a winner")
    if hand.discarder == out:
        raise refuse("from", "discard")
    if out in hand.riichi:
        raise refuse("riichi", "declare riichi")
    if out in hand.tenpai:
        raise refuse("tenpai", "be ready")
    if out in hand.nagashi:
        raise refuse("nagashi", "have a nagashi mangan")
    if hand.offender == out:
        raise refuse("offender", "commit a chombo")
    for i, p in enumerate(hand.penalties):
        if p.seat == out:
            raise refuse(f"penalties[{i}].seat", "pay a penalty")
        if p.to == out:
            raise refuse(f"penalties[{i}].to", "be paid a penalty")


def _at_table(hand: Hand, place: dict[int, int]) -> Hand:
    """``hand`` with every seat replaced by its place at the table (0 East to 3 North)."""

    def seats(values: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(place[s] for s in values))

    def value(v: HandValue) -> HandValue:
        pao = place[v.pao] if v.pao is not None else None
        return dataclasses.replace(v, seat=place[v.seat], pao=pao)

    return dataclasses.replace(
        hand,
        riichi=seats(hand.riichi),
        wins=tuple(value(w) for w in hand.wins),
        discarder=place[hand.discarder] if hand.discarder is not None else None,
        losers=tuple(value(v) for v in hand.losers),
        tenpai=seats(hand.tenpai),
        nagashi=seats(hand.nagashi),
        offender=place[hand.offender] if hand.offender is not None else None,
        penalties=tuple(
            dataclasses.replace(p, seat=place[p.seat], to=place[p.to] if p.to is not None else None)
            for p in hand.penalties
        ),
    )


def _play_five(rules: Rules, state: State, hand: Hand) -> tuple[HandResult, Outcome]:
    """A hand at a table of five: the four playing seats score it as a four-seat table with
    the dealer East; the seat sitting out pays and receives nothing."""
    out = (state.dealer - 1) % 5
    _sitting_out(state, hand, out)
    if hand.riichi:  # checked here, where the error names the seats as the record does
        _check_riichi(rules, state, hand)
    playing = seats_in_hand(rules, state.dealer)
    place = {seat: i for i, seat in enumerate(playing)}
    table_scores = tuple(state.scores[seat] for seat in playing)
    table = State(state.round, state.number, 0, state.honba, state.pool, table_scores)
    got, outcome = play_hand(_table_rules(rules), table, _at_table(hand, place))
    deltas = [0] * 5
    for i, seat in enumerate(playing):
        deltas[seat] = got.deltas[i]
    result = HandResult(
        state.round,
        state.number,
        state.honba,
        state.dealer,
        state.pool,
        tuple(deltas),
        got.pool,
        got.forfeited,
        tuple(s + d for s, d in zip(state.scores, deltas, strict=True)),
        tuple((playing[seat], b) for seat, b in got.breakdowns),
    )
    if outcome.chombo is not None:
        outcome = outcome._replace(chombo=playing[outcome.chombo])
    return result, outcome


def play_hand(rules: Rules, state: State, hand: Hand) -> tuple[HandResult, Outcome]:
    """Score one hand from ``state``: its result and what it decided for the next hand."""
    if rules.players == 5:
        return _play_five(rules, state, hand)
    if hand.wins and any(w.tiles is not None for w in hand.wins):
        wins = tuple(_valued(rules, state, hand, i, w) for i, w in enumerate(hand.wins))
        hand = dataclasses.replace(hand, wins=wins)
    if any(w.north for w in hand.wins):  # north tiles count as han and dora from here on
        wins = tuple(with_north(w, f"wins[{i}]") for i, w in enumerate(hand.wins))
        hand = dataclasses.replace(hand, wins=wins)
    if hand.riichi:
        _check_riichi(rules, state, hand)
    _check_first_turn(state, hand)
    forfeited = 0
    winner: int | None = None
    if hand.result in (Result.RON, Result.TSUMO):
        deltas, outcome, winner = _win(rules, state, hand)
    else:
        deltas = [0] * rules.players
        if hand.result is Result.DRAW:
            outcome, winner = _draw(rules, state, hand, deltas)
        elif hand.result is Result.ABORTIVE:
            outcome = _abortive(rules, state, hand)
        else:
            outcome, forfeited = _chombo(rules, state, hand, deltas)
    pool = state.pool
    if hand.result is not Result.CHOMBO:  # after a chombo the deposits go back to their owners
        for seat in hand.riichi:
            deltas[seat] -= rules.riichi_deposit
            pool += rules.riichi_deposit
    if winner is not None:  # the first winner after the discarder takes the pool
        if (
            len(hand.wins) > 1
            and rules.multi_ron_riichi == "own_back"
            and hand.result is Result.RON
        ):
            # each other winner who declared takes back its own deposit
            for w in hand.wins:
                if w.seat != winner and w.seat in hand.riichi:
                    deltas[w.seat] += rules.riichi_deposit
                    pool -= rules.riichi_deposit
        deltas[winner] += pool
        pool = 0
    if hand.penalties:
        forfeited += _penalties(rules, state, hand, deltas, winner)
    if not rules.honba_points:
        outcome = outcome._replace(honba=0)
    if len(deltas) == 4:  # the usual table, unrolled: a replay builds this for every hand
        d0, d1, d2, d3 = deltas
        s0, s1, s2, s3 = state.scores
        scores: tuple[int, ...] = (s0 + d0, s1 + d1, s2 + d2, s3 + d3)
    else:
        scores = tuple([s + d for s, d in zip(state.scores, deltas, strict=True)])
    values = hand.wins + hand.losers if hand.losers else hand.wins
    breakdowns = tuple([(v.seat, v.breakdown) for v in values if v.breakdown is not None])
    result = HandResult(  # in field order: a hand's result is built for every hand replayed
        state.round,
        state.number,
        state.honba,
        state.dealer,
        state.pool,  # pool_before
        tuple(deltas),
        pool,
        forfeited,
        scores,
        breakdowns,
    )
    return result, outcome


def next_state(
    rules: Rules, state: State, outcome: Outcome, scores: tuple[int, ...], pool: int
) -> tuple[State, bool]:
    """The state for the next hand, and whether the game is over instead."""
    regular = ROUNDS[rules.length]
    order = state.round.order
    extension = order >= regular
    seats = rules.players  # a round has a deal per seat
    last_regular = order == regular - 1 and state.number == seats
    if outcome.dealer_keeps:
        wind, number, dealer = state.round, state.number, state.dealer
    else:
        number, dealer = state.number + 1, (state.dealer + 1) % seats
        index = order
        if number > seats:
            number, index = 1, index + 1
        if index >= 4:  # past the North round: nothing is left to play
            return State(state.round, state.number, state.dealer, outcome.honba, pool, scores), True
        wind = WINDS[index]
    nxt = State(wind, number, dealer, outcome.honba, pool, scores)
    if rules.bust_ends and min(scores) < 0:
        return nxt, True
    if not (extension or last_regular):
        return nxt, False
    reached = bool(rules.goal_points) and max(scores) >= rules.goal_points
    if extension:
        # sudden death: over as soon as somebody reaches the goal, or after one extra wind
        return nxt, reached or wind.order > regular
    # the last hand of the regular game
    if not outcome.dealer_keeps:
        return nxt, not rules.goal_points or reached
    if rules.dealer_stop_when_leading and outcome.stop_allowed:
        d = state.dealer
        leads = all(scores[d] > s for i, s in enumerate(scores) if i != d)
        if leads and (not rules.goal_points or scores[d] >= rules.goal_points):
            return nxt, True
    return nxt, False


def replay(game: Game) -> GameResult:
    """Score every hand of ``game`` in order and settle it if it is over.

    The first impossible hand raises an :class:`EngineError` naming it (1-based).
    """
    rules = game.rules
    s = game.start
    if game.final_scores is not None:
        return _settle_final_scores(game, first_east(s.dealer, s.number, rules.players))
    progress = Progress(
        hands=0,
        round=s.round,
        number=s.number,
        dealer=s.dealer,
        honba=s.honba,
        pool=s.pool,
        scores=s.scores,
        chombo=(0,) * rules.players,
        over=False,
        east=first_east(s.dealer, s.number, rules.players),
    )
    return continue_game(rules, progress, game.hands, ended=game.ended)


def continue_game(
    rules: Rules, progress: Progress, hands: Sequence[Hand], *, ended: bool = False
) -> GameResult:
    """Score ``hands`` after the hands ``progress`` follows (the ``progress`` of an earlier
    result): the same results, final result and progress as a replay of all the hands, so a
    new hand costs one hand's scoring. ``ended``: the club ended the game after the last hand.

    Hands are numbered in errors from the game's first hand.

    >>> from engine.record import parse_game
    >>> one = {"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 40}]}
    >>> two = {"result": "draw", "tenpai": [0]}
    >>> first = replay(parse_game({"rules": "japanese-modern", "hands": [one]}))
    >>> whole = replay(parse_game({"rules": "japanese-modern", "hands": [one, two]}))
    >>> rest = parse_game({"rules": "japanese-modern", "hands": [two]}).hands
    >>> later = continue_game(whole.rules, first.progress, rest)
    >>> later.hands == whole.hands[1:] and later.final == whole.final
    True
    >>> later.progress == whole.progress
    True
    """
    if len(progress.scores) != rules.players or len(progress.chombo) != rules.players:
        raise RecordError(
            f"the progress is for {len(progress.scores)} seats; these rules seat {rules.players}.",
            code="bad_progress",
            field="progress",
        )
    state = State(
        progress.round,
        progress.number,
        progress.dealer,
        progress.honba,
        progress.pool,
        progress.scores,
    )
    results: list[HandResult] = []
    chombo = list(progress.chombo)
    over = progress.over
    for i, hand in enumerate(hands, start=progress.hands + 1):
        if over:
            raise RecordError(
                "the game is already over; no hand can follow.",
                code="game_over",
                hand=i,
                field="result",
            )
        try:
            result, outcome = play_hand(rules, state, hand)
        except EngineError as e:
            raise e.at_hand(i) from None
        results.append(result)
        if outcome.chombo is not None:
            chombo[outcome.chombo] += 1
        state, over = next_state(rules, state, outcome, result.scores, result.pool)
    after = Progress(
        progress.hands + len(results),
        state.round,
        state.number,
        state.dealer,
        state.honba,
        state.pool,
        state.scores,
        tuple(chombo),
        over,
        progress.east,
    )
    return GameResult(
        hands=tuple(results),
        final=_final(rules, after, over or ended),
        rules=rules,
        progress=after,
    )


def _final(rules: Rules, progress: Progress, over: bool) -> FinalResult:
    """The game's result where ``progress`` stands: settled if it is ``over``."""
    unit = Unit.TENTHS if rules.settlement == "uma" else Unit.POINTS
    if over:
        ranks, settled, pool_to = settle(
            rules, progress.scores, progress.pool, progress.east, progress.chombo
        )
        return FinalResult(
            scores=progress.scores,
            pool=progress.pool,
            over=True,
            ranks=ranks,
            results=settled,
            unit=unit,
            next=None,
            chombo=progress.chombo,
            pool_to=pool_to,
        )
    return FinalResult(
        scores=progress.scores,
        pool=progress.pool,
        over=False,
        ranks=None,
        results=None,
        unit=unit,
        next=NextHand(
            progress.round, progress.number, progress.dealer, progress.honba, progress.pool
        ),
        chombo=progress.chombo,
        pool_to=(0,) * rules.players,
    )


def _settle_final_scores(game: Game, east: int) -> GameResult:
    """A game entered by its final scores: no hands, over, settled as a game played hand by
    hand would be at the same scores with the same pool left.

    The sticks left are the pool (``leftover_pool`` says who takes it); a chombo settled as a
    deduction (``chombo: "deduction"``) is taken off after uma and counted in ``final.chombo``.
    A chombo paid at the table (the limit to each player, or forfeited points) is already in
    the final scores, so it settles nothing more.

    >>> from engine.record import parse_game
    >>> game = parse_game({"rules": "ema", "final_scores": {
    ...     "scores": [42300, 35100, 24600, 17000], "sticks_left": 1, "chombo": [0, 0, 0, 1]}})
    >>> final = replay(game).final
    >>> final.results, final.pool_to, final.chombo
    ((283, 101, -104, -480), (1000, 0, 0, 0), (0, 0, 0, 1))
    """
    rules = game.rules
    entered = game.final_scores
    assert entered is not None
    pool = entered.sticks_left * (rules.riichi_deposit if rules.riichi else 0)
    chombo = entered.chombo if rules.chombo == "deduction" else (0,) * rules.players
    ranks, settled, pool_to = settle(rules, entered.scores, pool, east, chombo)
    final = FinalResult(
        scores=entered.scores,
        pool=pool,
        over=True,
        ranks=ranks,
        results=settled,
        unit=Unit.TENTHS if rules.settlement == "uma" else Unit.POINTS,
        next=None,
        chombo=chombo,
        pool_to=pool_to,
    )
    return GameResult(hands=(), final=final, rules=rules)
