"""Serializers shared by the scoring API: the shapes of a game-record hand (for the schema),
and of the answers. Each API class nests its own input serializer; these are the common
parts. Serializers check shape only; the services and the engine decide the rest."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from clubs.serializers import PlayerSerializer, player_data
from core import bounds
from core.serializers import ErrorSerializer
from engine.types import ABORT_REASONS, PENALTY_KINDS, Unit

SEATS_HELP = (
    "One per seat: 4, 3 at a three-player table, 5 with five at a table (the rules' players)."
)
SEAT_MAX = 4
"""The highest seat any game has: seat 4 with five at a table (the engine refuses a seat the
game's rules do not have, and one sitting the hand out)."""


def per_seat(child: serializers.Field, **kwargs: Any) -> serializers.ListField:
    """A list with one item per seat: four, three under three-player rules, five with five at
    a table."""
    return serializers.ListField(child=child, min_length=3, max_length=5, **kwargs)


class WinSerializer(serializers.Serializer):
    """One player's hand: han and fu, yakuman (with pao), points and doubles, or a score.
    A seat is 0-3, 0-2 at a three-player table (the engine refuses seat 3 there), or 0-4 with
    five at a table (the engine refuses the seat sitting the hand out)."""

    seat = serializers.IntegerField(min_value=0, max_value=SEAT_MAX)
    han = serializers.IntegerField(required=False)
    fu = serializers.IntegerField(required=False)
    dora = serializers.IntegerField(required=False)
    yakuman = serializers.IntegerField(required=False)
    pao = serializers.IntegerField(required=False, min_value=0, max_value=SEAT_MAX)
    points = serializers.IntegerField(required=False)
    doubles = serializers.IntegerField(required=False)
    score = serializers.IntegerField(required=False)
    parts = serializers.JSONField(required=False, help_text="Standard scoring: counted parts.")
    north = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=4,
        help_text="Three players, where the rules count north as dora (north_dora): the north "
        "tiles the winner set aside, each one han of dora on top of the han given.",
    )

    class Meta:
        ref_name = "Win"


class PenaltySerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0, max_value=SEAT_MAX)
    kind = serializers.ChoiceField(choices=PENALTY_KINDS, required=False)
    points = serializers.IntegerField(required=False, min_value=1)
    to = serializers.IntegerField(required=False, min_value=0, max_value=SEAT_MAX)

    class Meta:
        ref_name = "Penalty"


class HandSerializer(serializers.Serializer):
    """One hand exactly as in the game record (docs/game-record): the engine checks it."""

    result = serializers.ChoiceField(choices=["ron", "tsumo", "draw", "abortive", "chombo"])
    # "from" is a Python keyword, so the field is declared through the class namespace.
    locals()["from"] = serializers.IntegerField(
        required=False, min_value=0, max_value=SEAT_MAX, help_text="Ron: the seat that discarded."
    )
    wins = WinSerializer(many=True, required=False)
    losers = WinSerializer(
        many=True, required=False, help_text="Standard scoring: each loser's own hand."
    )
    riichi = serializers.ListField(child=serializers.IntegerField(), required=False)
    tenpai = serializers.ListField(child=serializers.IntegerField(), required=False)
    nagashi = serializers.ListField(child=serializers.IntegerField(), required=False)
    reason = serializers.ChoiceField(choices=ABORT_REASONS, required=False)
    offender = serializers.IntegerField(required=False, min_value=0, max_value=SEAT_MAX)
    penalties = PenaltySerializer(many=True, required=False)
    note = serializers.CharField(required=False, max_length=bounds.NOTE)

    class Meta:
        ref_name = "Hand"


class HandResultSerializer(serializers.Serializer):
    round = serializers.CharField()
    number = serializers.IntegerField()
    honba = serializers.IntegerField()
    dealer = serializers.IntegerField()
    pool_before = serializers.IntegerField()
    deltas = per_seat(serializers.IntegerField(), help_text=SEATS_HELP)
    pool = serializers.IntegerField()
    forfeited = serializers.IntegerField()
    scores = per_seat(serializers.IntegerField(), help_text=SEATS_HELP)
    label = serializers.CharField()
    breakdowns = serializers.JSONField(
        required=False, help_text="Standard scoring: how counted parts added up."
    )

    class Meta:
        ref_name = "HandResult"


