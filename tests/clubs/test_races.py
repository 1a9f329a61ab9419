"""Two requests adding one club's short name or one player's name at once: the database's
constraints decide, and the loser gets the same refusal as the check before it gives."""

import pytest
from django.db import connection

from clubs import services
from clubs.models import Club, Player
from clubs.services import ClubError
from tests.threads import at_once

pytestmark = pytest.mark.django_db(transaction=True)


def _outcome(work):
    try:
        work()
    except ClubError as e:
        return e.code
    return "made"


def test_one_name_in_several_cases_added_at_once_is_stored_once(club, alice):
    names = ["Aiko", "aiko", "AIKO", "aIkO"]

    answers = at_once(
        4,
        lambda i: _outcome(
            lambda: services.player_create(club=club, display_name=names[i], created_by=alice)
        ),
    )

    assert sorted(answers) == ["duplicate_player"] * 3 + ["made"], answers
    assert Player.objects.filter(club=club, display_name__iexact="aiko").count() == 1


def test_one_short_name_taken_at_once_makes_one_club(alice):
    answers = at_once(
        4,
        lambda i: _outcome(
            lambda: services.club_create(
                name=f"Club {i}", slug="same", public=True, created_by=alice
            )
        ),
    )

    assert sorted(answers) == ["made"] + ["slug_taken"] * 3, answers
    assert Club.objects.filter(slug="same").count() == 1


def test_the_database_refuses_a_name_that_differs_only_in_case(club):
    from django.db import IntegrityError, transaction

    Player.objects.create(club=club, display_name="Bruno")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(club=club, display_name="BRUNO")
    assert connection.is_usable()


def test_the_migration_renames_existing_names_that_differ_only_in_case():
    from django.db.migrations.executor import MigrationExecutor

    before = [("clubs", "0004_club_language_site_languages")]
    after = [("clubs", "0005_player_name_unique_ignoring_case")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    club = old.get_model("clubs", "Club").objects.create(name="Old", slug="old")
    OldPlayer = old.get_model("clubs", "Player")
    for name in ("Aiko", "aiko", "Aiko (2)", "AIKO", "Bruno"):
        OldPlayer.objects.create(club=club, display_name=name)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(after)

    names = list(
        Player.objects.filter(club_id=club.pk).order_by("id").values_list("display_name", flat=True)
    )
    # The first made keeps its name; each later one takes the next number that is free.
    assert names == ["Aiko", "aiko (2)", "Aiko (2) (2)", "AIKO (3)", "Bruno"]
    # Going back to clubs 0004 took back what depends on 0005 (scoring's PIN tries): the tests
    # that run after this one in the same process need every migration applied again.
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
