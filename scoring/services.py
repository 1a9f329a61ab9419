"""Every write to a game: create, record, preview, correct, delete, finish, abandon, import.

Each service runs in one transaction, replays the game with the engine and saves the cached
numbers beside the hands, or saves nothing at all. Each leaves an audit entry. This module is
the one boundary between the database and the engine's types.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.http import parse_etags
from django.utils.translation import gettext

from clubs.access import Role
from clubs.models import Club, Membership, Player
from clubs.timezones import club_today
from core.models import log_action
from scoring import engine, pins, policy
from scoring.errors import GameError, HandChanged, KeyReused, ResultChanged, StaleHandNumber
from scoring.models import Game, GameSeat, Hand, Submission
from scoring.players import players_by_name
from scoring.seasons import season_on
from scoring.selectors import REDO_REASON, UNDO_REASON, game_for_user, undone_entry


def hand_etag(hand: Hand) -> str:
    """The strong entity tag of hand ``hand`` as GET /api/games/{id}/hands/{n}/ shows it.

    It covers the hand's row (so the hand that moves up into number 3 after hand 2 is deleted
    has another tag than the old hand 3, even with the same entry), its number, its entry and
    its cached result: whatever changes what a device shows of the hand changes the tag.
    """
    content = json.dumps(
        {
            "id": hand.pk,
            "number": hand.number,
            "hand": hand.data,
            "label": hand.label,
            "result": hand.result,
        },
        sort_keys=True,
        separators=(",", ":"),
    )
    return '"' + hashlib.sha256(content.encode()).hexdigest()[:32] + '"'


def _check_tag(rows: Sequence[Hand], number: int, if_match: str | None) -> None:
    """Refuse (:class:`HandChanged`) unless ``if_match`` (an If-Match value: entity tags or
    ``*``) names hand ``number`` as it is now; None means no condition."""
    if if_match is None:
        return
    current = rows[number - 1] if 1 <= number <= len(rows) else None
    tags = parse_etags(if_match)
    if current is not None and ("*" in tags or hand_etag(current) in tags):
        return
    raise HandChanged(number=number, current=current)


@dataclass(frozen=True)
class HandMove:
    """The answer to an undo or a redo: the game after it and the hand it took or put back."""

    game: Game
    hand: Hand


@dataclass(frozen=True)
class HandWrite:
    """The answer to a hand submission: the game after it, and whether it was a repeat."""

    game: Game
    number: int
    repeated: bool
    response: dict[str, Any] | None = None


def resolved_rules(spec: Any) -> dict[str, Any]:
    """The full rules a game copies when it starts: the preset id and every option's value."""
    rules = engine.resolve_rules(spec)
    preset = spec if isinstance(spec, str) else spec["preset"]
    return {"preset": preset, "options": engine.rules_as_options(rules)}


def game_record(
    game: Game,
    hands: Sequence[dict[str, Any]] | None = None,
    players: Sequence[Player] | None = None,
) -> dict[str, Any]:
    """The game as a game record (with ``hands`` or ``players`` instead of the stored ones)."""
    if hands is None:
        hands = [h.data for h in game.hands.order_by("number")]
    if players is None:
        players = game.seat_players()
    record: dict[str, Any] = {"rules": game.rules, "hands": list(hands)}
    if players:
        record["players"] = [p.display_name for p in players]
    if game.start:
        record["start"] = game.start
    if game.ended:
        record["ended"] = True
    return record


def _replay(game: Game, hands: Sequence[dict[str, Any]]) -> engine.GameResult:
    # Names do not change a number, so the replay does without them (and their queries).
    return engine.score_game(game_record(game, hands, players=()))


