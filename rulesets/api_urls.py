"""REST API endpoints of the rulesets app (mounted under /api/)."""

from django.urls import path

from rulesets import api

urlpatterns = [
    path("presets/", api.PresetListApi.as_view(), name="api-presets"),
    path("clubs/<slug:slug>/rulesets/", api.RuleSetCollectionApi.as_view(), name="api-rulesets"),
    path(
        "clubs/<slug:slug>/rulesets/<int:pk>/",
        api.RuleSetItemApi.as_view(),
        name="api-ruleset",
    ),
]
