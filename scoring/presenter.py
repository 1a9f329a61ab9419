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
>>> signed(3900), signed(27.3, TENTHS), result_text(273, TENTHS), printed_result(-10.4, TENTHS)
('+3,900', '+27.3', '+27.3', '\u221210.4')
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from core.formats import localized, points, printed, signed_points, uma_text
from scoring.engine import Entry, Limit, PenaltyPrice, SettlementTerms

# ---------------------------------------------------------------------------------------------
# Vocabulary

WINDS = ("E", "S", "W", "N")
WIND_NAMES = {"E": _("East"), "S": _("South"), "W": _("West"), "N": _("North")}
WIND_CHARACTERS = (("東", _("East")), ("南", _("South")), ("西", _("West")), ("北", _("North")))
"""Each wind's character with its name, East to North, as the printed sheet heads the seats."""

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
    "hand.recorded": pgettext_lazy("audit trail", "entered"),
    "hand.corrected": pgettext_lazy("audit trail", "corrected"),
    "hand.deleted": pgettext_lazy("audit trail", "deleted"),
    "game.confirmations_cleared": pgettext_lazy("audit trail", "cleared the confirmations of"),
    "game.finished": pgettext_lazy("audit trail", "finished the game"),
    "game.abandoned": pgettext_lazy("audit trail", "abandoned the game"),
    "game.confirmed": pgettext_lazy("audit trail", "confirmed"),
    "player.pin_refused": pgettext_lazy("audit trail", "typed a wrong PIN for"),
}
"""An audit entry's action in the game's trail ("bob entered hand 3")."""

