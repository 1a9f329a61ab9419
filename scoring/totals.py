"""A season's running totals: per season and player, what the standings add up.

The standings of a season of 100,000 games cannot add up 400,000 seats on every view, so each
write that changes what counts (a game finished, corrected, reopened by a deleted hand,
abandoned, confirmed, moved to another season, a player merged) recomputes the totals of the
players of that game in that season, in the write's own transaction
(:func:`game_changed`, :func:`game_confirmed`, :func:`game_moved`, :func:`players_merged`).
A player's totals are recomputed from that player's seats, not adjusted by a difference: a
write costs a player's games in the season (hundreds), never the season's, and a total cannot
drift from the games it adds up.

What a total means depends on league settings that leagues, a floor below, changes without
telling scoring: which games count (``confirmation_required``), the placement points (shared
places included) and how many worst results to keep (``drop_worst``). So a season's totals
record the settings they were built under (:class:`~scoring.models.SeasonTotalsBasis`,
:func:`basis_of`); a write under other settings leaves them alone, and the reader
(:func:`season_totals`) rebuilds the season once when the league's settings no longer match.
``min_games`` only decides how many of the kept worst results are dropped, when shown.

Every write and every rebuild holds the season's row lock, so a rebuild never misses a write
that commits while it runs.

A total also adds up the yaku of the player's counted seats (``GameSeat.yaku``, cached by the
replay when a game is over), so the league page's yaku leaders read one row per player and
season (:func:`league_totals`) where they decoded every hand of every season.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.db.models import Count, Exists, F, Max, OuterRef, Q, Sum, Window
from django.db.models.functions import RowNumber

import engine
from leagues.models import League, Season
from scoring.models import Game, GameSeat, SeasonTotal, SeasonTotalsBasis

FORMAT = 2
"""The layout of the totals: a new one makes every season's totals rebuild when next read
(2: the yaku of the counted games, :attr:`SeasonTotal.yaku`)."""


def points_table(league: League) -> list[int]:
    """The league's placement points, first to fourth (a missing place is worth 0: a
    three-player league gives three, and its games have no fourth place to give it)."""
    table = [int(p) for p in (league.placement_points or [])]
    return table + [0] * (4 - len(table))


def basis_of(league: League) -> dict[str, Any]:
    """The league settings a season's totals depend on (see the module's docstring)."""
    placement = league.aggregate == League.Aggregate.PLACEMENT
    return {
        "format": FORMAT,
        "confirmation_required": bool(league.confirmation_required),
        "placement_points": points_table(league) if placement else None,
        "drop_worst": int(league.drop_worst),
    }


def counted_seats(season: Season, league: League) -> Any:
    """The seats of the games that count for the season's standings: finished games of the
    season's league, confirmed by every player when the league says so. A join from the seats,
    not a list of the season's games: one player's seats are read through the player's index
    whatever the season's size."""
    seats = GameSeat.objects.filter(
        game__league_id=league.pk,
        game__season_id=season.pk,
        game__status=Game.Status.FINISHED,
        result__isnull=False,
    )
    if league.confirmation_required:
        unconfirmed = GameSeat.objects.filter(
            game_id=OuterRef("game_id"), confirmed_at__isnull=True
        )
        seats = seats.exclude(Exists(unconfirmed))
    return seats


def settlement_key(options: dict[str, Any]) -> str:
    """The settlement options of a game as one canonical string (games settled alike share
    it; the standings word it with :func:`engine.settlement_terms_of`)."""
    return json.dumps(
        {name: options.get(name) for name in engine.SETTLEMENT_OPTIONS},
        sort_keys=True,
        separators=(",", ":"),
    )


