"""What a printed score sheet shows, as plain frozen values built from the cached numbers.

The selectors here read a game (its seats, hands and the cached results as the engine's
typed values, ``Hand.hand_result`` and ``Game.final_result``) and describe each hand in words;
they compute no points. The renderers in :mod:`scoring.pdf` only lay these values out, so a
sheet can be rendered and tested without a database or a request.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

import engine
from core.formats import option_text, printed, result_text
from core.i18n import rule_word
from core.models import AuditEntry
from scoring.models import Game
from scoring.presenter import (
    SITS_OUT_CHARACTER,
    WIND_CHARACTERS,
    entry_reason,
    hand_line,
    hand_name,
    hand_outcome,
    unit_words,
)
from scoring.selectors import ADDITIONS, REMOVALS, SOMEONE, player_names, riichi_doubles


@dataclass(frozen=True)
class Seat:
    """A player in a seat, with the wind the seat had when the game started."""

    seat: int
    name: str
    wind: str
    """The wind's character: 東, 南, 西 or 北."""
    wind_name: str


@dataclass(frozen=True)
class RuleLine:
    """One option of the game's rules, as a person reads it."""

    label: str
    value: str


@dataclass(frozen=True)
class Header:
    """Where and by what rules a game was played, and who sat where."""

    club: str
    league: str
    season: str
    played_on: datetime.date
    table: str
    rules_name: str
    changed_options: tuple[RuleLine, ...]
    """The options pinned to the game that differ from its built-in preset."""
    seats: tuple[Seat, ...]
    start_scores: tuple[int, ...]
    status: str
    """``running``, ``finished`` or ``abandoned``."""
    address: str
    """The game's address on the site."""
    shows_pool: bool = True
    """Whether the rules have a riichi pool (a deposit): without one the sheet has no Pool
    column, which would read 0 on every line."""

    @property
    def seat_count(self) -> int:
        """The seats at the table (3, 4 or 5): a column per seat, never an empty fourth."""
        return len(self.seats)

    @property
    def seat_column(self) -> float:
        """The width in mm of a seat's columns: narrower with five at a table, so that "What
        happened" keeps room for its words."""
        return FIVE_SEAT_COLUMN if self.seat_count == 5 else SEAT_COLUMN

    @property
    def seat_width(self) -> str:
        """:attr:`seat_column` as the sheet's CSS writes it."""
        return f"{self.seat_column:g}mm"

    @property
    def sits_out(self) -> bool:
        """Five at a table: one seat sits each hand out (the sheet says which, or how)."""
        return self.seat_count == 5

    @property
    def hand_columns(self) -> int:
        """The columns of the game sheet's hands table (a line spanning them all)."""
        return 5 + 2 * self.seat_count + self.shows_pool

    def _what_width(self, four_seats: float, pool: float) -> str:
        # A missing seat's two columns (its change and its total) and a missing Pool column
        # widen "What happened", so the table keeps the page's width; a fifth seat's narrow it.
        width = four_seats + 4 * 2 * SEAT_COLUMN - self.seat_count * 2 * self.seat_column
        width += 0 if self.shows_pool else pool
        return f"{width:g}mm"

    @property
    def what_width(self) -> str:
        """The width of the game sheet's "What happened" column (A4 landscape).

        >>> import dataclasses
        >>> seat = Seat(0, "Ann", "東", "East")
        >>> h = Header("", "", "", datetime.date(2026, 1, 1), "", "", (), (seat,) * 4, (), "", "")
        >>> h.what_width, dataclasses.replace(h, seats=(seat,) * 3).what_width
        ('71mm', '104mm')
        >>> dataclasses.replace(h, seats=(seat,) * 5).what_width
        '63mm'
        """
        return self._what_width(71, 17)

    @property
    def blank_what_width(self) -> str:
        """The width of the blank sheet's "What happened" column."""
        return self._what_width(70, 18)


SEAT_COLUMN = 16.5
"""The width in mm of a seat's column on the sheets (its change, its running total)."""
FIVE_SEAT_COLUMN = 14
"""The width in mm of a seat's column with five at a table (ten seat columns on the page)."""


