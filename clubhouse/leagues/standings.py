"""A season's standings, read from the running totals of its games.

Every number here comes from ``GameSeat.rank`` and ``GameSeat.result``, which the scoring
services cache from the engine's settlement in the same transaction as the hand that ended or
corrected the game, and add up per season and player in that same transaction
(:mod:`scoring.totals`). Nothing here computes a game's points: it only takes off the dropped
results, averages, orders and words. :func:`season_standings` reads the totals in three
queries however many games or players the season has; :func:`season_standings_recomputed`
adds the seats up afresh (a fixed number of queries too, but time that grows with the games)
and is the reference the totals are tested against.

Results are integers in the unit of ``GameSeat.result``: tenths of 1,000 points when the games'
unit (``Game.final_result.unit``) is ``engine.Unit.TENTHS`` (27.3 is stored as 273), else
points. :func:`core.formats.result_text` prints them.

>>> divide_rounded(-273, 2)
-137
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from django.db.models import Count, Exists, F, Max, OuterRef, Q, Sum, Window
from django.db.models.functions import RowNumber
from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

import engine
from clubs.models import Player
from core.formats import csv_delimiter, localized, result_text, tenths
from core.i18n import rule_word
from leagues.models import League, Season
from leagues.selectors import league_seats
from scoring.models import Game, GameSeat, SeasonTotal
from scoring.presenter import settlement_text
from scoring.totals import season_totals


def divide_rounded(total: int, count: int) -> int:
    """``total / count`` rounded to the nearest integer, halves away from zero.

    >>> divide_rounded(273, 2), divide_rounded(-273, 2), divide_rounded(10, 4)
    (137, -137, 3)
    """
    if count <= 0:
        return 0
    quotient, remainder = divmod(abs(total), count)
    if remainder * 2 >= count:
        quotient += 1
    return quotient if total >= 0 else -quotient


@dataclass(frozen=True)
class StandingRow:
    """One player's line in a season's standings."""

    rank: int | None
    """1-based; shared by players equal on every tie-break; None when not qualified."""
    player: Player
    games: int
    """Games played in the season (what qualification counts)."""
    counted: int
    """Games whose result counts for the total (``games`` less the dropped ones)."""
    dropped: int
    total: int
    """Sum of the counted results, in ``unit``."""
    average: int
    """``total / counted``, rounded to the unit (halves away from zero)."""
    placement_points: int | None
    """Sum of the counted placement points in tenths (placement leagues only)."""
    firsts: int
    seconds: int
    thirds: int
    fourths: int
    average_placement: Decimal
    """Mean rank over all games played, to two decimals (for display; ranking is exact)."""
    best: int
    """The best single result, in ``unit``."""
    qualified: bool
    unit: engine.Unit
    settlements: tuple[tuple[str, int], ...] = ()
    """When the season mixes settlements: each settlement's letter with how many of the
    player's games were settled by it (empty when every game was settled alike)."""
    seats: int = 4
    """The league's table size: its places (a three-player league has no fourth)."""

    @property
    def placements(self) -> tuple[int, ...]:
        """How often the player finished in each of the league's places, first to last."""
        return (self.firsts, self.seconds, self.thirds, self.fourths)[: self.seats]

    @property
    def lasts(self) -> int:
        """Last places: fourths at four-player tables, thirds at three-player ones."""
        return self.placements[-1]

    @property
    def total_display(self) -> str:
        return result_text(self.total, self.unit)

    @property
    def average_display(self) -> str:
        return result_text(self.average, self.unit)

    @property
    def best_display(self) -> str:
        return result_text(self.best, self.unit)

    @property
    def placement_points_display(self) -> str:
        return tenths(self.placement_points)

    @property
    def average_placement_display(self) -> str:
        return localized(f"{self.average_placement:.2f}")

    @property
    def settlements_display(self) -> str:
        """``A 3 · B 1``: the player's games by settlement, when the season mixes them."""
        return " · ".join(f"{letter} {n}" for letter, n in self.settlements)


@dataclass(frozen=True)
class Settlement:
    """How some of a season's games were settled, read from the rules each game copied when
    it started (not from the league's rules now)."""

    letter: str
    """``A``, ``B``...: the settlement's name where a season mixes them."""
    games: int
    text: str
    """For example ``uma +15/+5/-5/-15 · start 25,000 · return 30,000``."""


