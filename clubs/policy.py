"""Who may do what in a club: pure functions of the actor's role (and of the object's state
where it matters), asked by the services, which enforce them, and by views and templates,
which only show or hide what is offered.

The role comes from :func:`clubs.access.role_of` (None for outsiders and anonymous users).
Games have their own rules (scoring); these are the club's own: its settings, its people and
its players.
"""

from __future__ import annotations

from clubs.models import Membership

Role = Membership.Role

_RANK = {Role.MEMBER: 1, Role.SCORER: 2, Role.ORGANISER: 3}


def _at_least(role: Role | str | None, needed: Role) -> bool:
    return role is not None and _RANK[Role(role)] >= _RANK[needed]


def may_change_settings(role: Role | str | None) -> bool:
    """Name, visibility, time zone, language and default rules: organisers."""
    return _at_least(role, Role.ORGANISER)


def may_add_players(role: Role | str | None) -> bool:
    """Adding a guest: scorers and organisers (a scorer adds them at the table anyway)."""
    return _at_least(role, Role.SCORER)


def may_manage_players(role: Role | str | None) -> bool:
    """Renaming, merging, retiring and restoring players: organisers."""
    return _at_least(role, Role.ORGANISER)


def may_see_members(role: Role | str | None) -> bool:
    """Who holds which role (usernames): the club's own members."""
    return role is not None


def may_manage_members(role: Role | str | None) -> bool:
    """Inviting, changing roles, removing members, approving links to players: organisers."""
    return _at_least(role, Role.ORGANISER)


def may_manage_rulesets(role: Role | str | None) -> bool:
    """Making and changing the club's rule sets: organisers."""
    return _at_least(role, Role.ORGANISER)


def may_manage_leagues(role: Role | str | None) -> bool:
    """Making and changing the club's leagues and seasons: organisers."""
    return _at_least(role, Role.ORGANISER)


def may_run_tournaments(role: Role | str | None) -> bool:
    """Making a club's tournaments and running them (entrants, draws, rounds, substitutes,
    penalties): organisers."""
    return _at_least(role, Role.ORGANISER)


def may_set_pin(role: Role | str | None, *, own: bool) -> bool:
    """Setting a player's PIN: an organiser for anyone, a member for their own player
    (``own``); a login that is no longer a member (``role`` None) stands for no player."""
    return (own and role is not None) or _at_least(role, Role.ORGANISER)


def may_claim_player(role: Role | str | None, *, has_player: bool, player_is_guest: bool) -> bool:
    """A member without a player of their own may ask to be linked to a guest player."""
    return role is not None and not has_player and player_is_guest


ACTIONS = {
    "change_settings": may_change_settings,
    "add_players": may_add_players,
    "manage_players": may_manage_players,
    "see_members": may_see_members,
    "manage_members": may_manage_members,
    "manage_rulesets": may_manage_rulesets,
    "manage_leagues": may_manage_leagues,
}


def allowed(role: Role | str | None) -> dict[str, bool]:
    """Every club-level action above and whether ``role`` may do it, for templates
    (``{% if may.manage_players %}``)."""
    return {name: check(role) for name, check in ACTIONS.items()}
