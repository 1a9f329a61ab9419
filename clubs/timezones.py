"""Dates and times are stored in UTC and shown in the time zone of the club a page is about.

clubs.access activates the club's zone when a request is let into a club (every page, sheet
and CSV of a club passes there); this middleware goes back to UTC at the start of each request,
so a worker thread never carries one club's zone into the next request.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone


def activate_for(time_zone: str) -> None:
    try:
        timezone.activate(zoneinfo.ZoneInfo(time_zone))
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        timezone.deactivate()


class ClubTimeZoneMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
