"""The game-end settlement: ranks, the leftover pool, uma and oka, ties, rounding, chombo.

Results are integers: tenths of 1,000 points under uma (27.3 is 273), points otherwise.

>>> from scoring.engine.presets import resolve_rules
>>> ema = resolve_rules("ema")
>>> settle(ema, (42300, 35100, 24600, 18000), 0, 0, (0, 0, 0, 0))[1]
(273, 101, -104, -270)
>>> settle(ema, (31000, 31000, 31000, 27000), 0, 0, (0, 0, 0, 0))[1]
(60, 60, 60, -180)
"""

from __future__ import annotations

from .rules import Rules

Four = tuple[int, int, int, int]


def _div_half_up(a: int, b: int) -> int:
    """``a / b`` rounded half up (toward plus infinity), in integers."""
    return (2 * a + b) // (2 * b)


def _order(scores: Four, first_east: int) -> list[int]:
    """Seats from first place to fourth; equal scores by initial seat order."""
    by_seat_order = [(first_east + i) % 4 for i in range(4)]
    return sorted(by_seat_order, key=scores.__getitem__, reverse=True)  # a stable sort


def _share(amount: int, seats: list[int], first_east: int) -> dict[int, int]:
    """``amount`` split evenly among ``seats``; the remainder one unit each in seat order."""
    ordered = sorted(seats, key=lambda s: (s - first_east) % 4)
    each, rest = divmod(amount, len(ordered))
    return {s: each + (1 if i < rest else 0) for i, s in enumerate(ordered)}


def uma_of(rules: Rules, final: list[int]) -> tuple[int, int, int, int]:
    """The uma for these final points: fixed, or by how many finish above the return.

    >>> from scoring.engine.presets import resolve_rules
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
    rules: Rules, scores: Four, pool: int, first_east: int, chombo: Four
) -> tuple[Four, Four, Four]:
    """Ranks, results and where the leftover pool went, for a game that is over."""
    share = rules.ties == "share"
    order = _order(scores, first_east)
    pool_to = [0, 0, 0, 0]
    if pool and rules.leftover_pool == "first":
        top = [s for s in order if scores[s] == scores[order[0]]] if share else [order[0]]
        for seat, part in _share(pool, top, first_east).items():
            pool_to[seat] = part
    final = [s + p for s, p in zip(scores, pool_to, strict=True)]
    # Places are decided on the scores before the pool: the pool follows first place, and the
    # odd point of a pool shared by tied players must not break their tie.
    if share:
        ranks = [1 + sum(1 for o in scores if o > scores[s]) for s in range(4)]
    else:
        ranks = [order.index(s) + 1 for s in range(4)]

    deduction = rules.chombo_points if rules.chombo == "deduction" else 0
    if rules.settlement == "difference":
        results = [final[s] - rules.start_points - chombo[s] * deduction for s in range(4)]
        return tuple(ranks), tuple(results), tuple(pool_to)  # type: ignore[return-value]

    points = [final[s] - rules.return_points for s in range(4)]
    if rules.final_rounding == "half_up":
        for s in order[1:]:
            points[s] = _div_half_up(points[s], 1000) * 1000
        points[order[0]] = sum(final) - 4 * rules.return_points - sum(points[s] for s in order[1:])
    base = [_div_half_up(p, 100) for p in points]
    bonus_by_place = [u * 10 for u in uma_of(rules, final)]
    bonus_by_place[0] += (rules.return_points - rules.start_points) * 4 // 100
    bonus = [0, 0, 0, 0]
    if share:
        place = 0
        while place < 4:
            tied = [s for s in order if scores[s] == scores[order[place]]]
            amount = sum(bonus_by_place[place : place + len(tied)])
            for seat, part in _share(amount, tied, first_east).items():
                bonus[seat] = part
            place += len(tied)
    else:
        for place, seat in enumerate(order):
            bonus[seat] = bonus_by_place[place]
    results = [base[s] + bonus[s] - chombo[s] * deduction // 100 for s in range(4)]
    return tuple(ranks), tuple(results), tuple(pool_to)  # type: ignore[return-value]
