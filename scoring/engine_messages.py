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

import engine
from core.i18n import rule_word
from entry import refusals

# The sentences live beside the engine (entry.refusals), Django-free, so that the phone words
# a refusal offline with the same functions; here they are translated with Django's gettext.
MESSAGES = refusals.ENGINE_MESSAGES
GENERAL = refusals.GENERAL
FIELD_WORDS = refusals.RECORD_FIELD_WORDS


def _english() -> bool:
    return (translation.get_language() or "en").startswith("en")


def words() -> refusals.Words:
    """How the server words a refusal in the active language (entry.refusals' sentences)."""
    return refusals.Words(gettext, _english())


def phone_words() -> dict[str, object]:
    """:func:`words` for the phone, which words the engine's refusals offline with the same
    functions (entry.refusals): each sentence the active language words otherwise, and whether
    it is English (where the engine's own sentence is shown)."""
    translated = {text: gettext(text) for text in refusals.sentences()}
    return {
        "english": _english(),
        # A sentence the language leaves as it is (every one, in English) stays so on the phone.
        "sentences": {text: words for text, words in translated.items() if words != text},
    }


def engine_message(error: engine.EngineError) -> str:
    """The refusal's sentence without its hand number, in the active language."""
    return refusals.engine_message(error, words())


def field_words(field: str | None) -> str | None:
    """The last named part of a game-record field path in people's words, if it has some.

    >>> field_words("wins[0].fu"), field_words("nothing_known"), field_words(None)
    ('fu', None, None)
    """
    return refusals.record_field_words(field, words())


def engine_error_text(error: engine.EngineError) -> str:
    """The whole refusal in the active language, for the API and the pages: with its hand
    number, and outside English (where the sentence is the code's general one) the field it
    names."""
    return refusals.engine_error_text(error, words())


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
