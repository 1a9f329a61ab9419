"""Answers compressed for the way: Django's GZip (with its padding against BREACH), except

- what is compressed already, where gzip only costs the server's time (the phone's engine
  bundle is a zip, sheets are PDFs with compressed streams, images and fonts);
- an answer with a strong ETag (a hand read through the API): compressing it would make the
  tag weak (RFC 9110 8.8.1), and a weak tag never matches the If-Match a correction sends it
  back in (If-Match compares strongly, 8.8.3.2). Such answers are a hand's few hundred bytes.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseBase
from django.middleware.gzip import GZipMiddleware as DjangoGZipMiddleware

COMPRESSED_ALREADY = ("application/zip", "application/pdf", "application/wasm", "image/", "font/")


class GZipMiddleware(DjangoGZipMiddleware):
    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if response.get("Content-Type", "").startswith(COMPRESSED_ALREADY):
            return response
        if response.get("ETag", "").startswith('"'):
            return response
        return super().process_response(request, response)
