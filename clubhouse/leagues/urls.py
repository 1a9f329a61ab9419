"""Pages of the leagues; the URL namespace stays ``leagues``."""

from django.urls import path

from clubhouse.leagues import views

app_name = "leagues"

LEAGUE = "clubs/<slug:slug>/leagues/<slug:league_slug>/"

urlpatterns = [
    path("clubs/<slug:slug>/leagues/", views.league_list, name="league_list"),
    path("clubs/<slug:slug>/leagues/new/", views.league_create, name="league_create"),
    path(LEAGUE, views.league_detail, name="league_detail"),
    path(LEAGUE + "edit/", views.league_edit, name="league_edit"),
    path(LEAGUE + "live/", views.live, name="live"),
    path(LEAGUE + "seasons/new/", views.season_create, name="season_create"),
    path(LEAGUE + "seasons/<int:pk>/", views.season_detail, name="season_detail"),
    path(LEAGUE + "seasons/<int:pk>/edit/", views.season_edit, name="season_edit"),
    path(LEAGUE + "seasons/<int:pk>/standings.csv", views.season_csv, name="season_csv"),
    path("clubs/<slug:slug>/players/<int:pk>/", views.player_detail, name="player_detail"),
]
