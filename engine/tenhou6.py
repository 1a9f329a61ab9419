"""Games in the tenhou.net/6 log format: a log in, a game record out, and back.

A tenhou.net/6 log (what Tenhou's replay viewer reads, and what ``mjlog2json`` and most
converters write) is ``{"name": [...], "rule": {...}, "log": [round, ...]}``. A round is a list
of 17: ``[kyoku, honba, sticks]`` (kyoku 0-3 East 1-4, 4-7 South, 8-11 West), the four scores
at its start, the dora and ura-dora indicators, each seat's starting hand, draws and discards
(a discard ``"r<tile>"`` declares riichi), and its result: ``["和了", deltas, detail, ...]`` with
a detail ``[winner, from, liable, "30符2飜2000点", yaku...]`` per win, ``["流局", deltas]``,
``["全員聴牌"]``, ``["全員不聴"]``, ``["流し満貫", deltas]``, or an abortive draw by name. Its
deltas are the payments; the riichi deposits of the round are not in them, they show in the
next round's start (scores less 1,000, one more stick).

:func:`record_from_tenhou6` reads a four-player log as a game record under the ``tenhou`` preset
and replays it: every round must start where the engine says it starts and pay what the engine
pays, or the log is refused naming the hand. :func:`tenhou6_from_record` writes any four-player
game scored by han and fu as a log (without tiles where the record has none).

>>> log = {"name": ["A", "B", "C", "D"], "rule": {"disp": "般南喰赤", "aka": 1}, "log": [
...     [[0, 0, 0], [25000, 25000, 25000, 25000], [], [], [], [], [], [], [], [],
...      [], [], [], [], [], [], ["和了", [0, -3900, 3900, 0], [2, 1, 2, "30符3飜3900点"]]]]}
>>> record = record_from_tenhou6(log)
>>> record["hands"]
[{'result': 'ron', 'riichi': [], 'from': 1, 'wins': [{'seat': 2, 'han': 3, 'fu': 30}]}]
>>> tenhou6_from_record(record)["log"][0][16]
['和了', [0, -3900, 3900, 0], [2, 1, 2, '30符3飜3900点']]
"""

from __future__ import annotations

import dataclasses
import json
import re
import urllib.parse
from collections.abc import Mapping, Sequence
from typing import Any

from .errors import EngineError
from .flow import replay
from .payments import ron_payment, tsumo_payments, win_payments
from .presets import get_preset, resolve_rules
from .record import parse_game
from .rules import Rules
from .types import WINDS, Game, GameResult, Hand, HandResult, HandValue, Result, hand_label
from .values import base_points
from .yaku import HanBreakdown

WIN = "和了"
DRAW = "流局"
ALL_READY = "全員聴牌"
NONE_READY = "全員不聴"
NAGASHI = "流し満貫"
ABORTIVE = {
    "九種九牌": "nine_terminals",
    "四風連打": "four_winds",
    "四家立直": "four_riichi",
    "四槓散了": "four_kongs",
    "三家和了": "triple_ron",
}
ABORTIVE_NAMES = {reason: name for name, reason in ABORTIVE.items()}
# Limit names by the multiple of the limit a hand is paid, as a fraction (numerator,
# denominator); a counted yakuman is written 役満 as Tenhou writes it.
LIMIT_NAMES = ((1, 1, "満貫"), (3, 2, "跳満"), (2, 1, "倍満"), (3, 1, "三倍満"))
YAKUMAN_NAME = "役満"
POINTS_TEXT = re.compile(
    r"^(?:(?P<fu>\d+)符)?(?:(?P<han>\d+)[飜翻])?"
    r"(?P<limit>満貫|跳満|倍満|三倍満|数え役満|役満)?(?P<points>\d+(?:-\d+)?)点(?P<all>∀)?$"
)
YAKU_TEXT = re.compile(r"^(?P<name>.*)\((?:(?P<han>\d+)[飜翻]|(?P<count>ダブル|トリプル)?役満)\)$")
YAKUMAN_COUNTS = {None: 1, "ダブル": 2, "トリプル": 3}
UNKNOWN_YAKUMAN = "役満(役満)"
"""The yaku entry written for a yakuman whose yaku the record does not name, one per yakuman."""
RIICHI_ONLY = "r60"
"""The discards written for a seat that declared riichi when the record has no tiles: the
declaration alone (riichi on the drawn tile)."""
DRAWN_TILE = 60
"""A discard of the tile just drawn."""
TENHOU_DISP = {"south": "般南喰赤", "east": "般東喰赤"}
ROUND_LENGTH = 17
FU_STEPS: tuple[int, ...] = (20, 25, *range(30, 150, 10))


