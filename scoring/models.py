"""Games, their seats and hands, and the audit trail.

A hand is stored exactly as a game-record hand (``Hand.data``). The numbers of a game (each
hand's deltas, pool and scores, the final result, each seat's rank and result) come from one
replay by the engine and are cached beside the hands in the same transaction
(:mod:`scoring.services`). Everything that shows a number reads these caches, as the engine's
typed values (:attr:`Game.final_result`, :attr:`Hand.hand_result`), never by key.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Callable
from functools import cached_property
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from engine import FinalResult, HandResult, resolve_rules
from engine import sits_out as engine_sits_out


def _typed[T](row: models.Model, name: str, read: Callable[[Any], T]) -> T | None:
    """The typed value of the JSON cache ``name`` of ``row``, read once per instance and read
    again when the cache is given another value (a replay assigns a fresh dict); None while the
    cache is empty (no replay has filled it yet)."""
    data = getattr(row, name)
    memo = row.__dict__.get(f"_typed_{name}")
    if memo is not None and memo[0] is data:
        return memo[1]  # type: ignore[no-any-return]
    value = read(data) if data else None
    row.__dict__[f"_typed_{name}"] = (data, value)
    return value


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
    final_scores = models.JSONField(
        null=True,
        blank=True,
        help_text=(
            "A game entered by its final scores (no hands): the record's final_scores, "
            '{"scores": [...], "sticks_left": n, "chombo": [...]}.'
        ),
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
    # Where the replay stands after the last hand (engine.Progress.as_dict), so a new hand is
    # scored from it alone; empty for a game cached before it was kept (the next write replays
    # the game and fills it).
    progress = models.JSONField(default=dict, blank=True)
    version = models.PositiveIntegerField(
        default=0, help_text="Goes up with every change, so other devices know to refresh."
    )

    objects = GameQuerySet.as_manager()

    # Not a column: set on the game a correction or deletion returns (scoring.services.hands),
    # the hand rows that write changed, so its answer reads no hand again.
    changed_hands: list[Hand]

    class Meta:
        ordering = ["-played_on", "-id"]
        indexes = [models.Index(fields=["league", "status"])]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.played_on})"

    @property
    def by_final_scores(self) -> bool:
        """Whether the game was entered by its final scores instead of hand by hand."""
        return self.final_scores is not None

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

    @property
    def final_result(self) -> FinalResult | None:
        """The engine's final result (``final``) as typed values, None before the first replay.

        ``final`` keeps the game record's JSON (``FinalResult.as_dict``: results of 1,000 with
        one decimal under ``points_1000``), as the API answers it; read through
        ``FinalResult.from_dict``, the results are integer tenths under ``engine.Unit``. Every
        page, sheet and statistic reads the game's numbers through it, never by key.
        """
        return _typed(self, "final", FinalResult.from_dict)

    @cached_property
    def seat_count(self) -> int:
        """How many seats the game has (3, 4 or 5): its copied rules' ``players``."""
        return resolve_rules(self.rules).players

    def sits_out(self, dealer: int | None) -> int | None:
        """The seat that sits out the hand ``dealer`` deals (five at a table), else None."""
        if dealer is None or self.seat_count != 5:
            return None
        return engine_sits_out(resolve_rules(self.rules), dealer)

    def seat_players(self) -> list[Player]:
        """The players in seat order."""
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
    yaku = models.JSONField(
        default=dict,
        help_text="The yaku of the seat's wins in this game entered by yaku or by tiles, cached "
        "from the replay: yaku id to [name, count].",
    )

    class Meta:
        ordering = ["game", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="scoring_seat_unique_seat"),
            models.UniqueConstraint(fields=["game", "player"], name="scoring_seat_unique_player"),
            # seats 0-3; 0-2 at three players; 0-4 with five at a table (four play each hand)
            models.CheckConstraint(condition=Q(seat__lte=4), name="scoring_seat_0_to_4"),
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
    version = models.PositiveIntegerField(
        default=0,
        help_text="The game's version when this row was last written: the game page's poll "
        "sends the hands written after the version it shows.",
    )

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="scoring_hand_unique_number"),
        ]

    def __str__(self) -> str:
        return f"Hand {self.number} ({self.label}) of game {self.game_id}"

    @property
    def hand_result(self) -> HandResult | None:
        """The engine's result of this hand (``result``) as typed values, None before the
        first replay."""
        return _typed(self, "result", HandResult.from_dict)


