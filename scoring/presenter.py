"""The words of the site and the formats of a game's results: one source for pages, API, PDF,
CSV and the audit trail (and the one file the translations will translate). Numbers as such
are written by :mod:`core.formats`.

Nothing here computes a point: it writes out what the engine decided and the caches hold. The
vocabulary comes first (winds, results, abort reasons, penalties, limits, actions, the result
unit), then the results' formats, then a hand in words, as one line for the pages and the trail
(:func:`hand_line`) and as an outcome with its details for the printed sheet
(:func:`hand_outcome`).

>>> names = ["Aiko", "Bruno", "Chiara", "Daiki"]
>>> hand = {"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 40}], "riichi": [3]}
>>> hand_line(hand, names)
"Chiara won on Bruno's discard (3 han 40 fu); riichi: Daiki"
>>> hand_outcome(hand, names)
('Ron', ('Chiara 3 han 40 fu', 'from Bruno'))
>>> signed(3900), signed(-1000)
('+3,900', '-1,000')
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from core.formats import points, signed_points, uma_text
from engine import Entry, Limit, PenaltyPrice, Rules, SettlementTerms, Unit, seats_in_hand
from engine.italian import LIMIT_HANDS
from engine.types import Breakdown
from engine.yaku import TABLES as YAKU_TABLES
from engine.yaku import HanBreakdown

Breakdowns = Sequence[tuple[int, Breakdown | HanBreakdown]]
"""A hand result's breakdowns, each with its seat (``engine.HandResult.breakdowns``)."""

# ---------------------------------------------------------------------------------------------
# Vocabulary

LIMIT_HAND_NAMES = {id: name for id, (name, _score) in LIMIT_HANDS.items()}

WINDS = ("E", "S", "W", "N")
WIND_NAMES = {"E": _("East"), "S": _("South"), "W": _("West"), "N": _("North")}
SITS_OUT = pgettext_lazy("seat", "Sits out")
"""The seat sitting a hand out with five at a table, where the others show their winds."""
WIND_CHARACTERS = (("東", _("East")), ("南", _("South")), ("西", _("West")), ("北", _("North")))
"""Each wind's character with its name, East to North, as the printed sheet heads the seats."""
SITS_OUT_CHARACTER = ("抜", pgettext_lazy("seat", "Sits out"))
"""Five at a table: the seat that sits East 1 out, as the printed sheet heads it (抜け番)."""

RESULT_WORDS = {
    "ron": pgettext_lazy("result button", "Ron"),
    "tsumo": pgettext_lazy("result button", "Tsumo"),
    "draw": pgettext_lazy("result button", "Draw"),
    "abortive": pgettext_lazy("result button", "Abortive"),
    "chombo": pgettext_lazy("result button", "Chombo"),
}
"""A hand's result on the entry form's buttons."""
OUTCOME_WORDS = {
    "ron": pgettext_lazy("outcome", "Ron"),
    "tsumo": pgettext_lazy("outcome", "Tsumo"),
    "draw": _("Exhaustive draw"),
    "abortive": _("Abortive draw"),
    "chombo": pgettext_lazy("outcome", "Chombo"),
}
"""A hand's result as the printed sheet names it."""
MULTI_RON = {2: _("Double ron"), 3: _("Triple ron")}

ABORT_WORDS = {
    "nine_terminals": _("nine terminals"),
    "four_winds": _("four winds"),
    "four_kongs": _("four kongs"),
    "four_riichi": _("four riichi"),
    "triple_ron": _("triple ron"),
}


@dataclass(frozen=True)
class PenaltyWords:
    """A penalty kind's names: in a hand's line on the pages, on the printed sheet, and on the
    entry form (where the rules' price follows in brackets)."""

    line: Any
    sheet: Any
    offer: Any


PENALTY_WORDS = {
    "false_out": PenaltyWords(_("false win"), _("faulty out"), _("Faulty out, play goes on")),
    "false_ready": PenaltyWords(
        _("false ready"), _("faulty ready declaration"), _("Faulty ready declaration")
    ),
    "false_claim": PenaltyWords(_("false claim"), _("faulty claim"), _("Faulty claim")),
}
POINTS_PENALTY = _("Points (enter the amount)")
"""The entry form's penalty that is an amount in points, not a kind the rules price."""

