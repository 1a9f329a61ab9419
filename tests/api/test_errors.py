"""Errors under /api/ answer JSON in the API's shape, wherever they are raised; the site's
pages keep Django's HTML error pages."""

import json

import pytest
from django.test import RequestFactory

from core import error_pages as errors
from tests.scoring.conftest import DRAW_DEALER_READY, RON, TSUMO


@pytest.mark.parametrize(
    "path",
    ["/api/nothing/", "/api/clubs/a%20b/players/", "/api/games/x/", "/api/games/1/hands/one/"],
)
def test_an_api_address_that_matches_no_endpoint_answers_json_404(client, db, path):
    response = client.get(path)

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"]["code"] == "not_found"
    assert "No API endpoint at /api/" in response.json()["error"]["message"]


def test_a_page_that_does_not_exist_is_still_an_html_page(client, db):
    response = client.get("/no-such-page/")

    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


@pytest.mark.parametrize(
    ("handler", "status", "code"),
    [
        (lambda r: errors.bad_request(r, Exception()), 400, "bad_request"),
        (lambda r: errors.permission_denied(r, Exception()), 403, "permission_denied"),
        (errors.server_error, 500, "server_error"),
    ],
)
def test_the_other_handlers_answer_json_under_api_and_html_elsewhere(handler, status, code):
    api = handler(RequestFactory().get("/api/games/"))
    page = handler(RequestFactory().get("/games/"))

    assert (api.status_code, page.status_code) == (status, status)
    assert api["Content-Type"] == "application/json"
    body = json.loads(api.content)
    assert set(body) == {"error"} and body["error"]["code"] == code
    assert page["Content-Type"].startswith("text/html")


def test_a_blank_season_on_the_standings_is_refused_by_name(client, public_club):
    from leagues.models import League

    league = League.objects.create(club=public_club, name="L", slug="l", rules="tenhou")

    response = client.get(f"/api/leagues/{league.pk}/standings/?season=")

    assert response.status_code == 400
    assert response.json()["error"]["field"] == "season"


def test_a_blank_filter_on_the_game_list_is_refused_by_name(client, db):
    response = client.get("/api/games/?status=")

    assert response.status_code == 400
    assert response.json()["error"]["field"] == "status"


def test_a_bad_item_of_a_list_is_refused_naming_its_place(client, club, bob):
    # Found by the schema's fuzzing: the list's errors come keyed by index, which was a 500.
    client.force_login(bob)
    response = client.post(
        "/api/games/",
        json.dumps({"club": club.slug, "rules": "tenhou", "players": [7, 0, 8, 9]}),
        content_type="application/json",
    )

    assert response.status_code == 400
    assert response.json()["error"]["field"] == "players[1]"
    assert "greater than or equal to 1" in response.json()["error"]["message"]


# Bodies whose strings PostgreSQL cannot hold (found on PostgreSQL: each was a 500).
UNSTORABLE = [
    (
        "/api/games/import/",
        '{"club": "riverside", "record": {"rules": "tenhou", '
        '"players": ["\\ud800", "B", "C", "D"], "hands": []}}',
        "U+D800",
    ),
    (
        "/api/games/import/",
        '{"club": "riverside", "record": {"rules": "tenhou", '
        '"players": ["A\\u0000", "B", "C", "D"], "hands": []}}',
        "U+0000",
    ),
    (
        "/api/games/{game}/hands/",
        '{"expected_number": 4, "result": "draw", "tenpai": [0], "note": "\\u0000"}',
        "U+0000",
    ),
    ("/api/games/{game}/preview/", '{"result": "draw", "\\udfff": []}', "U+DFFF"),
    (
        "/api/clubs/riverside/rulesets/",
        '{"name": "X", "template_preset": "tenhou", "options": {"length": "\\u0000"}}',
        "U+0000",
    ),
]


@pytest.fixture
def running_game(club, alice):
    from clubs.models import Player
    from scoring import services

    players = [Player.objects.create(club=club, display_name=n) for n in "ABCD"]
    game = services.game_create(club=club, players=players, rules="tenhou", created_by=alice)
    for hand in (DRAW_DEALER_READY, RON, TSUMO):
        services.hand_submit(game=game, hand=hand, user=alice)
    return game


@pytest.mark.parametrize(("path", "body", "char"), UNSTORABLE)
def test_a_json_body_with_a_character_the_database_cannot_hold_is_a_400(
    client, alice, running_game, path, body, char
):
    from rest_framework.authtoken.models import Token

    from scoring.models import Game

    token = Token.objects.create(user=alice).key
    games = Game.objects.count()

    response = client.post(
        path.format(game=running_game.pk),
        body,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {token}",
    )

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "parse_error"
    assert char in response.json()["error"]["message"]
    assert Game.objects.count() == games
    assert running_game.hands.count() == 3