@dataclass(frozen=True)
class Crossing:
    """A hand as it stood before a correction or a deletion, crossed out as paper shows it,
    with the audit entry that records the change."""

    entry: int
    """The audit entry's number, printed as "audit #n"."""
    action: str
    """``corrected`` or ``deleted``."""
    outcome: str
    details: tuple[str, ...]
    by: str
    at: datetime.datetime
    reason: str


@dataclass(frozen=True)
class DeletedHand:
    """A hand that was deleted, printed crossed out where it stood."""

    number: int
    """Its number when it was deleted."""
    crossings: tuple[Crossing, ...]
    """Its corrections, oldest first, then its deletion."""

    @property
    def deletion(self) -> Crossing:
        return self.crossings[-1]

    @property
    def corrections(self) -> tuple[Crossing, ...]:
        return self.crossings[:-1]


@dataclass(frozen=True)
class HandRow:
    """One hand: what happened in words, and its cached numbers."""

    number: int
    label: str
    dealer: str
    riichi: tuple[bool, ...]
    """Whether each seat declared riichi in this hand."""
    outcome: str
    """``Ron``, ``Tsumo``, ``Exhaustive draw``, ``Abortive draw`` or ``Chombo``."""
    details: tuple[str, ...]
    """Winners and their hands, the discarder, the ready players, the reason, penalties."""
    deltas: tuple[int, ...]
    pool_before: int
    pool: int
    forfeited: int
    scores: tuple[int, ...]
    balances: bool
    """Whether ``sum(deltas) + (pool - pool_before) + forfeited == 0`` (the engine's check)."""
    crossings: tuple[Crossing, ...] = ()
    """The hand as it stood before each correction, oldest first, crossed out on the sheet."""
    sits_out: int | None = None
    """Five at a table: the seat that sat this hand out (its change is printed as a dash)."""

    @property
    def changes(self) -> tuple[tuple[int, bool, bool], ...]:
        """Each seat's change, whether the seat declared riichi, and whether it sat out."""
        return tuple(
            (d, r, seat == self.sits_out)
            for seat, (d, r) in enumerate(zip(self.deltas, self.riichi, strict=True))
        )


@dataclass(frozen=True)
class SeatEnd:
    """A seat's line in the end block."""

    name: str
    wind: str
    score: int
    pool_to: int
    rank: int | None
    chombo: int
    result: str
    """The result as printed: one decimal for points of 1,000, else whole points."""
    confirmed_by: str
    confirmed_at: datetime.datetime | None


@dataclass(frozen=True)
class EndBlock:
    """The end of the sheet: final totals, the leftover pool, ranks, settlement, confirmations."""

    over: bool
    seats: tuple[SeatEnd, ...]
    pool: int
    """The pool left on the table after the last hand."""
    pool_lost: bool
    """The leftover pool went to nobody."""
    pool_went_to: tuple[str, ...]
    """The players the leftover pool went to."""
    result_unit: str
    """``points of 1,000`` or ``points``."""
    settlement: tuple[RuleLine, ...]
    """The settlement rules read from the game: start, return, uma, ties, leftover pool."""
    next_label: str
    """The next hand's label while the game runs."""


@dataclass(frozen=True)
class GameSheet:
    """A completed (or running) game, hand by hand."""

    header: Header
    hands: tuple[HandRow, ...]
    end: EndBlock
    deleted: tuple[tuple[int, DeletedHand], ...] = ()
    """Deleted hands, each with the number of the hand it stood before (one past the last
    hand when it stood at the end)."""
    final_scores: dict[str, Any] | None = None
    """For a game entered by its final scores (no hands): what it was entered with, the
    record's ``final_scores``; None for a game scored hand by hand."""

    @property
    def by_final_scores(self) -> bool:
        return self.final_scores is not None

    @property
    def lines(self) -> tuple[HandRow | DeletedHand, ...]:
        """The hands and the deleted hands in the order they were played."""
        out: list[HandRow | DeletedHand] = []
        gone = list(self.deleted)
        for row in self.hands:
            out.extend(d for before, d in gone if before == row.number)
            out.append(row)
        out.extend(d for before, d in gone if before > len(self.hands))
        return tuple(out)


@dataclass(frozen=True)
class BlankSheet:
    """A seating's header and players, with empty rows to fill in by hand."""

    header: Header
    rows: int