def _save(
    game: Game,
    hand_rows: Sequence[Hand],
    result: engine.GameResult,
    *,
    actor: Any = None,
    cause: str = "",
) -> None:
    """Cache the replay's numbers on the game, its seats and every hand that changed.

    When the result changes after players confirmed it, their confirmations are cleared (they
    confirmed other numbers) with an audit entry naming ``cause``, done by ``actor``.
    """
    old_final = game.final
    changed = []
    for row, hand_result in zip(hand_rows, result.hands, strict=True):
        cached = hand_result.as_dict()
        if row.result != cached or row.label != hand_result.label:
            row.result = cached
            row.label = hand_result.label
            changed.append(row)
    if changed:
        Hand.objects.bulk_update(changed, ["result", "label"])
    final = result.final
    was_over = game.over
    game.final = final.as_dict()
    game.over = final.over
    game.hand_count = len(hand_rows)
    game.engine_version = engine.ENGINE_VERSION
    game.version += 1
    if final.over and game.status == Game.Status.RUNNING:
        game.status = Game.Status.FINISHED
        game.finished_at = timezone.now()
    elif not final.over and game.status == Game.Status.FINISHED:
        game.status = Game.Status.RUNNING
        game.finished_at = None
    game.save(
        update_fields=[
            "final",
            "over",
            "hand_count",
            "engine_version",
            "version",
            "status",
            "finished_at",
            "ended",
        ]
    )
    if not was_over and not final.over:
        return  # the seats' numbers are empty while a game runs, before and after
    seats = list(game.seats.select_related("player"))
    changed_result = game.final != old_final
    cleared = []
    for s in seats:
        s.score = final.scores[s.seat] if final.over else None
        s.rank = final.ranks[s.seat] if final.ranks else None
        s.result = final.results[s.seat] if final.results else None
        if s.confirmed_at is not None and (changed_result or not final.over):
            cleared.append(
                {
                    "seat": s.seat,
                    "player": s.player.display_name,
                    "confirmed_at": s.confirmed_at.isoformat(),
                }
            )
            s.confirmed_at, s.confirmed_by = None, None
    GameSeat.objects.bulk_update(seats, ["score", "rank", "result", "confirmed_at", "confirmed_by"])
    if cleared:
        log_action(
            "game.confirmations_cleared",
            actor=actor,
            game=game,
            before=cleared,
            reason=f"The result changed after it was confirmed ({cause or 'a replay'}).",
        )


def replay_and_cache(game: Game, rows: Sequence[Hand]) -> None:
    """Replay the game from ``rows`` (its hands, in order) and cache the numbers (restores)."""
    _save(game, rows, _replay(game, [h.data for h in rows]))


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
) -> Game:
    """Start a game: the rules are resolved and copied into it, so later changes never reach it.
    ``created_by`` needs the scorer role in ``club`` (:func:`policy.start_refusal`), or is
    :data:`policy.SITE`.

    The rules come from ``rules`` (a preset id or ``{"preset", "options"}``), a club rule set's
    ``ruleset_version``, or the ``league`` (its rule set's current version, else its rules).
    """
    _enforce(policy.start_refusal(_club_role(club.pk, created_by)))
    if len(players) != 4:
        raise GameError(
            gettext("A game needs four players, one per seat."), code="players", field="players"
        )
    if len({p.pk for p in players}) != 4:
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
    full_rules, rules_name, ruleset_version = game_rules(
        club=club,
        rules=rules,
        league=league,
        ruleset_version=ruleset_version,
        rules_name=rules_name,
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
    )
    # The club's date, not the server's: the sheet, the season and the list all read it.
    game.played_on = played_on if played_on is not None else club_today(club.time_zone)
    if league is not None and season is None:
        game.season = season_on(league, game.played_on)
    result = _replay(game, [])  # bad rules or start fail here, before any row exists
    game.save()
    GameSeat.objects.bulk_create(
        [GameSeat(game=game, seat=i, player=p) for i, p in enumerate(players)]
    )
    _save(game, [], result)
    log_action("game.created", club=club, actor=created_by, game=game, after=game_record(game))
    return game


def _locked(game: Game) -> Game:
    """The game row locked for this transaction, so concurrent writes queue up."""
    return Game.objects.select_for_update().get(pk=game.pk)


def _hands(game: Game) -> list[Hand]:
    return list(game.hands.order_by("number"))


def _response(game: Game, hand: Hand) -> dict[str, Any]:
    return {
        "number": hand.number,
        "hand": hand.data,
        "result": hand.result,
        "final": game.final,
        "status": game.status,
        "hand_count": game.hand_count,
        "version": game.version,
    }


def hand_preview(
    *, game: Game, hand: dict[str, Any], user: Any, number: int | None = None
) -> dict[str, Any]:
    """The result of adding ``hand`` to the game (or of putting it in place of hand
    ``number``), without saving anything: for a scorer, as :func:`policy.enter_refusal` asks."""
    _enforce(policy.enter_refusal(_role(game, user)))
    hands = [h.data for h in _hands(game)]
    if number is None:
        hands.append(hand)
        index = len(hands) - 1
    else:
        if not 1 <= number <= len(hands):
            raise GameError(
                gettext("The game has no hand %(number)s.") % {"number": number},
                code="no_such_hand",
                field="number",
            )
        hands[number - 1] = hand
        index = number - 1
    result = _replay(game, hands)
    return {"hand": result.hands[index].as_dict(), "final": result.final.as_dict()}