@dataclass(frozen=True)
class Standings:
    """A season's standings: qualified players in rank order, then the others."""

    season: Season
    league: League
    rules: str
    """The league's rules in one line: rule name, uma and return, or the result system."""
    aggregate: str
    """``League.Aggregate`` value: how players are ranked."""
    aggregate_label: str
    min_games: int
    drop_worst: int
    confirmation_required: bool
    unit: engine.Unit
    games: int
    """How many games count for these standings."""
    rows: tuple[StandingRow, ...]
    """Qualified players, best first."""
    unqualified: tuple[StandingRow, ...]
    """Players below the minimum number of games, ordered the same way, without a rank."""
    settlements: tuple[Settlement, ...] = ()
    """The settlements the counted games used, most games first (none before a game counts)."""
    seats: int = 4
    """The league's table size (:func:`leagues.selectors.league_seats`): its games' seats, and
    the places the standings count (three at a three-player league: no fourth place)."""

    @property
    def in_tenths(self) -> bool:
        """Whether the results are tenths of 1,000 points (uma and oka), else points."""
        return self.unit == engine.Unit.TENTHS

    @property
    def mixed(self) -> bool:
        """Whether the season's games were settled in more than one way."""
        return len(self.settlements) > 1

    @property
    def all_rows(self) -> tuple[StandingRow, ...]:
        return self.rows + self.unqualified

    @property
    def summary(self) -> str:
        """The standings rules in one line, for headers and the printed sheet."""
        parts = [self.aggregate_label]
        if self.min_games:
            parts.append(
                ngettext(
                    "at least %(count)s game to qualify",
                    "at least %(count)s games to qualify",
                    self.min_games,
                )
                % {"count": self.min_games}
            )
        if self.drop_worst:
            parts.append(
                ngettext(
                    "worst %(count)s result dropped",
                    "worst %(count)s results dropped",
                    self.drop_worst,
                )
                % {"count": self.drop_worst}
            )
        if self.confirmation_required:
            parts.append(gettext("confirmed games only"))
        return " · ".join(parts)


def counted_games(season: Season) -> Any:
    """The games that count for the season's standings: finished league games of the season
    (casual and abandoned ones never count), confirmed by every player when the league says so.
    """
    league = season.league
    games = Game.objects.counted().filter(league=league, season=season)
    if league.confirmation_required:
        games = games.exclude(seats__confirmed_at__isnull=True)
    return games


def rules_summary(league: League) -> str:
    """The league's game rules in one line, read from the resolved rules (no preset names)."""
    spec = league.rules_spec()
    name = league.ruleset.name if league.ruleset_id is not None else ""
    try:
        rules = engine.resolve_rules(spec)
        preset = engine.get_preset(spec if isinstance(spec, str) else spec["preset"])
    except (engine.EngineError, KeyError, TypeError):
        return name or gettext("Rules not set")
    return f"{name or rule_word(preset.name)} · {settlement_text(engine.settlement_terms(rules))}"


def rules_name(league: League) -> str:
    """The name of the league's rules: its rule set's, else its preset's."""
    if league.ruleset_id is not None:
        return league.ruleset.name
    spec = league.rules
    try:
        return rule_word(engine.get_preset(spec if isinstance(spec, str) else spec["preset"]).name)
    except (engine.EngineError, KeyError, TypeError):
        return gettext("Rules not set")


def _lettered(by_text: dict[str, int]) -> list[Settlement]:
    """The settlements by their text with their games, most games first, lettered A, B..."""
    ordered = sorted(by_text.items(), key=lambda kv: (-kv[1], kv[0]))
    return [
        Settlement(letter=chr(ord("A") + i), games=n, text=text)
        for i, (text, n) in enumerate(ordered)
    ]


