"""Shared fixtures: one private club and four people who stand in a different relation to it.

- alice organises the club,
- bob keeps score in it,
- charlie is a plain member,
- dave is an outsider with a login but no membership.

And what is built on them: a table of four players, six players, a league with a season and a
way to play a game in it (the factories of tests/factories.py).
"""

import datetime

import pytest
from django.contrib.auth.models import User

from clubs.models import Club, Membership, Player
from leagues.models import League, Season
from scoring import services
from tests import factories

PASSWORD = "correct horse battery staple"


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # Logins and PINs are hashed with PBKDF2 in production; tests need not pay for it (the
    # browser tests against the production server keep the site's hashers).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


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


@pytest.fixture
def table(club):
    """Four players of the club, one table."""
    return factories.players(club)


@pytest.fixture
def players(club):
    """Six players of the club: more than one table."""
    return factories.players(club, ("Aiko", "Bruno", "Chiara", "Daiki", "Emi", "Federico"))


@pytest.fixture
def league(club):
    return League.objects.create(
        club=club, name="Spring League", slug="spring", rules={"preset": "japanese-modern"}
    )


@pytest.fixture
def season(league):
    return Season.objects.create(
        league=league,
        name="2026",
        starts=datetime.date(2026, 1, 1),
        ends=datetime.date(2026, 12, 31),
    )


@pytest.fixture
def play_game(club, alice):
    """Play a game of the club as alice: ``play_game(seated, hands, league=..., ...)``, on
    :data:`factories.DAY` unless ``played_on`` says otherwise."""

    def _play(seated, hands=(), *, played_on=factories.DAY, **kwargs):
        return factories.play(club, seated, alice, hands, played_on=played_on, **kwargs)

    return _play


@pytest.fixture
def cached_game(club, league, season):
    """A finished league game written straight into the caches (seat, rank, result), for
    tests of how the standings add up and order numbers the engine already produced."""
    from scoring import totals
    from scoring.models import Game, GameSeat

    def _game(seats, *, status=Game.Status.FINISHED, unit="points_1000", uma=None, **kwargs):
        fields = {"league": league, "season": season, "played_on": factories.DAY, **kwargs}
        # The rules as a game copies them when it starts: every option resolved.
        rules = services.resolved_rules("japanese-modern")
        if uma is not None:
            rules["options"]["uma"] = uma
        game = Game.objects.create(
            club=club,
            rules=rules,
            rules_name="Japanese Modern",
            status=status,
            final={"unit": unit, "over": True},
            over=True,
            **fields,
        )
        GameSeat.objects.bulk_create(
            GameSeat(game=game, seat=i, player=p, rank=rank, result=result)
            for i, (p, rank, result) in enumerate(seats)
        )
        totals.game_changed(game)  # as the services do when they cache a game's numbers
        return game

    return _game


def pytest_report_header(config):
    # CI runs the suite on SQLite and on PostgreSQL; the header shows which one this run used.
    from django.conf import settings

    return f"database: {settings.DATABASES['default']['ENGINE']}"
