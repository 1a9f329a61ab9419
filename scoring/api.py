"""The scoring REST API: one class per operation, each with its own input serializer; the
answers are the cached results (documented by :mod:`scoring.serializers`).

Every error answers ``{"error": {"code", "message", "field"?, "hand"?}}`` through
:func:`core.api.exception_handler`; an engine error is a 400 with the engine's code.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from clubs.access import Role
from clubs.api import club_for
from core.api import ERRORS, Api, paged
from core.serializers import ErrorSerializer, IdField
from scoring import policy, selectors, services, tenhou6
from scoring.models import Game, Hand
from scoring.selectors import visible_games
from scoring.serializers import (
    SEAT_MAX,
    FinalScoresSerializer,
    FinalSerializer,
    GameChangeSerializer,
    GameHandSerializer,
    GameRecordSerializer,
    GameSerializer,
    GameSummarySerializer,
    HandChangedSerializer,
    HandMoveSerializer,
    HandResultSerializer,
    HandSerializer,
    HandWriteSerializer,
    StaleSerializer,
    game_data,
    game_summary_data,
    state_data,
)

IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    str,
    OpenApiParameter.HEADER,
    description="A key the client makes up per hand. A repeat of a submission that added a "
    "hand answers with the first answer (201, the same body, and the header "
    "`Idempotent-Replayed: true`), also when it arrives while the first is being written; a "
    "refused submission is not kept, so its repeat is tried afresh. The same key with another "
    "hand answers 422 (`idempotency_key_reused`).",
)
IF_MATCH = OpenApiParameter(
    "If-Match",
    str,
    OpenApiParameter.HEADER,
    required=True,
    description="The ETag of the hand as this device read it (GET /api/games/{id}/hands/"
    "{number}/); * takes whatever hand is there. Without it the answer is 428; when the hand "
    "changed since, 412 with the hand as it is now, and nothing changes.",
)
ETAG = OpenApiParameter(
    "ETag",
    str,
    OpenApiParameter.HEADER,
    response=True,
    description="The hand's entity tag: it changes whenever the hand (or what it scores, or "
    "the hand at this number) changes.",
)
PRECONDITION_ERRORS = {
    412: OpenApiResponse(
        HandChangedSerializer,
        description="The hand changed since this device read it (another device corrected "
        "it, or removed a hand before it): the hand as it is now (null if there is none at "
        "this number any more), with its ETag. Nothing changed.",
    ),
    428: OpenApiResponse(
        ErrorSerializer, description="No If-Match header: read the hand first and send its ETag."
    ),
}


class PreconditionRequired(exceptions.APIException):
    status_code = 428
    default_code = "precondition_required"
    default_detail = (
        "Send the hand's ETag in an If-Match header (GET the hand first), so that a hand "
        "another device changed meanwhile is not overwritten."
    )


# ---------------------------------------------------------------------------------------------
# Access


# A write without a login never reaches these classes' methods: the base's permission answers
# it with a 401 first. Who may write what is the services' to say (scoring.policy): a role too
# low is their 403, a game's state their refusal, with the same code and status from every door.


def game_for(request: Request, pk: int, role: Role | None = None) -> tuple[Game, Role | None]:
    return selectors.game_for_user(request.user, pk, role)


def _hand_body(request: Request, *drop: str) -> dict[str, Any]:
    """The hand in the body, exactly as sent (the engine refuses unknown fields itself)."""
    if not isinstance(request.data, dict):
        raise exceptions.ValidationError({"result": ["The body must be one hand, an object."]})
    return {k: v for k, v in request.data.items() if k not in drop}


# ---------------------------------------------------------------------------------------------
# Games


class GameListApi(Api):
    class FilterSerializer(serializers.Serializer):
        club = serializers.SlugField(required=False)
        status = serializers.ChoiceField(choices=Game.Status.choices, required=False)
        limit = serializers.IntegerField(
            min_value=1, max_value=200, default=50, help_text="Games per page (at most 200)."
        )
        offset = serializers.IntegerField(
            min_value=0,
            max_value=10_000_000,
            default=0,
            help_text="How many of the newest games to skip.",
        )

    @extend_schema(
        operation_id="games_list",
        parameters=[FilterSerializer],
        responses={200: GameSummarySerializer(many=True), 400: ERRORS[400]},
        summary="The games of the clubs you may see, newest first, a page at a time; when "
        'more follow, the Link header names the next page (rel="next")',
    )
    def get(self, request: Request) -> Response:
        # A plain dict, not the QueryDict: DRF reads a blank form value as absent, so
        # ?status= would list every game instead of naming the bad filter.
        filters = self.FilterSerializer(data=request.query_params.dict())
        filters.is_valid(raise_exception=True)
        games = (
            visible_games(request.user).select_related("league").prefetch_related("seats__player")
        )
        if "club" in filters.validated_data:
            games = games.filter(club__slug=filters.validated_data["club"])
        if "status" in filters.validated_data:
            games = games.filter(status=filters.validated_data["status"])
        return paged(
            request,
            lambda start, stop: games[start:stop],
            lambda page: [game_summary_data(g) for g in page],
            limit=filters.validated_data["limit"],
            offset=filters.validated_data["offset"],
        )


class GameCreateApi(Api):
    class InputSerializer(serializers.Serializer):
        club = serializers.SlugField()
        players = serializers.ListField(
            child=IdField(),
            min_length=3,
            max_length=5,
            help_text="Player ids in seat order (seat 0 sits East at the start): as many as the "
            "rules seat, 4, 3 under three-player rules, or 5 with five at a table (refused "
            "otherwise, code players).",
        )
        rules = serializers.JSONField(
            required=False, help_text='A preset id or {"preset", "options"}.'
        )
        league = serializers.SlugField(required=False)
        ruleset = IdField(
            required=False, help_text="A club rule set's id: its latest version is used."
        )
        start = serializers.JSONField(required=False)
        table = serializers.CharField(required=False, allow_blank=True, max_length=40)
        played_on = serializers.DateField(required=False)
        seated_elsewhere_ok = serializers.BooleanField(
            required=False,
            default=False,
            help_text="True: start even where a player sits in another running game of the "
            "club (refused otherwise, code seated_elsewhere, naming the player and the game).",
        )

        class Meta:
            ref_name = "GameCreateInput"

    @extend_schema(
        operation_id="games_create",
        request=InputSerializer,
        responses={201: GameSerializer, **ERRORS},
        summary="Start a game (scorers and organisers)",
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        d = data.validated_data
        club = club_for(request, d["club"], policy.START_ROLE)
        seats = _seated(club, d["players"])
        extra = _rules_from(club, d)
        game = services.game_start(
            club=club,
            seats=seats,
            created_by=request.user,
            seated_elsewhere_ok=d["seated_elsewhere_ok"],
            rules=d.get("rules"),
            start=d.get("start"),
            table=d.get("table", ""),
            played_on=d.get("played_on"),
            **extra,
        )
        return Response(game_data(game), status=status.HTTP_201_CREATED)


def _seated(club: Any, ids: list[int]) -> list[Any]:
    """The club's players of ``ids``, in their order (400 naming the first not of the club)."""
    players = {p.pk: p for p in club.players.filter(pk__in=ids)}
    missing = [pk for pk in ids if pk not in players]
    if missing:
        raise exceptions.ValidationError({"players": [f"No player {missing[0]} in {club.name}."]})
    return [players[pk] for pk in ids]


