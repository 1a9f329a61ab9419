"""The tournament API: a club's events, their entrants, rounds, seats, penalties, the
standing and every round's tables with their scores. One class per operation, each with its
input and output serializers.

Every write is one service of :mod:`tournaments.services` (the same refusals as the pages,
each a :class:`~tournaments.services.TournamentError` whose code answers one status, see
``TournamentsConfig.ready`` and docs/api.md); reads are open as the event page is (a public
club's to anyone, a private club's to its members).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from clubs.access import Role, get_club_for_user
from clubs.models import Club, Player
from core import bounds
from core.api import ERRORS, Api, PageQuery, page_query, paged
from core.serializers import ErrorSerializer, IdField
from rulesets.models import RuleSet
from tournaments import exports, services
from tournaments.models import Entrant, Event, Round, TableSeat
from tournaments.standing import standing

CONFLICT = OpenApiResponse(
    ErrorSerializer,
    description="The event's state refuses it now (a round started already, a table still "
    "playing, a player already seated or registered): nothing changed.",
)
WRITE_ERRORS = {
    400: ERRORS[400],
    401: OpenApiResponse(ErrorSerializer, description="No login."),
    403: ERRORS[403],
    404: ERRORS[404],
    409: CONFLICT,
}


def _club(request: Request, slug: str, role: Role | None = None) -> Club:
    return get_club_for_user(request.user, slug, role=role)


def _event(request: Request, slug: str, pk: int, role: Role | None = None) -> Event:
    club = _club(request, slug, role)
    event = get_object_or_404(
        Event.objects.select_related("club", "ruleset_version__ruleset"), club=club, pk=pk
    )
    event.club = club
    return event


def _player(club: Club, pk: int | None) -> Player | None:
    """The player ``pk`` names (the service refuses another club's), None when none is named."""
    if pk is None:
        return None
    player = Player.objects.filter(pk=pk).first()
    if player is None:
        raise services.TournamentError(
            _("%(club)s has no player %(player)s."),
            code="player",
            field="player",
            params={"club": club.name, "player": pk},
        )
    return player


# ---------------------------------------------------------------------------------------------
# Output shapes


class EventOutput(serializers.Serializer):
    id = serializers.IntegerField()
    club = serializers.CharField(help_text="The club's slug.")
    name = serializers.CharField()
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()
    ruleset = serializers.IntegerField(help_text="The club's rule set the event was made with.")
    ruleset_version = serializers.IntegerField(help_text="The version pinned for every game.")
    rounds = serializers.IntegerField()
    round_minutes = serializers.IntegerField()
    draw = serializers.ChoiceField(choices=Event.Draw.values)
    substitutes = serializers.BooleanField()
    substitute_result = serializers.ChoiceField(choices=["entrant", "nobody"])
    seed = serializers.IntegerField()
    rounds_drawn = serializers.IntegerField()

    class Meta:
        ref_name = "TournamentEvent"


class EntrantOutput(serializers.Serializer):
    number = serializers.IntegerField()
    player_id = serializers.IntegerField()
    player = serializers.CharField()
    first_round = serializers.IntegerField()
    checked_in = serializers.BooleanField()
    dropped_after = serializers.IntegerField(allow_null=True)
    group = serializers.CharField(
        allow_blank=True,
        help_text="Entrants of one group (a club, a country, a family) are kept at different "
        "tables in the first rounds.",
    )

    class Meta:
        ref_name = "TournamentEntrant"


class EventDetailOutput(EventOutput):
    apart_rounds = serializers.IntegerField(
        allow_null=True, help_text="The rounds the groups are kept apart in; null for all."
    )
    entrants = EntrantOutput(many=True)

    class Meta:
        ref_name = "TournamentEventDetail"


def event_data(event: Event) -> dict[str, Any]:
    return {
        "id": event.pk,
        "club": event.club.slug,
        "name": event.name,
        "starts_on": event.starts_on,
        "ends_on": event.ends_on,
        "ruleset": event.ruleset_version.ruleset_id,
        "ruleset_version": event.ruleset_version_id,
        "rounds": event.rounds,
        "round_minutes": event.round_minutes,
        "draw": event.draw,
        "substitutes": event.substitutes,
        "substitute_result": event.substitute_result,
        "seed": event.seed,
        "rounds_drawn": event.round_set.count(),
    }


def entrant_data(entrant: Entrant) -> dict[str, Any]:
    return {
        "number": entrant.number,
        "player_id": entrant.player_id,
        "player": entrant.player.display_name,
        "first_round": entrant.first_round,
        "checked_in": entrant.checked_in_at is not None,
        "dropped_after": entrant.dropped_after,
        "group": entrant.group,
    }


def event_detail_data(event: Event) -> dict[str, Any]:
    return {
        **event_data(event),
        "apart_rounds": event.apart_rounds,
        "entrants": [entrant_data(e) for e in event.entrants.select_related("player")],
    }


class SeatOutput(serializers.Serializer):
    seat = serializers.IntegerField(help_text="0 East, 1 South, 2 West, 3 North.")
    wind = serializers.ChoiceField(choices=exports.WINDS)
    entrant = serializers.IntegerField(
        allow_null=True, help_text="Whose seat it is in the draw; null for a substitute's seat."
    )
    player = serializers.CharField(allow_null=True, help_text="Who plays it.")
    player_id = serializers.IntegerField(allow_null=True)
    substitute = serializers.BooleanField()
    score = serializers.IntegerField(allow_null=True, help_text="The game's score now.")
    rank = serializers.IntegerField(allow_null=True)
    result = serializers.IntegerField(allow_null=True, help_text="Once over, in the unit.")

    class Meta:
        ref_name = "TournamentSeat"


class TableOutput(serializers.Serializer):
    table = serializers.IntegerField()
    game = serializers.IntegerField(allow_null=True, help_text="Its game once the round starts.")
    status = serializers.CharField(help_text="waiting, running, finished or abandoned.")
    seats = SeatOutput(many=True)

    class Meta:
        ref_name = "TournamentTable"


class PenaltyOutput(serializers.Serializer):
    entrant = serializers.IntegerField()
    player = serializers.CharField()
    points = serializers.IntegerField(help_text="In the unit; negative for a penalty.")
    reason = serializers.CharField()

    class Meta:
        ref_name = "TournamentPenalty"


class RoundOutput(serializers.Serializer):
    round = serializers.IntegerField()
    status = serializers.CharField(help_text="drawn, running or done.")
    started_at = serializers.DateTimeField(allow_null=True)
    ends_at = serializers.DateTimeField(allow_null=True, help_text="The clock.")
    tables = TableOutput(many=True)
    penalties = PenaltyOutput(many=True)

    class Meta:
        ref_name = "TournamentRound"


class RoundsOutput(serializers.Serializer):
    event = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField()
    unit = serializers.CharField(help_text="tenths (of 1,000 points, under uma) or points.")
    rounds = RoundOutput(many=True)

    class Meta:
        ref_name = "TournamentRounds"


class StandingRowOutput(serializers.Serializer):
    place = serializers.IntegerField()
    entrant = serializers.IntegerField()
    player = serializers.CharField()
    games = serializers.IntegerField()
    results = serializers.IntegerField(help_text="The sum of the game results, in the unit.")
    penalties = serializers.IntegerField()
    total = serializers.IntegerField()
    total_text = serializers.CharField(help_text="As the page prints it, e.g. +27.3.")
    firsts = serializers.IntegerField()
    best = serializers.IntegerField(allow_null=True)
    score = serializers.IntegerField(help_text="Final table scores less the start points.")

    class Meta:
        ref_name = "TournamentStandingRow"


class StandingOutput(serializers.Serializer):
    event = serializers.IntegerField()
    after = serializers.IntegerField(help_text="The last round counted.")
    unit = serializers.CharField(help_text="tenths (of 1,000 points, under uma) or points.")
    rows = StandingRowOutput(many=True)

    class Meta:
        ref_name = "TournamentStanding"


def standing_data(event: Event, after: int) -> dict[str, Any]:
    rows = standing(event, after=after)
    return {
        "event": event.pk,
        "after": after,
        "unit": str(rows[0].unit) if rows else str(exports.event_unit(event)),
        "rows": [
            {
                "place": r.place,
                "entrant": r.entrant.number,
                "player": r.entrant.player.display_name,
                "games": r.games,
                "results": r.results,
                "penalties": r.penalties,
                "total": r.total,
                "total_text": r.total_text,
                "firsts": r.firsts,
                "best": r.best,
                "score": r.score,
            }
            for r in rows
        ],
    }


# ---------------------------------------------------------------------------------------------
# Events


class EventInput(serializers.Serializer):
    name = serializers.CharField(max_length=bounds.NAME)
    starts_on = serializers.DateField()
    ends_on = serializers.DateField(required=False, allow_null=True, default=None)
    ruleset = IdField(help_text="One of the club's rule sets; its current version is pinned.")
    rounds = serializers.IntegerField(min_value=1, max_value=bounds.EVENT_ROUNDS)
    round_minutes = serializers.IntegerField(min_value=1, max_value=bounds.ROUND_MINUTES)
    draw = serializers.ChoiceField(choices=Event.Draw.values, default=Event.Draw.SCHEDULE)
    substitutes = serializers.BooleanField(default=False)
    substitute_result = serializers.ChoiceField(choices=["entrant", "nobody"], default="nobody")
    seed = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=0,
        max_value=2**31 - 1,
        help_text="The draw's seed; a random one when left out.",
    )

    class Meta:
        ref_name = "TournamentEventInput"