@transaction.atomic
def hand_record(
    *,
    game: Game,
    hand: dict[str, Any],
    entered_by: Any,
    expected_number: int | None = None,
    key: str | None = None,
) -> HandWrite:
    """Add a hand at the end of the game.

    A repeated ``key`` answers with the first answer and adds nothing, also when it arrives
    while the first is still being written (it waits for the game's lock, then finds the
    answer); the same key with another hand raises :class:`KeyReused`. Only an answer that
    added a hand is kept: a refusal writes nothing, so its repeat is tried afresh. An
    ``expected_number`` that is no longer the next hand's raises :class:`StaleHandNumber`.
    ``entered_by`` needs the scorer role in the game's club (or is :data:`policy.SITE`).
    """
    locked = _locked_for_append(Game.objects.all(), game.pk)
    _enforce(policy.enter_refusal(_role(locked, entered_by)))
    return _append(locked, hand, entered_by, expected_number, key)


@transaction.atomic
def hand_submit(
    *,
    game_id: int,
    hand: dict[str, Any],
    user: Any,
    expected_number: int | None = None,
    key: str | None = None,
) -> HandWrite:
    """:func:`hand_record` for a scorer's request that has not loaded the game: the game's
    lock and the user's role in its club come in one query (404 when the user may not see the
    club, 403 without the scorer role, and nothing written)."""
    locked, _ = game_for_user(user, game_id, Role.SCORER, lock=True)
    return _append(locked, hand, user, expected_number, key)


def _locked_for_append(games: QuerySet[Game], pk: int) -> Game:
    """The game row locked for this transaction (404 when ``games`` does not hold it)."""
    return get_object_or_404(games.select_for_update(of=("self",)), pk=pk)


def _first_answer(game: Game, key: str) -> dict[str, Any] | None:
    """The first answer given to ``key`` in the locked ``game`` (None when the key is new).

    Read in its own query once the lock is held, never in the query that takes it: a repeat
    that waited there for the first request would not see the answer that request committed
    meanwhile (PostgreSQL reads a whole statement as of its start), and would go on to say
    "another device entered a hand" or fail on the key's unique constraint."""
    return Submission.objects.filter(game=game, key=key).values_list("response", flat=True).first()


def _append(
    game: Game,
    hand: dict[str, Any],
    entered_by: Any,
    expected_number: int | None,
    key: str | None,
) -> HandWrite:
    """Add ``hand`` to the locked ``game``: replay, save the hand with its cached result, the
    game's caches, the audit entry and the key's first answer, all in the caller's
    transaction, so that a repeat finds either all of them or nothing."""
    first = _first_answer(game, key) if key else None
    if first is not None:
        if first["hand"] != hand or expected_number not in (None, first["number"]):
            raise KeyReused(number=first["number"])
        return HandWrite(game=game, number=first["number"], repeated=True, response=first)
    if not game.is_running:
        raise GameError(
            gettext("The game is %(status)s; no hand can be added.")
            % {"status": str(game.get_status_display()).lower()},
            code="not_running",
        )
    rows = _hands(game)
    number = len(rows) + 1
    if expected_number is not None and expected_number != number:
        raise StaleHandNumber(expected=expected_number, current=number)
    result = _replay(game, [h.data for h in rows] + [hand])
    row = Hand.objects.create(
        game=game,
        number=number,
        data=hand,
        entered_by=entered_by if getattr(entered_by, "is_authenticated", False) else None,
        result=result.hands[-1].as_dict(),
        label=result.hands[-1].label,
    )
    _save(game, [*rows, row], result)
    log_action("hand.recorded", actor=entered_by, game=game, hand_number=number, after=hand)
    response = _response(game, row)
    if key:
        Submission.objects.create(game=game, key=key, response=response)
    return HandWrite(game=game, number=number, repeated=False, response=response)


