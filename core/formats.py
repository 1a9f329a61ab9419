"""Number and option formats every app prints with: no app's knowledge, only how a number or an
option's value is written (pages, PDF sheets, CSV, change lists).

The words of a game (a hand, its result's unit) are :mod:`scoring.presenter`'s; they print
their numbers with these. A game's result is written by :func:`result_text` alone, on pages,
sheets, CSV and in the API's texts.

>>> points(25000), signed_points(-1300), printed_delta(-1000), tenths(-5)
('25,000', '-1,300', '\\u22121,000', '-0.5')
>>> result_text(273, Unit.TENTHS), printed(result_text(-2300, Unit.POINTS))
('+27.3', '\\u22122,300')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.formats import get_format
from django.utils.translation import gettext, gettext_noop

from core.i18n import rule_word
from engine import Unit

# Italian writes months and weekdays in lower case ("mer 25 novembre 2026"), where Django's
# own Italian catalogue capitalises them. Marked here, the names Django's date formatting
# looks up (its MONTHS and WEEKDAYS_ABBR, read by the "F" and "D" of every date format) are
# in our catalogues, which come before Django's: every date the site prints, on pages and
# sheets, reads them from there. (Django title-cases "M" whatever the catalogue says, so the
# Italian date formats use "F" and "b".)
DATE_WORDS = (
    gettext_noop("January"),
    gettext_noop("February"),
    gettext_noop("March"),
    gettext_noop("April"),
    gettext_noop("May"),
    gettext_noop("June"),
    gettext_noop("July"),
    gettext_noop("August"),
    gettext_noop("September"),
    gettext_noop("October"),
    gettext_noop("November"),
    gettext_noop("December"),
    gettext_noop("Mon"),
    gettext_noop("Tue"),
    gettext_noop("Wed"),
    gettext_noop("Thu"),
    gettext_noop("Fri"),
    gettext_noop("Sat"),
    gettext_noop("Sun"),
)

MINUS = "\u2212"
"""The minus sign printed sheets use (a hyphen is too short beside the digits)."""


def localized(number: str) -> str:
    """A number written the English way ("25,000", "-27.3") with the separators of the
    reader's language (Italian: "25.000", "-27,3"); English and Japanese keep them.

    >>> localized("-12,345.5")
    '-12,345.5'
    """
    thousands = get_format("THOUSAND_SEPARATOR")
    decimal = get_format("DECIMAL_SEPARATOR")
    if (thousands, decimal) == (",", "."):
        return number
    return number.replace(",", "\0").replace(".", decimal).replace("\0", thousands)


def csv_delimiter() -> str:
    """The field separator of a CSV for the reader's spreadsheet: ";" where the decimal mark
    is a comma (Italian spreadsheet programs split on it), else ",".

    >>> csv_delimiter()
    ','
    """
    return ";" if get_format("DECIMAL_SEPARATOR") == "," else ","


def points(n: int | None) -> str:
    """Points with thousands separators; empty for None.

    >>> points(25000), points(-1000), points(None)
    ('25,000', '-1,000', '')
    """
    return "" if n is None else localized(f"{n:,}")


def signed_points(value: int | float) -> str:
    """Points with a sign and thousands separators, ``0`` without one.

    >>> signed_points(7700), signed_points(-1300), signed_points(0)
    ('+7,700', '-1,300', '0')
    """
    return localized(f"{value:+,}") if value else "0"


def tenths(value: int | None) -> str:
    """A number kept in tenths with one decimal, a sign only when negative.

    >>> tenths(30), tenths(23), tenths(-5), tenths(None)
    ('3.0', '2.3', '-0.5', '')
    """
    if value is None:
        return ""
    sign = "-" if value < 0 else ""
    whole, tenth = divmod(abs(value), 10)
    return localized(f"{sign}{whole}.{tenth}")


def result_text(value: int | None, unit: Unit | str) -> str:
    """A game's result, an integer in its unit (:class:`engine.Unit`): tenths of 1,000 points
    with one decimal, or points; a sign when not 0; empty for None. The one way a result is
    written: a printed sheet passes it through :func:`printed` for its true minus sign.

    Thousands are separated in every unit, as the reader's language writes them (Italian
    ``+7.670``), so every rule family's totals read alike.

    >>> [result_text(v, Unit.TENTHS) for v in (273, -104, 0, 55, -5, 12345)]
    ['+27.3', '-10.4', '0.0', '+5.5', '-0.5', '+1,234.5']
    >>> result_text(-2300, Unit.POINTS), result_text(7670, "points"), result_text(None, "points")
    ('-2,300', '+7,670', '')

    The unit is Python's (:class:`engine.Unit`), never the record's JSON name, which is refused
    rather than printed in the wrong unit:

    >>> result_text(273, "points_1000")
    Traceback (most recent call last):
        ...
    ValueError: 'points_1000' is not a valid Unit
    """
    unit = Unit(unit)
    if value is None:
        return ""
    sign = "+" if value > 0 else "-" if value < 0 else ""
    if unit == Unit.TENTHS:
        whole, tenth = divmod(abs(value), 10)
        return localized(f"{sign}{whole:,}.{tenth}")
    return localized(f"{sign}{abs(value):,}")


def printed(text: Any) -> str:
    """A number already written out, with a true minus sign (the printed sheets).

    >>> printed("-24.6"), printed(-3)
    ('\\u221224.6', '\\u22123')
    """
    return str(text).replace("-", MINUS)


def printed_points(value: Any) -> str:
    """Points as a printed sheet writes them: separators and a true minus sign.

    >>> printed_points(-12300), printed_points(None), printed_points("")
    ('\\u221212,300', '', '')
    """
    if value is None or value == "":
        return ""
    return printed(localized(f"{value:,}"))


def printed_delta(value: Any) -> str:
    """A change as a printed sheet writes it: ``+6,200``, ``0``, or a true minus sign.

    >>> printed_delta(6200), printed_delta(0), printed_delta(None)
    ('+6,200', '0', '')
    """
    if value is None:
        return ""
    if value == 0:
        return "0"
    return printed(localized(f"{value:+,}"))


def uma_text(values: Any) -> str:
    """Four placement bonuses in one line, first to fourth (a settlement's line).

    >>> uma_text([15, 5, -5, -15]), uma_text([8, 0, 0, -8])
    ('+15/+5/-5/-15', '+8/0/0/-8')
    """
    return "/".join(f"{u:+d}" if u else "0" for u in values or ())


def option_text(description: Mapping[str, Any], value: Any) -> str:
    """An option's value as a printed sheet lists it, from the option's description (as the
    engine's ``describe_options`` gives it).

    >>> option_text({"type": "bool"}, True), option_text({"type": "int"}, 1500)
    ('yes', '1,500')
    >>> option_text({"type": "uma"}, [20, 10, -10, -20])
    '+20 / +10 / \\u221210 / \\u221220'
    """
    kind = description["type"]
    if kind == "bool":
        return gettext("yes") if value else gettext("no")
    if kind == "choice":
        labels = {c["value"]: c["label"] for c in description.get("choices", [])}
        return rule_word(str(labels.get(value, str(value))))
    if kind == "uma":
        return " / ".join(printed(f"{v:+d}") for v in value)
    if isinstance(value, int):
        return points(value)
    return str(value)


def option_setting(description: Mapping[str, Any], value: Any) -> str:
    """An option's value as a rule set's form and change list write it: a choice's label,
    "on"/"off", 1,500, 30/10/-10/-30.

    >>> option_setting({"type": "bool"}, False), option_setting({"type": "uma"}, [30, 10, -10, -30])
    ('off', '30/10/-10/-30')
    """
    kind = description["type"]
    if kind == "bool":
        return gettext("on") if value else gettext("off")
    if kind == "choice":
        labels = {c["value"]: c["label"] for c in description["choices"]}
        return rule_word(str(labels.get(value, value)))
    if kind == "uma":
        return "/".join(localized(f"{v:,}") for v in value)
    return localized(f"{value:,}")
