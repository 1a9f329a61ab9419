"""Who pays whom for a win: the two payment schemes, as functions in one table.

Each scheme takes the rules, the hand, the dealer and the winners, and returns the payment
deltas of the wins (counters, pool and penalties are the flow's business).

>>> from engine.presets import resolve_rules
>>> modern = resolve_rules("japanese-modern")
>>> tsumo_payments(modern, dealer=0, seat=2, base=1280)
[-2600, -1300, 5200, -1300]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .errors import RecordError
from .rules import Rules
from .types import Hand, HandValue
from .values import base_points, round_payment, standard_score

Deltas = list[int]


def tsumo_payments(rules: Rules, *, dealer: int, seat: int, base: int) -> Deltas:
    """Everyone pays ``seat`` its basic points, East paying and receiving double.

    With three players the North seat is empty: each payer pays its four-player share and
    North's is lost (tsumo loss), or North's share is split between the two payers (north
    bisection, ``north_share`` "split"), each half rounded with the payer's own share.

    >>> from engine.presets import resolve_rules
    >>> sanma = resolve_rules("tenhou-sanma")
    >>> tsumo_payments(sanma, dealer=0, seat=1, base=2000)  # a non-dealer's mangan
    [-4000, 6000, -2000]
    >>> split = resolve_rules({"preset": "tenhou-sanma", "options": {"north_share": "split"}})
    >>> tsumo_payments(split, dealer=0, seat=1, base=2000)
    [-5000, 8000, -3000]
    >>> tsumo_payments(split, dealer=0, seat=0, base=2000)  # the dealer's: 6,000 all
    [12000, -6000, -6000]
    """
    players = rules.players
    # each payer's share in halves of the basic points: 2 a non-dealer's, 4 the dealer's
    halves = [0 if payer == seat else 4 if dealer in (payer, seat) else 2 for payer in range(4)]
    if players == 3 and rules.north_share == "split":
        north = 4 if seat == dealer else 2  # North is never the dealer of a three-seat table
        halves = [h + (north // 2 if h else 0) for h in halves]
    deltas = [0] * players
    for payer in range(players):
        if payer != seat:
            amount = round_payment(rules, -(-halves[payer] * base // 2))
            deltas[payer] -= amount
            deltas[seat] += amount
    return deltas


def ron_payment(rules: Rules, *, dealer: int, seat: int, base: int) -> int:
    """What the discarder pays alone: the sum three payers would pay on a four-player
    self-draw (the same at a three-player table)."""
    return round_payment(rules, base * (6 if seat == dealer else 4))


def _winner_only(rules: Rules, hand: Hand, dealer: int, wins: Sequence[HandValue]) -> Deltas:
    deltas = [0] * rules.players
    for win in wins:
        field = f"wins[{hand.wins.index(win)}]"
        base = base_points(rules, win, field)
        if win.pao is not None:
            if not rules.pao:
                raise RecordError(
                    "these rules have no liability (pao).", field=f"{field}.pao", code="bad_pao"
                )
            if win.pao == win.seat:
                raise RecordError(
                    "the winner cannot be liable for the own hand.",
                    field=f"{field}.pao",
                    code="bad_pao",
                )
        if hand.discarder is None:
            part = tsumo_payments(rules, dealer=dealer, seat=win.seat, base=base)
            if win.pao is None:
                deltas = part  # a self-draw has one winner: these are all its payments
            else:  # the liable player pays everything
                deltas[win.pao] -= part[win.seat]
                deltas[win.seat] += part[win.seat]
        else:
            amount = ron_payment(rules, dealer=dealer, seat=win.seat, base=base)
            deltas[win.seat] += amount
            if win.pao is not None and win.pao != hand.discarder:  # half each
                half = round_payment(rules, amount // 2)
                deltas[win.pao] -= half
                deltas[hand.discarder] -= amount - half
            else:
                deltas[hand.discarder] -= amount
    return deltas


def _all_pay(rules: Rules, hand: Hand, dealer: int, wins: Sequence[HandValue]) -> Deltas:
    winners = {w.seat for w in wins}
    losers = {v.seat: v for v in hand.losers}
    for v in hand.losers:
        if v.seat in winners:
            raise RecordError(
                f"seat {v.seat} won and cannot also be listed among the losers.",
                field="losers",
                code="bad_loser",
            )
    if len(losers) != len(hand.losers):
        raise RecordError("'losers' names a seat twice.", field="losers", code="duplicate_seat")
    for seat in range(4):
        if seat not in winners and seat not in losers:
            raise RecordError(
                f"the score of seat {seat}'s hand is missing: under these rules every "
                "player's hand scores.",
                field="losers",
                code="missing_loser",
            )
    score: dict[int, int] = {}
    for i, w in enumerate(hand.wins):
        extra = rules.riichi_winner_doubles if w.seat in hand.riichi and w.score is None else 0
        score[w.seat] = round_payment(rules, standard_score(rules, w, extra, f"wins[{i}]"))
    for i, v in enumerate(hand.losers):
        score[v.seat] = round_payment(rules, standard_score(rules, v, 0, f"losers[{i}]"))

    deltas = [0, 0, 0, 0]

    def pay(payer: int, payee: int, amount: int) -> None:
        amount *= 2 if dealer in (payer, payee) else 1
        deltas[payer] -= amount
        deltas[payee] += amount

    for winner in winners:
        for loser in losers:
            pay(loser, winner, score[winner])
    for a in losers:
        for b in losers:
            if score[a] > score[b]:
                pay(b, a, score[a] - score[b])
    return deltas


Scheme = Callable[[Rules, Hand, int, Sequence[HandValue]], Deltas]

SCHEMES: dict[str, Scheme] = {
    "winner_only": _winner_only,
    "all_pay": _all_pay,
}


def win_payments(rules: Rules, hand: Hand, dealer: int, wins: Sequence[HandValue]) -> Deltas:
    """The deltas of the wins of ``hand`` under the rules' payment scheme."""
    if hand.losers and rules.payment_scheme != "all_pay":
        raise RecordError(
            "'losers' are scored only where all players pay each other.",
            field="losers",
            code="unknown_field",
        )
    return SCHEMES[rules.payment_scheme](rules, hand, dealer, wins)