def season_settlements(season: Season) -> tuple[list[Settlement], dict[int, list[tuple[str, int]]]]:
    """The settlements the season's counted games used (from each game's own rules), and,
    when there is more than one, each player's games by settlement. One query, two when
    mixed."""
    keys = {name: F(f"rules__options__{name}") for name in engine.SETTLEMENT_OPTIONS}
    groups = list(
        counted_games(season).order_by().values(**keys).annotate(n=Count("id", distinct=True))
    )
    by_text: dict[str, int] = defaultdict(int)
    for g in groups:
        by_text[settlement_text(engine.settlement_terms_of(g))] += g["n"]
    settlements = _lettered(by_text)
    per_player: dict[int, list[tuple[str, int]]] = {}
    if len(settlements) > 1:
        letter = {s.text: s.letter for s in settlements}
        seat_keys = {name: F(f"game__rules__options__{name}") for name in engine.SETTLEMENT_OPTIONS}
        counts: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        for row in (
            GameSeat.objects.filter(game__in=counted_games(season), result__isnull=False)
            .order_by()
            .values("player_id", **seat_keys)
            .annotate(n=Count("id"))
        ):
            terms = engine.settlement_terms_of(row)
            counts[row["player_id"]][letter[settlement_text(terms)]] += row["n"]
        per_player = {p: sorted(c.items()) for p, c in counts.items()}
    return settlements, per_player


def games_unit(season: Season) -> engine.Unit:
    """The unit the season's counted games keep their results in (one query); the league's
    when none has one."""
    # the cached final names its unit as the game record spells it (``points_1000``)
    name = counted_games(season).order_by().values_list("final__unit", flat=True).first()
    return engine.Unit.from_record(name) if name else league_unit(season.league)


def league_unit(league: League) -> engine.Unit:
    """The unit a league's results are kept in when none of its games has ended yet."""
    try:
        rules = engine.resolve_rules(league.rules_spec())
    except (engine.EngineError, KeyError, TypeError):
        return engine.Unit.TENTHS
    return engine.Unit.TENTHS if engine.settlement_terms(rules).placement else engine.Unit.POINTS


def _placement_points_by_seat(
    seats: list[tuple[int, int, int]], points: list[int], first_east: int
) -> dict[int, int]:
    """Placement points in tenths for one game's seats ``(seat, rank, player_id)``.

    Players sharing a rank share the points of the places they cover, the remainder one tenth
    each in seat order from the game's first East seat: the engine's own sharing
    (:func:`engine.share_places`), as it shares tied players' uma and oka.
    """
    player_of = {seat: player_id for seat, _, player_id in seats}
    shares = engine.share_places(
        [p * 10 for p in points], {seat: rank for seat, rank, _ in seats}, first_east
    )
    return {player_of[seat]: part for seat, part in shares.items()}


def _tied_points(seats: Any, points: list[int]) -> dict[tuple[int, int], tuple[int, int]]:
    """``(rank, placement points in tenths)`` of the seats that share a rank with another
    seat of their game, keyed by (game id, player id); one query, and ties are rare."""
    same_rank = GameSeat.objects.filter(game_id=OuterRef("game_id"), rank=OuterRef("rank")).exclude(
        pk=OuterRef("pk")
    )
    by_game: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
    east: dict[int, int] = {}
    for game_id, seat, rank, player_id, start in (
        seats.filter(Exists(same_rank))
        .order_by()
        .values_list("game_id", "seat", "rank", "player_id", "game__start")
    ):
        by_game[game_id].append((seat, rank, player_id))
        start = start if isinstance(start, dict) else {}
        east[game_id] = engine.first_east(start.get("dealer", 0), start.get("number", 1))
    out = {}
    for game_id, tied in by_game.items():
        rank_of = {player_id: rank for _, rank, player_id in tied}
        for player_id, pts in _placement_points_by_seat(tied, points, east[game_id]).items():
            out[(game_id, player_id)] = (rank_of[player_id], pts)
    return out


def season_standings(season: Season) -> Standings:
    """The standings of ``season``, read from its running totals (:mod:`scoring.totals`).

    Players are ranked by the league's aggregate (sum of results, average result, or placement
    points), then by average placement (lower first), number of firsts, fewer fourths and best
    game; players equal on all of these share a rank. Players with fewer than ``min_games``
    games are listed below, unranked. The worst ``drop_worst`` results of a player are left
    out of the total, but never so many that fewer than ``min_games`` (or one) remain.

    Three queries whatever the season's size (the totals' basis, the totals with their
    players, the games' unit), and the numbers of :func:`season_standings_recomputed`. The
    first read after the league's standings settings changed rebuilds the season's totals.
    """
    league = season.league
    seats = league_seats(league)
    totals = season_totals(season)
    unit = games_unit(season) if totals else league_unit(league)
    settlements, player_settlements = _settlements_of(totals, seats)
    placement = league.aggregate == League.Aggregate.PLACEMENT
    min_games = league.min_games
    keyed = []
    for t in totals:
        drops = min(league.drop_worst, max(t.games - max(min_games, 1), 0), len(t.worst))
        gone = t.worst[:drops]
        pp_total = None
        if placement:
            pp_total = (t.placement_points or 0) - sum(points or 0 for _, points in gone)
        keyed.append(
            _keyed_row(
                league,
                player=t.player,
                games=t.games,
                dropped=drops,
                total=t.total - sum(result for result, _ in gone),
                placement_points=pp_total,
                counts=(t.firsts, t.seconds, t.thirds, t.fourths),
                rank_sum=t.rank_sum,
                best=t.best,
                unit=unit,
                settlements=tuple(player_settlements.get(t.player_id, ())),
                seats=seats,
            )
        )
    games = sum(t.games for t in totals) // seats
    return _ranked(season, league, keyed, unit, settlements, games, seats)


