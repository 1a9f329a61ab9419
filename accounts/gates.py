"""Who may sign up while open sign-up is closed (SIGNUP_OPEN=false).

accounts sits below the apps that invite people, so it cannot ask them directly: an app that
lets someone in registers a pass here in its ``AppConfig.ready()`` (clubs does, for a visitor
who opened a valid invitation), and the sign-up page asks every pass.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest

SignupPass = Callable[[HttpRequest], bool]

_passes: list[SignupPass] = []


def register_signup_pass(check: SignupPass) -> None:
    if check not in _passes:
        _passes.append(check)


def may_sign_up(request: HttpRequest) -> bool:
    """Open sign-up, or a registered pass that lets this visitor in."""
    return settings.SIGNUP_OPEN or any(check(request) for check in _passes)
