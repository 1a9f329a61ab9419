"""Errors under /api/ answer JSON in the API's shape, wherever they are raised; the site's
pages keep Django's HTML error pages."""

import json

import pytest
from django.test import RequestFactory

from config import errors


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


def test_a_blank_filter_on_the_game_list_is_refused_by_name(client, db):
    response = client.get("/api/games/?status=")

    assert response.status_code == 400
    assert response.json()["error"]["field"] == "status"