def _settlements_of(
    totals: Sequence[SeasonTotal], seats: int
) -> tuple[list[Settlement], dict[int, list[tuple[str, int]]]]:
    """:func:`season_settlements` from the totals: each player's games by settlement options,
    worded and added up (a game's ``seats`` seats share its settlement, so a settlement's
    games are its seats over the league's table size)."""
    taken: dict[str, int] = defaultdict(int)
    for t in totals:
        for key, n in t.settlements.items():
            taken[key] += n
    text_of = {key: settlement_text(engine.settlement_terms_of(json.loads(key))) for key in taken}
    by_text: dict[str, int] = defaultdict(int)
    for key, n in taken.items():
        by_text[text_of[key]] += n // seats
    settlements = _lettered(by_text)
    per_player: dict[int, list[tuple[str, int]]] = {}
    if len(settlements) > 1:
        letter = {s.text: s.letter for s in settlements}
        for t in totals:
            counts: dict[str, int] = defaultdict(int)
            for key, n in t.settlements.items():
                counts[letter[text_of[key]]] += n
            per_player[t.player_id] = sorted(counts.items())
    return settlements, per_player


def season_standings_recomputed(season: Season) -> Standings:
    """The standings of ``season`` added up afresh from the cached seats of its counted games:
    what :func:`season_standings` reads from the running totals, kept as their reference (the
    property test and ``rebuild_standings --check`` compare the two). Its time grows with the
    season's games.

    Players are ranked by the league's aggregate (sum of results, average result, or placement
    points), then by average placement (lower first), number of firsts, fewer fourths and best
    game; players equal on all of these share a rank. Players with fewer than ``min_games``
    games are listed below, unranked. The worst ``drop_worst`` results of a player are left
    out of the total, but never so many that fewer than ``min_games`` (or one) remain.

    The database adds up per player; the query count does not depend on the number of games
    or players (one more when results are dropped, one more for placement points).
    """
    league = season.league
    table_size = league_seats(league)
    seats = GameSeat.objects.filter(game__in=counted_games(season), result__isnull=False)
    totals = list(
        seats.order_by()
        .values("player_id")
        .annotate(
            games=Count("id"),
            total=Sum("result"),
            rank_sum=Sum("rank"),
            best=Max("result"),
            firsts=Count("id", filter=Q(rank=1)),
            seconds=Count("id", filter=Q(rank=2)),
            thirds=Count("id", filter=Q(rank=3)),
            fourths=Count("id", filter=Q(rank=4)),
        )
    )
    unit = games_unit(season) if totals else league_unit(league)
    placement = league.aggregate == League.Aggregate.PLACEMENT
    points_table = [int(p) for p in (league.placement_points or [])]
    while len(points_table) < 4:
        points_table.append(0)
    tied = _tied_points(seats, points_table) if placement and totals else {}
    # What sharing a place changes from the plain points of the shared rank, per player.
    tie_adjust: dict[int, int] = defaultdict(int)
    for (_game, player_id), (rank, pts) in tied.items():
        tie_adjust[player_id] += pts - points_table[rank - 1] * 10

    def seat_points(game_id: int, player_id: int, rank: int) -> int:
        shared = tied.get((game_id, player_id))
        return shared[1] if shared is not None else points_table[rank - 1] * 10

    min_games = league.min_games
    drops = {
        t["player_id"]: min(league.drop_worst, max(t["games"] - max(min_games, 1), 0))
        for t in totals
    }
    dropped: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
    if any(drops.values()):
        # Each player's worst results, worst first: the lowest placement points (the highest
        # rank number) in a placement league, else the lowest result.
        order = [F("rank").desc(), F("result").asc()] if placement else [F("result").asc()]
        worst = (
            seats.annotate(
                n=Window(RowNumber(), partition_by=[F("player_id")], order_by=[*order, F("id")])
            )
            .filter(n__lte=league.drop_worst)
            .order_by()
            .values_list("player_id", "n", "game_id", "rank", "result")
        )
        for player_id, n, game_id, rank, result in worst:
            if n <= drops.get(player_id, 0):
                dropped[player_id].append((game_id, rank, result))

    settlements, player_settlements = season_settlements(season) if totals else ([], {})
    players = Player.objects.in_bulk([t["player_id"] for t in totals])
    keyed: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    for t in totals:
        player_id, games = t["player_id"], t["games"]
        counts = [t["firsts"], t["seconds"], t["thirds"], t["fourths"]]
        gone = dropped.get(player_id, [])
        total = t["total"] - sum(r for _, _, r in gone)
        pp_total: int | None = None
        if placement:
            pp_total = sum(10 * n * p for n, p in zip(counts, points_table, strict=True))
            pp_total += tie_adjust[player_id]
            pp_total -= sum(seat_points(g, player_id, rank) for g, rank, _ in gone)
        keyed.append(
            _keyed_row(
                league,
                player=players[player_id],
                games=games,
                dropped=len(gone),
                total=total,
                placement_points=pp_total,
                counts=counts,
                rank_sum=t["rank_sum"],
                best=t["best"],
                unit=unit,
                settlements=tuple(player_settlements.get(player_id, ())),
                seats=table_size,
            )
        )
    games = sum(t["games"] for t in totals) // table_size
    return _ranked(season, league, keyed, unit, settlements, games, table_size)


