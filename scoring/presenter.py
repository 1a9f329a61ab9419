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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from core.formats import points, printed, uma_text
from scoring.engine import Entry, Limit, PenaltyPrice, SettlementTerms

# ---------------------------------------------------------------------------------------------
# Vocabulary

WINDS = ("E", "S", "W", "N")
WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}
WIND_CHARACTERS = (("東", "East"), ("南", "South"), ("西", "West"), ("北", "North"))
"""Each wind's character with its name, East to North, as the printed sheet heads the seats."""

RESULT_WORDS = {
    "ron": "Ron",
    "tsumo": "Tsumo",
    "draw": "Draw",
    "abortive": "Abortive",
    "chombo": "Chombo",
}
"""A hand's result on the entry form's buttons."""
OUTCOME_WORDS = {
    "ron": "Ron",
    "tsumo": "Tsumo",
    "draw": "Exhaustive draw",
    "abortive": "Abortive draw",
    "chombo": "Chombo",
}
"""A hand's result as the printed sheet names it."""
MULTI_RON = {2: "Double ron", 3: "Triple ron"}

ABORT_WORDS = {
    "nine_terminals": "nine terminals",
    "four_winds": "four winds",
    "four_kongs": "four kongs",
    "four_riichi": "four riichi",
    "triple_ron": "triple ron",
}


@dataclass(frozen=True)
class PenaltyWords:
    """A penalty kind's names: in a hand's line on the pages, on the printed sheet, and on the
    entry form (where the rules' price follows in brackets)."""

    line: str
    sheet: str
    offer: str


PENALTY_WORDS = {
    "false_out": PenaltyWords("false win", "faulty out", "Faulty out, play goes on"),
    "false_ready": PenaltyWords(
        "false ready", "faulty ready declaration", "Faulty ready declaration"
    ),
    "false_claim": PenaltyWords("false claim", "faulty claim", "Faulty claim"),
}
POINTS_PENALTY = "Points (enter the amount)"
"""The entry form's penalty that is an amount in points, not a kind the rules price."""

LIMIT_WORDS = {
    "mangan": "Mangan",
    "haneman": "Haneman",
    "baiman": "Baiman",
    "sanbaiman": "Sanbaiman",
    "limit": "Limit",
    "yakuman": "Yakuman",
    "double_yakuman": "Double yakuman",
}
YAKUMAN_WORDS = {1: "yakuman", 2: "double yakuman", 3: "triple yakuman"}

ACTION_WORDS = {
    "game.created": "started the game",
    "game.imported": "imported the game",
    "hand.recorded": "entered",
    "hand.corrected": "corrected",
    "hand.deleted": "deleted",
    "game.confirmations_cleared": "cleared the confirmations of",
    "game.finished": "finished the game",
    "game.abandoned": "abandoned the game",
    "game.confirmed": "confirmed",
    "player.pin_refused": "typed a wrong PIN for",
}
"""An audit entry's action in the game's trail ("bob entered hand 3")."""

TENTHS = "points_1000"
"""``final["unit"]`` of results in points of 1,000, kept as tenths in the seats (27.3 is 273)."""
POINTS = "points"
"""``final["unit"]`` of results that are final minus start points."""
UNIT_WORDS = {TENTHS: "points of 1,000", POINTS: "points"}


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
    return UNIT_WORDS[TENTHS] if unit == TENTHS else UNIT_WORDS[POINTS]


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
        return f"{n:+.1f}"
    return f"{n:+,}" if n else "0"


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
        return f"{sign}{whole}.{tenth}"
    return f"{sign}{abs(value)}"


def printed_result(value: Any, unit: str) -> str:
    """A final result (as ``final["results"]`` holds it) on the printed sheet.

    >>> printed_result(27.3, TENTHS), printed_result(-2300, POINTS), printed_result(None, POINTS)
    ('+27.3', '\u22122,300', '')
    """
    if value is None:
        return ""
    if unit == TENTHS:
        return printed(f"{value:+.1f}")
    return printed(f"{value:+,}")


ABOVE_WORDS = {1: "one", 2: "two", 3: "three"}
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
            uma = f"by players above return: {', '.join(tables)}"
        else:
            uma = uma_text(terms.uma[0][1])
        return f"uma {uma} · start {start:,} · return {terms.return_points:,}"
    return f"final minus start points ({start:,})"


# ---------------------------------------------------------------------------------------------
# The entry form's labels


def limit_label(limit: Limit) -> str:
    """A limit button's label.

    >>> limit_label(Limit("haneman", han=6)), limit_label(Limit("double_yakuman", yakuman=2))
    ('Haneman', 'Double yakuman')
    """
    return LIMIT_WORDS.get(limit.name, limit.name)


def penalty_label(price: PenaltyPrice) -> str:
    """A penalty the rules price, as the entry form offers it, with its price.

    >>> penalty_label(PenaltyPrice("false_claim", "to_winner", 1000))
    'Faulty claim (1,000 to the winner)'
    >>> penalty_label(PenaltyPrice("false_ready", "limit_each_at_draw", None))
    'Faulty ready declaration (at a draw)'
    """
    offer = PENALTY_WORDS[price.kind].offer if price.kind in PENALTY_WORDS else price.kind
    if price.payment == "to_winner":
        return f"{offer} ({points(price.points)} to the winner)"
    if price.payment == "limit_each_at_draw":
        return f"{offer} (at a draw)"
    return f"{offer} ({points(price.points)} off)"