class NextHandSerializer(serializers.Serializer):
    round = serializers.CharField()
    number = serializers.IntegerField()
    dealer = serializers.IntegerField(
        help_text="The seat dealing, East; with five at a table the seat before it sits the "
        "hand out."
    )
    honba = serializers.IntegerField()
    pool = serializers.IntegerField()
    label = serializers.CharField()

    class Meta:
        ref_name = "NextHand"


class FinalSerializer(serializers.Serializer):
    scores = per_seat(serializers.IntegerField(), help_text=SEATS_HELP)
    pool = serializers.IntegerField()
    over = serializers.BooleanField()
    ranks = per_seat(serializers.IntegerField(), allow_null=True)
    results = per_seat(serializers.FloatField(), allow_null=True)
    unit = serializers.ChoiceField(choices=[u.record_name for u in Unit])
    pool_to = per_seat(serializers.IntegerField())
    chombo = per_seat(serializers.IntegerField())
    next = NextHandSerializer(allow_null=True)

    class Meta:
        ref_name = "Final"


class SeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    player = PlayerSerializer()
    rank = serializers.IntegerField(allow_null=True)
    confirmed_at = serializers.DateTimeField(allow_null=True)

    class Meta:
        ref_name = "Seat"


class GameHandSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    label = serializers.CharField()
    hand = HandSerializer()
    result = HandResultSerializer()

    class Meta:
        ref_name = "GameHand"


class GameSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    club = serializers.CharField(help_text="The club's slug.")
    league = serializers.CharField(allow_null=True, help_text="The league's slug.")
    rules_name = serializers.CharField()
    status = serializers.ChoiceField(choices=["running", "finished", "abandoned"])
    played_on = serializers.DateField()
    table = serializers.CharField()
    players = per_seat(serializers.CharField(), help_text=SEATS_HELP)
    hand_count = serializers.IntegerField()
    version = serializers.IntegerField()

    class Meta:
        ref_name = "GameSummary"


class FinalScoresSerializer(serializers.Serializer):
    """A game's final scores as the game record's ``final_scores`` holds them."""

    # Shape only: the engine checks the numbers (and names the field it refuses).
    scores = per_seat(
        serializers.IntegerField(),
        help_text="Each seat's points at the end, seat 0 first. They must add up to the start "
        "total less the sticks left (and points forfeited for chombo): refused otherwise, "
        "code bad_total, naming the sum and what it must be.",
    )
    sticks_left = serializers.IntegerField(
        required=False,
        default=0,
        help_text="Riichi sticks left on the table at the end, 0-1,200; the rules say who "
        "takes them.",
    )
    chombo = per_seat(
        serializers.IntegerField(),
        required=False,
        help_text="Each seat's chombo count, 0-99 (zeros if left out), settled as the rules "
        "define a chombo.",
    )

    class Meta:
        ref_name = "FinalScores"


class GameSerializer(GameSummarySerializer):
    """A game: its players, where it stands, every hand with its result, the final result."""

    season = serializers.CharField(allow_null=True)
    rules = serializers.JSONField(help_text='The rules copied at the start: {"preset", "options"}.')
    start = serializers.JSONField()
    ended = serializers.BooleanField()
    engine_version = serializers.CharField()
    seats = per_seat(SeatSerializer(), help_text=SEATS_HELP)
    hands = GameHandSerializer(many=True)
    final_scores = FinalScoresSerializer(
        allow_null=True,
        help_text="For a game entered by its final scores (it has no hands): the final scores, "
        "the sticks left on the table and the chombo counts it was entered with; null for a "
        "game entered hand by hand.",
    )
    final = FinalSerializer()
    result_tag = serializers.CharField(
        help_text="A tag of the final result; send it with a confirmation (409 if a correction "
        "has changed the result since)."
    )

    class Meta:
        ref_name = "Game"