def _keyed_row(
    league: League,
    *,
    player: Player,
    games: int,
    dropped: int,
    total: int,
    placement_points: int | None,
    counts: Sequence[int],
    rank_sum: int,
    best: int,
    unit: str,
    settlements: tuple[tuple[str, int], ...],
    seats: int = 4,
) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """A player's sort key and row values from the numbers added up (``total`` and
    ``placement_points`` with the dropped results taken off); ``counts`` are the first to
    fourth places, of which a league of ``seats`` counts its own."""
    counted = games - dropped
    if league.aggregate == League.Aggregate.PLACEMENT:
        primary: Fraction | int = placement_points or 0
    elif league.aggregate == League.Aggregate.AVERAGE:
        primary = Fraction(total, counted)
    else:
        primary = total
    # Higher primary, lower average placement, more firsts, fewer last places (fourths, or
    # thirds at three-player tables), better best game.
    key = (-primary, Fraction(rank_sum, games), -counts[0], counts[seats - 1], -best)
    return key, dict(
        player=player,
        games=games,
        counted=counted,
        dropped=dropped,
        total=total,
        average=divide_rounded(total, counted),
        placement_points=placement_points,
        firsts=counts[0],
        seconds=counts[1],
        thirds=counts[2],
        fourths=counts[3],
        average_placement=(Decimal(rank_sum) / Decimal(games)).quantize(
            Decimal("0.01"), rounding=ROUND_HALF_UP
        ),
        best=best,
        qualified=games >= league.min_games,
        unit=unit,
        settlements=settlements,
        seats=seats,
    )


def _ranked(
    season: Season,
    league: League,
    keyed: list[tuple[tuple[Any, ...], dict[str, Any]]],
    unit: str,
    settlements: list[Settlement],
    games: int,
    seats: int = 4,
) -> Standings:
    """The standings from each player's sort key and row values: ranked (equal keys share a
    rank), the qualified first."""
    keyed.sort(key=lambda kv: (kv[0], kv[1]["player"].display_name.casefold()))

    rows: list[StandingRow] = []
    unqualified: list[StandingRow] = []
    previous_key = None
    rank = 0
    for position, (key, values) in enumerate((kv for kv in keyed if kv[1]["qualified"]), 1):
        if key != previous_key:
            rank, previous_key = position, key
        rows.append(StandingRow(rank=rank, **values))
    for _key, values in keyed:
        if not values["qualified"]:
            unqualified.append(StandingRow(rank=None, **values))

    return Standings(
        season=season,
        league=league,
        rules=_rules_line(league, settlements),
        aggregate=league.aggregate,
        aggregate_label=str(League.Aggregate(league.aggregate).label),
        min_games=league.min_games,
        drop_worst=league.drop_worst,
        confirmation_required=league.confirmation_required,
        unit=unit,
        games=games,
        rows=tuple(rows),
        unqualified=tuple(unqualified),
        settlements=tuple(settlements),
        seats=seats,
    )


