"""The engine's refusals in the reader's language.

The engine is Django-free and writes its messages in English; each refusal carries a stable
``code`` and the game-record ``field`` it is about. Pages and the API translate at this
boundary: in English they show the engine's own sentence (the most precise), in another
language the sentence this catalogue keeps for the code, with the field named. A code the
catalogue does not know falls back to a general sentence, never to English text.
"""

from __future__ import annotations

import re

from django.utils import translation
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.i18n import rule_word
from scoring import engine

MESSAGES = {
    "bad_value": _("This value is not allowed here."),
    "bad_seat": _("A seat must be one of the four players."),
    "bad_result": _("This is not a result the rules know."),
    "bad_han": _("This number of han is not possible here."),
    "bad_fu": _("This number of fu is not possible for this hand."),
    "bad_doubles": _("This number of doubles cannot occur in one hand."),
    "bad_points": _("These points are not possible for this hand."),
    "bad_score": _("This score is not possible."),
    "bad_yakuman": _("This yakuman value is not possible."),
    "bad_parts": _("The parts of this hand do not add up."),
    "bad_pao": _("Liability (pao) applies only to a yakuman, and only if the rules have it."),
    "bad_penalty": _("A penalty needs who pays, and either its kind or its points."),
    "bad_reason": _("This reason for an abortive draw does not fit these rules or this hand."),
    "bad_loser": _("This player cannot pay for this hand."),
    "bad_option": _("This option's value is not allowed."),
    "bad_rules": _("These rules cannot be used."),
    "bad_json": _("The game record is not valid JSON."),
    "missing_field": _("Something needed is missing."),
    "missing_loser": _("Say who pays."),
    "unknown_field": _("This field is not part of a game record."),
    "unknown_option": _("These rules have no such option."),
    "unknown_preset": _("There are no such rules."),
    "unknown_pattern": _("These rules have no such pattern."),
    "too_many_winners": _("Too many winners for these rules."),
    "too_many_hands": _("The game has too many hands."),
    "duplicate_seat": _("The same player is named twice."),
    "duplicate_winner": _("The same winner is named twice."),
    "discarder_wins": _("A player cannot win on their own discard."),
    "no_riichi": _("These rules have no riichi."),
    "no_nagashi": _("These rules have no nagashi mangan."),
    "no_chombo": _("These rules have no chombo."),
    "no_abortive_draws": _("These rules have no abortive draws."),
    "wrong_value_kind": _(
        "This kind of value does not fit these rules (han and fu, or points and doubles)."
    ),
    "game_over": _("The game is over: no more hands can be added."),
    "unbalanced": _("The payments of this hand do not balance."),
    "invalid_record": _("The game record is not valid."),
    "invalid_rules": _("These rules are not valid."),
}
GENERAL = _("The rules do not allow this hand as entered.")


def _english() -> bool:
    return (translation.get_language() or "en").startswith("en")


def engine_message(error: engine.EngineError) -> str:
    """The refusal's sentence without its hand number, in the active language."""
    if _english():
        return error.detail
    return str(MESSAGES.get(error.code, GENERAL))


def script_messages() -> tuple[dict[str, str], str]:
    """:func:`engine_message`'s catalogue for a script that words the engine's refusals itself
    (the phone's preview offline): each code's sentence and the general one; empty in English,
    where the engine's own sentence is shown."""
    if _english():
        return {}, ""
    return {code: str(text) for code, text in MESSAGES.items()}, str(GENERAL)


# The game-record fields a refusal names, as people call them; outside English the general
# sentence per code names the field with these (English shows the engine's own sentence).
FIELD_WORDS = {
    "result": _("result"),
    "from": _("discarded by"),
    "wins": _("winners"),
    "losers": _("who pays"),
    "seat": _("seat"),
    "han": _("han"),
    "fu": _("fu"),
    "yakuman": _("yakuman"),
    "dora": _("dora"),
    "score": _("score"),
    "points": _("points"),
    "doubles": _("doubles"),
    "pao": _("liable player"),
    "riichi": _("riichi"),
    "tenpai": _("ready at the draw"),
    "nagashi": _("nagashi mangan"),
    "reason": _("why aborted"),
    "offender": _("chombo by"),
    "penalties": _("penalties"),
    "kind": _("penalty"),
    "to": _("paid to"),
    "patterns": _("patterns"),
    "options": _("options"),
    "preset": _("rules"),
}
_FIELD_NAME = re.compile(r"[a-z_]+")


def field_words(field: str | None) -> str | None:
    """The last named part of a game-record field path in people's words, if it has some.

    >>> field_words("wins[0].fu"), field_words("nothing_known"), field_words(None)
    ('fu', None, None)
    """
    names = _FIELD_NAME.findall(field or "")
    words = FIELD_WORDS.get(names[-1]) if names else None
    return str(words) if words is not None else None


def engine_error_text(error: engine.EngineError) -> str:
    """The whole refusal in the active language, for the API and the pages: with its hand
    number, and outside English (where the sentence is the code's general one) the field it
    names."""
    message = engine_message(error)
    words = field_words(error.field)
    if words and not _english():
        message = gettext("%(message)s (%(field)s)") % {"message": message, "field": words}
    if error.hand is None:
        return message
    return gettext("Hand %(hand)s: %(message)s") % {"hand": error.hand, "message": message}


# The engine's words for people (preset names, option labels and choices) are English in the
# engine and marked for translation in scoring/engine_words.py (generated).
_PRESET_NAMES = frozenset(engine.get_preset(p).name for p in engine.preset_ids())
_VERSIONED = re.compile(r"(?P<name>.+) \(version (?P<number>\d+)\)")


def rules_title(name: str) -> str:
    """A game's rules as its page heads it: a preset's name translated, a club rule set's
    "Name (version 2)" with its word for version; a club's own name stays as it is.

    >>> rules_title("Parlour East (version 3)"), rules_title("Tenhou ranked")
    ('Parlour East (version 3)', 'Tenhou ranked')
    """
    if name in _PRESET_NAMES:
        return gettext(name)
    if m := _VERSIONED.fullmatch(name):
        return gettext("%(name)s (version %(number)s)") % {
            "name": rule_word(m["name"]) if m["name"] in _PRESET_NAMES else m["name"],
            "number": m["number"],
        }
    return name