class EventListApi(Api):
    """The club's tournaments, newest first."""

    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="tournaments_list",
        parameters=[PageQuery],
        responses={200: EventOutput(many=True), 400: ERRORS[400], 404: ERRORS[404]},
        summary="The club's tournaments, newest first, a page at a time; when "
        'more follow, the Link header names the next page (rel="next")',
    )
    def get(self, request: Request, slug: str) -> Response:
        club = _club(request, slug)
        events = Event.objects.filter(club=club).select_related("ruleset_version")

        def answer(page: Sequence[Event]) -> Any:
            for event in page:
                event.club = club
            return EventOutput([event_data(e) for e in page], many=True).data

        return paged(request, lambda start, stop: events[start:stop], answer, **page_query(request))


class EventCreateApi(Api):
    """Make a tournament under one of the club's rule sets (organisers)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="tournaments_create",
        request=EventInput,
        responses={201: EventDetailOutput, **WRITE_ERRORS},
    )
    def post(self, request: Request, slug: str) -> Response:
        club = _club(request, slug, Role.ORGANISER)
        given = EventInput(data=request.data)
        given.is_valid(raise_exception=True)
        data = dict(given.validated_data)
        data["ruleset"] = RuleSet.objects.filter(club=club, pk=data["ruleset"]).first()
        event = services.event_create(club=club, user=request.user, **data)
        return Response(EventDetailOutput(event_detail_data(event)).data, status=201)


class EventCollectionApi(EventListApi, EventCreateApi):
    """``/clubs/{slug}/tournaments/``: GET lists, POST creates; each operation is its own class."""

    def get_permissions(self) -> list[Any]:
        if self.request.method == "POST":
            return [IsAuthenticated()]
        return [AllowAny()]


class EventDetailApi(Api):
    """A tournament with its entrants."""

    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="tournaments_retrieve",
        responses={200: EventDetailOutput, 404: ERRORS[404]},
    )
    def get(self, request: Request, slug: str, pk: int) -> Response:
        return Response(EventDetailOutput(event_detail_data(_event(request, slug, pk))).data)


class ApartInput(serializers.Serializer):
    groups = serializers.DictField(
        child=serializers.CharField(max_length=bounds.NAME, allow_blank=True),
        help_text='Entrant number to group label, e.g. {"1": "Osaka", "2": "Osaka"}; an '
        "empty label takes the entrant out of every group. Entrants not named keep theirs.",
    )
    apart_rounds = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=1,
        max_value=bounds.EVENT_ROUNDS,
        help_text="Keep the groups apart in the first this many rounds; null for all.",
    )

    class Meta:
        ref_name = "TournamentApartInput"


class EventApartApi(Api):
    """Set the groups the draw keeps apart (organisers, before the rounds they govern)."""

    @extend_schema(
        operation_id="tournaments_apart",
        request=ApartInput,
        responses={200: EventDetailOutput, **WRITE_ERRORS},
    )
    def post(self, request: Request, slug: str, pk: int) -> Response:
        event = _event(request, slug, pk, Role.ORGANISER)
        given = ApartInput(data=request.data)
        given.is_valid(raise_exception=True)
        groups: dict[int, str] = {}
        for key, label in given.validated_data["groups"].items():
            if not str(key).isdigit():
                raise services.TournamentError(
                    _("An entrant is named by their number, not %(key)s."),
                    code="entrant",
                    field="groups",
                    params={"key": key},
                )
            groups[int(key)] = label
        event = services.event_set_apart(
            event=event,
            user=request.user,
            groups=groups,
            apart_rounds=given.validated_data["apart_rounds"],
        )
        return Response(EventDetailOutput(event_detail_data(event)).data)


# ---------------------------------------------------------------------------------------------
# Entrants


class RegisterInput(serializers.Serializer):
    player = IdField(required=False, allow_null=True, default=None, help_text="A club player.")
    name = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=bounds.NAME,
        help_text="Or a guest's name (a club player of that name, else a new guest).",
    )
    check_in = serializers.BooleanField(default=False)
    group = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=bounds.NAME
    )

    class Meta:
        ref_name = "TournamentRegisterInput"


class EntrantRegisterApi(Api):
    """Register a club player or a guest; after a draw, a late entry for the next round."""

    @extend_schema(
        operation_id="tournaments_entrants_create",
        request=RegisterInput,
        responses={201: EntrantOutput, **WRITE_ERRORS},
    )
    def post(self, request: Request, slug: str, pk: int) -> Response:
        event = _event(request, slug, pk, Role.ORGANISER)
        given = RegisterInput(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        entrant = services.entrant_register(
            event=event,
            user=request.user,
            player=_player(event.club, data["player"]),
            name=data["name"],
            check_in=data["check_in"],
            group=data["group"],
        )
        return Response(EntrantOutput(entrant_data(entrant)).data, status=status.HTTP_201_CREATED)


def _entrant(request: Request, slug: str, pk: int, number: int) -> Entrant:
    event = _event(request, slug, pk, Role.ORGANISER)
    entrant = get_object_or_404(
        Entrant.objects.select_related("player"), event=event, number=number
    )
    entrant.event = event
    return entrant


class EntrantCheckInApi(Api):
    """Mark an entrant here on the day (again: nothing changes)."""

    @extend_schema(
        operation_id="tournaments_entrants_check_in",
        request=None,
        responses={200: EntrantOutput, **WRITE_ERRORS},
    )
    def post(self, request: Request, slug: str, pk: int, number: int) -> Response:
        entrant = services.entrant_check_in(
            entrant=_entrant(request, slug, pk, number), user=request.user
        )
        return Response(EntrantOutput(entrant_data(entrant)).data)


class DropInput(serializers.Serializer):
    reason = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=bounds.REASON
    )

    class Meta:
        ref_name = "TournamentDropInput"


class EntrantDropApi(Api):
    """An entrant leaves after the last round started; they keep their results."""

    @extend_schema(
        operation_id="tournaments_entrants_drop",
        request=DropInput,
        responses={200: EntrantOutput, **WRITE_ERRORS},
    )
    def post(self, request: Request, slug: str, pk: int, number: int) -> Response:
        entrant = _entrant(request, slug, pk, number)
        given = DropInput(data=request.data)
        given.is_valid(raise_exception=True)
        entrant = services.entrant_drop(
            entrant=entrant, user=request.user, reason=given.validated_data["reason"]
        )
        return Response(EntrantOutput(entrant_data(entrant)).data)


# ---------------------------------------------------------------------------------------------
# Rounds


def _round_answer(round_: Round) -> Response:
    return Response(RoundOutput(exports.round_data(round_)).data)


class RoundDrawApi(Api):
    """Draw the next round's tables for the checked-in entrants who play it."""

    @extend_schema(
        operation_id="tournaments_rounds_draw",
        request=None,
        responses={201: RoundOutput, **WRITE_ERRORS},
    )
    def post(self, request: Request, slug: str, pk: int) -> Response:
        event = _event(request, slug, pk, Role.ORGANISER)
        round_ = services.round_draw(event=event, user=request.user)
        response = _round_answer(round_)
        response.status_code = status.HTTP_201_CREATED
        return response


