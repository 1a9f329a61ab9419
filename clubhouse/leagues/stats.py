"""League reads that count games, besides the standings: live boards and player statistics.

Every number comes from the caches the scoring services keep: ``GameSeat.rank/result``,
``Game.final`` and each ``Hand.result``, read as the engine's typed values
(``engine.FinalResult``, ``engine.HandResult``), and the seasons' running totals
(``SeasonTotal.yaku`` for the yaku leaders); a hand's ``data`` only says who won, who dealt
in and who declared riichi. Nothing here computes a hand's points.
"""

from __future__ import annotations

import datetime
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from django.db.models import Count, OuterRef, Subquery
from django.utils.formats import date_format
from django.utils.translation import gettext

import engine
from clubhouse.leagues.standings import counted_games, divide_rounded
from clubs.models import Player
from core.formats import points as points_text
from core.formats import result_text, signed_points
from engine import Unit
from engine.yaku import HanBreakdown
from leagues.models import League
from leagues.selectors import league_seats
from scoring.models import Game, GameSeat, Hand
from scoring.presenter import hand_name
from scoring.totals import league_totals

WIN_RESULTS = ("ron", "tsumo")
NONE = "\u2013"  # an en dash where there is nothing to show


def _day(day: datetime.date) -> str:
    """A game's day as the chart labels it, as every page writes a date ("6 Oct 2026")."""
    return date_format(day)


def percent(part: int, whole: int) -> str:
    """``part / whole`` as a percentage with one decimal, or an en dash when ``whole`` is 0.

    >>> percent(1, 3), percent(0, 0) == NONE
    ('33.3%', True)
    """
    if not whole:
        return NONE
    value = (Decimal(part) * 100 / Decimal(whole)).quantize(Decimal("0.1"), ROUND_HALF_UP)
    return f"{value}%"


# Live board ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class LiveSeat:
    player: Player
    score: int
    place: int
    """Place by current score (1 to the table's seats, 3 or 4), equal scores in seat order
    from the first East seat (the engine's order, as the game's end ranks them)."""

    @property
    def score_text(self) -> str:
        """The score with thousands separators, as every other page shows points."""
        return points_text(self.score)


@dataclass(frozen=True)
class LiveTable:
    game: Game
    label: str
    """The hand being played next, e.g. ``S2-1``."""
    pool: int
    seats: tuple[LiveSeat, ...]

    @property
    def pool_text(self) -> str:
        return points_text(self.pool)


def live_board(league: League) -> list[LiveTable]:
    """The league's running games with each seat's current total (two queries)."""
    games = list(
        Game.objects.running()
        .filter(league=league)
        .order_by("table", "id")
        .prefetch_related("seats__player")
    )
    tables = []
    for game in games:
        final = game.final_result
        if final is None:  # not replayed yet: nothing to show
            continue
        scores = final.scores
        seats = sorted(game.seats.all(), key=lambda s: s.seat)
        start = game.start if isinstance(game.start, dict) else {}
        east = engine.first_east(start.get("dealer", 0), start.get("number", 1))
        order = engine.order_seats(scores, east)
        place = {seat: position for position, seat in enumerate(order, 1)}
        tables.append(
            LiveTable(
                game=game,
                label=hand_name(final.next.label if final.next else ""),
                pool=final.pool,
                seats=tuple(LiveSeat(s.player, scores[s.seat], place[s.seat]) for s in seats),
            )
        )
    return tables


# Player statistics --------------------------------------------------------------------------


@dataclass(frozen=True)
class ChartPoint:
    x: int
    y: int
    label: str


@dataclass(frozen=True)
class Chart:
    """An inline SVG line chart of a running total, laid out here so templates only print."""

    width: int
    height: int
    points: str
    """``x,y x,y ...`` for the polyline."""
    zero_y: int
    left: int
    right: int
    bottom_y: int
    dots: tuple[ChartPoint, ...]
    top_label: str
    bottom_label: str
    first_label: str
    last_label: str


@dataclass(frozen=True)
class Bar:
    label: str
    count: int
    share: str
    y: int
    width: int
    text_y: int
    value_x: int


@dataclass(frozen=True)
class Rival:
    player: Player
    games: int
    above: int
    """Games in which the player finished above this rival."""
    below: int
    difference: str
    """Sum of (player's result - rival's result) over their games together, formatted."""


@dataclass(frozen=True)
class YakuCount:
    """How often a player's wins counted a yaku (wins entered by yaku or by tiles)."""

    yaku: str
    name: str
    wins: int
    share: str
    """Of the player's wins counted by yaku or tiles."""


