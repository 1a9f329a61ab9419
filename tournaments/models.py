"""A club's tournament: the event, its entrants, its rounds on a clock, the tables of each
round with their seats and the game each table plays, and the organiser's penalties.

The draw itself is :mod:`tournaments.seating` (Django-free); the writes are
:mod:`tournaments.services`. A table's numbers are its game's (scoring caches them beside the
hands); nothing here stores a score but a penalty.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from core import bounds


class Event(models.Model):
    """A tournament of a club, played under one pinned rule set version."""

    class Draw(models.TextChoices):
        SCHEDULE = "schedule", _("Schedule (fewest repeat meetings)")
        """Every round from one seeded schedule of :mod:`tournaments.seating`."""
        SWISS = "swiss", _("Swiss (neighbours in the standing)")
        """Round 1 at random, then tables of players of neighbouring standing."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    name = models.CharField(max_length=bounds.NAME)
    starts_on = models.DateField()
    ends_on = models.DateField()
    ruleset_version = models.ForeignKey(
        "rulesets.RuleSetVersion",
        on_delete=models.PROTECT,
        related_name="events",
        help_text="Pinned when the event is made: every game of the event copies these rules.",
    )
    rounds = models.PositiveSmallIntegerField()
    round_minutes = models.PositiveSmallIntegerField()
    draw = models.CharField(max_length=10, choices=Draw.choices, default=Draw.SCHEDULE)
    substitutes = models.BooleanField(
        default=False,
        help_text="Fill the last tables with substitutes instead of sitting players out.",
    )
    substitute_result = models.CharField(
        max_length=10,
        choices=[
            ("entrant", _("for the absent entrant")),
            ("nobody", _("for nobody")),
            ("fixed", _("as a fixed score for the absent entrant")),
        ],
        default="nobody",
        help_text="Whom a substitute's game result counts for in the standing.",
    )
    substitute_score = models.IntegerField(
        null=True,
        blank=True,
        help_text="With substitute_result 'fixed': the absent entrant's result for the game, "
        "in the unit of the results.",
    )
    final_table = models.BooleanField(
        default=False,
        help_text="The last round is a final table of the top four of the standing.",
    )
    final_carry = models.BooleanField(
        default=True,
        help_text="The final table carries its players' scores (else it starts them at 0).",
    )
    seed = models.PositiveIntegerField(help_text="The draw's seed: the same seed, the same draw.")
    apart_rounds = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="Keep the entrants of one group apart in the first this many rounds "
        "(none: every round).",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_on", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(rounds__gte=1), name="tournaments_event_rounds"),
            models.CheckConstraint(
                condition=Q(round_minutes__gte=1), name="tournaments_event_minutes"
            ),
            models.CheckConstraint(
                condition=Q(ends_on__gte=models.F("starts_on")), name="tournaments_event_dates"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Entrant(models.Model):
    """A player registered for an event: a club player or a guest (a player without a login)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    number = models.PositiveSmallIntegerField(help_text="1, 2, ... in the order of registration.")
    first_round = models.PositiveSmallIntegerField(
        default=1, help_text="The first round they play: above 1 for a late entry."
    )
    checked_in_at = models.DateTimeField(null=True, blank=True)
    dropped_after = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The last round they played before leaving."
    )
    group = models.CharField(
        max_length=bounds.NAME,
        blank=True,
        default="",
        help_text="A club, a country, a family: entrants of one group are drawn at different "
        "tables where the tables allow.",
    )
    registered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="tournaments_entrant_once"),
            models.UniqueConstraint(fields=["event", "number"], name="tournaments_entrant_number"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.event}"

    def plays(self, round_number: int) -> bool:
        """Whether they are in the draw of round ``round_number`` (checked in, not dropped)."""
        return (
            self.checked_in_at is not None
            and self.first_round <= round_number
            and (self.dropped_after is None or round_number <= self.dropped_after)
        )


class Round(models.Model):
    class Status(models.TextChoices):
        DRAWN = "drawn", _("Drawn")
        """Its tables are drawn; no game has started."""
        RUNNING = "running", _("Running")
        """Started: every table's game runs, on the clock."""
        DONE = "done", _("Done")
        """Every table's game is over (by the rules or ended by the organiser)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAWN)
    started_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(
        null=True, blank=True, help_text="The start plus the event's round length: the clock."
    )

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="tournaments_round_number"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number} of {self.event}"


class Table(models.Model):
    """A table of a round; ``game`` is the scoring game it plays once the round starts."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    late_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the clock's check found its game still playing past the round's end.",
    )
    game = models.OneToOneField(
        "scoring.Game",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tournament_table",
    )

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="tournaments_table_number"),
        ]

    def __str__(self) -> str:
        return f"Table {self.number} of {self.round}"


class TableSeat(models.Model):
    """A seat of a table (0 East, 1 South, 2 West, 3 North): whose seat it is in the draw
    (``entrant``; none for a seat the draw left to a substitute) and who plays it
    (``player``: the entrant's player, or a substitute for an absent entrant)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    entrant = models.ForeignKey(
        Entrant, on_delete=models.PROTECT, null=True, blank=True, related_name="seats"
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="tournaments_seat_unique"),
            models.CheckConstraint(condition=Q(seat__lte=3), name="tournaments_seat_0_to_3"),
        ]

    def __str__(self) -> str:
        return f"Seat {self.seat} of {self.table}"

    @property
    def is_substitute(self) -> bool:
        """A substitute plays it: the draw left it empty, or its entrant is absent."""
        return self.player_id is not None and (
            self.entrant is None or self.entrant.player_id != self.player_id
        )


class Cut(models.Model):
    """After round ``after_round`` only the top ``size`` of the standing (``finalists``) play
    on; ``carry`` says whether their scores so far count in the final rounds' standing."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="cuts")
    after_round = models.PositiveSmallIntegerField()
    size = models.PositiveSmallIntegerField()
    carry = models.BooleanField(
        help_text="The finalists keep their scores so far; else they start the final rounds at 0."
    )
    finalists = models.ManyToManyField(Entrant, related_name="cuts")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "after_round"]
        constraints = [
            models.UniqueConstraint(fields=["event", "after_round"], name="tournaments_cut_once"),
        ]

    def __str__(self) -> str:
        return f"Top {self.size} after round {self.after_round} of {self.event}"


class Penalty(models.Model):
    """Points an organiser gives an entrant in a round (negative for a penalty), with why."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="penalties")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="penalties")
    round_number = models.PositiveSmallIntegerField()
    points = models.IntegerField(help_text="In the unit of the games' results.")
    reason = models.CharField(max_length=bounds.REASON)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "round_number", "id"]

    def __str__(self) -> str:
        return f"{self.points} for {self.entrant} in round {self.round_number}"
