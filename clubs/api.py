"""The clubs REST API: clubs and their players (routed under /api/ by clubs.api_urls)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from clubs import services
from clubs.access import Role, get_club_for_user, role_of
from clubs.models import Club
from clubs.serializers import PlayerSerializer, player_data
from core.api import ERRORS, Api, PageQuery, page_query, paged


def club_for(request: Request, slug: str, role: Role | None = None) -> Any:
    """The club if the requester may see it, and holds ``role`` when one is given."""
    if role is not None and not request.user.is_authenticated:
        raise exceptions.NotAuthenticated()
    return get_club_for_user(request.user, slug, role=role)


class ClubSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    public = serializers.BooleanField()
    role = serializers.CharField(allow_null=True, help_text="Your role in the club, if any.")

    class Meta:
        ref_name = "Club"


def club_data(club: Club, user: Any) -> dict[str, Any]:
    role = role_of(user, club)
    return {
        "slug": club.slug,
        "name": club.name,
        "public": club.public,
        "role": role.value if role else None,
    }


class ClubListApi(Api):
    @extend_schema(
        operation_id="clubs_list",
        parameters=[PageQuery],
        responses={200: ClubSerializer(many=True), 400: ERRORS[400]},
        summary="Public clubs and your own, by name, a page at a time; when "
        'more follow, the Link header names the next page (rel="next")',
    )
    def get(self, request: Request) -> Response:
        clubs = Club.objects.visible_to(request.user).order_by("name", "id")
        return paged(
            request,
            lambda start, stop: clubs[start:stop],
            lambda page: [club_data(c, request.user) for c in page],
            **page_query(request),
        )


class ClubCreateApi(Api):
    class InputSerializer(serializers.Serializer):
        name = serializers.CharField(max_length=100)
        slug = serializers.SlugField(max_length=50)
        public = serializers.BooleanField(default=False)

        class Meta:
            ref_name = "ClubCreateInput"

    @extend_schema(
        operation_id="clubs_create",
        request=InputSerializer,
        responses={201: ClubSerializer, **ERRORS},
        summary="Create a club; you become its organiser",
    )
    def post(self, request: Request) -> Response:
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated()
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        club = services.club_create(created_by=request.user, **data.validated_data)
        return Response(club_data(club, request.user), status=status.HTTP_201_CREATED)


class ClubCollectionApi(ClubListApi, ClubCreateApi):
    """GET and POST /api/clubs/."""


class PlayerListApi(Api):
    @extend_schema(
        operation_id="clubs_players_list",
        parameters=[PageQuery],
        responses={200: PlayerSerializer(many=True), 400: ERRORS[400], 404: ERRORS[404]},
        summary="The club's players, by name, a page at a time; when "
        'more follow, the Link header names the next page (rel="next")',
    )
    def get(self, request: Request, slug: str) -> Response:
        club = club_for(request, slug)
        listed = club.players.order_by("display_name", "id")
        return paged(
            request,
            lambda start, stop: listed[start:stop],
            lambda page: [player_data(p) for p in page],
            **page_query(request),
        )


class PlayerCreateApi(Api):
    class InputSerializer(serializers.Serializer):
        display_name = serializers.CharField(max_length=60)

        class Meta:
            ref_name = "PlayerCreateInput"

    @extend_schema(
        operation_id="clubs_players_create",
        request=InputSerializer,
        responses={201: PlayerSerializer, **ERRORS},
        summary="Add a guest player (scorers and organisers)",
    )
    def post(self, request: Request, slug: str) -> Response:
        club = club_for(request, slug, Role.SCORER)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        player = services.player_create(
            club=club, display_name=data.validated_data["display_name"], created_by=request.user
        )
        return Response(player_data(player), status=status.HTTP_201_CREATED)


class PlayerCollectionApi(PlayerListApi, PlayerCreateApi):
    """GET and POST /api/clubs/{slug}/players/."""
