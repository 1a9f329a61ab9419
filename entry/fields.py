"""A hand from the entry screen's fields: the one place taps become a game-record hand.

The entry form on the server (``scoring.forms.HandForm``) and the engine running on the phone
(offline, under Pyodide) both call :func:`hand_from_fields`, so a hand typed offline is read
exactly as the server will read it when it arrives. ``values`` are the form's fields by name,
either as the browser posts them (strings, lists of strings for the multiple choices, ``"on"``
for a ticked box) or as Django's fields cleaned them (ints, lists, booleans); both read alike.

A field the hand needs and lacks raises :class:`FieldProblem`, naming the form field and an
English sentence (in :data:`MESSAGES`) with its parameters, for the caller to word in the
reader's language.

>>> from engine.presets import resolve_rules
>>> from engine.entry import describe_entry
>>> modern = describe_entry(resolve_rules("japanese-modern"))
>>> names = ["Ann", "Bob", "Cy", "Di"]
>>> hand_from_fields(
...     {"result": "ron", "winners": ["2"], "discarder": "0", "value_2": "3", "fu_2": "30",
...      "riichi": ["2"]}, modern, names)
{'result': 'ron', 'from': 0, 'wins': [{'seat': 2, 'han': 3, 'fu': 30}], 'riichi': [2]}
>>> hand_from_fields({"result": "ron", "winners": ["2"], "value_2": "3"}, modern, names)
Traceback (most recent call last):
  ...
entry.fields.FieldProblem: discarder: Tap who discarded the winning tile.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from engine.entry import Entry
from engine.tiles import MELD_KINDS
from engine.types import Result

PENALTY_ROWS = 3
"""Rows for penalties on the entry screen; a hand with more is corrected through the API."""


def gettext_noop(message: str) -> str:
    """Marks ``message`` for the translation catalogues (makemessages reads the mark); the
    engine keeps its English and the pages word it in the reader's language."""
    return message


RESULTS = tuple(r.value for r in Result)

MESSAGES = (
    gettext_noop("Choose how the hand ended."),
    gettext_noop("Tap who won."),
    gettext_noop("Tap who discarded the winning tile."),
    gettext_noop("Choose why the deal was aborted."),
    gettext_noop("Tap who made the chombo."),
    gettext_noop("Give %(name)s's points."),
    gettext_noop("Give either %(name)s's points and doubles or a fixed score, not both."),
    gettext_noop("Give either %(name)s's han (or a limit) or a score, not both."),
    gettext_noop("Choose %(name)s's han (or a limit)."),
    gettext_noop("Choose %(name)s's fu."),
    gettext_noop("Penalty %(number)s: choose who pays it."),
    gettext_noop("Penalty %(number)s: choose what it is for."),
    gettext_noop("Penalty %(number)s: give the points it costs."),
    gettext_noop("Give either %(name)s's tiles or the han (or a limit, or a score), not both."),
    gettext_noop("Tap %(name)s's winning tile."),
    gettext_noop('%(name)s\'s called sets: write them as "pon 555z, chi 234p".'),
    gettext_noop("Give either %(name)s's yaku or the han (or a limit, or a score), not both."),
    gettext_noop("%(name)s's sets could not be read; build them again."),
    gettext_noop("Give either %(name)s's sets or the points and doubles (or a score), not both."),
    gettext_noop("Enter a whole number."),
)
"""Every sentence a :class:`FieldProblem` can carry, in English."""


class FieldProblem(ValueError):
    """The field ``field`` is missing or wrong: ``message`` (one of :data:`MESSAGES`) with
    ``params`` says what to do."""

    def __init__(self, field: str, message: str, **params: Any) -> None:
        self.field = field
        self.message = message
        self.params = params
        super().__init__(f"{field}: {message % params}")

    def as_dict(self) -> dict[str, Any]:
        return {"field": self.field, "message": self.message, "params": self.params}


