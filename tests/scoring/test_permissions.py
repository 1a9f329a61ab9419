"""Who may do what, over every page and endpoint of the table.

Personas: anonymous, dave (outsider), charlie (member), bob (scorer), alice (organiser). A
private club does not exist for outsiders (404); a role too low is 403; an anonymous visitor
of a page that needs a login is sent to log in, and an anonymous API write is a 401. A refused
request changes nothing.
"""

import json

import pytest
from django.contrib.auth.hashers import make_password

from scoring.models import Game
from scoring.policy import SITE
from tests.scoring.conftest import (
    API_CORRECTION,
    CORRECTION,
    DELETION,
    RON,
    RON_FORM,
    TAG,
    hand_tag,
)

PERSONAS = ("anonymous", "dave", "charlie", "bob", "alice")
LOGIN = "login"  # a redirect to the login page


# (method, url, data, anonymous, outsider, member, scorer, organiser)
PAGES = [
    ("get", "/clubs/{club}/games/", None, 404, 404, 200, 200, 200),
    ("get", "/clubs/{club}/games/new/", None, LOGIN, 404, 403, 200, 200),
    ("get", "/games/{run}/", None, 404, 404, 200, 200, 200),
    ("get", "/games/{run}/version/", None, 404, 404, 200, 200, 200),
    ("get", "/games/{run}/hands/new/", None, LOGIN, 404, 403, 200, 200),
    ("post", "/games/{run}/hands/new/", RON_FORM, LOGIN, 404, 403, 302, 302),
    ("post", "/games/{run}/hands/preview/", RON_FORM, LOGIN, 404, 403, 200, 200),
    ("get", "/games/{run}/hands/1/", None, LOGIN, 404, 403, 200, 200),
    ("post", "/games/{run}/hands/1/", CORRECTION, LOGIN, 404, 403, 302, 302),
    ("post", "/games/{run}/hands/1/preview/", CORRECTION, LOGIN, 404, 403, 200, 200),
    ("post", "/games/{run}/hands/1/delete/", DELETION, LOGIN, 404, 403, 302, 302),
    ("post", "/games/{run}/undo/", {}, LOGIN, 404, 403, 302, 302),
    ("post", "/games/{run}/redo/", {}, LOGIN, 404, 403, 302, 302),
    ("post", "/games/{run}/finish/", {}, LOGIN, 404, 403, 302, 302),
    ("post", "/games/{run}/abandon/", {"reason": "x"}, LOGIN, 404, 403, 302, 302),
    ("get", "/games/{fin}/", None, 404, 404, 200, 200, 200),
    ("get", "/games/{fin}/hands/new/", None, LOGIN, 404, 403, 302, 302),
    ("get", "/games/{fin}/hands/1/", None, LOGIN, 404, 403, 403, 200),
    ("post", "/games/{fin}/hands/1/", CORRECTION, LOGIN, 404, 403, 403, 302),
    ("post", "/games/{fin}/hands/1/delete/", DELETION, LOGIN, 404, 403, 403, 302),
    ("post", "/games/{fin}/undo/", {}, LOGIN, 404, 403, 403, 302),
    ("post", "/games/{fin}/redo/", {}, LOGIN, 404, 403, 403, 302),
    ("post", "/games/{fin}/abandon/", {"reason": "x"}, LOGIN, 404, 403, 403, 302),
    ("post", "/games/{fin}/confirm/", {"seat": "0", "pin": "1234"}, LOGIN, 404, 403, 302, 302),
    ("get", "/clubs/{club}/players/{guest}/pin/", None, LOGIN, 404, 403, 403, 200),
]

API_RON = {**RON, "expected_number": 4}

API = [
    ("get", "/api/clubs/{club}/players/", None, 404, 404, 200, 200, 200),
    ("post", "/api/clubs/{club}/players/", {"display_name": "Newbie"}, 401, 404, 403, 201, 201),
    ("get", "/api/games/{run}/", None, 404, 404, 200, 200, 200),
    ("get", "/api/games/{run}/record/", None, 404, 404, 200, 200, 200),
    ("get", "/api/games/{run}/hands/1/", None, 404, 404, 200, 200, 200),
    ("post", "/api/games/", "create", 401, 404, 403, 201, 201),
    ("post", "/api/games/import/", "import", 401, 404, 403, 201, 201),
    ("post", "/api/games/{run}/hands/", API_RON, 401, 404, 403, 201, 201),
    ("post", "/api/games/{run}/preview/", RON, 401, 404, 403, 200, 200),
    ("put", "/api/games/{run}/hands/1/", API_CORRECTION, 401, 404, 403, 200, 200),
    ("delete", "/api/games/{run}/hands/1/?reason=x", None, 401, 404, 403, 200, 200),
    ("post", "/api/games/{run}/finish/", None, 401, 404, 403, 200, 200),
    ("post", "/api/games/{run}/undo/", None, 401, 404, 403, 200, 200),
    # Nothing was undone: the service refuses (400) everyone the access rules let through.
    ("post", "/api/games/{run}/redo/", None, 401, 404, 403, 400, 400),
    ("post", "/api/games/{run}/abandon/", {"reason": "x"}, 401, 404, 403, 200, 200),
    ("post", "/api/games/{fin}/undo/", None, 401, 404, 403, 403, 200),
    ("post", "/api/games/{fin}/redo/", None, 401, 404, 403, 403, 400),
    ("post", "/api/games/{fin}/abandon/", {"reason": "x"}, 401, 404, 403, 403, 200),
    # A PIN is typed on a scorer's device (Aiko's PIN is 1234 here).
    ("post", "/api/games/{fin}/confirm/", {"seat": 0, "pin": "1234"}, 401, 404, 403, 200, 200),
    ("put", "/api/games/{fin}/hands/1/", API_CORRECTION, 401, 404, 403, 403, 200),
    ("delete", "/api/games/{fin}/hands/1/?reason=x", None, 401, 404, 403, 403, 200),
]


