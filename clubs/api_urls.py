"""REST API endpoints of the clubs app (mounted under /api/)."""

from django.urls import path

from clubs import api

urlpatterns = [
    path("clubs/", api.ClubCollectionApi.as_view(), name="api-clubs"),
    path("clubs/<slug:slug>/players/", api.PlayerCollectionApi.as_view(), name="api-club-players"),
]
