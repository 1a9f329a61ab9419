"""The writes to a game as a whole: start (or import) it, end it now, abandon it.

Each runs in one transaction, replays the game with the engine where its numbers change and
leaves an audit entry.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext, ngettext

import engine
from clubs.models import Club, Player
from clubs.timezones import club_today
from core.models import log_action
from leagues.selectors import league_seats
from scoring import policy, totals
from scoring.errors import (
    GameError,
    SeatedElsewhere,
)
from scoring.models import Game, GameSeat, Hand
from scoring.players import players_by_name
from scoring.seasons import season_on
from scoring.services.replay import (
    actor_role,
    cache_replay,
    check_notes,
    club_role,
    enforce,
    game_record,
    hand_rows,
    lock_game,
    normalised_final_scores,
    replay,
    resolved_rules,
)


def seat_count(rules: dict[str, Any]) -> int:
    """How many seats a game under these rules has: the rules' ``players``."""
    return engine.resolve_rules(rules).players


def check_seat_count(given: int, seats: int) -> None:
    """Refuse a game whose players do not fill its table, naming the count its rules want."""
    if given != seats:
        raise GameError(
            ngettext(
                "These rules seat %(seats)d players; %(given)d was given.",
                "These rules seat %(seats)d players; %(given)d were given.",
                given,
            )
            % {"seats": seats, "given": given},
            code="players",
            field="players",
        )


def check_table_size(league: Any, seats: int) -> None:
    """Refuse a league game whose rules seat another number than the league's tables: a
    league has one table size, so its standings never add a three-player result to a
    four-player one."""
    if league is None:
        return
    wanted = league_seats(league)
    if seats != wanted:
        raise GameError(
            gettext("This league plays at tables of %(league)d; these rules seat %(seats)d.")
            % {"league": wanted, "seats": seats},
            code="table_size",
            field="rules",
        )


def game_rules(
    *,
    club: Club,
    rules: Any = None,
    league: Any = None,
    ruleset_version: Any = None,
    rules_name: str = "",
) -> tuple[dict[str, Any], str, Any]:
    """The rules a game of ``club`` copies, their name and the rule set version they come
    from: from ``rules`` (a preset id or ``{"preset", "options"}``), a club rule set's
    ``ruleset_version``, or the ``league`` (its rule set's current version, else its rules).
    A game and a blank sheet for tonight (scoring.sheet_views) resolve them the same way."""
    if ruleset_version is None and rules is None and league is not None:
        if league.ruleset_id is not None:
            ruleset_version = league.ruleset.current_version
        else:
            rules = league.rules
    if ruleset_version is not None:
        if ruleset_version.ruleset.club_id != club.pk:
            raise GameError(
                gettext("That rule set belongs to another club."), code="rules", field="rules"
            )
        rules = ruleset_version.rules
        rules_name = (
            rules_name or f"{ruleset_version.ruleset.name} (version {ruleset_version.number})"
        )
    if rules is None:
        raise GameError(
            gettext("A game needs rules: a preset, a rule set or a league."),
            code="rules",
            field="rules",
        )
    if league is not None and league.club_id != club.pk:
        raise GameError(
            gettext("That league belongs to another club."), code="league", field="league"
        )
    full_rules = resolved_rules(rules)
    if not rules_name:
        rules_name = engine.get_preset(full_rules["preset"]).name
    return full_rules, rules_name, ruleset_version


@transaction.atomic
def game_create(
    *,
    club: Club,
    players: Sequence[Player],
    created_by: Any,
    rules: Any = None,
    league: Any = None,
    season: Any = None,
    ruleset_version: Any = None,
    rules_name: str = "",
    start: dict[str, Any] | None = None,
    table: str = "",
    played_on: Any = None,
    final_scores: dict[str, Any] | None = None,
) -> Game:
    """Start a game: the rules are resolved and copied into it, so later changes never reach it.
    ``created_by`` needs the scorer role in ``club`` (:func:`policy.start_refusal`), or is
    :data:`policy.SITE`. With ``final_scores`` (the record's object) the game is entered by
    its final scores: it has no hands and is finished and settled at once.

    The rules come from ``rules`` (a preset id or ``{"preset", "options"}``), a club rule set's
    ``ruleset_version``, or the ``league`` (its rule set's current version, else its rules).
    """
    enforce(policy.start_refusal(club_role(club.pk, created_by)))
    full_rules, rules_name, ruleset_version = game_rules(
        club=club,
        rules=rules,
        league=league,
        ruleset_version=ruleset_version,
        rules_name=rules_name,
    )
    seats = seat_count(full_rules)
    check_table_size(league, seats)
    check_seat_count(len(players), seats)
    if len({p.pk for p in players}) != len(players):
        raise GameError(
            gettext("A player can sit in only one seat."), code="players", field="players"
        )
    for p in players:
        if p.club_id != club.pk:
            raise GameError(
                gettext("%(player)s is not a player of %(club)s.")
                % {"player": p.display_name, "club": club.name},
                code="players",
                field="players",
            )
    game = Game(
        club=club,
        league=league,
        season=season,
        ruleset_version=ruleset_version,
        rules=full_rules,
        rules_name=rules_name,
        start=start or {},
        table=table,
        created_by=created_by if getattr(created_by, "is_authenticated", False) else None,
        final_scores=final_scores,
    )
    # The club's date, not the server's: the sheet, the season and the list all read it.
    game.played_on = played_on if played_on is not None else club_today(club.time_zone)
    if league is not None and season is None:
        game.season = season_on(league, game.played_on)
    result = replay(game, [])  # bad rules, start or final scores fail here, before any row
    if final_scores is not None:
        game.final_scores = normalised_final_scores(game)
    game.save()
    GameSeat.objects.bulk_create(
        [GameSeat(game=game, seat=i, player=p) for i, p in enumerate(players)]
    )
    cache_replay(game, [], result)
    action = "game.created" if final_scores is None else "game.entered_by_final_scores"
    log_action(action, club=club, actor=created_by, game=game, after=game_record(game))
    return game


