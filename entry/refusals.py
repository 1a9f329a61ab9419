"""A refused hand in the scorer's words, Django-free: one wording for the server and the phone.

The server words a refusal of the entry form (a field the hand lacks, or the engine's refusal
put on the form field behind it) with these functions, given :func:`Words` built on Django's
``gettext``; the phone's engine (:mod:`entry.phone`, under Pyodide) words the same refusal with
the same functions, given the same sentences translated by the server into the page's language
(a catalogue the entry screen carries). So the phone offline says what the server would say
online, word for word, in the page's language.

In English the engine's own sentence is shown (the most precise); in another language the
sentence kept here for its code, with the game-record field it names.

>>> from engine.errors import RecordError
>>> english = Words.from_catalogue({"english": True, "sentences": {}})
>>> error = RecordError("a win needs at least 1 han without dora", code="bad_han",
...                     hand=1, field="wins[0].han")
>>> hand = {"result": "ron", "from": 3, "wins": [{"seat": 2, "han": 1, "fu": 30, "dora": 1}]}
>>> hand_error_text(error, 1, hand, [], lambda name: True, False, ["A", "B", "Cy", "D"], english)
"Cy's han: a win needs at least 1 han without dora"
>>> italian = Words.from_catalogue({"english": False, "sentences": {
...     ENGINE_MESSAGES["bad_han"]: "Numero di han non possibile.",
...     SEAT_FIELD: "%(field)s di %(name)s", SEAT_FIELD_WORDS["value"]: "han"}})
>>> hand_error_text(error, 1, hand, [], lambda name: True, False, ["A", "B", "Cy", "D"], italian)
'han di Cy: Numero di han non possibile.'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.entry import Entry
from engine.errors import EngineError

from .fields import MESSAGES as FIELD_MESSAGES
from .fields import PENALTY_ROWS, FieldProblem, gettext_noop

# The engine's refusals by their code, for a language other than English.
ENGINE_MESSAGES = {
    "bad_value": gettext_noop("This value is not allowed here."),
    "bad_tenhou6": gettext_noop("This is not a tenhou.net/6 log as Tenhou writes one."),
    "tenhou6_mismatch": gettext_noop(
        "The log's scores do not follow from its hands under these rules."
    ),
    "tenhou6_seats": gettext_noop("These rules seat another number of players than the log."),
    "tenhou6_unsupported": gettext_noop("A tenhou.net/6 log cannot hold this game."),
    "bad_seat": gettext_noop("A seat must be one of the players at the table."),
    "bad_result": gettext_noop("This is not a result the rules know."),
    "bad_han": gettext_noop("This number of han is not possible here."),
    "bad_fu": gettext_noop("This number of fu is not possible for this hand."),
    "bad_doubles": gettext_noop("This number of doubles cannot occur in one hand."),
    "bad_points": gettext_noop("These points are not possible for this hand."),
    "bad_score": gettext_noop("This score is not possible."),
    "bad_yakuman": gettext_noop("This yakuman value is not possible."),
    "bad_parts": gettext_noop("The parts of this hand do not add up."),
    "bad_pao": gettext_noop(
        "Liability (pao) applies only to a yakuman, and only if the rules have it."
    ),
    "bad_penalty": gettext_noop("A penalty needs who pays, and either its kind or its points."),
    "bad_reason": gettext_noop(
        "This reason for an abortive draw does not fit these rules or this hand."
    ),
    "bad_loser": gettext_noop("This player cannot pay for this hand."),
    "bad_option": gettext_noop("This option's value is not allowed."),
    "bad_rules": gettext_noop("These rules cannot be used."),
    "bad_json": gettext_noop("The game record is not valid JSON."),
    "missing_field": gettext_noop("Something needed is missing."),
    "missing_loser": gettext_noop("Say who pays."),
    "unknown_field": gettext_noop("This field is not part of a game record."),
    "unknown_option": gettext_noop("These rules have no such option."),
    "unknown_preset": gettext_noop("There are no such rules."),
    "unknown_pattern": gettext_noop("These rules have no such pattern."),
    "too_many_winners": gettext_noop("Too many winners for these rules."),
    "too_many_hands": gettext_noop("The game has too many hands."),
    "duplicate_seat": gettext_noop("The same player is named twice."),
    "duplicate_winner": gettext_noop("The same winner is named twice."),
    "discarder_wins": gettext_noop("A player cannot win on their own discard."),
    "sits_out": gettext_noop(
        "This player sits this hand out (five at a table): they cannot play in it."
    ),
    "no_riichi": gettext_noop("These rules have no riichi."),
    "no_nagashi": gettext_noop("These rules have no nagashi mangan."),
    "no_chombo": gettext_noop("These rules have no chombo."),
    "no_north_dora": gettext_noop("These rules count no north tiles as dora."),
    "no_abortive_draws": gettext_noop("These rules have no abortive draws."),
    "wrong_value_kind": gettext_noop(
        "This kind of value does not fit these rules (han and fu, or points and doubles)."
    ),
    "game_over": gettext_noop("The game is over: no more hands can be added."),
    "bad_total": gettext_noop(
        "The final scores do not add up to the start total less the sticks left on the table."
    ),
    "unbalanced": gettext_noop("The payments of this hand do not balance."),
    "invalid_record": gettext_noop("The game record is not valid."),
    "invalid_rules": gettext_noop("These rules are not valid."),
}
GENERAL = gettext_noop("The rules do not allow this hand as entered.")
"""A code :data:`ENGINE_MESSAGES` does not know: a general sentence, never English text."""

# The game-record fields a refusal names, as people call them; outside English the code's
# sentence names the field with these (English shows the engine's own sentence).
RECORD_FIELD_WORDS = {
    "result": gettext_noop("result"),
    "from": gettext_noop("discarded by"),
    "wins": gettext_noop("winners"),
    "losers": gettext_noop("who pays"),
    "seat": gettext_noop("seat"),
    "han": gettext_noop("han"),
    "fu": gettext_noop("fu"),
    "yakuman": gettext_noop("yakuman"),
    "dora": gettext_noop("dora"),
    "score": gettext_noop("score"),
    "points": gettext_noop("points"),
    "doubles": gettext_noop("doubles"),
    "pao": gettext_noop("liable player"),
    "north": gettext_noop("north tiles"),
    "riichi": gettext_noop("riichi"),
    "tenpai": gettext_noop("ready at the draw"),
    "nagashi": gettext_noop("nagashi mangan"),
    "reason": gettext_noop("why aborted"),
    "offender": gettext_noop("chombo by"),
    "penalties": gettext_noop("penalties"),
    "kind": gettext_noop("penalty"),
    "to": gettext_noop("paid to"),
    "patterns": gettext_noop("patterns"),
    "options": gettext_noop("options"),
    "preset": gettext_noop("rules"),
    "scores": gettext_noop("final scores"),
    "sticks_left": gettext_noop("sticks left"),
    "chombo": gettext_noop("chombo"),
}

# The entry form's fields of a seat, and the game-record field of a win or a loser behind each.
SEAT_VALUE_FIELDS = ("value", "fu", "pao", "north", "points", "doubles")
VALUE_FIELD_FOR = {
    "han": "value",
    "yakuman": "value",
    "fu": "fu",
    "dora": "dora",
    "score": "score",
    "pao": "pao",
    "north": "north",
    "points": "points",
    "doubles": "doubles",
}
SEAT_FIELD_WORDS = {
    "value": gettext_noop("han"),
    "fu": gettext_noop("fu"),
    "dora": gettext_noop("dora"),
    "score": gettext_noop("score"),
    "pao": gettext_noop("liable player"),
    "north": gettext_noop("north tiles"),
    "points": gettext_noop("points"),
    "doubles": gettext_noop("doubles"),
}
# A field of the game-record hand → the entry form's field, and its name on the screen.
HAND_FIELD_FOR = {
    "result": "result",
    "from": "discarder",
    "wins": "winners",
    "riichi": "riichi",
    "tenpai": "tenpai",
    "nagashi": "nagashi",
    "reason": "reason",
    "offender": "offender",
}
HAND_FIELD_WORDS = {
    "result": gettext_noop("Result"),
    "discarder": gettext_noop("Discarded by"),
    "winners": gettext_noop("Who won"),
    "riichi": gettext_noop("Riichi"),
    "tenpai": gettext_noop("Ready at the draw"),
    "nagashi": gettext_noop("Nagashi mangan"),
    "reason": gettext_noop("Why aborted"),
    "offender": gettext_noop("Chombo by"),
}

HAND_MESSAGE = gettext_noop("Hand %(hand)s: %(message)s")
WITH_FIELD = gettext_noop("%(message)s (%(field)s)")
SEAT_FIELD = gettext_noop("%(name)s's %(field)s")
PENALTY_FIELD = gettext_noop("Penalty %(number)s")
QUEUED_PROBLEM = gettext_noop("Hand %(number)s, waiting on this phone: %(message)s")
"""The phone's own sentence: a hand waiting on the phone lacks a field (saved unchecked)."""