def _role(game: Game, user: Any) -> Role | None:
    """The user's role in the game's club, read under the caller's lock: the service decides
    with the role the database holds, not with what a caller says (:data:`policy.SITE` holds
    :data:`policy.SITE_ROLE`)."""
    return _club_role(game.club_id, user)


def _club_role(club_id: Any, user: Any) -> Role | None:
    """The user's role in the club ``club_id`` as the database holds it (see :func:`_role`)."""
    if user is policy.SITE:
        return policy.SITE_ROLE
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    role = (
        Membership.objects.filter(club_id=club_id, user=user.pk)
        .values_list("role", flat=True)
        .first()
    )
    return Role(role) if role else None


def _enforce(refusal: policy.Refusal | None) -> None:
    """Raise the policy's refusal: forbidden for a role below the action's, else the game's
    error with the refusal's code."""
    if refusal is None:
        return
    if refusal.code == "permission_denied":
        raise PermissionDenied(refusal.message)
    raise GameError(refusal.message, code=refusal.code)


def _row(rows: Sequence[Hand], number: int) -> Hand:
    if not 1 <= number <= len(rows):
        raise GameError(
            gettext("The game has no hand %(number)s.") % {"number": number},
            code="no_such_hand",
            field="number",
        )
    return rows[number - 1]


@transaction.atomic
def hand_correct(
    *,
    game: Game,
    number: int,
    hand: dict[str, Any],
    reason: str,
    user: Any,
    if_match: str | None = None,
) -> Game:
    """Replace hand ``number``; every later hand is replayed from it. ``user`` needs the role
    :func:`scoring.policy.correct_refusal` asks for (an organiser once the game is finished).

    With ``if_match`` (an If-Match value, see :func:`hand_etag`) the hand is replaced only if
    it is still the hand the device read, checked under the game's lock; else
    :class:`HandChanged` is raised and nothing changes.
    """
    game = _locked(game)
    _enforce(policy.correct_refusal(_role(game, user), game.status))
    rows = _hands(game)
    _check_tag(rows, number, if_match)
    row = _row(rows, number)
    before = row.data
    data = [h.data for h in rows]
    data[number - 1] = hand
    result = _replay(game, data)
    row.data = hand
    row.save(update_fields=["data"])
    _save(game, rows, result, actor=user, cause=f"hand {number} corrected")
    log_action(
        "hand.corrected",
        actor=user,
        game=game,
        hand_number=number,
        before=before,
        after=hand,
        reason=reason,
    )
    return game


@transaction.atomic
def hand_delete(
    *,
    game: Game,
    number: int,
    reason: str,
    user: Any,
    if_match: str | None = None,
) -> Game:
    """Remove hand ``number``; the later hands move up one and are replayed. ``if_match`` and
    the role ``user`` needs as in :func:`hand_correct`."""
    game = _locked(game)
    _enforce(policy.correct_refusal(_role(game, user), game.status))
    rows = _hands(game)
    _check_tag(rows, number, if_match)
    row = _remove(game, rows, number, user, f"hand {number} deleted")
    log_action(
        "hand.deleted",
        actor=user,
        game=game,
        hand_number=number,
        before=row.data,
        reason=reason,
    )
    return game


def _remove(game: Game, rows: Sequence[Hand], number: int, user: Any, cause: str) -> Hand:
    """Delete hand ``number`` of the locked game, move the later ones up, replay and cache."""
    row = _row(rows, number)
    rest = [*rows[: number - 1], *rows[number:]]
    result = _replay(game, [h.data for h in rest])
    row.delete()
    for i, r in enumerate(rest[number - 1 :], start=number):
        r.number = i
    # Renumber in two steps so the unique (game, number) never sees two rows at one number.
    moved = rest[number - 1 :]
    for r in moved:
        r.number += 100_000
    Hand.objects.bulk_update(moved, ["number"])
    for r in moved:
        r.number -= 100_000
    Hand.objects.bulk_update(moved, ["number"])
    _save(game, rest, result, actor=user, cause=cause)
    row.number = number  # delete() cleared the key, not what the hand was
    return row


