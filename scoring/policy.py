"""Who may do what to a game: pure functions of the actor's club role and the game's state.

One place for the rules. The services enforce them (a refusal raises there, whoever calls);
the views, the API and the templates ask the same functions for what to offer. Nothing here
queries: the caller passes the role (see :func:`scoring.selectors.game_for_user`, which loads
a game with the user's role in one query) and the game's status.

The roles rank member < scorer < organiser; ``None`` is a visitor without a role (anonymous,
or a user outside the club), who may see a public club and nothing more. :data:`SITE` is the
actor a service takes when the site itself writes; it holds the organiser's role.

>>> from clubs.access import Role
>>> may_correct(Role.SCORER, "running"), may_correct(Role.SCORER, "finished")
(True, False)
>>> correct_refusal(Role.SCORER, "finished").message
'Only an organiser can correct a finished game.'
>>> may_abandon(Role.ORGANISER, "finished"), may_abandon(Role.ORGANISER, "abandoned")
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.access import Role, has_role

RUNNING, FINISHED, ABANDONED = "running", "finished", "abandoned"
"""A game's status (``scoring.models.Game.Status`` values)."""

CORRECT_FINISHED = _("Only an organiser can correct a finished game.")
ABANDON_FINISHED = _("Only an organiser can abandon a finished game.")
FINISH_ABANDONED = _("An abandoned game cannot be finished.")
PIN_NEEDS_SCORER = _("A PIN is typed on a scorer's device.")


class _Site:
    """The type of :data:`SITE`: not a user, so the audit trail and a hand's ``entered_by``
    record no one for it (as for an anonymous actor)."""

    is_authenticated = False

    def __repr__(self) -> str:
        return "SITE"


SITE = _Site()
"""The site itself, for data it loads: demo data, a restored backup, a benchmark's games;
never from a request. The services take it in place of a user and give it :data:`SITE_ROLE`."""

SITE_ROLE = Role.ORGANISER


@dataclass(frozen=True)
class Refusal:
    """Why an action is refused, for the service to raise.

    ``role`` is True when the actor's role is short (the request is forbidden, 403), False when
    the game's state refuses it whatever the role (a domain error with ``code``).
    """

    message: str
    """In the reader's language (worded when the refusal is made, in the request)."""
    code: str
    role: bool


def _needs(role: Role | None, required: Role) -> Refusal | None:
    if has_role(role, required):
        return None
    message = gettext("This needs the %(role)s role.") % {"role": str(required.label).lower()}
    return Refusal(message, "permission_denied", True)


def may_view(role: Role | None, *, public: bool) -> bool:
    """A game, its ledger and its sheets: members of the club, and everyone in a public club."""
    return role is not None or public


def may_see_audit(role: Role | None) -> bool:
    """The game's audit trail (who changed what): members of the club."""
    return role is not None


START_ROLE = Role.SCORER
"""The role that starts (or imports) a game: the pages and the API ask the club's access
helper for it (their 404, 403 and 401 answers), the services enforce :func:`start_refusal`."""


def start_refusal(role: Role | None) -> Refusal | None:
    """Starting (or importing) a game in the club, or printing tonight's blank sheet:
    scorers and organisers.

    >>> start_refusal(Role.MEMBER).message, start_refusal(Role.SCORER) is None
    ('This needs the scorer role.', True)
    """
    return _needs(role, START_ROLE)


def may_start_game(role: Role | None) -> bool:
    """Whether the page offers to start a game (see :func:`start_refusal`)."""
    return start_refusal(role) is None


IMPORT_LOG_ROLE = Role.ORGANISER
"""The role that imports a game from an online game's log (tenhou.net/6): the organiser, who
says which club player each name of the log is."""


def import_log_refusal(role: Role | None) -> Refusal | None:
    """Importing a game from an online game's log, matching its names to the club's players:
    organisers.

    >>> import_log_refusal(Role.SCORER).message, import_log_refusal(Role.ORGANISER) is None
    ('This needs the organiser role.', True)
    """
    return _needs(role, IMPORT_LOG_ROLE)


def may_import_log(role: Role | None) -> bool:
    """Whether the pages offer the import of a log (see :func:`import_log_refusal`)."""
    return import_log_refusal(role) is None


def may_enter(role: Role | None, status: str) -> bool:
    """Add a hand at the end: scorers, while the game runs."""
    return has_role(role, Role.SCORER) and status == RUNNING


def enter_refusal(role: Role | None) -> Refusal | None:
    """Entering (or previewing) a hand needs a scorer; the state is the service's to check
    under the game's lock (a second device may have ended the game)."""
    return _needs(role, Role.SCORER)