def add_yaku(into: dict[str, list[Any]], made: dict[str, list[Any]]) -> None:
    """Add the yaku counts ``made`` (``{yaku id: [name, count]}``, as a seat and a total keep
    them) to ``into``; the name is the one last added (names do not change a count).

    >>> total = {"riichi": ["Riichi", 2]}
    >>> add_yaku(total, {"riichi": ["Riichi", 1], "pinfu": ["Pinfu", 1]})
    >>> total
    {'riichi': ['Riichi', 3], 'pinfu': ['Pinfu', 1]}
    """
    for yaku, (name, count) in made.items():
        entry = into.setdefault(yaku, [name, 0])
        entry[0] = name
        entry[1] += count


def _shared_points(
    counted: Any, player_ids: Iterable[int] | None, table: list[int]
) -> dict[tuple[int, int], tuple[int, int]]:
    """``(rank, placement points in tenths)`` of the seats that share a rank with another
    seat of their game, keyed by (game id, player id); every tied seat of a game is read, so
    a share is right whichever of the game's players is computed. One query; ties are rare."""
    seats = counted
    if player_ids is not None:
        seats = seats.filter(
            game_id__in=counted.filter(player_id__in=list(player_ids)).values("game_id")
        )
    same_rank = GameSeat.objects.filter(game_id=OuterRef("game_id"), rank=OuterRef("rank")).exclude(
        pk=OuterRef("pk")
    )
    ranks: dict[int, dict[int, int]] = defaultdict(dict)
    player_at: dict[tuple[int, int], int] = {}
    east: dict[int, int] = {}
    for game_id, seat, rank, player_id, start in (
        seats.filter(Exists(same_rank))
        .order_by()
        .values_list("game_id", "seat", "rank", "player_id", "game__start")
    ):
        ranks[game_id][seat] = rank
        player_at[(game_id, seat)] = player_id
        start = start if isinstance(start, dict) else {}
        east[game_id] = engine.first_east(start.get("dealer", 0), start.get("number", 1))
    by_place = [p * 10 for p in table]
    out = {}
    for game_id, seat_ranks in ranks.items():
        for seat, part in engine.share_places(by_place, seat_ranks, east[game_id]).items():
            out[(game_id, player_at[(game_id, seat)])] = (seat_ranks[seat], part)
    return out


def compute(
    season: Season, league: League, player_ids: Iterable[int] | None = None
) -> list[SeasonTotal]:
    """The season's totals (unsaved) from its counted games, for every player or only for
    ``player_ids``. Four queries: sums by player and settlement, the seats' yaku, shared
    places (placement leagues), the worst results (when the league drops some)."""
    basis = basis_of(league)
    table = basis["placement_points"]
    keep = basis["drop_worst"]
    counted = counted_seats(season, league)
    seats = counted
    if player_ids is not None:
        player_ids = list(player_ids)
        seats = seats.filter(player_id__in=player_ids)
    options = {
        f"o_{name}": F(f"game__rules__options__{name}") for name in engine.SETTLEMENT_OPTIONS
    }
    groups = (
        seats.order_by()
        .values("player_id", **options)
        .annotate(
            n=Count("id"),
            sum_result=Sum("result"),
            sum_rank=Sum("rank"),
            max_result=Max("result"),
            n1=Count("id", filter=Q(rank=1)),
            n2=Count("id", filter=Q(rank=2)),
            n3=Count("id", filter=Q(rank=3)),
            n4=Count("id", filter=Q(rank=4)),
        )
    )
    totals: dict[int, SeasonTotal] = {}
    for g in groups:
        player_id = g["player_id"]
        t = totals.get(player_id)
        if t is None:
            t = totals[player_id] = SeasonTotal(
                season_id=season.pk,
                player_id=player_id,
                games=0,
                total=0,
                rank_sum=0,
                best=g["max_result"],
                firsts=0,
                seconds=0,
                thirds=0,
                fourths=0,
                placement_points=0 if table is not None else None,
                worst=[],
                settlements={},
                yaku={},
            )
        t.games += g["n"]
        t.total += g["sum_result"]
        t.rank_sum += g["sum_rank"]
        t.best = max(t.best, g["max_result"])
        t.firsts += g["n1"]
        t.seconds += g["n2"]
        t.thirds += g["n3"]
        t.fourths += g["n4"]
        key = settlement_key({name: g[f"o_{name}"] for name in engine.SETTLEMENT_OPTIONS})
        t.settlements[key] = t.settlements.get(key, 0) + g["n"]
    if not totals:
        return []
    for player_id, made in seats.exclude(yaku={}).order_by().values_list("player_id", "yaku"):
        add_yaku(totals[player_id].yaku, made)

    shared: dict[tuple[int, int], tuple[int, int]] = {}
    if table is not None:
        shared = _shared_points(counted, player_ids, table)
        for t in totals.values():
            counts = (t.firsts, t.seconds, t.thirds, t.fourths)
            t.placement_points = sum(10 * n * p for n, p in zip(counts, table, strict=True))
        # A shared place replaces the plain points of the rank the tied players hold.
        for (_game, player_id), (rank, part) in shared.items():
            if player_id in totals:
                totals[player_id].placement_points += part - table[rank - 1] * 10  # type: ignore[operator]

    if keep:
        # Worst first: the lowest placement points (the highest rank number) in a placement
        # league, else the lowest result; the seat's id orders equal ones.
        order = [F("rank").desc(), F("result").asc()] if table is not None else [F("result").asc()]
        worst = (
            seats.annotate(
                n=Window(RowNumber(), partition_by=[F("player_id")], order_by=[*order, F("id")])
            )
            .filter(n__lte=keep)
            .order_by()
            .values_list("player_id", "n", "game_id", "rank", "result")
        )
        listed: dict[int, list[tuple[int, list[Any]]]] = defaultdict(list)
        for player_id, n, game_id, rank, result in worst:
            points = None
            if table is not None:
                tied = shared.get((game_id, player_id))
                points = tied[1] if tied is not None else table[rank - 1] * 10
            listed[player_id].append((n, [result, points]))
        for player_id, entries in listed.items():
            totals[player_id].worst = [entry for _, entry in sorted(entries)]
    return sorted(totals.values(), key=lambda t: t.player_id)