def changed_options(rules: dict[str, Any]) -> tuple[RuleLine, ...]:
    """The options pinned to a game that differ from its built-in preset, with their labels."""
    preset = engine.rules_as_options(engine.get_preset(rules["preset"]).rules)
    pinned = rules.get("options", {})
    lines = []
    for d in engine.describe_options():
        name = d["name"]
        if name in pinned and pinned[name] != preset.get(name):
            lines.append(RuleLine(rule_word(d["label"]), option_text(d, pinned[name])))
    return tuple(lines)


def settlement_lines(rules: dict[str, Any]) -> tuple[RuleLine, ...]:
    """The rules the end block is settled by (the engine says which), with the values the
    game's pinned options give them."""
    options = rules.get("options", {})
    described = {d["name"]: d for d in engine.describe_options()}
    names = engine.settled_by(engine.resolve_rules(rules))
    return tuple(
        RuleLine(rule_word(described[n]["label"]), option_text(described[n], options[n]))
        for n in names
        if n in options
    )


def seat_winds(start: dict[str, Any], seats: int = 4) -> list[tuple[str, str]]:
    """Each seat's wind when the game started: the seat that dealt East 1 sits East; a
    three-player table has no North; with five at a table the seat before East sits East 1 out
    (抜, "out").

    >>> [w for w, _ in seat_winds({})]
    ['東', '南', '西', '北']
    >>> [w for w, _ in seat_winds({"dealer": 1, "number": 1})]
    ['北', '東', '南', '西']
    >>> [w for w, _ in seat_winds({"dealer": 1, "number": 1}, seats=3)]
    ['西', '東', '南']
    >>> [w for w, _ in seat_winds({"dealer": 1, "number": 1}, seats=5)]
    ['抜', '東', '南', '西', '北']
    """
    east = engine.first_east(start.get("dealer", 0), start.get("number", 1), seats)
    winds = [SITS_OUT_CHARACTER] * seats
    for i, seat in enumerate(engine.seats_in_hand(engine.Rules(players=seats), east)):
        winds[seat] = WIND_CHARACTERS[i]
    return winds


def _start_scores(rules: dict[str, Any], start: dict[str, Any] | None) -> list[int]:
    """Each seat's score when the game starts: the start state's, else the rules' start
    points (the engine's, for a played game's sheet and a blank one alike), a score per
    seat the rules have."""
    resolved = engine.resolve_rules(rules)
    scores: list[int] = (start or {}).get("scores") or [resolved.start_points] * resolved.players
    return scores


def hand_row(
    number: int,
    data: dict[str, Any],
    result: engine.HandResult,
    names: Sequence[str],
    *,
    riichi_doubles: int = 0,
    crossings: tuple[Crossing, ...] = (),
    sits_out: int | None = None,
) -> HandRow:
    """One hand's row from its game-record data and its cached result; ``sits_out``, the seat
    that sat it out with five at a table."""
    outcome, details = hand_outcome(
        data, names, riichi_doubles=riichi_doubles, breakdowns=result.breakdowns
    )
    deltas = result.deltas
    pool_before, pool, forfeited = result.pool_before, result.pool, result.forfeited
    return HandRow(
        number=number,
        label=hand_name(result.label),  # "東3局 1本場" wraps at its space in the column
        dealer=names[result.dealer],
        riichi=tuple(seat in (data.get("riichi") or ()) for seat in range(len(deltas))),
        outcome=outcome,
        details=details,
        deltas=deltas,
        pool_before=pool_before,
        pool=pool,
        forfeited=forfeited,
        scores=result.scores,
        # The engine refuses to build a hand that does not balance; the sheet shows the check.
        balances=sum(deltas) + (pool - pool_before) + forfeited == 0,
        crossings=crossings,
        sits_out=sits_out,
    )


# An undo is read as the deletion it is and a redo as the recording it is.
TRAIL_ACTIONS = ("game.created", "game.imported", *ADDITIONS, "hand.corrected", *REMOVALS)


class _Slot:
    """A hand of the game while its audit trail is read: its crossings, and the deleted hands
    that stood just before it."""

    def __init__(self) -> None:
        self.crossings: list[Crossing] = []
        self.deleted_before: list[DeletedHand] = []


