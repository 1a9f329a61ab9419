"""What the tournaments app tells the clubs app (clubs.registry): the entries and seats that
follow a merged player."""

from __future__ import annotations

from django.utils.translation import gettext

from clubs.models import Player
from clubs.services import ClubError
from tournaments.models import Entrant, TableSeat


def check_merge(kept: Player, duplicate: Player) -> None:
    """Refused when both entered one tournament: one person cannot hold two entries."""
    shared = (
        Entrant.objects.filter(player=kept, event__entrants__player=duplicate)
        .select_related("event")
        .first()
    )
    if shared is not None:
        raise ClubError(
            gettext(
                "%(kept)s and %(duplicate)s are both entered in %(event)s: two entrants of "
                "one tournament are not the same person."
            )
            % {
                "kept": kept.display_name,
                "duplicate": duplicate.display_name,
                "event": shared.event.name,
            },
            code="merge_same_event",
            field="duplicate",
        )


def move_entries(kept: Player, duplicate: Player) -> None:
    """The duplicate's entries and the seats they played become the kept player's."""
    Entrant.objects.filter(player=duplicate).update(player=kept)
    TableSeat.objects.filter(player=duplicate).update(player=kept)
