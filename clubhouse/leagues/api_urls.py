"""REST API endpoints of the leagues app (mounted under /api/)."""

from django.urls import path

from clubhouse.leagues import api

urlpatterns = [
    path(
        "leagues/<int:pk>/standings/",
        api.LeagueStandingsApi.as_view(),
        name="api-league-standings",
    ),
    path("clubs/<slug:slug>/leagues/", api.ClubLeaguesApi.as_view(), name="api-club-leagues"),
]
