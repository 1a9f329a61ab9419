"""The preview the scorer's phone computes without a connection, from the engine's own source.

Offline, the entry screen runs this module under Pyodide
(``templates/scoring/engine-worker.js``): the page hands it the game as the server last showed
it (its game record, the hands stored), the hands waiting on the phone and the hand being
typed, all as the entry form's fields; it answers what the server's preview answers for the
same hand: the hand's result and the game's state after it. The fields become hands through
:func:`.fields.hand_from_fields`, the function the server's form calls, and the numbers come
from :func:`score_game`, which the server replays: one implementation of the rules, run in two
places.

Requests and answers are JSON strings, so the page and Python exchange nothing but text.

>>> import json
>>> record = {"rules": {"preset": "japanese-modern"}, "hands": []}
>>> ask = {"record": record, "names": ["A", "B", "C", "D"], "queued": [],
...        "fields": {"result": "ron", "winners": ["2"], "discarder": "3", "value_2": "2",
...                   "fu_2": "30"}}
>>> answer = json.loads(preview_json(json.dumps(ask)))
>>> answer["number"], answer["hand"]["deltas"], answer["final"]["next"]["dealer"]
(1, [0, 0, 2000, -2000], 1)
>>> ask["fields"] = {"result": "tsumo"}
>>> problem = json.loads(preview_json(json.dumps(ask)))["problem"]
>>> problem["field"], problem["text"], problem["mine"]
('winners', 'Tap who won.', True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from engine.entry import describe_entry
from engine.errors import EngineError
from engine.flow import replay
from engine.presets import resolve_rules
from engine.record import parse_game

from .fields import FieldProblem, hand_from_fields, penalty_rows
from .refusals import (
    QUEUED_PROBLEM,
    Words,
    engine_error_text,
    entry_fields,
    hand_error_text,
    problem_text,
)


def preview(ask: Mapping[str, Any]) -> dict[str, Any]:
    """The answer to one request (see the module's text).

    ``ask`` has ``record`` (the game record as stored, its ``hands`` the stored hands),
    ``names`` (the players' names, three or four, which word the problems), ``queued`` (the
    fields of each hand waiting on the phone, in order), ``fields`` (the hand being typed)
    and ``words`` (the sentences in the page's language, as
    :meth:`.refusals.Words.from_catalogue` reads them; English without them).

    The answer is ``{"number", "hand", "final"}`` (the typed hand's number, its result and
    the game's state after it, as the server's preview has them), or ``{"problem": {...}}``
    (a field the hand needs, as :meth:`.fields.FieldProblem.as_dict`, with ``queued``: the
    waiting hand's index when the problem is in one), or ``{"error": {...}}`` (the engine's
    refusal, as :meth:`.errors.EngineError.as_dict`). A problem and an error carry ``text``,
    worded as the server words it (:mod:`.refusals`), and ``mine``: whether the typed hand
    itself is refused (else a hand waiting before it, which the server will refuse first).
    """
    record = dict(ask["record"])
    words = Words.from_catalogue(ask.get("words"))
    try:
        entry = describe_entry(resolve_rules(record["rules"]))
    except EngineError as e:
        return {"error": {**e.as_dict(), "text": engine_error_text(e, words), "mine": True}}
    names = [*(ask.get("names") or []), *[""] * entry.seats][: entry.seats]
    hands = list(record.get("hands") or [])
    for index, fields in enumerate(ask.get("queued") or []):
        try:
            hands.append(hand_from_fields(fields, entry, names))
        except FieldProblem as problem:
            text = words.translate(QUEUED_PROBLEM) % {
                "number": len(hands) + 1,
                "message": problem_text(problem, words),
            }
            return {"problem": {**problem.as_dict(), "queued": index, "text": text, "mine": False}}
    try:
        hand = hand_from_fields(ask["fields"], entry, names)
    except FieldProblem as problem:
        text = problem_text(problem, words)
        return {"problem": {**problem.as_dict(), "queued": None, "text": text, "mine": True}}
    hands.append(hand)
    record["hands"] = hands
    number = len(hands)
    try:
        result = replay(parse_game(record))
    except EngineError as e:
        text = hand_error_text(
            e,
            number,
            hand,
            penalty_rows(ask["fields"]),
            entry_fields(entry),
            entry.points_doubles,
            names,
            words,
        )
        mine = e.hand is None or e.hand == number
        return {"error": {**e.as_dict(), "text": text, "mine": mine}}
    return {
        "number": number,
        "hand": result.hands[-1].as_dict(),
        "final": result.final.as_dict(),
    }


def preview_json(ask: str) -> str:
    """:func:`preview` between JSON strings: what the phone's worker calls."""
    return json.dumps(preview(json.loads(ask)), ensure_ascii=False)