LIMIT_WORDS = {
    "mangan": _("Mangan"),
    "haneman": _("Haneman"),
    "baiman": _("Baiman"),
    "sanbaiman": _("Sanbaiman"),
    "limit": pgettext_lazy("limit button", "Limit"),
    "yakuman": _("Yakuman"),
    "double_yakuman": _("Double yakuman"),
}
YAKUMAN_WORDS = {1: _("yakuman"), 2: _("double yakuman"), 3: _("triple yakuman")}

ACTION_WORDS = {
    "game.created": pgettext_lazy("audit trail", "started the game"),
    "game.imported": pgettext_lazy("audit trail", "imported the game"),
    "game.entered_by_final_scores": pgettext_lazy(
        "audit trail", "entered the game by its final scores"
    ),
    "game.final_scores_corrected": pgettext_lazy("audit trail", "corrected the final scores"),
    "hand.recorded": pgettext_lazy("audit trail", "entered"),
    "hand.corrected": pgettext_lazy("audit trail", "corrected"),
    "hand.deleted": pgettext_lazy("audit trail", "deleted"),
    "hand.undone": pgettext_lazy("audit trail", "undid"),
    "hand.redone": pgettext_lazy("audit trail", "restored"),
    "game.confirmations_cleared": pgettext_lazy("audit trail", "cleared the confirmations of"),
    "game.finished": pgettext_lazy("audit trail", "finished the game"),
    "game.abandoned": pgettext_lazy("audit trail", "abandoned the game"),
    "game.confirmed": pgettext_lazy("audit trail", "confirmed"),
    "player.pin_refused": pgettext_lazy("audit trail", "typed a wrong PIN for"),
}
"""An audit entry's action in the game's trail ("bob entered hand 3")."""

UNIT_WORDS = {
    Unit.TENTHS: _("points of 1,000"),
    Unit.POINTS: pgettext_lazy("result unit", "points"),
}
"""A result unit in words (results in tenths are written as points of 1,000: +27.3)."""


# A hand's label in the reader's words. The record's label ("E3-2": East round, hand 3, 2
# counters) is a contract and stays; pages and sheets show it as a player of the language
# says it: Japanese 東3局 2本場, Italian with its wind initials (Est, Sud, Ovest, Nord: O3-2).
ROUND_INITIALS = {
    "E": pgettext_lazy("round wind initial", "E"),
    "S": pgettext_lazy("round wind initial", "S"),
    "W": pgettext_lazy("round wind initial", "W"),
    "N": pgettext_lazy("round wind initial", "N"),
}
_LABEL = re.compile(r"(?P<wind>[ESWN])(?P<number>[0-9]+)(?:-(?P<honba>[0-9]+))?")


def hand_name(label: str, *, tight: bool = False) -> str:
    """A hand's record label as the reader says it; ``tight`` where space is short (a sheet's
    column, a heading's side). A label it cannot read is shown as it is.

    >>> hand_name("E3-2"), hand_name("W1"), hand_name("")
    ('E3-2', 'W1', '')
    """
    m = _LABEL.fullmatch(label or "")
    if m is None:
        return label
    words = {"wind": ROUND_INITIALS[m["wind"]], "number": m["number"], "honba": m["honba"]}
    if not m["honba"]:
        return pgettext("hand label", "%(wind)s%(number)s") % words
    if tight:
        return pgettext("hand label, tight", "%(wind)s%(number)s-%(honba)s") % words
    return pgettext("hand label", "%(wind)s%(number)s-%(honba)s") % words


def hand_name_words() -> dict[str, Any]:
    """What :func:`hand_name` reads a label with, for a script that words labels the engine
    computed on the phone (``scoring.offline.phone_engine``): the round initials and the two
    patterns, ``{wind}``, ``{number}`` and ``{honba}`` standing for the parts."""
    parts = {"wind": "{wind}", "number": "{number}", "honba": "{honba}"}
    return {
        "initials": {wind: str(word) for wind, word in ROUND_INITIALS.items()},
        "plain": pgettext("hand label", "%(wind)s%(number)s") % parts,
        "honba": pgettext("hand label", "%(wind)s%(number)s-%(honba)s") % parts,
    }


