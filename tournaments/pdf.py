"""The tournament's paper: table slips for a round (the players and their winds, to put on
each table), laid out through the PDF plumbing of :mod:`core.pdf`. A slip is a plain value;
the renderer returns bytes."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils import timezone

from core.pdf import html_to_pdf, render_html
from scoring.presenter import start_winds
from tournaments.models import Round


@dataclass(frozen=True)
class SlipSeat:
    wind: str
    wind_name: str
    name: str
    number: int | None
    """The entrant's number; None for a substitute in a seat the draw left empty."""
    substitute: bool


@dataclass(frozen=True)
class Slip:
    event: str
    club: str
    round: int
    rounds: int
    table: int
    minutes: int
    starts: datetime.datetime | None
    ends: datetime.datetime | None
    seats: tuple[SlipSeat, ...]


def table_slips(round_: Round) -> list[Slip]:
    """One slip per table of ``round_``, seats in wind order East, South, West, North."""
    event = round_.event
    winds = start_winds(0)
    starts = timezone.localtime(round_.started_at) if round_.started_at else None
    ends = timezone.localtime(round_.ends_at) if round_.ends_at else None
    slips = []
    for table in round_.tables.prefetch_related("seats__player", "seats__entrant__player"):
        seats = tuple(
            SlipSeat(
                wind=winds[s.seat][0],
                wind_name=str(winds[s.seat][1]),
                name=s.player.display_name if s.player else "",
                number=s.entrant.number if s.entrant else None,
                substitute=s.is_substitute,
            )
            for s in sorted(table.seats.all(), key=lambda s: s.seat)
        )
        slips.append(
            Slip(
                event=event.name,
                club=event.club.name,
                round=round_.number,
                rounds=event.rounds,
                table=table.number,
                minutes=event.round_minutes,
                starts=starts,
                ends=ends,
                seats=seats,
            )
        )
    return slips


def table_slips_pdf(slips: list[Slip]) -> bytes:
    """The PDF of ``slips``: one slip to a page, in large type."""
    return html_to_pdf(render_html("sheets/table_slips.html", {"slips": slips}))