class _Values:
    """The fields, read alike whether posted (strings) or cleaned (ints, lists, booleans)."""

    def __init__(self, values: Mapping[str, Any]) -> None:
        self.values = values

    def text(self, name: str) -> str:
        value = self.values.get(name)
        if isinstance(value, list | tuple):
            value = value[-1] if value else ""
        return "" if value is None else str(value).strip()

    def number(self, name: str) -> int | None:
        value = self.values.get(name)
        if isinstance(value, bool):
            return int(value)
        if isinstance(value, int):
            return value
        text = self.text(name)
        return _whole(name, text) if text else None

    def choices(self, name: str) -> list[str]:
        value = self.values.get(name)
        if value is None or value == "":
            return []
        if isinstance(value, str | int):
            return [str(value)]
        return [str(v) for v in value if str(v) != ""]

    def seats(self, name: str) -> list[int]:
        return sorted(_whole(name, s) for s in self.choices(name))

    def whole(self, name: str, text: str | None = None) -> int:
        """The field's text (or ``text``, a part of it) as a whole number."""
        return _whole(name, self.text(name) if text is None else text)

    def flag(self, name: str) -> bool:
        value = self.values.get(name)
        if isinstance(value, bool):
            return value
        return self.text(name).lower() in ("on", "true", "1", "yes")


def hand_from_fields(
    values: Mapping[str, Any], entry: Entry, names: Sequence[str]
) -> dict[str, Any]:
    """The game-record hand the entry screen's fields give under these rules.

    ``entry`` says how a value is entered (``entry.points_doubles``) and whether riichi
    exists; ``names`` word the problems. Raises :class:`FieldProblem` at the first field the
    hand needs and lacks. The rules themselves are the engine's to check when it scores it.
    """
    return _Reader(_Values(values), entry, names).hand()


def penalty_rows(values: Mapping[str, Any]) -> list[int]:
    """Which form rows the hand's penalties came from, in the hand's order (the form puts the
    engine's ``penalties[i]`` errors on the row they came from)."""
    return _penalty_rows(_Values(values))


def _penalty_rows(v: _Values) -> list[int]:
    parts = ("seat", "kind", "points", "to")
    return [i for i in range(PENALTY_ROWS) if any(v.text(f"penalty_{p}_{i}") for p in parts)]