def seat_winds(dealer: int, seats: int = 4) -> list[str]:
    """Each seat's wind in a hand dealt by ``dealer`` (the dealer sits East) at a table of
    ``seats``: a three-player table has no North; with five at a table the seat sitting the
    hand out has no wind ("").

    >>> seat_winds(0), seat_winds(2), seat_winds(2, seats=3)
    (['E', 'S', 'W', 'N'], ['W', 'N', 'E', 'S'], ['S', 'W', 'E'])
    >>> seat_winds(2, seats=5)
    ['N', '', 'E', 'S', 'W']
    """
    playing = seats_in_hand(Rules(players=seats), dealer)
    winds = [""] * seats
    for i, seat in enumerate(playing):
        winds[seat] = WINDS[i]
    return winds


def start_winds(first_east: int, seats: int = 4) -> list[tuple[str, str]]:
    """Each seat's wind character and name when the game started, the seat that dealt East 1
    sitting East (the printed sheet's heading), at a table of ``seats``.

    >>> [w for w, _ in start_winds(0)], [w for w, _ in start_winds(1)]
    (['東', '南', '西', '北'], ['北', '東', '南', '西'])
    >>> [w for w, _ in start_winds(1, seats=3)]
    ['西', '東', '南']
    """
    return [WIND_CHARACTERS[(seat - first_east) % seats] for seat in range(seats)]


def unit_words(unit: Unit | str) -> str:
    """The result unit in words: ``points of 1,000`` or ``points`` (an :class:`engine.Unit`;
    the record's JSON name ``points_1000`` is refused, as by :func:`core.formats.result_text`)."""
    return str(UNIT_WORDS[Unit(unit)])


# ---------------------------------------------------------------------------------------------
# Numbers


def signed(n: int | None) -> str:
    """A change of points written with its sign: ``+3,900``, ``-1,000``, ``0``; empty for None.
    (A game's result is :func:`core.formats.result_text`'s.)

    >>> signed(-1000), signed(0), signed(None)
    ('-1,000', '0', '')
    """
    if n is None:
        return ""
    return signed_points(n)


ABOVE_WORDS = {1: _("one"), 2: _("two"), 3: _("three")}
"""A floating uma table's name: how many players finish above the return points."""


def settlement_text(terms: SettlementTerms) -> str:
    """A game's settlement in one line, from the engine's terms.

    >>> from engine import resolve_rules, settlement_terms
    >>> settlement_text(settlement_terms(resolve_rules("ema")))
    'uma +15/+5/-5/-15 · start 30,000 · return 30,000'
    >>> settlement_text(settlement_terms(resolve_rules("italian-official")))
    'final minus start points (5,000)'
    """
    start = terms.start_points
    if terms.placement:
        if terms.uma[0][0]:  # floating: a table for each count of players above the return
            tables = [f"{ABOVE_WORDS[n]} {uma_text(uma)}" for n, uma in terms.uma]
            uma = gettext("by players above return: %(tables)s") % {"tables": ", ".join(tables)}
        else:
            uma = uma_text(terms.uma[0][1])
        return gettext("uma %(uma)s · start %(start)s · return %(return)s") % {
            "uma": uma,
            "start": points(start),
            "return": points(terms.return_points),
        }
    return gettext("final minus start points (%(start)s)") % {"start": points(start)}


# ---------------------------------------------------------------------------------------------
# The entry form's labels


def limit_label(limit: Limit) -> str:
    """A limit button's label.

    >>> limit_label(Limit("haneman", han=6)), limit_label(Limit("double_yakuman", yakuman=2))
    ('Haneman', 'Double yakuman')
    """
    return str(LIMIT_WORDS.get(limit.name, limit.name))


def penalty_label(price: PenaltyPrice) -> str:
    """A penalty the rules price, as the entry form offers it, with its price.

    >>> penalty_label(PenaltyPrice("false_claim", "to_winner", 1000))
    'Faulty claim (1,000 to the winner)'
    >>> penalty_label(PenaltyPrice("false_ready", "limit_each_at_draw", None))
    'Faulty ready declaration (at a draw)'
    """
    offer = PENALTY_WORDS[price.kind].offer if price.kind in PENALTY_WORDS else price.kind
    if price.payment == "to_winner":
        return gettext("%(offer)s (%(points)s to the winner)") % {
            "offer": offer,
            "points": points(price.points),
        }
    if price.payment == "limit_each_at_draw":
        return gettext("%(offer)s (at a draw)") % {"offer": offer}
    return gettext("%(offer)s (%(points)s off)") % {"offer": offer, "points": points(price.points)}


def score_label(entry: Entry) -> str:
    """What the entry form calls a hand's score typed in whole."""
    return gettext("Fixed score") if entry.points_doubles else gettext("Score in basic points")