TENTHS = "points_1000"
"""``final["unit"]`` of results in points of 1,000, kept as tenths in the seats (27.3 is 273)."""
POINTS = "points"
"""``final["unit"]`` of results that are final minus start points."""
UNIT_WORDS = {TENTHS: _("points of 1,000"), POINTS: pgettext_lazy("result unit", "points")}


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
    computed on the phone (``scoring.offline_engine``): the round initials and the two
    patterns, ``{wind}``, ``{number}`` and ``{honba}`` standing for the parts."""
    parts = {"wind": "{wind}", "number": "{number}", "honba": "{honba}"}
    return {
        "initials": {wind: str(word) for wind, word in ROUND_INITIALS.items()},
        "plain": pgettext("hand label", "%(wind)s%(number)s") % parts,
        "honba": pgettext("hand label", "%(wind)s%(number)s-%(honba)s") % parts,
    }


def seat_winds(dealer: int) -> list[str]:
    """Each seat's wind in a hand dealt by ``dealer`` (the dealer sits East).

    >>> seat_winds(0), seat_winds(2)
    (['E', 'S', 'W', 'N'], ['W', 'N', 'E', 'S'])
    """
    return [WINDS[(seat - dealer) % 4] for seat in range(4)]


def start_winds(first_east: int) -> list[tuple[str, str]]:
    """Each seat's wind character and name when the game started, the seat that dealt East 1
    sitting East (the printed sheet's heading).

    >>> [w for w, _ in start_winds(0)], [w for w, _ in start_winds(1)]
    (['東', '南', '西', '北'], ['北', '東', '南', '西'])
    """
    return [WIND_CHARACTERS[(seat - first_east) % 4] for seat in range(4)]


def unit_words(unit: str) -> str:
    """The result unit in words: ``points of 1,000`` or ``points``."""
    return str(UNIT_WORDS[TENTHS] if unit == TENTHS else UNIT_WORDS[POINTS])


# ---------------------------------------------------------------------------------------------
# Numbers


def signed(n: int | float | None, unit: str = POINTS) -> str:
    """A change written with its sign: ``+3,900``, ``-1,000``, ``0``; results of 1,000 (read
    from ``final["results"]``, where they are numbers of 1,000) with one decimal (``+27.3``).

    >>> signed(-1000), signed(0), signed(0.0, TENTHS), signed(None)
    ('-1,000', '0', '+0.0', '')
    """
    if n is None:
        return ""
    if unit == TENTHS:
        return localized(f"{n:+.1f}")
    return signed_points(n)


def result_text(value: int | None, unit: str) -> str:
    """A result kept as an integer (tenths of 1,000 points, else points): one decimal for
    tenths, a sign when not 0.

    >>> [result_text(v, TENTHS) for v in (273, -104, 0, 55, -5)]
    ['+27.3', '-10.4', '0.0', '+5.5', '-0.5']
    >>> result_text(-2300, POINTS), result_text(None, POINTS)
    ('-2300', '')
    """
    if value is None:
        return ""
    sign = "+" if value > 0 else "-" if value < 0 else ""
    if unit == TENTHS:
        whole, tenth = divmod(abs(value), 10)
        return localized(f"{sign}{whole}.{tenth}")
    return f"{sign}{abs(value)}"


def printed_result(value: Any, unit: str) -> str:
    """A final result (as ``final["results"]`` holds it) on the printed sheet.

    >>> printed_result(27.3, TENTHS), printed_result(-2300, POINTS), printed_result(None, POINTS)
    ('+27.3', '\u22122,300', '')
    """
    if value is None:
        return ""
    if unit == TENTHS:
        return printed(localized(f"{value:+.1f}"))
    return printed(localized(f"{value:+,}"))


ABOVE_WORDS = {1: _("one"), 2: _("two"), 3: _("three")}
"""A floating uma table's name: how many players finish above the return points."""


def settlement_text(terms: SettlementTerms) -> str:
    """A game's settlement in one line, from the engine's terms.

    >>> from scoring.engine import resolve_rules, settlement_terms
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


def value_words(win: Mapping[str, Any], *, riichi_doubles: int = 0) -> str:
    """A win (or a loser's hand) in words, as the table called it: the one place that says
    what a hand was worth, for the pages and the printed sheets alike. ``riichi_doubles`` are
    the doubles the rules add to this hand for its riichi (0 when it declared none).

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
    """
    if win.get("tiles"):
        named = "".join(f", {y.replace('_', ' ')}" for y in win.get("yaku") or [])
        return f"tiles {win['tiles']}, won on {win.get('win', '?')}{named}"
    if win.get("yaku") is not None:
        extra = [
            *(["open"] if win.get("open") else []),
            *([f"{win['fu']} fu"] if win.get("fu") else []),
            *([f"{win['dora']} dora"] if win.get("dora") else []),
        ]
        named = ", ".join(y.replace("_", " ") for y in win["yaku"]) or "no yaku"
        return named + (f"; {', '.join(extra)}" if extra else "")
    parts = win.get("parts")
    if isinstance(parts, dict):
        if parts.get("limit_hand"):
            return f"{str(parts['limit_hand']).replace('_', ' ')} (limit hand)"
        return "counted from its parts"
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


def win_words(win: Mapping[str, Any], data: Mapping[str, Any], riichi_doubles: int = 0) -> str:
    """A win of the hand ``data`` in words, with the riichi doubles when its seat declared
    (a fixed score takes none, as the engine pays it)."""
    declared = win.get("seat") in (data.get("riichi") or ()) and win.get("score") is None
    return value_words(win, riichi_doubles=riichi_doubles if declared else 0)


def _names(seats: Sequence[int], names: Sequence[str]) -> str:
    return ", ".join(names[s] for s in seats) if seats else gettext("nobody")


def hand_line(data: Mapping[str, Any], names: Sequence[str], *, riichi_doubles: int = 0) -> str:
    """What happened in a hand, in one line (the game page's ledger, the trail, undo and redo).

    ``riichi_doubles``: see :func:`value_words`.

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
                win_words(w, data, riichi_doubles)
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
    win: Mapping[str, Any], data: Mapping[str, Any], names: Sequence[str], doubles: int
) -> str:
    text = f"{names[win['seat']]} {win_words(win, data, doubles)}"
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
    data: Mapping[str, Any], names: Sequence[str], *, riichi_doubles: int = 0
) -> tuple[str, tuple[str, ...]]:
    """What happened in a hand as the printed sheet writes it: the outcome and its details.

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
        details.extend(_sheet_win(w, data, names, riichi_doubles) for w in wins)
        if result == "ron":
            details.append(gettext("from %(name)s") % {"name": names[data["from"]]})
        if data.get("losers"):
            losers = "; ".join(_sheet_win(w, {}, names, 0) for w in data["losers"] if w)
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
