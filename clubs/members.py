"""A club's people: invitations, joining, roles, removal, and linking a member to a guest
player. Each write is one transaction with one audit entry, checked against clubs.policy.

A join link is for one person and lasts days; a code on the screen is for the people in the
room tonight: several may join with it until it expires a few hours later.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs import policy
from clubs.models import Club, Invitation, Membership, Player, PlayerClaim
from clubs.players import player_merge
from clubs.services import ClubError
from core.models import log_action

Role = Membership.Role

# Letters and digits that cannot be mistaken for each other when read off a screen.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
LINK_DAYS = (1, 7, 30)
CODE_HOURS = 4
CODE_MAX_USES = 50


def _need_organiser(role: str | None, refusal: Any) -> None:
    if not policy.may_manage_members(role):
        raise ClubError(refusal, code="forbidden")


def _new_code(kind: str) -> str:
    while True:
        if kind == Invitation.Kind.CODE:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        else:
            code = secrets.token_urlsafe(18)
        if not Invitation.objects.filter(code=code).exists():
            return code


@transaction.atomic
def invitation_create(
    *, club: Club, kind: str, role: str, days: int, actor: Any, actor_role: str | None
) -> Invitation:
    """A join link valid ``days`` days for one person, or a code on the screen valid for
    CODE_HOURS hours for the people at the club tonight."""
    _need_organiser(actor_role, _("Only an organiser can invite people."))
    if role not in Role.values:
        raise ClubError(
            _("'%(role)s' is not a role."), code="bad_role", field="role", params={"role": role}
        )
    if kind == Invitation.Kind.LINK:
        if days not in LINK_DAYS:
            raise ClubError(
                _("A join link lasts 1, 7 or 30 days."), code="bad_expiry", field="days"
            )
        expires, max_uses = timezone.now() + timedelta(days=days), 1
    elif kind == Invitation.Kind.CODE:
        expires, max_uses = timezone.now() + timedelta(hours=CODE_HOURS), CODE_MAX_USES
    else:
        raise ClubError(
            _("'%(kind)s' is not a kind of invitation."),
            code="bad_kind",
            field="kind",
            params={"kind": kind},
        )
    invitation = Invitation.objects.create(
        club=club,
        kind=kind,
        code=_new_code(kind),
        role=role,
        expires=expires,
        max_uses=max_uses,
        created_by=actor,
    )
    log_action(
        "invitation.created",
        club=club,
        actor=actor,
        after={"id": invitation.pk, "kind": kind, "role": role, "expires": expires.isoformat()},
    )
    return invitation


@transaction.atomic
def invitation_revoke(*, invitation: Invitation, actor: Any, actor_role: str | None) -> None:
    _need_organiser(actor_role, _("Only an organiser can withdraw an invitation."))
    if invitation.revoked:
        raise ClubError(_("This invitation was withdrawn already."), code="unchanged")
    invitation.revoked = True
    invitation.save(update_fields=["revoked"])
    log_action(
        "invitation.revoked",
        club=invitation.club,
        actor=actor,
        after={"id": invitation.pk, "kind": invitation.kind},
    )


def find_invitation(code: str) -> Invitation:
    """The invitation with this code (a code on the screen in any case), or a ClubError."""
    code = code.strip()
    invitation = (
        Invitation.objects.select_related("club").filter(code__in={code, code.upper()}).first()
    )
    if invitation is None:
        raise ClubError(
            _(
                "There is no invitation with this code: check it, or ask the organiser for a "
                "new one."
            ),
            code="no_invitation",
            field="code",
        )
    return invitation


def invitation_problem(invitation: Invitation) -> str | None:
    """Why this invitation can no longer be used, or None while it can."""
    if invitation.revoked:
        return gettext(
            "This invitation was withdrawn by the club's organiser: ask them for a new one."
        )
    if invitation.expires <= timezone.now():
        when = formats.date_format(timezone.localtime(invitation.expires), "DATETIME_FORMAT")
        return gettext(
            "This invitation expired on %(when)s: ask the club's organiser for a new one."
        ) % {"when": when}
    if invitation.uses >= invitation.max_uses:
        return gettext(
            "This invitation has been used already: ask the club's organiser for a new one."
        )
    return None


@transaction.atomic
def invitation_accept(*, code: str, user: Any) -> Membership:
    """Join the invitation's club in its role. Refused when it has expired, was used up or
    withdrawn, or when the user is a member already."""
    invitation = find_invitation(code)
    # Locked: of two people using the last place on one link at once, one gets in.
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    problem = invitation_problem(invitation)
    if problem:
        raise ClubError(problem, code="invitation_used_or_expired", field="code")
    club = invitation.club
    existing = Membership.objects.filter(club=club, user=user).first()
    if existing is not None:
        raise ClubError(
            _("You are a member of %(club)s already (%(role)s)."),
            code="already_member",
            params={"club": club.name, "role": existing.get_role_display().lower()},
        )
    membership = Membership.objects.create(club=club, user=user, role=invitation.role)
    invitation.uses += 1
    invitation.save(update_fields=["uses"])
    log_action(
        "member.joined",
        club=club,
        actor=user,
        after={"user": user.get_username(), "role": invitation.role, "invitation": invitation.pk},
    )
    return membership


def _organisers(club: Club) -> int:
    return Membership.objects.filter(club=club, role=Role.ORGANISER).count()


@transaction.atomic
def member_set_role(
    *, membership: Membership, role: str, actor: Any, actor_role: str | None
) -> Membership:
    _need_organiser(actor_role, _("Only an organiser can change roles."))
    if role not in Role.values:
        raise ClubError(
            _("'%(role)s' is not a role."), code="bad_role", field="role", params={"role": role}
        )
    membership = Membership.objects.select_for_update().get(pk=membership.pk)
    # Every organiser's row locked, so two organisers demoting each other at once cannot
    # leave the club with none.
    list(Membership.objects.select_for_update().filter(club=membership.club, role=Role.ORGANISER))
    old = membership.role
    if old == role:
        return membership
    if old == Role.ORGANISER and _organisers(membership.club) == 1:
        raise ClubError(
            _("%(user)s is the club's last organiser: make someone else organiser first."),
            code="last_organiser",
            field="role",
            params={"user": membership.user.get_username()},
        )
    membership.role = role
    membership.save(update_fields=["role"])
    log_action(
        "member.role_changed",
        club=membership.club,
        actor=actor,
        before={"user": membership.user.get_username(), "role": old},
        after={"user": membership.user.get_username(), "role": role},
    )
    return membership


@transaction.atomic
def member_remove(*, membership: Membership, actor: Any, actor_role: str | None) -> None:
    """The login leaves the club; a player it stands for stays, as a guest, with its games
    (unlinked here, each with its audit entry: a former member no longer sets its PIN or
    confirms its seat)."""
    _need_organiser(actor_role, _("Only an organiser can remove members."))
    membership = Membership.objects.select_for_update().get(pk=membership.pk)
    list(Membership.objects.select_for_update().filter(club=membership.club, role=Role.ORGANISER))
    club, user = membership.club, membership.user
    if membership.role == Role.ORGANISER and _organisers(club) == 1:
        raise ClubError(
            _("%(user)s is the club's last organiser: a club needs one."),
            code="last_organiser",
            params={"user": user.get_username()},
        )
    membership.delete()
    for player in Player.objects.select_for_update().filter(club=club, user=user):
        player.user = None
        player.save(update_fields=["user"])
        log_action(
            "player.unlinked",
            club=club,
            actor=actor,
            before={
                "id": player.pk,
                "display_name": player.display_name,
                "user": user.get_username(),
            },
            after={"id": player.pk, "display_name": player.display_name, "user": None},
        )
    PlayerClaim.objects.filter(club=club, user=user, status=PlayerClaim.Status.PENDING).update(
        status=PlayerClaim.Status.REFUSED, decided=timezone.now()
    )
    log_action(
        "member.removed",
        club=club,
        actor=actor,
        before={"user": user.get_username(), "role": membership.role},
    )


@transaction.atomic
def claim_create(*, player: Player, user: Any, actor_role: str | None) -> PlayerClaim:
    """A member asks to be linked to a guest player: their past games would become theirs."""
    club = player.club
    has_player = club.players.filter(user=user).exists()
    if actor_role is None:
        raise ClubError(_("Only a member of the club can ask for this."), code="forbidden")
    if player.user_id is not None:
        raise ClubError(
            _("%(player)s is linked to a login already."),
            code="not_a_guest",
            params={"player": player.display_name},
        )
    if not policy.may_claim_player(actor_role, has_player=has_player, player_is_guest=True):
        raise ClubError(
            _("You stand for a player of this club already; an organiser can merge the two."),
            code="has_player",
        )
    if PlayerClaim.objects.filter(club=club, user=user, status="pending").exists():
        raise ClubError(
            _("You have asked to be linked to a player already: wait for an organiser's answer."),
            code="claim_pending",
        )
    claim = PlayerClaim.objects.create(club=club, player=player, user=user)
    log_action(
        "player.claimed",
        club=club,
        actor=user,
        after={"claim": claim.pk, "player": player.display_name, "user": user.get_username()},
    )
    return claim


@transaction.atomic
def claim_decide(
    *, claim: PlayerClaim, approve: bool, actor: Any, actor_role: str | None
) -> PlayerClaim:
    """An organiser's answer. Approved, the guest player becomes the member's (a player the
    member had got meanwhile is merged into it, with the same checks as any merge)."""
    _need_organiser(actor_role, _("Only an organiser can answer a request to link a player."))
    claim = PlayerClaim.objects.select_for_update().get(pk=claim.pk)
    if claim.status != PlayerClaim.Status.PENDING:
        raise ClubError(
            _("This request was answered already (%(status)s)."),
            code="claim_decided",
            params={"status": claim.get_status_display().lower()},
        )
    player, user = claim.player, claim.user
    if approve:
        if not Membership.objects.filter(club=claim.club, user=user).exists():
            raise ClubError(
                _("%(user)s is no longer a member."),
                code="not_a_member",
                params={"user": user.get_username()},
            )
        if player.user_id is not None and player.user_id != user.pk:
            raise ClubError(
                _("%(player)s is linked to another login already."),
                code="not_a_guest",
                params={"player": player.display_name},
            )
        own = claim.club.players.filter(user=user).exclude(pk=player.pk).first()
        if own is not None:
            player = player_merge(kept=player, duplicate=own, actor=actor, actor_role=actor_role)
        else:
            player.user = user
            player.save(update_fields=["user"])
    claim.status = PlayerClaim.Status.APPROVED if approve else PlayerClaim.Status.REFUSED
    claim.decided_by = actor
    claim.decided = timezone.now()
    claim.save(update_fields=["status", "decided_by", "decided"])
    log_action(
        "player.claim_approved" if approve else "player.claim_refused",
        club=claim.club,
        actor=actor,
        after={"claim": claim.pk, "player": player.display_name, "user": user.get_username()},
    )
    return claim
