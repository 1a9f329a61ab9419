"""The tournament's paper: table slips for a round (the players and their winds, to put on
each table) and the round's blank score sheets (one a table, for a night scored on paper),
laid out through the PDF plumbing of :mod:`core.pdf`. A slip is a plain value; the renderer
returns bytes."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils import timezone

from core.pdf import html_to_pdf, render_html
from scoring import pdf as scoring_pdf
from scoring import services as scoring_services
from scoring.presenter import start_winds
from scoring.sheet_data import BlankSheet, blank_sheet_for
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


def blank_sheets(round_: Round, *, address: str) -> list[BlankSheet]:
    """A blank score sheet per table of ``round_``: its players East first (an empty line for a
    seat the draw left to a substitute not named yet), under the event's pinned rules."""
    event = round_.event
    rules, rules_name, _ = scoring_services.game_rules(
        club=event.club, ruleset_version=event.ruleset_version
    )
    sheets = []
    for table in round_.tables.prefetch_related("seats__player"):
        seats = sorted(table.seats.all(), key=lambda s: s.seat)
        sheets.append(
            blank_sheet_for(
                club=event.club,
                names=[s.player.display_name if s.player else "" for s in seats],
                rules=rules,
                rules_name=rules_name,
                league=event.name,
                table=str(table.number),
                address=address,
            )
        )
    return sheets


def blank_sheets_pdf(round_: Round, sheets: list[BlankSheet]) -> bytes:
    """The PDF of a round's blank sheets, a table to a page."""
    event = round_.event
    context = {
        "sheets": sheets,
        "event": event.name,
        "club": event.club.name,
        "round": round_.number,
        "address": sheets[0].header.address if sheets else "",
        "row_numbers": range(1, (sheets[0].rows if sheets else 0) + 1),
    }
    # The blank sheet's body is scoring's: its template library (the rules' title) with it.
    return html_to_pdf(scoring_pdf.render_html("sheets/blank_round.html", context))
