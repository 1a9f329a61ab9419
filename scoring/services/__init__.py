"""Every write to a game, one module per thing it writes: the game as a whole
(:mod:`.games`: start, import, finish, abandon; :mod:`.final_scores`: a game entered by its
final scores, and its correction), its hands (:mod:`.hands`: the one entry for a new hand,
preview, correct, delete, undo, redo), the players' confirmations (:mod:`.confirmations`), a
game from an online game's log (:mod:`.imports`) and five at a table's rotations
(:mod:`.rotations`), over what they share (:mod:`.replay`: the replay, the cache, the lock
and the role). Each runs in one transaction and leaves an audit entry.

The names below are the services' public face, so a caller writes ``services.hand_submit``
whichever module holds it.
"""

from scoring.errors import (
    GameError,
    HandChanged,
    KeyReused,
    LogRefused,
    NoteTooLong,
    ResultChanged,
    RoleRefused,
    SeatedElsewhere,
    StaleHandNumber,
)
from scoring.services.confirmations import game_confirm
from scoring.services.final_scores import (
    game_final_scores_correct,
    game_final_scores_enter,
)
from scoring.services.games import (
    game_abandon,
    game_create,
    game_finish,
    game_import,
    game_rules,
    game_start,
)
from scoring.services.hands import (
    HandMove,
    HandWrite,
    hand_correct,
    hand_delete,
    hand_etag,
    hand_preview,
    hand_redo,
    hand_submit,
    hand_undo,
)
from scoring.services.imports import (
    LogRead,
    game_import_tenhou6,
    tenhou6_check,
    tenhou6_names,
    tenhou6_read,
)
from scoring.services.replay import game_record, replay_and_cache, resolved_rules
from scoring.services.rotations import rotation_create, rotation_next_game, rotation_reorder

__all__ = [
    "GameError",
    "HandChanged",
    "HandMove",
    "HandWrite",
    "KeyReused",
    "LogRead",
    "LogRefused",
    "NoteTooLong",
    "ResultChanged",
    "RoleRefused",
    "SeatedElsewhere",
    "StaleHandNumber",
    "game_abandon",
    "game_confirm",
    "game_create",
    "game_final_scores_correct",
    "game_final_scores_enter",
    "game_finish",
    "game_import",
    "game_import_tenhou6",
    "game_record",
    "game_rules",
    "game_start",
    "hand_correct",
    "hand_delete",
    "hand_etag",
    "hand_preview",
    "hand_redo",
    "hand_submit",
    "hand_undo",
    "replay_and_cache",
    "resolved_rules",
    "rotation_create",
    "rotation_next_game",
    "rotation_reorder",
    "tenhou6_check",
    "tenhou6_names",
    "tenhou6_read",
]
