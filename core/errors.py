"""The one base of the domain errors: a request a service refuses, with a stable code."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

# How a refusal from outside core (the engine's errors, registered by the app that wraps the
# engine) is worded in the reader's language: the engine writes English.
_WORDING: dict[type[Exception], Callable[[Any], str]] = {}


def register_wording(kind: type[Exception], wording: Callable[[Any], str]) -> None:
    """Word ``kind``'s refusals with ``wording(exc)`` wherever they are shown."""
    _WORDING[kind] = wording


def refusal_text(exc: Exception) -> str:
    """``exc``'s message for people in the active language."""
    for kind, wording in _WORDING.items():
        if isinstance(exc, kind):
            return wording(exc)
    return str(exc)


class DomainError(ValueError):
    """A request a service cannot do. ``code`` is stable (for programs and the API's error
    body), the message is for people, ``field`` names the input at fault when one is.

    The message is worded when it is shown, in the language active then (the reader's): a
    lazy translation (``gettext_lazy``) with its ``params`` interpolated at that moment, or
    another refusal (an engine error) worded as :func:`refusal_text` says.

    >>> str(DomainError("%(n)s seats", code="seats", params={"n": 4}))
    '4 seats'
    """

    def __init__(
        self,
        message: Any,
        *,
        code: str,
        field: str | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.field = field
        self.params = dict(params or {})
        # What a JSON answer carries beside the error body (where the game stands now, the
        # hand as it is): the door that knows it fills it in before the error handler answers.
        self.answer: dict[str, Any] = {}
        self.answer_headers: dict[str, str] = {}

    def __str__(self) -> str:
        message = self.args[0] if self.args else ""
        if isinstance(message, Exception):
            return refusal_text(message)
        text = str(message)
        return text % self.params if self.params else text
