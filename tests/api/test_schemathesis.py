"""Fuzz every operation of /api/schema/ in process, as alice (organiser, by token), as an
anonymous client and with a bad token: no 5xx, every answer in the documented content type
and, for 2xx, the documented schema; bad input refused; every 4xx in our error shape
{"error": {code, message}}.

Each example points its path (and the club, players and rule set in its body) at random values,
at alice's private club, or at a public club she is not in, so the fuzzing reaches past the
404s into the services. Each request runs in a savepoint rolled back afterwards: every example
meets the same club, game with two hands, league and rule set.
"""

import datetime
import json
import os

import pytest
import schemathesis
from django.contrib.auth.models import User
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.parameters import ParameterLocation
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from clubs.models import Membership, Player
from leagues.models import League, Season
from rulesets import services as rulesets
from scoring import services
from scoring.policy import SITE
from tests.factories import small_tournament
from tests.scoring.conftest import RON, TSUMO

# Loaded when the module is imported (schemathesis' lazy loader does not run under pytest 9);
# generating the schema touches no database.
# Under pytest-xdist a worker runs one of the operations' tests and passes without the others
# (2 of the 119 endpoint answers reached): refuse, so the file runs in one process (the
# Makefile runs it apart, `-p no:xdist`).
if os.environ.get("PYTEST_XDIST_WORKER"):
    pytest.fail(
        "tests/api/test_schemathesis.py runs in one process: pytest -p no:xdist " + __file__,
        pytrace=False,
    )

schema = schemathesis.openapi.from_wsgi("/api/schema/", WSGIHandler())
# 23 operations x 12 examples: about 30 s on SQLite. TENBOU_FUZZ_EXAMPLES=200 digs deeper.
# Derandomised so that CI meets the same examples each run; a deep run finds new ones.
# Unknown query parameters are ignored, as HTTP APIs do: negative cases do not add them.
schema.config.generation.update(
    max_examples=int(os.environ.get("TENBOU_FUZZ_EXAMPLES", "12")),
    deterministic="TENBOU_FUZZ_EXAMPLES" not in os.environ,
    allow_extra_parameters=False,
)


@schemathesis.check
def error_shape(ctx, response, case):
    """A 4xx or 5xx answers {"error": {"code": "...", "message": "...", ...}}."""
    if response.status_code < 400:
        return None
    try:
        body = json.loads(response.content)
    except ValueError:
        raise AssertionError(
            f"{response.status_code} is not JSON: {response.content[:80]!r}"
        ) from None
    error = body.get("error") if isinstance(body, dict) else None
    assert isinstance(error, dict), f"no 'error' object in {body!r}"
    assert isinstance(error.get("code"), str) and error["code"], f"no code in {body!r}"
    assert isinstance(error.get("message"), str) and error["message"], f"no message in {body!r}"
    return True


@schemathesis.check
def bad_input_refused(ctx, response, case):
    """Input off the schema is refused; except DRF's ?format= with no value, which is no
    format override at all (any other value not in the schema is a 404)."""
    if (
        response.status_code < 300
        and case.operation.path.endswith((".pdf", ".csv"))
        and (case.query or {}).get("format") == ""
    ):
        return None
    return negative_data_rejection(ctx, response, case)


# Refusals of valid-looking data (wrong password, unknown preset) are not failures here; a 5xx,
# HTML, a status code the schema does not list for the operation, a body off its schema or a
# bad input let through are.
CHECKS = [
    not_a_server_error,
    error_shape,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
    bad_input_refused,
    status_code_conformance,
]


def _table(club, user, organiser):
    names = ("Aiko", "Bruno", "Chiara", "Daiki")
    players = [Player.objects.create(club=club, display_name=n) for n in names]
    game = services.game_create(
        club=club, players=players, rules="japanese-modern", created_by=user
    )
    for number, hand in enumerate((RON, TSUMO), start=1):
        services.hand_submit(game=game, hand=hand, user=user, expected_number=number)
    league = League.objects.create(club=club, name="Spring", slug="spring", rules="tenhou")
    Season.objects.create(league=league, name="2026", starts=datetime.date(2026, 1, 1))
    ruleset = rulesets.ruleset_create(
        club=club, name="House", template_preset="tenhou", options={}, created_by=user
    )
    # A tournament with round 1 drawn: its table 1 and entrant 1.
    event, _ = small_tournament(club, organiser, ruleset)
    return {
        "slug": club.slug,
        "players": [p.pk for p in players],
        "game": game.pk,
        "league": league.pk,
        "ruleset": ruleset.pk,
        "event": event.pk,
    }


def _organiser(club):
    olga = User.objects.create_user("olga", "olga@example.org", "a long enough password")
    Membership.objects.create(club=club, user=olga, role=Membership.Role.ORGANISER)
    return olga


@pytest.fixture
def world(club, public_club, alice, bob):
    return {
        "own": _table(club, alice, alice),
        "other": _table(public_club, SITE, _organiser(public_club)),
        "alice": {"Authorization": f"Token {Token.objects.create(user=alice).key}"},
        "anonymous": {},
        # Refused everywhere with a 401, which every operation documents.
        "bad token": {"Authorization": "Token not-a-token"},
    }


@pytest.fixture
def in_process():
    # As in Django's test client: the test's transaction must outlive each request.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def _positive(case, location):
    component = case.meta.components.get(location) if case.meta else None
    return component is not None and component.mode == GenerationMode.POSITIVE


def _point_at(case, data):
    """Aim the case's path and the references in its body at a club's real data; parts
    generated off the schema (negative mode) are left as they are."""
    params = case.path_parameters if _positive(case, ParameterLocation.PATH) else {}
    if "slug" in params:
        params["slug"] = data["slug"]
    if "id" in params:
        kind = case.operation.path.split("/")[2]
        if "/tournaments/" in case.operation.path:
            params["id"] = data["event"]
        else:
            params["id"] = {"games": data["game"], "leagues": data["league"]}.get(
                kind, data["ruleset"]
            )
    if "number" in params:
        params["number"] = 1
    for key in ("table", "seat"):
        if key in params:
            params[key] = 1 if key == "table" else 0
    if isinstance(case.body, dict) and _positive(case, ParameterLocation.BODY):
        for field, key in (("club", "slug"), ("players", "players"), ("ruleset", "ruleset")):
            if field in case.body:
                case.body[field] = data[key]


@schema.parametrize()
# Mostly alice on her own club's data, where requests get furthest.
@schema.given(
    target=st.sampled_from(["own", "own", None, "other"]),
    who=st.sampled_from(["alice", "alice", "alice", "anonymous", "bad token"]),
)
@settings(deadline=None, suppress_health_check=list(HealthCheck), database=None)
def test_the_api_answers_every_request_in_its_documented_shapes(
    case, target, who, world, in_process
):
    if target is not None:
        _point_at(case, world[target])
    with transaction.atomic():
        # Schemathesis's WSGI transport asks for gzip, as a browser does, but does not unpack
        # the answer; the shapes are of the JSON (compression: tests/scoring/test_compression).
        case.call_and_validate(headers={**world[who], "Accept-Encoding": "identity"}, checks=CHECKS)
        transaction.set_rollback(True)
