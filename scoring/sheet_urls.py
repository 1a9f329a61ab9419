"""Printable score sheets (PDF): game sheets, blank sheets, standings sheets."""

from django.urls import path  # noqa: F401

app_name = "sheets"

urlpatterns: list = []