def score_label(entry: Entry) -> str:
    """What the entry form calls a hand's score typed in whole."""
    return "Fixed score" if entry.points_doubles else "Score in basic points"


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
    """
    if win.get("yakuman"):
        n = win["yakuman"]
        return YAKUMAN_WORDS.get(n, f"{n}-fold yakuman")
    if win.get("han") is not None:
        return (
            f"{win['han']} han"
            + (f" {win['fu']} fu" if win.get("fu") else "")
            + (f", {win['dora']} dora" if win.get("dora") else "")
        )
    if win.get("points") is not None:
        called = win.get("doubles") or 0
        paid = called + riichi_doubles
        text = f"{win['points']} points, {paid} double" + ("" if paid == 1 else "s")
        if riichi_doubles:
            text += f" with {riichi_doubles} for riichi"
        return text
    if win.get("score") is not None:
        return f"score {win['score']:,}"
    return ""


def win_words(win: Mapping[str, Any], data: Mapping[str, Any], riichi_doubles: int = 0) -> str:
    """A win of the hand ``data`` in words, with the riichi doubles when its seat declared
    (a fixed score takes none, as the engine pays it)."""
    declared = win.get("seat") in (data.get("riichi") or ()) and win.get("score") is None
    return value_words(win, riichi_doubles=riichi_doubles if declared else 0)


def _names(seats: Sequence[int], names: Sequence[str]) -> str:
    return ", ".join(names[s] for s in seats) if seats else "nobody"


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
    if result in ("ron", "tsumo"):
        how = f"on {names[data['from']]}'s discard" if result == "ron" else "by self-draw"
        wins = [
            (
                names[w["seat"]],
                win_words(w, data, riichi_doubles)
                + (f"; pao: {names[w['pao']]}" if w.get("pao") is not None else ""),
            )
            for w in data.get("wins") or []
        ]
        if len(wins) == 1:  # "Chiara won on Bruno's discard (3 han 40 fu)"
            text = f"{wins[0][0]} won {how} ({wins[0][1]})"
        else:  # "Chiara (3 han 40 fu) and Daiki (5 han) won on Bruno's discard"
            each = [f"{name} ({value})" for name, value in wins]
            text = f"{', '.join(each[:-1])} and {each[-1]} won {how}"
    elif result == "draw":
        text = f"Draw; ready: {_names(data.get('tenpai') or [], names)}"
        if data.get("nagashi"):
            text += f"; nagashi mangan: {_names(data['nagashi'], names)}"
    elif result == "abortive":
        text = f"Abortive draw ({ABORT_WORDS.get(data.get('reason', ''), data.get('reason'))})"
    elif result == "chombo":
        text = f"Chombo by {names[data['offender']]}"
    else:
        text = str(result)
    if data.get("riichi"):
        text += f"; riichi: {_names(data['riichi'], names)}"
    for p in data.get("penalties") or []:
        kind = p.get("kind") or ""
        what = (
            PENALTY_WORDS[kind].line if kind in PENALTY_WORDS else f"{p.get('points', 0):,} points"
        )
        if p.get("to") is not None:
            what += f" to {names[p['to']]}"
        text += f"; penalty: {names[p['seat']]} ({what})"
    if data.get("note"):
        text += f"; note: “{data['note']}”"
    return text


def _sheet_names(names: Sequence[str], seats: Any) -> str:
    return ", ".join(names[s] for s in seats)


def _sheet_win(
    win: Mapping[str, Any], data: Mapping[str, Any], names: Sequence[str], doubles: int
) -> str:
    text = f"{names[win['seat']]} {win_words(win, data, doubles)}"
    if win.get("pao") is not None:
        text += f", {names[win['pao']]} liable (pao)"
    return text


def _sheet_penalty(p: Mapping[str, Any], names: Sequence[str]) -> str:
    who = names[p["seat"]]
    if p.get("kind"):
        kind = p["kind"]
        return f"Penalty: {who}, {PENALTY_WORDS[kind].sheet if kind in PENALTY_WORDS else kind}"
    to = f" to {names[p['to']]}" if p.get("to") is not None else " off the table"
    return f"Penalty: {who} pays {points(p.get('points', 0))}{to}"


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
        outcome = "Tsumo" if result == "tsumo" else MULTI_RON.get(len(wins), "Ron")
        details.extend(_sheet_win(w, data, names, riichi_doubles) for w in wins)
        if result == "ron":
            details.append(f"from {names[data['from']]}")
        if data.get("losers"):
            losers = data["losers"]
            details.append("losers: " + "; ".join(_sheet_win(w, {}, names, 0) for w in losers if w))
    elif result == "draw":
        outcome = OUTCOME_WORDS["draw"]
        tenpai = data.get("tenpai") or []
        details.append(f"ready: {_sheet_names(names, tenpai)}" if tenpai else "nobody ready")
        if data.get("nagashi"):
            details.append(f"nagashi mangan: {_sheet_names(names, data['nagashi'])}")
    elif result == "abortive":
        outcome = OUTCOME_WORDS["abortive"]
        details.append(ABORT_WORDS.get(data.get("reason", ""), str(data.get("reason", ""))))
    elif result == "chombo":
        outcome = OUTCOME_WORDS["chombo"]
        details.append(f"by {names[data['offender']]}")
    else:
        outcome = str(result)
    details.extend(_sheet_penalty(p, names) for p in data.get("penalties") or [])
    if data.get("note"):
        details.append(f"“{data['note']}”")
    return outcome, tuple(details)
