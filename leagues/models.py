"""Leagues and their seasons. A league pins its rules into every game played in it."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from core import bounds


class League(models.Model):
    """A club's league: the rules its games are played by and how its standings are kept."""

    class Aggregate(models.TextChoices):
        SUM = "sum", _("Sum of results")
        """Players are ranked by the sum of their game results."""
        AVERAGE = "average", _("Average result")
        """Players are ranked by their average game result."""
        PLACEMENT = "placement", _("Placement points")
        """Players are ranked by points given for each placement."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="leagues")
    name = models.CharField(max_length=bounds.NAME)
    slug = models.SlugField(max_length=bounds.SLUG)
    rules = models.JSONField(
        help_text='The rules its games copy when they start: {"preset": id, "options": {...}}.'
    )
    ruleset = models.ForeignKey(
        "rulesets.RuleSet",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="leagues",
        help_text="A club rule set; when set, its current version gives the rules of new games.",
    )
    aggregate = models.CharField(max_length=20, choices=Aggregate.choices, default=Aggregate.SUM)
    placement_points = models.JSONField(
        default=list, blank=True, help_text="Points for first to fourth place (placement only)."
    )
    min_games = models.PositiveIntegerField(default=0)
    drop_worst = models.PositiveIntegerField(default=0)
    confirmation_required = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="leagues_league_unique_slug"),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        """The placement points as the services check them (one a place of the league's
        tables), for the admin's form, which saves without the services."""
        from django.core.exceptions import ValidationError

        from leagues.selectors import league_seats
        from leagues.services import LeagueError, check_placement_points

        if self.aggregate == self.Aggregate.PLACEMENT:
            try:
                check_placement_points(list(self.placement_points or []), league_seats(self))
            except LeagueError as e:
                raise ValidationError({"placement_points": str(e)}) from None

    def rules_spec(self) -> Any:
        """The rules the league's next game copies: its rule set's current version's when it
        has one, else the league's own ``rules``."""
        if self.ruleset_id is not None:
            version = self.ruleset.current_version
            if version is not None:
                return version.rules
        return self.rules


class Season(models.Model):
    """A date range of a league; a game belongs to the season it was played in."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=bounds.NAME)
    starts = models.DateField()
    ends = models.DateField(null=True, blank=True)

    class Meta:
        ordering = ["-starts"]

    def __str__(self) -> str:
        return f"{self.league} {self.name}"
