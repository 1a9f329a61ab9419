"""Games at the table for the scoring tests: four players of the private club, a running game
with hands in it, and a game that is over."""

import pytest

from clubs.models import Player
from scoring import services

DRAW_DEALER_READY = {"result": "draw", "tenpai": [0], "riichi": [1]}
RON = {"result": "ron", "from": 3, "wins": [{"seat": 2, "han": 2, "fu": 30}]}
TSUMO = {"result": "tsumo", "wins": [{"seat": 1, "han": 1, "fu": 30}]}


def hand_tag(game, number):
    """The entity tag of hand ``number`` as a device that reads it now gets it."""
    return services.hand_etag(game.hands.get(number=number))


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # Logins and PINs are hashed with PBKDF2 in production; tests need not pay for it.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def table(club):
    return [
        Player.objects.create(club=club, display_name=n)
        for n in ("Aiko", "Bruno", "Chiara", "Daiki")
    ]


@pytest.fixture
def running_game(club, table, bob):
    game = services.game_create(club=club, players=table, rules="japanese-modern", created_by=bob)
    for number, hand in enumerate((DRAW_DEALER_READY, RON, TSUMO), start=1):
        services.hand_record(game=game, hand=hand, entered_by=bob, expected_number=number)
    game.refresh_from_db()
    return game


@pytest.fixture
def finished_game(club, table, bob):
    game = services.game_create(club=club, players=table, rules="japanese-modern", created_by=bob)
    services.hand_record(game=game, hand=RON, entered_by=bob)
    services.game_finish(game=game, user=bob)
    game.refresh_from_db()
    return game
