"""The audit trail: who changed what, when, from what to what, and why.

Every write of every app leaves an entry through :func:`log_action`. The entry points at the
club and, for a game's changes, the game; those are named by string ("clubs.Club",
"scoring.Game") so that the ground floor imports no app. An account's own changes (sign-up, a
new password) belong to no club: their entries have no club, and every club's trail, read
through its club, leaves them out.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models


class AuditEntry(models.Model):
    """Who changed what, when, from what to what, and why."""

    club = models.ForeignKey(
        "clubs.Club",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="audit_entries",
        help_text="Empty for an account's own changes (account.*), which belong to no club.",
    )
    game = models.ForeignKey(
        "scoring.Game",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="audit_entries",
    )
    hand_number = models.PositiveIntegerField(null=True, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    action = models.CharField(max_length=60)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        # The table it had in the scoring app: the model moved, its rows stay where they were.
        db_table = "scoring_auditentry"
        ordering = ["-created", "-id"]
        verbose_name_plural = "audit entries"
        # The club's latest entry in one probe: the tag of its polled pages (clubs.conditional).
        indexes = [models.Index(fields=["club", "id"], name="audit_club_latest")]

    def __str__(self) -> str:
        return f"{self.action} by {self.actor} at {self.created:%Y-%m-%d %H:%M}"


def log_action(
    action: str,
    *,
    actor: Any,
    club: Any = None,
    game: Any = None,
    hand_number: int | None = None,
    before: Any = None,
    after: Any = None,
    reason: str = "",
    account: bool = False,
) -> AuditEntry:
    """Record one change in the audit trail (every score change goes through here).

    The club may be left out when a game is given: the game's club is used (without a query).
    Only an account's own change (``account=True``, an ``account.*`` action) has neither.
    """
    if account:
        if club is not None or game is not None or not action.startswith("account."):
            raise ValueError("An account's entry is an account.* action of no club or game.")
        club_id = None
    elif club is None and game is None:
        raise ValueError("An audit entry needs a club or a game.")
    else:
        club_id = club.pk if club is not None else game.club_id  # type: ignore[union-attr]
    return AuditEntry.objects.create(
        club_id=club_id,
        game=game,
        hand_number=hand_number,
        actor=actor if actor is not None and actor.is_authenticated else None,
        action=action,
        before=before,
        after=after,
        reason=reason,
    )