def _cases(table):
    return list(_each_case(table))


def _each_case(table):
    for method, url, data, *expected in table:
        for persona, status in zip(PERSONAS, expected, strict=True):
            yield pytest.param(method, url, data, persona, status, id=f"{persona}-{method}-{url}")


@pytest.fixture
def world(request, club, table, alice, bob, charlie, dave, running_game, finished_game):
    table[0].pin = make_password("1234")
    table[0].save(update_fields=["pin"])
    return {
        "users": {"alice": alice, "bob": bob, "charlie": charlie, "dave": dave},
        "club": club,
        "table": table,
        "run": running_game,
        "fin": finished_game,
    }


def _url(url, world):
    return url.format(
        club=world["club"].slug,
        run=world["run"].pk,
        fin=world["fin"].pk,
        guest=world["table"][0].pk,
    )


def _game_of(url, world):
    return world["fin"] if "{fin}" in url else world["run"]


def _with_tag(data, url, world):
    """The form data with the tag of hand 1 of the game the request goes to."""
    if isinstance(data, dict) and data.get("hand_tag") == TAG:
        return {**data, "hand_tag": hand_tag(_game_of(url, world), 1)}
    return data


def _versions():
    return dict(Game.objects.values_list("pk", "version"))


def _log_in(client, world, persona):
    if persona != "anonymous":
        client.force_login(world["users"][persona])


@pytest.mark.parametrize(("method", "url", "data", "persona", "status"), _cases(PAGES))
def test_pages(client, world, method, url, data, persona, status):
    _log_in(client, world, persona)
    before = _versions()

    response = getattr(client, method)(_url(url, world), _with_tag(data, url, world))

    if status == LOGIN:
        assert response.status_code == 302 and response["Location"].startswith("/login/")
    else:
        assert response.status_code == status
    if status in (LOGIN, 401, 403, 404):
        assert _versions() == before


def _api_body(data, world):
    if data == "create":
        return {
            "club": world["club"].slug,
            "players": [p.pk for p in world["table"]],
            "rules": "tenhou",
            "seated_elsewhere_ok": True,  # the table plays the running game too
        }
    if data == "import":
        return {
            "club": world["club"].slug,
            "record": {
                "rules": "tenhou",
                "players": ["Aiko", "Bruno", "Chiara", "Daiki"],
                "hands": [RON],
            },
        }
    return data


@pytest.mark.parametrize(("method", "url", "data", "persona", "status"), _cases(API))
def test_api(client, world, method, url, data, persona, status):
    _log_in(client, world, persona)
    before = _versions()
    body = _api_body(data, world)

    if method == "get":
        response = client.get(_url(url, world))
    else:
        # A correction or a deletion names the hand as the device read it.
        headers = {"If-Match": hand_tag(_game_of(url, world), 1)} if method != "post" else {}
        response = getattr(client, method)(
            _url(url, world),
            json.dumps(body or {}),
            content_type="application/json",
            headers=headers,
        )

    assert response.status_code == status, response.content
    if status >= 400:
        assert set(response.json()) == {"error"}
        assert _versions() == before


# A public club: anyone reads its games; only its scorers write.
PUBLIC = [
    ("get", "/clubs/{club}/games/", None, 200, 200),
    ("get", "/games/{game}/", None, 200, 200),
    ("get", "/games/{game}/version/", None, 200, 200),
    ("get", "/games/{game}/hands/new/", None, LOGIN, 403),
    ("post", "/games/{game}/undo/", {}, LOGIN, 403),
    ("get", "/api/games/{game}/", None, 200, 200),
    ("get", "/api/clubs/{club}/players/", None, 200, 200),
]


@pytest.fixture
def public_game(public_club, dave):
    from clubs.models import Player
    from scoring import services

    players = [Player.objects.create(club=public_club, display_name=n) for n in "ABCD"]
    game = services.game_create(
        club=public_club, players=players, rules="japanese-modern", created_by=SITE
    )
    services.hand_submit(game=game, hand=RON, user=SITE)
    return game


@pytest.mark.parametrize("persona", ["anonymous", "dave"])
@pytest.mark.parametrize(("method", "url", "data", "anonymous", "outsider"), PUBLIC)
def test_a_public_club_is_read_only_to_outsiders(
    client, public_game, dave, persona, method, url, data, anonymous, outsider
):
    if persona == "dave":
        client.force_login(dave)
    status = anonymous if persona == "anonymous" else outsider

    response = getattr(client, method)(
        url.format(club=public_game.club.slug, game=public_game.pk), data
    )

    if status == LOGIN:
        assert response.status_code == 302 and response["Location"].startswith("/login/")
    else:
        assert response.status_code == status
    assert public_game.hands.count() == 1


def test_the_game_list_shows_only_the_clubs_one_may_see(client, world, public_game):
    response = client.get("/api/games/")
    assert [g["id"] for g in response.json()] == [public_game.pk]

    client.force_login(world["users"]["charlie"])
    ids = {g["id"] for g in client.get("/api/games/").json()}
    assert ids == {public_game.pk, world["run"].pk, world["fin"].pk}
