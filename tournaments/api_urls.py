"""REST API endpoints of the tournaments app (mounted under /api/)."""

from django.urls import path

from tournaments import api

EVENT = "clubs/<slug:slug>/tournaments/<int:pk>/"
ROUND = EVENT + "rounds/<int:number>/"

urlpatterns = [
    path("clubs/<slug:slug>/tournaments/", api.EventCollectionApi.as_view(), name="api-events"),
    path(EVENT, api.EventDetailApi.as_view(), name="api-event"),
    path(EVENT + "apart/", api.EventApartApi.as_view(), name="api-event-apart"),
    path(EVENT + "entrants/", api.EntrantRegisterApi.as_view(), name="api-event-entrants"),
    path(
        EVENT + "entrants/<int:number>/check-in/",
        api.EntrantCheckInApi.as_view(),
        name="api-event-check-in",
    ),
    path(
        EVENT + "entrants/<int:number>/drop/", api.EntrantDropApi.as_view(), name="api-event-drop"
    ),
    path(EVENT + "standing/", api.StandingApi.as_view(), name="api-event-standing"),
    path(EVENT + "rounds/", api.RoundsApi.as_view(), name="api-event-rounds"),
    path(EVENT + "rounds.csv", api.RoundsCsvApi.as_view(), name="api-event-rounds-csv"),
    path(EVENT + "rounds/draw/", api.RoundDrawApi.as_view(), name="api-event-draw"),
    path(ROUND + "start/", api.RoundStartApi.as_view(), name="api-event-start"),
    path(ROUND + "end/", api.RoundEndApi.as_view(), name="api-event-end"),
    path(
        ROUND + "tables/<int:table>/seats/<int:seat>/substitute/",
        api.SeatSubstituteApi.as_view(),
        name="api-event-substitute",
    ),
    path(EVENT + "penalties/", api.PenaltyAddApi.as_view(), name="api-event-penalties"),
]