class Tenhou6Error(EngineError):
    """A tenhou.net/6 log that cannot be read as a game record, or a record that cannot be
    written as one; ``hand`` is the 1-based round of the log (the hand of the record)."""

    code = "bad_tenhou6"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        hand: int | None = None,
        field: str | None = None,
        label: str | None = None,
        log_deltas: Sequence[int] | None = None,
        rule_deltas: Sequence[int] | None = None,
    ) -> None:
        super().__init__(message, code=code, hand=hand, field=field)
        self.label = label
        """The round's label (``E4-1``) where the error is about one round."""
        self.log_deltas = list(log_deltas) if log_deltas is not None else None
        """A round that pays otherwise: its score changes in the log, riichi deposits
        included, one per seat; ``rule_deltas`` the engine's."""
        self.rule_deltas = list(rule_deltas) if rule_deltas is not None else None


def _where(index: int, kyoku: int, honba: int) -> str:
    return (
        f"{hand_label(WINDS[kyoku // 4 % 4], kyoku % 4 + 1, honba)} (round {index + 1} of the log)"
    )


def _fail(message: str, code: str = "bad_tenhou6", hand: int | None = None) -> Tenhou6Error:
    return Tenhou6Error(message, code=code, hand=hand)


# Reading a log --------------------------------------------------------------------------------