def _rules_from(club: Any, d: dict[str, Any]) -> dict[str, Any]:
    """The ``league`` or club ``ruleset`` (its current version) an input names, as the game
    services take them (404 for one the club does not have)."""
    extra: dict[str, Any] = {}
    if "league" in d:
        extra["league"] = get_object_or_404(club.leagues, slug=d["league"])
    if "ruleset" in d:
        ruleset = get_object_or_404(club.rulesets, pk=d["ruleset"])
        extra["ruleset_version"] = ruleset.current_version
    return extra


class GameCollectionApi(GameListApi, GameCreateApi):
    """GET and POST /api/games/: the list and the create operation share one address."""


class GameDetailApi(Api):
    @extend_schema(
        operation_id="games_retrieve",
        responses={200: GameSerializer, 404: ERRORS[404]},
        summary="A game: players, state, every hand with its result, the final result",
    )
    def get(self, request: Request, pk: int) -> Response:
        game, _ = game_for(request, pk)
        return Response(game_data(game))


class GameRecordApi(Api):
    @extend_schema(
        operation_id="games_record",
        responses={
            200: OpenApiResponse(
                GameRecordSerializer, description="The whole game as a game record."
            ),
            404: ERRORS[404],
        },
        summary="The game record (rules, players, start, hands, ended)",
    )
    def get(self, request: Request, pk: int) -> Response:
        game, _ = game_for(request, pk)
        return Response(services.game_record(game))