def yaku_counts(breakdowns: list[HanBreakdown]) -> tuple[tuple[YakuCount, ...], int]:
    """Yaku frequencies over the engine's breakdowns of one player's wins, most made first, and
    how many wins they cover. Dora are not yaku; a yaku included in another still counts.

    >>> from engine.yaku import YakuItem
    >>> riichi, pinfu = YakuItem("riichi", "Riichi", 1), YakuItem("pinfu", "Pinfu", 1)
    >>> rows, wins = yaku_counts([
    ...     HanBreakdown(items=(riichi, pinfu), han=2, fu=30),
    ...     HanBreakdown(items=(riichi,), han=1, fu=40)])
    >>> [(r.yaku, r.wins, r.share) for r in rows], wins
    ([('riichi', 2, '100.0%'), ('pinfu', 1, '50.0%')], 2)
    """
    counts: Counter[str] = Counter()
    names: dict[str, str] = {}
    for b in breakdowns:
        for item in b.items:
            counts[item.id] += 1
            names[item.id] = item.name
    n = len(breakdowns)
    rows = tuple(
        YakuCount(y, names[y], c, percent(c, n))
        for y, c in sorted(counts.items(), key=lambda kv: (-kv[1], names[kv[0]].casefold()))
    )
    return rows, n


@dataclass(frozen=True)
class YakuLeader:
    """Who made a yaku most often in a league, and how often the league made it."""

    yaku: str
    name: str
    total: int
    leaders: tuple[Player, ...]
    """The players with the most wins counting it (several on a tie)."""
    most: int


def yaku_leaders(league: League, *, limit: int = 10) -> tuple[YakuLeader, ...]:
    """The league's most made yaku, each with the players who made it most: over the games
    that count for the standings of its seasons (finished, and confirmed where the league
    asks for it), wins entered by yaku or by tiles.

    Read from the seasons' running totals (:attr:`SeasonTotal.yaku`, each seat's yaku cached
    when its game is over), added up per player: three queries (the seasons whose totals are
    not current, the totals, their players) whatever the number of seasons or games, where
    decoding every hand of every season cost a 16-season league 5-9 times one season.

    A league game outside every season (played on a day no season covers, or whose season
    was deleted) counts in no standings, so not here either: the page shows what the seasons'
    standings count."""
    per_player: dict[str, Counter[int]] = defaultdict(Counter)
    names: dict[str, str] = {}
    for player_id, made in (
        league_totals(league).exclude(yaku={}).order_by().values_list("player_id", "yaku")
    ):
        for yaku, (name, count) in made.items():
            per_player[yaku][player_id] += count
            names[yaku] = name
    return _ranked(per_player, names, limit)


def yaku_leaders_recomputed(league: League, *, limit: int = 10) -> tuple[YakuLeader, ...]:
    """:func:`yaku_leaders` counted afresh from every hand of the games that count for the
    league's seasons, each hand's cached result decoded: what the page computed before the
    totals kept the yaku, kept as their reference (the property test and
    ``bench/league_page.py`` compare the two). Its time grows with every hand of every season."""
    games = Game.objects.none()
    for season in league.seasons.all():
        season.league = league
        games = games | counted_games(season)
    games = Game.objects.filter(pk__in=games.values("pk"))
    seat_player = {
        (game_id, seat): player_id
        for game_id, seat, player_id in GameSeat.objects.filter(game__in=games).values_list(
            "game_id", "seat", "player_id"
        )
    }
    per_player: dict[str, Counter[int]] = defaultdict(Counter)
    names: dict[str, str] = {}
    for game_id, cached in Hand.objects.filter(game__in=games).values_list("game_id", "result"):
        for seat, b in engine.HandResult.from_dict(cached).breakdowns:
            if isinstance(b, HanBreakdown):
                for item in b.items:
                    per_player[item.id][seat_player[(game_id, seat)]] += 1
                    names[item.id] = item.name
    return _ranked(per_player, names, limit)


def _ranked(
    per_player: dict[str, Counter[int]], names: dict[str, str], limit: int
) -> tuple[YakuLeader, ...]:
    """The ``limit`` yaku made most (by name on a tie), each with its players who made it
    most: from each yaku's count per player id."""
    ranked = sorted(
        per_player.items(), key=lambda kv: (-sum(kv[1].values()), names[kv[0]].casefold())
    )[:limit]
    players = Player.objects.in_bulk({p for _, c in ranked for p in c})
    out = []
    for yaku, counts in ranked:
        most = max(counts.values())
        top = sorted(
            (players[p] for p, n in counts.items() if n == most),
            key=lambda p: p.display_name.casefold(),
        )
        out.append(YakuLeader(yaku, names[yaku], sum(counts.values()), tuple(top), most))
    return tuple(out)