class Submission(models.Model):
    """A hand submission's client key and the first answer given to it (idempotency)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="submissions")
    key = models.CharField(max_length=100)
    # The first answer as serialized JSON text, not a JSONField: PostgreSQL's jsonb reorders
    # keys, and a repeat must get the first answer byte for byte.
    response = models.TextField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "key"], name="scoring_submission_unique_key"),
        ]

    def __str__(self) -> str:
        return f"Submission {self.key} to game {self.game_id}"


class PinAttempt(models.Model):
    """A PIN typed to confirm a result: for which player, on whose logged-in device, when,
    and whether it was right. The wrong ones within :data:`scoring.pins.PIN_WINDOW` limit the
    tries (:mod:`scoring.pins`); the audit trail still records each wrong one for the reader."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    game = models.ForeignKey(Game, on_delete=models.SET_NULL, null=True, related_name="+")
    ok = models.BooleanField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [
            models.Index(fields=["player", "created"], name="scoring_pin_player_created"),
            models.Index(fields=["user", "created"], name="scoring_pin_user_created"),
        ]

    def __str__(self) -> str:
        return f"PIN {'right' if self.ok else 'wrong'} for player {self.player_id}"


class SeasonTotal(models.Model):
    """A player's running totals in one season: what the season's standings add up, kept by
    :mod:`scoring.totals` in the transaction of every write that changes a counted game.

    The numbers are over the season's counted games (:func:`scoring.totals.counted_games`)
    under the league settings its :class:`SeasonTotalsBasis` names; drops for the worst
    results are not taken off (how many to drop depends on ``min_games``, read when shown).
    """

    season = models.ForeignKey(
        "leagues.Season", on_delete=models.CASCADE, related_name="player_totals"
    )
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="season_totals")
    games = models.PositiveIntegerField()
    total = models.BigIntegerField(help_text="Sum of the results, in the games' unit.")
    rank_sum = models.PositiveIntegerField()
    best = models.BigIntegerField()
    firsts = models.PositiveIntegerField()
    seconds = models.PositiveIntegerField()
    thirds = models.PositiveIntegerField()
    fourths = models.PositiveIntegerField()
    placement_points = models.BigIntegerField(
        null=True, help_text="Tenths, shared places included (placement leagues only)."
    )
    worst = models.JSONField(
        default=list,
        help_text="The worst results, worst first, as [result, placement points or null]: "
        "as many as the league's drop_worst (core.bounds.GAMES at most), fewer when the "
        "player has fewer games.",
    )
    settlements = models.JSONField(
        default=dict,
        help_text="Games by settlement: the settlement options (canonical JSON) to a count.",
    )
    yaku = models.JSONField(
        default=dict,
        help_text="The yaku of the player's wins in the counted games: yaku id to "
        "[name, count] (the seats' yaku added up).",
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["season", "player"], name="scoring_seasontotal_unique_player"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} in season {self.season_id}: {self.games} games"


class SeasonTotalsBasis(models.Model):
    """The league settings a season's :class:`SeasonTotal` rows were built under.

    leagues (a floor below scoring) changes those settings without telling scoring; the
    standings compare this with the league's settings now and rebuild the season's totals
    once when they differ (:func:`scoring.totals.season_totals`). No row: never built."""

    season = models.OneToOneField(
        "leagues.Season", on_delete=models.CASCADE, related_name="totals_basis"
    )
    settings = models.JSONField()
    built_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Totals basis of season {self.season_id}"


class Rotation(models.Model):
    """Five players at one table for a night, four of them in each game: one sits out each
    game in turn, by the order of :class:`RotationSeat` (:mod:`scoring.rotations` says who).

    The rules are resolved when the rotation is made, so every game of the night copies the
    same ones; each game is a normal game (:class:`RotationGame` links it)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="rotations")
    league = models.ForeignKey(
        "leagues.League", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    ruleset_version = models.ForeignKey(
        "rulesets.RuleSetVersion", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    rules = models.JSONField(help_text='The resolved rules: {"preset": id, "options": {...}}.')
    rules_name = models.CharField(max_length=120)
    table = models.CharField(max_length=40, blank=True)
    played_on = models.DateField()
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-played_on", "-id"]

    def __str__(self) -> str:
        return f"Rotation {self.pk} ({self.played_on})"


class RotationSeat(models.Model):
    """A player's place in a rotation's sit-out order (0 sits out first)."""

    rotation = models.ForeignKey(Rotation, on_delete=models.CASCADE, related_name="seats")
    place = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["rotation", "place"]
        constraints = [
            models.UniqueConstraint(
                fields=["rotation", "place"], name="scoring_rotationseat_unique_place"
            ),
            models.UniqueConstraint(
                fields=["rotation", "player"], name="scoring_rotationseat_unique_player"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} in place {self.place} of rotation {self.rotation_id}"


class RotationGame(models.Model):
    """Game ``number`` (from 1) of a rotation and who sat it out, as it was when it started
    (a later change of the order does not reach it)."""

    rotation = models.ForeignKey(Rotation, on_delete=models.CASCADE, related_name="games")
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="rotation_game")
    number = models.PositiveSmallIntegerField()
    sits_out = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["rotation", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["rotation", "number"], name="scoring_rotationgame_unique_number"
            ),
        ]

    def __str__(self) -> str:
        return f"Game {self.number} of rotation {self.rotation_id}"