def _round(request: Request, slug: str, pk: int, number: int) -> Round:
    event = _event(request, slug, pk, Role.ORGANISER)
    round_ = get_object_or_404(Round, event=event, number=number)
    round_.event = event
    return round_


class RoundStartApi(Api):
    """Start every table's game of the round; its clock runs from now."""

    @extend_schema(
        operation_id="tournaments_rounds_start",
        request=None,
        responses={200: RoundOutput, **WRITE_ERRORS},
    )
    def post(self, request: Request, slug: str, pk: int, number: int) -> Response:
        round_ = services.round_start(round_=_round(request, slug, pk, number), user=request.user)
        return _round_answer(round_)


class RoundEndApi(Api):
    """End the round at time: every table still playing ends with the rules' settlement."""

    @extend_schema(
        operation_id="tournaments_rounds_end",
        request=None,
        responses={200: RoundOutput, **WRITE_ERRORS},
    )
    def post(self, request: Request, slug: str, pk: int, number: int) -> Response:
        round_ = services.round_end(round_=_round(request, slug, pk, number), user=request.user)
        return _round_answer(round_)


class SubstituteInput(serializers.Serializer):
    player = IdField(required=False, allow_null=True, default=None, help_text="A club player.")
    name = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=bounds.NAME,
        help_text="Or a guest's name.",
    )

    class Meta:
        ref_name = "TournamentSubstituteInput"


