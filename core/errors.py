"""The one base of the domain errors: a request a service refuses, with a stable code."""

from __future__ import annotations


class DomainError(ValueError):
    """A request a service cannot do. ``code`` is stable (for programs and the API's error
    body), the message is for people, ``field`` names the input at fault when one is."""

    def __init__(self, message: str, *, code: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.field = field
