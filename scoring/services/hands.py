"""The writes to a game's hands: add one (:func:`hand_submit`, the one entry for a new hand,
whichever door it comes by), preview one, correct, delete, undo and redo.

Each runs in one transaction under the game's lock, replays the game once with the engine and
saves the cached numbers beside the hands, or saves nothing at all. Each leaves an audit entry.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F
from django.shortcuts import get_object_or_404
from django.utils.http import parse_etags
from django.utils.translation import gettext

from core.models import log_action
from scoring import clocks, policy
from scoring.errors import (
    GameError,
    HandChanged,
    KeyReused,
    StaleHandNumber,
)
from scoring.models import Game, Hand, Submission
from scoring.selectors import (
    REDO,
    REDO_REASON,
    UNDO,
    UNDO_REASON,
    game_for_user,
    undone_entry,
)
from scoring.services.replay import (
    actor_role,
    cache_replay,
    check_notes,
    continued,
    enforce,
    hand_rows,
    lock_game,
    replay,
    resumable,
)


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
    enforce(policy.enter_refusal(actor_role(game, user)))
    hands = [h.data for h in hand_rows(game)]
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
    # A new hand on a clock that has run out is the game's last: the preview shows it so.
    timed_out = number is None and not game.ended and clocks.time_is_up(game)
    result = replay(game, hands, ended=True if timed_out else None)
    return {"hand": result.hands[index].as_dict(), "final": result.final.as_dict()}


@transaction.atomic
def hand_submit(
    *,
    game: Game | int,
    hand: dict[str, Any],
    user: Any,
    expected_number: int | None = None,
    key: str | None = None,
) -> HandWrite:
    """Add a hand at the end of the game: the one entry for a new hand, from the entry form,
    the API and the phone's outbox alike.

    ``game`` is a request's game id (the game's lock and the user's role in its club then come
    in one query, 404 when the user may not see the club), or a game a caller holds (the site's
    own loads, the tests). ``user`` needs the scorer role (:func:`policy.enter_refusal`; 403
    without it) or is :data:`policy.SITE`. A repeated ``key`` answers with the first answer and
    adds nothing, also when it arrives while the first is still being written (it waits for the
    game's lock, then finds the answer); the same key with another hand raises
    :class:`KeyReused`. Only an answer that added a hand is kept: a refusal writes nothing, so
    its repeat is tried afresh. An ``expected_number`` that is no longer the next hand's
    raises :class:`StaleHandNumber`. The answer carries the hand's result and the game's
    (what a preview shows), so a client that saves needs no preview first.
    """
    if isinstance(game, Game):
        locked = get_object_or_404(Game.objects.select_for_update(of=("self",)), pk=game.pk)
        role = actor_role(locked, user)
    else:
        locked, role = game_for_user(user, game, lock=True)
    enforce(policy.enter_refusal(role))
    return _append(locked, hand, user, expected_number, key)


def _first_answer(game: Game, key: str) -> dict[str, Any] | None:
    """The first answer given to ``key`` in the locked ``game`` (None when the key is new).

    Read in its own query once the lock is held, never in the query that takes it: a repeat
    that waited there for the first request would not see the answer that request committed
    meanwhile (PostgreSQL reads a whole statement as of its start), and would go on to say
    "another device entered a hand" or fail on the key's unique constraint."""
    text = Submission.objects.filter(game=game, key=key).values_list("response", flat=True).first()
    return None if text is None else json.loads(text)


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
    rows = None if resumable(game) else hand_rows(game)
    number = game.hand_count + 1 if rows is None else len(rows) + 1
    if expected_number is not None and expected_number != number:
        raise StaleHandNumber(expected=expected_number, current=number)
    check_notes([hand], number)
    # A game on a clock that has run out (a tournament's round): this hand is its last, as
    # the time-limit ending says; the replay then ends it with the rules' settlement.
    timed_out = not game.ended and clocks.time_is_up(game)
    if timed_out:
        game.ended = True
    row = _add_hand(game, rows, hand, entered_by)
    log_action("hand.recorded", actor=entered_by, game=game, hand_number=number, after=hand)
    if timed_out:
        log_action(
            "game.finished",
            actor=entered_by,
            game=game,
            hand_number=number,
            after=game.final,
            reason="time",
        )
    response = _response(game, row)
    if key:
        Submission.objects.create(game=game, key=key, response=json.dumps(response))
    return HandWrite(game=game, number=number, repeated=False, response=response)


def _add_hand(
    game: Game,
    rows: list[Hand] | None,
    hand: dict[str, Any],
    user: Any,
    cause: str = "",
) -> Hand:
    """Add ``hand`` after the last hand of the locked game and cache the numbers. With
    ``rows`` None the game is :func:`resumable` and the hand is scored from the cached progress
    (no earlier hand is read); else ``rows`` are all its hands and the game is replayed."""
    if rows is None:
        result = continued(game, hand)
        number = game.hand_count + 1
    else:
        result = replay(game, [h.data for h in rows] + [hand])
        number = len(rows) + 1
    added = result.hands[-1]
    row = Hand.objects.create(
        game=game,
        number=number,
        data=hand,
        entered_by=user if getattr(user, "is_authenticated", False) else None,
        result=added.as_dict(),
        label=added.label,
        version=game.version + 1,  # the version cache_replay gives the game
    )
    cache_replay(
        game,
        [row] if rows is None else [*rows, row],
        result,
        hand_count=number,
        actor=user,
        cause=cause,
    )
    return row


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

    The game returned carries ``changed_hands``: the hand rows this correction changed, in
    order (the corrected hand first), so an answer need not read the game's hands again.
    """
    game = lock_game(game)
    enforce(policy.correct_refusal(actor_role(game, user), game.status))
    rows = hand_rows(game)
    _check_tag(rows, number, if_match)
    row = _row(rows, number)
    before = row.data
    data = [h.data for h in rows]
    data[number - 1] = hand
    check_notes([hand], number)
    result = replay(game, data)
    row.data = hand
    game.changed_hands = cache_replay(
        game, rows, result, actor=user, cause=f"hand {number} corrected", entered=row
    )
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
    the role ``user`` needs as in :func:`hand_correct`; the game returned carries
    ``changed_hands``, the later hands (moved up one), in order."""
    game = lock_game(game)
    enforce(policy.correct_refusal(actor_role(game, user), game.status))
    rows = hand_rows(game)
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
    result = replay(game, [h.data for h in rest])
    row.delete()
    moved = rest[number - 1 :]
    for i, r in enumerate(moved, start=number):
        r.number = i
    # Out of the way first, so the unique (game, number) never sees two rows at one number
    # while the rows take their new numbers (with their new results, in one statement).
    game.hands.filter(number__gt=number).update(number=F("number") + 100_000)
    game.changed_hands = cache_replay(game, rest, result, actor=user, cause=cause, renumbered=moved)
    row.number = number  # delete() cleared the key, not what the hand was
    return row


@transaction.atomic
def hand_undo(*, game: Game, user: Any, number: int | None = None) -> HandMove:
    """Remove the last hand of the game (the scorer's undo). With ``number``, the hand the
    device means to undo: when the last hand is another one (a second device added or removed
    a hand), :class:`StaleHandNumber` is raised and nothing changes.

    It is logged as an action of its own ("hand.undone", with :data:`UNDO_REASON` for the
    reader), keeping the hand in ``before`` and its label in ``after``: :func:`hand_redo` puts
    it back from there while nothing else has changed the game's hands since.
    """
    game = lock_game(game)  # the last hand is read under the lock, not before it
    enforce(policy.correct_refusal(actor_role(game, user), game.status))
    if number is not None and number != game.hand_count:
        raise StaleHandNumber(expected=number, current=game.hand_count + 1, undo=True)
    if not game.hand_count:
        raise GameError(gettext("There is no hand to undo."), code="no_such_hand")
    rows = hand_rows(game)
    last = len(rows)
    row = _remove(game, rows, last, user, f"hand {last} undone")
    log_action(
        UNDO,
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
    game = lock_game(game)
    enforce(policy.correct_refusal(actor_role(game, user), game.status))
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
    rows = None if resumable(game) else hand_rows(game)
    number = game.hand_count + 1 if rows is None else len(rows) + 1
    row = _add_hand(game, rows, entry.before, user, cause=f"hand {number} restored")
    hand = row.data
    log_action(
        REDO,
        actor=user,
        game=game,
        hand_number=row.number,
        after=hand,
        reason=REDO_REASON,
    )
    return HandMove(game=game, hand=row)