@dataclass(frozen=True)
class PlayerStats:
    player: Player
    unit: Unit
    games: int
    total: str
    average: str
    placements: tuple[int, ...]
    """Games finished in each place, first to last, at the table size counted (``seats``)."""
    average_placement: str
    bars: tuple[Bar, ...]
    chart: Chart | None
    other_unit_games: int
    """Finished games kept in the other unit (not in the chart or the totals)."""
    hands: int
    wins: int
    win_rate: str
    deal_ins: int
    deal_in_rate: str
    riichi: int
    riichi_rate: str
    riichi_wins: int
    riichi_success: str
    average_won: str
    average_lost: str
    rivals: tuple[Rival, ...] = field(default=())
    yaku: tuple[YakuCount, ...] = field(default=())
    """What the player's wins made, where they were entered by yaku or tiles."""
    yaku_wins: int = 0
    """The wins those frequencies cover."""
    seats: int = 4
    """The table size the numbers are for: the league's, else the one of most of the player's
    games (three- and four-player results are never added together)."""
    other_table_games: int = 0
    """Finished games at the other table size (not in the chart or the totals)."""

    @property
    def bars_height(self) -> int:
        """The placement chart's height: a 30-unit row per place (three or four)."""
        return 4 + 30 * len(self.bars)


CHART_W, CHART_H, PAD = 640, 260, 28


CHART_POINTS = 240
"""At most this many games drawn on a player's chart (a dot each): 640 units wide shows no
more, and a player of years of games would send thousands of dots on every view."""