class GameFinishApi(Api):
    @extend_schema(
        operation_id="games_finish",
        request=None,
        responses={200: GameSerializer, **ERRORS},
        summary="End a running game now with the rules' end settlement",
    )
    def post(self, request: Request, pk: int) -> Response:
        game, _ = game_for(request, pk, Role.SCORER)
        game = services.game_finish(game=game, user=request.user)
        return Response(game_data(game))


class HandUndoApi(Api):
    class InputSerializer(serializers.Serializer):
        number = serializers.IntegerField(
            min_value=1,
            required=False,
            help_text="The hand this device means to undo (the game's last); if the last hand "
            "is another one, the answer is 409 and nothing changes.",
        )

        class Meta:
            ref_name = "UndoInput"

    @extend_schema(
        operation_id="games_undo",
        request=InputSerializer,
        responses={
            200: OpenApiResponse(HandMoveSerializer, description="The game and the hand undone."),
            409: OpenApiResponse(
                StaleSerializer, description="The last hand is not the one this device meant."
            ),
            **ERRORS,
        },
        summary="Undo the game's last hand (the scorer's one-tap undo)",
    )
    def post(self, request: Request, pk: int) -> Response:
        return _move_hand(request, pk, self.InputSerializer, services.hand_undo)


class HandRedoApi(Api):
    class InputSerializer(serializers.Serializer):
        number = serializers.IntegerField(
            min_value=1,
            required=False,
            help_text="The hand this device means to restore (the one its undo took); if the "
            "hand to restore is another one, or none, the answer is 409 and nothing changes.",
        )

        class Meta:
            ref_name = "RedoInput"

    @extend_schema(
        operation_id="games_redo",
        request=InputSerializer,
        responses={
            200: OpenApiResponse(HandMoveSerializer, description="The game and the hand put back."),
            409: OpenApiResponse(
                StaleSerializer, description="The hand to restore is not the one this device meant."
            ),
            **ERRORS,
        },
        summary="Put back the hand the last undo took, while nothing was entered after it",
    )
    def post(self, request: Request, pk: int) -> Response:
        return _move_hand(request, pk, self.InputSerializer, services.hand_redo)


def _move_hand(request: Request, pk: int, input_serializer: Any, move_hand: Any) -> Response:
    """Undo or redo (``move_hand``) the hand the device names; 409 when it is another one."""
    game, _ = game_for(request, pk, Role.SCORER)
    data = input_serializer(data=_body(request))
    data.is_valid(raise_exception=True)
    try:
        move = move_hand(game=game, user=request.user, number=data.validated_data.get("number"))
    except services.StaleHandNumber as e:
        raise _stale(e, pk) from None
    return Response({**game_data(move.game), "hand": _hand_data(move.hand)})


