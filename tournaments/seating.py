"""The seating draw of a tournament: who sits at which table, in which seat, each round.

Django-free: plain integers in, a frozen :class:`Schedule` out. Players are numbered 1..N.
A round is a tuple of tables; a table is a tuple of four players in seat order East, South,
West, North; a player who sits the round out is at no table.

The draw works in three steps, all driven by one ``random.Random(seed)``:

1. **Who sits out.** When N is not a multiple of four, N mod 4 players sit out each round,
   taken in turn from one shuffled order, so nobody sits out twice before everyone has sat out
   once. With ``substitutes=True`` nobody sits out: substitutes numbered N+1.. fill the
   tables instead, and the draw treats them as players.
2. **Grouping.** Where a design is known it starts the schedule: the affine plane of order 4
   (16 players, 5 rounds in which every pair meets exactly once) and, for 4q players with q a
   prime power, the transversal design TD(4, q) built from the lines of the affine plane of
   order q (q rounds with no pair meeting twice; when q is a multiple of 4 the four groups
   give one round more). Then simulated annealing over swaps of two players between two
   tables of one round lowers the cost: the repeat meetings (a pair that meets k times counts
   k - 1) plus :data:`APART_WEIGHT` for each pair of one ``apart`` group at a table in the
   first ``apart_rounds`` rounds. Swapping two players' numbers in the whole schedule (which
   leaves the repeats alone) is a move too when there are groups to keep apart.
3. **Winds.** Seats within each table are chosen after grouping, as a 4-edge-colouring of the
   bipartite graph of players and tables (König's theorem; alternating-path recolouring).
   Each player's tables are cut into runs of at most four, each run sits four different winds,
   so no player sits one wind more than ceil(R/4) times.

>>> schedule = draw(16, 5, seed=1)
>>> schedule.repeats()
0
>>> sorted(len(table) for table in schedule.rounds[0])
[4, 4, 4, 4]
>>> [len(out) for out in draw(19, 4, seed=1).sit_outs()]  # three sit out each round
[3, 3, 3, 3]
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import random
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TextIO

TABLE = 4
WINDS = ("E", "S", "W", "N")
APART_WEIGHT = 10
FOCUS_TRIES = 6
PICKS = 2
# The annealing's temperature, in repeat meetings: from HOT down to COLD over the steps.
HOT, COLD = 0.35, 0.2
"""What one pair of an ``apart`` group at one table costs, in repeat meetings."""

Table = tuple[int, ...]
Round = tuple[Table, ...]


class SeatingError(ValueError):
    """A draw that cannot be made; ``code`` is stable, the message names what is wrong."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Schedule:
    """A drawn schedule: ``rounds[r][t]`` is table t of round r, players in seat order E S W N.

    ``players`` counts the registered players (1..players); ``substitutes`` the substitutes
    numbered after them.
    """

    players: int
    substitutes: int
    rounds: tuple[Round, ...]

    def __post_init__(self) -> None:
        everyone = self.players + self.substitutes
        for number, tables in enumerate(self.rounds, start=1):
            seated = [p for table in tables for p in table]
            if any(len(table) != TABLE for table in tables):
                raise SeatingError("table_size", f"round {number}: a table without 4 players")
            if len(set(seated)) != len(seated) or not all(1 <= p <= everyone for p in seated):
                raise SeatingError("not_partition", f"round {number}: a player seated twice")

    def meetings(self) -> dict[tuple[int, int], int]:
        """How often each pair (a < b) that met sat at one table."""
        met: dict[tuple[int, int], int] = {}
        for tables in self.rounds:
            for table in tables:
                for i, a in enumerate(table):
                    for b in table[i + 1 :]:
                        pair = (a, b) if a < b else (b, a)
                        met[pair] = met.get(pair, 0) + 1
        return met

    def repeats(self) -> int:
        """Repeat meetings: a pair that met k times counts k - 1."""
        return sum(k - 1 for k in self.meetings().values())

    def wind_counts(self) -> dict[int, tuple[int, int, int, int]]:
        """For each player, how many times they sat East, South, West and North."""
        counts = {p: [0, 0, 0, 0] for p in range(1, self.players + self.substitutes + 1)}
        for tables in self.rounds:
            for table in tables:
                for seat, p in enumerate(table):
                    counts[p][seat] += 1
        return {p: (c[0], c[1], c[2], c[3]) for p, c in counts.items()}

    def sit_outs(self) -> tuple[tuple[int, ...], ...]:
        """The players at no table, round by round."""
        everyone = range(1, self.players + self.substitutes + 1)
        out = []
        for tables in self.rounds:
            seated = {p for table in tables for p in table}
            out.append(tuple(p for p in everyone if p not in seated))
        return tuple(out)

    def as_json(self) -> dict[str, list[list[list[int]]]]:
        return {"rounds": [[list(table) for table in tables] for tables in self.rounds]}


