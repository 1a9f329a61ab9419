"""Which language a request is answered in.

In order: the reader's own choice (the switcher on every page sets the language cookie), else
the language of the club the page is about (activated by clubs.access when a request is let
into a club), else the browser's Accept-Language, else English. An API client states its
language with Accept-Language, which then counts as its choice: the club's language does not
override it. Field names, codes and the game-record format stay English whatever the language.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers

# True while serving a request whose reader chose a language (cookie, or an API client's
# Accept-Language): a club's language then stays out of it.
_chosen: ContextVar[bool] = ContextVar("tenbou_language_chosen", default=False)


def supported(code: str | None) -> str | None:
    """The site's language for ``code`` ("it-IT" → "it"), or None when it has none."""
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def activate_club_language(code: str | None) -> None:
    """Show what follows in a club's language, unless the reader chose one."""
    if _chosen.get():
        return
    language = supported(code)
    if language:
        translation.activate(language)


def rule_word(text: str) -> str:
    """One of the engine's words for people (a preset's name, an option's category, label or
    choice) in the active language. The engine is Django-free and English; its words are
    marked for translation in scoring/engine_words.py (generated), so any app that shows them
    translates them here, where it shows them."""
    return translation.gettext(text) if text else text


def description_text(text: str) -> str:
    """A preset's description as one line, the form it is marked for translation in (the
    engine keeps it wrapped as its source is).

    >>> description_text("Start 25,000,\n    uma 20/10.")
    'Start 25,000, uma 20/10.'
    """
    return " ".join(text.split())


def preset_description(text: str) -> str:
    """A preset's description in the active language (scoring/engine_words.py marks it);
    untranslated (English), the engine's text as it is."""
    line = description_text(text)
    translated = rule_word(line)
    return text if translated == line else translated


def described(descriptions: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The engine's option descriptions (``describe_options``) with their label, help and
    choices in the active language; names, values and categories (keys) stay as they are."""
    out = []
    for d in descriptions:
        d = dict(d)
        d["label"] = rule_word(d["label"])
        if d.get("help"):
            d["help"] = rule_word(d["help"])
        if d.get("choices"):
            d["choices"] = [{**c, "label": rule_word(c["label"])} for c in d["choices"]]
        out.append(d)
    return out


def language_neutral(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """View decorator: the answer is the same in every language and for every reader (a
    script, a zip). It carries no Vary on the language or the cookie and no Content-Language,
    so a cache keeps one copy for everyone: the phone's service worker looks the engine's
    files up by their address alone. The view must not read the session either (SessionMiddleware
    adds Vary: Cookie then)."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = view(request, *args, **kwargs)
        response.language_neutral = True  # type: ignore[attr-defined]
        return response

    return wrapped


class LanguageMiddleware:
    """Django's LocaleMiddleware without language prefixes in URLs, with the club's language
    between the reader's choice and the browser's."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        cookie = supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
        is_api = request.path.startswith("/api/")
        header = request.headers.get("Accept-Language", "")
        if cookie:
            language, chosen = cookie, True
        else:
            language = translation.get_language_from_request(request)
            chosen = is_api and bool(header.strip())
        token = _chosen.set(chosen)
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()  # type: ignore[attr-defined]
        try:
            response = self.get_response(request)
            if not getattr(response, "language_neutral", False):
                patch_vary_headers(response, ("Accept-Language", "Cookie"))
                response.headers.setdefault("Content-Language", translation.get_language())
            return response
        finally:
            _chosen.reset(token)
            translation.deactivate()