# ---------------------------------------------------------------------------------------------
# A hand in words


def value_words(
    win: Mapping[str, Any], *, riichi_doubles: int = 0, counted: Breakdown | None = None
) -> str:
    """A win (or a loser's hand) in words, as the table called it: the one place that says
    what a hand was worth, for the pages and the printed sheets alike. ``riichi_doubles`` are
    the doubles the rules add to this hand for its riichi (0 when it declared none).
    ``counted`` is the engine's count of a hand given by its parts (its result's breakdown
    for the seat): such a hand is worth the points and doubles the engine counted, written as
    a hand entered by its points and doubles is.

    >>> value_words({"seat": 2, "han": 3, "fu": 40}), value_words({"seat": 2, "yakuman": 2})
    ('3 han 40 fu', 'double yakuman')
    >>> value_words({"seat": 1, "han": 3, "fu": 30, "dora": 1})
    '3 han 30 fu, 1 dora'
    >>> value_words({"seat": 0, "points": 20, "doubles": 3}, riichi_doubles=1)
    '20 points, 4 doubles with 1 for riichi'
    >>> value_words({"seat": 0, "points": 8, "doubles": 1}), value_words({"seat": 1, "score": 200})
    ('8 points, 1 double', 'score 200')
    >>> value_words({"seat": 1, "yaku": ["yakuhai_haku", "honitsu"], "open": True, "fu": 40})
    'yakuhai haku, honitsu; open, 40 fu'
    >>> value_words({"seat": 1, "tiles": "234567m234p45688s", "win": "6s"})
    'tiles 234567m234p45688s, won on 6s'
    >>> value_words({"seat": 1, "parts": {"win": True, "limit_hand": "nine_gates"}})
    'nine gates (limit hand)'
    >>> value_words({"seat": 2, "parts": {"win": True, "flowers": 2}},
    ...             counted=Breakdown(items=(), points=28, doubles=1))
    '28 points, 1 double'
    >>> value_words({"seat": 2, "han": 1, "fu": 30, "north": 2})
    '1 han 30 fu, 2 north tiles'
    """
    if win.get("north"):  # three players: the north tiles set aside, on top of the han given
        rest = {k: v for k, v in win.items() if k != "north"}
        north = ngettext("%(n)s north tile", "%(n)s north tiles", win["north"]) % {
            "n": win["north"]
        }
        return value_words(rest, riichi_doubles=riichi_doubles, counted=counted) + ", " + north
    if win.get("tiles"):
        text = gettext("tiles %(tiles)s, won on %(win)s") % {
            "tiles": win["tiles"],
            "win": win.get("win", "?"),
        }
        return text + "".join(
            pgettext("list of yaku", ", ") + yaku_word(y) for y in win.get("yaku") or []
        )
    if win.get("yaku") is not None:
        extra = [
            *([pgettext("hand", "open")] if win.get("open") else []),
            *([gettext("%(fu)s fu") % {"fu": win["fu"]}] if win.get("fu") else []),
            *([gettext("%(n)s dora") % {"n": win["dora"]}] if win.get("dora") else []),
        ]
        named = pgettext("list of yaku", ", ").join(yaku_word(y) for y in win["yaku"])
        named = named or gettext("no yaku")
        return named + (f"; {', '.join(extra)}" if extra else "")
    parts = win.get("parts")
    if isinstance(parts, dict):
        if parts.get("limit_hand"):
            return limit_hand_words(str(parts["limit_hand"]))
        if counted is not None and counted.score is None:
            worth = {"points": counted.points, "doubles": counted.doubles}
            return value_words(worth, riichi_doubles=riichi_doubles)
        return gettext("counted from its parts")
    if win.get("yakuman"):
        n = win["yakuman"]
        if n in YAKUMAN_WORDS:
            return str(YAKUMAN_WORDS[n])
        return gettext("%(n)s-fold yakuman") % {"n": n}
    if win.get("han") is not None:
        text = gettext("%(han)s han") % {"han": win["han"]}
        if win.get("fu"):
            text = gettext("%(han)s han %(fu)s fu") % {"han": win["han"], "fu": win["fu"]}
        if win.get("dora"):
            text = gettext("%(value)s, %(dora)s dora") % {"value": text, "dora": win["dora"]}
        return text
    if win.get("points") is not None:
        called = win.get("doubles") or 0
        paid = called + riichi_doubles
        text = ngettext(
            "%(points)s points, %(doubles)s double",
            "%(points)s points, %(doubles)s doubles",
            paid,
        ) % {"points": win["points"], "doubles": paid}
        if riichi_doubles:
            text = gettext("%(value)s with %(riichi)s for riichi") % {
                "value": text,
                "riichi": riichi_doubles,
            }
        return text
    if win.get("score") is not None:
        return gettext("score %(score)s") % {"score": points(win["score"])}
    return ""