@transaction.atomic
def hand_undo(*, game: Game, user: Any, number: int | None = None) -> HandMove:
    """Remove the last hand of the game (the scorer's undo). With ``number``, the hand the
    device means to undo: when the last hand is another one (a second device added or removed
    a hand), :class:`StaleHandNumber` is raised and nothing changes.

    It is logged as the deletion it is ("hand.deleted", with :data:`UNDO_REASON`), keeping
    the hand in ``before``: :func:`hand_redo` puts it back from there while nothing else has
    changed the game's hands since.
    """
    game = _locked(game)  # the last hand is read under the lock, not before it
    if number is not None and number != game.hand_count:
        raise StaleHandNumber(expected=number, current=game.hand_count + 1, undo=True)
    if not game.hand_count:
        raise GameError(gettext("There is no hand to undo."), code="no_such_hand")
    _enforce(policy.correct_refusal(_role(game, user), game.status))
    rows = _hands(game)
    last = len(rows)
    row = _remove(game, rows, last, user, f"hand {last} undone")
    log_action(
        "hand.deleted",
        actor=user,
        game=game,
        hand_number=last,
        before=row.data,
        after={"label": row.label},
        reason=UNDO_REASON,
    )
    return HandMove(game=game, hand=row)


@transaction.atomic
def hand_redo(*, game: Game, user: Any, number: int | None = None) -> HandMove:
    """Put back the hand the last undo took, at the end of the game, and replay.

    Only while nothing else changed the game's hands since that undo (a redo after two undos
    puts back the later-undone hand first). With ``number``, the hand the device means to
    restore: another one raises :class:`StaleHandNumber` and nothing changes.
    """
    game = _locked(game)
    entry = undone_entry(game)
    if number is not None and (entry is None or entry.hand_number != number):
        raise StaleHandNumber(
            expected=number,
            current=game.hand_count + 1,
            redo=entry.hand_number if entry is not None else 0,
        )
    if entry is None:
        raise GameError(
            gettext(
                "There is no undone hand to restore: a hand was entered or changed since the undo."
            ),
            code="nothing_to_redo",
        )
    _enforce(policy.correct_refusal(_role(game, user), game.status))
    rows = _hands(game)
    hand = entry.before
    result = _replay(game, [h.data for h in rows] + [hand])
    row = Hand.objects.create(
        game=game,
        number=len(rows) + 1,
        data=hand,
        entered_by=user if getattr(user, "is_authenticated", False) else None,
        result=result.hands[-1].as_dict(),
        label=result.hands[-1].label,
    )
    _save(game, [*rows, row], result, actor=user, cause=f"hand {row.number} restored")
    log_action(
        "hand.recorded",
        actor=user,
        game=game,
        hand_number=row.number,
        after=hand,
        reason=REDO_REASON,
    )
    return HandMove(game=game, hand=row)


@transaction.atomic
def game_finish(*, game: Game, user: Any) -> Game:
    """End a running game now (at its end, or at a time limit) with the preset's settlement:
    a scorer (or :data:`policy.SITE`), as :func:`scoring.policy.finish_refusal` asks."""
    game = _locked(game)
    _enforce(policy.finish_refusal(_role(game, user), game.status))
    if game.status == Game.Status.FINISHED:
        return game  # finished already (by the rules or by a first tap): nothing to log
    before = game.final
    if not game.over:
        game.ended = True
        rows = _hands(game)
        _save(game, rows, _replay(game, [h.data for h in rows]))
    log_action("game.finished", actor=user, game=game, before=before, after=game.final)
    return game


@transaction.atomic
def game_abandon(*, game: Game, user: Any, reason: str) -> Game:
    """Abandon a game: it is kept but never counts for standings (again: nothing happens).
    A scorer abandons a running game; once it is finished, only an organiser."""
    game = _locked(game)
    if game.status == Game.Status.ABANDONED:
        return game  # a repeated request: the first one is logged
    _enforce(policy.abandon_refusal(_role(game, user), game.status))
    before = game.status
    game.status = Game.Status.ABANDONED
    game.version += 1
    game.save(update_fields=["status", "version"])
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
    **extra: Any,
) -> Game:
    """Create a game (finished or running) from a whole game record.

    The seats are ``players`` (players, or names), else the record's ``players`` names; a name
    finds the club's player or adds a guest. ``created_by`` is checked as for
    :func:`game_create`, before any guest is added."""
    _enforce(policy.start_refusal(_club_role(club.pk, created_by)))
    if not isinstance(record, dict):
        raise GameError(gettext("A game record must be an object."), code="invalid_record")
    if not players:
        players = record.get("players") or []
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise GameError(
                gettext("'players' must be four names, one per seat."),
                code="players",
                field="players",
            )
    if len(players) != 4:
        raise GameError(
            gettext("A game needs four players, one per seat."), code="players", field="players"
        )
    players = players_by_name(club=club, seats=players, created_by=created_by)
    game = game_create(
        club=club,
        players=players,
        rules=record.get("rules"),
        created_by=created_by,
        start=record.get("start"),
        **extra,
    )
    hands = record.get("hands") or []
    game.ended = record.get("ended") is True
    result = _replay(game, hands)
    rows = Hand.objects.bulk_create(
        [
            Hand(game=game, number=i, data=h, entered_by=game.created_by)
            for i, h in enumerate(hands, start=1)
        ]
    )
    _save(game, rows, result)
    log_action("game.imported", club=club, actor=created_by, game=game, after=game_record(game))
    return game


