"""Malformed and oversized requests, who is asked first, and the end of a token.

- A body nested too deep is a 400 naming the limit, one over the size limit a 413, in every
  API operation that takes a body, the token login included: never a 500.
- A login comes before the body: an anonymous write is a 401 with ``WWW-Authenticate: Token``
  whatever its body holds, and a bad token is a 401 everywhere.
- ``DELETE /api/auth/token/``, logging out of the site and a password change each end the
  caller's token; the next token login makes a new one.
"""

import io
import json

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import RequestDataTooBig
from drf_spectacular.generators import SchemaGenerator
from rest_framework.authtoken.models import Token

from clubs.models import Player
from core.api import exception_handler
from core.parsers import MAX_DEPTH, JSONParser, RequestTooLarge
from rulesets import services as rulesets
from scoring import services
from scoring.models import Game
from tests.conftest import PASSWORD
from tests.factories import small_tournament
from tests.scoring.conftest import RON, TSUMO


def _operations():
    """(method, path) of every API operation, from the schema the site serves."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return [
        (method, path, "requestBody" in operation)
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
    ]


OPERATIONS = _operations()
WITH_BODY = [(m, p) for m, p, body in OPERATIONS if body]
WRITES = [(m, p) for m, p, _ in OPERATIONS if m != "get"]


@pytest.fixture
def world(club, alice):
    players = [Player.objects.create(club=club, display_name=n) for n in "ABCD"]
    game = services.game_create(club=club, players=players, rules="tenhou", created_by=alice)
    for number, hand in enumerate((RON, TSUMO), start=1):
        services.hand_submit(game=game, hand=hand, user=alice, expected_number=number)
    ruleset = rulesets.ruleset_create(
        club=club, name="House", template_preset="tenhou", options={}, created_by=alice
    )
    # A tournament with round 1 drawn: its table 1, seat 0 and entrant 1 are in the paths.
    event, _ = small_tournament(club, alice, ruleset)
    return {
        "slug": club.slug,
        "game": game.pk,
        "ruleset": ruleset.pk,
        "event": event.pk,
        "number": 1,
    }


def _url(path, world):
    if "/tournaments/" in path:
        ident = world["event"]
    else:
        ident = world["ruleset"] if "/rulesets/" in path else world["game"]
    return (
        path.replace("{slug}", world["slug"])
        .replace("{id}", str(ident))
        .replace("{number}", str(world["number"]))
        .replace("{table}", "1")
        .replace("{seat}", "0")
    )


def _send(client, method, path, body, **headers):
    return getattr(client, method)(path, body, content_type="application/json", **headers)


def _token(user):
    return {"HTTP_AUTHORIZATION": f"Token {Token.objects.get_or_create(user=user)[0].key}"}


def _nested(depth):
    return "[" * (depth - 1) + "{}" + "]" * (depth - 1)


def test_every_write_that_takes_a_body_is_in_the_lists():
    # The schema is read, not assumed: a new write operation is covered by the tests below.
    assert ("post", "/api/auth/token/") in WITH_BODY
    assert ("post", "/api/games/{id}/hands/") in WITH_BODY
    assert len(WITH_BODY) >= 12


# ---------------------------------------------------------------------------------------------
# Depth and size


@pytest.mark.parametrize(("method", "path"), WITH_BODY, ids=[f"{m} {p}" for m, p in WITH_BODY])
def test_json_nested_far_too_deep_is_a_400_naming_the_limit(client, alice, world, method, path):
    # Thousands of levels: Python's own parser gives up with a RecursionError here.
    games = Game.objects.count()

    response = _send(client, method, _url(path, world), _nested(5000), **_token(alice))

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "parse_error"
    assert f"nested deeper than {MAX_DEPTH} levels" in response.json()["error"]["message"]
    assert Game.objects.count() == games


def test_json_one_level_too_deep_is_refused_and_the_limit_itself_is_read(client, alice, world):
    path = f"/api/games/{world['game']}/preview/"

    over = _send(client, "post", path, _nested(MAX_DEPTH + 1), **_token(alice))
    at = _send(client, "post", path, _nested(MAX_DEPTH), **_token(alice))

    assert over.status_code == 400 and over.json()["error"]["code"] == "parse_error"
    # At the limit the body is read, and refused for what it is: a list, not a hand.
    assert at.status_code == 400 and at.json()["error"]["code"] != "parse_error"


def test_a_deep_body_is_refused_before_the_login_is_checked_on_the_token_login(client, db):
    body = '{"username": "alice", "password": ' + _nested(100) + "}"

    response = _send(client, "post", "/api/auth/token/", body)

    assert response.status_code == 400
    assert "nested deeper" in response.json()["error"]["message"]


@pytest.mark.parametrize(("method", "path"), WRITES, ids=[f"{m} {p}" for m, p in WRITES])
@pytest.mark.parametrize("who", ["alice", "anonymous"])
def test_a_body_over_the_limit_is_a_413_before_anything_reads_it(
    client, alice, world, method, path, who
):
    body = json.dumps({"note": "x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE})
    headers = _token(alice) if who == "alice" else {}

    response = _send(client, method, _url(path, world), body, **headers)

    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too_large"
    assert f"{settings.DATA_UPLOAD_MAX_MEMORY_SIZE:,} bytes" in response.json()["error"]["message"]


def test_a_body_just_under_the_limit_is_read(client, alice, world):
    padding = settings.DATA_UPLOAD_MAX_MEMORY_SIZE - 100
    body = json.dumps({"name": "Big", "slug": "big", "padding": "x" * padding})

    response = _send(client, "post", "/api/clubs/", body, **_token(alice))

    assert response.status_code == 201


def test_the_parser_refuses_a_body_longer_than_its_length_said():
    # A stream that runs past the limit without a Content-Length the middleware could read.
    stream = io.BytesIO(b'"' + b"x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE + b'"')

    with pytest.raises(RequestTooLarge):
        JSONParser().parse(stream, "application/json", {})


def test_a_form_body_too_large_for_django_is_a_413_too():
    # Django raises RequestDataTooBig where a form body is read (the CSRF check of a session).
    response = exception_handler(RequestDataTooBig("too big"), {})

    assert response.status_code == 413
    assert response.data["error"]["code"] == "too_large"


def test_a_form_body_is_refused_as_not_json(client, alice, world):
    response = client.post(
        "/api/clubs/", {"name": "Form", "slug": "form"}, **_token(alice)
    )  # multipart, as a browser form would send it

    assert response.status_code == 415
    assert response.json()["error"]["code"] == "unsupported_media_type"


# ---------------------------------------------------------------------------------------------
# The login first


ANONYMOUS_WRITES = [(m, p) for m, p in WRITES if p != "/api/auth/token/" or m == "delete"]


@pytest.mark.parametrize(
    ("method", "path"), ANONYMOUS_WRITES, ids=[f"{m} {p}" for m, p in ANONYMOUS_WRITES]
)
@pytest.mark.parametrize("body", ["{}", '{"club": 1, "players": "x"}', "not json"])
def test_an_anonymous_write_is_a_401_whatever_its_body(client, world, method, path, body):
    games = Game.objects.count()

    response = _send(client, method, _url(path, world), body)

    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert response.json()["error"]["code"] == "not_authenticated"
    assert Game.objects.count() == games


@pytest.mark.parametrize(
    ("method", "path", "_"), OPERATIONS, ids=[f"{m} {p}" for m, p, _ in OPERATIONS]
)
def test_a_bad_token_is_a_401_everywhere(client, world, method, path, _):
    response = getattr(client, method)(_url(path, world), HTTP_AUTHORIZATION="Token not-a-token")

    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert response.json()["error"] == {
        "code": "authentication_failed",
        "message": "Invalid token.",
    }


def test_a_session_write_is_still_checked_for_csrf(alice, world):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)

    response = _send(client, "post", "/api/clubs/", json.dumps({"name": "N", "slug": "n"}))

    assert response.status_code == 403
    assert "CSRF" in response.json()["error"]["message"]


# ---------------------------------------------------------------------------------------------
# The end of a token


def _token_login(client, username="alice", password=PASSWORD):
    return _send(
        client, "post", "/api/auth/token/", json.dumps({"username": username, "password": password})
    )


def test_a_token_ends_when_its_holder_deletes_it_and_a_new_login_gets_a_new_one(client, alice):
    first = _token_login(client).json()["token"]
    auth = {"HTTP_AUTHORIZATION": f"Token {first}"}

    deleted = client.delete("/api/auth/token/", **auth)
    after = client.get("/api/clubs/", **auth)
    second = _token_login(client).json()["token"]

    assert deleted.status_code == 204 and deleted.content == b""
    assert after.status_code == 401
    assert second != first
    assert client.get("/api/clubs/", HTTP_AUTHORIZATION=f"Token {second}").status_code == 200


def test_deleting_ends_only_the_callers_token(client, alice, bob):
    _token_login(client)
    bobs = _token_login(client, "bob").json()["token"]

    client.delete("/api/auth/token/", HTTP_AUTHORIZATION=f"Token {bobs}")

    assert list(Token.objects.values_list("user__username", flat=True)) == ["alice"]


def test_a_session_may_end_its_users_token(client, alice):
    _token_login(client)
    client.force_login(alice)

    assert client.delete("/api/auth/token/").status_code == 204
    assert not Token.objects.filter(user=alice).exists()


def test_an_anonymous_delete_is_a_401(client, alice):
    _token_login(client)

    response = client.delete("/api/auth/token/")

    assert response.status_code == 401
    assert Token.objects.filter(user=alice).exists()


def test_logging_out_of_the_site_ends_the_token(client, alice):
    token = _token_login(client).json()["token"]
    client.force_login(alice)

    client.post("/logout/")

    assert client.get("/api/clubs/", HTTP_AUTHORIZATION=f"Token {token}").status_code == 401


def test_a_password_change_ends_the_token(client, alice):
    _token_login(client)

    alice.set_password("a new and longer password")
    alice.save()

    assert not Token.objects.filter(user=alice).exists()
    assert _token_login(client, password="a new and longer password").status_code == 200


def test_the_admin_password_change_page_ends_the_token(client, alice):
    token = _token_login(client).json()["token"]
    User.objects.filter(pk=alice.pk).update(is_staff=True)
    client.force_login(alice)

    response = client.post(
        "/admin/password_change/",
        {
            "old_password": PASSWORD,
            "new_password1": "another long passphrase",
            "new_password2": "another long passphrase",
        },
    )

    assert response.status_code == 302
    assert client.get("/api/clubs/", HTTP_AUTHORIZATION=f"Token {token}").status_code == 401


def test_an_unusable_password_ends_the_token(client, alice):
    _token_login(client)

    alice.set_unusable_password()
    alice.save()

    assert not Token.objects.filter(user=alice).exists()


def test_other_changes_to_the_user_keep_the_token(client, alice):
    _token_login(client)

    alice.email = "alice@elsewhere.example.org"
    alice.save()
    alice.last_login = None
    alice.save(update_fields=["last_login"])

    assert Token.objects.filter(user=alice).exists()


def test_a_hash_upgraded_at_login_is_no_password_change(client, settings, alice):
    # alice's password is stored with MD5; with a stronger hasher first, a login re-hashes it.
    token = _token_login(client).json()["token"]
    settings.PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.ScryptPasswordHasher",
        "django.contrib.auth.hashers.MD5PasswordHasher",
    ]

    again = _token_login(client).json()["token"]

    alice.refresh_from_db()
    assert alice.password.startswith("scrypt$")
    assert again == token
