"""Every round of an event as data: its tables, their seats with the players, the games'
scores and results, and the round's penalties; as one JSON document or one CSV of seats.

The numbers are the games' own (``Game.final_result``: the cached engine result, the same the
board and the standing read); results are integers in the event's unit (``unit``: ``tenths``
of 1,000 points under uma, else ``points``). The renderers return bytes; the page and the API
only wrap them.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from scoring.models import Game
from tournaments.models import Event, Round
from tournaments.standing import event_unit

WINDS = ("east", "south", "west", "north")

CSV_COLUMNS = (
    "round",
    "round_status",
    "table",
    "game",
    "game_status",
    "seat",
    "wind",
    "entrant",
    "player",
    "player_id",
    "substitute",
    "score",
    "rank",
    "result",
    "penalties",
)


def _table_data(table: Any) -> dict[str, Any]:
    game: Game | None = table.game
    final = game.final_result if game is not None else None
    seats = []
    for s in sorted(table.seats.all(), key=lambda s: s.seat):
        seats.append(
            {
                "seat": s.seat,
                "wind": WINDS[s.seat],
                "entrant": s.entrant.number if s.entrant else None,
                "player": s.player.display_name if s.player else None,
                "player_id": s.player_id,
                "substitute": s.is_substitute,
                "score": final.scores[s.seat] if final is not None else None,
                "rank": final.ranks[s.seat] if final is not None and final.ranks else None,
                "result": final.results[s.seat] if final is not None and final.results else None,
            }
        )
    return {
        "table": table.number,
        "game": game.pk if game is not None else None,
        "status": str(game.status) if game is not None else "waiting",
        "seats": seats,
    }


def round_data(round_: Round) -> dict[str, Any]:
    """One round: its state and clock, its tables with their seats, and its penalties."""
    tables = round_.tables.select_related("game").prefetch_related(
        "seats__player", "seats__entrant__player"
    )
    penalties = round_.event.penalties.filter(round_number=round_.number).select_related(
        "entrant__player"
    )
    return {
        "round": round_.number,
        "status": round_.status,
        "started_at": round_.started_at.isoformat() if round_.started_at else None,
        "ends_at": round_.ends_at.isoformat() if round_.ends_at else None,
        "tables": [_table_data(t) for t in tables.order_by("number")],
        "penalties": [
            {
                "entrant": p.entrant.number,
                "player": p.entrant.player.display_name,
                "points": p.points,
                "reason": p.reason,
            }
            for p in penalties
        ],
    }


def rounds_data(event: Event) -> dict[str, Any]:
    """The event and every round drawn so far, in round order."""
    return {
        "event": event.pk,
        "name": event.name,
        "club": event.club.slug,
        "unit": str(event_unit(event)),
        "rounds": [round_data(r) for r in event.round_set.order_by("number")],
    }


def rounds_json(event: Event) -> bytes:
    """:func:`rounds_data` as UTF-8 JSON."""
    return json.dumps(rounds_data(event), ensure_ascii=False, indent=1).encode()


def rounds_csv(event: Event) -> bytes:
    """One line per seat of every table of every round (:data:`CSV_COLUMNS`), with the sum of
    the entrant's penalties in that round; a penalty of an entrant who sat the round out is a
    line of its own with no table."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for r in rounds_data(event)["rounds"]:
        penalties: dict[int, int] = {}
        for p in r["penalties"]:
            penalties[p["entrant"]] = penalties.get(p["entrant"], 0) + p["points"]
        seated = set()
        for t in r["tables"]:
            for s in t["seats"]:
                seated.add(s["entrant"])
                row = [
                    r["round"],
                    r["status"],
                    t["table"],
                    t["game"],
                    t["status"],
                    s["seat"],
                    s["wind"],
                    s["entrant"],
                    s["player"],
                    s["player_id"],
                    "yes" if s["substitute"] else "no",
                    s["score"],
                    s["rank"],
                    s["result"],
                    penalties.get(s["entrant"], 0) if s["entrant"] is not None else 0,
                ]
                writer.writerow(["" if v is None else v for v in row])
        for p in r["penalties"]:
            if p["entrant"] not in seated:
                seated.add(p["entrant"])
                row = [r["round"], r["status"], "", "", "", "", "", p["entrant"], p["player"]]
                row += ["", "", "", "", "", penalties[p["entrant"]]]
                writer.writerow(row)
    return out.getvalue().encode()


def rounds_file(event: Event, kind: str) -> tuple[bytes, str, str]:
    """The rounds as a download: its bytes, content type and file name; ``kind`` is ``csv``
    or ``json``."""
    if kind == "csv":
        return rounds_csv(event), "text/csv; charset=utf-8", f"tournament-{event.pk}-rounds.csv"
    return (
        rounds_json(event),
        "application/json; charset=utf-8",
        f"tournament-{event.pk}-rounds.json",
    )
