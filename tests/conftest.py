"""Shared fixtures: one private club and four people who stand in a different relation to it.

- alice organises the club,
- bob keeps score in it,
- charlie is a plain member,
- dave is an outsider with a login but no membership.
"""

import pytest
from django.contrib.auth.models import User

from clubs.models import Club, Membership, Player

PASSWORD = "correct horse battery staple"


@pytest.fixture(autouse=True)
def _plain_static_storage(settings):
    # Manifest storage needs `collectstatic`; tests render templates without it, even when
    # they run with DEBUG=false in the environment.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(scope="session")
def _sheet_slot_dir(tmp_path_factory):
    return str(tmp_path_factory.mktemp("sheet-slots"))


@pytest.fixture(autouse=True)
def _own_sheet_slots(settings, _sheet_slot_dir):
    # Each test run holds its own render slots: two runs of one checkout side by side (SQLite
    # and PostgreSQL) would otherwise refuse each other's sheets.
    settings.SHEET_SLOT_DIR = _sheet_slot_dir


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    # On SQLite the tests use a database file, as a club does, not Django's default of a
    # shared in-memory database: WAL, the busy timeout and the write lock that queues
    # parallel requests (tests/scoring/test_concurrency.py) exist only for a file.
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        database.setdefault("TEST", {})["NAME"] = str(
            tmp_path_factory.mktemp("database") / "test.sqlite3"
        )


@pytest.fixture
def club(db):
    return Club.objects.create(name="Riverside Mahjong", slug="riverside", public=False)


@pytest.fixture
def public_club(db):
    return Club.objects.create(name="Open Table", slug="open-table", public=True)


def _member(club, username, role):
    user = User.objects.create_user(username, f"{username}@example.org", PASSWORD)
    Membership.objects.create(club=club, user=user, role=role)
    Player.objects.create(club=club, display_name=username.capitalize(), user=user)
    return user


@pytest.fixture
def alice(club):
    return _member(club, "alice", Membership.Role.ORGANISER)


@pytest.fixture
def bob(club):
    return _member(club, "bob", Membership.Role.SCORER)


@pytest.fixture
def charlie(club):
    return _member(club, "charlie", Membership.Role.MEMBER)


@pytest.fixture
def dave(db):
    return User.objects.create_user("dave", "dave@example.org", PASSWORD)


def pytest_report_header(config):
    # CI runs the suite on SQLite and on PostgreSQL; the header shows which one this run used.
    from django.conf import settings

    return f"database: {settings.DATABASES['default']['ENGINE']}"