def _rules_line(league: League, settlements: list[Settlement]) -> str:
    """The rules line of the standings: the settlement the counted games used (as each game
    copied it when it started), saying so where they differ; before any game counts, the
    league's rules for new games."""
    if not settlements:
        return rules_summary(league)
    if len(settlements) == 1:
        return f"{rules_name(league)} · {settlements[0].text}"
    each = "; ".join(
        f"{s.letter}: {s.text} ("
        + ngettext("%(count)s game", "%(count)s games", s.games) % {"count": s.games}
        + ")"
        for s in settlements
    )
    return gettext("%(rules)s · the games were settled differently: %(each)s") % {
        "rules": rules_name(league),
        "each": each,
    }


# Sorting and export ---------------------------------------------------------------------------

SORTS: dict[str, tuple[Any, Any, bool]] = {
    # key: (column heading, value of a row, descending by default)
    "rank": (_("Rank"), lambda r: r.rank or 0, False),
    "player": (_("Player"), lambda r: r.player.display_name.casefold(), False),
    "games": (_("Games"), lambda r: r.games, True),
    "total": (_("Total"), lambda r: r.total, True),
    "average": (_("Average"), lambda r: Fraction(r.total, r.counted or 1), True),
    "points": (_("Placement points"), lambda r: r.placement_points or 0, True),
    "firsts": (_("1st"), lambda r: r.firsts, True),
    "seconds": (_("2nd"), lambda r: r.seconds, True),
    "thirds": (_("3rd"), lambda r: r.thirds, True),
    "fourths": (_("4th"), lambda r: r.fourths, True),
    "placement": (
        _("Avg. place"),
        lambda r: Fraction(sum(p * n for p, n in enumerate(r.placements, 1)), r.games),
        False,
    ),
    "best": (_("Best"), lambda r: r.best, True),
}


def sort_rows(rows: tuple[StandingRow, ...], sort: str) -> tuple[StandingRow, ...]:
    """``rows`` ordered by the column ``sort`` names (``-name`` reverses it); the standings'
    own order breaks ties, and an unknown name keeps that order."""
    reverse = sort.startswith("-")
    name = sort.lstrip("-")
    if name not in SORTS or (name == "rank" and not reverse):
        return rows
    _, value, descending = SORTS[name]
    # Python's sort is stable: rows equal in this column stay in standings order.
    return tuple(sorted(rows, key=value, reverse=descending != reverse))


CSV_HEADER = (
    "rank",
    "player",
    "games",
    "counted",
    "total",
    "average",
    "placement_points",
    "firsts",
    "seconds",
    "thirds",
    "fourths",
    "average_placement",
    "best",
    "qualified",
    "settlement",
)


PLACE_KEYS = ("firsts", "seconds", "thirds", "fourths")
"""The place counts' names, first to fourth: a league counts as many as its tables' seats."""


def csv_header(standings: Standings) -> tuple[str, ...]:
    """:data:`CSV_HEADER` with the league's places only (no fourths at three-player tables)."""
    dropped = set(PLACE_KEYS[standings.seats :])
    return tuple(k for k in CSV_HEADER if k not in dropped)


def row_values(row: StandingRow) -> dict[str, Any]:
    """One row as the CSV and the API print it (the same strings the page shows); a place the
    league's tables do not have (fourth at three-player tables) is None."""
    return {
        "rank": row.rank,
        "player": row.player.display_name,
        "games": row.games,
        "counted": row.counted,
        "total": row.total_display,
        "average": row.average_display,
        "placement_points": row.placement_points_display,
        "firsts": row.firsts,
        "seconds": row.seconds,
        "thirds": row.thirds,
        "fourths": row.fourths if row.seats > 3 else None,
        "placements": list(row.placements),
        "average_placement": row.average_placement_display,
        "best": row.best_display,
        "qualified": row.qualified,
    }


