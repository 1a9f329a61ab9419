"""Games at the table for the scoring tests: four players of the private club, a running game
with hands in it, and a game that is over."""

import pytest

from scoring import services

DRAW_DEALER_READY = {"result": "draw", "tenpai": [0], "riichi": [1]}
RON = {"result": "ron", "from": 3, "wins": [{"seat": 2, "han": 2, "fu": 30}]}
TSUMO = {"result": "tsumo", "wins": [{"seat": 1, "han": 1, "fu": 30}]}


def hand_tag(game, number):
    """The entity tag of hand ``number`` as a device that reads it now gets it."""
    return services.hand_etag(game.hands.get(number=number))


@pytest.fixture
def running_game(club, table, bob):
    game = services.game_create(club=club, players=table, rules="japanese-modern", created_by=bob)
    for number, hand in enumerate((DRAW_DEALER_READY, RON, TSUMO), start=1):
        services.hand_submit(game=game, hand=hand, user=bob, expected_number=number)
    game.refresh_from_db()
    return game


@pytest.fixture
def finished_game(club, table, bob):
    game = services.game_create(club=club, players=table, rules="japanese-modern", created_by=bob)
    services.hand_submit(game=game, hand=RON, user=bob)
    services.game_finish(game=game, user=bob)
    game.refresh_from_db()
    return game


# Bodies of the permission tables (here and tests/test_permissions.py): the web form's ron,
# a correction and a deletion of hand 1, and the API's correction.
RON_FORM = {"result": "ron", "winners": ["2"], "discarder": "3", "value_2": "3", "fu_2": "40"}
# Stands for the entity tag of hand 1 of the game the request goes to (read when it is sent).
TAG = "<tag of hand 1>"
CORRECTION = {"result": "draw", "tenpai": ["1"], "change_reason": "typo", "hand_tag": TAG}
DELETION = {"reason": "x", "hand_tag": TAG}
API_CORRECTION = {"result": "draw", "tenpai": [1], "reason": "typo"}


# The entry form's fields of RON (Chiara wins 2 han 30 fu on Daiki's discard).
RON_FIELDS = {"result": "ron", "winners": "2", "discarder": "3", "value_2": "2", "fu_2": "30"}


def _send(client, game, number, key, **fields):
    data = {**RON_FIELDS, **fields, "key": key, "expected_number": str(number)}
    return client.post(f"/games/{game.pk}/hands/send/", data, HTTP_ACCEPT="application/json")
