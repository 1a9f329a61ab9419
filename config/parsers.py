"""The API's JSON parser: JSON whose every string the database can store.

JSON may spell a NUL character (\\u0000) or half of a surrogate pair (\\ud800); neither can be
written to PostgreSQL (text or jsonb) nor encoded as UTF-8 in an answer that repeats it, so
such a body was a 500 wherever a string reached a model, an audit entry or an error message
(found by fuzzing the API). It is refused here, once, as a 400 naming the character.
"""

from __future__ import annotations

import re
from typing import Any

from rest_framework import parsers
from rest_framework.exceptions import ParseError

UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def _unstorable(value: Any) -> str | None:
    """The first character in the value's strings (keys too) that cannot be stored."""
    if isinstance(value, str):
        match = UNSTORABLE.search(value)
        return match.group() if match else None
    if isinstance(value, dict):
        items = [*value.keys(), *value.values()]
    elif isinstance(value, list):
        items = value
    else:
        return None
    for item in items:
        found = _unstorable(item)
        if found is not None:
            return found
    return None


class JSONParser(parsers.JSONParser):
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        data = super().parse(stream, media_type, parser_context)
        found = _unstorable(data)
        if found is not None:
            raise ParseError(
                f"The body holds the character U+{ord(found):04X}, which cannot be stored."
            )
        return data
