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
from .flow import replay, seats_in_hand, sits_out
from .presets import (
    Preset,
    build_rules,
    four_player_presets,
    get_preset,
    hand_values,
    preset_ids,
    resolve_rules,
)
from .record import parse_game
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
from .types import FinalResult, Game, GameResult, HandResult, NextHand, Unit

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
    "RecordError",
    "Rules",
    "RulesError",
    "SettlementTerms",
    "Unit",
    "build_rules",
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


def score_record(record: Any) -> dict[str, Any]:
    """The game record's result as JSON-ready data, or ``{"error": {...}}`` for bad input."""
    try:
        return score_game(record).as_dict()
    except EngineError as e:
        return {"error": e.as_dict()}