class SeatSubstituteApi(Api):
    """A substitute plays a seat of a round not started yet (a player or a guest)."""

    @extend_schema(
        operation_id="tournaments_seats_substitute",
        request=SubstituteInput,
        responses={200: RoundOutput, **WRITE_ERRORS},
    )
    def post(
        self, request: Request, slug: str, pk: int, number: int, table: int, seat: int
    ) -> Response:
        round_ = _round(request, slug, pk, number)
        row = get_object_or_404(TableSeat, table__round=round_, table__number=table, seat=seat)
        given = SubstituteInput(data=request.data)
        given.is_valid(raise_exception=True)
        services.seat_substitute(
            seat=row,
            user=request.user,
            player=_player(round_.event.club, given.validated_data["player"]),
            name=given.validated_data["name"],
        )
        return _round_answer(round_)


class PenaltyInput(serializers.Serializer):
    entrant = serializers.IntegerField(min_value=1, max_value=2**15, help_text="Their number.")
    round_number = serializers.IntegerField(min_value=1, max_value=bounds.EVENT_ROUNDS)
    points = serializers.IntegerField(
        min_value=-(2**31),
        max_value=2**31 - 1,
        help_text="In the unit of the games' results (tenths of 1,000 under uma, else "
        "points); negative for a penalty.",
    )
    # The service words a blank reason (code ``blank``), as the page's.
    reason = serializers.CharField(
        max_length=bounds.REASON, allow_blank=True, trim_whitespace=False
    )

    class Meta:
        ref_name = "TournamentPenaltyInput"


