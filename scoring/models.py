"""Games, their seats and hands, and the audit trail.

A hand is stored exactly as a game-record hand (``Hand.data``). The numbers of a game (each
hand's deltas, pool and scores, the final result, each seat's rank and result) come from one
replay by the engine and are cached beside the hands in the same transaction
(:mod:`scoring.services`). Everything that shows a number reads these caches.
"""

from __future__ import annotations

import datetime
import hashlib
import json

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player


class GameQuerySet(models.QuerySet["Game"]):
    def running(self) -> GameQuerySet:
        return self.filter(status=Game.Status.RUNNING)

    def finished(self) -> GameQuerySet:
        return self.filter(status=Game.Status.FINISHED)

    def counted(self) -> GameQuerySet:
        """Finished games that count for standings (abandoned ones never do)."""
        return self.finished().exclude(league=None)


class Game(models.Model):
    class Status(models.TextChoices):
        RUNNING = "running", _("Running")
        """Hands are being entered."""
        FINISHED = "finished", _("Finished")
        """Over by the rules, or ended by the club; its results count."""
        ABANDONED = "abandoned", _("Abandoned")
        """Kept for the record, excluded from standings."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="games")
    league = models.ForeignKey(
        "leagues.League", on_delete=models.PROTECT, null=True, blank=True, related_name="games"
    )
    season = models.ForeignKey(
        "leagues.Season", on_delete=models.SET_NULL, null=True, blank=True, related_name="games"
    )
    ruleset_version = models.ForeignKey(
        "rulesets.RuleSetVersion",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="games",
    )
    table = models.CharField(max_length=40, blank=True)
    played_on = models.DateField(default=datetime.date.today)
    rules = models.JSONField(
        help_text='The resolved rules copied at the start: {"preset": id, "options": {...}}.'
    )
    rules_name = models.CharField(max_length=120)
    start = models.JSONField(default=dict, blank=True)
    ended = models.BooleanField(
        default=False, help_text="Ended by the club (time limit) rather than by the rules."
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.RUNNING)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Cached from the last replay by the engine.
    final = models.JSONField(default=dict)
    over = models.BooleanField(default=False)
    hand_count = models.PositiveIntegerField(default=0)
    engine_version = models.CharField(max_length=20, blank=True)
    version = models.PositiveIntegerField(
        default=0, help_text="Goes up with every change, so other devices know to refresh."
    )

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-played_on", "-id"]
        indexes = [models.Index(fields=["league", "status"])]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.played_on})"

    @property
    def is_running(self) -> bool:
        return self.status == self.Status.RUNNING

    @property
    def result_tag(self) -> str:
        """A short tag of the final result: a confirmation names the result it confirms.

        Confirmations do not change it, so one player confirming does not refuse the next; a
        correction that moves any number does.
        """
        content = json.dumps(self.final, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(content.encode()).hexdigest()[:16]

    def seat_players(self) -> list[Player]:
        """The four players in seat order."""
        seats = sorted(self.seats.all(), key=lambda s: s.seat)
        return [s.player for s in seats]


class GameSeat(models.Model):
    """A player's seat in a game, with the player's cached final numbers."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    # Cached from the replay once the game is over (null while it runs). 64-bit: the engine's
    # limits bound a seat's change in one hand by about 185,000,000 points (three winners on
    # one discard, each six yakuman of 16 limits of 100,000 paid six times: 172,800,000; the
    # counters, 3 x 3,000 x 399: 3,591,000; twenty penalties of at most 400,000: 8,000,000).
    # Over 300 hands from a start of 10,000,000 with a pool of at most 24,000,000 that is
    # about 5.6e10, beyond a 32-bit column (2,147,483,647) and far inside a 64-bit one.
    # docs/game-record.md, "Limits", has the arithmetic.
    score = models.BigIntegerField(null=True, blank=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    result = models.BigIntegerField(
        null=True, blank=True, help_text="Tenths of 1,000 points under uma, else points."
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["game", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="scoring_seat_unique_seat"),
            models.UniqueConstraint(fields=["game", "player"], name="scoring_seat_unique_player"),
            models.CheckConstraint(condition=Q(seat__lte=3), name="scoring_seat_0_to_3"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in seat {self.seat} of game {self.game_id}"


class Hand(models.Model):
    """One hand, exactly as the game record has it, with the engine's result cached beside it."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField(help_text="1-based position in the game.")
    data = models.JSONField(help_text="The hand as in the game record.")
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now_add=True)
    # Cached from the last replay.
    result = models.JSONField(default=dict)
    label = models.CharField(max_length=10, blank=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="scoring_hand_unique_number"),
        ]

    def __str__(self) -> str:
        return f"Hand {self.number} ({self.label}) of game {self.game_id}"


class Submission(models.Model):
    """A hand submission's client key and the first answer given to it (idempotency)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="submissions")
    key = models.CharField(max_length=100)
    response = models.JSONField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "key"], name="scoring_submission_unique_key"),
        ]

    def __str__(self) -> str:
        return f"Submission {self.key} to game {self.game_id}"
