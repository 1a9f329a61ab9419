import pytest

from clubs.models import Player


@pytest.fixture
def players(club):
    return [
        Player.objects.create(club=club, display_name=n)
        for n in ("Aiko", "Bruno", "Chiara", "Daiki")
    ]


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # The persona fixtures hash a password each; the presets x options matrix makes hundreds.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
