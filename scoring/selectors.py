"""Read-only views of games for pages and the API: every number comes from the cached results.

Nothing here computes points; it arranges the engine's cached numbers, read as the engine's
typed values (``Hand.hand_result``, ``Game.final_result``), and says in words what each hand
was.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import (
    Case,
    IntegerField,
    Prefetch,
    QuerySet,
    Value,
    When,
    prefetch_related_objects,
)
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext, ngettext, pgettext_lazy

import engine
from clubs.access import Role, require_role, with_member_role
from clubs.models import Club
from core.formats import points, result_text
from core.i18n import rule_word
from core.models import AuditEntry
from engine.types import Breakdown
from scoring.models import Game, GameSeat, Hand
from scoring.presenter import (
    ACTION_WORDS,
    SITS_OUT,
    WIND_NAMES,
    entry_reason,
    hand_line,
    hand_name,
    part_words,
    reason_text,
    seat_winds,
    signed,
)


def game_for_user(
    user: Any, pk: int, role: Role | None = None, *, lock: bool = False
) -> tuple[Game, Role | None]:
    """The game and the user's role in its club, in one query: the one loader of a game for
    a user (pages, API, sheets and the write that has not loaded its game). 404 when there is
    no such game or the user may not see its club, 403 when ``role`` is given and not held.
    With ``lock``, the game's row is locked for the caller's transaction."""
    games = with_member_role(Game.objects.select_related("club", "league", "season"), user)
    if lock:
        # Only the game's row: the club, league and season stay free to other writers.
        games = games.select_for_update(of=("self",))
    game = get_object_or_404(games, pk=pk)
    return game, require_role(game.club, game.member_role, role)


def with_seats(game: Game) -> Game:
    """``game`` with its seats and their players read once, for the page's many readers of
    them (the names, the state, the frame, the confirmations)."""
    prefetch_related_objects(
        [game], Prefetch("seats", queryset=GameSeat.objects.select_related("player"))
    )
    return game


def visible_games(user: Any) -> QuerySet[Game]:
    """Games of the clubs ``user`` may see (public clubs, and the user's own)."""
    return Game.objects.filter(club__in=Club.objects.visible_to(user)).select_related("club")


GAMES_PER_PAGE = 50


def _club_games(club: Club) -> QuerySet[Game]:
    """The club's games, running ones first, then the others newest first."""
    return (
        club.games.select_related("league", "rotation_game")
        .prefetch_related("seats__player")
        .annotate(
            running_first=Case(
                When(status=Game.Status.RUNNING, then=Value(0)),
                default=Value(1),
                output_field=IntegerField(),
            )
        )
        .order_by("running_first", "-played_on", "-id")
    )


def club_games(club: Club, *, recent: int = 10) -> list[dict[str, Any]]:
    """The club's running games, then its ``recent`` most recent others."""
    games = _club_games(club)
    running = list(games.filter(status=Game.Status.RUNNING))
    others = list(games.exclude(status=Game.Status.RUNNING)[:recent])
    return [summary(g) for g in running + others]


def club_games_page(club: Club, number: Any) -> tuple[list[dict[str, Any]], Page[Game]]:
    """One page of all the club's games (running first; ``GAMES_PER_PAGE`` a page) and the
    page; a page number that is not one gives the first page, one past the end the last."""
    page = Paginator(_club_games(club), GAMES_PER_PAGE).get_page(number)
    return [summary(g) for g in page.object_list], page


def seat_result(final: engine.FinalResult | None, seat: int) -> str:
    """A seat's result in the game's unit once the game is over, else empty."""
    if final is None or final.results is None:
        return ""
    return result_text(final.results[seat], final.unit)


def summary(game: Game) -> dict[str, Any]:
    """One line of a games list: who plays, their points (and results once over), where."""
    final = game.final_result
    seats = sorted(game.seats.all(), key=lambda s: s.seat)
    return {
        "game": game,
        "players": [
            {
                "name": row.player.display_name,
                "score": points(final.scores[row.seat]) if final else "",
                "result": seat_result(final, row.seat),
                "rank": row.rank,
            }
            for row in seats
        ],
        "next": final.next.label if final and final.next else None,
    }


def game_entry(game: Game) -> engine.Entry:
    """What the entry of a hand offers under the game's rules (the engine's description of
    the rules the game copied when it started), kept on the game for the request."""
    entry: engine.Entry | None = getattr(game, "_entry", None)
    if entry is None:
        entry = engine.describe_entry(engine.resolve_rules(game.rules))
        game._entry = entry  # type: ignore[attr-defined]
    return entry


def riichi_doubles(game: Game) -> int:
    """The doubles a winning declarer's hand gains under the game's rules, so that a hand is
    described with the doubles it was paid with."""
    return game_entry(game).riichi_doubles


def player_names(game: Game) -> list[str]:
    return [p.display_name for p in game.seat_players()]


def game_hand_words(
    game: Game,
    data: dict[str, Any],
    result: engine.HandResult | None = None,
) -> str:
    """A hand of ``game`` in words, with its players' names and the doubles its rules add;
    with the hand's typed ``result`` (``Hand.hand_result``) where it has one (what the engine
    counted of its parts)."""
    return hand_line(
        data,
        player_names(game),
        riichi_doubles=riichi_doubles(game),
        breakdowns=result.breakdowns if result is not None else (),
    )


def game_state(game: Game) -> dict[str, Any]:
    """Where the game stands: the next hand (label, dealer, honba, pool) and each seat."""
    final = game.final_result
    nxt = final.next if final else None
    names = player_names(game)
    dealer = nxt.dealer if nxt else None
    seats_at = game.seat_count
    winds = seat_winds(dealer, seats_at) if dealer is not None else [""] * seats_at
    out = game.sits_out(dealer) if final is not None and not final.over else None
    seats = []
    for row in sorted(game.seats.all(), key=lambda s: s.seat):
        seats.append(
            {
                "seat": row.seat,
                "name": names[row.seat],
                "player": row.player,
                "wind": winds[row.seat],
                # five at a table: the seat sitting the next hand out has no wind in it
                "wind_name": SITS_OUT if row.seat == out else WIND_NAMES.get(winds[row.seat], ""),
                "sits_out": row.seat == out,
                "is_dealer": row.seat == dealer,
                "score": points(final.scores[row.seat]) if final else "",
                "rank": row.rank,
                "result": seat_result(final, row.seat),
                "confirmed_at": row.confirmed_at,
                "row": row,
            }
        )
    entry = game_entry(game)
    return {
        "next": {**nxt.as_dict(), "label": hand_name(nxt.label)} if nxt else None,
        # Counters and a pool mean nothing under rules that pay neither.
        "shows_honba": entry.shows_honba,
        "shows_pool": entry.shows_pool,
        "round_name": WIND_NAMES.get(nxt.round, "") if nxt else "",
        "dealer_name": names[dealer] if dealer is not None else "",
        "pool": points(final.pool) if final else "",
        "over": final.over if final else False,
        "seats": seats,
        # The ledger's columns: a seat each (three, four or five), and the pool's.
        "columns": len(seats) + (1 if entry.shows_pool else 0),
        "unit": final.unit if final else None,
    }


def final_scores_entered(game: Game) -> dict[str, Any] | None:
    """What a game entered by its final scores was entered with, for its page and its sheet:
    each seat's final points and chombo count, the sticks left on the table and who took them
    (the engine's ``pool_to``); None for a game entered hand by hand."""
    entered = game.final_scores
    if entered is None:
        return None
    final = game.final_result
    names = player_names(game)
    pool_to = final.pool_to if final else ()
    return {
        "seats": [
            {
                "seat": i,
                "name": names[i],
                "score": points(score),
                "raw": score,
                "chombo": entered["chombo"][i],
            }
            for i, score in enumerate(entered["scores"])
        ],
        "sticks_left": entered["sticks_left"],
        "pool": points(final.pool) if final else "",
        "sticks_to": [names[i] for i, part in enumerate(pool_to) if part],
        "chombo": any(entered["chombo"]),
    }


CORRECTIONS_ON_PAGE = 3
"""A hand's corrections the game page's ledger shows (the latest); the trail has them all."""


def poll_frame(game: Game) -> str:
    """What frames the game page's ledger, as a token the page's poll sends back: its status
    (the links, the actions) and who sits where (a merged duplicate renames the seats). While
    it holds, the poll sends only the hands that changed; when it changes, the whole body."""
    seats = ",".join(str(s.player_id) for s in sorted(game.seats.all(), key=lambda s: s.seat))
    return f"{game.status}.{seats}"


def hands_since(game: Game, version: int) -> list[Hand]:
    """The game's hands written after ``version`` (:attr:`Hand.version`), in order: what the
    poll of a page showing that version sends. Bounded by what the game holds now: a write
    that commits while this reads is sent at the next poll, not twice."""
    return list(
        game.hands.filter(
            version__gt=version, version__lte=game.version, number__lte=game.hand_count
        ).order_by("number")
    )


def ledger(
    game: Game, hands: Sequence[Hand] | None = None, *, corrections: Sequence[Sequence[Any]] = ()
) -> list[dict[str, Any]]:
    """The hand-by-hand ledger: label, words, each seat's change and running total, pool, and
    the hand as it stood before each correction (``corrections``, one sequence a hand in
    number order: :func:`scoring.sheet_data.hand_corrections`)."""
    names = player_names(game)
    doubles = riichi_doubles(game)
    rows = []
    for hand in hands if hands is not None else game.hands.order_by("number"):
        result = hand.hand_result
        out = game.sits_out(result.dealer) if result else None
        made = corrections[hand.number - 1] if hand.number <= len(corrections) else ()
        rows.append(
            {
                "number": hand.number,
                "label": hand_name(hand.label),
                "words": hand_line(
                    hand.data,
                    names,
                    riichi_doubles=doubles,
                    breakdowns=result.breakdowns if result else (),
                ),
                "dealer": result.dealer if result else None,
                "cells": [
                    {
                        "delta": signed(result.deltas[s]) if result else "",
                        "score": points(result.scores[s]) if result else "",
                        "up": bool(result and result.deltas[s] > 0),
                        "down": bool(result and result.deltas[s] < 0),
                        "out": s == out,  # five at a table: this seat sat the hand out
                    }
                    for s in range(len(names))
                ],
                "pool": points(result.pool) if result else "",
                "honba": result.honba if result else None,
                # The latest few: a hand corrected a thousand times does not grow the page;
                # the audit trail keeps the others.
                "corrections": tuple(made[-CORRECTIONS_ON_PAGE:]),
                "earlier_corrections": max(len(made) - CORRECTIONS_ON_PAGE, 0),
            }
        )
    return rows


def breakdown_lines(hand: engine.HandResult, names: list[str]) -> list[dict[str, Any]]:
    """The preview's lines for wins counted by yaku or tiles: each yaku with its han, then the
    totals, as the engine counted them, in the reader's language."""
    lines = []
    for seat, b in hand.breakdowns:
        if isinstance(b, Breakdown):  # a Standard hand counted from its parts
            parts = [
                part_words(part)
                + "".join(
                    " " + (gettext("%(n)s pt") if unit == "pt" else gettext("%(n)s dbl")) % {"n": n}
                    for n, unit in ((pts, "pt"), (dbl, "dbl"))
                    if n
                )
                for part, pts, dbl in b.items
            ]
            total = (
                points(b.score)
                if b.score is not None
                else gettext("%(points)s points, %(doubles)s doubles")
                % {"points": b.points, "doubles": b.doubles}
            )
            lines.append({"name": names[seat], "items": parts, "total": total})
            continue
        items = [
            f"{rule_word(i.name)} {gettext('yakuman') if i.yakuman else i.han}"
            + (" " + gettext("(included)") if i.included_in else "")
            for i in b.items
        ]
        if b.dora:
            items.append(gettext("dora %(n)s") % {"n": b.dora})
        if b.yakuman:
            total = (
                gettext("%(n)s yakuman") % {"n": b.yakuman} if b.yakuman > 1 else gettext("yakuman")
            )
        else:
            total = gettext("%(han)s han") % {"han": b.han} + (
                " " + gettext("%(fu)s fu") % {"fu": b.fu} if b.fu else ""
            )
        lines.append({"name": names[seat], "items": items, "total": total})
    return lines


def preview(game: Game, previewed: dict[str, Any]) -> dict[str, Any]:
    """The entry screen's preview of :func:`scoring.services.hand_preview`'s answer (the
    engine's JSON of the hand and of the game after it, read back as its typed values)."""
    names = player_names(game)
    hand = engine.HandResult.from_dict(previewed["hand"])
    final = engine.FinalResult.from_dict(previewed["final"])
    nxt = final.next
    entry = game_entry(game)
    return {
        "breakdowns": breakdown_lines(hand, names),
        "shows_honba": entry.shows_honba,
        "shows_pool": entry.shows_pool,
        "label": hand_name(hand.label),
        "seats": [
            {
                "name": names[s],
                "delta": signed(hand.deltas[s]),
                "score": points(hand.scores[s]),
                "up": hand.deltas[s] > 0,
                "down": hand.deltas[s] < 0,
                "result": seat_result(final, s),
                "rank": final.ranks[s] if final.ranks else None,
            }
            for s in range(len(hand.deltas))
        ],
        "pool": points(hand.pool),
        "over": final.over,
        "next": {
            "label": hand_name(nxt.label),
            "round_name": WIND_NAMES.get(nxt.round, ""),
            "dealer_name": names[nxt.dealer],
            "honba": nxt.honba,
            "pool": points(nxt.pool),
        }
        if nxt
        else None,
    }


def snapshot(game: Game) -> dict[str, Any]:
    """The numbers of a game, to compare before and after a correction (JSON-ready)."""
    final = game.final_result
    return {
        "hands": [
            {
                "id": h.pk,  # a hand is itself after a deletion moved it up
                "number": h.number,
                "label": h.label,
                "deltas": list(r.deltas) if r else None,
                "scores": list(r.scores) if r else None,
                "pool": r.pool if r else None,
                "dealer": r.dealer if r else None,
            }
            for h in game.hands.order_by("number")
            for r in (h.hand_result,)
        ],
        "scores": list(final.scores) if final else None,
        "next": final.next.label if final and final.next else None,
    }


def changes(before: dict[str, Any], after: dict[str, Any], names: Sequence[str]) -> dict[str, Any]:
    """What a correction changed: each hand whose label, changes or totals moved, in words.

    >>> hand = {"number": 1, "label": "E1", "deltas": [0, 0, 0, 0], "pool": 0, "dealer": 0}
    >>> was = {"hands": [hand], "scores": [25000] * 4, "next": "E2"}
    >>> now = {**was, "hands": [{**hand, "deltas": [8000, -8000, 0, 0]}]}
    >>> changes(was, now, "ABCD")["hands"]
    [{'number': 1, 'label': 'E1', 'detail': 'A 0 → +8,000; B 0 → -8,000'}]
    """
    lines = []
    # Each hand is compared with itself: after a deletion the later hands move up, and the
    # hand now at a number is another than the one that was there. A snapshot without ids
    # (kept in a session before they were recorded) is compared by number.
    by_id = all("id" in h for h in [*before["hands"], *after["hands"]])

    def identity(h: dict[str, Any]) -> Any:
        return h["id"] if by_id else h["number"]

    def numbers(h: dict[str, Any], *skip: str) -> dict[str, Any]:
        return {k: v for k, v in h.items() if k not in ("id", "number", *skip)}

    old = {identity(h): h for h in before["hands"]}
    totals_only = []
    for h in after["hands"]:
        was = old.get(identity(h))
        if was is None or numbers(was) == numbers(h):
            continue
        if numbers(was, "scores") == numbers(h, "scores"):
            totals_only.append(h["number"])
            continue
        moved = [
            f"{names[s]} {signed(was['deltas'][s])} → {signed(h['deltas'][s])}"
            for s in range(len(h["deltas"]))
            if was["deltas"][s] != h["deltas"][s]
        ]
        label = (
            hand_name(h["label"])
            if was["label"] == h["label"]
            else f"{hand_name(was['label'])} → {hand_name(h['label'])}"
        )
        detail = "; ".join(moved) if moved else gettext("same changes")
        if was["dealer"] != h["dealer"]:
            detail += "; " + gettext("dealer %(was)s → %(now)s") % {
                "was": names[was["dealer"]],
                "now": names[h["dealer"]],
            }
        if was["pool"] != h["pool"]:
            detail += "; " + gettext("pool %(was)s → %(now)s") % {
                "was": points(was["pool"]),
                "now": points(h["pool"]),
            }
        lines.append({"number": h["number"], "label": label, "detail": detail})
    if totals_only:
        if len(totals_only) == 1:
            which = gettext("Hand %(number)s") % {"number": totals_only[0]}
        elif totals_only == list(range(totals_only[0], totals_only[-1] + 1)):
            which = gettext("Hands %(first)s to %(last)s") % {
                "first": totals_only[0],
                "last": totals_only[-1],
            }
        else:
            which = gettext("Hands %(numbers)s") % {
                "numbers": ", ".join(str(n) for n in totals_only)
            }
        detail = gettext("%(which)s: new running totals only") % {"which": which}
        lines.append({"number": None, "label": "", "detail": detail})
    if len(after["hands"]) < len(before["hands"]):
        fewer = len(before["hands"]) - len(after["hands"])
        lines.append(
            {
                "number": None,
                "label": "",
                "detail": ngettext("%(count)s hand fewer", "%(count)s hands fewer", fewer)
                % {"count": fewer},
            }
        )
    totals = [
        {"name": names[s], "was": points(before["scores"][s]), "now": points(after["scores"][s])}
        for s in range(len(after["scores"] or ()))
        if before["scores"] and after["scores"] and before["scores"][s] != after["scores"][s]
    ]
    return {"hands": lines, "totals": totals, "next_was": before["next"], "next": after["next"]}


AUDIT_ON_PAGE = 20
"""Audit entries the game page shows (the latest); the audit page shows the rest."""
AUDIT_PER_PAGE = 100


def _audit_entries(game: Game) -> QuerySet[Any]:
    return game.audit_entries.select_related("actor").order_by("-created", "-id")


def audit_trail(game: Game, *, limit: int | None = None) -> list[dict[str, Any]]:
    """The game's audit entries, newest first, in words (the latest ``limit`` of them)."""
    entries = _audit_entries(game)
    return audit_words(game, entries[:limit] if limit is not None else entries)


def audit_page(game: Game, number: Any) -> tuple[list[dict[str, Any]], Page[Any]]:
    """One page of the game's audit trail (``AUDIT_PER_PAGE`` entries, newest first), in
    words, and the page; a number that is not one gives the first page, one past the end the
    last."""
    page = Paginator(_audit_entries(game), AUDIT_PER_PAGE).get_page(number)
    return audit_words(game, page.object_list), page


def audit_words(game: Game, entries: Any) -> list[dict[str, Any]]:
    """These audit entries of the game in words: who did what, to which hand, and why."""
    names = player_names(game)
    doubles = riichi_doubles(game)
    out = []
    for entry in entries:
        what = ACTION_WORDS.get(entry.action, entry.action)
        detail = ""
        if entry.action in ADDITIONS and isinstance(entry.after, dict):
            detail = _safe(entry.after, names, doubles)
        elif entry.action == "hand.corrected":
            detail = f"{_safe(entry.before, names, doubles)} → {_safe(entry.after, names, doubles)}"
        elif entry.action in REMOVALS:
            detail = _safe(entry.before, names, doubles)
        elif entry.action == "game.confirmations_cleared" and isinstance(entry.before, list):
            detail = ", ".join(str(c.get("player")) for c in entry.before if isinstance(c, dict))
        elif entry.action == "game.confirmed" and isinstance(entry.after, dict):
            detail = confirmed_words(entry.after)
        elif entry.action == "player.pin_refused" and isinstance(entry.after, dict):
            detail = str(entry.after.get("player"))
        out.append(
            {
                "when": entry.created,
                "who": entry.actor.get_username() if entry.actor else SOMEONE,
                "action": entry.action,
                "what": what,
                "hand": entry.hand_number,
                "detail": detail,
                "reason": entry_reason(entry.action, entry.reason),
            }
        )
    return out


SOMEONE = pgettext_lazy("audit trail", "someone")
"""Who did what the trail records without an account (an entry restored without its actor)."""


def confirmed_words(after: dict[str, Any]) -> str:
    """Who confirmed a result and how: ``Aiko (logged in)``, ``Bruno (by PIN)``."""
    player = str(after.get("player"))
    if after.get("by") == "pin":
        return gettext("%(player)s (by PIN)") % {"player": player}
    if after.get("by") == "login":
        return gettext("%(player)s (logged in)") % {"player": player}
    return player


def _safe(data: Any, names: Sequence[str], doubles: int = 0) -> str:
    try:
        return hand_line(data, names, riichi_doubles=doubles)
    except (KeyError, IndexError, TypeError):
        return str(data)


# An undo and a redo are actions of their own ("hand.undone" holds the hand taken in
# ``before``, "hand.redone" the hand put back in ``after``): whether a redo is possible is read
# from the actions, so rewording or translating their reasons changes nothing. Every reader of
# the trail that follows the hands (the score sheet's among them) takes an undo as the
# deletion it is and a redo as the recording it is.
UNDO_REASON = "Undo of the last hand."
REDO_REASON = "Redo of the undone hand."
UNDO = "hand.undone"
REDO = "hand.redone"
REMOVALS = ("hand.deleted", UNDO)
"""The actions that take a hand out of the game."""
ADDITIONS = ("hand.recorded", REDO)
"""The actions that put a hand into the game."""
# Before they had actions of their own, an undo was a "hand.deleted" and a redo a
# "hand.recorded" told apart by these reasons alone: an old backup is read through this
# (the database's entries were turned by scoring's migration 0005).
OLD_FORMS = {("hand.deleted", UNDO_REASON): UNDO, ("hand.recorded", REDO_REASON): REDO}


def current_action(action: str, reason: str) -> str:
    """An audit entry's action as the site writes it now, for an entry written before undo
    and redo had actions of their own.

    >>> current_action("hand.deleted", "Undo of the last hand.")
    'hand.undone'
    >>> current_action("hand.deleted", "entered twice")
    'hand.deleted'
    """
    return OLD_FORMS.get((action, reason), action)


# Entries that change no hand: a redo may still follow an undo across them.
NOT_HAND_CHANGES = ("game.confirmed", "game.confirmations_cleared", "player.pin_refused")


def undone_entry(game: Game) -> AuditEntry | None:
    """The undo's entry whose hand a redo would put back (the hand is its ``before``), or
    None.

    Walks the game's trail from the newest entry: each redo cancels the undo before it; the
    first undo not cancelled is the one, if nothing else changed the hands since and its hand
    would go back at the same number.
    """
    redone = 0
    entries = game.audit_entries.exclude(action__in=NOT_HAND_CHANGES).order_by("-created", "-id")
    for entry in entries.iterator(chunk_size=50):
        if entry.action == REDO:
            redone += 1
        elif entry.action == UNDO and redone:
            redone -= 1
        elif entry.action == UNDO:
            ok = entry.hand_number == game.hand_count + 1 and isinstance(entry.before, dict)
            return entry if ok else None
        else:
            return None
    return None


def redo_offer(game: Game) -> dict[str, Any] | None:
    """What the game page offers to put back after an undo: the hand's number and words."""
    entry = undone_entry(game)
    if entry is None:
        return None
    label = entry.after.get("label", "") if isinstance(entry.after, dict) else ""
    words = _safe(entry.before, player_names(game), riichi_doubles(game))
    return {"number": entry.hand_number, "label": hand_name(label), "words": words}


def confirmations_cleared(game: Game) -> dict[str, Any] | None:
    """Why a finished game's result needs confirming again: the last time its confirmations
    were cleared, while some seat has not confirmed since (else None)."""
    if game.status != Game.Status.FINISHED:
        return None
    if all(s.confirmed_at is not None for s in game.seats.all()):
        return None
    entry = (
        game.audit_entries.filter(action="game.confirmations_cleared")
        .select_related("actor")
        .order_by("-created", "-id")
        .first()
    )
    if entry is None:
        return None
    return {
        "when": entry.created,
        "who": entry.actor.get_username() if entry.actor else SOMEONE,
        "reason": reason_text(entry.reason),
    }


def last_entries(game: Game, limit: int = 1) -> QuerySet[AuditEntry]:
    return game.audit_entries.order_by("-created", "-id")[:limit]
