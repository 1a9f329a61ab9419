from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.hashers import check_password
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

# The languages a club may choose: the site's, those it has catalogues for (locale/).
LANGUAGES = list(settings.LANGUAGES)


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
    time_zone = models.CharField(
        max_length=60,
        default="UTC",
        help_text="Dates and times are stored in UTC and shown in this zone (IANA name).",
    )
    language = models.CharField(
        max_length=10,
        choices=LANGUAGES,
        default="en",
        help_text="The language of the club's pages and sheets, unless a reader picks one.",
    )
    default_rules = models.CharField(
        max_length=40,
        blank=True,
        help_text="What Start a game offers first: 'preset:<id>' or 'ruleset:<id>'.",
    )
    created = models.DateTimeField(auto_now_add=True)

    objects = ClubQuerySet.as_manager()

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class PlayerQuerySet(models.QuerySet["Player"]):
    def active(self) -> PlayerQuerySet:
        """Players offered in pickers: all but the retired."""
        return self.filter(retired=False)


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
    retired = models.BooleanField(
        default=False, help_text="Hidden from pickers; kept in games, standings and history."
    )
    # A tournament's results for the EMA (tournaments/ema.py) name players as the EMA does.
    first_name = models.CharField(max_length=60, blank=True)
    last_name = models.CharField(max_length=60, blank=True)
    ema_number = models.CharField(
        max_length=8,
        blank=True,
        help_text="Eight digits, the first two the member country's code (clubs/ema.py).",
    )
    country = models.CharField(
        max_length=2, blank=True, help_text="ISO 3166 code, for a player with no EMA number."
    )
    created = models.DateTimeField(auto_now_add=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["display_name"]
        constraints = [
            # Names differ by more than case ("aiko" is Aiko), at the database too, so two
            # requests adding one name at once cannot both store it.
            models.UniqueConstraint(
                "club", Lower("display_name"), name="clubs_player_unique_display_name_ci"
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


class Invitation(models.Model):
    """A way into a club: a join link for one person, or a short code shown on the screen for
    the people at the club tonight. Either ends at ``expires``; ``max_uses`` joins at most."""

    class Kind(models.TextChoices):
        LINK = "link", "Join link"
        """A long code in a link sent to one person; good for one join."""
        CODE = "code", "Code on the screen"
        """A short code read off the screen by the people in the room; several may join."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    code = models.CharField(max_length=40, unique=True)
    role = models.CharField(
        max_length=20, choices=Membership.Role.choices, default=Membership.Role.MEMBER
    )
    expires = models.DateTimeField()
    max_uses = models.PositiveIntegerField(default=1)
    uses = models.PositiveIntegerField(default=0)
    revoked = models.BooleanField(default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} to {self.club} as {self.role}"


class PlayerClaim(models.Model):
    """A member's request to be linked to a guest player, waiting for an organiser."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting"
        """Asked; no organiser has answered yet."""
        APPROVED = "approved", "Approved"
        """The member's account now stands for the player."""
        REFUSED = "refused", "Refused"
        """An organiser said no."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="player_claims")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="claims")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player_claims"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    created = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created", "id"]
        constraints = [
            # One open request per member and club at a time.
            models.UniqueConstraint(
                fields=["club", "user"],
                condition=Q(status="pending"),
                name="clubs_claim_one_pending",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} asks to be {self.player} ({self.status})"
