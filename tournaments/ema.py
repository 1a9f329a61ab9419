"""The final ranking in the European Mahjong Association's tournament results layout: one
row per entrant, best first, with the columns tournament software sends the EMA today.

- Place: the standing's place (shared by tied players).
- First name, Last name: the player's (clubs' ``Player.first_name`` and ``last_name``).
- EMA number: eight digits, kept as text (a leading zero stays); empty for a non-member.
- Table points: the standing's total (the games' results after uma plus penalties), in
  thousands with one decimal under uma, else points.
- Score: the sum of the player's final table scores less the start points.
- EMA member: ``Yes`` with an EMA number, else ``No``.
- Country: ISO 3166 code, the EMA number's member country, else the player's own.

A player without a first name, a last name or a country stops the export: the message names
every such player, so the organiser can fill them in and try again.
"""

from __future__ import annotations

import csv
import io

from django.utils.translation import gettext_lazy as _

from clubs.ema import ema_country
from engine import Unit
from tournaments.models import Event
from tournaments.services import TournamentError
from tournaments.standing import standing

COLUMNS = (
    "Place",
    "First name",
    "Last name",
    "EMA number",
    "Table points",
    "Score",
    "EMA member",
    "Country",
)


def _table_points(total: int, unit: str) -> str:
    """``27.3`` (tenths kept as integers), ``-2300``: plain numbers, a dot for decimals.

    >>> _table_points(273, Unit.TENTHS), _table_points(-5, Unit.TENTHS)
    ('27.3', '-0.5')
    >>> _table_points(-2300, "points")
    '-2300'
    """
    if unit != Unit.TENTHS:
        return str(total)
    sign = "-" if total < 0 else ""
    whole, tenth = divmod(abs(total), 10)
    return f"{sign}{whole}.{tenth}"


def ema_results_csv(event: Event) -> bytes:
    """The EMA results of ``event`` as CSV (UTF-8, comma-separated, a header row)."""
    rows = standing(event)
    missing = []
    for row in rows:
        player = row.entrant.player
        country = ema_country(player.ema_number) if player.ema_number else ""
        lacks = [
            str(label)
            for label, value in (
                (_("first name"), player.first_name),
                (_("last name"), player.last_name),
                (_("country"), country or player.country),
            )
            if not value
        ]
        if lacks:
            missing.append(f"{player.display_name} ({', '.join(lacks)})")
    if missing:
        raise TournamentError(
            _("The EMA results need every player's names and country; missing: %(players)s."),
            code="ema_missing",
            params={"players": "; ".join(missing)},
        )
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for row in rows:
        player = row.entrant.player
        writer.writerow(
            [
                row.place,
                player.first_name,
                player.last_name,
                player.ema_number,
                _table_points(row.total, row.unit),
                row.score,
                "Yes" if player.ema_number else "No",
                (ema_country(player.ema_number) if player.ema_number else "") or player.country,
            ]
        )
    return out.getvalue().encode()
