"""Five at a table: make a rotation, start its next game, change its sit-out order.

Each runs in one transaction, asks :mod:`scoring.policy` with the role the database holds
and leaves an audit entry (of the club: a rotation is no game; the games it starts log their
own ``game.created``). Who sits out and who sits where is :mod:`scoring.rotations`'s rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from clubs.models import Club, Player
from clubs.timezones import club_today
from core.models import log_action
from scoring import policy, rotations
from scoring.errors import GameError
from scoring.models import Game, Rotation, RotationGame, RotationSeat
from scoring.players import players_by_name
from scoring.services.games import game_create, game_rules, seat_count
from scoring.services.replay import club_role, enforce


def _record(rotation: Rotation, order: Sequence[Player]) -> dict[str, Any]:
    """The rotation as its audit entries record it."""
    return {
        "rotation": rotation.pk,
        "rules": rotation.rules,
        "rules_name": rotation.rules_name,
        "table": rotation.table,
        "played_on": rotation.played_on.isoformat(),
        "order": [p.display_name for p in order],
    }


def _check_count(given: int) -> None:
    if given != rotations.PLAYERS:
        raise GameError(
            gettext("Five at a table needs five players; %(given)d were given.") % {"given": given},
            code="players",
            field="players",
        )


def _check_players(club: Club, players: Sequence[Player]) -> None:
    _check_count(len(players))
    if len({p.pk for p in players}) != len(players):
        raise GameError(
            gettext("A player can have only one place in the order."),
            code="players",
            field="players",
        )
    for p in players:
        if p.club_id != club.pk:
            raise GameError(
                gettext("%(player)s is not a player of %(club)s.")
                % {"player": p.display_name, "club": club.name},
                code="players",
                field="players",
            )


@transaction.atomic
def rotation_create(
    *,
    club: Club,
    players: Sequence[Player | str],
    created_by: Any,
    rules: Any = None,
    league: Any = None,
    ruleset_version: Any = None,
    table: str = "",
    played_on: Any = None,
) -> Rotation:
    """Five players at one table for a night, in this sit-out order (the first sits out the
    first game). The rules (a preset id or ``{"preset", "options"}``, a club rule set's
    ``ruleset_version`` or a ``league``'s, as for :func:`game_create`) are resolved now and
    every game of the rotation copies them; they must seat four. A name that is not yet a
    player becomes a guest. ``created_by`` needs :func:`policy.rotation_refusal`'s role."""
    enforce(policy.rotation_refusal(club_role(club.pk, created_by)))
    full_rules, rules_name, ruleset_version = game_rules(
        club=club, rules=rules, league=league, ruleset_version=ruleset_version
    )
    if seat_count(full_rules) != rotations.SEATS:
        raise GameError(
            gettext("Five at a table plays four-player games: choose rules for four players."),
            code="rules",
            field="rules",
        )
    _check_count(len(players))  # before any guest is added
    found = players_by_name(club=club, seats=players, created_by=created_by)
    _check_players(club, found)
    rotation = Rotation.objects.create(
        club=club,
        league=league,
        ruleset_version=ruleset_version,
        rules=full_rules,
        rules_name=rules_name,
        table=table,
        played_on=played_on if played_on is not None else club_today(club.time_zone),
        created_by=created_by if getattr(created_by, "is_authenticated", False) else None,
    )
    RotationSeat.objects.bulk_create(
        [RotationSeat(rotation=rotation, place=i, player=p) for i, p in enumerate(found)]
    )
    log_action("rotation.created", club=club, actor=created_by, after=_record(rotation, found))
    return rotation


def _lock(rotation: Rotation) -> Rotation:
    """The rotation row locked for this transaction: two taps on Start cannot both start
    game ``n``, and an order change waits for a start under way."""
    return Rotation.objects.select_for_update().select_related("club").get(pk=rotation.pk)


@transaction.atomic
def rotation_next_game(*, rotation: Rotation, user: Any) -> Game:
    """Start the rotation's next game with :func:`game_create` (its rules, table and date):
    the four who do not sit out it, seated by :func:`scoring.rotations.seating`. Refused
    while the previous game runs (``game_running``): finish or abandon it first."""
    rotation = _lock(rotation)
    enforce(policy.rotation_refusal(club_role(rotation.club_id, user)))
    running = rotations.running_game(rotation)
    if running is not None:
        raise GameError(
            gettext(
                "Game %(number)s of this rotation is still running: finish or abandon it "
                "before the next one starts."
            )
            % {"number": running.rotation_game.number},
            code="game_running",
        )
    number = rotation.games.count() + 1
    order = rotations.order_of(rotation)
    out = rotations.sits_out(order, number)
    game = game_create(
        club=rotation.club,
        players=rotations.seating(order, number),
        created_by=user,
        rules=None if rotation.ruleset_version_id else rotation.rules,
        league=rotation.league,
        ruleset_version=rotation.ruleset_version,
        rules_name=rotation.rules_name,
        table=rotation.table,
        played_on=rotation.played_on,
    )
    RotationGame.objects.create(rotation=rotation, game=game, number=number, sits_out=out)
    log_action(
        "rotation.game_started",
        club=rotation.club,
        actor=user,
        after={
            "rotation": rotation.pk,
            "game": game.pk,
            "number": number,
            "sits_out": out.display_name,
            "seats": [p.display_name for p in rotations.seating(order, number)],
        },
    )
    return game


@transaction.atomic
def rotation_reorder(
    *, rotation: Rotation, order: Sequence[Player], user: Any, reason: str = ""
) -> Rotation:
    """Give the rotation a new sit-out order (the same five players): the games not started
    yet follow it, the games started keep who sat out and where. Organisers only
    (:func:`policy.rotation_order_refusal`). The same order again changes nothing."""
    rotation = _lock(rotation)
    enforce(policy.rotation_order_refusal(club_role(rotation.club_id, user)))
    before = rotations.order_of(rotation)
    order = list(order)
    if sorted(p.pk for p in order) != sorted(p.pk for p in before) or len(order) != len(before):
        raise GameError(
            gettext("The new order must have the rotation's five players, each once."),
            code="order",
            field="order",
        )
    if [p.pk for p in order] == [p.pk for p in before]:
        return rotation
    seats = {s.player_id: s for s in rotation.seats.all()}
    # Two passes past the unique places: first out of the way, then into the new ones.
    for i, p in enumerate(order):
        seats[p.pk].place = rotations.PLAYERS + i
    RotationSeat.objects.bulk_update(list(seats.values()), ["place"])
    for i, p in enumerate(order):
        seats[p.pk].place = i
    RotationSeat.objects.bulk_update(list(seats.values()), ["place"])
    log_action(
        "rotation.order_changed",
        club=rotation.club,
        actor=user,
        before={"rotation": rotation.pk, "order": [p.display_name for p in before]},
        after={"rotation": rotation.pk, "order": [p.display_name for p in order]},
        reason=reason,
    )
    return rotation
