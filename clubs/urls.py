from django.urls import path

from clubs import manage_views, views

app_name = "clubs"

CLUB = "clubs/<slug:slug>/"

urlpatterns = [
    path("", views.home, name="home"),
    # Before the club's own pages: "new" is no club's short name (clubs.services).
    path("clubs/new/", manage_views.club_create, name="create"),
    path("join/", manage_views.join, name="join"),
    path("join/<str:code>/", manage_views.join_code, name="join_code"),
    path(CLUB, views.club_detail, name="detail"),
    path(CLUB + "settings/", manage_views.club_settings, name="settings"),
    path(CLUB + "people/", manage_views.people, name="people"),
    path(CLUB + "players/new/", manage_views.player_add, name="player_add"),
    path(CLUB + "players/<int:pk>/pin/", views.player_pin, name="player_pin"),
    path(CLUB + "players/<int:pk>/rename/", manage_views.player_rename, name="player_rename"),
    path(CLUB + "players/<int:pk>/merge/", manage_views.player_merge, name="player_merge"),
    path(CLUB + "players/<int:pk>/retire/", manage_views.player_retire, name="player_retire"),
    path(CLUB + "claims/", manage_views.player_claim, name="player_claim"),
    path(CLUB + "claims/<int:pk>/", manage_views.claim_decide, name="claim_decide"),
    path(CLUB + "invitations/", manage_views.invitations, name="invitations"),
    path(
        CLUB + "invitations/<int:pk>/revoke/",
        manage_views.invitation_revoke,
        name="invitation_revoke",
    ),
    path(CLUB + "members/<int:pk>/role/", manage_views.member_role, name="member_role"),
    path(CLUB + "members/<int:pk>/remove/", manage_views.member_remove, name="member_remove"),
]
