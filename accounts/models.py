"""What the accounts pages keep: attempts at signing up and at asking for a password reset,
counted per address so one client cannot make accounts or send mail without end."""

from __future__ import annotations

from django.db import models


class Attempt(models.Model):
    class Kind(models.TextChoices):
        SIGNUP = "signup", "Sign-up"
        """A sent sign-up form, accepted or not."""
        RESET = "reset", "Password reset"
        """A sent request for a password-reset mail."""

    kind = models.CharField(max_length=10, choices=Kind.choices)
    address = models.GenericIPAddressField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        indexes = [models.Index(fields=["kind", "address", "created"])]

    def __str__(self) -> str:
        return f"{self.kind} from {self.address} at {self.created:%Y-%m-%d %H:%M}"
