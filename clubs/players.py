"""Keeping a club's players: add, rename, retire, restore, and merge two who are one person.

Each is one transaction with one audit entry; a refusal (a ClubError naming what is wrong)
leaves everything as it was. The actor's role is checked against clubs.policy here, whatever
page or client asked.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _

from clubs import ema, policy, registry
from clubs.models import Club, Player
from clubs.services import ClubError, duplicate_player_error, player_create
from core.models import log_action


def _refuse_unless(allowed: bool, refusal: Any) -> None:
    if not allowed:
        raise ClubError(refusal, code="forbidden")


def _clean_name(club: Club, display_name: str, *, other_than: Player | None = None) -> str:
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
    same = club.players.filter(display_name__iexact=name)
    if other_than is not None:
        same = same.exclude(pk=other_than.pk)
    if same.exists():
        raise ClubError(
            _("%(club)s already has a player called %(name)s."),
            code="duplicate_player",
            field="display_name",
            params={"club": club.name, "name": name},
        )
    return name


def player_add(*, club: Club, display_name: str, actor: Any, actor_role: str | None) -> Player:
    """A guest player, added by a scorer or an organiser."""
    if not policy.may_add_players(actor_role):
        raise ClubError(_("Only a scorer or an organiser can add players."), code="forbidden")
    return player_create(club=club, display_name=display_name, created_by=actor)


def _locked(player: Player) -> Player:
    return Player.objects.select_for_update().get(pk=player.pk)


@transaction.atomic
def player_rename(
    *, player: Player, display_name: str, actor: Any, actor_role: str | None
) -> Player:
    """A new name, shown from now on wherever the player appears (games, standings, sheets
    read the name live); the audit entry keeps the old one."""
    _refuse_unless(
        policy.may_manage_players(actor_role), _("Only an organiser can rename a player.")
    )
    player = _locked(player)
    name = _clean_name(player.club, display_name, other_than=player)
    old = player.display_name
    if name == old:
        return player
    player.display_name = name
    try:
        with transaction.atomic():  # another request may take the name meanwhile
            player.save(update_fields=["display_name"])
    except IntegrityError:
        raise duplicate_player_error(player.club, name) from None
    log_action(
        "player.renamed",
        club=player.club,
        actor=actor,
        before={"id": player.pk, "display_name": old},
        after={"id": player.pk, "display_name": name},
    )
    return player


@transaction.atomic
def player_set_ema(
    *,
    player: Player,
    first_name: str,
    last_name: str,
    ema_number: str,
    country: str,
    actor: Any,
    actor_role: str | None,
) -> Player:
    """The names, EMA number and country a tournament's EMA results print for ``player``
    (an organiser's; an EMA number is eight digits, a country two letters)."""
    _refuse_unless(
        policy.may_manage_players(actor_role),
        _("Only an organiser can change a player's EMA details."),
    )
    player = _locked(player)
    ema_number = "".join(ema_number.split())
    country = country.strip().upper()
    if ema_number and ema.ema_number_problem(ema_number):
        raise ClubError(
            _(
                "%(number)s is not an EMA number: it has eight digits, the first two the member "
                "country's code."
            ),
            code="ema_number",
            field="ema_number",
            params={"number": ema_number},
        )
    if country and not ema.is_country_code(country):
        raise ClubError(
            _("Write the country as its two-letter code (IT, JP, GB), not %(country)s."),
            code="country",
            field="country",
            params={"country": country},
        )
    before = {f: getattr(player, f) for f in EMA_FIELDS}
    player.first_name = " ".join(first_name.split())[:60]
    player.last_name = " ".join(last_name.split())[:60]
    player.ema_number = ema_number
    player.country = country
    after = {f: getattr(player, f) for f in EMA_FIELDS}
    if after == before:
        return player
    player.save(update_fields=list(EMA_FIELDS))
    log_action(
        "player.ema_changed",
        club=player.club,
        actor=actor,
        before={"id": player.pk, **before},
        after={"id": player.pk, **after},
    )
    return player


EMA_FIELDS = ("first_name", "last_name", "ema_number", "country")


@transaction.atomic
def player_set_retired(
    *, player: Player, retired: bool, actor: Any, actor_role: str | None
) -> Player:
    """Retire a player (hidden from pickers, kept in every game and standing) or bring them
    back."""
    _refuse_unless(
        policy.may_manage_players(actor_role),
        _("Only an organiser can retire or restore a player."),
    )
    player = _locked(player)
    if player.retired == retired:
        refusal = (
            _("%(player)s is retired already.") if retired else _("%(player)s is active already.")
        )
        raise ClubError(refusal, code="unchanged", params={"player": player.display_name})
    player.retired = retired
    player.save(update_fields=["retired"])
    log_action(
        "player.retired" if retired else "player.restored",
        club=player.club,
        actor=actor,
        after={"id": player.pk, "display_name": player.display_name},
    )
    return player


@transaction.atomic
def player_merge(*, kept: Player, duplicate: Player, actor: Any, actor_role: str | None) -> Player:
    """Fold ``duplicate`` into ``kept``: its games (so standings and statistics), its login
    and its PIN where ``kept`` has none; then the duplicate is gone. The audit entry names
    both as they were.

    Refused across clubs, for one player with itself, when both have logins of their own, and
    when both sat in one game (the apps that hold games check that, clubs.registry).
    """
    _refuse_unless(policy.may_manage_players(actor_role), _("Only an organiser can merge players."))
    if kept.club_id != duplicate.club_id:
        raise ClubError(
            _("Players of two different clubs cannot be merged."),
            code="merge_other_club",
            field="duplicate",
        )
    if kept.pk == duplicate.pk:
        raise ClubError(
            _("A player cannot be merged with itself."),
            code="merge_same_player",
            field="duplicate",
        )
    # Both rows locked, in a fixed order so two merges cannot wait on each other.
    locked = {
        p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[kept.pk, duplicate.pk])
    }
    if len(locked) != 2:
        raise ClubError(_("One of these players no longer exists."), code="gone")
    kept, duplicate = locked[kept.pk], locked[duplicate.pk]
    if kept.user_id and duplicate.user_id and kept.user_id != duplicate.user_id:
        raise ClubError(
            _("%(kept)s and %(duplicate)s each have their own login: they are two people."),
            code="merge_two_logins",
            field="duplicate",
            params={"kept": kept.display_name, "duplicate": duplicate.display_name},
        )
    for check in registry.merge_checks():
        check(kept, duplicate)
    before = {
        "kept": {"id": kept.pk, "display_name": kept.display_name, "user": kept.user_id},
        "duplicate": {
            "id": duplicate.pk,
            "display_name": duplicate.display_name,
            "user": duplicate.user_id,
        },
    }
    for move in registry.merge_moves():
        move(kept, duplicate)
    duplicate.claims.update(player=kept)
    user_id, pin = duplicate.user_id, duplicate.pin
    duplicate.delete()
    fields = []
    if user_id and not kept.user_id:
        kept.user_id = user_id
        fields.append("user")
    if pin and not kept.pin:
        kept.pin = pin
        fields.append("pin")
    if fields:
        kept.save(update_fields=fields)
    log_action(
        "player.merged",
        club=kept.club,
        actor=actor,
        before=before,
        after={"id": kept.pk, "display_name": kept.display_name, "user": kept.user_id},
    )
    return kept
