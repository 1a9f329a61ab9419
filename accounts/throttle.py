"""Throttling for sign-up and password-reset requests, as failed logins are throttled: counted
per client address in the database, so every app server sees the same count.

A client may send SIGNUP_LIMIT sign-up forms (and as many reset requests) in
SIGNUP_WINDOW_MINUTES; past that the page answers 429 and says when to come back.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.http import HttpRequest
from django.utils import timezone

from accounts.models import Attempt
from core.security import client_ip


def _window() -> timedelta:
    return timedelta(minutes=settings.SIGNUP_WINDOW_MINUTES)


def throttled(request: HttpRequest, kind: str) -> str | None:
    """Count this attempt; the reason it is refused, or None when it may go on."""
    address = client_ip(request)
    since = timezone.now() - _window()
    # Old attempts only ever matter for one window.
    Attempt.objects.filter(created__lt=since).delete()
    count = Attempt.objects.filter(kind=kind, address=address, created__gte=since).count()
    if count >= settings.SIGNUP_LIMIT:
        minutes = settings.SIGNUP_WINDOW_MINUTES
        what = "sign-ups" if kind == Attempt.Kind.SIGNUP else "password-reset requests"
        return f"Too many {what} from your address. Try again in {minutes} minutes."
    Attempt.objects.create(kind=kind, address=address)
    return None
