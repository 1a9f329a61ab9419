"""Reading a game record (JSON-shaped data) into the engine's types.

Shape is checked here: types, known fields, seats in 0-3 (0-2 when the rules seat three, 0-4
when they seat five).
Whether a hand is possible under the game's rules is checked when it is scored
(:mod:`engine.flow`). Every error names the 1-based hand and the field.

>>> game = parse_game({"rules": "tenhou", "hands": [{"result": "draw", "tenpai": [0]}]})
>>> game.start.scores, game.hands[0].tenpai
((25000, 25000, 25000, 25000), (0,))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Set
from typing import Any

from .errors import EngineError, RecordError
from .italian import count_parts
from .presets import resolve_rules
from .rules import Rules
from .tiles import TILE_FIELDS, parse_tiles
from .types import (
    ABORT_REASONS,
    PENALTY_KINDS,
    SEATS,
    FinalScores,
    Game,
    Hand,
    HandValue,
    Penalty,
    Result,
    Start,
    Wind,
)
from .yaku import count_yaku, yaku_table

GAME_FIELDS = {"rules", "players", "start", "hands", "ended", "final_scores"}
FINAL_SCORES_FIELDS = frozenset({"scores", "sticks_left", "chombo"})
START_FIELDS = {"scores", "round", "number", "dealer", "honba", "pool"}
HAND_FIELDS = {
    Result.RON: {"from", "wins", "losers"},
    Result.TSUMO: {"wins", "losers"},
    Result.DRAW: {"tenpai", "nagashi"},
    Result.ABORTIVE: {"reason"},
    Result.CHOMBO: {"offender"},
}
COMMON_HAND_FIELDS = {"result", "riichi", "penalties", "note"}
RESULTS = {r.value: r for r in Result}
# What each kind of hand may hold, and how an error names it: built once, read for every hand.
HAND_ALLOWED = {r: frozenset(HAND_FIELDS[r] | COMMON_HAND_FIELDS) for r in Result}
HAND_WHERE = {r: f"a {r.value} hand" for r in Result}
NUMBER_FIELDS = frozenset({"han", "fu", "dora", "yakuman", "points", "doubles", "score"})
PENALTY_FIELDS = frozenset({"seat", "kind", "points", "to"})
VALUE_FIELDS = {
    "seat",
    "han",
    "fu",
    "dora",
    "yakuman",
    "pao",
    "points",
    "doubles",
    "score",
    "parts",
    "yaku",
    "open",
    "north",
    *TILE_FIELDS,
}


# Bounds on what a record may hold, so that every number a game produces stays far inside
# what a score sheet (and a database column) can hold. See docs/game-record.md, "Limits".
MAX_HANDS = 300
"""A game holds at most this many hands: a long hanchan with many draws and repeats is under
100, and a game of all four winds rarely passes 150."""
MAX_START_SCORE = 10_000_000
"""A seat's score at the start: ten times the largest start points (1,000,000), either sign."""
MAX_START_POOL = MAX_HANDS * 4 * 10_000
"""The pool at the start: four deposits of the largest deposit (10,000) in every hand."""
MAX_PENALTY_POINTS = 100_000
"""A penalty in points: the largest price an option can put on one (a chombo's 100,000)."""
MAX_PENALTIES = 20
"""Penalties on one hand: five per seat."""
MAX_FINAL_SCORE = 10 * MAX_START_SCORE
"""A seat's final score in a game entered by its final scores, either sign."""
MAX_STICKS_LEFT = 1_200
"""Riichi sticks left on the table at the end: four deposits in each of 300 hands."""
MAX_CHOMBO = 99
"""Chombo counted for one seat in one game."""


def _fail(message: str, field: str | None = None, code: str = "invalid_record") -> RecordError:
    return RecordError(message, code=code, field=field)


