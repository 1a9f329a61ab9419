"""Pages of the scoring app."""

from django.urls import path

from scoring import rotation_views, views
from scoring.offline import outbox, phone_engine, worker

app_name = "scoring"

urlpatterns = [
    path("clubs/<slug:slug>/games/", views.club_games, name="club_games"),
    path("clubs/<slug:slug>/games/new/", views.game_new, name="game_new"),
    path(
        "clubs/<slug:slug>/games/final-scores/",
        views.game_final_scores_new,
        name="game_final_scores_new",
    ),
    path("clubs/<slug:slug>/games/import/", views.game_import_log, name="game_import_log"),
    # Five at a table (scoring/rotation_views.py).
    path("clubs/<slug:slug>/rotations/new/", rotation_views.rotation_new, name="rotation_new"),
    path("clubs/<slug:slug>/rotations/<int:pk>/", rotation_views.rotation_detail, name="rotation"),
    path(
        "clubs/<slug:slug>/rotations/<int:pk>/next/",
        rotation_views.rotation_next,
        name="rotation_next",
    ),
    path(
        "clubs/<slug:slug>/rotations/<int:pk>/order/",
        rotation_views.rotation_order,
        name="rotation_order",
    ),
    path("games/<int:pk>/", views.game_detail, name="game"),
    path("games/<int:pk>/tenhou6.json", views.game_tenhou6, name="game_tenhou6"),
    path("games/<int:pk>/version/", views.game_version, name="game_version"),
    path("games/<int:pk>/audit/", views.game_audit, name="game_audit"),
    path(
        "games/<int:pk>/final-scores/",
        views.game_final_scores_correct,
        name="game_final_scores_correct",
    ),
    path("games/<int:pk>/hands/new/", views.hand_new, name="hand_new"),
    path("games/<int:pk>/hands/send/", outbox.hand_send, name="hand_send"),
    path("games/<int:pk>/hands/preview/", views.hand_preview, name="hand_preview"),
    path("games/<int:pk>/hands/<int:number>/", views.hand_edit, name="hand_edit"),
    path(
        "games/<int:pk>/hands/<int:number>/preview/",
        views.hand_edit_preview,
        name="hand_edit_preview",
    ),
    path("games/<int:pk>/hands/<int:number>/delete/", views.hand_delete, name="hand_delete"),
    path("games/<int:pk>/undo/", views.hand_undo, name="hand_undo"),
    path("games/<int:pk>/redo/", views.hand_redo, name="hand_redo"),
    path("games/<int:pk>/finish/", views.game_finish, name="game_finish"),
    path("games/<int:pk>/abandon/", views.game_abandon, name="game_abandon"),
    path("games/<int:pk>/confirm/", views.game_confirm, name="game_confirm"),
    # The scorer's phone offline (scoring/offline/): the worker's scope is the whole site.
    path("sw.js", worker.service_worker, name="service_worker"),
    path("manifest.webmanifest", worker.manifest, name="manifest"),
    path("offline/", worker.offline_page, name="offline"),
    path("offline/session/", outbox.outbox_session, name="outbox_session"),
    # The rule engine on the phone, for the preview offline (scoring/offline/phone_engine.py).
    path("offline/engine/worker.js", phone_engine.engine_worker, name="engine_worker"),
    path("offline/engine/bundle.zip", phone_engine.engine_bundle, name="engine_bundle"),
]
