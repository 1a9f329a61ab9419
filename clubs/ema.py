"""The European Mahjong Association's player numbers: eight digits, the first two the code of
the member country whose association registered the player (07 Italy: ``07000123``), kept as
a string so the leading zero stays.

The codes below are the member associations as the EMA numbers them (riichi.wiki's page on
the EMA lists them with their year of joining); a number with another code is accepted, and
the player's country is then what the organiser writes.

>>> ema_number_problem("07000123"), ema_country("07000123")
(None, 'IT')
>>> ema_number_problem("7000123")
'an EMA number has eight digits'
"""

from __future__ import annotations

import re

EMA_COUNTRIES = {
    "01": "AT",
    "02": "BE",
    "03": "DK",
    "04": "FR",
    "05": "DE",
    "06": "HU",
    "07": "IT",
    "08": "NL",
    "09": "SE",
    "10": "ES",
    "11": "GB",
    "12": "PT",
    "14": "FI",
    "15": "RU",
    "16": "CH",
    "17": "SK",
    "19": "PL",
}
"""The member country's code (the number's first two digits) -> ISO 3166 country code."""

_NUMBER = re.compile(r"[0-9]{8}")
_COUNTRY = re.compile(r"[A-Z]{2}")


def ema_number_problem(number: str) -> str | None:
    """What is wrong with ``number`` as an EMA number (English, for the caller to word), or
    None when it is eight digits."""
    if not _NUMBER.fullmatch(number):
        return "an EMA number has eight digits"
    return None


def ema_country(number: str) -> str:
    """The ISO code of the member country of ``number``, or "" for an unknown code."""
    return EMA_COUNTRIES.get(number[:2], "")


def is_country_code(code: str) -> bool:
    """Two capital letters, as ISO 3166 writes a country (``IT``, ``JP``)."""
    return bool(_COUNTRY.fullmatch(code))
