"""A game as a tenhou.net/6 log, for replay viewers: the read side of docs/tenhou6.md (the
import is :mod:`scoring.services.imports`). The log is written by the engine from the game's
stored record, replayed as every reader replays it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

import engine
from engine.tenhou6 import Tenhou6Error, tenhou6_from_record, tenhou6_writable
from scoring.engine_messages import engine_message
from scoring.errors import GameError
from scoring.models import Game
from scoring.services.replay import game_record


def tenhou6_exportable(rules: Mapping[str, Any]) -> bool:
    """Whether games under these rules can be written as a tenhou.net/6 log (the game page's
    link): four seats, scored by han and fu, winner-only payments."""
    try:
        return tenhou6_writable(engine.resolve_rules(rules))
    except engine.EngineError:
        return False


def tenhou6_export(game: Game) -> dict[str, Any]:
    """The game as a tenhou.net/6 log. Raises :class:`GameError` with the engine's code
    (``tenhou6_unsupported``) for a game the format cannot hold: rules not scored by han and
    fu, another table size, a chombo or a penalty (naming the hand)."""
    try:
        return tenhou6_from_record(game_record(game))
    except Tenhou6Error as e:
        message = engine_message(e)
        if e.hand is not None:
            message = gettext("Hand %(number)s: %(detail)s") % {"number": e.hand, "detail": message}
        raise GameError(message, code=e.code) from None


def tenhou6_filename(game: Game) -> str:
    """The download's name: the game's number and date, with the format in it."""
    return f"tenbou-game-{game.pk}-{game.played_on:%Y-%m-%d}.tenhou6.json"
