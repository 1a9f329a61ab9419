"""REST API endpoints of the scoring app (mounted under /api/)."""

from django.urls import path  # noqa: F401

urlpatterns: list = []