@transaction.atomic
def game_finish(*, game: Game, user: Any) -> Game:
    """End a running game now (at its end, or at a time limit) with the preset's settlement:
    a scorer (or :data:`policy.SITE`), as :func:`scoring.policy.finish_refusal` asks."""
    game = lock_game(game)
    enforce(policy.finish_refusal(actor_role(game, user), game.status))
    if game.status == Game.Status.FINISHED:
        return game  # finished already (by the rules or by a first tap): nothing to log
    before = game.final
    if not game.over:
        game.ended = True
        rows = hand_rows(game)
        cache_replay(game, rows, replay(game, [h.data for h in rows]))
    log_action("game.finished", actor=user, game=game, before=before, after=game.final)
    return game


@transaction.atomic
def game_abandon(*, game: Game, user: Any, reason: str) -> Game:
    """Abandon a game: it is kept but never counts for standings (again: nothing happens).
    A scorer abandons a running game; once it is finished, only an organiser."""
    game = lock_game(game)
    if game.status == Game.Status.ABANDONED:
        return game  # a repeated request: the first one is logged
    enforce(policy.abandon_refusal(actor_role(game, user), game.status))
    before = game.status
    game.status = Game.Status.ABANDONED
    game.version += 1
    game.save(update_fields=["status", "version"])
    totals.game_changed(game)
    log_action(
        "game.abandoned",
        actor=user,
        game=game,
        before=before,
        after=game.status,
        reason=reason,
    )
    return game


@transaction.atomic
def game_import(
    *,
    club: Club,
    record: dict[str, Any],
    created_by: Any,
    players: Sequence[Player | str] | None = None,
    reason: str = "",
    **extra: Any,
) -> Game:
    """Create a game (finished or running) from a whole game record.

    The seats are ``players`` (players, or names), else the record's ``players`` names; a name
    finds the club's player or adds a guest. ``created_by`` is checked as for
    :func:`game_create`, before any guest is added. ``reason`` goes into the audit entry
    (where the record came from)."""
    enforce(policy.start_refusal(club_role(club.pk, created_by)))
    if not isinstance(record, dict):
        raise GameError(gettext("A game record must be an object."), code="invalid_record")
    if not players:
        players = record.get("players") or []
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise GameError(
                gettext("'players' must be names, one per seat."),
                code="players",
                field="players",
            )
    if isinstance(record.get("hands"), list):
        check_notes(record["hands"])
    players = players_by_name(club=club, seats=players, created_by=created_by)
    game = game_create(
        club=club,
        players=players,
        rules=record.get("rules"),
        created_by=created_by,
        start=record.get("start"),
        final_scores=record.get("final_scores"),
        **extra,
    )
    hands = record.get("hands") or []
    game.ended = record.get("ended") is True
    result = replay(game, hands)
    rows = Hand.objects.bulk_create(
        [
            Hand(game=game, number=i, data=h, entered_by=game.created_by)
            for i, h in enumerate(hands, start=1)
        ]
    )
    cache_replay(game, rows, result)
    log_action(
        "game.imported",
        club=club,
        actor=created_by,
        game=game,
        after=game_record(game),
        reason=reason,
    )
    return game


@transaction.atomic
def game_start(
    *,
    club: Club,
    seats: Sequence[Player | str],
    created_by: Any,
    draw_seats: bool = False,
    rng: random.Random | None = None,
    seated_elsewhere_ok: bool = False,
    **create: Any,
) -> Game:
    """Start a game from the start form (or the API): a name that is not yet a player becomes
    a guest, and the seats are drawn at random when asked; then :func:`game_create` with
    ``create``. ``created_by`` is checked as for :func:`game_create`, before any guest is added.

    A player already seated in another running game of the club is refused
    (``seated_elsewhere``, naming the player and the game) unless ``seated_elsewhere_ok``
    says the scorer saw the warning and means it (a guest playing two tables, a game left
    running by mistake)."""
    enforce(policy.start_refusal(club_role(club.pk, created_by)))
    players = players_by_name(club=club, seats=seats, created_by=created_by)
    if not seated_elsewhere_ok:
        _check_seated_elsewhere(club, players)
    if draw_seats:
        (rng or random.SystemRandom()).shuffle(players)
    return game_create(club=club, players=players, created_by=created_by, **create)


def _check_seated_elsewhere(club: Club, players: Sequence[Player]) -> None:
    seat = (
        GameSeat.objects.filter(
            game__club=club, game__status=Game.Status.RUNNING, player__in=[p.pk for p in players]
        )
        .select_related("game", "player")
        .order_by("game_id", "seat")
        .first()
    )
    if seat is None:
        return
    game = seat.game
    where = (
        gettext("game %(number)s at table %(table)s") % {"number": game.pk, "table": game.table}
        if game.table
        else gettext("game %(number)s") % {"number": game.pk}
    )
    raise SeatedElsewhere(
        gettext(
            "%(player)s is already seated in a running game (%(game)s). Finish that game "
            "first, or confirm to seat them in both."
        )
        % {"player": seat.player.display_name, "game": where},
        code="seated_elsewhere",
        field="players",
    )