def _engine_word(name: str, default: str) -> str:
    """One of the engine's words (marked in scoring/engine_words.py) in the reader's language;
    ``default`` where it has no translation (in English, the short form the pages use)."""
    translated = gettext(name) if name else name
    return default if translated == name else translated


def _yaku_names() -> dict[str, str]:
    # A yaku's name in the yaku tables, the site's own preset's table first.
    names: dict[str, str] = {}
    for table in sorted(YAKU_TABLES.values(), key=lambda t: t.id != "japanese-modern"):
        for y in table.yaku:
            names.setdefault(y.id, y.name)
    return names


YAKU_NAMES = _yaku_names()


def yaku_word(yaku: str) -> str:
    """A yaku of a hand in words: in English its own name as tables write it (``pinfu``),
    in another language the yaku tables' name translated (平和 in Japanese).

    >>> yaku_word("menzen_tsumo"), yaku_word("no_such_yaku")
    ('menzen tsumo', 'no such yaku')
    """
    return _engine_word(YAKU_NAMES.get(yaku, ""), yaku.replace("_", " "))


def limit_hand_words(limit_hand: str) -> str:
    """A Standard limit hand as a hand's value: ``thirteen orphans (limit hand)``."""
    name = _engine_word(LIMIT_HAND_NAMES.get(limit_hand, ""), limit_hand.replace("_", " "))
    return gettext("%(name)s (limit hand)") % {"name": name}


# The words of a Standard breakdown's parts, as the engine writes them (engine/italian.py,
# count_parts): each is read back here and worded with the marked names of its pieces.
_SET = re.compile(
    r"(?P<state>concealed|exposed) (?P<kind>pung|kong) of (?P<tiles>simples|terminals|honours)"
    r"(?: \((?P<honour>[a-z ]+)\))?"
)
_PAIR = re.compile(r"pair \((?P<pair>[a-z ]+)\)")
_FLOWERS = re.compile(r"(?P<n>\d+) flowers and seasons")
_INCLUDED_IN = re.compile(r"(?P<name>[a-z0-9 ]+) \(included in (?P<outer>[a-z0-9 ]+)\)")
_INCLUDING = re.compile(r"(?P<name>[a-z0-9 ]+) \((?P<inner>[a-z0-9 ]+) included\)")
_LIMIT_HAND = re.compile(r"(?P<name>.+) \(limit hand\)")
SET_WORDS = {
    ("exposed", "pung", "simples"): pgettext_lazy("Standard set", "exposed pung of simples"),
    ("exposed", "pung", "terminals"): pgettext_lazy("Standard set", "exposed pung of terminals"),
    ("exposed", "pung", "honours"): pgettext_lazy("Standard set", "exposed pung of honours"),
    ("exposed", "kong", "simples"): pgettext_lazy("Standard set", "exposed kong of simples"),
    ("exposed", "kong", "terminals"): pgettext_lazy("Standard set", "exposed kong of terminals"),
    ("exposed", "kong", "honours"): pgettext_lazy("Standard set", "exposed kong of honours"),
    ("concealed", "pung", "simples"): pgettext_lazy("Standard set", "concealed pung of simples"),
    ("concealed", "pung", "terminals"): pgettext_lazy(
        "Standard set", "concealed pung of terminals"
    ),
    ("concealed", "pung", "honours"): pgettext_lazy("Standard set", "concealed pung of honours"),
    ("concealed", "kong", "simples"): pgettext_lazy("Standard set", "concealed kong of simples"),
    ("concealed", "kong", "terminals"): pgettext_lazy(
        "Standard set", "concealed kong of terminals"
    ),
    ("concealed", "kong", "honours"): pgettext_lazy("Standard set", "concealed kong of honours"),
}
# The parts whose words are one of the engine's marked names (patterns_list), and those that are
# the site's own.
PART_NAMES = {
    "winning": "Winning",
    "self drawn": "Self-drawn",
    "only tile": "Only possible tile",
    "out on pair": "Out on a pair",
    "all flowers": "All flowers",
    "all seasons": "All seasons",
}
PART_WORDS = {"own flower or season": _("own flower or season")}


