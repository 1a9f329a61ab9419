"""REST API endpoints of the scoring app (mounted under /api/)."""

from django.urls import path

from scoring import api

urlpatterns = [
    path("games/", api.GameCollectionApi.as_view(), name="api-games"),
    path("games/import/", api.GameImportApi.as_view(), name="api-games-import"),
    path("games/final-scores/", api.GameFinalScoresApi.as_view(), name="api-games-final-scores"),
    path(
        "games/<int:pk>/final-scores/",
        api.GameFinalScoresCorrectApi.as_view(),
        name="api-game-final-scores",
    ),
    path("games/import/tenhou6/", api.Tenhou6ImportApi.as_view(), name="api-games-import-tenhou6"),
    path("games/<int:pk>/", api.GameDetailApi.as_view(), name="api-game"),
    path("games/<int:pk>/tenhou6/", api.GameTenhou6Api.as_view(), name="api-game-tenhou6"),
    path("games/<int:pk>/hands/", api.HandCreateApi.as_view(), name="api-game-hands"),
    path("games/<int:pk>/hands/<int:number>/", api.HandApi.as_view(), name="api-game-hand"),
    path("games/<int:pk>/preview/", api.HandPreviewApi.as_view(), name="api-game-preview"),
    path("games/<int:pk>/undo/", api.HandUndoApi.as_view(), name="api-game-undo"),
    path("games/<int:pk>/redo/", api.HandRedoApi.as_view(), name="api-game-redo"),
    path("games/<int:pk>/finish/", api.GameFinishApi.as_view(), name="api-game-finish"),
    path("games/<int:pk>/abandon/", api.GameAbandonApi.as_view(), name="api-game-abandon"),
    path("games/<int:pk>/confirm/", api.GameConfirmApi.as_view(), name="api-game-confirm"),
    path("games/<int:pk>/record/", api.GameRecordApi.as_view(), name="api-game-record"),
]