def sentences() -> tuple[str, ...]:
    """Every sentence these functions may translate: what the server sends the phone,
    translated (:meth:`Words.from_catalogue`)."""
    return tuple(
        dict.fromkeys(
            [
                *FIELD_MESSAGES,
                *ENGINE_MESSAGES.values(),
                GENERAL,
                *RECORD_FIELD_WORDS.values(),
                *SEAT_FIELD_WORDS.values(),
                *HAND_FIELD_WORDS.values(),
                HAND_MESSAGE,
                WITH_FIELD,
                SEAT_FIELD,
                PENALTY_FIELD,
                QUEUED_PROBLEM,
            ]
        )
    )


@dataclass(frozen=True)
class Words:
    """How to word a refusal: ``translate`` gives a sentence of :func:`sentences` in the
    reader's language; ``english`` says whether that language is English (the engine's own
    sentence is shown then)."""

    translate: Callable[[str], str]
    english: bool

    @classmethod
    def from_catalogue(cls, catalogue: Mapping[str, Any] | None) -> Words:
        """From ``{"english": bool, "sentences": {English: translated}}``, as the entry screen
        carries it for the phone; a sentence missing from it stays as it is."""
        catalogue = catalogue or {}
        table = dict(catalogue.get("sentences") or {})
        return cls(lambda text: str(table.get(text, text)), bool(catalogue.get("english", True)))


