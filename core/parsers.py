"""The API's JSON parser: a body of bounded size and depth whose every string the database can
store.

- Size: a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` is a 413 (``too_large``). The middleware in
  :mod:`core.limits` answers one that says its length up front; this catches the rest.
- Depth: JSON nested deeper than :data:`MAX_DEPTH` arrays and objects is a 400 naming the
  limit. Python's parser has its own limit near a thousand levels (a RecursionError, which was
  a 500); far less than that still reaches code that walks the value recursively.
- Strings: JSON may spell a NUL character (\\u0000) or half of a surrogate pair (\\ud800);
  neither can be written to PostgreSQL (text or jsonb) nor encoded as UTF-8 in an answer that
  repeats it, so such a body was a 500 wherever a string reached a model, an audit entry or an
  error message (found by fuzzing the API). It is refused here, once, as a 400 naming the
  character.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django.conf import settings
from rest_framework import exceptions, parsers
from rest_framework.utils.json import strict_constant

from core.limits import too_large_message

UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
# A game record in a request is about eight levels deep (body, record, hands, a hand, its
# wins, a win, its parts, a part); four times that leaves room and stops nothing real.
MAX_DEPTH = 32


class RequestTooLarge(exceptions.APIException):
    status_code = 413
    default_code = "too_large"

    def __init__(self) -> None:
        super().__init__(too_large_message())


def too_deep_message() -> str:
    return f"The body is nested deeper than {MAX_DEPTH} levels of arrays and objects."


def _depth(value: Any) -> int:
    """How deeply arrays and objects nest in the value, walked without recursion."""
    deepest, level = 0, [(value, 1)]
    while level:
        item, depth = level.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        if depth > MAX_DEPTH:
            break
        level.extend((child, depth + 1) for child in children)
    return deepest


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
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        # One byte past the limit tells a body over it, without reading the rest.
        raw = stream.read(-1 if limit is None else limit + 1) if stream is not None else b""
        if limit is not None and len(raw) > limit:
            raise RequestTooLarge()
        encoding = parsers.get_encoding(parser_context or {})
        try:
            data = json.loads(raw.decode(encoding), parse_constant=strict_constant)
        except RecursionError:
            raise exceptions.ParseError(too_deep_message()) from None
        except ValueError as exc:  # UnicodeDecodeError and JSONDecodeError among them
            raise exceptions.ParseError(f"JSON parse error - {exc}") from None
        if _depth(data) > MAX_DEPTH:
            raise exceptions.ParseError(too_deep_message())
        found = _unstorable(data)
        if found is not None:
            raise exceptions.ParseError(
                f"The body holds the character U+{ord(found):04X}, which cannot be stored."
            )
        return data