class GameAbandonApi(Api):
    class InputSerializer(serializers.Serializer):
        reason = serializers.CharField(max_length=200, help_text="Why the game is abandoned.")

        class Meta:
            ref_name = "AbandonInput"

    @extend_schema(
        operation_id="games_abandon",
        request=InputSerializer,
        responses={200: GameSerializer, **ERRORS},
        summary="Abandon a game: it is kept but never counts (a repeat changes nothing)",
    )
    def post(self, request: Request, pk: int) -> Response:
        game, _ = game_for(request, pk, Role.SCORER)
        data = self.InputSerializer(data=_body(request))
        data.is_valid(raise_exception=True)
        game = services.game_abandon(
            game=game, user=request.user, reason=data.validated_data["reason"]
        )
        return Response(game_data(game))


class GameConfirmApi(Api):
    class InputSerializer(serializers.Serializer):
        seat = serializers.IntegerField(
            min_value=0, max_value=SEAT_MAX, help_text="0 is East at the start."
        )
        pin = serializers.CharField(
            max_length=8,
            required=False,
            allow_blank=True,
            help_text="The seat's player's PIN, typed on a scorer's device; without it the "
            "logged-in user confirms their own seat.",
        )
        result = serializers.CharField(
            max_length=64,
            required=False,
            help_text="The game's result_tag as the device showed it: when a correction has "
            "changed the result since, the answer is 409 result_changed and nothing is "
            "confirmed. Without it the result as it is now is confirmed.",
        )

        class Meta:
            ref_name = "ConfirmInput"

    @extend_schema(
        operation_id="games_confirm",
        request=InputSerializer,
        responses={
            200: GameSerializer,
            409: OpenApiResponse(
                ErrorSerializer,
                description="A correction changed the result after the device showed it "
                "(result_changed); nothing was confirmed.",
            ),
            **ERRORS,
        },
        summary="A player confirms a finished game's result (logged in, or by PIN)",
    )
    def post(self, request: Request, pk: int) -> Response:
        game, _ = game_for(request, pk)
        data = self.InputSerializer(data=_body(request))
        data.is_valid(raise_exception=True)
        try:
            services.game_confirm(
                game=game,
                seat=data.validated_data["seat"],
                user=request.user,
                pin=data.validated_data.get("pin") or None,
                result=data.validated_data.get("result") or None,
            )
        except services.ResultChanged as e:
            game.refresh_from_db()
            e.answer = {"game": game_data(game)}
            raise
        game.refresh_from_db()
        return Response(game_data(game))


def _body(request: Request) -> dict[str, Any]:
    """The JSON object in the body ({} for an empty body)."""
    if not isinstance(request.data, dict):
        raise exceptions.ValidationError({"body": ["The body must be a JSON object."]})
    return request.data


