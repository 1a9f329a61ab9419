"""Printable score sheets (PDF): game sheets, blank sheets, standings sheets."""

from django.urls import path

from clubhouse.leagues import sheet_views as standings_views
from scoring import blank_sheet_views, rotation_views, sheet_views

app_name = "sheets"

urlpatterns = [
    path("games/<int:pk>/sheet.pdf", sheet_views.game_sheet, name="game"),
    path("games/<int:pk>/blank-sheet.pdf", sheet_views.blank_sheet, name="blank"),
    path("clubs/<slug:slug>/blank-sheet/", blank_sheet_views.club_blank_sheet, name="club_blank"),
    path(
        "clubs/<slug:slug>/rotations/<int:pk>/sheet.pdf",
        rotation_views.rotation_sheet,
        name="rotation",
    ),
    path(
        "clubs/<slug:slug>/rotations/<int:pk>/blank-sheet.pdf",
        rotation_views.rotation_blank_sheet,
        name="rotation_blank",
    ),
    path("seasons/<int:pk>/standings.pdf", standings_views.standings_sheet, name="standings"),
    path("api/games/<int:pk>/sheet.pdf", sheet_views.GameSheetApi.as_view(), name="api-game-sheet"),
]
