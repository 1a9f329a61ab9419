from django.urls import path

from clubs import views

app_name = "clubs"

urlpatterns = [
    path("", views.home, name="home"),
    path("clubs/<slug:slug>/", views.club_detail, name="detail"),
    path("clubs/<slug:slug>/players/<int:pk>/pin/", views.player_pin, name="player_pin"),
]