def _piece(words: str) -> str:
    """A pattern, honour or pair of the engine's parts (``chow hand``, ``seat wind``) in the
    reader's language, by its marked name (``Chow hand``)."""
    return _engine_word(words[:1].upper() + words[1:], words)


def part_words(part: str) -> str:
    """A part of a Standard hand's breakdown in the reader's language; words it cannot read
    are shown as the engine wrote them.

    >>> part_words("exposed pung of honours (dragon)"), part_words("3 flowers and seasons")
    ('exposed pung of honours (dragon)', '3 flowers and seasons')
    """
    if part in PART_NAMES:
        return _engine_word(PART_NAMES[part], part)
    if part in PART_WORDS:
        return str(PART_WORDS[part])
    if m := _SET.fullmatch(part):
        text = str(SET_WORDS[m["state"], m["kind"], m["tiles"]])
        if m["honour"]:
            text = gettext("%(set)s (%(honour)s)") % {"set": text, "honour": _piece(m["honour"])}
        return text
    if m := _PAIR.fullmatch(part):
        return gettext("pair (%(pair)s)") % {"pair": _piece(m["pair"])}
    if m := _FLOWERS.fullmatch(part):
        n = int(m["n"])
        return ngettext("%(n)s flower or season", "%(n)s flowers and seasons", n) % {"n": n}
    if m := _INCLUDED_IN.fullmatch(part):
        return gettext("%(name)s (included in %(outer)s)") % {
            "name": _piece(m["name"]),
            "outer": _piece(m["outer"]),
        }
    if m := _INCLUDING.fullmatch(part):
        inner = [_piece(p) for p in m["inner"].split(" and ")]
        return gettext("%(name)s (%(inner)s included)") % {
            "name": _piece(m["name"]),
            "inner": gettext("%(first)s and %(last)s")
            % {
                "first": ", ".join(inner[:-1]),
                "last": inner[-1],
            }
            if len(inner) > 1
            else inner[0],
        }
    if m := _LIMIT_HAND.fullmatch(part):
        return gettext("%(name)s (limit hand)") % {"name": _engine_word(m["name"], m["name"])}
    return _piece(part)


# The reasons the site itself writes into the audit trail. They are stored in English and
# translated where they are shown; nothing is decided by them (an undo is found by its action).
_CLEARED = re.compile(
    r"The result changed after it was confirmed \((?:hand (?P<number>\d+) (?P<cause>[a-z]+)"
    r"|(?P<replay>a replay))\)\."
)
SITE_REASONS = {
    "Undo of the last hand.": _("Undo of the last hand."),
    "Redo of the undone hand.": _("Redo of the undone hand."),
}
CLEARED_WORDS = {
    "corrected": _("The result changed after it was confirmed (hand %(number)s corrected)."),
    "deleted": _("The result changed after it was confirmed (hand %(number)s deleted)."),
    "undone": _("The result changed after it was confirmed (hand %(number)s undone)."),
    "restored": _("The result changed after it was confirmed (hand %(number)s restored)."),
}
CLEARED_BY_REPLAY = _("The result changed after it was confirmed (a replay).")


MOVE_REASONS = {
    "hand.undone": _("Undo of the last hand."),
    "hand.redone": _("Redo of the undone hand."),
}
"""The reason an undo and a redo show, whatever words they were stored with."""


def entry_reason(action: str, reason: str) -> str:
    """The reason an audit entry shows: an undo's and a redo's follow from their action, any
    other is :func:`reason_text`.

    >>> entry_reason("hand.undone", "Undo"), entry_reason("hand.deleted", "entered twice")
    ('Undo of the last hand.', 'entered twice')
    """
    if action in MOVE_REASONS:
        return str(MOVE_REASONS[action])
    return reason_text(reason)


def reason_text(reason: str) -> str:
    """An audit entry's reason as it is shown: the site's own reasons in the reader's
    language, a person's as they typed it.

    >>> reason_text("Undo of the last hand."), reason_text("entered twice")
    ('Undo of the last hand.', 'entered twice')
    """
    if reason in SITE_REASONS:
        return str(SITE_REASONS[reason])
    if m := _CLEARED.fullmatch(reason or ""):
        if m["replay"]:
            return str(CLEARED_BY_REPLAY)
        if m["cause"] in CLEARED_WORDS:
            return str(CLEARED_WORDS[m["cause"]]) % {"number": m["number"]}
    return reason


