"""Who may sign up while open sign-up is closed (SIGNUP_OPEN=false).

accounts sits below the apps that invite people, so it cannot ask them directly: an app that
lets someone in registers a pass here in its ``AppConfig.ready()`` (clubs does, for a visitor
who opened a valid invitation), and the sign-up page asks every pass.

A pass may also redeem what let the visitor in: while sign-up is closed, the new account is
made in one transaction with ``redeem(request, user)``, which raises a DomainError when the
invitation was used up meanwhile (by another sign-up at the same moment), so a link for one
person makes one account.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext

from core.errors import DomainError

SignupPass = Callable[[HttpRequest], bool]
# True when it let ``user`` in (and used up its place), False when it has nothing to redeem;
# raises a DomainError when its invitation was used up meanwhile.
Redeem = Callable[[HttpRequest, object], bool]

_passes: list[tuple[SignupPass, Redeem | None]] = []


def register_signup_pass(check: SignupPass, *, redeem: Redeem | None = None) -> None:
    if all(check is not known for known, _ in _passes):
        _passes.append((check, redeem))


def invited(request: HttpRequest) -> bool:
    """Whether a registered pass lets this visitor in (an invitation opened), open sign-up or
    not: such sign-ups are counted apart from the others (accounts.throttle)."""
    return any(check(request) for check, _ in _passes)


def may_sign_up(request: HttpRequest) -> bool:
    """Open sign-up, or a registered pass that lets this visitor in."""
    return settings.SIGNUP_OPEN or invited(request)


def redeem_pass(request: HttpRequest, user: object) -> None:
    """While sign-up is closed, use up the pass that let ``user`` in (inside the transaction
    that makes the account; a DomainError from it undoes the account). Asked again here, under
    the transaction: a pass checked before it may have been used up by then."""
    if settings.SIGNUP_OPEN:
        return
    for check, redeem in _passes:
        if redeem(request, user) if redeem is not None else check(request):
            return
    raise DomainError(
        gettext(
            "This site takes new accounts by invitation only: open the join link a club's "
            "organiser gave you, or ask them for one."
        ),
        code="signup_closed",
    )
