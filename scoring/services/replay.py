"""What every write to a game shares: the game record it replays, the replay with the engine
and the cache of its numbers beside the hands (clearing confirmations of a result that
changed), the game's lock, and the actor's role as the database holds it, with the policy's
refusal raised. This module is the one boundary between the database and the engine's types.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import connection
from django.utils import timezone

import engine
from clubs.access import Role
from clubs.models import Membership, Player
from core.bounds import NOTE
from core.models import log_action
from engine.yaku import HanBreakdown
from scoring import policy, totals
from scoring.errors import (
    GameError,
    NoteTooLong,
    RoleRefused,
)
from scoring.models import Game, GameSeat, Hand


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
    if game.final_scores is not None:
        record["final_scores"] = game.final_scores
    return record


def normalised_final_scores(game: Game) -> dict[str, Any]:
    """The game's ``final_scores`` as the engine read them, defaults filled in (no sticks, no
    chombo), so that every reader finds every field; call it after the replay accepted them."""
    parsed = engine.parse_game(game_record(game, [], players=())).final_scores
    assert parsed is not None  # only asked of a game entered by its final scores
    return parsed.as_dict()


def check_notes(hands: Sequence[Any], first: int = 1) -> None:
    """Each new hand's note within :data:`core.bounds.NOTE` (the hands a game holds already
    keep replaying as they were entered)."""
    for number, hand in enumerate(hands, start=first):
        note = hand.get("note") if isinstance(hand, dict) else None
        if isinstance(note, str) and len(note) > NOTE:
            raise NoteTooLong(hand=number, length=len(note))


def replay(
    game: Game, hands: Sequence[dict[str, Any]], *, ended: bool | None = None
) -> engine.GameResult:
    """The game replayed with ``hands``; ``ended`` in place of the game's own flag (a preview
    of the hand that ends a game on a clock)."""
    # Names do not change a number, so the replay does without them (and their queries).
    record = game_record(game, hands, players=())
    if ended is not None:
        record.pop("ended", None)
        if ended:
            record["ended"] = True
    return engine.score_game(record)


def resumable(game: Game) -> bool:
    """Whether a new hand of the locked ``game`` can be scored from its cached progress alone:
    not for a game cached before the progress was kept, by another engine version, or whose
    progress follows another number of hands (those replay the whole game once, which caches
    the progress for the next hand)."""
    progress = game.progress
    return (
        bool(progress)
        and game.engine_version == engine.ENGINE_VERSION
        and progress.get("hands") == game.hand_count
    )


def continued(game: Game, hand: dict[str, Any]) -> engine.GameResult:
    """``hand`` scored after the last hand of the locked, :func:`resumable` ``game``, from its
    cached progress: that hand's result, the game's new final result and progress."""
    return engine.continue_record(game.rules, game.progress, [hand], ended=game.ended)


def cache_replay(
    game: Game,
    hand_rows: Sequence[Hand],
    result: engine.GameResult,
    *,
    actor: Any = None,
    cause: str = "",
    hand_count: int | None = None,
    renumbered: Sequence[Hand] = (),
    entered: Hand | None = None,
) -> list[Hand]:
    """Cache the replay's numbers on the game, its seats and every hand that changed; the
    hands that changed are returned, in order.

    ``hand_rows`` are the rows of ``result``'s hands (the game's last ones when
    ``hand_count``, the game's number of hands, says there are more). The changed rows, with
    the ``renumbered`` ones and the ``entered`` one (its hand's entry changed), are written in
    one statement (:func:`write_hands`).

    When the result changes after players confirmed it, their confirmations are cleared (they
    confirmed other numbers) with an audit entry naming ``cause``, done by ``actor``.

    The seats' yaku (``GameSeat.yaku``, what the season totals and the league's yaku leaders
    add up) are written with their numbers: from every hand once the game is over
    (:func:`_game_yaku`), emptied when it runs again.
    """
    old_final = game.final
    changed = []
    moved = {r.pk for r in renumbered}
    version = game.version + 1
    for row, hand_result in zip(hand_rows, result.hands, strict=True):
        cached = hand_result.as_dict()
        if row.result != cached or row.label != hand_result.label:
            row.result = cached
            row.label = hand_result.label
            changed.append(row)
        elif row.pk in moved or row is entered:
            changed.append(row)
    for row in changed:
        row.version = version
    write_hands(changed, entered=entered)
    game.progress = result.progress.as_dict() if result.progress is not None else {}
    hand_count = len(hand_rows) if hand_count is None else hand_count
    final = result.final
    was_over = game.over
    game.final = final.as_dict()
    game.over = final.over
    game.hand_count = hand_count
    game.engine_version = engine.ENGINE_VERSION
    game.version = version
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
            "progress",
        ]
    )
    if not was_over and not final.over:
        return changed  # the seats' numbers are empty while a game runs, before and after
    seats = list(game.seats.select_related("player"))
    yaku = _game_yaku(game, result.hands, hand_count - len(hand_rows)) if final.over else {}
    changed_result = game.final != old_final
    cleared = []
    for s in seats:
        s.score = final.scores[s.seat] if final.over else None
        s.rank = final.ranks[s.seat] if final.ranks else None
        s.result = final.results[s.seat] if final.results else None
        s.yaku = yaku.get(s.seat, {})
        if s.confirmed_at is not None and (changed_result or not final.over):
            cleared.append(
                {
                    "seat": s.seat,
                    "player": s.player.display_name,
                    "confirmed_at": s.confirmed_at.isoformat(),
                }
            )
            s.confirmed_at, s.confirmed_by = None, None
    GameSeat.objects.bulk_update(
        seats, ["score", "rank", "result", "yaku", "confirmed_at", "confirmed_by"]
    )
    totals.game_changed(game)  # the standings' running totals, in this transaction
    if cleared:
        log_action(
            "game.confirmations_cleared",
            actor=actor,
            game=game,
            before=cleared,
            reason=f"The result changed after it was confirmed ({cause or 'a replay'}).",
        )
    return changed


def seat_yaku(hands: Iterable[engine.HandResult]) -> dict[int, dict[str, list[Any]]]:
    """The yaku of each seat's wins over ``hands``, as :attr:`GameSeat.yaku` keeps them: seat
    to ``{yaku id: [name, wins counting it]}``, from the wins whose breakdown names yaku
    (entered by yaku or by tiles; a win by han and fu has none). Dora are not yaku; a yaku
    included in another still counts, as the player page counts them. A breakdown names the
    record's seat (at five at a table the engine maps the hand's four seats back to the five),
    so it is the seat row's ``seat`` as it stands.

    >>> from engine.types import Wind
    >>> from engine.yaku import YakuItem
    >>> win = HanBreakdown(items=(YakuItem("riichi", "Riichi", 1),), han=1, fu=40)
    >>> hand = engine.HandResult(Wind.EAST, 1, 0, 0, 0, (0,) * 4, 0, 0, (0,) * 4, ((2, win),))
    >>> seat_yaku([hand, hand])
    {2: {'riichi': ['Riichi', 2]}}
    """
    out: dict[int, dict[str, list[Any]]] = {}
    for hand in hands:
        for seat, breakdown in hand.breakdowns:
            if not isinstance(breakdown, HanBreakdown):
                continue
            made = out.setdefault(seat, {})
            for item in breakdown.items:
                entry = made.setdefault(item.id, [item.name, 0])
                entry[0] = item.name
                entry[1] += 1
    return out


def _game_yaku(
    game: Game, results: Sequence[engine.HandResult], earlier: int
) -> dict[int, dict[str, list[Any]]]:
    """:func:`seat_yaku` over every hand of the game that is over: ``results`` are its last
    hands' results, after ``earlier`` hands the replay did not score (a hand appended from the
    cached progress scores only itself, :func:`continued`).

    Those earlier hands did not change, so their cached results are read, one query, once: a
    game is over only on its last hand (or the end the club declares, which replays it all,
    ``earlier`` 0), so a running game's appends never read or decode its earlier hands, and
    the seats are written then anyway. A correction, a deleted hand or a restore replays the
    whole game and reads nothing."""
    hands: list[engine.HandResult] = []
    if earlier:
        cached = game.hands.filter(number__lte=earlier).order_by("number")
        hands += [engine.HandResult.from_dict(r) for r in cached.values_list("result", flat=True)]
    return seat_yaku([*hands, *results])


def write_hands(rows: Sequence[Hand], *, entered: Hand | None = None) -> None:
    """Write the rows' number, cached result, label and version (and the ``entered`` row's
    hand) in one
    ``UPDATE ... FROM (VALUES ...)``: Django's ``bulk_update`` builds a CASE WHEN per row and
    column, which cost a correction of hand 1 of 300 nine tenths of its time. PostgreSQL and
    SQLite (3.33 and later) both take it."""
    if not rows:
        return
    quote = connection.ops.quote_name
    table = quote(Hand._meta.db_table)
    pk, number, data, result, label, version = (
        quote(Hand._meta.get_field(name).column)
        for name in ("id", "number", "data", "result", "label", "version")
    )
    if connection.vendor == "postgresql":  # each value typed, as the columns are
        row_sql = "(%s::bigint, %s::integer, %s::jsonb, %s::jsonb, %s::text)"
    else:
        row_sql = "(%s, %s, %s, %s, %s)"
    params: list[Any] = [rows[0].version]  # one write: one version for all its rows
    for row in rows:
        hand = json.dumps(row.data) if row is entered else None
        params += [row.pk, row.number, hand, json.dumps(row.result), row.label]
    sql = (
        f"UPDATE {table} SET {number} = v.number, {data} = COALESCE(v.data, {table}.{data}), "
        f"{result} = v.result, {label} = v.label, {version} = %s "
        # VALUES names its columns column1, column2, ... in both databases
        "FROM (SELECT column1 AS id, column2 AS number, column3 AS data, column4 AS result, "
        f"column5 AS label FROM (VALUES {', '.join([row_sql] * len(rows))}) AS given) AS v "
        f"WHERE {table}.{pk} = v.id"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def replay_and_cache(game: Game, rows: Sequence[Hand]) -> None:
    """Replay the game from ``rows`` (its hands, in order) and cache the numbers (restores)."""
    cache_replay(game, rows, replay(game, [h.data for h in rows]))


def lock_game(game: Game) -> Game:
    """The game row locked for this transaction, so concurrent writes queue up."""
    return Game.objects.select_for_update().get(pk=game.pk)


def hand_rows(game: Game) -> list[Hand]:
    """The game's hands in order, with what a replay and its cache read (an entry's user and
    time are not converted for nothing)."""
    rows = game.hands.order_by("number")
    return list(rows.only("id", "game", "number", "data", "result", "label"))


def actor_role(game: Game, user: Any) -> Role | None:
    """The user's role in the game's club, read under the caller's lock: the service decides
    with the role the database holds, not with what a caller says (:data:`policy.SITE` holds
    :data:`policy.SITE_ROLE`)."""
    return club_role(game.club_id, user)


def club_role(club_id: Any, user: Any) -> Role | None:
    """The user's role in the club ``club_id`` as the database holds it (see :func:`actor_role`)."""
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


def enforce(refusal: policy.Refusal | None) -> None:
    """Raise the policy's refusal: forbidden for a role below the action's, a
    :class:`RoleRefused` (forbidden too, with its own code) for a role too low for the game's
    state, else the game's error with the refusal's code."""
    if refusal is None:
        return
    if refusal.role and refusal.code != "permission_denied":
        raise RoleRefused(refusal.message, code=refusal.code)
    if refusal.code == "permission_denied":
        raise PermissionDenied(refusal.message)
    raise GameError(refusal.message, code=refusal.code)
