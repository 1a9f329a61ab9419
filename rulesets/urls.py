"""Pages of the rulesets app."""

from django.urls import path

from rulesets import views

app_name = "rulesets"

urlpatterns = [
    path("clubs/<slug:slug>/rulesets/", views.ruleset_list, name="list"),
    path("clubs/<slug:slug>/rulesets/new/", views.ruleset_create, name="create"),
    path("clubs/<slug:slug>/rulesets/<int:pk>/", views.ruleset_detail, name="detail"),
    path("clubs/<slug:slug>/rulesets/<int:pk>/edit/", views.ruleset_edit, name="edit"),
]