def correct_refusal(role: Role | None, status: str) -> Refusal | None:
    """Correcting, deleting, undoing or redoing a hand: scorers while the game runs,
    organisers also once it is finished; nobody once it is abandoned.

    >>> correct_refusal(Role.ORGANISER, "abandoned").code
    'not_running'
    >>> correct_refusal(Role.ORGANISER, "finished") is None
    True
    """
    needs = _needs(role, Role.SCORER)
    if needs is not None:
        return needs
    if status == ABANDONED:
        return Refusal(gettext("An abandoned game cannot be changed."), "not_running", False)
    if status == FINISHED and not has_role(role, Role.ORGANISER):
        return Refusal(str(CORRECT_FINISHED), "finished", True)
    return None


def may_correct(role: Role | None, status: str) -> bool:
    """Whether the page offers to correct a hand (and undo or redo one)."""
    return correct_refusal(role, status) is None


def finish_refusal(role: Role | None, status: str) -> Refusal | None:
    """Ending a game now: scorers; not an abandoned game (a finished one: nothing to do)."""
    needs = _needs(role, Role.SCORER)
    if needs is not None:
        return needs
    if status == ABANDONED:
        return Refusal(str(FINISH_ABANDONED), "not_running", False)
    return None


def may_finish(role: Role | None, status: str) -> bool:
    """Whether the page offers to end the game now: scorers, while it runs."""
    return has_role(role, Role.SCORER) and status == RUNNING


def abandon_refusal(role: Role | None, status: str) -> Refusal | None:
    """Abandoning a game: scorers while it runs; organisers once it is over (also a repeat
    on a game already abandoned, which changes nothing)."""
    needs = _needs(role, Role.SCORER)
    if needs is not None:
        return needs
    if status != RUNNING and not has_role(role, Role.ORGANISER):
        return Refusal(str(ABANDON_FINISHED), "permission_denied", True)
    return None


def may_abandon(role: Role | None, status: str) -> bool:
    """Whether the page offers to abandon the game (not once it is abandoned)."""
    return status != ABANDONED and abandon_refusal(role, status) is None


def pin_refusal(role: Role | None) -> Refusal | None:
    """A player's PIN is typed on a scorer's device: confirming by PIN needs a scorer."""
    if has_role(role, Role.SCORER):
        return None
    return Refusal(str(PIN_NEEDS_SCORER), "permission_denied", True)


def confirm_refusal(*, role: Role | None, own_seat: bool, player: str) -> Refusal | None:
    """Confirming a seat while logged in: only the seat's own player (``own_seat``), while a
    member of the club (``role``: a removed member stands for no player); anyone else confirms
    it with the player's PIN (:func:`pin_refusal`). ``player`` is the seat's player's name,
    for the message.

    >>> confirm_refusal(role=Role.MEMBER, own_seat=False, player="Aiko").code
    'not_this_player'
    >>> confirm_refusal(role=None, own_seat=True, player="Aiko").code
    'not_this_player'
    """
    if own_seat and role is not None:
        return None
    message = gettext("Only %(player)s can confirm this seat (or give their PIN).")
    return Refusal(message % {"player": player}, "not_this_player", False)


def may_confirm(status: str) -> bool:
    """A result can be confirmed once the game is finished (by its players)."""
    return status == FINISHED


def may_confirm_by_pin(role: Role | None, status: str) -> bool:
    """Whether the page offers the PIN box: scorers, on a finished game."""
    return pin_refusal(role) is None and may_confirm(status)


def rotation_refusal(role: Role | None) -> Refusal | None:
    """Making a rotation (five at a table), starting its next game, printing its blank sheet:
    scorers and organisers, as for starting a game (:func:`start_refusal`)."""
    return start_refusal(role)


def may_start_rotation(role: Role | None) -> bool:
    """Whether the pages offer to make a rotation or start its next game."""
    return rotation_refusal(role) is None


ROTATION_ORDER_ROLE = Role.ORGANISER
"""The role that changes a rotation's sit-out order."""


def rotation_order_refusal(role: Role | None) -> Refusal | None:
    """Changing a rotation's sit-out order (for the games not started yet): organisers.

    >>> rotation_order_refusal(Role.SCORER).message, rotation_order_refusal(Role.ORGANISER)
    ('This needs the organiser role.', None)
    """
    return _needs(role, ROTATION_ORDER_ROLE)


def may_change_rotation_order(role: Role | None) -> bool:
    """Whether the rotation's page offers to move a player in the order."""
    return rotation_order_refusal(role) is None