def _int(value: Any, field: str, *, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(f"'{field}' must be a whole number, not {value!r}.", field, "bad_value")
    if lo is not None and value < lo:
        raise _fail(f"'{field}' must be at least {lo}, not {value}.", field, "bad_value")
    if hi is not None and value > hi:
        raise _fail(f"'{field}' must be at most {hi}, not {value}.", field, "bad_value")
    return value


def _seat(value: Any, field: str, players: int = 4) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in SEATS[:players]:
        table = "" if players == 4 else f" (these rules seat {_NUMBERS[players]} players)"
        raise _fail(
            f"'{field}' must be a seat from 0 to {players - 1}{table}, not {value!r}.",
            field,
            "bad_seat",
        )
    return value


_NUMBERS = {3: "three", 4: "four", 5: "five"}


def _seats(value: Any, field: str, players: int = 4) -> tuple[int, ...]:
    if value is None or value == []:
        return ()
    if not isinstance(value, list):
        raise _fail(f"'{field}' must be a list of seats.", field, "bad_value")
    seats = tuple(_seat(v, field, players) for v in value)
    if len(set(seats)) != len(seats):
        raise _fail(f"'{field}' names a seat twice.", field, "duplicate_seat")
    return tuple(sorted(seats))


def _object(value: Any, what: str, field: str | None = None) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(f"{what} must be an object.", field, "bad_value")
    return value


def _no_unknown(obj: Mapping[str, Any], allowed: Set[str], where: str, field: str) -> None:
    if obj.keys() <= allowed:
        return
    for key in obj:
        if key not in allowed:
            raise _fail(
                f"unknown field '{key}' in {where}.",
                f"{field}.{key}" if field else key,
                "unknown_field",
            )


def _by_yaku(
    obj: Mapping[str, Any],
    field: str,
    rules: Rules,
    nums: dict[str, int | None],
    *,
    seat: int,
    pao: int | None,
    tsumo: bool,
    riichi: tuple[int, ...],
) -> HandValue:
    """A win given by its yaku or its tiles (instead of han and fu totals)."""
    for name in ("points", "doubles", "score"):
        if nums[name] is not None:
            raise _fail(
                f"give either the yaku (or tiles) or '{name}', not both.",
                f"{field}.{name}",
                "bad_value",
            )
    if obj.get("parts") is not None:
        raise _fail("give either the yaku or 'parts', not both.", f"{field}.parts", "bad_value")
    raw = obj.get("yaku")
    if raw is not None and (not isinstance(raw, list) or not all(isinstance(y, str) for y in raw)):
        raise _fail("'yaku' must be a list of yaku ids.", f"{field}.yaku", "bad_yaku")
    named = tuple(raw or ())
    if TILE_FIELDS & obj.keys():
        for name in ("han", "fu", "dora", "yakuman"):
            if nums[name] is not None:
                raise _fail(
                    f"the tiles give the hand's han, fu and dora: leave out '{name}'.",
                    f"{field}.{name}",
                    "bad_value",
                )
        if "open" in obj:
            raise _fail(
                "a hand given as tiles is open when it has a chi, pon or open kan among "
                "'melds': leave out 'open'.",
                f"{field}.open",
                "bad_value",
            )
        if "tiles" not in obj:
            raise _fail("a hand given as tiles needs 'tiles'.", f"{field}.tiles", "missing_field")
        yaku_table(rules, f"{field}.tiles")
        if len(set(named)) != len(named):
            raise _fail("a yaku is named twice.", f"{field}.yaku", "bad_yaku")
        return HandValue(seat=seat, pao=pao, yaku=named, tiles=parse_tiles(obj, field))
    if raw is None:
        raise _fail("'open' goes with the hand's 'yaku'.", f"{field}.open", "missing_field")
    is_open = obj.get("open", False)
    if not isinstance(is_open, bool):
        raise _fail("'open' must be true or false.", f"{field}.open", "bad_value")
    table = yaku_table(rules, f"{field}.yaku")
    if "riichi" in table.by_id:
        declared = bool({"riichi", "double_riichi"} & set(named))
        if declared and seat not in riichi:
            raise _fail(
                f"seat {seat} names riichi but is not among the hand's 'riichi'.",
                f"{field}.yaku",
                "riichi_not_declared",
            )
        if seat in riichi and not declared:
            raise _fail(
                f"seat {seat} declared riichi: name 'riichi' (or 'double_riichi') among its yaku.",
                f"{field}.yaku",
                "riichi_missing",
            )
    b = count_yaku(
        rules,
        named,
        is_open=is_open,
        tsumo=tsumo,
        dora=nums["dora"] or 0,
        fu=nums["fu"],
        field=field,
    )
    if nums["han"] is not None and (b.yakuman or nums["han"] != b.han):
        raise _fail(
            f"'han' is {nums['han']} but the yaku and dora make "
            + (f"{b.yakuman} yakuman." if b.yakuman else f"{b.han}."),
            f"{field}.han",
            "inconsistent_han",
        )
    if nums["yakuman"] is not None and nums["yakuman"] != b.yakuman:
        raise _fail(
            f"'yakuman' is {nums['yakuman']} but the yaku make {b.yakuman}.",
            f"{field}.yakuman",
            "inconsistent_han",
        )
    return HandValue(
        seat=seat,
        han=None if b.yakuman else b.han,
        fu=b.fu,
        dora=b.dora,
        yakuman=b.yakuman,
        pao=pao,
        breakdown=b,
    )


def parse_value(
    obj: Any,
    field: str,
    rules: Rules,
    *,
    loser: bool = False,
    tsumo: bool = False,
    riichi: tuple[int, ...] = (),
) -> HandValue:
    """One player's hand value (a win, or a loser's hand under all-pay).

    ``tsumo`` and ``riichi`` (the seats that declared) are the hand's, for a win given by yaku.
    """
    obj = _object(obj, f"'{field}' entries", field)
    _no_unknown(obj, VALUE_FIELDS, field, field)
    if "seat" not in obj:
        raise _fail(f"'{field}' entry needs a 'seat'.", f"{field}.seat", "missing_field")
    seat = _seat(obj["seat"], f"{field}.seat", rules.players)
    nums: dict[str, int | None] = dict.fromkeys(NUMBER_FIELDS)
    for name, value in obj.items():
        if name in NUMBER_FIELDS and value is not None:
            nums[name] = _int(value, f"{field}.{name}", lo=0)
    pao = _seat(obj["pao"], f"{field}.pao", rules.players) if obj.get("pao") is not None else None
    north = _north(obj.get("north"), f"{field}.north", rules, loser=loser)
    if "yaku" in obj or "open" in obj or not TILE_FIELDS.isdisjoint(obj):
        if loser:
            raise _fail(
                "a loser's hand is given by its parts or points and doubles, not yaku or tiles.",
                f"{field}.yaku",
                "bad_value",
            )
        value = _by_yaku(obj, field, rules, nums, seat=seat, pao=pao, tsumo=tsumo, riichi=riichi)
        return dataclasses.replace(value, north=north) if north else value
    breakdown = None
    if obj.get("parts") is not None:
        if nums["points"] is not None or nums["doubles"] is not None or nums["score"] is not None:
            raise _fail(
                "give either 'parts' or 'points' and 'doubles', not both.",
                f"{field}.parts",
                "bad_value",
            )
        breakdown = count_parts(obj["parts"], f"{field}.parts", rules, loser=loser)
        if breakdown.score is not None:  # a limit hand: its fixed score
            nums["score"] = breakdown.score
        else:
            nums["points"], nums["doubles"] = breakdown.points, breakdown.doubles
    return HandValue(
        seat=seat,
        han=nums["han"],
        fu=nums["fu"],
        dora=nums["dora"] or 0,
        yakuman=nums["yakuman"] or 0,
        pao=pao,
        points=nums["points"],
        doubles=nums["doubles"],
        score=nums["score"],
        breakdown=breakdown,
        north=north,
    )


def _north(value: Any, field: str, rules: Rules, *, loser: bool) -> int:
    """A win's north tiles set aside (three players, with north dora): 0 to 4."""
    if value is None:
        return 0
    north = _int(value, field, lo=0, hi=4)
    if north and not rules.north_dora:
        raise _fail(
            "these rules count no north tiles as dora"
            + (
                " (north tiles are set aside only at a three-player table)."
                if rules.players != 3
                else "."
            ),
            field,
            "no_north_dora",
        )
    if north and loser:
        raise _fail("north tiles are counted only for a win.", field, "bad_value")
    return north


def _values(
    obj: Any, field: str, rules: Rules, *, tsumo: bool = False, riichi: tuple[int, ...] = ()
) -> tuple[HandValue, ...]:
    if not isinstance(obj, list):
        raise _fail(f"'{field}' must be a list.", field, "bad_value")
    loser = field == "losers"
    return tuple(
        parse_value(v, f"{field}[{i}]", rules, loser=loser, tsumo=tsumo, riichi=riichi)
        for i, v in enumerate(obj)
    )


def parse_penalty(obj: Any, field: str, players: int = 4) -> Penalty:
    obj = _object(obj, "A penalty", field)
    _no_unknown(obj, PENALTY_FIELDS, field, field)
    if "seat" not in obj:
        raise _fail("a penalty needs a 'seat'.", f"{field}.seat", "missing_field")
    seat = _seat(obj["seat"], f"{field}.seat", players)
    kind = obj.get("kind")
    points = obj.get("points")
    if (kind is None) == (points is None):
        raise _fail("a penalty needs either a 'kind' or 'points'.", field, "bad_penalty")
    if kind is not None and kind not in PENALTY_KINDS:
        raise _fail(
            f"unknown penalty kind {kind!r}; the kinds are {', '.join(PENALTY_KINDS)}.",
            f"{field}.kind",
            "bad_penalty",
        )
    if points is not None:
        points = _int(points, f"{field}.points", lo=1, hi=MAX_PENALTY_POINTS)
    to = _seat(obj["to"], f"{field}.to", players) if obj.get("to") is not None else None
    if to is not None and points is None:
        raise _fail("'to' goes with a penalty in points.", f"{field}.to", "bad_penalty")
    if to == seat:
        raise _fail("a penalty cannot be paid to the offender.", f"{field}.to", "bad_penalty")
    return Penalty(seat=seat, kind=kind, points=points, to=to)


def parse_hand(obj: Any, rules: Rules) -> Hand:
    """One hand of the record; errors name the field (the caller adds the hand's number)."""
    obj = _object(obj, "A hand")
    raw = obj.get("result")
    result = RESULTS.get(raw) if isinstance(raw, str) else None
    if result is None:
        raise _fail(
            f"'result' must be one of {', '.join(RESULTS)}, not {raw!r}.", "result", "bad_result"
        )
    _no_unknown(obj, HAND_ALLOWED[result], HAND_WHERE[result], "")
    if not isinstance(obj.get("note", ""), str):
        raise _fail("'note' must be text.", "note", "bad_value")
    players = rules.players
    riichi = _seats(obj.get("riichi"), "riichi", players)
    penalties = obj.get("penalties") or ()
    if not isinstance(penalties, list | tuple):
        raise _fail("'penalties' must be a list.", "penalties", "bad_value")
    if len(penalties) > MAX_PENALTIES:
        raise _fail(
            f"a hand holds at most {MAX_PENALTIES} penalties, not {len(penalties)}.",
            "penalties",
            "bad_value",
        )
    pens = tuple([parse_penalty(p, f"penalties[{i}]", players) for i, p in enumerate(penalties)])
    if result in (Result.RON, Result.TSUMO):
        if "wins" not in obj:
            raise _fail(f"a {result.value} needs 'wins'.", "wins", "missing_field")
        wins = _values(obj["wins"], "wins", rules, tsumo=result is Result.TSUMO, riichi=riichi)
        if not wins:
            raise _fail("'wins' needs at least one winner.", "wins", "missing_field")
        seats = [w.seat for w in wins]
        if len(set(seats)) != len(seats):
            raise _fail("'wins' names a seat twice.", "wins", "duplicate_winner")
        losers = _values(obj["losers"], "losers", rules) if obj.get("losers") is not None else ()
        discarder = None
        if result is Result.RON:
            if obj.get("from") is None:
                raise _fail("a ron needs 'from', the seat that discarded.", "from", "missing_field")
            discarder = _seat(obj["from"], "from", players)
            if discarder in seats:
                raise _fail(
                    f"seat {discarder} cannot both win and discard.", "from", "discarder_wins"
                )
            if len(wins) > rules.at_table - 1:
                raise _fail(
                    f"at most {_NUMBERS.get(rules.at_table - 1, 'two')} players can win on one "
                    "discard.",
                    "wins",
                    "too_many_winners",
                )
        elif len(wins) != 1:
            raise _fail("a tsumo has exactly one winner.", "wins", "tsumo_winners")
        return Hand(
            result=result,
            riichi=riichi,
            penalties=pens,
            wins=wins,
            discarder=discarder,
            losers=losers,
        )
    if result is Result.DRAW:
        return Hand(
            result=result,
            riichi=riichi,
            penalties=pens,
            tenpai=_seats(obj.get("tenpai"), "tenpai", players),
            nagashi=_seats(obj.get("nagashi"), "nagashi", players),
        )
    if result is Result.ABORTIVE:
        reason = obj.get("reason")
        if reason not in ABORT_REASONS:
            raise _fail(
                f"'reason' must be one of {', '.join(ABORT_REASONS)}, not {reason!r}.",
                "reason",
                "bad_reason",
            )
        return Hand(result=result, riichi=riichi, penalties=pens, reason=reason)
    if obj.get("offender") is None:
        raise _fail("a chombo needs 'offender', the seat at fault.", "offender", "missing_field")
    return Hand(
        result=result,
        riichi=riichi,
        penalties=pens,
        offender=_seat(obj["offender"], "offender", players),
    )


def parse_start(obj: Any, rules: Rules) -> Start:
    players = rules.players
    if obj is None:
        return Start(scores=(rules.start_points,) * players)
    obj = _object(obj, "'start'", "start")
    _no_unknown(obj, START_FIELDS, "start", "start")
    scores_raw = obj.get("scores")
    if scores_raw is None:
        scores = (rules.start_points,) * players
    else:
        if not isinstance(scores_raw, list) or len(scores_raw) != players:
            raise _fail(
                f"'start.scores' must be {_NUMBERS[players]} numbers, one per seat.",
                "start.scores",
                "bad_value",
            )
        scores = tuple(
            [_int(s, "start.scores", lo=-MAX_START_SCORE, hi=MAX_START_SCORE) for s in scores_raw]
        )
    raw_round = obj.get("round", "E")
    try:
        wind = Wind(raw_round)
    except ValueError:
        raise _fail(
            f"'start.round' must be E, S, W or N, not {raw_round!r}.", "start.round", "bad_value"
        ) from None
    return Start(
        scores=scores,
        round=wind,
        number=_int(obj.get("number", 1), "start.number", lo=1, hi=players),
        dealer=_seat(obj.get("dealer", 0), "start.dealer", players),
        honba=_int(obj.get("honba", 0), "start.honba", lo=0, hi=99),
        pool=_int(obj.get("pool", 0), "start.pool", lo=0, hi=MAX_START_POOL),
    )


def _per_seat(value: Any, field: str, rules: Rules, *, lo: int, hi: int) -> tuple[int, ...]:
    players = rules.players
    if not isinstance(value, list) or len(value) != players:
        table = "" if players == 4 else f" (these rules seat {_NUMBERS[players]} players)"
        raise _fail(
            f"'{field}' must be {_NUMBERS[players]} numbers, one per seat{table}.",
            field,
            "bad_value",
        )
    return tuple([_int(v, field, lo=lo, hi=hi) for v in value])


def parse_final_scores(obj: Any, rules: Rules, start: Start) -> FinalScores:
    """A game's ``final_scores``: its scores at the end, the sticks left and the chombo counts.

    The scores must add up to the points the game started with less what left the table: the
    sticks left on it and, where a chombo is forfeited (``chombo: "forfeit"``), its points.

    >>> from engine.presets import resolve_rules
    >>> rules = resolve_rules("japanese-modern")
    >>> parse_final_scores({"scores": [40000, 30000, 20000, 9000], "sticks_left": 1},
    ...                    rules, Start(scores=(25000,) * 4)).sticks_left
    1
    >>> parse_final_scores({"scores": [40000, 30000, 20000, 10000], "sticks_left": 1},
    ...                    rules, Start(scores=(25000,) * 4))
    Traceback (most recent call last):
    ...
    engine.errors.RecordError: the final scores add up to 100,000 but must add up to 99,000: \
the start total 100,000 less 1 riichi stick of 1,000 left on the table.
    """
    obj = _object(obj, "'final_scores'", "final_scores")
    _no_unknown(obj, FINAL_SCORES_FIELDS, "final_scores", "final_scores")
    if "scores" not in obj:
        raise _fail(
            "'final_scores' needs 'scores', each seat's points at the end.",
            "final_scores.scores",
            "missing_field",
        )
    scores = _per_seat(
        obj["scores"], "final_scores.scores", rules, lo=-MAX_FINAL_SCORE, hi=MAX_FINAL_SCORE
    )
    sticks = _int(obj.get("sticks_left", 0), "final_scores.sticks_left", lo=0, hi=MAX_STICKS_LEFT)
    deposit = rules.riichi_deposit if rules.riichi else 0
    if sticks and not deposit:
        raise _fail(
            "these rules have no riichi deposits, so no sticks can be left on the table.",
            "final_scores.sticks_left",
            "no_riichi",
        )
    raw_chombo = obj.get("chombo")
    chombo = (
        (0,) * rules.players
        if raw_chombo is None
        else _per_seat(raw_chombo, "final_scores.chombo", rules, lo=0, hi=MAX_CHOMBO)
    )
    if any(chombo) and rules.chombo == "none":
        raise _fail("these rules have no chombo.", "final_scores.chombo", "no_chombo")
    start_total = sum(start.scores) + start.pool
    forfeited = sum(chombo) * rules.chombo_points if rules.chombo == "forfeit" else 0
    expected = start_total - sticks * deposit - forfeited
    total = sum(scores)
    if total != expected:
        less = []
        if sticks:
            plural = "s" if sticks != 1 else ""
            less.append(f"{sticks} riichi stick{plural} of {deposit:,} left on the table")
        if forfeited:
            less.append(f"{forfeited:,} forfeited for chombo")
        why = f"the start total {start_total:,}" + (f" less {' and '.join(less)}" if less else "")
        raise _fail(
            f"the final scores add up to {total:,} but must add up to {expected:,}: {why}.",
            "final_scores.scores",
            "bad_total",
        )
    return FinalScores(scores=scores, sticks_left=sticks, chombo=chombo)


def parse_game(obj: Any) -> Game:
    """A whole game record; the first error found is raised, naming its hand and field."""
    obj = _object(obj, "A game record")
    _no_unknown(obj, GAME_FIELDS, "the game", "")
    if "rules" not in obj:
        raise _fail("a game record needs 'rules' (a preset id).", "rules", "missing_field")
    rules = resolve_rules(obj["rules"])
    players = obj.get("players") or []
    if (
        not isinstance(players, list)
        or len(players) not in (0, rules.players)
        or not all(isinstance(p, str) for p in players)
    ):
        count = _NUMBERS[rules.players]
        table = "" if rules.players == 4 else f" (these rules seat {count} players)"
        raise _fail(
            f"'players' must be {count} names, one per seat{table}.", "players", "bad_value"
        )
    hands_raw = obj.get("hands", [])
    if not isinstance(hands_raw, list):
        raise _fail("'hands' must be a list.", "hands", "bad_value")
    if len(hands_raw) > MAX_HANDS:
        raise RecordError(
            f"a game holds at most {MAX_HANDS} hands; this one has {len(hands_raw)}.",
            code="too_many_hands",
            hand=MAX_HANDS + 1,
            field="hands",
        )
    ended = obj.get("ended", False)
    if not isinstance(ended, bool):
        raise _fail("'ended' must be true or false.", "ended", "bad_value")
    start = parse_start(obj.get("start"), rules)
    if obj.get("final_scores") is not None:
        if hands_raw:
            raise _fail(
                "a game entered by its final scores has no hands: give 'final_scores' or "
                "'hands', not both.",
                "hands",
                "bad_value",
            )
        return Game(
            rules=rules,
            start=start,
            hands=(),
            players=tuple(players),
            ended=True,
            final_scores=parse_final_scores(obj["final_scores"], rules, start),
        )
    hands = []
    for i, h in enumerate(hands_raw, start=1):
        try:
            hands.append(parse_hand(h, rules))
        except EngineError as e:
            raise e.at_hand(i) from None
    return Game(rules=rules, start=start, hands=tuple(hands), players=tuple(players), ended=ended)
