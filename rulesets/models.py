"""A club's own rule sets: a template (a built-in preset or another rule set) plus changes.

Every save makes a new :class:`RuleSetVersion` holding the fully resolved rules; a game copies
the rules of the version current when it starts, so editing a rule set changes new games only.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from clubs.models import Club
from core import bounds


class RuleSet(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="rulesets")
    name = models.CharField(max_length=bounds.NAME)
    description = models.TextField(blank=True, help_text="What the club plays these rules for.")
    template_preset = models.CharField(
        max_length=40, blank=True, help_text="The built-in preset this rule set starts from."
    )
    template_ruleset = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="derived"
    )
    options = models.JSONField(
        default=dict, blank=True, help_text="Options changed from the template."
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="rulesets_ruleset_unique_name"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def current_version(self) -> RuleSetVersion | None:
        """The latest version: the rules new games copy."""
        return self.versions.order_by("-number").first()


class RuleSetVersion(models.Model):
    """The rules of a rule set as saved at one time, fully resolved."""

    ruleset = models.ForeignKey(RuleSet, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    options = models.JSONField(help_text="The options changed from the template at that time.")
    rules = models.JSONField(help_text='Resolved: {"preset": id, "options": {every option}}.')
    template_version = models.ForeignKey(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="The template rule set's version this one was built on (none for a preset).",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["ruleset", "-number"]
        constraints = [
            models.UniqueConstraint(
                fields=["ruleset", "number"], name="rulesets_version_unique_number"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.ruleset} v{self.number}"
