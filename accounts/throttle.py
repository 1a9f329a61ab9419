"""Throttling for sign-up and password-reset requests, and for wrong joining codes, as failed
logins are throttled: counted in the database, so every app server sees the same count.

A client address may send SIGNUP_LIMIT sign-up forms (and as many reset requests) in
SIGNUP_WINDOW_MINUTES; sign-ups that come with an invitation (accounts.gates) are counted
apart, up to SIGNUP_INVITED_LIMIT, so a club night of newcomers on one Wi-Fi address is not
locked out. Wrong joining codes: JOIN_CODE_LIMIT per account and JOIN_CODE_ADDRESS_LIMIT per
address in the same window. Past a limit the page answers 429 and says when to come back.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext

from accounts.gates import invited
from accounts.models import Attempt
from core.security import client_ip


def _since() -> Any:
    since = timezone.now() - timedelta(minutes=settings.SIGNUP_WINDOW_MINUTES)
    # Old attempts only ever matter for one window.
    Attempt.objects.filter(created__lt=since).delete()
    return since


def _come_back(what: str) -> str:
    return gettext("%(what)s Try again in %(minutes)s minutes.") % {
        "what": what,
        "minutes": settings.SIGNUP_WINDOW_MINUTES,
    }


def throttled(request: HttpRequest, kind: str) -> str | None:
    """Count this attempt; the reason it is refused, or None when it may go on."""
    address = client_ip(request)
    if kind == Attempt.Kind.SIGNUP and invited(request):
        kind, limit = Attempt.Kind.INVITED_SIGNUP, settings.SIGNUP_INVITED_LIMIT
    else:
        limit = settings.SIGNUP_LIMIT
    since = _since()
    count = Attempt.objects.filter(kind=kind, address=address, created__gte=since).count()
    if count >= limit:
        if kind == Attempt.Kind.RESET:
            return _come_back(gettext("Too many password-reset requests from your address."))
        return _come_back(gettext("Too many sign-ups from your address."))
    Attempt.objects.create(kind=kind, address=address)
    return None


def _user_of(request: HttpRequest) -> Any:
    user = getattr(request, "user", None)
    return user if user is not None and user.is_authenticated else None


def join_code_refused(request: HttpRequest) -> str | None:
    """Why this client may try no joining code now (too many wrong ones from its account or
    its address), or None."""
    since = _since()
    wrong = Attempt.objects.filter(kind=Attempt.Kind.JOIN_CODE, created__gte=since)
    user = _user_of(request)
    by_address = wrong.filter(address=client_ip(request)).count()
    by_user = wrong.filter(user=user).count() if user is not None else 0
    if by_user >= settings.JOIN_CODE_LIMIT or by_address >= settings.JOIN_CODE_ADDRESS_LIMIT:
        return _come_back(gettext("Too many wrong joining codes."))
    return None


def count_wrong_join_code(request: HttpRequest) -> None:
    """A joining code that named no invitation."""
    Attempt.objects.create(
        kind=Attempt.Kind.JOIN_CODE, address=client_ip(request), user=_user_of(request)
    )