class GameImportApi(Api):
    class InputSerializer(serializers.Serializer):
        club = serializers.SlugField()
        record = serializers.JSONField(help_text="A whole game record, with four player names.")
        league = serializers.SlugField(required=False)
        played_on = serializers.DateField(required=False)
        table = serializers.CharField(required=False, allow_blank=True, max_length=40)

        class Meta:
            ref_name = "GameImportInput"

    @extend_schema(
        operation_id="games_import",
        request=InputSerializer,
        responses={201: GameSerializer, **ERRORS},
        summary="Create a game (finished or running) from a game record",
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        d = data.validated_data
        club = club_for(request, d["club"], policy.START_ROLE)
        extra: dict[str, Any] = {"table": d.get("table", ""), "played_on": d.get("played_on")}
        if "league" in d:
            extra["league"] = get_object_or_404(club.leagues, slug=d["league"])
        game = services.game_import(club=club, record=d["record"], created_by=request.user, **extra)
        return Response(game_data(game), status=status.HTTP_201_CREATED)


class GameFinalScoresApi(Api):
    class InputSerializer(serializers.Serializer):
        club = serializers.SlugField()
        players = serializers.ListField(
            child=IdField(),
            min_length=3,
            max_length=5,
            help_text="Player ids in seat order (seat 0 sat East at the start): as many as the "
            "rules seat, 4, 3 under three-player rules, or 5 with five at a table (refused "
            "otherwise, code players).",
        )
        final_scores = FinalScoresSerializer()
        rules = serializers.JSONField(
            required=False, help_text='A preset id or {"preset", "options"}.'
        )
        league = serializers.SlugField(required=False)
        ruleset = IdField(
            required=False, help_text="A club rule set's id: its latest version is used."
        )
        table = serializers.CharField(required=False, allow_blank=True, max_length=40)
        played_on = serializers.DateField(required=False)

        class Meta:
            ref_name = "GameFinalScoresInput"

    @extend_schema(
        operation_id="games_final_scores_create",
        request=InputSerializer,
        responses={201: GameSerializer, **ERRORS},
        summary="Enter a finished game by its final scores, sticks left and chombo (scorers)",
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        d = data.validated_data
        club = club_for(request, d["club"], policy.START_ROLE)
        seats = _seated(club, d["players"])
        extra = _rules_from(club, d)
        game = services.game_final_scores_enter(
            club=club,
            seats=seats,
            final_scores=dict(d["final_scores"]),
            created_by=request.user,
            rules=d.get("rules"),
            table=d.get("table", ""),
            played_on=d.get("played_on"),
            **extra,
        )
        return Response(game_data(game), status=status.HTTP_201_CREATED)


class GameFinalScoresCorrectApi(Api):
    class InputSerializer(serializers.Serializer):
        final_scores = FinalScoresSerializer()
        reason = serializers.CharField(max_length=200, help_text="Why the scores changed.")

        class Meta:
            ref_name = "FinalScoresCorrectionInput"

    @extend_schema(
        operation_id="games_final_scores_correct",
        request=InputSerializer,
        responses={200: GameSerializer, **ERRORS},
        summary="Correct a game entered by its final scores; it is settled again (organisers)",
    )
    def put(self, request: Request, pk: int) -> Response:
        game, _ = game_for(request, pk, Role.SCORER)
        data = self.InputSerializer(data=_body(request))
        data.is_valid(raise_exception=True)
        game = services.game_final_scores_correct(
            game=game,
            final_scores=dict(data.validated_data["final_scores"]),
            user=request.user,
            reason=data.validated_data["reason"],
        )
        return Response(game_data(game))


class Tenhou6ImportApi(Api):
    class InputSerializer(serializers.Serializer):
        club = serializers.SlugField()
        log = serializers.JSONField(
            help_text="The tenhou.net/6 log: its JSON object, or the JSON as text, or a replay "
            "viewer's address holding it (https://tenhou.net/6/#json=...)."
        )
        players = serializers.ListField(
            child=serializers.JSONField(),
            min_length=3,
            max_length=4,
            help_text="One per seat of the log, in its order (a three-player log has three): a "
            "club player's id, or a name (the club's player of that name, else a new guest).",
        )
        rules = serializers.JSONField(
            required=False,
            help_text="A preset id or {preset, options}; by default the log's own (tenhou, or "
            "tenhou-sanma for a three-player log).",
        )
        ruleset = IdField(required=False, help_text="A club rule set: its current version.")
        league = serializers.SlugField(required=False)
        played_on = serializers.DateField(required=False)
        table = serializers.CharField(required=False, allow_blank=True, max_length=40)

        class Meta:
            ref_name = "Tenhou6ImportInput"

    @extend_schema(
        operation_id="games_import_tenhou6",
        request=InputSerializer,
        responses={201: GameSerializer, **ERRORS},
        summary="Create a finished game from a tenhou.net/6 log (organisers)",
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        d = data.validated_data
        club = club_for(request, d["club"], policy.IMPORT_LOG_ROLE)
        extra = {"table": d.get("table", ""), "played_on": d.get("played_on")}
        extra.update(_rules_from(club, d))
        if "ruleset" in d and extra["ruleset_version"] is None:
            raise services.GameError(
                gettext("That rule set has no saved version yet."),
                code="rules",
                field="ruleset",
            )
        if "rules" in d:
            extra["rules"] = d["rules"]
        game = services.game_import_tenhou6(
            club=club,
            log=d["log"],
            players=_import_players(club, d["players"]),
            created_by=request.user,
            **extra,
        )
        return Response(game_data(game), status=status.HTTP_201_CREATED)


def _import_players(club: Any, given: list[Any]) -> list[Any]:
    """Each seat's entry as the service takes it: an id finds the club's player (404 if it is
    not one), a name stays a name."""
    out: list[Any] = []
    for i, entry in enumerate(given):
        if isinstance(entry, int) and not isinstance(entry, bool):
            out.append(get_object_or_404(club.players, pk=entry))
        elif isinstance(entry, str) or entry is None:
            out.append(entry)
        else:
            raise exceptions.ValidationError(
                {"players": [f"Seat {i + 1}: a player's id or a name, not {entry!r}."]}
            )
    return out


class GameTenhou6Api(Api):
    @extend_schema(
        operation_id="games_tenhou6",
        responses={
            200: OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="The game as a tenhou.net/6 log (docs/tenhou6.md), for replay viewers.",
            ),
            400: ERRORS[400],
            404: ERRORS[404],
        },
        summary="The game as a tenhou.net/6 log (four-player riichi games)",
    )
    def get(self, request: Request, pk: int) -> Response:
        game, _ = game_for(request, pk)
        return Response(tenhou6.tenhou6_export(game))


# ---------------------------------------------------------------------------------------------
# Hands


class HandCreateApi(Api):
    class InputSerializer(HandSerializer):
        expected_number = serializers.IntegerField(
            min_value=1, help_text="The number this hand will have (the game's hands + 1)."
        )

        class Meta:
            ref_name = "HandSubmission"

    @extend_schema(
        operation_id="games_hands_create",
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={
            201: OpenApiResponse(
                HandWriteSerializer,
                description="The hand added (or, for a repeated key, the first answer).",
            ),
            409: OpenApiResponse(
                StaleSerializer, description="Another device added that hand first."
            ),
            422: OpenApiResponse(
                ErrorSerializer, description="The Idempotency-Key was used for another hand."
            ),
            **ERRORS,
        },
        summary="Add a hand at the end of the game",
    )
    def post(self, request: Request, pk: int) -> Response:
        hand = _hand_body(request, "expected_number")
        expected = serializers.IntegerField(min_value=1)
        try:
            number = expected.run_validation(request.data.get("expected_number"))
        except exceptions.ValidationError as e:
            raise exceptions.ValidationError({"expected_number": e.detail}) from None
        key = request.headers.get("Idempotency-Key") or None
        if key is not None and len(key) > 100:
            raise exceptions.ValidationError({"Idempotency-Key": ["At most 100 characters."]})
        try:
            write = services.hand_submit(
                game=pk, hand=hand, user=request.user, expected_number=number, key=key
            )
        except services.StaleHandNumber as e:
            raise _stale(e, pk) from None
        # A repeat gets the first answer as it was, status included: a phone that lost the
        # first answer must not be able to tell the difference (the header says it anyway).
        headers = {"Idempotent-Replayed": "true"} if write.repeated else None
        return Response(write.response, status=status.HTTP_201_CREATED, headers=headers)


def _stale(e: services.StaleHandNumber, pk: int) -> services.StaleHandNumber:
    """The refusal (409) with where the game is now, for the device to catch up."""
    e.answer = {"state": state_data(Game.objects.get(pk=pk))}
    return e


def _hand_data(hand: Hand) -> dict[str, Any]:
    return {"number": hand.number, "label": hand.label, "hand": hand.data, "result": hand.result}


def _if_match(request: Request) -> str:
    value = request.headers.get("If-Match")
    if not value or not value.strip():
        raise PreconditionRequired()
    return value


def _hand_changed(e: services.HandChanged) -> services.HandChanged:
    """The refusal (412) with the hand as it is now and its ETag."""
    current = e.current
    e.answer = {"hand": _hand_data(current) if current is not None else None}
    if current is not None:
        e.answer_headers = {"ETag": services.hand_etag(current)}
    return e


class HandReadApi(Api):
    @extend_schema(
        operation_id="games_hands_retrieve",
        responses={
            200: OpenApiResponse(GameHandSerializer, description="The hand, with its ETag."),
            404: ERRORS[404],
        },
        parameters=[ETAG],
        summary="Hand {number}: the entry, its label and result, and an ETag to correct it with",
    )
    def get(self, request: Request, pk: int, number: int) -> Response:
        game, _ = game_for(request, pk)
        hand = get_object_or_404(game.hands, number=number)
        return Response(_hand_data(hand), headers={"ETag": services.hand_etag(hand)})


class HandUpdateApi(Api):
    class InputSerializer(HandSerializer):
        reason = serializers.CharField(max_length=200, help_text="Why the hand is corrected.")

        class Meta:
            ref_name = "HandCorrection"

    @extend_schema(
        operation_id="games_hands_update",
        request=InputSerializer,
        parameters=[IF_MATCH, ETAG],
        responses={200: GameChangeSerializer, **PRECONDITION_ERRORS, **ERRORS},
        summary="Correct hand {number} (If-Match: its ETag); every later hand is replayed",
    )
    def put(self, request: Request, pk: int, number: int) -> Response:
        game, _ = game_for(request, pk, Role.SCORER)
        hand = _hand_body(request, "reason")
        reason = _reason(request.data.get("reason"))
        if_match = _if_match(request)
        try:
            # The new tag is read under the game's lock the correction took: a device that
            # changes the hands a moment later cannot slip between the two.
            with transaction.atomic():
                game = services.hand_correct(
                    game=game,
                    number=number,
                    hand=hand,
                    reason=reason,
                    user=request.user,
                    if_match=if_match,
                )
                tag = services.hand_etag(game.changed_hands[0])  # the corrected hand
        except services.HandChanged as e:
            raise _hand_changed(e) from None
        return Response(game_data(game, game.changed_hands), headers={"ETag": tag})


class HandDeleteApi(Api):
    @extend_schema(
        operation_id="games_hands_destroy",
        parameters=[
            IF_MATCH,
            OpenApiParameter("reason", str, description='Why (or a JSON body {"reason"}).'),
        ],
        request=None,
        responses={200: GameChangeSerializer, **PRECONDITION_ERRORS, **ERRORS},
        summary="Delete hand {number} (If-Match: its ETag); later hands move up and are replayed",
    )
    def delete(self, request: Request, pk: int, number: int) -> Response:
        game, _ = game_for(request, pk, Role.SCORER)
        body = request.data if isinstance(request.data, dict) else {}
        reason = _reason(body.get("reason") or request.query_params.get("reason"))
        if_match = _if_match(request)
        try:
            game = services.hand_delete(
                game=game,
                number=number,
                reason=reason,
                user=request.user,
                if_match=if_match,
            )
        except services.HandChanged as e:
            raise _hand_changed(e) from None
        return Response(game_data(game, game.changed_hands))


class HandApi(HandReadApi, HandUpdateApi, HandDeleteApi):
    """GET, PUT and DELETE /api/games/{id}/hands/{number}/."""


def _reason(value: Any) -> str:
    field = serializers.CharField(max_length=200)
    try:
        return str(field.run_validation(value if value is not None else ""))
    except exceptions.ValidationError as e:
        raise exceptions.ValidationError({"reason": e.detail}) from None


class HandPreviewApi(Api):
    class OutputSerializer(serializers.Serializer):
        hand = HandResultSerializer()
        final = FinalSerializer()

        class Meta:
            ref_name = "HandPreview"

    @extend_schema(
        operation_id="games_preview",
        request=HandSerializer,
        responses={200: OutputSerializer, **ERRORS},
        summary="The result of adding a hand, without saving it",
    )
    def post(self, request: Request, pk: int) -> Response:
        game, _ = game_for(request, pk, Role.SCORER)
        return Response(
            services.hand_preview(game=game, hand=_hand_body(request), user=request.user)
        )


# ---------------------------------------------------------------------------------------------
# Docs
