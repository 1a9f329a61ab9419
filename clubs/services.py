"""Writes to clubs and their players; each leaves an audit entry."""

from __future__ import annotations

import re
from typing import Any

from django.contrib.auth.hashers import make_password
from django.db import transaction

from clubs.models import Club, Membership, Player
from core.errors import DomainError
from core.models import log_action

PIN_PATTERN = re.compile(r"^[0-9]{4,8}$")


class ClubError(DomainError):
    """A request about a club or player that cannot be done; ``code`` is stable."""


@transaction.atomic
def club_create(*, name: str, slug: str, public: bool, created_by: Any) -> Club:
    """A new club, organised by the user who creates it."""
    name = name.strip()
    if not name:
        raise ClubError("A club needs a name.", code="blank", field="name")
    if Club.objects.filter(slug=slug).exists():
        raise ClubError(f"The address '{slug}' is taken.", code="slug_taken", field="slug")
    club = Club.objects.create(name=name, slug=slug, public=public)
    Membership.objects.create(club=club, user=created_by, role=Membership.Role.ORGANISER)
    log_action("club.created", club=club, actor=created_by, after={"name": name, "slug": slug})
    return club


@transaction.atomic
def player_create(*, club: Club, display_name: str, created_by: Any, user: Any = None) -> Player:
    """A player of the club: a guest (no ``user``) or a member with a login."""
    name = " ".join(display_name.split())
    if not name:
        raise ClubError("A player needs a name.", code="blank", field="display_name")
    if len(name) > Player._meta.get_field("display_name").max_length:
        raise ClubError(f"The name '{name}' is too long.", code="too_long", field="display_name")
    if club.players.filter(display_name__iexact=name).exists():
        raise ClubError(
            f"{club.name} already has a player called {name}.",
            code="duplicate_player",
            field="display_name",
        )
    player = Player.objects.create(club=club, display_name=name, user=user)
    log_action(
        "player.created",
        club=club,
        actor=created_by,
        after={"id": player.pk, "display_name": name, "guest": user is None},
    )
    return player


@transaction.atomic
def player_set_pin(*, player: Player, pin: str, user: Any) -> Player:
    """Set (or, with an empty ``pin``, clear) the PIN a player confirms results with."""
    if pin and not PIN_PATTERN.match(pin):
        raise ClubError("A PIN is 4 to 8 digits.", code="bad_pin", field="pin")
    player.pin = make_password(pin) if pin else ""
    player.save(update_fields=["pin"])
    # The PIN itself never goes into the audit trail, only that it changed.
    log_action(
        "player.pin_set" if pin else "player.pin_cleared",
        club=player.club,
        actor=user,
        after={"id": player.pk, "display_name": player.display_name},
    )
    return player