class _Reader:
    def __init__(self, v: _Values, entry: Entry, names: Sequence[str]) -> None:
        self.v = v
        self.entry = entry
        self.names = names

    def hand(self) -> dict[str, Any]:
        v = self.v
        result = v.text("result")
        if result not in RESULTS:
            raise FieldProblem("result", "Choose how the hand ended.")
        hand: dict[str, Any] = {"result": result}
        if result in ("ron", "tsumo"):
            winners = v.seats("winners")
            if not winners:
                raise FieldProblem("winners", "Tap who won.")
            if result == "ron":
                if not v.text("discarder"):
                    raise FieldProblem("discarder", "Tap who discarded the winning tile.")
                hand["from"] = v.whole("discarder")
                # Winners in turn order after the discarder, as the game record lists them.
                winners.sort(key=lambda s: (s - hand["from"]) % self.entry.seats)
            hand["wins"] = [self.win(s) for s in winners]
            if self.entry.points_doubles:
                hand["losers"] = [
                    self.loser(s) for s in range(self.entry.seats) if s not in winners
                ]
        elif result == "draw":
            hand["tenpai"] = v.seats("tenpai")
            if v.seats("nagashi"):
                hand["nagashi"] = v.seats("nagashi")
        elif result == "abortive":
            if not v.text("reason"):
                raise FieldProblem("reason", "Choose why the deal was aborted.")
            hand["reason"] = v.text("reason")
        else:
            if not v.text("offender"):
                raise FieldProblem("offender", "Tap who made the chombo.")
            hand["offender"] = v.whole("offender")
        riichi = v.seats("riichi")
        if result in ("ron", "tsumo"):
            # Riichi (or double riichi) picked among a winner's yaku is the winner's
            # declaration: the scorer expects the han it gives, and the deposit goes with it.
            riichi = sorted(
                {*riichi, *(w["seat"] for w in hand["wins"] if self.declared(w["seat"]))}
            )
        if riichi and self.entry.riichi:
            hand["riichi"] = riichi
        penalties = self.penalties()
        if penalties:
            hand["penalties"] = penalties
        if v.text("note"):
            hand["note"] = v.text("note")
        return hand

    def name(self, s: int) -> str:
        """Seat ``s``'s player; a seat off the table (the engine refuses it) by its number."""
        return self.names[s] if 0 <= s < len(self.names) else str(s)

    def declared(self, s: int) -> bool:
        """Whether seat ``s`` picked riichi or double riichi among the yaku its win is counted
        from (a win given by its tiles takes only how it was won from the yaku)."""
        if self.v.text(f"tiles_{s}"):
            return False
        return bool({"riichi", "double_riichi"} & set(self.v.choices(f"yaku_{s}")))

    # -- a winner's hand ----------------------------------------------------------------------
    def win(self, s: int) -> dict[str, Any]:
        """Seat ``s``'s win, with the north tiles it set aside (three players, where the rules
        count them as dora): the engine refuses them on a win they cannot go with."""
        win = self.value(s)
        north = self.v.number(f"north_{s}") if self.entry.north else None
        if north:
            win["north"] = north
        return win

    def value(self, s: int) -> dict[str, Any]:
        v, name = self.v, self.name(s)
        win: dict[str, Any] = {"seat": s}
        score = v.number(f"score_{s}")
        if self.entry.points_doubles:
            by_parts = self.parts(s, winner=True)
            if by_parts is not None:
                return by_parts
            if score is not None:
                if v.number(f"points_{s}") is not None or v.number(f"doubles_{s}"):
                    raise FieldProblem(
                        f"score_{s}",
                        "Give either %(name)s's points and doubles or a fixed score, not both.",
                        name=name,
                    )
                win["score"] = score
                return win
            points = v.number(f"points_{s}")
            if points is None:
                raise FieldProblem(f"points_{s}", "Give %(name)s's points.", name=name)
            win["points"] = points
            win["doubles"] = v.number(f"doubles_{s}") or 0
            return win
        by_yaku = self.by_tiles(s) or self.by_yaku(s)
        if by_yaku is not None:
            return by_yaku
        value = v.text(f"value_{s}")
        if score is not None:
            if value:
                raise FieldProblem(
                    f"score_{s}",
                    "Give either %(name)s's han (or a limit) or a score, not both.",
                    name=name,
                )
            win["score"] = score
            return win
        if not value:
            raise FieldProblem(f"value_{s}", "Choose %(name)s's han (or a limit).", name=name)
        if value.startswith("y"):
            win["yakuman"] = v.whole(f"value_{s}", value[1:])
            if v.text(f"pao_{s}"):
                win["pao"] = v.whole(f"pao_{s}")
        elif value.startswith("h"):
            win["han"] = v.whole(f"value_{s}", value[1:])
        else:
            win["han"] = v.whole(f"value_{s}", value)
            if not v.text(f"fu_{s}"):
                raise FieldProblem(f"fu_{s}", "Choose %(name)s's fu.", name=name)
            win["fu"] = v.whole(f"fu_{s}")
        dora = v.number(f"dora_{s}") or 0
        if dora and "han" in win:  # dora matter only to a win counted in han
            win["dora"] = dora
        return win

    def loser(self, s: int) -> dict[str, Any]:
        """A loser's own hand under Standard scoring: points and doubles, or a fixed score."""
        v = self.v
        by_parts = self.parts(s, winner=False)
        if by_parts is not None:
            return by_parts
        score = v.number(f"score_{s}")
        if score is not None:
            if v.number(f"points_{s}") or v.number(f"doubles_{s}"):
                raise FieldProblem(
                    f"score_{s}",
                    "Give either %(name)s's points and doubles or a fixed score, not both.",
                    name=self.name(s),
                )
            return {"seat": s, "score": score}
        return {
            "seat": s,
            "points": v.number(f"points_{s}") or 0,
            "doubles": v.number(f"doubles_{s}") or 0,
        }

    # -- the pickers: tiles, yaku, the set builder ---------------------------------------------
    def alone(self, s: int, message: str) -> None:
        """A picker's win stands alone: no han (or limit) and no score beside it."""
        if self.v.text(f"value_{s}") or self.v.number(f"score_{s}") is not None:
            raise FieldProblem(f"value_{s}", message, name=self.name(s))

    def by_tiles(self, s: int) -> dict[str, Any] | None:
        v, name = self.v, self.name(s)
        tiles = v.text(f"tiles_{s}")
        if not tiles:
            return None
        self.alone(s, "Give either %(name)s's tiles or the han (or a limit, or a score), not both.")
        out: dict[str, Any] = {"seat": s, "tiles": tiles.replace(" ", "")}
        out["win"] = v.text(f"win_{s}")
        if not out["win"]:
            raise FieldProblem(f"win_{s}", "Tap %(name)s's winning tile.", name=name)
        melds = _melds(v.text(f"melds_{s}"))
        if melds is None:
            raise FieldProblem(
                f"melds_{s}",
                '%(name)s\'s called sets: write them as "pon 555z, chi 234p".',
                name=name,
            )
        if melds:
            out["melds"] = melds
        for field in ("dora_indicators", "ura_dora_indicators"):
            indicators = v.text(f"{field}_{s}").replace(",", " ").split()
            if indicators:
                out[field] = indicators
        named = [y for y in v.choices(f"yaku_{s}") if y not in ("riichi", "menzen_tsumo")]
        if named:  # how the hand was won (ippatsu, haitei, ...): the tiles cannot show it
            out["yaku"] = named
        if v.text(f"pao_{s}"):
            out["pao"] = v.whole(f"pao_{s}")
        return out

    def by_yaku(self, s: int) -> dict[str, Any] | None:
        v = self.v
        yaku = v.choices(f"yaku_{s}")
        if not yaku:
            return None
        self.alone(s, "Give either %(name)s's yaku or the han (or a limit, or a score), not both.")
        out: dict[str, Any] = {"seat": s, "yaku": yaku}
        if v.flag(f"open_{s}"):
            out["open"] = True
        dora = v.number(f"yaku_dora_{s}")
        if dora:
            out["dora"] = dora
        if v.text(f"fu_{s}"):
            out["fu"] = v.whole(f"fu_{s}")
        if v.text(f"pao_{s}"):
            out["pao"] = v.whole(f"pao_{s}")
        return out

    def parts(self, s: int, *, winner: bool) -> dict[str, Any] | None:
        """Seat ``s``'s hand by its parts (the set builder's), or None when it was not used."""
        v, name = self.v, self.name(s)
        text = v.text(f"parts_{s}")
        if not text:
            return None
        try:
            parts = json.loads(text)
        except ValueError:
            parts = None
        if not isinstance(parts, dict):
            raise FieldProblem(
                f"points_{s}", "%(name)s's sets could not be read; build them again.", name=name
            )
        if (
            v.number(f"points_{s}") is not None
            or v.number(f"doubles_{s}")
            or v.number(f"score_{s}") is not None
        ):
            raise FieldProblem(
                f"points_{s}",
                "Give either %(name)s's sets or the points and doubles (or a score), not both.",
                name=name,
            )
        parts = {k: x for k, x in parts.items() if k != "win"}
        return {"seat": s, "parts": {"win": True, **parts} if winner else parts}

    # -- penalties ----------------------------------------------------------------------------
    def penalties(self) -> list[dict[str, Any]]:
        """The filled penalty rows, in order."""
        v = self.v
        penalties = []
        for i in _penalty_rows(v):
            seat, kind = v.text(f"penalty_seat_{i}"), v.text(f"penalty_kind_{i}")
            amount, to = v.number(f"penalty_points_{i}"), v.text(f"penalty_to_{i}")
            if not seat:
                raise FieldProblem(
                    f"penalty_seat_{i}", "Penalty %(number)s: choose who pays it.", number=i + 1
                )
            if not kind:
                raise FieldProblem(
                    f"penalty_kind_{i}",
                    "Penalty %(number)s: choose what it is for.",
                    number=i + 1,
                )
            penalty: dict[str, Any] = {"seat": v.whole(f"penalty_seat_{i}")}
            if kind == "points":
                if amount is None:
                    raise FieldProblem(
                        f"penalty_points_{i}",
                        "Penalty %(number)s: give the points it costs.",
                        number=i + 1,
                    )
                penalty["points"] = amount
                if to:
                    penalty["to"] = v.whole(f"penalty_to_{i}")
            else:  # the rules price it: an amount left in the hidden inputs does not count
                penalty["kind"] = kind
            penalties.append(penalty)
        return penalties


def _whole(name: str, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise FieldProblem(name, "Enter a whole number.") from None


def _melds(text: str) -> list[dict[str, str]] | None:
    """``"pon 555z, chi 234p"`` as the game record's melds; None when it is not that shape."""
    melds = []
    for part in filter(None, (p.strip() for p in text.replace(";", ",").split(","))):
        kind, _, tiles = part.partition(" ")
        if kind not in MELD_KINDS or not tiles.strip():
            return None
        melds.append({"kind": kind, "tiles": tiles.strip()})
    return melds