def _crossing(entry: AuditEntry, names: Sequence[str], doubles: int) -> Crossing:
    action = "corrected" if entry.action == "hand.corrected" else "deleted"
    try:
        outcome, details = hand_outcome(entry.before, names, riichi_doubles=doubles)
    except (KeyError, IndexError, TypeError, AttributeError):
        outcome, details = "Hand", (str(entry.before),)
    return Crossing(
        entry=entry.pk,
        action=action,
        outcome=outcome,
        details=details,
        by=entry.actor.get_username() if entry.actor else str(SOMEONE),
        at=timezone.localtime(entry.created),
        reason=entry_reason(entry.action, entry.reason),
    )


def paper_trail(
    entries: Sequence[AuditEntry], hand_count: int, names: Sequence[str], doubles: int = 0
) -> tuple[list[tuple[Crossing, ...]], list[tuple[int, DeletedHand]]]:
    """Each hand's crossings, and the deleted hands with the hand they stood before, read
    from the game's audit entries (oldest first).

    The trail is followed entry by entry, so a hand deleted before later hands moved up is
    still shown where it stood. Where the entries do not account for the hands (a game from
    before the trail was kept whole), each change is shown at the number it was made on.
    """
    slots: list[_Slot] = []
    at_end: list[DeletedHand] = []
    whole = True
    for entry in entries:
        n = entry.hand_number
        if entry.action == "game.imported":
            hands = (entry.after or {}).get("hands") if isinstance(entry.after, dict) else None
            slots = [_Slot() for _ in hands or ()]
            at_end = []
        elif entry.action in ADDITIONS:
            if n is None or not 1 <= n <= len(slots) + 1:
                whole = False
                break
            slot = _Slot()
            if n == len(slots) + 1:
                # A hand recorded after the last one was deleted (an undo, then the right
                # hand): the deleted hand stood before this one.
                slot.deleted_before, at_end = at_end, []
            slots.insert(n - 1, slot)
        elif entry.action == "hand.corrected" or entry.action in REMOVALS:
            if n is None or not 1 <= n <= len(slots):
                whole = False
                break
            crossing = _crossing(entry, names, doubles)
            if entry.action == "hand.corrected":
                slots[n - 1].crossings.append(crossing)
                continue
            gone = slots.pop(n - 1)
            moved = [*gone.deleted_before, DeletedHand(n, (*gone.crossings, crossing))]
            # The hands already waiting there stood after this one: it goes first.
            target = slots[n - 1].deleted_before if n <= len(slots) else at_end
            target[:0] = moved
    if whole and len(slots) == hand_count:
        deleted = [(i, d) for i, slot in enumerate(slots, 1) for d in slot.deleted_before]
        deleted += [(hand_count + 1, d) for d in at_end]
        return [tuple(slot.crossings) for slot in slots], deleted
    crossings: list[list[Crossing]] = [[] for _ in range(hand_count)]
    deleted = []
    for entry in entries:
        n = entry.hand_number
        if entry.action == "hand.corrected" and n is not None and 1 <= n <= hand_count:
            crossings[n - 1].append(_crossing(entry, names, doubles))
        elif entry.action in REMOVALS and n is not None:
            c = _crossing(entry, names, doubles)
            deleted.append((min(n, hand_count + 1), DeletedHand(n, (c,))))
    return [tuple(c) for c in crossings], deleted


@dataclass(frozen=True)
class Correction:
    """A hand as it stood before a correction, in the words of the game page's ledger, with
    who corrected it, when and why."""

    words: str
    by: str
    at: datetime.datetime
    reason: str


def hand_corrections(game: Game) -> list[tuple[Correction, ...]]:
    """Each hand's corrections, oldest first, found as the sheet finds them (the trail is
    followed, so a correction stays with its hand when earlier hands are deleted): the game
    page's ledger marks the corrected hands with what they were."""
    if not game.audit_entries.filter(action__in=("hand.corrected", *REMOVALS)).exists():
        # Nothing was ever crossed out: the trail of a long game need not be followed.
        return [() for _ in range(game.hand_count)]
    names, doubles = player_names(game), riichi_doubles(game)
    entries = list(
        game.audit_entries.filter(action__in=TRAIL_ACTIONS)
        .select_related("actor")
        .order_by("created", "id")
    )
    before = {e.pk: e.before for e in entries}
    crossings, _ = paper_trail(entries, game.hands.count(), names, doubles)
    return [
        tuple(
            Correction(
                words=_words(before[c.entry], names, doubles), by=c.by, at=c.at, reason=c.reason
            )
            for c in hand
        )
        for hand in crossings
    ]


