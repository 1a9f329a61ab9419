"""The REST API, under /api/: each app's endpoints, the schema and its browsable docs."""

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView

from core.api import ApiDocsView
from core.tokens import TokenApi

urlpatterns = [
    path("auth/token/", TokenApi.as_view(), name="api-token"),
    path("", include("clubs.api_urls")),
    path("", include("scoring.api_urls")),
    path("", include("clubhouse.leagues.api_urls")),
    path("", include("rulesets.api_urls")),
    path("", include("tournaments.api_urls")),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # Swagger UI from the sidecar's static files, its start script as a file (CSP: self only).
    path("docs/", ApiDocsView.as_view(url_name="api-schema"), name="api-docs"),
]
