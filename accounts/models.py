"""What the accounts pages keep: attempts at signing up, at asking for a password reset and
at guessing a joining code, counted per address (and account) so one client cannot make
accounts, send mail or try codes without end."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Attempt(models.Model):
    class Kind(models.TextChoices):
        SIGNUP = "signup", "Sign-up"
        """A sent sign-up form, accepted or not."""
        RESET = "reset", "Password reset"
        """A sent request for a password-reset mail."""
        INVITED_SIGNUP = "invited", "Sign-up with an invitation"
        """A sent sign-up form from a visitor who opened a valid invitation (counted apart)."""
        JOIN_CODE = "join_code", "Wrong joining code"
        """A joining code that named no invitation."""

    kind = models.CharField(max_length=10, choices=Kind.choices)
    address = models.GenericIPAddressField(null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        indexes = [models.Index(fields=["kind", "address", "created"])]

    def __str__(self) -> str:
        return f"{self.kind} from {self.address} at {self.created:%Y-%m-%d %H:%M}"