def repeat_floor(players: int, rounds: int, seated_rounds: Sequence[int] | None = None) -> int:
    """The fewest repeat meetings counting allows.

    Each round of t tables makes 6t pair meetings and there are N(N-1)/2 pairs; and a player
    seated s rounds meets 3s others among N - 1, so has at least 3s - (N - 1) repeats, each
    repeat shared by two players. ``seated_rounds`` gives s per player (default: every round
    for a multiple of four, else the even spread of the sit-outs).

    >>> repeat_floor(16, 8), repeat_floor(20, 8), repeat_floor(24, 8), repeat_floor(28, 8)
    (72, 50, 12, 0)
    """
    tables = players // TABLE
    if seated_rounds is None:
        seats = rounds * tables * TABLE
        low, extra = divmod(seats, players)
        seated_rounds = [low + 1] * extra + [low] * (players - extra)
    by_pairs = rounds * tables * 6 - players * (players - 1) // 2
    by_players = sum(max(0, 3 * s - (players - 1)) for s in seated_rounds)
    return max(0, by_pairs, (by_players + 1) // 2)


# ---- finite fields and designs -------------------------------------------------------------


def _prime_power(q: int) -> tuple[int, int] | None:
    """(p, k) with q = p**k for a prime p, or None."""
    for p in range(2, q + 1):
        if q % p == 0:
            k, rest = 0, q
            while rest % p == 0:
                rest //= p
                k += 1
            return (p, k) if rest == 1 else None
    return None


def galois_field(q: int) -> tuple[list[list[int]], list[list[int]]]:
    """Addition and multiplication tables of GF(q), elements 0..q-1.

    An element is a polynomial over GF(p) written in base p (digit i is the coefficient of
    x**i); multiplication is modulo the first monic irreducible polynomial of degree k found.

    >>> add, mul = galois_field(4)
    >>> [mul[2][x] for x in range(4)]  # x times 0, 1, x, x + 1 (x**2 = x + 1)
    [0, 2, 3, 1]
    """
    found = _prime_power(q)
    if found is None:
        raise SeatingError("not_prime_power", f"{q} is not a prime power")
    p, k = found

    def digits(n: int) -> list[int]:
        return [(n // p**i) % p for i in range(k)]

    def number(ds: Sequence[int]) -> int:
        return sum(d * p**i for i, d in enumerate(ds))

    def times(a: list[int], b: list[int], modulus: list[int]) -> list[int]:
        product = [0] * (2 * k - 1)
        for i, x in enumerate(a):
            for j, y in enumerate(b):
                product[i + j] = (product[i + j] + x * y) % p
        for top in range(2 * k - 2, k - 1, -1):
            c = product[top]
            if c:
                for i in range(k + 1):
                    product[top - k + i] = (product[top - k + i] - c * modulus[i]) % p
        return product[:k]

    modulus: list[int] = []
    for low in range(p**k):
        candidate = [*digits(low), 1]
        # Irreducible exactly when multiplication modulo it has no zero divisors.
        ok = True
        for a in range(1, q):
            for b in range(1, q):
                if not any(times(digits(a), digits(b), candidate)):
                    ok = False
                    break
            if not ok:
                break
        if ok:
            modulus = candidate
            break
    add = [
        [number([(x + y) % p for x, y in zip(digits(a), digits(b), strict=True)]) for b in range(q)]
        for a in range(q)
    ]
    mul = [[number(times(digits(a), digits(b), modulus)) for b in range(q)] for a in range(q)]
    return add, mul


def affine_plane(q: int) -> list[list[tuple[int, ...]]]:
    """The q + 1 parallel classes of the affine plane AG(2, q); point (x, y) is x * q + y.

    Every two points lie on exactly one line, so for q = 4 the five classes are five rounds of
    16 players in which every pair meets exactly once.

    >>> classes = affine_plane(4)
    >>> len(classes), [len(c) for c in classes], classes[0][0]
    (5, [4, 4, 4, 4, 4], (0, 4, 8, 12))
    """
    add, mul = galois_field(q)
    classes = [
        [tuple(x * q + add[mul[m][x]][b] for x in range(q)) for b in range(q)] for m in range(q)
    ]
    classes.append([tuple(x * q + y for y in range(q)) for x in range(q)])
    return classes


def transversal_design(q: int) -> list[list[tuple[int, ...]]]:
    """Rounds for 4q players with no repeat meeting, q a prime power of at least 4.

    The lines of AG(2, q) cut to the four columns x = 0, 1, 2, 3 (four groups of q players):
    each slope gives one round, and two players of different columns meet exactly once. When
    q is a multiple of four the columns themselves, cut into tables, are one round more (their
    players never met). For q = 4 these are the five classes of :func:`affine_plane`.

    >>> [len(transversal_design(q)) for q in (4, 5, 7, 8, 9)]
    [5, 5, 7, 9, 9]
    """
    if q < TABLE:
        raise SeatingError("too_small", "a transversal design needs q >= 4")
    add, mul = galois_field(q)
    classes = [
        [tuple(g * q + add[mul[m][g]][b] for g in range(TABLE)) for b in range(q)] for m in range(q)
    ]
    if q % TABLE == 0:
        classes.append(
            [
                tuple(g * q + y + i for i in range(TABLE))
                for g in range(TABLE)
                for y in range(0, q, TABLE)
            ]
        )
    return classes


def hermitian_unital() -> list[tuple[int, ...]]:
    """The 63 blocks of the Hermitian unital of order 3: 28 points, every pair in one block.

    Its points are those of the projective plane PG(2, 9) with x**4 + y**4 + z**4 = 0 (the
    Hermitian curve, x**4 being x times its conjugate x**3); its blocks are the lines that
    meet the curve in four points.

    >>> blocks = hermitian_unital()
    >>> len(blocks), {len(b) for b in blocks}
    (63, {4})
    """
    add, mul = galois_field(9)
    inverse = [0] + [next(i for i in range(1, 9) if mul[x][i] == 1) for x in range(1, 9)]
    fourth = [mul[mul[x][x]][mul[x][x]] for x in range(9)]

    def normal(v: tuple[int, int, int]) -> tuple[int, int, int]:
        lead = inverse[next(c for c in v if c)]
        return (mul[lead][v[0]], mul[lead][v[1]], mul[lead][v[2]])

    def dot(u: tuple[int, int, int], v: tuple[int, int, int]) -> int:
        return add[add[mul[u[0]][v[0]]][mul[u[1]][v[1]]]][mul[u[2]][v[2]]]

    plane = sorted(
        {normal((a, b, c)) for a in range(9) for b in range(9) for c in range(9) if a or b or c}
    )
    curve = [p for p in plane if add[add[fourth[p[0]]][fourth[p[1]]]][fourth[p[2]]] == 0]
    blocks = []
    for line in plane:
        on = tuple(i for i, p in enumerate(curve) if dot(line, p) == 0)
        if len(on) == TABLE:
            blocks.append(on)
    return blocks


def projective_space_lines() -> list[tuple[int, ...]]:
    """The 130 lines of the projective space PG(3, 3): 40 points, four on each line.

    Every two points lie on one line; a spread (10 lines covering each point once) is a round
    of 40 players, and :func:`resolve` finds 13 spreads with no line in common (a packing).

    >>> lines = projective_space_lines()
    >>> len(lines), {len(line) for line in lines}
    (130, {4})
    """
    field = 3

    def normal(v: tuple[int, ...]) -> tuple[int, ...]:
        lead = next(c for c in v if c)  # 1 or 2, its own inverse modulo 3
        return tuple(lead * x % field for x in v)

    space = sorted(
        {
            normal((a, b, c, d))
            for a in range(field)
            for b in range(field)
            for c in range(field)
            for d in range(field)
            if a or b or c or d
        }
    )
    index = {p: i for i, p in enumerate(space)}

    def line(u: tuple[int, ...], v: tuple[int, ...]) -> tuple[int, ...]:
        combinations = {
            normal(tuple((s * x + t * y) % field for x, y in zip(u, v, strict=True)))
            for s in range(field)
            for t in range(field)
            if s or t
        }
        return tuple(sorted(index[p] for p in combinations))

    lines = {line(u, v) for i, u in enumerate(space) for v in space[i + 1 :]}
    return sorted(lines)


def resolve(blocks: Sequence[tuple[int, ...]], points: int) -> list[list[tuple[int, ...]]]:
    """Parallel classes of a design that share no block, as many as a depth-first search finds.

    Every parallel class (blocks that cover each point once) is listed, then a largest set of
    classes with no block in common is searched for. For the Hermitian unital this is a
    resolution: 9 classes, 9 rounds of 28 players with no repeat meeting; for the lines of
    PG(3, 3) a packing, 13 rounds of 40.

    >>> [len(c) for c in resolve(hermitian_unital(), 28)]
    [7, 7, 7, 7, 7, 7, 7, 7, 7]
    """
    through = [[b for b, block in enumerate(blocks) if p in block] for p in range(points)]
    masks = [sum(1 << p for p in block) for block in blocks]
    size = points // TABLE
    classes: list[tuple[int, ...]] = []

    def cover(covered: int, chosen: list[int]) -> None:
        if len(chosen) == size:
            classes.append(tuple(chosen))
            return
        p = next(i for i in range(points) if not covered >> i & 1)
        for b in through[p]:
            if not covered & masks[b]:
                cover(covered | masks[b], [*chosen, b])

    cover(0, [])
    class_masks = [sum(1 << b for b in c) for c in classes]
    most = (points - 1) // (TABLE - 1)
    best: list[int] = []

    def pack(start: int, chosen: list[int], used: int) -> bool:
        nonlocal best
        if len(chosen) > len(best):
            best = chosen
        if len(best) == most:
            return True
        for i in range(start, len(classes)):
            if not class_masks[i] & used and pack(i + 1, [*chosen, i], used | class_masks[i]):
                return True
        return False

    pack(0, [], 0)
    return [[blocks[b] for b in classes[i]] for i in best]


def known_rounds(players: int) -> list[list[tuple[int, ...]]]:
    """The construction the draw starts from for this many players (0-based), or none.

    >>> [len(known_rounds(n)) for n in (16, 20, 24, 28, 32, 36, 40, 48)]
    [5, 5, 0, 9, 9, 9, 13, 0]
    """
    return [list(tables) for tables in _known(players)]


@functools.cache
def _known(players: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    q = players // TABLE
    if players == 28:
        found = resolve(hermitian_unital(), 28)
    elif players == 40:
        found = resolve(projective_space_lines(), 40)
    elif players % TABLE or q < TABLE or _prime_power(q) is None:
        found = []
    else:
        found = transversal_design(q)
    return tuple(tuple(tables) for tables in found)


# ---- the draw ------------------------------------------------------------------------------


def draw(
    players: int,
    rounds: int,
    seed: int | None = 0,
    *,
    apart: Iterable[Iterable[int]] = (),
    apart_rounds: int | None = None,
    substitutes: bool = False,
    effort: float = 1.0,
) -> Schedule:
    """Draw seats for ``players`` players over ``rounds`` rounds.

    ``apart`` lists groups of players (one club, one country, a family) to keep from sharing
    a table in the first ``apart_rounds`` rounds (default: every round) where possible.
    ``effort`` scales the search's length. The same arguments give the same schedule.

    >>> s = draw(24, 3, seed=7, apart=[{1, 2, 3, 4, 5, 6}], apart_rounds=2)
    >>> [sum(1 for t in r for p in t if p <= 6) == len(r) for r in s.rounds[:2]]
    [True, True]
    >>> draw(24, 3, seed=7, apart=[{1, 2, 3, 4, 5, 6}], apart_rounds=2) == s
    True
    """
    if players < TABLE:
        raise SeatingError("too_few_players", f"a draw needs at least 4 players, not {players}")
    if rounds < 1:
        raise SeatingError("too_few_rounds", f"a draw needs at least 1 round, not {rounds}")
    groups = [sorted(set(group)) for group in apart]
    for group in groups:
        strangers = [p for p in group if not 1 <= p <= players]
        if strangers:
            raise SeatingError(
                "unknown_player",
                f"apart group {group}: no player {strangers[0]} (players are 1..{players})",
            )
    if apart_rounds is None:
        apart_rounds = rounds
    if apart_rounds < 0:
        raise SeatingError("bad_apart_rounds", f"apart_rounds must be 0 or more: {apart_rounds}")
    if effort <= 0:
        raise SeatingError("bad_effort", f"effort must be positive: {effort}")

    rng = random.Random(seed)
    extra = (-players) % TABLE if substitutes else 0
    everyone = players + extra
    out_per_round = everyone % TABLE
    order = list(range(players))
    rng.shuffle(order)
    sitting_out = [
        {order[(r * out_per_round + i) % players] for i in range(out_per_round)}
        for r in range(rounds)
    ]

    label = list(range(everyone))
    rng.shuffle(label)
    design = known_rounds(everyone) if out_per_round == 0 else []
    rng.shuffle(design)
    grouping: list[list[list[int]]] = []
    for r in range(rounds):
        if r < len(design):
            grouping.append([[label[p] for p in line] for line in design[r]])
        else:
            seated = [p for p in range(everyone) if p not in sitting_out[r]]
            rng.shuffle(seated)
            grouping.append([seated[i : i + TABLE] for i in range(0, len(seated), TABLE)])

    together = [[0] * everyone for _ in range(everyone)]
    for group in groups:
        for a in group:
            for b in group:
                if a != b:
                    together[a - 1][b - 1] += 1
    floor = repeat_floor(
        everyone, rounds, [rounds - sum(p in out for out in sitting_out) for p in range(everyone)]
    )
    steps = int(effort * _steps(everyone, rounds))
    _anneal(
        grouping, everyone, together, min(apart_rounds, rounds) if groups else 0, floor, steps, rng
    )
    seats = _orient(grouping, everyone, rng)
    return Schedule(
        players=players,
        substitutes=extra,
        rounds=tuple(tuple(tuple(p + 1 for p in table) for table in tables) for tables in seats),
    )


def _steps(players: int, rounds: int) -> int:
    # The search stops at the floor, which most sizes reach early; the cap bounds the others
    # (a few seconds here, see docs/benchmarks.md).
    return min(10_000 * players * rounds, 2_000_000)


def _anneal(
    grouping: list[list[list[int]]],
    players: int,
    together: list[list[int]],
    apart_rounds: int,
    floor: int,
    steps: int,
    rng: random.Random,
) -> None:
    """Simulated annealing over swaps; leaves the best grouping found in ``grouping``."""
    count = [[0] * players for _ in range(players)]
    for tables in grouping:
        for table in tables:
            for a in table:
                for b in table:
                    if a != b:
                        count[a][b] += 1
    repeats = sum(max(0, count[a][b] - 1) for a in range(players) for b in range(a))
    clash = 0
    for tables in grouping[:apart_rounds]:
        for table in tables:
            clash += sum(together[a][b] for i, a in enumerate(table) for b in table[i + 1 :])
    cost = repeats + APART_WEIGHT * clash
    best = cost
    best_grouping = [[list(t) for t in tables] for tables in grouping]
    if cost <= floor and clash == 0:
        return
    movable = [r for r, tables in enumerate(grouping) if len(tables) > 1]
    if not movable:
        return
    relabel = apart_rounds > 0
    where = [[-1] * players for _ in grouping]
    for r, tables in enumerate(grouping):
        for t, table in enumerate(tables):
            for p in table:
                where[r][p] = t
    hot, cold = HOT, COLD
    cooling = (cold / hot) ** (1.0 / max(1, steps))
    temperature = hot
    rand = rng.random
    exp = math.exp
    n_movable = len(movable)
    for _ in range(steps):
        temperature *= cooling
        if relabel and rand() < 0.05:
            a = int(rand() * players)
            b = int(rand() * players)
            if a == b:
                continue
            delta = 0
            for r in range(apart_rounds):
                ta, tb = where[r][a], where[r][b]
                if ta == tb:
                    continue
                for x in grouping[r][ta] if ta >= 0 else ():
                    if x != a:
                        delta += together[b][x] - together[a][x]
                for y in grouping[r][tb] if tb >= 0 else ():
                    if y != b:
                        delta += together[a][y] - together[b][y]
            delta *= APART_WEIGHT
            if delta <= 0 or rand() < exp(-delta / temperature):
                _swap_labels(grouping, where, count, a, b)
                cost += delta
                clash += delta // APART_WEIGHT
                if cost < best:
                    best = cost
                    best_grouping = [[list(t) for t in ts] for ts in grouping]
                    if cost <= floor and clash == 0:
                        break
            continue
        # Most moves take a player who meets someone at their table again (the search of
        # the social golfer literature is conflict-directed too); a few tries, then any.
        for _try in range(FOCUS_TRIES):
            r = movable[int(rand() * n_movable)]
            tables = grouping[r]
            n = len(tables)
            t1 = int(rand() * n)
            one = tables[t1]
            i = int(rand() * TABLE)
            a = one[i]
            ca = count[a]
            if ca[one[0]] + ca[one[1]] + ca[one[2]] + ca[one[3]] - ca[a] > 3:
                break
        # The better of PICKS random partners in other tables of the round.
        leave = 0
        for x in one:
            if x != a and ca[x] > 1:
                leave += 1
        apart_here = r < apart_rounds
        with_a = together[a]
        delta = apart_delta = t2 = j = -1
        for pick in range(PICKS):
            t = int(rand() * (n - 1))
            if t >= t1:
                t += 1
            other = tables[t]
            k = int(rand() * TABLE)
            b = other[k]
            cb = count[b]
            d = -leave
            for x in one:
                if x != a and cb[x] > 0:
                    d += 1
            for y in other:
                if y != b:
                    if cb[y] > 1:
                        d -= 1
                    if ca[y] > 0:
                        d += 1
            ad = 0
            if apart_here:
                with_b = together[b]
                for x in one:
                    if x != a:
                        ad += with_b[x] - with_a[x]
                for y in other:
                    if y != b:
                        ad += with_a[y] - with_b[y]
                d += APART_WEIGHT * ad
            if pick == 0 or d < delta:
                delta, apart_delta, t2, j = d, ad, t, k
        two = tables[t2]
        b = two[j]
        cb = count[b]
        if delta > 0 and rand() >= exp(-delta / temperature):
            continue
        for x in one:
            if x != a:
                ca[x] -= 1
                count[x][a] -= 1
                cb[x] += 1
                count[x][b] += 1
        for y in two:
            if y != b:
                cb[y] -= 1
                count[y][b] -= 1
                ca[y] += 1
                count[y][a] += 1
        one[i], two[j] = b, a
        where[r][a], where[r][b] = t2, t1
        cost += delta
        clash += apart_delta
        if cost < best:
            best = cost
            best_grouping = [[list(t) for t in ts] for ts in grouping]
            if cost <= floor and clash == 0:
                break
    grouping[:] = best_grouping


def _swap_labels(
    grouping: list[list[list[int]]],
    where: list[list[int]],
    count: list[list[int]],
    a: int,
    b: int,
) -> None:
    """Exchange players a and b in every round (their meetings are exchanged with them)."""
    for r, tables in enumerate(grouping):
        ta, tb = where[r][a], where[r][b]
        if ta >= 0:
            table = tables[ta]
            table[table.index(a)] = -1
        if tb >= 0:
            table = tables[tb]
            table[table.index(b)] = a
        if ta >= 0:
            table = tables[ta]
            table[table.index(-1)] = b
        where[r][a], where[r][b] = tb, ta
    count[a], count[b] = count[b], count[a]
    for row in count:
        row[a], row[b] = row[b], row[a]


def _orient(
    grouping: list[list[list[int]]], players: int, rng: random.Random
) -> list[list[list[int]]]:
    """Seat each table: a proper 4-edge-colouring of players' runs against tables.

    Each player's tables, in round order, are cut into runs of four; a run and a table are
    the two sides of a bipartite graph of degree at most four, whose edges (player at table)
    get a wind each so that no run and no table has a wind twice.
    """
    runs: list[int] = []  # the run of each edge
    tables_of_edge: list[int] = []
    table_ids: list[tuple[int, int]] = []
    played = [0] * players
    run_of: dict[tuple[int, int], int] = {}
    edges_at_table: list[list[int]] = []
    for r, tables in enumerate(grouping):
        for t, table in enumerate(tables):
            node = len(table_ids)
            table_ids.append((r, t))
            edges_at_table.append([])
            for p in table:
                key = (p, played[p] // TABLE)
                played[p] += 1
                if key not in run_of:
                    run_of[key] = len(run_of)
                edges_at_table[node].append(len(runs))
                runs.append(run_of[key])
                tables_of_edge.append(node)
    n_edges = len(runs)
    colour = [-1] * n_edges
    # at_run[u][c] / at_table[v][c]: the edge of colour c at that node, or -1.
    at_run = [[-1] * TABLE for _ in run_of]
    at_table = [[-1] * TABLE for _ in table_ids]
    order = list(range(n_edges))
    rng.shuffle(order)
    for e in order:
        u, v = runs[e], tables_of_edge[e]
        free_u = next(c for c in range(TABLE) if at_run[u][c] < 0)
        free_v = next(c for c in range(TABLE) if at_table[v][c] < 0)
        if at_table[v][free_u] >= 0:
            # Swap colours free_u and free_v along the path from v that starts with free_u;
            # it cannot reach u (bipartite), so free_u becomes free at v and stays so at u.
            path = []
            node, on_table, c = v, True, free_u
            while True:
                f = at_table[node][c] if on_table else at_run[node][c]
                if f < 0:
                    break
                path.append(f)
                node = runs[f] if on_table else tables_of_edge[f]
                on_table = not on_table
                c = free_v if c == free_u else free_u
            for f in path:
                at_run[runs[f]][colour[f]] = -1
                at_table[tables_of_edge[f]][colour[f]] = -1
            for f in path:
                colour[f] = free_v if colour[f] == free_u else free_u
                at_run[runs[f]][colour[f]] = f
                at_table[tables_of_edge[f]][colour[f]] = f
        colour[e] = free_u
        at_run[u][free_u] = e
        at_table[v][free_u] = e
    seated: list[list[list[int]]] = [[[-1] * TABLE for _ in tables] for tables in grouping]
    for node, (r, t) in enumerate(table_ids):
        for e in edges_at_table[node]:
            seated[r][t][colour[e]] = grouping[r][t][edges_at_table[node].index(e)]
    return seated


# ---- command line --------------------------------------------------------------------------


def _group(text: str) -> set[int]:
    try:
        return {int(part) for part in text.split(",") if part.strip()}
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of player numbers: {text!r}") from None


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None) -> int:
    """``python -m tournaments.seating --players N --rounds R [--seed S]``: print a draw.

    >>> import io
    >>> out = io.StringIO()
    >>> main(["--players", "8", "--rounds", "2", "--seed", "3"], stdout=out)
    0
    >>> sorted(p for table in json.loads(out.getvalue())["rounds"][1] for p in table)
    [1, 2, 3, 4, 5, 6, 7, 8]
    """
    parser = argparse.ArgumentParser(
        prog="python -m tournaments.seating",
        description='Draw a tournament\'s seats: prints {"rounds": [[[E, S, W, N], ...], ...]}.',
    )
    parser.add_argument("--players", type=int, required=True, help="number of players, 1..N")
    parser.add_argument("--rounds", type=int, required=True)
    parser.add_argument("--seed", type=int, default=0, help="same seed, same draw (default 0)")
    parser.add_argument(
        "--apart",
        type=_group,
        action="append",
        default=[],
        metavar="P,P,...",
        help="players to keep at different tables (repeat the option for each group)",
    )
    parser.add_argument(
        "--apart-rounds",
        type=int,
        default=None,
        help="keep the --apart groups apart in this many first rounds (default: all)",
    )
    parser.add_argument(
        "--substitutes",
        action="store_true",
        help="fill the last tables with substitutes numbered N+1.. instead of sit-outs",
    )
    args = parser.parse_args(argv)
    try:
        schedule = draw(
            args.players,
            args.rounds,
            args.seed,
            apart=args.apart,
            apart_rounds=args.apart_rounds,
            substitutes=args.substitutes,
        )
    except SeatingError as error:
        parser.error(str(error))  # exits 2 with the usage line and the message
    print(json.dumps(schedule.as_json()), file=stdout or sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
