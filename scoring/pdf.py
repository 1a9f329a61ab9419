"""The scoring app's sheet renderers: a plain sheet value in, PDF bytes out.

The renderers lay out what :mod:`scoring.sheet_data` (and the standings of
:mod:`clubhouse.leagues.sheet_views`) built, through the PDF plumbing of :mod:`core.pdf`; they
format numbers and never compute them. The words of a game's status are this module's own filter.
"""

from __future__ import annotations

from typing import Any

from django.template import Library
from django.utils.translation import pgettext

from core.pdf import html_to_pdf
from core.pdf import render_html as _render_html
from scoring.engine_messages import rules_title

register = Library()
register.filter("rules_title", rules_title)

# The template libraries of the sheets: core's number formats and this module's words.
LIBRARIES = ("scoring.pdf",)


@register.filter
def status_text(status: str) -> str:
    words = {
        "running": pgettext("game status", "In progress"),
        "finished": pgettext("game status", "Finished"),
        "abandoned": pgettext("game status", "Abandoned"),
    }
    return words.get(status, status)


def render_html(template: str, context: dict[str, Any]) -> str:
    return _render_html(template, context, libraries=LIBRARIES)


def game_sheet_pdf(sheet: Any) -> bytes:
    """The PDF of a :class:`scoring.sheet_data.GameSheet`."""
    return html_to_pdf(
        render_html("sheets/game.html", {"sheet": sheet, "header": sheet.header, "end": sheet.end})
    )


def blank_sheet_pdf(sheet: Any) -> bytes:
    """The PDF of a :class:`scoring.sheet_data.BlankSheet`: header, players and empty rows."""
    return html_to_pdf(
        render_html(
            "sheets/blank.html",
            {"header": sheet.header, "row_numbers": range(1, sheet.rows + 1)},
        )
    )


def standings_pdf(sheet: Any) -> bytes:
    """The PDF of a :class:`scoring.sheet_data.StandingsSheet`."""
    return html_to_pdf(render_html("sheets/standings.html", {"sheet": sheet}))


def rotation_sheet_pdf(sheet: Any) -> bytes:
    """The PDF of a :class:`scoring.rotation_sheet_data.RotationSheet`: the night's standing
    and each game's final scores."""
    return html_to_pdf(render_html("sheets/rotation.html", {"sheet": sheet, "night": sheet.night}))


def rotation_blank_sheet_pdf(sheet: Any) -> bytes:
    """The PDF of a :class:`scoring.rotation_sheet_data.RotationBlankSheet`."""
    return html_to_pdf(
        render_html("sheets/rotation_blank.html", {"sheet": sheet, "night": sheet.night})
    )
