"""Forms of the scorer's screens. They parse and check shape; the services and the engine
decide whether a game or a hand is possible, and their errors are shown on the same form.

One module per concern: starting a game (:mod:`.start`), the entry form's choices
(:mod:`.choices`), the hand form (:mod:`.entry`) with its layout (:mod:`.layout`) and the
mapping of engine errors to its fields (:mod:`.engine_errors`), five at a table's rotation
(:mod:`.rotation`), the edit codec (:mod:`.codec`) and the small forms (:mod:`.simple`).
"""

from entry.fields import PENALTY_ROWS
from scoring.forms.choices import (
    RESULTS,
    SEAT_CHOICES,
    limit_buttons,
    penalty_kinds,
)
from scoring.forms.codec import form_cannot_show, initial_from_hand
from scoring.forms.engine_errors import (
    HAND_FIELD_FOR,
    HAND_FIELD_WORDS,
    MORE_FIELD_PREFIXES,
    SEAT_FIELD_WORDS,
    SEAT_VALUE_FIELDS,
    VALUE_FIELD_FOR,
)
from scoring.forms.entry import HandForm, hand_form
from scoring.forms.final_scores import FinalScoresCorrectionForm, FinalScoresForm
from scoring.forms.rotation import RotationForm, RotationMoveForm
from scoring.forms.simple import ConfirmForm, HandDeleteForm, ReasonForm
from scoring.forms.start import GameStartForm

__all__ = [
    "HAND_FIELD_FOR",
    "HAND_FIELD_WORDS",
    "MORE_FIELD_PREFIXES",
    "PENALTY_ROWS",
    "RESULTS",
    "SEAT_CHOICES",
    "SEAT_FIELD_WORDS",
    "SEAT_VALUE_FIELDS",
    "VALUE_FIELD_FOR",
    "ConfirmForm",
    "FinalScoresCorrectionForm",
    "FinalScoresForm",
    "GameStartForm",
    "HandDeleteForm",
    "HandForm",
    "ReasonForm",
    "RotationForm",
    "RotationMoveForm",
    "form_cannot_show",
    "hand_form",
    "initial_from_hand",
    "limit_buttons",
    "penalty_kinds",
]
