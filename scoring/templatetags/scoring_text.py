"""Text filters of the scoring pages."""

from __future__ import annotations

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from core.i18n import rule_word
from scoring.engine_messages import rules_title
from scoring.offline.worker import script_text
from scoring.presenter import hand_name

register = template.Library()

# A game's rules in the reader's language (scoring.engine_messages).
register.filter("rules_title", rules_title)
# One of the engine's words (a yaku, a Standard pattern or limit hand) in the reader's language.
register.filter("rule_word", rule_word)
# The words of the phone's scripts (scoring.offline.worker.SCRIPT_TEXT), in every page.
register.simple_tag(script_text, name="script_text")
# A hand's record label ("E3-2") as the reader says it (scoring.presenter.hand_name).
register.filter("hand_name", hand_name)


@register.filter
def keep_hyphenated(text: object) -> SafeString:
    """Escape ``text`` and keep each hyphenated word on one line.

    A browser may break a line after a hyphen, so a narrow phone showed a rules name as
    "Japanese Modern (ari-" / "ari)"; the word goes to the next line whole instead.

    >>> str(keep_hyphenated("Japanese Modern (ari-ari) <b>"))
    'Japanese Modern <span class="nowrap">(ari-ari)</span> &lt;b&gt;'
    """
    words = str(text).split(" ")
    # Every word is escaped above the join, so the whole is safe.
    return mark_safe(
        " ".join(
            format_html('<span class="nowrap">{}</span>', w) if "-" in w else escape(w)
            for w in words
        )
    )
