"""Pages of the rulesets app."""

from django.urls import path  # noqa: F401

app_name = "rulesets"

urlpatterns: list = []