def chart_games(count: int, totals: Sequence[int]) -> list[int]:
    """Which of ``count`` games (1 to ``count``) the chart draws: all of them up to
    :data:`CHART_POINTS`, else that many spread evenly, the last, the highest and the lowest
    running total among them, so the line keeps its ends and its extremes.

    >>> chart_games(3, [0, 5, -2, 1])
    [1, 2, 3]
    >>> kept = chart_games(1000, [0, *range(1000)])
    >>> len(kept) <= CHART_POINTS + 2, kept[0], kept[-1]
    (True, 1, 1000)
    """
    if count <= CHART_POINTS:
        return list(range(1, count + 1))
    kept = {count * k // CHART_POINTS for k in range(1, CHART_POINTS + 1)}
    games = range(1, count + 1)
    kept |= {max(games, key=lambda i: totals[i]), min(games, key=lambda i: totals[i])}
    return sorted(kept)


def _chart(results: list[tuple[datetime.date, int]], unit: str) -> Chart | None:
    if not results:
        return None
    running, totals = 0, [0]
    for _, r in results:
        running += r
        totals.append(running)
    drawn = [0, *chart_games(len(results), totals)]
    top, bottom = max(max(totals), 0), min(min(totals), 0)
    span = max(top - bottom, 1)
    steps = max(len(totals) - 1, 1)

    def xy(i: int, v: int) -> tuple[int, int]:
        x = PAD + (CHART_W - 2 * PAD) * i // steps
        y = PAD + (CHART_H - 2 * PAD) * (top - v) // span
        return x, y

    coords = [xy(i, totals[i]) for i in drawn]
    dots = tuple(
        ChartPoint(x, y, f"{_day(results[i - 1][0])}: {result_text(totals[i], unit)}")
        for i, (x, y) in zip(drawn, coords, strict=True)
        if i
    )
    return Chart(
        width=CHART_W,
        height=CHART_H,
        points=" ".join(f"{x},{y}" for x, y in coords),
        zero_y=xy(0, 0)[1],
        left=PAD,
        right=CHART_W - PAD,
        bottom_y=CHART_H - 6,
        dots=dots,
        top_label=result_text(top, unit),
        bottom_label=result_text(bottom, unit),
        first_label=_day(results[0][0]),
        last_label=_day(results[-1][0]),
    )


def _bars(placements: list[int], games: int) -> tuple[Bar, ...]:
    """A bar per place, first to last (three at three-player tables)."""
    top = max(placements) or 1
    names = (gettext("1st"), gettext("2nd"), gettext("3rd"), gettext("4th"))[: len(placements)]
    bars = []
    for i, n in enumerate(placements):
        y, width = 8 + 30 * i, 260 * n // top
        bars.append(Bar(names[i], n, percent(n, games), y, width, y + 16, 40 + width + 6))
    return tuple(bars)


def player_stats(player: Player, *, league: League | None = None) -> PlayerStats:
    """A player's finished games in the club (or one league): results, placements, hands,
    and head-to-head against everyone they sat with. A fixed number of queries.

    Three- and four-player results are kept apart: in a league, its table size's games count
    (a league has one); across the club, the table size of most of the player's games, and
    the others are only counted (``other_table_games``), as games in another unit are."""
    games = Game.objects.finished().filter(club_id=player.club_id, seats__player=player)
    if league is not None:
        games = games.filter(league=league)
    table_size = (
        GameSeat.objects.filter(game_id=OuterRef("game_id"))
        .order_by()
        .values("game_id")
        .annotate(n=Count("id"))
        .values("n")
    )
    own = list(
        GameSeat.objects.filter(player=player, game__in=games, result__isnull=False)
        .annotate(table_size=Subquery(table_size))
        .order_by("game__played_on", "game_id")
        .values_list(
            "game_id",
            "game__played_on",
            "seat",
            "rank",
            "result",
            "game__final__unit",
            "table_size",
        )
    )
    size_of = {row[0]: row[6] for row in own}
    if league is not None:
        seats = league_seats(league)
    else:
        sizes = Counter(size_of.values())
        seats = sizes.most_common(1)[0][0] if sizes else 4
    at_size = [row for row in own if size_of[row[0]] == seats]
    # the cached final names its unit as the game record spells it (``points_1000``)
    unit_of = {row[0]: Unit.from_record(row[5]) if row[5] else Unit.TENTHS for row in at_size}
    units = Counter(unit_of.values())
    unit = units.most_common(1)[0][0] if units else Unit.TENTHS
    mine = [row for row in at_size if unit_of[row[0]] == unit]
    seat_of = {game_id: seat for game_id, _, seat, *_ in at_size}
    result_of = {row[0]: row for row in mine}

    placements = [0] * seats
    for _, _, _, rank, _, _, _ in mine:
        if rank and 1 <= rank <= seats:
            placements[rank - 1] += 1
    n = len(mine)
    total = sum(r[4] for r in mine)
    rank_sum = sum(r[3] for r in mine)

    # Hands: who won, dealt in and declared riichi from the data; values from cached deltas.
    hands = wins = deal_ins = riichi = riichi_wins = 0
    won_sum = lost_sum = 0
    made: list[HanBreakdown] = []  # the engine's breakdowns of the player's wins by yaku
    for game_id, data, cached in Hand.objects.filter(game__in=games).values_list(
        "game_id", "data", "result"
    ):
        seat = seat_of.get(game_id)
        if seat is None:
            continue
        result = engine.HandResult.from_dict(cached)
        hands += 1
        kind = data.get("result")
        winners = {w.get("seat") for w in data.get("wins") or []} if kind in WIN_RESULTS else set()
        deltas = result.deltas
        declared = seat in (data.get("riichi") or [])
        riichi += declared
        if seat in winners:
            wins += 1
            won_sum += deltas[seat]
            riichi_wins += declared
            made += [b for at, b in result.breakdowns if at == seat and isinstance(b, HanBreakdown)]
        if kind == "ron" and data.get("from") == seat:
            deal_ins += 1
            lost_sum += deltas[seat]

    # Head-to-head: every other seat of the player's games in the chart's unit.
    rivals: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    names: dict[int, Player] = {}
    others = (
        GameSeat.objects.filter(game_id__in=list(result_of), result__isnull=False)
        .exclude(player=player)
        .select_related("player")
    )
    for s in others:
        mine_row = result_of[s.game_id]
        entry = rivals[s.player_id]
        names[s.player_id] = s.player
        entry[0] += 1
        entry[1] += mine_row[3] < s.rank
        entry[2] += mine_row[3] > s.rank
        entry[3] += mine_row[4] - s.result
    rival_rows = tuple(
        Rival(names[pid], g, above, below, result_text(diff, unit))
        for pid, (g, above, below, diff) in sorted(
            rivals.items(), key=lambda kv: (-kv[1][0], names[kv[0]].display_name.casefold())
        )
    )

    return PlayerStats(
        player=player,
        unit=unit,
        games=n,
        total=result_text(total, unit),
        average=result_text(divide_rounded(total, n), unit) if n else NONE,
        placements=tuple(placements),
        average_placement=(
            f"{(Decimal(rank_sum) / n).quantize(Decimal('0.01'), ROUND_HALF_UP)}" if n else NONE
        ),
        bars=_bars(placements, n),
        chart=_chart([(r[1], r[4]) for r in mine], unit),
        other_unit_games=len(at_size) - n,
        hands=hands,
        wins=wins,
        win_rate=percent(wins, hands),
        deal_ins=deal_ins,
        deal_in_rate=percent(deal_ins, hands),
        riichi=riichi,
        riichi_rate=percent(riichi, hands),
        riichi_wins=riichi_wins,
        riichi_success=percent(riichi_wins, riichi),
        average_won=signed_points(divide_rounded(won_sum, wins)) if wins else NONE,
        average_lost=(signed_points(divide_rounded(lost_sum, deal_ins)) if deal_ins else NONE),
        rivals=rival_rows,
        yaku=yaku_counts(made)[0],
        yaku_wins=len(made),
        seats=seats,
        other_table_games=len(own) - len(at_size),
    )
