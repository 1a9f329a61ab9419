"""The game-end settlement: ranks, the leftover pool, uma and oka, ties, rounding, chombo.

Results are integers: tenths of 1,000 points under uma (27.3 is 273), points otherwise.

>>> from engine.presets import resolve_rules
>>> ema = resolve_rules("ema")
>>> settle(ema, (42300, 35100, 24600, 18000), 0, 0, (0, 0, 0, 0))[1]
(273, 101, -104, -270)
>>> settle(ema, (31000, 31000, 31000, 27000), 0, 0, (0, 0, 0, 0))[1]
(60, 60, 60, -180)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .rules import Rules

Seats = tuple[int, ...]
"""A value per seat: four, three at a three-player table, five when five sit at the table."""


def _div_half_up(a: int, b: int) -> int:
    """``a / b`` rounded half up (toward plus infinity), in integers."""
    return (2 * a + b) // (2 * b)


def order_seats(scores: Sequence[int], first_east: int) -> list[int]:
    """Seats from first place to last; equal scores in seat order from the first East seat
    (the order a game's end ranks tied players by, and every board that places the seats).
    There is a seat per score: four, or three at a three-player table.

    >>> order_seats([25000, 30000, 20000, 25000], 0), order_seats([25000, 30000, 20000, 25000], 2)
    ([1, 0, 3, 2], [1, 3, 0, 2])
    >>> order_seats([35000, 30000, 35000], 2)
    [2, 0, 1]
    """
    seats = len(scores)
    by_seat_order = [(first_east + i) % seats for i in range(seats)]
    return sorted(by_seat_order, key=scores.__getitem__, reverse=True)  # a stable sort


def first_east(dealer: int, number: int, players: int = 4) -> int:
    """The seat that dealt (or would have dealt) the first East hand, from any hand's dealer
    and number: the order of seats from it breaks ties.

    >>> first_east(0, 1), first_east(1, 1), first_east(3, 2), first_east(0, 2, players=3)
    (0, 1, 2, 2)
    """
    return (dealer - (number - 1)) % players


def share(amount: int, seats: Iterable[int], first_east: int) -> dict[int, int]:
    """``amount`` split evenly among ``seats``; the remainder one unit each in seat order from
    the first East seat.

    >>> share(100, [2, 1, 0], 0)
    {0: 34, 1: 33, 2: 33}
    >>> share(100, [2, 1, 0], 2)
    {2: 34, 0: 33, 1: 33}
    >>> share(100, [4, 1, 0], 4)  # five seats: seat 4 is the first East seat
    {4: 34, 0: 33, 1: 33}
    """
    # seats from the first East seat up, then the seats below it: the order at any table size
    ordered = sorted(seats, key=lambda s: (s < first_east, s))
    each, rest = divmod(amount, len(ordered))
    return {s: each + (1 if i < rest else 0) for i, s in enumerate(ordered)}


def share_places(
    by_place: Sequence[int], ranks: Mapping[int, int], first_east: int
) -> dict[int, int]:
    """Each seat's part of ``by_place`` (a value for first to fourth place): a seat alone at
    its rank takes that place's value; seats sharing a rank share the values of the places
    they cover (:func:`share`). ``ranks`` maps seats to 1-based ranks; it may hold only some
    seats of a game (those tied with each other). Places past the last value are worth 0.

    This is how the engine shares tied players' uma and oka, and how standings share a
    league's placement points.

    >>> share_places([30, 10, -10, -30], {0: 1, 1: 2, 2: 2, 3: 4}, 0)
    {0: 30, 1: 0, 2: 0, 3: -30}
    >>> share_places([45, 15, 0, 0], {1: 1, 3: 1}, 0), share_places([45, 15, 0, 0], {1: 1, 3: 1}, 2)
    ({1: 30, 3: 30}, {3: 30, 1: 30})
    >>> share_places([10, 0, 0, 0], {0: 1, 3: 1}, 0), share_places([10, 0, 0, 0], {0: 1, 3: 1}, 3)
    ({0: 5, 3: 5}, {3: 5, 0: 5})
    >>> share_places([10, 1, 0, 0], {0: 1, 3: 1}, 0), share_places([10, 1, 0, 0], {0: 1, 3: 1}, 3)
    ({0: 6, 3: 5}, {3: 6, 0: 5})
    """
    by_rank: dict[int, list[int]] = {}
    for seat, rank in ranks.items():
        by_rank.setdefault(rank, []).append(seat)
    out: dict[int, int] = {}
    for rank, tied in sorted(by_rank.items()):
        covered = sum(
            by_place[place - 1] for place in range(rank, rank + len(tied)) if place <= len(by_place)
        )
        out.update(share(covered, tied, first_east))
    return out


def uma_of(rules: Rules, final: list[int]) -> tuple[int, ...]:
    """The uma for these final points: fixed, or by how many finish above the return.

    >>> from engine.presets import resolve_rules
    >>> jpml = resolve_rules("jpml-a")
    >>> uma_of(jpml, [45000, 29000, 26000, 20000]), uma_of(jpml, [30000] * 4)
    ((12, -1, -3, -8), (8, 4, -4, -8))
    """
    if not rules.uma_floating:
        return rules.uma
    above = sum(1 for points in final if points > rules.return_points)
    if above == 1:
        return rules.uma_one_above
    if above >= 3:  # all four above (a return below the start) plays as three above
        return rules.uma_three_above
    return rules.uma_two_above  # nobody above plays as two above and two below


def settle(
    rules: Rules, scores: Seats, pool: int, first_east: int, chombo: Seats
) -> tuple[Seats, Seats, Seats]:
    """Ranks, results and where the leftover pool went, for a game that is over.

    Oka is the return less the start points from every seat, to first place; with three
    players, Tenhou's 35,000 / 40,000 make it 15,000:

    >>> from engine.presets import resolve_rules
    >>> settle(resolve_rules("tenhou-sanma"), (52000, 33000, 20000), 0, 0, (0, 0, 0))[1]
    (470, -70, -400)
    """
    seats = range(len(scores))
    tied_share = rules.ties == "share"
    order = order_seats(scores, first_east)
    pool_to = [0] * len(scores)
    if pool and rules.leftover_pool == "first":
        top = [s for s in order if scores[s] == scores[order[0]]] if tied_share else [order[0]]
        for seat, part in share(pool, top, first_east).items():
            pool_to[seat] = part
    final = [s + p for s, p in zip(scores, pool_to, strict=True)]
    # Places are decided on the scores before the pool: the pool follows first place, and the
    # odd point of a pool shared by tied players must not break their tie.
    if tied_share:
        ranks = [1 + sum(1 for o in scores if o > scores[s]) for s in seats]
    else:
        ranks = [order.index(s) + 1 for s in seats]

    deduction = rules.chombo_points if rules.chombo == "deduction" else 0
    if rules.settlement == "difference":
        results = [final[s] - rules.start_points - chombo[s] * deduction for s in seats]
        return tuple(ranks), tuple(results), tuple(pool_to)

    points = [final[s] - rules.return_points for s in seats]
    if rules.final_rounding == "half_up":
        for s in order[1:]:
            points[s] = _div_half_up(points[s], 1000) * 1000
        points[order[0]] = (
            sum(final) - len(final) * rules.return_points - sum(points[s] for s in order[1:])
        )
    base = [_div_half_up(p, 100) for p in points]
    bonus_by_place = [u * 10 for u in uma_of(rules, final)]
    bonus_by_place[0] += (rules.return_points - rules.start_points) * len(final) // 100
    bonus = [0] * len(final)
    if tied_share:
        for seat, part in share_places(bonus_by_place, dict(enumerate(ranks)), first_east).items():
            bonus[seat] = part
    else:
        for place, seat in enumerate(order):
            bonus[seat] = bonus_by_place[place]
    results = [base[s] + bonus[s] - chombo[s] * deduction // 100 for s in seats]
    return tuple(ranks), tuple(results), tuple(pool_to)