def problem_text(problem: FieldProblem, words: Words) -> str:
    """A field the hand lacks, as the form says it under the field."""
    return words.translate(problem.message) % problem.params


def engine_message(error: EngineError, words: Words) -> str:
    """The refusal's sentence without its hand number."""
    if words.english:
        return error.detail
    return words.translate(ENGINE_MESSAGES.get(error.code, GENERAL))


_FIELD_NAME = re.compile(r"[a-z_]+")


def record_field_words(field: str | None, words: Words) -> str | None:
    """The last named part of a game-record field path in people's words, if it has some.

    >>> english = Words(str, True)
    >>> record_field_words("wins[0].fu", english), record_field_words("nothing_known", english)
    ('fu', None)
    """
    names = _FIELD_NAME.findall(field or "")
    text = RECORD_FIELD_WORDS.get(names[-1]) if names else None
    return words.translate(text) if text is not None else None


def engine_error_text(error: EngineError, words: Words) -> str:
    """The whole refusal, with its hand number, and outside English (where the sentence is the
    code's general one) the field it names: what the API and the pages say."""
    message = engine_message(error, words)
    named = record_field_words(error.field, words)
    if named and not words.english:
        message = words.translate(WITH_FIELD) % {"message": message, "field": named}
    if error.hand is None:
        return message
    return words.translate(HAND_MESSAGE) % {"hand": error.hand, "message": message}