def _locked_season(season_id: int) -> Season | None:
    """The season's row locked for this transaction (every totals write takes it first), with
    its league as it is now; None when the season is gone."""
    return (
        Season.objects.select_for_update(of=("self",))
        .select_related("league")
        .filter(pk=season_id)
        .first()
    )


def _refresh(season_id: int | None, player_ids: Iterable[int]) -> None:
    """Recompute the totals of ``player_ids`` in the season, in the caller's transaction;
    nothing when the season's totals were never built or were built under other settings
    (the next reader rebuilds them all)."""
    player_ids = sorted(set(player_ids))
    if season_id is None or not player_ids:
        return
    season = _locked_season(season_id)
    if season is None:
        return
    basis = SeasonTotalsBasis.objects.filter(season_id=season_id).first()
    if basis is None or basis.settings != basis_of(season.league):
        return
    rows = compute(season, season.league, player_ids)
    SeasonTotal.objects.filter(season_id=season_id, player_id__in=player_ids).delete()
    SeasonTotal.objects.bulk_create(rows)


def _players(game: Game) -> list[int]:
    return list(GameSeat.objects.filter(game_id=game.pk).values_list("player_id", flat=True))


def game_changed(game: Game) -> None:
    """The game's seats' numbers or its status changed (finished, corrected, reopened,
    abandoned): its players' totals in its season follow, in the caller's transaction."""
    if game.league_id is None or game.season_id is None:
        return
    _refresh(game.season_id, _players(game))


def game_confirmed(game: Game) -> None:
    """A seat of the game was confirmed: in a league that counts confirmed games only, the
    game may count now."""
    if game.league_id is None or game.season_id is None:
        return
    if not League.objects.filter(pk=game.league_id, confirmation_required=True).exists():
        return
    _refresh(game.season_id, _players(game))


def game_moved(game: Game, old_season_id: int | None) -> None:
    """The game moved from season ``old_season_id`` to its season now: both follow (call it
    after saving the game's new season, in the same transaction)."""
    players = _players(game)
    # Both seasons locked in id order, so two moves between them cannot wait on each other.
    for season_id in sorted({s for s in (old_season_id, game.season_id) if s is not None}):
        _refresh(season_id, players)


