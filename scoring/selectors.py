"""Read-only views of games for pages and the API: every number comes from the cached results.

Nothing here computes points; it arranges the engine's cached numbers (``Hand.result``,
``Game.final``) and says in words what each hand was.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Case, IntegerField, QuerySet, Value, When
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext, ngettext, pgettext_lazy

from clubs.access import Role, require_role, with_member_role
from clubs.models import Club
from core.formats import points
from core.i18n import rule_word
from core.models import AuditEntry
from scoring import engine
from scoring.models import Game, Hand
from scoring.presenter import (
    ACTION_WORDS,
    WIND_NAMES,
    hand_line,
    hand_name,
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


def visible_games(user: Any) -> QuerySet[Game]:
    """Games of the clubs ``user`` may see (public clubs, and the user's own)."""
    return Game.objects.filter(club__in=Club.objects.visible_to(user)).select_related("club")


GAMES_PER_PAGE = 50


def _club_games(club: Club) -> QuerySet[Game]:
    """The club's games, running ones first, then the others newest first."""
    return (
        club.games.select_related("league")
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


def summary(game: Game) -> dict[str, Any]:
    """One line of a games list: who plays, their points (and results once over), where."""
    final = game.final or {}
    scores = final.get("scores") or [None] * 4
    results = final.get("results") or [None] * 4
    unit = final.get("unit", "points")
    seats = sorted(game.seats.all(), key=lambda s: s.seat)
    return {
        "game": game,
        "players": [
            {
                "name": row.player.display_name,
                "score": points(scores[row.seat]),
                "result": signed(results[row.seat], unit),
                "rank": row.rank,
            }
            for row in seats
        ],
        "next": (final.get("next") or {}).get("label"),
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


def game_hand_words(game: Game, data: dict[str, Any]) -> str:
    """A hand of ``game`` in words, with its players' names and the doubles its rules add."""
    return hand_line(data, player_names(game), riichi_doubles=riichi_doubles(game))


def game_state(game: Game) -> dict[str, Any]:
    """Where the game stands: the next hand (label, dealer, honba, pool) and each seat."""
    final = game.final or {}
    nxt = final.get("next")
    names = player_names(game)
    dealer = nxt["dealer"] if nxt else None
    winds = seat_winds(dealer) if dealer is not None else [""] * 4
    unit = final.get("unit", "points")
    seats = []
    for row in sorted(game.seats.all(), key=lambda s: s.seat):
        seats.append(
            {
                "seat": row.seat,
                "name": names[row.seat],
                "player": row.player,
                "wind": winds[row.seat],
                "wind_name": WIND_NAMES.get(winds[row.seat], ""),
                "is_dealer": row.seat == dealer,
                "score": points(final.get("scores", [None] * 4)[row.seat]),
                "rank": row.rank,
                "result": signed((final.get("results") or [None] * 4)[row.seat], unit),
                "confirmed_at": row.confirmed_at,
                "row": row,
            }
        )
    entry = game_entry(game)
    return {
        "next": {**nxt, "label": hand_name(nxt.get("label", ""))} if nxt else nxt,
        # Counters and a pool mean nothing under rules that pay neither.
        "shows_honba": entry.shows_honba,
        "shows_pool": entry.shows_pool,
        "round_name": WIND_NAMES.get(nxt["round"], "") if nxt else "",
        "dealer_name": names[dealer] if dealer is not None else "",
        "pool": points(final.get("pool")),
        "over": final.get("over", False),
        "seats": seats,
        "unit": unit,
    }


def ledger(game: Game, hands: Sequence[Hand] | None = None) -> list[dict[str, Any]]:
    """The hand-by-hand ledger: label, words, each seat's change and running total, pool."""
    names = player_names(game)
    doubles = riichi_doubles(game)
    rows = []
    for hand in hands if hands is not None else game.hands.order_by("number"):
        result = hand.result or {}
        deltas = result.get("deltas", [0] * 4)
        scores = result.get("scores", [0] * 4)
        rows.append(
            {
                "number": hand.number,
                "label": hand_name(hand.label),
                "words": hand_line(hand.data, names, riichi_doubles=doubles),
                "dealer": result.get("dealer"),
                "cells": [
                    {
                        "delta": signed(deltas[s]),
                        "score": points(scores[s]),
                        "up": deltas[s] > 0,
                        "down": deltas[s] < 0,
                    }
                    for s in range(4)
                ],
                "pool": points(result.get("pool")),
                "honba": result.get("honba"),
            }
        )
    return rows


def breakdown_lines(hand: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """The preview's lines for wins counted by yaku or tiles: each yaku with its han, then the
    totals, as the engine counted them, in the reader's language."""
    lines = []
    for b in hand.get("breakdowns") or []:
        if "yaku" not in b:  # a Standard hand counted from its parts
            parts = [
                rule_word(i["part"])
                + "".join(
                    " " + (gettext("%(n)s pt") if unit == "pt" else gettext("%(n)s dbl")) % {"n": n}
                    for n, unit in ((i["points"], "pt"), (i["doubles"], "dbl"))
                    if n
                )
                for i in b["items"]
            ]
            total = (
                points(b["score"])
                if b.get("score") is not None
                else gettext("%(points)s points, %(doubles)s doubles")
                % {"points": b["points"], "doubles": b["doubles"]}
            )
            lines.append({"name": names[b["seat"]], "items": parts, "total": total})
            continue
        items = [
            f"{rule_word(i['name'])} {gettext('yakuman') if i.get('yakuman') else i['han']}"
            + (" " + gettext("(included)") if i.get("included_in") else "")
            for i in b["yaku"]
        ]
        if b["dora"]:
            items.append(gettext("dora %(n)s") % {"n": b["dora"]})
        if b["yakuman"]:
            total = (
                gettext("%(n)s yakuman") % {"n": b["yakuman"]}
                if b["yakuman"] > 1
                else gettext("yakuman")
            )
        else:
            total = gettext("%(han)s han") % {"han": b["han"]} + (
                " " + gettext("%(fu)s fu") % {"fu": b["fu"]} if b["fu"] else ""
            )
        lines.append({"name": names[b["seat"]], "items": items, "total": total})
    return lines


def preview(game: Game, previewed: dict[str, Any]) -> dict[str, Any]:
    """The entry screen's preview of :func:`scoring.services.hand_preview`'s answer."""
    names = player_names(game)
    hand, final = previewed["hand"], previewed["final"]
    unit = final.get("unit", "points")
    results = final.get("results") or [None] * 4
    nxt = final.get("next")
    entry = game_entry(game)
    return {
        "breakdowns": breakdown_lines(hand, names),
        "shows_honba": entry.shows_honba,
        "shows_pool": entry.shows_pool,
        "label": hand_name(hand["label"]),
        "seats": [
            {
                "name": names[s],
                "delta": signed(hand["deltas"][s]),
                "score": points(hand["scores"][s]),
                "up": hand["deltas"][s] > 0,
                "down": hand["deltas"][s] < 0,
                "result": signed(results[s], unit),
                "rank": (final.get("ranks") or [None] * 4)[s],
            }
            for s in range(4)
        ],
        "pool": points(hand["pool"]),
        "over": final.get("over", False),
        "next": {
            "label": hand_name(nxt["label"]),
            "round_name": WIND_NAMES.get(nxt["round"], ""),
            "dealer_name": names[nxt["dealer"]],
            "honba": nxt["honba"],
            "pool": points(nxt["pool"]),
        }
        if nxt
        else None,
    }


def snapshot(game: Game) -> dict[str, Any]:
    """The numbers of a game, to compare before and after a correction (JSON-ready)."""
    return {
        "hands": [
            {
                "number": h.number,
                "label": h.label,
                "deltas": h.result.get("deltas"),
                "scores": h.result.get("scores"),
                "pool": h.result.get("pool"),
                "dealer": h.result.get("dealer"),
            }
            for h in game.hands.order_by("number")
        ],
        "scores": (game.final or {}).get("scores"),
        "next": ((game.final or {}).get("next") or {}).get("label"),
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
    old = {h["number"]: h for h in before["hands"]}
    totals_only = []
    for h in after["hands"]:
        was = old.get(h["number"])
        if was is None or was == h:
            continue
        if {k: v for k, v in was.items() if k != "scores"} == {
            k: v for k, v in h.items() if k != "scores"
        }:
            totals_only.append(h["number"])
            continue
        moved = [
            f"{names[s]} {signed(was['deltas'][s])} → {signed(h['deltas'][s])}"
            for s in range(4)
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
        for s in range(4)
        if before["scores"] and after["scores"] and before["scores"][s] != after["scores"][s]
    ]
    return {"hands": lines, "totals": totals, "next_was": before["next"], "next": after["next"]}


def audit_trail(game: Game) -> list[dict[str, Any]]:
    """The game's audit entries, newest first, in words."""
    names = player_names(game)
    doubles = riichi_doubles(game)
    out = []
    for entry in game.audit_entries.select_related("actor").order_by("-created", "-id"):
        what = ACTION_WORDS.get(entry.action, entry.action)
        if (entry.action, entry.reason) in MOVES:
            what = MOVE_WORDS[MOVES[entry.action, entry.reason]]
        detail = ""
        if entry.action == "hand.recorded" and isinstance(entry.after, dict):
            detail = _safe(entry.after, names, doubles)
        elif entry.action == "hand.corrected":
            detail = f"{_safe(entry.before, names, doubles)} → {_safe(entry.after, names, doubles)}"
        elif entry.action == "hand.deleted":
            detail = _safe(entry.before, names, doubles)
        elif entry.action == "game.confirmations_cleared" and isinstance(entry.before, list):
            detail = ", ".join(str(c.get("player")) for c in entry.before if isinstance(c, dict))
        elif entry.action == "game.confirmed" and isinstance(entry.after, dict):
            detail = f"{entry.after.get('player')} (by {entry.after.get('by')})"
        elif entry.action == "player.pin_refused" and isinstance(entry.after, dict):
            detail = str(entry.after.get("player"))
        out.append(
            {
                "when": entry.created,
                "who": entry.actor.get_username() if entry.actor else "someone",
                "action": entry.action,
                "what": what,
                "hand": entry.hand_number,
                "detail": detail,
                "reason": entry.reason,
            }
        )
    return out


def _safe(data: Any, names: Sequence[str], doubles: int = 0) -> str:
    try:
        return hand_line(data, names, riichi_doubles=doubles)
    except (KeyError, IndexError, TypeError):
        return str(data)


# An undo is logged as the deletion it is, and a redo as the recording it is (so that every
# reader of the trail, the score sheet's among them, sees the hands come and go), each with a
# reason of its own that says which it was.
UNDO_REASON = "Undo of the last hand."
REDO_REASON = "Redo of the undone hand."
MOVES = {("hand.deleted", UNDO_REASON): "undid", ("hand.recorded", REDO_REASON): "restored"}
MOVE_WORDS = {
    "undid": pgettext_lazy("audit trail", "undid"),
    "restored": pgettext_lazy("audit trail", "restored"),
}
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
        move = MOVES.get((entry.action, entry.reason))
        if move == "restored":
            redone += 1
        elif move == "undid" and redone:
            redone -= 1
        elif move == "undid":
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
        "who": entry.actor.get_username() if entry.actor else "someone",
        "reason": entry.reason,
    }


def last_entries(game: Game, limit: int = 1) -> QuerySet[AuditEntry]:
    return game.audit_entries.order_by("-created", "-id")[:limit]