class GameChangeSerializer(GameSerializer):
    """A game after a correction or deletion of a hand: as a game, with only the hands the
    write changed."""

    hands = GameHandSerializer(
        many=True,
        help_text="The hands this write changed, in order: the corrected hand and each later "
        "hand whose result or label changed (a deletion: each later hand, moved up one). The "
        "other hands are as they were; `hand_count` says how many there are.",
    )

    class Meta:
        ref_name = "GameChange"


class GameRecordSerializer(serializers.Serializer):
    """A whole game as a game record (docs/game-record.md): what the engine replays."""

    rules = serializers.JSONField(help_text='A preset id, or {"preset", "options"}.')
    players = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="Names, one per seat: 0-3, 0-2 under three-player rules, 0-4 with five at a "
        "table.",
    )
    start = serializers.JSONField(
        required=False, help_text="Where the game starts, if not at East 1."
    )
    hands = HandSerializer(many=True)
    ended = serializers.BooleanField(
        required=False, help_text="True: the game ended after the last hand."
    )
    final_scores = FinalScoresSerializer(
        required=False,
        help_text="Only for a game entered by its final scores (then hands is empty).",
    )

    class Meta:
        ref_name = "GameRecord"


class StateSerializer(serializers.Serializer):
    """Where a game stands after a write."""

    status = serializers.CharField()
    hand_count = serializers.IntegerField()
    version = serializers.IntegerField()
    final = FinalSerializer()

    class Meta:
        ref_name = "GameState"


class HandWriteSerializer(StateSerializer):
    """The answer to a hand submission (a repeated key gets the first answer again)."""

    number = serializers.IntegerField()
    hand = HandSerializer()
    result = HandResultSerializer()

    class Meta:
        ref_name = "HandWrite"


class StaleSerializer(ErrorSerializer):
    state = StateSerializer()

    class Meta:
        ref_name = "StaleHandNumber"


class HandChangedSerializer(ErrorSerializer):
    """412: the hand changed since the device read it; ``hand`` is the hand as it is now."""

    hand = GameHandSerializer(allow_null=True)

    class Meta:
        ref_name = "HandChanged"


class HandMoveSerializer(GameSerializer):
    """The game after an undo or a redo, with the hand it took away or put back."""

    hand = GameHandSerializer()

    class Meta:
        ref_name = "HandMove"


def game_summary_data(game: Any) -> dict[str, Any]:
    return {
        "id": game.pk,
        "club": game.club.slug,
        "league": game.league.slug if game.league_id else None,
        "rules_name": game.rules_name,
        "status": game.status,
        "played_on": game.played_on,
        "table": game.table,
        "players": [p.display_name for p in game.seat_players()],
        "hand_count": game.hand_count,
        "version": game.version,
    }


def game_data(game: Any, hands: Any = None) -> dict[str, Any]:
    """The whole game as the API shows it, from the cached results (with ``hands``, the hand
    rows a write changed, in place of all of them: :class:`GameChangeSerializer`)."""
    if hands is None:
        hands = game.hands.order_by("number")
    seats = sorted(game.seats.select_related("player"), key=lambda s: s.seat)
    return {
        **game_summary_data(game),
        "season": game.season.name if game.season_id else None,
        "rules": game.rules,
        "start": game.start,
        "ended": game.ended,
        "engine_version": game.engine_version,
        "seats": [
            {
                "seat": s.seat,
                "player": player_data(s.player),
                "rank": s.rank,
                "confirmed_at": s.confirmed_at,
            }
            for s in seats
        ],
        "hands": [
            {"number": h.number, "label": h.label, "hand": h.data, "result": h.result}
            for h in hands
        ],
        "final_scores": game.final_scores,
        "final": game.final,
        "result_tag": game.result_tag,
    }


def state_data(game: Any) -> dict[str, Any]:
    return {
        "status": game.status,
        "hand_count": game.hand_count,
        "version": game.version,
        "final": game.final,
    }
