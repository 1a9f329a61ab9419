"""Who may see or change a club: one place for the rule, used by every view and API."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import CharField, OuterRef, QuerySet, Subquery, Value
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from clubs.models import Club, Membership
from clubs.timezones import activate_for
from core.i18n import activate_club_language

Role = Membership.Role

ROLE_RANK = {Role.MEMBER: 1, Role.SCORER: 2, Role.ORGANISER: 3}


def role_of(user: Any, club: Club) -> Role | None:
    """The user's role in the club, or None for anonymous users and outsiders."""
    if not user.is_authenticated:
        return None
    role = club.memberships.filter(user=user).values_list("role", flat=True).first()
    return Role(role) if role else None


def has_role(user_role: Role | None, required: Role) -> bool:
    return user_role is not None and ROLE_RANK[user_role] >= ROLE_RANK[required]


def get_club_for_user(user: Any, slug: str, *, role: Role | None = None) -> Club:
    """Return the club named by `slug` if `user` may see it, and hold `role` when one is given.

    A private club does not exist for an outsider (404), so its name is not revealed; a
    visible club whose action needs a higher role answers 403.
    """
    club = get_object_or_404(Club, slug=slug)
    check_club_access(user, club, role=role)
    return club


def check_club_access(user: Any, club: Club, *, role: Role | None = None) -> Role | None:
    """The user's role in a club already loaded, after the same checks as get_club_for_user."""
    return require_role(club, role_of(user, club), role)


def with_member_role(queryset: QuerySet[Any], user: Any, club_id: str = "club_id") -> QuerySet[Any]:
    """``queryset`` with ``member_role`` on each row: the user's role in the row's club
    (the field ``club_id`` names), looked up in the same query; None for outsiders."""
    if not user.is_authenticated:
        return queryset.annotate(member_role=Value(None, output_field=CharField()))
    roles = Membership.objects.filter(club=OuterRef(club_id), user=user.pk).values("role")[:1]
    return queryset.annotate(member_role=Subquery(roles))


def require_role(club: Club, user_role: Role | str | None, role: Role | None = None) -> Role | None:
    """The checks of get_club_for_user on a role already looked up (see with_member_role)."""
    user_role = Role(user_role) if user_role else None
    if user_role is None and not club.public:
        raise Http404(gettext("No such club."))
    if role is not None and not has_role(user_role, role):
        raise PermissionDenied(
            gettext("This needs the %(role)s role in %(club)s.")
            % {"role": str(role.label).lower(), "club": club.name}
        )
    # What follows is about this club: its dates and times in its zone, and its language
    # unless the reader chose one.
    activate_for(club.time_zone)
    activate_club_language(club.language)
    return user_role
