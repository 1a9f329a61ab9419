"""What the two sheets of five at a table show, as plain frozen values: the night's sheet
(its standing and each game's final scores, from the games' cached numbers, as the page
shows them) and a blank sheet for the night on paper (the five names, who sits out which game
and where the others sit, empty boxes for each game's final scores)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from core.formats import printed, printed_points
from scoring import rotations
from scoring.models import Rotation
from scoring.presenter import WIND_CHARACTERS, unit_words
from scoring.selectors import seat_result
from scoring.sheet_data import RuleLine, changed_options


@dataclass(frozen=True)
class Night:
    """The sheets' header: where, when, by what rules."""

    club: str
    league: str
    played_on: datetime.date
    table: str
    rules_name: str
    changed_options: tuple[RuleLine, ...]
    order: tuple[str, ...]
    """The five names in the sit-out order now."""
    address: str


@dataclass(frozen=True)
class StandingLine:
    place: int
    name: str
    games: int
    sat_out: int
    total: str
    """In the games' unit, with a true minus sign; empty before their first game."""
    placements: tuple[int, int, int, int]


@dataclass(frozen=True)
class GameSeatLine:
    wind: str
    name: str
    score: str
    result: str


@dataclass(frozen=True)
class GameLine:
    number: int
    sits_out: str
    status: str
    seats: tuple[GameSeatLine, ...]


@dataclass(frozen=True)
class RotationSheet:
    night: Night
    standing: tuple[StandingLine, ...]
    games: tuple[GameLine, ...]
    result_unit: str


@dataclass(frozen=True)
class BlankCell:
    """A player's box in one game of the blank sheet: their wind, or that they sit out."""

    sits_out: bool
    wind: str
    wind_name: str


@dataclass(frozen=True)
class BlankRow:
    number: int
    cells: tuple[BlankCell, ...]
    """One per player of the order, in the order."""


@dataclass(frozen=True)
class RotationBlankSheet:
    night: Night
    rows: tuple[BlankRow, ...]


BLANK_GAMES = 2 * rotations.PLAYERS
"""The games a blank sheet has rows for: twice round the table (everyone sits out twice)."""


def _night(rotation: Rotation, address: str) -> Night:
    return Night(
        club=rotation.club.name,
        league=rotation.league.name if rotation.league_id else "",
        played_on=rotation.played_on,
        table=rotation.table,
        rules_name=rotation.rules_name,
        changed_options=changed_options(rotation.rules),
        order=tuple(p.display_name for p in rotations.order_of(rotation)),
        address=address,
    )


def rotation_sheet(rotation: Rotation, *, address: str) -> RotationSheet:
    """The night's sheet, from the same standing and cached results as the rotation's page."""
    games = []
    for row in rotations.rotation_games(rotation):
        game = row.game
        final = game.final_result
        seats = sorted(game.seats.all(), key=lambda s: s.seat)
        games.append(
            GameLine(
                number=row.number,
                sits_out=row.sits_out.display_name,
                status=game.status,
                seats=tuple(
                    GameSeatLine(
                        wind=WIND_CHARACTERS[s.seat][0],
                        name=s.player.display_name,
                        score=printed_points(final.scores[s.seat]) if final else "",
                        result=printed(seat_result(final, s.seat))
                        if game.status == game.Status.FINISHED
                        else "",
                    )
                    for s in seats
                ),
            )
        )
    standing = tuple(
        StandingLine(
            place=r.place,
            name=r.player.display_name,
            games=r.games,
            sat_out=r.sat_out,
            total=printed(r.total_text),
            placements=r.placements,
        )
        for r in rotations.standing(rotation)
    )
    return RotationSheet(
        night=_night(rotation, address),
        standing=standing,
        games=tuple(games),
        result_unit=unit_words(rotations.rotation_unit(rotation)),
    )


def rotation_blank_sheet(
    rotation: Rotation, *, address: str, games: int = BLANK_GAMES
) -> RotationBlankSheet:
    """A row for each of the next ``games`` games (from the first not started), a box per
    player: the wind they sit at, or that they sit out, as the order stands now."""
    order = rotations.order_of(rotation)
    first = rotation.games.count() + 1
    rows = []
    for number in range(first, first + games):
        seated = rotations.seating(order, number)
        cells = []
        for player in order:
            if player in seated:
                wind, name = WIND_CHARACTERS[seated.index(player)]
                cells.append(BlankCell(sits_out=False, wind=wind, wind_name=str(name)))
            else:
                cells.append(BlankCell(sits_out=True, wind="", wind_name=""))
        rows.append(BlankRow(number=number, cells=tuple(cells)))
    return RotationBlankSheet(night=_night(rotation, address), rows=tuple(rows))