class PenaltyAddApi(Api):
    """Give an entrant points in a drawn round (negative for a penalty), with a reason."""

    @extend_schema(
        operation_id="tournaments_penalties_create",
        request=PenaltyInput,
        responses={201: PenaltyOutput, **WRITE_ERRORS},
    )
    def post(self, request: Request, slug: str, pk: int) -> Response:
        event = _event(request, slug, pk, Role.ORGANISER)
        given = PenaltyInput(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        entrant = Entrant.objects.filter(event=event, number=data["entrant"]).first()
        if entrant is None:
            raise services.TournamentError(
                _("%(event)s has no entrant %(number)s."),
                code="entrant",
                field="entrant",
                params={"event": event.name, "number": data["entrant"]},
            )
        penalty = services.penalty_add(
            event=event,
            entrant=entrant,
            round_number=data["round_number"],
            points=data["points"],
            reason=data["reason"],
            user=request.user,
        )
        body = {
            "entrant": entrant.number,
            "player": entrant.player.display_name,
            "points": penalty.points,
            "reason": penalty.reason,
        }
        return Response(PenaltyOutput(body).data, status=status.HTTP_201_CREATED)


# ---------------------------------------------------------------------------------------------
# Reads


class StandingApi(Api):
    """The standing after the last round, with the tie rules applied (places shared)."""

    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="tournaments_standing", responses={200: StandingOutput, 404: ERRORS[404]}
    )
    def get(self, request: Request, slug: str, pk: int) -> Response:
        event = _event(request, slug, pk)
        return Response(StandingOutput(standing_data(event, event.rounds)).data)


class RoundsApi(Api):
    """Every round drawn: its tables, seats, players, live scores, results and penalties."""

    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="tournaments_rounds", responses={200: RoundsOutput, 404: ERRORS[404]}
    )
    def get(self, request: Request, slug: str, pk: int) -> Response:
        return Response(RoundsOutput(exports.rounds_data(_event(request, slug, pk))).data)


class CSVRenderer(BaseRenderer):
    """Passes a view's CSV bytes through; an error answer is still written as JSON."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data: Any, accepted_media_type: Any = None, renderer_context: Any = None):
        if isinstance(data, bytes):
            return data
        response = (renderer_context or {}).get("response")
        if response is not None:
            response["Content-Type"] = "application/json"
        return json.dumps(data).encode()


class RoundsCsvApi(Api):
    """Every round as CSV: one line per seat (round, table, game, seat, wind, entrant,
    player, substitute, score, rank, result, the entrant's penalties in the round)."""

    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer, CSVRenderer]

    @extend_schema(
        operation_id="tournaments_rounds_csv",
        responses={(200, "text/csv"): OpenApiTypes.STR, 404: ERRORS[404]},
    )
    def get(self, request: Request, slug: str, pk: int) -> HttpResponse:
        content, content_type, filename = exports.rounds_file(_event(request, slug, pk), "csv")
        response = HttpResponse(content, content_type=content_type)
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response
