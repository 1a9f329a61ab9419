"""More of the tournament's paper: each player's schedule (their table and wind in every
round drawn, one block a player, all in one PDF) and the standing sheet. Each sheet is a plain
value read from the database once; the renderers return bytes (through :mod:`core.pdf`)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils import timezone

from core.formats import result_text
from core.pdf import html_to_pdf, render_html
from scoring.presenter import start_winds
from tournaments.models import Event, Round, TableSeat
from tournaments.standing import StandingRow, event_unit, standing


@dataclass(frozen=True)
class ScheduleRound:
    round: int
    table: int | None
    """None: they sit this round out (or it is not drawn yet, see ``drawn``)."""
    wind: str
    wind_name: str
    drawn: bool


@dataclass(frozen=True)
class Schedule:
    number: int
    name: str
    rounds: tuple[ScheduleRound, ...]
    left_after: int | None


@dataclass(frozen=True)
class Schedules:
    event: str
    club: str
    first_day: datetime.date
    minutes: int
    players: tuple[Schedule, ...]


def schedules(event: Event) -> Schedules:
    """Per entrant (in number order), their table and wind in each round of the event; the
    rounds not drawn yet are named as such (two queries)."""
    winds = start_winds(0)
    drawn = set(event.round_set.values_list("number", flat=True))
    where: dict[tuple[int, int], tuple[int, int]] = {}
    for seat in TableSeat.objects.filter(table__round__event=event, entrant__isnull=False).values(
        "entrant_id", "table__round__number", "table__number", "seat"
    ):
        key = (seat["entrant_id"], seat["table__round__number"])
        where[key] = (seat["table__number"], seat["seat"])
    players = []
    for entrant in event.entrants.select_related("player"):
        rounds = []
        for r in range(1, event.rounds + 1):
            table, seat = where.get((entrant.pk, r), (None, None))
            rounds.append(
                ScheduleRound(
                    round=r,
                    table=table,
                    wind=winds[seat][0] if seat is not None else "",
                    wind_name=str(winds[seat][1]) if seat is not None else "",
                    drawn=r in drawn,
                )
            )
        players.append(
            Schedule(
                number=entrant.number,
                name=entrant.player.display_name,
                rounds=tuple(rounds),
                left_after=entrant.dropped_after,
            )
        )
    return Schedules(
        event=event.name,
        club=event.club.name,
        first_day=event.starts_on,
        minutes=event.round_minutes,
        players=tuple(players),
    )


def schedules_pdf(event: Event) -> bytes:
    """The PDF of :func:`schedules`: a block a player, as many as fit on a page."""
    return html_to_pdf(render_html("sheets/schedules.html", {"sheet": schedules(event)}))


@dataclass(frozen=True)
class StandingSheet:
    event: str
    club: str
    after: int
    rounds: int
    tenths: bool
    printed_at: datetime.datetime
    rows: tuple[StandingRow, ...]
    penalties: tuple[tuple[int, str, int, str, str], ...]
    """(round, player, entrant number, points as written, reason) of every penalty."""


def standing_sheet(event: Event) -> StandingSheet:
    """The standing after the last round started (its finished games count), with the
    penalties."""
    after = max(
        event.round_set.exclude(status=Round.Status.DRAWN).values_list("number", flat=True),
        default=0,
    )
    unit = event_unit(event)
    return StandingSheet(
        event=event.name,
        club=event.club.name,
        after=after,
        rounds=event.rounds,
        tenths=unit == "tenths",
        printed_at=timezone.localtime(),
        rows=tuple(standing(event)),
        penalties=tuple(
            (
                p.round_number,
                p.entrant.player.display_name,
                p.entrant.number,
                result_text(p.points, unit),
                p.reason,
            )
            for p in event.penalties.select_related("entrant__player")
        ),
    )


def standing_pdf(event: Event) -> bytes:
    """The standing sheet's PDF."""
    return html_to_pdf(
        render_html("sheets/tournament_standing.html", {"sheet": standing_sheet(event)})
    )
