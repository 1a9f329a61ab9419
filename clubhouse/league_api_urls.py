"""REST API endpoints of the leagues app (mounted under /api/)."""

from django.urls import path

from leagues import api

urlpatterns = [
    path(
        "leagues/<int:id>/standings/",
        api.LeagueStandingsApi.as_view(),
        name="api-league-standings",
    ),
    path("clubs/<slug:slug>/leagues/", api.ClubLeaguesApi.as_view(), name="api-club-leagues"),
]