def _int(value: Any, what: str, hand: int | None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(f"{what} must be a whole number, not {value!r}.", hand=hand)
    return value


def _seat(value: Any, what: str, hand: int | None, seats: int = 4) -> int:
    seat = _int(value, what, hand)
    if seat not in range(seats):
        raise _fail(f"{what} must be a seat from 0 to {seats - 1}, not {seat}.", hand=hand)
    return seat


def _four(value: Any, what: str, hand: int | None) -> list[int]:
    if not isinstance(value, list) or len(value) != 4:
        raise _fail(f"{what} must be four numbers, one per seat, not {value!r}.", hand=hand)
    return [_int(v, what, hand) for v in value]


@dataclasses.dataclass(frozen=True)
class _Round:
    """One round of a log, read for shape."""

    index: int
    kyoku: int
    honba: int
    sticks: int
    scores: list[int]
    """One per seat of the game (a three-player log's empty north left out)."""
    discards: list[list[Any]]
    result: list[Any]

    @property
    def seats(self) -> int:
        return len(self.scores)

    @property
    def where(self) -> str:
        return _where(self.index, self.kyoku, self.honba)

    @property
    def label(self) -> str:
        return hand_label(WINDS[self.kyoku // 4 % 4], self.kyoku % 4 + 1, self.honba)

    @property
    def dealer(self) -> int:
        return self.kyoku % 4

    def declared(self) -> set[int]:
        """Seats whose discards hold a riichi declaration."""
        return {
            seat
            for seat, tiles in enumerate(self.discards)
            if any(isinstance(t, str) and t.startswith("r") for t in tiles)
        }

    def won_off_declaration(self, seat: int) -> bool:
        """Whether ``seat``'s last discard declared riichi and was won off (no stick is put
        down for a declaration that deals in)."""
        tiles = [t for t in self.discards[seat] if t != 0]
        return bool(tiles) and isinstance(tiles[-1], str) and tiles[-1].startswith("r")

    def payments(self) -> list[list[int]]:
        """The result's delta lists: one per win (in the order of the log), or the draw's,
        one delta per seat of the game."""
        entries = self.result[1::2] if self.result[0] == WIN else self.result[1:2]
        return [list(entry)[: self.seats] for entry in entries]

    def deltas(self) -> list[int]:
        """The payments of the round, every delta list of the result added up."""
        return [sum(column) for column in zip([0] * self.seats, *self.payments(), strict=True)]


def _read_round(index: int, raw: Any, seats: int = 4) -> _Round:
    """A round for shape; ``seats`` 3 reads a three-player round, whose north slot must be
    empty (no points, no payments, no tiles)."""
    hand = index + 1
    if not isinstance(raw, list) or len(raw) != ROUND_LENGTH:
        raise _fail(f"round {hand} of the log must be a list of {ROUND_LENGTH} entries.", hand=hand)
    head = raw[0]
    if not isinstance(head, list) or len(head) != 3:
        raise _fail(
            f"round {hand} of the log must start with [round, honba, riichi sticks].", hand=hand
        )
    kyoku = _int(head[0], f"round {hand}'s round number", hand)
    honba = _int(head[1], f"round {hand}'s honba", hand)
    sticks = _int(head[2], f"round {hand}'s riichi sticks", hand)
    if not 0 <= kyoku < 16 or kyoku % 4 >= seats or honba < 0 or sticks < 0:
        raise _fail(
            f"round {hand} starts at an impossible [{kyoku}, {honba}, {sticks}].", hand=hand
        )
    scores = _four(raw[1], f"round {hand}'s start scores", hand)
    discards = []
    for seat in range(4):
        for part in (4, 5, 6):
            if not isinstance(raw[part + 3 * seat], list):
                raise _fail(f"round {hand}: seat {seat}'s tiles must be lists.", hand=hand)
        discards.append(raw[6 + 3 * seat])
    result = raw[16]
    if not isinstance(result, list) or not result or not isinstance(result[0], str):
        raise _fail(f"round {hand} has no result (its last entry).", hand=hand)
    entries = result[1::2] if result[0] == WIN else result[1:2]
    changes = [_four(entry, f"round {hand}'s score changes", hand) for entry in entries]
    if seats == 3:
        north = [scores[3], *(c[3] for c in changes)]
        if any(north) or any(raw[part] for part in (13, 14, 15)):
            raise _fail(
                f"round {hand} of a three-player log gives the empty north seat points, "
                "payments or tiles.",
                hand=hand,
            )
    return _Round(index, kyoku, honba, sticks, scores[:seats], discards[:seats], result)


def _three_player(log: Mapping[str, Any], rounds: list[Any]) -> bool:
    """A three-player log: its rules say so (三), or its north seat has no name and no points
    in any round (three-player logs keep four seat slots with an empty north)."""
    rule = log.get("rule")
    disp = rule.get("disp", "") if isinstance(rule, Mapping) else ""
    if isinstance(disp, str) and "三" in disp:
        return True
    names = log.get("name")
    if not (isinstance(names, list) and len(names) == 4 and names[3] == ""):
        return False
    starts = [r[1] for r in rounds if isinstance(r, list) and len(r) > 1]
    return bool(starts) and all(
        isinstance(scores, list) and len(scores) == 4 and scores[3] == 0 and any(scores[:3])
        for scores in starts
    )


def rules_of_tenhou6(log: Any) -> Any:
    """The rules a log is read under when none are given: ``tenhou`` (``tenhou-sanma`` for a
    three-player log), East-only when ``rule.disp`` names an East game (``般東...``); a log
    written by :func:`tenhou6_from_record` under other rules carries them as ``rule.tenbou``.

    >>> rules_of_tenhou6({"rule": {"disp": "三般東喰赤"}, "log": []})
    {'preset': 'tenhou-sanma', 'options': {'length': 'east'}}
    """
    if not isinstance(log, Mapping):
        return "tenhou"
    rounds = log.get("log")
    preset = (
        "tenhou-sanma"
        if _three_player(log, rounds if isinstance(rounds, list) else [])
        else "tenhou"
    )
    rule = log.get("rule")
    if not isinstance(rule, Mapping):
        return preset
    if "tenbou" in rule:  # written by tenhou6_from_record for a game under other rules
        return rule["tenbou"]
    disp = rule.get("disp")
    if isinstance(disp, str) and "東" in disp and "南" not in disp:
        return {"preset": preset, "options": {"length": "east"}}
    return preset


def _yaku(detail: Sequence[Any], hand: int) -> tuple[int, int, bool]:
    """(han, yakuman, any yaku listed) from the yaku texts ``"立直(1飜)"``, ``"国士無双(役満)"``."""
    han = yakuman = 0
    for text in detail:
        m = YAKU_TEXT.match(text) if isinstance(text, str) else None
        if m is None:
            raise _fail(
                f"the yaku {text!r} is not written as 'name(n飜)' or 'name(役満)'.", hand=hand
            )
        if m["han"] is not None:
            han += int(m["han"])
        else:
            yakuman += YAKUMAN_COUNTS[m["count"]]
    return han, yakuman, bool(detail)


def _fu_for_limit(rules: Rules, seat: int, han: int) -> int | None:
    """The least fu at which ``han`` reach the limit (the log names a mangan, not its fu)."""
    for fu in FU_STEPS:
        if base_points(rules, HandValue(seat=seat, han=han, fu=fu)) >= rules.limit:
            return fu
    return None


def _win(rules: Rules, rnd: _Round, detail: Any) -> tuple[int, int, dict[str, Any]]:
    """(winner, from, the win as the record writes it) from one win's detail."""
    hand = rnd.index + 1
    where = rnd.where
    if not isinstance(detail, list) or len(detail) < 4 or not isinstance(detail[3], str):
        raise _fail(
            f"{where}: a win's detail must be [winner, from, liable, points, yaku...].", hand=hand
        )
    seat = _seat(detail[0], f"{where}: the winner", hand, rnd.seats)
    source = _seat(detail[1], f"{where}: the seat won from", hand, rnd.seats)
    liable = _seat(detail[2], f"{where}: the liable seat", hand, rnd.seats)
    text = POINTS_TEXT.match(detail[3])
    if text is None:
        raise _fail(
            f"{where}: the points {detail[3]!r} are not written as Tenhou writes them.", hand=hand
        )
    yaku_han, yakuman, listed = _yaku(detail[4:], hand)
    win: dict[str, Any] = {"seat": seat}
    han = int(text["han"]) if text["han"] else None
    fu = int(text["fu"]) if text["fu"] else None
    if yakuman:
        win["yakuman"] = yakuman
    else:
        if han is None:
            han = yaku_han if listed else None
        elif listed and yaku_han != han:
            raise _fail(
                f"{where}: the points say {han} han but the yaku add up to {yaku_han}.", hand=hand
            )
        if han is None:
            raise _fail(f"{where}: the win gives neither its han nor its yaku.", hand=hand)
        if fu is None and text["limit"] and han < 5:
            fu = _fu_for_limit(rules, seat, han)
        win["han"] = han
        if fu is not None:
            win["fu"] = fu
    if liable != seat:
        win["pao"] = liable
    return seat, source, win


def _hand(rules: Rules, rnd: _Round, riichi: list[int], following: _Round | None) -> dict[str, Any]:
    """The round's hand in the record (riichi: the seats that put a stick down)."""
    name = rnd.result[0]
    number = rnd.index + 1
    if name == WIN:
        pairs = rnd.result[1:]
        if not pairs or len(pairs) % 2:
            raise _fail(
                f"{rnd.where}: a win needs deltas and a detail for each winner.", hand=number
            )
        wins = [_win(rules, rnd, pairs[i + 1]) for i in range(0, len(pairs), 2)]
        sources = {source for _, source, _ in wins}
        if len(wins) == 1 and wins[0][0] == wins[0][1]:
            return {"result": "tsumo", "riichi": riichi, "wins": [wins[0][2]]}
        if len(sources) != 1 or any(seat == source for seat, source, _ in wins):
            raise _fail(f"{rnd.where}: the wins of one round must be on one discard.", hand=number)
        return {
            "result": "ron",
            "riichi": riichi,
            "from": sources.pop(),
            "wins": [w for _, _, w in wins],
        }
    deltas = rnd.deltas()
    if name in (DRAW, ALL_READY, NONE_READY):
        if name == ALL_READY:
            tenpai = list(range(rnd.seats))
        elif name == NONE_READY:
            tenpai = []
        else:
            tenpai = [seat for seat in range(rnd.seats) if deltas[seat] > 0]
            if not tenpai and following is not None and following.kyoku == rnd.kyoku:
                tenpai = [
                    rnd.dealer
                ]  # no ready payment under these rules: the dealer kept the deal
        return {"result": "draw", "riichi": riichi, "tenpai": tenpai}
    if name == NAGASHI:
        nagashi = [seat for seat in range(rnd.seats) if deltas[seat] > 0]
        # The log does not say who was ready; only the dealer's readiness changes anything
        # (it keeps the deal), and the next round shows it.
        kept = following is not None and following.kyoku == rnd.kyoku
        return {
            "result": "draw",
            "riichi": riichi,
            "tenpai": [rnd.dealer] if kept else [],
            "nagashi": nagashi,
        }
    if name in ABORTIVE:
        return {"result": "abortive", "riichi": riichi, "reason": ABORTIVE[name]}
    raise _fail(f"{rnd.where}: the result {name!r} is not one a tenhou.net/6 log has.", hand=number)


def _deposits(rules: Rules, rnd: _Round, following: _Round | None) -> list[int]:
    """The seats that put a riichi stick down in ``rnd``.

    Where the next round is known its start scores tell (a seat's score there is its score
    here plus the round's payments, less its deposit). The last round has only the discards:
    a declaration on the discard that is won off puts no stick down.
    """
    deposit = rules.riichi_deposit
    if following is None:
        declared = rnd.declared()
        if rnd.result[0] == WIN:
            won_from = {
                d[1]
                for d in rnd.result[2::2]
                if isinstance(d, list) and len(d) > 1 and d[0] != d[1]
            }
            declared = {s for s in declared if not (s in won_from and rnd.won_off_declaration(s))}
        return sorted(declared)
    deltas = rnd.deltas()
    paid = []
    for seat in range(rnd.seats):
        gone = rnd.scores[seat] + deltas[seat] - following.scores[seat]
        if gone == deposit and deposit:
            paid.append(seat)
        elif gone:
            raise Tenhou6Error(
                f"{rnd.where}: seat {seat} starts with {rnd.scores[seat]}, is paid "
                f"{deltas[seat]}, and starts the next round with {following.scores[seat]}: "
                f"{gone} went missing, which is not a riichi deposit of {deposit}.",
                code="tenhou6_mismatch",
                hand=rnd.index + 1,
                label=rnd.label,
            )
        elif (
            rnd.discards[seat]
            and seat in rnd.declared()
            and not (rnd.result[0] == WIN and rnd.won_off_declaration(seat))
            and rnd.result[0] not in ABORTIVE
        ):
            raise Tenhou6Error(
                f"{rnd.where}: seat {seat} declares riichi but puts no stick down.",
                code="tenhou6_mismatch",
                hand=rnd.index + 1,
                label=rnd.label,
            )
    return paid


def _compare(
    rules: Rules,
    rounds: list[_Round],
    riichi: list[list[int]],
    result: GameResult,
    start: list[int],
) -> None:
    """Refuse the log at the first round that starts or pays otherwise than the engine says."""
    before = start
    deposit = rules.riichi_deposit
    for rnd, paid, got in zip(rounds, riichi, result.hands, strict=True):
        wrong = []
        state = (got.round, got.number, got.dealer, got.honba, got.pool_before)
        want = (
            WINDS[rnd.kyoku // 4 % 4],
            rnd.kyoku % 4 + 1,
            rnd.dealer,
            rnd.honba,
            rnd.sticks * deposit,
        )
        if state != want:
            wrong.append(
                f"the engine plays it as {hand_label(got.round, got.number, got.honba)} dealt by "
                f"seat {got.dealer} with {got.pool_before} in riichi sticks on the table"
            )
        if list(before) != rnd.scores:
            wrong.append(
                f"the engine starts it with scores {list(before)}, the log with {rnd.scores}"
            )
        log_deltas = rnd.deltas()
        want_deltas = [d - (deposit if seat in paid else 0) for seat, d in enumerate(log_deltas)]
        pays_otherwise = list(got.deltas) != want_deltas
        if pays_otherwise:
            wrong.append(
                "the score changes (riichi deposits included) are "
                f"{want_deltas} in the log but {list(got.deltas)} by the rules"
            )
        if wrong:
            raise Tenhou6Error(
                f"{rnd.where}: " + "; ".join(wrong) + ".",
                code="tenhou6_mismatch",
                hand=rnd.index + 1,
                label=rnd.label,
                log_deltas=want_deltas if pays_otherwise else None,
                rule_deltas=list(got.deltas) if pays_otherwise else None,
            )
        before = list(got.scores)


_SEATS_WORD = {3: "three-player", 4: "four-player"}


def log_names(log: Any) -> list[str]:
    """The players' names of a log, one per seat of its game (a three-player log's empty
    north left out); empty names where the log has none.

    >>> log_names({"name": ["A", "B", "C", ""], "log": [[[0, 0, 0], [35000, 35000, 35000, 0]]]})
    ['A', 'B', 'C']
    """
    rounds = log.get("log") if isinstance(log, Mapping) else None
    seats = (
        3
        if isinstance(log, Mapping)
        and _three_player(log, rounds if isinstance(rounds, list) else [])
        else 4
    )
    names = log.get("name") if isinstance(log, Mapping) else None
    if isinstance(names, list) and len(names) == 4 and all(isinstance(n, str) for n in names):
        return [n.strip() for n in names[:seats]]
    return [""] * seats


def read_tenhou6(text: str) -> Any:
    """A log from its text: the JSON itself, or a replay viewer's address that carries it
    (``https://tenhou.net/6/#json={...}``, URL-encoded or not).

    >>> read_tenhou6('https://tenhou.net/6/#json=%7B%22log%22%3A%5B%5D%7D')
    {'log': []}
    """
    stripped = text.strip()
    if not stripped.startswith("{") and "json=" in stripped:
        stripped = urllib.parse.unquote(stripped.split("json=", 1)[1].split("&", 1)[0])
    try:
        return json.loads(stripped)
    except json.JSONDecodeError as e:
        raise _fail(f"the log is not JSON (nor a viewer address with json=): {e}") from None


def record_from_tenhou6(log: Any, rules: Any = None) -> dict[str, Any]:
    """The game record of a tenhou.net/6 log, checked by replaying it under ``rules`` (a
    preset id or ``{"preset", "options"}``; by default :func:`rules_of_tenhou6`). A
    three-player log (four seat slots, the north one empty) becomes a three-player record.

    Raises :class:`Tenhou6Error` naming the round (as ``E2-1``: East 2, one honba) whose start
    or payments the engine does not reproduce, and for rules seating another number of
    players than the log (``tenhou6_seats``).

    >>> log = {"log": [[[0, 0, 0], [25000] * 4, [], [], [], [], [], [], [], [], [], [], [],
    ...                 [], [], [], ["流局", [1000, 1000, 1000, -3000]]]]}
    >>> record_from_tenhou6(log)["hands"]
    [{'result': 'draw', 'riichi': [], 'tenpai': [0, 1, 2]}]
    >>> log["log"][0][16] = ["流局", [1000, 1000, 1500, -3500]]
    >>> try:
    ...     record_from_tenhou6(log)
    ... except Tenhou6Error as e:
    ...     print(e.code, e.hand, e.detail.split(": ")[0])
    ...     print(e.detail.split(" are ")[1])
    tenhou6_mismatch 1 E1 (round 1 of the log)
    [1000, 1000, 1500, -3500] in the log but [1000, 1000, 1000, -3000] by the rules.
    """
    if not isinstance(log, Mapping):
        raise _fail("a tenhou.net/6 log must be an object with 'log'.")
    raw_rounds = log.get("log")
    if not isinstance(raw_rounds, list) or not raw_rounds:
        raise _fail("a tenhou.net/6 log needs 'log', a list of its rounds.")
    seats = 3 if _three_player(log, raw_rounds) else 4
    spec = rules_of_tenhou6(log) if rules is None else rules
    resolved = resolve_rules(spec)
    if resolved.players != seats:
        raise _fail(
            f"this is a {_SEATS_WORD[seats]} log (three-player logs keep an empty north "
            f"seat); these rules seat {resolved.players} players.",
            code="tenhou6_seats",
        )
    if resolved.payment_scheme != "winner_only" or resolved.value_system == "points_doubles":
        raise _fail(
            "a tenhou.net/6 log is scored by han and fu: these rules are not.",
            code="tenhou6_unsupported",
        )
    rounds = [_read_round(i, r, seats) for i, r in enumerate(raw_rounds)]
    riichi = [
        _deposits(resolved, rnd, rounds[i + 1] if i + 1 < len(rounds) else None)
        for i, rnd in enumerate(rounds)
    ]
    hands = [
        _hand(resolved, rnd, paid, rounds[i + 1] if i + 1 < len(rounds) else None)
        for i, (rnd, paid) in enumerate(zip(rounds, riichi, strict=True))
    ]
    first = rounds[0]
    record: dict[str, Any] = {"rules": spec}
    names = log_names(log)
    if any(names):
        record["players"] = names
    record["start"] = {
        "scores": first.scores,
        "round": WINDS[first.kyoku // 4 % 4].value,
        "number": first.kyoku % 4 + 1,
        "dealer": first.dealer,
        "honba": first.honba,
        "pool": first.sticks * resolved.riichi_deposit,
    }
    record["hands"] = hands
    result = _replay(record, rounds)
    _compare(resolved, rounds, riichi, result, first.scores)
    if "sc" in log and not result.final.over:
        record["ended"] = True  # the log's final scores: the game ended there
    return record


def _replay(record: dict[str, Any], rounds: list[_Round]) -> GameResult:
    try:
        return replay(parse_game(record))
    except EngineError as e:
        if e.hand is None or not 0 < e.hand <= len(rounds):
            raise
        rnd = rounds[e.hand - 1]
        raise Tenhou6Error(
            f"{rnd.where}: {e.detail}", code=e.code, hand=e.hand, field=e.field, label=rnd.label
        ) from None


# Writing a log --------------------------------------------------------------------------------


def _valued(win: HandValue, got: HandResult) -> HandValue:
    """The win with the han, fu and yakuman its tiles made in the replay."""
    for seat, b in got.breakdowns:
        if seat == win.seat and isinstance(b, HanBreakdown):
            return dataclasses.replace(
                win,
                han=None if b.yakuman else b.han,
                fu=b.fu,
                dora=b.dora,
                yakuman=b.yakuman,
                breakdown=b,
                tiles=None,
            )
    return win


def _points_text(rules: Rules, dealer: int, win: HandValue, tsumo: bool) -> str:
    base = base_points(rules, win)
    limit = ""
    if win.yakuman or base >= rules.limit * rules.yakuman_value:
        limit = YAKUMAN_NAME
    else:
        for num, den, name in reversed(LIMIT_NAMES):
            if base * den >= rules.limit * num:
                limit = name
                break
    head = ""
    if not win.yakuman:
        head = (f"{win.fu}符" if win.fu is not None else "") + f"{win.han}飜"
    if not tsumo:
        points = str(ron_payment(rules, dealer=dealer, seat=win.seat, base=base))
    else:
        paid = tsumo_payments(rules, dealer=dealer, seat=win.seat, base=base)
        if win.seat == dealer:
            points = f"{-paid[(dealer + 1) % 4]}点∀"
            return head + limit + points
        other = next(s for s in range(4) if s not in (dealer, win.seat))
        points = f"{-paid[other]}-{-paid[dealer]}"
    return head + limit + points + "点"


def _yaku_texts(win: HandValue) -> list[str]:
    if isinstance(win.breakdown, HanBreakdown):
        texts = [
            f"{item.name}({'役満' if item.yakuman else str(item.han) + '飜'})"
            for item in win.breakdown.items
            if item.han or item.yakuman
        ]
        if win.breakdown.dora:
            texts.append(f"ドラ({win.breakdown.dora}飜)")
        return texts
    return [UNKNOWN_YAKUMAN] * win.yakuman


def _unsupported(message: str, hand: int | None = None) -> Tenhou6Error:
    return _fail(message, code="tenhou6_unsupported", hand=hand)


def tenhou6_writable(rules: Rules) -> bool:
    """Whether games under ``rules`` can be written as a tenhou.net/6 log: four seats, scored
    by han and fu with winner-only payments (a game may still hold a hand the format has not,
    a chombo or a penalty, which :func:`tenhou6_from_record` refuses).

    >>> tenhou6_writable(resolve_rules("tenhou")), tenhou6_writable(resolve_rules("tenhou-sanma"))
    (True, False)
    >>> tenhou6_writable(resolve_rules("italian-official"))
    False
    """
    return (
        rules.players == 4
        and rules.payment_scheme == "winner_only"
        and rules.value_system != "points_doubles"
    )


def _check_writable(game: Game) -> None:
    rules = game.rules
    if rules.players != 4:
        raise _unsupported(
            f"a tenhou.net/6 log is written for four-player games; these rules seat "
            f"{rules.players} players."
        )
    if not tenhou6_writable(rules):
        raise _unsupported(
            "a tenhou.net/6 log holds games scored by han and fu; these rules are not."
        )
    if rules.riichi_deposit and game.start.pool % rules.riichi_deposit:
        raise _unsupported("the pool at the start is not a number of riichi sticks.")
    if game.start.dealer != game.start.number - 1:
        raise _unsupported(
            f"a tenhou.net/6 log seats the first dealer as seat {game.start.number - 1} "
            f"({game.start.round.value}{game.start.number}); this record has seat "
            f"{game.start.dealer} deal it."
        )
    for i, hand in enumerate(game.hands, start=1):
        if hand.result is Result.CHOMBO or hand.penalties:
            raise _unsupported("a tenhou.net/6 log has no chombo and no penalties.", hand=i)
        for w in hand.wins:
            if w.score is not None:
                raise _unsupported("a win entered as a score has no han and fu to write.", hand=i)


def _result(rules: Rules, hand: Hand, got: HandResult, log_deltas: list[int]) -> list[Any]:
    if hand.result is Result.ABORTIVE:
        assert hand.reason is not None
        return [ABORTIVE_NAMES[hand.reason]]
    if hand.result is Result.DRAW:
        if hand.nagashi:
            return [NAGASHI, log_deltas]
        if len(hand.tenpai) == 4:
            return [ALL_READY]
        if not hand.tenpai:
            return [NONE_READY]
        return [DRAW, log_deltas]
    tsumo = hand.result is Result.TSUMO
    wins = [_valued(w, got) for w in hand.wins]
    if hand.discarder is not None:
        discarder = hand.discarder
        wins.sort(key=lambda w: (w.seat - discarder) % 4)
    out: list[Any] = [WIN]
    plain = []
    for w in wins:
        one = dataclasses.replace(hand, wins=(w,))
        plain.append(win_payments(rules, one, got.dealer, (w,)))
    # The first winner's deltas carry the counters and the pool, as Tenhou writes them.
    first = [total - sum(p[s] for p in plain[1:]) for s, total in enumerate(log_deltas)]
    for i, w in enumerate(wins):
        source = w.seat if tsumo else hand.discarder
        detail: list[Any] = [w.seat, source, w.pao if w.pao is not None else w.seat]
        detail.append(_points_text(rules, got.dealer, w, tsumo))
        detail.extend(_yaku_texts(w))
        out.extend([first if i == 0 else plain[i], detail])
    return out


def _discards(hand: Hand, seat: int) -> list[Any]:
    """A seat's discards where the record has no tiles: its riichi declaration, if it put a
    stick down; a discarder dealing in after declaring gets one discard more, since a
    declaration won off puts no stick down."""
    if seat not in hand.riichi:
        return []
    return [RIICHI_ONLY, DRAWN_TILE] if seat == hand.discarder else [RIICHI_ONLY]


def _rule(spec: Any, rules: Rules) -> dict[str, Any]:
    tenhou = get_preset("tenhou").rules
    for length, disp in TENHOU_DISP.items():
        if rules == dataclasses.replace(tenhou, length=length):
            return {"disp": disp, "aka": 1}
    name = (
        spec
        if isinstance(spec, str)
        else spec.get("preset", "")
        if isinstance(spec, Mapping)
        else ""
    )
    return {"disp": f"Tenbou {name}".strip(), "aka": 1 if rules.red_fives else 0, "tenbou": spec}


def _hundreds(points: int) -> int | float:
    return points // 100 if points % 100 == 0 else points / 100


def tenhou6_from_record(record: Any) -> dict[str, Any]:
    """A four-player game record as a tenhou.net/6 log.

    The record has no tiles: each seat's hand, draws and discards are written empty, except
    that a seat that put a riichi stick down gets the declaration alone (``"r60"``). Rules
    other than Tenhou's are written under ``rule.tenbou`` so that the log reads back under them.

    >>> log = tenhou6_from_record({"rules": "tenhou", "hands": [
    ...     {"result": "tsumo", "riichi": [1], "wins": [{"seat": 1, "han": 5}]}]})
    >>> log["log"][0][16], log["log"][0][9]
    (['和了', [-4000, 9000, -2000, -2000], [1, 1, 1, '5飜満貫2000-4000点']], ['r60'])
    """
    try:
        game = parse_game(record)
        result = replay(game)
    except EngineError as e:
        raise Tenhou6Error(
            f"the game record is refused: {e}", code=e.code, hand=e.hand, field=e.field
        ) from None
    if game.final_scores is not None:
        raise Tenhou6Error(
            "a game entered by its final scores has no hands to write as a log.",
            code="final_scores",
            field="final_scores",
        )
    _check_writable(game)
    rules = game.rules
    deposit = rules.riichi_deposit
    rounds = []
    before = list(game.start.scores)
    for i, (hand, got) in enumerate(zip(game.hands, result.hands, strict=True), start=1):
        kyoku = got.round.order * 4 + got.number - 1
        if got.dealer != kyoku % 4:
            raise _unsupported(
                f"the engine has seat {got.dealer} deal {got.label}; a tenhou.net/6 log has "
                f"seat {kyoku % 4} deal it.",
                hand=i,
            )
        log_deltas = [
            d + (deposit if seat in hand.riichi else 0) for seat, d in enumerate(got.deltas)
        ]
        entry: list[Any] = [
            [kyoku, got.honba, got.pool_before // deposit if deposit else 0],
            before,
            [],
            [],
        ]
        for seat in range(4):
            entry.extend([[], [], _discards(hand, seat)])
        entry.append(_result(rules, hand, got, log_deltas))
        rounds.append(entry)
        before = list(got.scores)
    spec = record["rules"]
    players = list(game.players) or ["", "", "", ""]
    out: dict[str, Any] = {
        "title": ["Tenbou", ""],
        "name": players,
        "rule": _rule(spec, rules),
        "log": rounds,
    }
    final = result.final
    if final.over:
        scores = final.as_dict()
        results = scores["results"] or [0, 0, 0, 0]
        # Tenhou's final scores are in hundreds, each followed by the player's result.
        out["sc"] = [
            v for seat in range(4) for v in (_hundreds(scores["scores"][seat]), results[seat])
        ]
    return out