@transaction.atomic
def game_start(
    *,
    club: Club,
    seats: Sequence[Player | str],
    created_by: Any,
    draw_seats: bool = False,
    rng: random.Random | None = None,
    **create: Any,
) -> Game:
    """Start a game from the start form: a name that is not yet a player becomes a guest, and
    the seats are drawn at random when asked; then :func:`game_create` with ``create``.
    ``created_by`` is checked as for :func:`game_create`, before any guest is added."""
    _enforce(policy.start_refusal(_club_role(club.pk, created_by)))
    players = players_by_name(club=club, seats=seats, created_by=created_by)
    if draw_seats:
        (rng or random.SystemRandom()).shuffle(players)
    return game_create(club=club, players=players, created_by=created_by, **create)


def game_confirm(
    *, game: Game, seat: int, user: Any, pin: str | None = None, result: str | None = None
) -> GameSeat:
    """A player confirms the result of a finished game: logged in as that player, or with the
    player's PIN typed on the scorer's phone.

    A wrong PIN is written to the audit trail at once (it stays when the refusal is raised).
    After ``pins.PIN_TRIES`` wrong PINs for a player, or ``pins.PIN_DEVICE_TRIES`` typed on one
    device (the logged-in account whose session or token sends them: the phones of a club share
    one address), within ``pins.PIN_WINDOW``, no PIN is taken from them until the window has
    passed, so a four-digit PIN cannot be guessed by trying them all, one after another or at
    once (:mod:`scoring.pins`).

    ``result`` is the ``Game.result_tag`` of the result the device showed: when a correction
    has changed the result since, :class:`ResultChanged` is raised under the lock."""
    if pin is not None:
        if game.status != Game.Status.FINISHED:  # checked again under the lock
            raise GameError(
                gettext("Only a finished game's result can be confirmed."), code="not_finished"
            )
        _enforce(policy.pin_refusal(_role(game, user)))
        pins.check_pin(game, _seat_row(game, seat).player, seat, pin, user)
    by = "login" if pin is None else "pin"
    return _confirm(game=game, seat=seat, user=user, by=by, result=result)


def _seat_row(game: Game, seat: int) -> GameSeat:
    try:
        return game.seats.select_related("player").get(seat=seat)
    except GameSeat.DoesNotExist:
        raise GameError(
            gettext("The game has no seat %(seat)s.") % {"seat": seat},
            code="no_such_seat",
            field="seat",
        ) from None


@transaction.atomic
def _confirm(*, game: Game, seat: int, user: Any, by: str, result: str | None) -> GameSeat:
    game = _locked(game)
    if game.status != Game.Status.FINISHED:
        raise GameError(
            gettext("Only a finished game's result can be confirmed."), code="not_finished"
        )
    if result is not None and result != game.result_tag:
        raise ResultChanged()
    row = _seat_row(game, seat)
    player = row.player
    if by == "login":
        own = getattr(user, "is_authenticated", False) and player.user_id == user.pk
        refusal = policy.confirm_refusal(own_seat=own, player=player.display_name)
        if refusal is not None:
            raise GameError(refusal.message, code=refusal.code, field="seat")
    how = by
    if row.confirmed_at is not None:
        return row
    row.confirmed_at = timezone.now()
    row.confirmed_by = user if getattr(user, "is_authenticated", False) else None
    row.save(update_fields=["confirmed_at", "confirmed_by"])
    game.version += 1  # other devices show the confirmation at their next refresh
    game.save(update_fields=["version"])
    log_action(
        "game.confirmed",
        actor=user,
        game=game,
        after={"seat": seat, "player": player.display_name, "by": how},
    )
    return row