def players_merged(kept_id: int, season_ids: Iterable[int]) -> None:
    """A duplicate player's seats became ``kept_id``'s: the kept player's totals in the
    seasons of the moved games follow (the duplicate's rows go with the duplicate)."""
    for season_id in sorted(set(season_ids)):
        _refresh(season_id, [kept_id])


@transaction.atomic
def season_rebuild(season: Season) -> list[SeasonTotal]:
    """Rebuild the season's totals from its games under its league's settings now."""
    locked = _locked_season(season.pk)
    if locked is None:
        return []
    rows = compute(locked, locked.league)
    SeasonTotal.objects.filter(season_id=locked.pk).delete()
    SeasonTotal.objects.bulk_create(rows, batch_size=1000)
    SeasonTotalsBasis.objects.update_or_create(
        season_id=locked.pk, defaults={"settings": basis_of(locked.league)}
    )
    return rows


def _make_current(season_id: int) -> None:
    """Rebuild the season's totals unless, under its row lock, they are current after all (a
    reader that found them stale may have waited for another reader's rebuild)."""
    with transaction.atomic():
        locked = _locked_season(season_id)
        current = SeasonTotalsBasis.objects.filter(season_id=season_id).first()
        if locked is not None and (current is None or current.settings != basis_of(locked.league)):
            season_rebuild(locked)


def season_totals(season: Season) -> list[SeasonTotal]:
    """The season's totals with their players, for the standings: two queries, rebuilt once
    first when they were built under other league settings than ``season.league``'s (or never).
    """
    basis = SeasonTotalsBasis.objects.filter(season_id=season.pk).first()
    if basis is None or basis.settings != basis_of(season.league):
        _make_current(season.pk)
    return list(
        SeasonTotal.objects.filter(season_id=season.pk).select_related("player").order_by("pk")
    )


def league_totals(league: League) -> Any:
    """The totals of every season of the league (a QuerySet of :class:`SeasonTotal`, not yet
    read), each season's rebuilt first when not current, as :func:`season_totals` does: one
    query finds the seasons that are not, however many the league has, so a reader across the
    seasons (the league page's yaku leaders) costs that query and its own."""
    settings = basis_of(league)
    for season_id, built in Season.objects.filter(league_id=league.pk).values_list(
        "pk", "totals_basis__settings"
    ):
        if built != settings:
            _make_current(season_id)
    return SeasonTotal.objects.filter(season__league_id=league.pk)


TOTAL_FIELDS = (
    "games",
    "total",
    "rank_sum",
    "best",
    "firsts",
    "seconds",
    "thirds",
    "fourths",
    "placement_points",
    "worst",
    "settlements",
    "yaku",
)


def season_check(season: Season) -> list[str]:
    """How the season's stored totals differ from a recomputation from its games, a line per
    player and field (empty when they agree, or when they were never built or were built
    under other settings: the next reader rebuilds those)."""
    league = season.league
    basis = SeasonTotalsBasis.objects.filter(season_id=season.pk).first()
    if basis is None or basis.settings != basis_of(league):
        return []
    stored = {t.player_id: t for t in SeasonTotal.objects.filter(season_id=season.pk)}
    fresh = {t.player_id: t for t in compute(season, league)}
    problems = []
    for player_id in sorted(stored.keys() | fresh.keys()):
        have, want = stored.get(player_id), fresh.get(player_id)
        if have is None or want is None:
            problems.append(
                f"player {player_id}: "
                + ("no totals stored" if have is None else "totals stored for no counted game")
            )
            continue
        for field in TOTAL_FIELDS:
            if getattr(have, field) != getattr(want, field):
                problems.append(
                    f"player {player_id}: {field} {getattr(have, field)!r} stored, "
                    f"{getattr(want, field)!r} from the games"
                )
    return problems