def _words(data: Any, names: Sequence[str], doubles: int) -> str:
    try:
        return hand_line(data, names, riichi_doubles=doubles)
    except (KeyError, IndexError, TypeError, AttributeError):  # as _crossing reads an old entry
        return str(data)


def game_header(game: Game, *, address: str) -> Header:
    """The header of a game's sheet (completed or blank)."""
    seats = sorted(game.seats.all(), key=lambda s: s.seat)
    winds = seat_winds(game.start or {}, len(seats))
    start_scores = _start_scores(game.rules, game.start)
    return Header(
        club=game.club.name,
        league=game.league.name if game.league_id else "",
        season=game.season.name if game.season_id else "",
        played_on=game.played_on,
        table=game.table,
        rules_name=game.rules_name,
        changed_options=changed_options(game.rules),
        seats=tuple(
            Seat(
                seat=s.seat,
                name=s.player.display_name,
                wind=winds[s.seat][0],
                wind_name=winds[s.seat][1],
            )
            for s in seats
        ),
        start_scores=tuple(start_scores),
        status=game.status,
        address=address,
        shows_pool=_shows_pool(game.rules),
    )


def _shows_pool(rules: dict[str, Any]) -> bool:
    return engine.describe_entry(engine.resolve_rules(rules)).shows_pool


def game_sheet(game: Game, *, address: str) -> GameSheet:
    """The sheet of a game, from its cached numbers (no replay, no arithmetic on points)."""
    game = (
        Game.objects.select_related("club", "league", "season")
        .prefetch_related("seats__player", "seats__confirmed_by")
        .get(pk=game.pk)
    )
    header = game_header(game, address=address)
    names = [s.name for s in header.seats]
    doubles = riichi_doubles(game)
    rows = list(game.hands.order_by("number"))
    entries = (
        game.audit_entries.filter(action__in=TRAIL_ACTIONS)
        .select_related("actor")
        .order_by("created", "id")
    )
    crossings, deleted = paper_trail(list(entries), len(rows), names, doubles)
    hands = tuple(
        hand_row(
            h.number,
            h.data,
            row,
            names,
            riichi_doubles=doubles,
            crossings=crossings[i],
            sits_out=game.sits_out(row.dealer),
        )
        for i, h in enumerate(rows)
        if (row := h.hand_result) is not None
    )
    final = game.final_result
    if final is None:  # no replay has filled the cache yet: the game as it starts
        start = header.start_scores
        final = engine.FinalResult(
            scores=tuple(start),
            chombo=(0,) * len(start),
            pool_to=(0,) * len(start),
            pool=0,
            over=False,
            ranks=None,
            results=None,
            unit=engine.Unit.POINTS,
            next=None,
        )
    unit = final.unit
    seats = sorted(game.seats.all(), key=lambda s: s.seat)
    ranks = final.ranks or (None,) * len(seats)
    results = final.results or (None,) * len(seats)
    pool_to, chombo, scores = final.pool_to, final.chombo, final.scores
    if game.final_scores is not None:
        # Entered by its final scores: the chombo counted as entered, whatever they cost.
        chombo = tuple(game.final_scores["chombo"])
    ends = tuple(
        SeatEnd(
            name=names[s.seat],
            wind=header.seats[s.seat].wind,
            score=scores[s.seat],
            pool_to=pool_to[s.seat],
            rank=ranks[s.seat],
            chombo=chombo[s.seat],
            result=printed(result_text(results[s.seat], unit)),
            confirmed_by=(
                (s.confirmed_by.get_full_name() or s.confirmed_by.get_username())
                if s.confirmed_by
                else ""
            ),
            confirmed_at=timezone.localtime(s.confirmed_at) if s.confirmed_at else None,
        )
        for s in seats
    )
    pool, over = final.pool, final.over
    return GameSheet(
        header=header,
        hands=hands,
        end=EndBlock(
            over=over,
            seats=ends,
            pool=pool,
            pool_lost=over and bool(pool) and not any(pool_to),
            pool_went_to=tuple(n for n, went in zip(names, pool_to, strict=False) if went),
            result_unit=unit_words(unit),
            settlement=settlement_lines(game.rules),
            next_label=hand_name(final.next.label if final.next else "", tight=True),
        ),
        deleted=tuple(deleted),
        final_scores=game.final_scores,
    )


