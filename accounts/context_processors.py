"""What every page needs to know about accounts: whether this visitor may sign up, so the
header, the home page and the login page offer sign-up only where the sign-up page would take
it (accounts.gates decides; this only hands its answer to the templates)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from accounts.gates import may_sign_up


def signup(request: HttpRequest) -> dict[str, Any]:
    # Lazy: a pass may read the session and the database, and most pages show the link only
    # to visitors who are not logged in.
    return {"signup_open": SimpleLazyObject(lambda: may_sign_up(request))}