def form_field(
    error: EngineError,
    number: int,
    hand: Mapping[str, Any] | None,
    penalty_rows: Sequence[int],
    has_field: Callable[[str], bool],
    points_doubles: bool,
) -> str | None:
    """The entry form's field behind the game-record field the engine names, if there is one.

    ``number`` is the hand the form enters, ``hand`` that hand as read from the form,
    ``penalty_rows`` the form rows its penalties came from; an error about another hand (a
    later hand a correction made impossible) belongs to no field here.
    """
    path = error.field or ""
    if not hand or not path or error.hand != number:
        return None
    if m := re.fullmatch(r"(wins|losers)\[(\d+)\](?:\.(\w+))?.*", path):
        values = hand.get(m[1]) or []
        if int(m[2]) >= len(values):
            return None
        seat = values[int(m[2])]["seat"]
        part = VALUE_FIELD_FOR.get(m[3] or "", "points" if points_doubles else "value")
        if part == "value" and points_doubles:
            part = "points"
        name = f"{part}_{seat}"
        return name if has_field(name) else None
    if m := re.fullmatch(r"penalties\[(\d+)\](?:\.(\w+))?", path):
        if int(m[1]) >= len(penalty_rows):
            return None
        part = m[2] if m[2] in ("seat", "points", "to") else "kind"
        return f"penalty_{part}_{penalty_rows[int(m[1])]}"
    hand_field = HAND_FIELD_FOR.get(path)
    return hand_field if hand_field is not None and has_field(hand_field) else None


def field_label(field: str, names: Sequence[str], words: Words) -> str:
    """A form field as the screen names it ("Chiara's han", "Penalty 2", "Discarded by")."""
    if m := re.fullmatch(r"penalty_\w+_(\d+)", field):
        return words.translate(PENALTY_FIELD) % {"number": int(m[1]) + 1}
    if m := re.fullmatch(r"(\w+)_(\d)", field):
        return words.translate(SEAT_FIELD) % {
            "name": names[int(m[2])],
            "field": words.translate(SEAT_FIELD_WORDS[m[1]]),
        }
    text = HAND_FIELD_WORDS.get(field)
    return words.translate(text) if text is not None else field


def hand_error_text(
    error: EngineError,
    number: int,
    hand: Mapping[str, Any] | None,
    penalty_rows: Sequence[int],
    has_field: Callable[[str], bool],
    points_doubles: bool,
    names: Sequence[str],
    words: Words,
) -> str:
    """The engine's refusal of the form's hand, led by the form field it names (see
    :func:`form_field`), else as :func:`engine_error_text` words it."""
    field = form_field(error, number, hand, penalty_rows, has_field, points_doubles)
    if field is None:
        return engine_error_text(error, words)
    return f"{field_label(field, names, words)}: {engine_message(error, words)}"


def entry_fields(entry: Entry) -> Callable[[str], bool]:
    """Whether the entry form of these rules has a field of this name, among those an engine
    refusal can be put on (what ``HandForm.fields`` has: tests/entry check they agree)."""
    parts = ["score"]
    if entry.points_doubles:
        parts += ["points", "doubles"]
    else:
        parts += ["value", "fu", "pao", *(["dora"] if entry.dora else [])]
        parts += ["north"] if entry.north else []
    names = {f"{part}_{seat}" for part in parts for seat in range(entry.seats)}
    names |= set(HAND_FIELD_FOR.values())
    names |= {
        f"penalty_{part}_{row}"
        for part in ("seat", "kind", "points", "to")
        for row in range(PENALTY_ROWS)
    }
    return names.__contains__