def blank_sheet(game: Game, *, address: str, rows: int = 24) -> BlankSheet:
    """A seating's sheet with ``rows`` empty hand rows, for a club scoring on paper."""
    game = (
        Game.objects.select_related("club", "league", "season")
        .prefetch_related("seats__player")
        .get(pk=game.pk)
    )
    return BlankSheet(header=game_header(game, address=address), rows=rows)


def blank_sheet_for(
    *,
    club: Any,
    names: Sequence[str],
    rules: dict[str, Any],
    rules_name: str,
    league: str = "",
    table: str = "",
    start: dict[str, Any] | None = None,
    address: str,
    rows: int = 24,
) -> BlankSheet:
    """A blank sheet for tonight's seating without starting a game: a name per seat the
    rules have (three, four or five), East first, and the rules resolved as a game would copy
    them.
    """
    seats = engine.resolve_rules(rules).players
    if len(names) != seats:
        raise ValueError(f"these rules seat {seats} players; {len(names)} names were given")
    winds = seat_winds(start or {}, seats)
    start_scores = _start_scores(rules, start)
    header = Header(
        club=club.name,
        league=league,
        season="",
        played_on=timezone.localdate(),
        table=table,
        rules_name=rules_name,
        changed_options=changed_options(rules),
        seats=tuple(
            Seat(seat=i, name=name, wind=winds[i][0], wind_name=winds[i][1])
            for i, name in enumerate(names)
        ),
        start_scores=tuple(start_scores),
        status="running",
        address=address,
        shows_pool=_shows_pool(rules),
    )
    return BlankSheet(header=header, rows=rows)


@dataclass(frozen=True)
class StandingLine:
    """One player's line on the standings sheet, as the standings page prints it."""

    rank: int | None
    name: str
    games: int
    counted: int
    total: str
    average: str
    placement_points: str
    placements: tuple[int, ...]
    """First to last place: three at a three-player league's tables, four otherwise."""
    average_placement: str
    best: str
    settlements: str = ""
    """``A 3 · B 1``: the player's games by settlement, where the season mixes them."""


@dataclass(frozen=True)
class StandingsSheet:
    """A season's standings, ready to print."""

    club: str
    league: str
    season: str
    starts: datetime.date
    ends: datetime.date | None
    rules: str
    summary: str
    placement: bool
    """Players are ranked by placement points (the sheet shows that column)."""
    result_unit: str
    games: int
    rows: tuple[StandingLine, ...]
    unqualified: tuple[StandingLine, ...]
    printed_at: datetime.datetime
    address: str
    settlements: tuple[Any, ...] = ()
    """The settlements the counted games used (:class:`clubhouse.leagues.standings.Settlement`)."""
    seats: int = 4
    """The league's table size: a three-player league's sheet has no 4th column."""

    @property
    def mixed(self) -> bool:
        """The season's games were settled in more than one way (the sheet lists them)."""
        return len(self.settlements) > 1

    @property
    def columns(self) -> int:
        """The columns of the standings table (a line spanning them all)."""
        return 8 + self.seats + self.placement + self.mixed

    @property
    def place_numbers(self) -> range:
        """The league's places, 1 to its table size (a column each)."""
        return range(1, self.seats + 1)

    @property
    def name_width(self) -> int:
        """The player column's width in millimetres: what the page's width leaves it beside
        the placement points, the settlements and the place columns (8 mm each)."""
        return 58 - 14 * self.placement - 16 * self.mixed + 8 * (4 - self.seats)


def standing_line(row: Any) -> StandingLine:
    return StandingLine(
        rank=row.rank,
        name=row.player.display_name,
        games=row.games,
        counted=row.counted,
        total=row.total_display,
        average=row.average_display,
        placement_points=row.placement_points_display,
        placements=tuple(row.placements),
        average_placement=row.average_placement_display,
        best=row.best_display,
        settlements=row.settlements_display,
    )