# The CSV's column names in the reader's language; in English they are the API's field names
# (the msgids), which a program reading the English file keeps using.
CSV_COLUMN_WORDS = {
    "rank": pgettext_lazy("standings CSV column", "rank"),
    "player": pgettext_lazy("standings CSV column", "player"),
    "games": pgettext_lazy("standings CSV column", "games"),
    "counted": pgettext_lazy("standings CSV column", "counted"),
    "total": pgettext_lazy("standings CSV column", "total"),
    "average": pgettext_lazy("standings CSV column", "average"),
    "placement_points": pgettext_lazy("standings CSV column", "placement_points"),
    "firsts": pgettext_lazy("standings CSV column", "firsts"),
    "seconds": pgettext_lazy("standings CSV column", "seconds"),
    "thirds": pgettext_lazy("standings CSV column", "thirds"),
    "fourths": pgettext_lazy("standings CSV column", "fourths"),
    "average_placement": pgettext_lazy("standings CSV column", "average_placement"),
    "best": pgettext_lazy("standings CSV column", "best"),
    "qualified": pgettext_lazy("standings CSV column", "qualified"),
    "settlement": pgettext_lazy("standings CSV column", "settlement"),
}

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet program read a cell as a formula (OWASP, "CSV Injection")."""
NUMBER = re.compile(r"[+-]?[0-9]+([.,][0-9]+)*")
"""A plain number in any of the site's languages ("-27.3", "-27,3", "1.234,5")."""


def csv_cell(value: Any) -> Any:
    r"""A value as a CSV cell a spreadsheet will not run: text that starts like a formula
    (``=``, ``+``, ``-``, ``@``, a tab or a carriage return) gets a leading apostrophe, which
    spreadsheet programs show as text. A plain number (``-27.0``, ``+5.5``, ``-3000``) is left
    as it is, so it stays a number the organiser can add up: it cannot hold a formula.

    >>> csv_cell('=HYPERLINK("http://x")'), csv_cell("@SUM(A1)"), csv_cell("\tx")
    ('\'=HYPERLINK("http://x")', "'@SUM(A1)", "'\tx")
    >>> csv_cell("-27.0"), csv_cell("+5.5"), csv_cell(-3000), csv_cell("-1+2"), csv_cell("Ann")
    ('-27.0', '+5.5', -3000, "'-1+2", 'Ann')
    >>> csv_cell("-27,3"), csv_cell("-1.234,5"), csv_cell("-1,2+3")
    ('-27,3', '-1.234,5', "'-1,2+3")
    """
    if not isinstance(value, str) or not value.startswith(FORMULA_STARTS):
        return value
    if NUMBER.fullmatch(value):
        return value
    return "'" + value


def write_csv(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> bytes:
    """Rows as CSV (UTF-8 with a BOM, so spreadsheet programs read names right), every cell
    through :func:`csv_cell`, separated as the reader's spreadsheet expects
    (:func:`core.formats.csv_delimiter`: ";" where the decimal mark is a comma). Every CSV the
    site writes goes through here."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=csv_delimiter(), lineterminator="\r\n")
    writer.writerow([csv_cell(h) for h in header])
    for row in rows:
        writer.writerow([csv_cell(v) for v in row])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def _row_settlement(standings: Standings, row: StandingRow) -> str:
    """The settlement of the player's games, in words: the season's one settlement, or, where
    the season mixes them, each one the player's games used with how many."""
    if not standings.mixed:
        return standings.settlements[0].text if standings.settlements else ""
    text = {s.letter: s.text for s in standings.settlements}
    return "; ".join(
        ngettext("%(settlement)s (%(count)s game)", "%(settlement)s (%(count)s games)", n)
        % {"settlement": text[letter], "count": n}
        for letter, n in row.settlements
    )


def standings_csv(standings: Standings) -> bytes:
    """The standings as CSV, a line per player (see :func:`write_csv`), in the reader's
    language: its column names, yes and no, the settlement in words, the numbers with the
    language's decimal mark (as the page prints them), so the reader's spreadsheet reads them
    as numbers."""
    header = csv_header(standings)
    lines = []
    for row in standings.all_rows:
        values = row_values(row)
        values["rank"] = "" if row.rank is None else row.rank
        values["qualified"] = gettext("yes") if row.qualified else gettext("no")
        values["settlement"] = _row_settlement(standings, row)
        lines.append([values[k] for k in header])
    return write_csv([str(CSV_COLUMN_WORDS[k]) for k in header], lines)
