"""Writes to clubs and their players; each leaves an audit entry."""

from __future__ import annotations

import re
import zoneinfo
from typing import Any

from django.contrib.auth.hashers import make_password
from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from clubs import policy, registry
from clubs.models import LANGUAGES, Club, Membership, Player
from core.errors import DomainError
from core.models import log_action

PIN_PATTERN = re.compile(r"^[0-9]{4,8}$")


class ClubError(DomainError):
    """A request about a club or player that cannot be done; ``code`` is stable."""


# Short names that would stand for a page of the site rather than a club (/clubs/new/).
RESERVED_SLUGS = frozenset({"new", "join", "settings", "admin", "api"})


def _club_settings(
    *, club: Club | None, name: str, time_zone: str, language: str, default_rules: str
) -> dict[str, Any]:
    """The settings checked and cleaned, or a ClubError naming the first that is wrong."""
    name = " ".join(name.split())
    if not name:
        raise ClubError(_("A club needs a name."), code="blank", field="name")
    if len(name) > Club._meta.get_field("name").max_length:
        raise ClubError(
            _("A club's name is 100 characters at most."), code="too_long", field="name"
        )
    if time_zone not in zoneinfo.available_timezones():
        raise ClubError(
            _("'%(time_zone)s' is not a time zone (e.g. Europe/Rome, Asia/Tokyo, UTC)."),
            code="bad_time_zone",
            field="time_zone",
            params={"time_zone": time_zone},
        )
    if language not in dict(LANGUAGES):
        raise ClubError(
            _("'%(language)s' is not a language the site offers."),
            code="bad_language",
            params={"language": language},
        )
    if default_rules and default_rules not in registry.rules_labels(club):
        raise ClubError(
            _("'%(rules)s' is not a preset or one of the club's rule sets."),
            code="bad_rules",
            field="default_rules",
            params={"rules": default_rules},
        )
    return {
        "name": name,
        "time_zone": time_zone,
        "language": language,
        "default_rules": default_rules,
    }


def slug_taken_error(slug: str) -> ClubError:
    return ClubError(
        _(
            "The short name '%(slug)s' is taken: choose another (it is the club's "
            "address, /clubs/%(slug)s/)."
        ),
        code="slug_taken",
        field="slug",
        params={"slug": slug},
    )


def duplicate_player_error(club: Club, name: str) -> ClubError:
    """The refusal of a name the club has already, by the check or by the database's
    constraint when two requests add it at once."""
    return ClubError(
        _("%(club)s already has a player called %(name)s."),
        code="duplicate_player",
        field="display_name",
        params={"club": club.name, "name": name},
    )


def suggest_slug(name: str) -> str:
    """The short name a club's name suggests: 'Riverside Mahjong!' -> 'riverside-mahjong'."""
    return slugify(name)[:50].strip("-")


@transaction.atomic
def club_create(
    *,
    name: str,
    slug: str,
    public: bool,
    created_by: Any,
    time_zone: str = "UTC",
    language: str = "en",
    default_rules: str = "",
) -> Club:
    """A new club, organised by the user who creates it."""
    values = _club_settings(
        club=None,
        name=name,
        time_zone=time_zone,
        language=language,
        default_rules=default_rules,
    )
    slug = slug.strip().lower()
    if not slug or slugify(slug) != slug:
        raise ClubError(
            _("A short name is lower-case letters, digits and hyphens, e.g. 'riverside'."),
            code="bad_slug",
            field="slug",
        )
    if slug in RESERVED_SLUGS or Club.objects.filter(slug=slug).exists():
        raise slug_taken_error(slug)
    try:
        # A savepoint: another request may take the slug between the check and this insert.
        with transaction.atomic():
            club = Club.objects.create(slug=slug, public=public, **values)
    except IntegrityError:
        if Club.objects.filter(slug=slug).exists():
            raise slug_taken_error(slug) from None
        raise
    Membership.objects.create(club=club, user=created_by, role=Membership.Role.ORGANISER)
    log_action(
        "club.created",
        club=club,
        actor=created_by,
        after={"name": club.name, "slug": slug, "public": public, **_settings_of(club)},
    )
    return club


def _settings_of(club: Club) -> dict[str, Any]:
    return {
        "name": club.name,
        "public": club.public,
        "time_zone": club.time_zone,
        "language": club.language,
        "default_rules": club.default_rules,
    }


@transaction.atomic
def club_update(
    *,
    club: Club,
    actor: Any,
    actor_role: str | None,
    name: str,
    public: bool,
    time_zone: str,
    language: str,
    default_rules: str,
) -> Club:
    """Change a club's settings (its short name, its address, stays)."""
    if not policy.may_change_settings(actor_role):
        raise ClubError(_("Only an organiser can change the club's settings."), code="forbidden")
    values = _club_settings(
        club=club, name=name, time_zone=time_zone, language=language, default_rules=default_rules
    )
    before = _settings_of(club)
    for field, value in {**values, "public": public}.items():
        setattr(club, field, value)
    after = _settings_of(club)
    if after == before:
        return club
    club.save(update_fields=[*values, "public"])
    changed = [k for k in after if after[k] != before[k]]
    log_action(
        "club.changed",
        club=club,
        actor=actor,
        before={k: before[k] for k in changed},
        after={k: after[k] for k in changed},
    )
    return club


@transaction.atomic
def player_create(*, club: Club, display_name: str, created_by: Any, user: Any = None) -> Player:
    """A player of the club: a guest (no ``user``) or a member with a login."""
    name = " ".join(display_name.split())
    if not name:
        raise ClubError(_("A player needs a name."), code="blank", field="display_name")
    if len(name) > Player._meta.get_field("display_name").max_length:
        raise ClubError(
            _("The name '%(name)s' is too long."),
            code="too_long",
            field="display_name",
            params={"name": name},
        )
    if club.players.filter(display_name__iexact=name).exists():
        raise duplicate_player_error(club, name)
    try:
        # A savepoint: another request may add the name between the check and this insert.
        with transaction.atomic():
            player = Player.objects.create(club=club, display_name=name, user=user)
    except IntegrityError:
        if club.players.filter(display_name__iexact=name).exists():
            raise duplicate_player_error(club, name) from None
        raise
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
        raise ClubError(_("A PIN is 4 to 8 digits."), code="bad_pin", field="pin")
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