def win_words(
    win: Mapping[str, Any],
    data: Mapping[str, Any],
    riichi_doubles: int = 0,
    breakdowns: Breakdowns = (),
) -> str:
    """A win of the hand ``data`` in words, with the riichi doubles when its seat declared
    (a fixed score takes none, as the engine pays it). ``breakdowns``: the hand's result's
    (``HandResult.breakdowns``), where the engine counted hands given by their parts."""
    declared = win.get("seat") in (data.get("riichi") or ()) and win.get("score") is None
    counted = next(
        (b for seat, b in breakdowns if seat == win.get("seat") and isinstance(b, Breakdown)),
        None,
    )
    return value_words(win, riichi_doubles=riichi_doubles if declared else 0, counted=counted)


def _names(seats: Sequence[int], names: Sequence[str]) -> str:
    return ", ".join(names[s] for s in seats) if seats else gettext("nobody")


def hand_line(
    data: Mapping[str, Any],
    names: Sequence[str],
    *,
    riichi_doubles: int = 0,
    breakdowns: Breakdowns = (),
) -> str:
    """What happened in a hand, in one line (the game page's ledger, the trail, undo and redo).

    ``riichi_doubles``: see :func:`value_words`; ``breakdowns``: the hand's result's (the
    engine's count of hands given by their parts).

    >>> hand_line({"result": "abortive", "reason": "four_winds"}, "ABCD")
    'Abortive draw (four winds)'
    >>> hand_line({"result": "draw", "tenpai": [], "penalties": [
    ...     {"seat": 1, "kind": "false_ready"}, {"seat": 2, "points": 1000, "to": 0}]}, "ABCD")
    'Draw; ready: nobody; penalty: B (false ready); penalty: C (1,000 points to A)'
    """
    result = data.get("result")
    parts: list[str] = []
    if result in ("ron", "tsumo"):
        wins = [
            (
                names[w["seat"]],
                win_words(w, data, riichi_doubles, breakdowns)
                + (f"; pao: {names[w['pao']]}" if w.get("pao") is not None else ""),
            )
            for w in data.get("wins") or []
        ]
        if len(wins) == 1:  # "Chiara won on Bruno's discard (3 han 40 fu)"
            who, value = wins[0][0], wins[0][1]
        else:  # "Chiara (3 han 40 fu) and Daiki (5 han) won on Bruno's discard"
            each = [f"{name} ({value})" for name, value in wins]
            who = gettext("%(first)s and %(last)s") % {
                "first": ", ".join(each[:-1]),
                "last": each[-1],
            }
            value = ""
        if result == "ron":
            fields = {"who": who, "from": names[data["from"]], "value": value}
            if value:
                parts.append(gettext("%(who)s won on %(from)s's discard (%(value)s)") % fields)
            else:
                parts.append(gettext("%(who)s won on %(from)s's discard") % fields)
        elif value:
            parts.append(
                gettext("%(who)s won by self-draw (%(value)s)") % {"who": who, "value": value}
            )
        else:
            parts.append(gettext("%(who)s won by self-draw") % {"who": who})
    elif result == "draw":
        parts.append(gettext("Draw"))
        parts.append(
            gettext("ready: %(names)s") % {"names": _names(data.get("tenpai") or [], names)}
        )
        if data.get("nagashi"):
            parts.append(
                gettext("nagashi mangan: %(names)s") % {"names": _names(data["nagashi"], names)}
            )
    elif result == "abortive":
        reason = ABORT_WORDS.get(data.get("reason", ""), data.get("reason"))
        parts.append(gettext("Abortive draw (%(reason)s)") % {"reason": reason})
    elif result == "chombo":
        parts.append(gettext("Chombo by %(name)s") % {"name": names[data["offender"]]})
    else:
        parts.append(str(result))
    if data.get("riichi"):
        parts.append(gettext("riichi: %(names)s") % {"names": _names(data["riichi"], names)})
    for p in data.get("penalties") or []:
        kind = p.get("kind") or ""
        if kind in PENALTY_WORDS:
            what = str(PENALTY_WORDS[kind].line)
        else:
            what = gettext("%(points)s points") % {"points": points(p.get("points", 0))}
        if p.get("to") is not None:
            what = gettext("%(what)s to %(name)s") % {"what": what, "name": names[p["to"]]}
        parts.append(
            gettext("penalty: %(name)s (%(what)s)") % {"name": names[p["seat"]], "what": what}
        )
    if data.get("note"):
        parts.append(gettext("note: “%(note)s”") % {"note": data["note"]})
    return "; ".join(parts)


