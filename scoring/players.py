"""The players of a game's seats, found by name in the club or added as guests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext

from clubs import services as club_services
from clubs.models import Club, Player
from scoring.errors import GameError


def players_by_name(*, club: Club, seats: Sequence[Player | str], created_by: Any) -> list[Player]:
    """The players for these seats: a name finds the club's player of that name (in any case)
    or adds a guest of that name."""
    players: list[Player] = []
    for i, seat in enumerate(seats):
        if isinstance(seat, Player):
            players.append(seat)
            continue
        name = " ".join(str(seat).split())
        if not name:
            raise GameError(
                gettext("Seat %(number)s needs a player.") % {"number": i + 1},
                code="players",
                field="players",
            )
        found = club.players.filter(display_name__iexact=name).first()
        if found is None:
            try:
                found = club_services.player_create(
                    club=club, display_name=name, created_by=created_by
                )
            except club_services.ClubError as e:
                raise GameError(str(e), code=e.code, field="players") from None
        players.append(found)
    return players
