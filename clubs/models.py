from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.hashers import check_password
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class ClubQuerySet(models.QuerySet["Club"]):
    def public(self) -> ClubQuerySet:
        return self.filter(public=True)

    def member_of(self, user: Any) -> ClubQuerySet:
        """Clubs where `user` holds a membership of any role (none for anonymous users)."""
        if not user.is_authenticated:
            return self.none()
        return self.filter(memberships__user=user)

    def visible_to(self, user: Any) -> ClubQuerySet:
        """Public clubs, plus the private clubs `user` is a member of."""
        if not user.is_authenticated:
            return self.public()
        return self.filter(Q(public=True) | Q(memberships__user=user)).distinct()


class Club(models.Model):
    name = models.CharField(max_length=100)
    slug = models.SlugField(max_length=50, unique=True)
    public = models.BooleanField(
        default=False, help_text="Anyone may see a public club; a private one only its members."
    )
    created = models.DateTimeField(auto_now_add=True)

    objects = ClubQuerySet.as_manager()

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    """Someone who sits at the table: a member with a login, or a guest (user is empty)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    display_name = models.CharField(max_length=60)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="players",
    )
    pin = models.CharField(
        max_length=128,
        blank=True,
        help_text="A short PIN, stored hashed, to confirm a game's result on the scorer's phone.",
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["display_name"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "display_name"], name="clubs_player_unique_display_name"
            ),
            # One login stands for one seat in a club's records, never two.
            models.UniqueConstraint(
                fields=["club", "user"],
                condition=Q(user__isnull=False),
                name="clubs_player_unique_user",
            ),
        ]

    def __str__(self) -> str:
        return self.display_name

    @property
    def has_pin(self) -> bool:
        return bool(self.pin)

    def check_pin(self, pin: str) -> bool:
        """Whether ``pin`` is this player's PIN (never true while no PIN is set)."""
        return bool(self.pin) and check_password(pin, self.pin)


class Membership(models.Model):
    class Role(models.TextChoices):
        ORGANISER = "organiser", _("Organiser")
        """Runs the club: members, players, leagues, and everything a scorer does."""
        SCORER = "scorer", _("Scorer")
        """Records and corrects games."""
        MEMBER = "member", _("Member")
        """Sees the club's games and standings, even when the club is private."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=20, choices=Role.choices, default=Role.MEMBER)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="clubs_membership_unique_user"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.club} ({self.get_role_display()})"
