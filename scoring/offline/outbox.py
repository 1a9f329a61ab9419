"""The endpoints of the phone's outbox: who is logged in, and the hands it sends.

The outbox (static/js/outbox.js) keeps each hand the scorer saves as the entry form's own
fields, with an idempotency key and the hand number it was typed against, and sends them here
in order. This endpoint reads them with the entry form (``forms.hand_form``, the one place
that turns a request's fields into a game-record hand) and writes through
``services.hand_submit``, the service the page and the API also call: the phone needs no
second copy of the form's conversion, and the answers are the API's, with the API's status per
error code (docs/api.md): 201 saved, also for a repeated key, 409 another device came first,
another 4xx a hand to fix.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, JsonResponse
from django.middleware.csrf import get_token
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response

import engine
from core.api import Api
from core.limits import json_when_too_large
from scoring import selectors, services
from scoring.errors import GameError, StaleHandNumber
from scoring.forms import hand_form
from scoring.presenter import hand_name
from scoring.serializers import state_data


@never_cache
@require_GET
def outbox_session(request: HttpRequest) -> JsonResponse:
    """Who is logged in and a fresh CSRF token: the outbox asks before it sends, since the
    token in a page kept offline may be older than the last login."""
    user = request.user
    return JsonResponse(
        {"user": user.pk if user.is_authenticated else None, "csrf": get_token(request)}
    )


def _too_large(limit: int) -> str:
    return gettext(
        "This hand is larger than the site takes (%(limit)s bytes): shorten its note."
    ) % {"limit": number_format(limit, force_grouping=True)}


class HandSendApi(Api):
    """POST /games/<pk>/hands/send/: one hand from the outbox, as the entry form's fields
    with ``key`` (the idempotency key) and ``expected_number`` (the hand number it was typed
    against). ``flash=1`` leaves the page's "Hand E2 saved." message for the next page.

    An API view, so its refusals are the API's (core.api's one handler: the same code answers
    the same status as ``POST /api/games/{id}/hands/``), worded for the form's fields; a stale
    number's 409 carries what the outbox shows beside ``state`` (``hand_count``, ``theirs``,
    ``ours``). A body over the limit is a 413 ``too_large`` (core.limits), which the outbox
    shows as a refused hand to fix."""

    parser_classes = [FormParser, MultiPartParser]
    schema = None  # a page's endpoint (the entry form's fields), not part of /api/'s contract

    def post(self, request: Request, pk: int) -> Response:
        game, _ = selectors.game_for_user(request.user, pk)
        form = hand_form(game, request.data)
        key = request.data.get("key", "")
        expected = request.data.get("expected_number", "")
        if not key or not expected.isdecimal():
            raise GameError(
                gettext("A hand from the outbox needs its key and hand number."), code="invalid"
            )
        if not form.is_valid() or "hand" not in form.cleaned_data:
            field, errors = next(iter(form.errors.items()), (None, [gettext("Complete the hand.")]))
            raise GameError(str(errors[0]), code="invalid", field=field)
        number = int(expected)
        try:
            write = services.hand_submit(
                game=pk, hand=form.hand(), user=request.user, expected_number=number, key=key
            )
        except StaleHandNumber as e:
            game.refresh_from_db()
            theirs = game.hands.filter(number__gte=number).order_by("number")
            e.answer = {
                "state": state_data(game),
                "hand_count": game.hand_count,
                "theirs": [
                    {"number": row["number"], "label": row["label"], "words": row["words"]}
                    for row in selectors.ledger(game, list(theirs))
                ],
                "ours": selectors.game_hand_words(game, form.hand()),
            }
            raise
        except engine.EngineError as e:
            # The API's code and status, in the words of the form the scorer typed it on.
            refusal = GameError(
                form.engine_error_text(e, number),
                code=e.code,
                field=form.engine_error_field(e, number),
            )
            refusal.hand = e.hand
            raise refusal from e
        response = write.response or {}
        label = response.get("result", {}).get("label", "")
        if request.data.get("flash"):
            messages.success(
                request._request, gettext("Hand %(label)s saved.") % {"label": hand_name(label)}
            )
        body = {
            "number": write.number,
            "label": label,
            "repeated": write.repeated,
            "hand_count": write.game.hand_count,
            "version": write.game.version,
            "running": write.game.is_running,
            "next_url": reverse(
                "scoring:hand_new" if write.game.is_running else "scoring:game", args=[pk]
            ),
        }
        # A repeat answers as the API does: the first answer's status, marked as replayed.
        headers = {"Idempotent-Replayed": "true"} if write.repeated else None
        return Response(body, status=201, headers=headers)


def _hand_send_view() -> Any:
    view = json_when_too_large(_too_large)(HandSendApi.as_view())
    # The outbox posts a form with the token it asked for (outbox_session): Django's CSRF
    # check answers a refused token before the view, as for every form of the site, with the
    # page the outbox reads as "log in again" (not a refused hand).
    view.csrf_exempt = False
    return view


hand_send = _hand_send_view()
