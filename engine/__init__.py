"""Tenbou's rule engine: a game record in, every hand's payments and the game's result out.

Django-free: frozen dataclasses, integer points, errors that are ``ValueError`` subclasses with a
stable ``code``. The JSON-level entry point is :func:`score_record`:

>>> out = score_record({"rules": "japanese-modern", "hands": [
...     {"result": "tsumo", "wins": [{"seat": 0, "han": 1, "fu": 30}]}]})
>>> out["hands"][0]["deltas"], out["final"]["next"]["label"]
([1500, -500, -500, -500], 'E1-1')
>>> score_record({"rules": "nope"})["error"]["code"]
'unknown_preset'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .entry import (
    SETTLEMENT_OPTIONS,
    Entry,
    Limit,
    PenaltyPrice,
    SettlementTerms,
    describe_entry,
    settled_by,
    settlement_terms,
    settlement_terms_of,
)
from .errors import EngineError, RecordError, RulesError
from .flow import continue_game, replay, seats_in_hand, sits_out
from .presets import (
    Preset,
    build_rules,
    four_player_presets,
    get_preset,
    hand_values,
    preset_ids,
    resolve_rules,
)
from .record import MAX_HANDS, parse_game, parse_hand
from .rules import (
    CATEGORIES,
    OPTION_NAMES,
    Rules,
    describe_options,
    option,
    rules_as_options,
    validate_value,
)
from .settlement import first_east, order_seats, share_places
from .types import FinalResult, Game, GameResult, HandResult, NextHand, Progress, Unit

ENGINE_VERSION = "1.1"

__all__ = [
    "CATEGORIES",
    "ENGINE_VERSION",
    "OPTION_NAMES",
    "SETTLEMENT_OPTIONS",
    "EngineError",
    "Entry",
    "FinalResult",
    "Game",
    "GameResult",
    "HandResult",
    "Limit",
    "NextHand",
    "PenaltyPrice",
    "Preset",
    "Progress",
    "RecordError",
    "Rules",
    "RulesError",
    "SettlementTerms",
    "Unit",
    "build_rules",
    "continue_record",
    "describe_entry",
    "describe_options",
    "first_east",
    "four_player_presets",
    "get_preset",
    "hand_values",
    "option",
    "order_seats",
    "parse_game",
    "preset_ids",
    "replay",
    "resolve_rules",
    "rules_as_options",
    "score_game",
    "score_record",
    "seats_in_hand",
    "settled_by",
    "settlement_terms",
    "settlement_terms_of",
    "share_places",
    "sits_out",
    "validate_value",
]


def score_game(record: Any) -> GameResult:
    """Parse and replay a game record; raises :class:`EngineError` on bad input."""
    return replay(parse_game(record))


def continue_record(
    rules: Any, progress: Any, hands: Sequence[Any], *, ended: bool = False
) -> GameResult:
    """Score the game-record ``hands`` that follow ``progress`` (a :class:`Progress` or its
    ``as_dict``) under ``rules`` (a rule spec, as a record's ``rules``): what
    :func:`score_game` of the whole record gives for those hands, its final result and
    progress, without the earlier hands. Raises :class:`EngineError` on bad input, hands
    numbered from the game's first.

    >>> one = {"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 40}]}
    >>> two = {"result": "draw", "tenpai": [0]}
    >>> first = score_game({"rules": "japanese-modern", "hands": [one]})
    >>> later = continue_record("japanese-modern", first.progress.as_dict(), [two])
    >>> later.final == score_game({"rules": "japanese-modern", "hands": [one, two]}).final
    True
    """
    resolved = resolve_rules(rules)
    at = progress if isinstance(progress, Progress) else Progress.from_dict(progress)
    if at.hands + len(hands) > MAX_HANDS:
        raise RecordError(
            f"a game holds at most {MAX_HANDS} hands; this one has {at.hands + len(hands)}.",
            code="too_many_hands",
            hand=MAX_HANDS + 1,
            field="hands",
        )
    parsed = []
    for i, h in enumerate(hands, start=at.hands + 1):
        try:
            parsed.append(parse_hand(h, resolved))
        except EngineError as e:
            raise e.at_hand(i) from None
    return continue_game(resolved, at, parsed, ended=ended)


def score_record(record: Any) -> dict[str, Any]:
    """The game record's result as JSON-ready data, or ``{"error": {...}}`` for bad input."""
    try:
        return score_game(record).as_dict()
    except EngineError as e:
        return {"error": e.as_dict()}