def _sheet_names(names: Sequence[str], seats: Any) -> str:
    return ", ".join(names[s] for s in seats)


def _sheet_win(
    win: Mapping[str, Any],
    data: Mapping[str, Any],
    names: Sequence[str],
    doubles: int,
    breakdowns: Breakdowns,
) -> str:
    text = f"{names[win['seat']]} {win_words(win, data, doubles, breakdowns)}"
    if win.get("pao") is not None:
        text += ", " + gettext("%(name)s liable (pao)") % {"name": names[win["pao"]]}
    return text


def _sheet_penalty(p: Mapping[str, Any], names: Sequence[str]) -> str:
    who = names[p["seat"]]
    if p.get("kind"):
        kind = p["kind"]
        what = PENALTY_WORDS[kind].sheet if kind in PENALTY_WORDS else kind
        return gettext("Penalty: %(who)s, %(what)s") % {"who": who, "what": what}
    amount = points(p.get("points", 0))
    if p.get("to") is not None:
        return gettext("Penalty: %(who)s pays %(points)s to %(to)s") % {
            "who": who,
            "points": amount,
            "to": names[p["to"]],
        }
    return gettext("Penalty: %(who)s pays %(points)s off the table") % {
        "who": who,
        "points": amount,
    }


def hand_outcome(
    data: Mapping[str, Any],
    names: Sequence[str],
    *,
    riichi_doubles: int = 0,
    breakdowns: Breakdowns = (),
) -> tuple[str, tuple[str, ...]]:
    """What happened in a hand as the printed sheet writes it: the outcome and its details
    (``riichi_doubles`` and ``breakdowns`` as :func:`hand_line` takes them).

    >>> hand_outcome({"result": "draw", "tenpai": [0, 3]}, ["Aiko", "Bruno", "Chiara", "Daiki"])
    ('Exhaustive draw', ('ready: Aiko, Daiki',))
    >>> hand_outcome({"result": "chombo", "offender": 1, "penalties": [{"seat": 1, "points": 800}]},
    ...              "ABCD")
    ('Chombo', ('by B', 'Penalty: B pays 800 off the table'))
    """
    result = data.get("result")
    details: list[str] = []
    if result in ("ron", "tsumo"):
        wins = data.get("wins", [])
        if result == "tsumo":
            outcome = str(OUTCOME_WORDS["tsumo"])
        else:
            outcome = str(MULTI_RON.get(len(wins), OUTCOME_WORDS["ron"]))
        details.extend(_sheet_win(w, data, names, riichi_doubles, breakdowns) for w in wins)
        if result == "ron":
            details.append(gettext("from %(name)s") % {"name": names[data["from"]]})
        if data.get("losers"):
            losers = "; ".join(_sheet_win(w, {}, names, 0, breakdowns) for w in data["losers"] if w)
            details.append(gettext("losers: %(losers)s") % {"losers": losers})
    elif result == "draw":
        outcome = str(OUTCOME_WORDS["draw"])
        tenpai = data.get("tenpai") or []
        if tenpai:
            details.append(gettext("ready: %(names)s") % {"names": _sheet_names(names, tenpai)})
        else:
            details.append(gettext("nobody ready"))
        if data.get("nagashi"):
            details.append(
                gettext("nagashi mangan: %(names)s")
                % {"names": _sheet_names(names, data["nagashi"])}
            )
    elif result == "abortive":
        outcome = str(OUTCOME_WORDS["abortive"])
        details.append(str(ABORT_WORDS.get(data.get("reason", ""), str(data.get("reason", "")))))
    elif result == "chombo":
        outcome = str(OUTCOME_WORDS["chombo"])
        details.append(gettext("by %(name)s") % {"name": names[data["offender"]]})
    else:
        outcome = str(result)
    details.extend(_sheet_penalty(p, names) for p in data.get("penalties") or [])
    if data.get("note"):
        details.append(f"“{data['note']}”")
    return outcome, tuple(details)
