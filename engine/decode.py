"""Reading back what the engine wrote: the checks the result types' ``from_dict`` share.

A result's JSON (a hand's deltas, the game's final state) is the engine's own ``as_dict``,
cached beside a game and sent to clients; reading it back builds the same frozen values, so a
reader uses attributes, never string keys. JSON that is not what ``as_dict`` writes is refused
with an :class:`.errors.EngineError` (code ``invalid_result``) naming the field:

>>> seats({"deltas": [1, 2, 3, -6]}, "deltas", "hand")
(1, 2, 3, -6)
>>> seats({"deltas": [1, 2]}, "deltas", "hand")
Traceback (most recent call last):
    ...
engine.errors.EngineError: hand.deltas is not one integer a seat: [1, 2]
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from decimal import Decimal
from enum import StrEnum
from typing import Any, TypeVar

from .errors import EngineError

E = TypeVar("E", bound=StrEnum)

MISSING = object()
# A table seats four players, three (a three-player preset: ``players: 3``) or five (four
# of whom play each hand: ``players: 5``).
SEAT_COUNTS = (3, 4, 5)


def bad(message: str, field: str) -> EngineError:
    return EngineError(message, code="invalid_result", field=field)


def obj(data: Any, where: str) -> Mapping[str, Any]:
    """``data`` itself when it is an object (a JSON dict)."""
    if not isinstance(data, Mapping):
        raise bad(f"{where} is not an object: {data!r}", where)
    return data


def value(data: Mapping[str, Any], key: str, where: str, default: Any = MISSING) -> Any:
    """``data[key]``; without a ``default`` a missing key is refused."""
    if key in data:
        return data[key]
    if default is MISSING:
        raise bad(f"{where} has no {key!r}", f"{where}.{key}")
    return default


def integer(data: Mapping[str, Any], key: str, where: str, default: Any = MISSING) -> Any:
    """An integer (not a bool, not a float); ``default`` when the key is absent."""
    if key not in data and default is not MISSING:
        return default
    v = value(data, key, where)
    if isinstance(v, bool) or not isinstance(v, int):
        raise bad(f"{where}.{key} is not an integer: {v!r}", f"{where}.{key}")
    return v


def optional_integer(data: Mapping[str, Any], key: str, where: str) -> int | None:
    """An integer or null (a key that must be there)."""
    if value(data, key, where) is None:
        return None
    return int(integer(data, key, where))


def text(data: Mapping[str, Any], key: str, where: str, default: Any = MISSING) -> Any:
    if key not in data and default is not MISSING:
        return default
    v = value(data, key, where)
    if not isinstance(v, str):
        raise bad(f"{where}.{key} is not a string: {v!r}", f"{where}.{key}")
    return v


def seats(
    data: Mapping[str, Any], key: str, where: str, count: int | None = None
) -> tuple[int, ...]:
    """One integer a seat: four at a four-player table, three at a three-player one
    (``count`` of them when given: the game's other lists say how many seats it has)."""
    v = value(data, key, where)
    if (
        not isinstance(v, list | tuple)
        or len(v) not in ((count,) if count is not None else SEAT_COUNTS)
        or any(isinstance(n, bool) or not isinstance(n, int) for n in v)
    ):
        raise bad(f"{where}.{key} is not one integer a seat: {v!r}", f"{where}.{key}")
    return tuple(v)


def optional_seats(
    data: Mapping[str, Any], key: str, where: str, count: int | None = None
) -> tuple[int, ...] | None:
    if value(data, key, where) is None:
        return None
    return seats(data, key, where, count)


def optional_tenths(
    data: Mapping[str, Any], key: str, where: str, count: int | None = None
) -> tuple[int, ...] | None:
    """One number a seat with at most one decimal (points of 1,000: ``27.3``) as integer tenths
    (``273``), exactly: the decimal of the number's shortest text, since ``27.3 * 10`` is not
    273 in floating point. Null stays None.

    >>> optional_tenths({"results": [27.3, -10.4, 0.1, -17]}, "results", "final")
    (273, -104, 1, -170)
    >>> optional_tenths({"results": [27.35, 0, 0, 0]}, "results", "final")
    Traceback (most recent call last):
        ...
    engine.errors.EngineError: final.results is not one number of 1,000 a seat with at most ...
    """
    v = value(data, key, where)
    if v is None:
        return None
    tenths = []
    counts = (count,) if count is not None else SEAT_COUNTS
    if isinstance(v, list | tuple) and len(v) in counts:
        for n in v:
            if isinstance(n, bool) or not isinstance(n, int | float) or not math.isfinite(n):
                break
            exact = Decimal(str(n)) * 10
            if exact != exact.to_integral_value():
                break
            tenths.append(int(exact))
    if not isinstance(v, list | tuple) or len(tenths) != len(v) or len(v) not in counts:
        raise bad(
            f"{where}.{key} is not one number of 1,000 a seat with at most one decimal: {v!r}",
            f"{where}.{key}",
        )
    return tuple(tenths)


def items(data: Mapping[str, Any], key: str, where: str) -> list[Any]:
    """A list (empty when the key is absent: ``as_dict`` leaves empty lists out)."""
    v = value(data, key, where, [])
    if not isinstance(v, list | tuple):
        raise bad(f"{where}.{key} is not a list: {v!r}", f"{where}.{key}")
    return list(v)


def member(kind: type[E], data: Mapping[str, Any], key: str, where: str) -> E:  # noqa: UP047 (Pyodide)
    """An enum member from its value ("E" for ``Wind.EAST``)."""
    v = value(data, key, where)
    try:
        return kind(v)
    except ValueError:
        allowed = ", ".join(m.value for m in kind)
        raise bad(f"{where}.{key} is {v!r}, not one of {allowed}", f"{where}.{key}") from None
