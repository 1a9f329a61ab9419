"""The writes of the accounts pages, each with its audit entry: a new account, a password
changed by its user, a password reset through the mailed link.

These entries belong to no club (``AuditEntry.club`` is empty), so no club's trail shows them;
they say who did what to an account, and never hold a password.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import User
from django.db import transaction

from core.models import log_action


def _who(user: User) -> dict[str, object]:
    return {"id": user.pk, "username": user.get_username()}


@transaction.atomic
def account_create(
    *,
    username: str,
    password: str,
    email: str = "",
    admitted: Callable[[User], None] | None = None,
) -> User:
    """A new account (the sign-up form checked the name, the e-mail and the password).
    ``admitted(user)`` runs in the same transaction (accounts.gates.redeem_pass uses up the
    invitation that let the user in): when it raises, no account is made."""
    user = User.objects.create_user(username=username, email=email, password=password)
    log_action("account.signed_up", actor=user, account=True, after=_who(user))
    if admitted is not None:
        admitted(user)
    return user


@transaction.atomic
def account_set_password(*, user: User, password: str, reset: bool = False) -> User:
    """Change a user's password: by the user, who typed the current one, or (``reset``) through
    a password-reset link. Saving it ends the user's API token (core.tokens)."""
    user.set_password(password)
    user.save()
    action = "account.password_reset" if reset else "account.password_changed"
    log_action(action, actor=user, account=True, after=_who(user))
    return user
