"""The audit trail moved from scoring to core without touching the database: a database
migrated before the move keeps its entries, and the model still reads its old table."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from core.models import AuditEntry

# The clubs app as it was then too: later club fields do not exist in that state.
BEFORE_MOVE = [
    ("scoring", "0002_seat_score_and_result_64_bit"),
    ("core", None),
    ("clubs", "0002_player_pin"),
]


def test_the_model_keeps_its_table():
    assert AuditEntry._meta.db_table == "scoring_auditentry"
    assert AuditEntry._meta.app_label == "core"


@pytest.mark.django_db(transaction=True)
def test_entries_written_before_the_move_are_read_after_it():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE_MOVE)
    old = executor.loader.project_state(BEFORE_MOVE[0]).apps
    club = old.get_model("clubs", "Club").objects.create(name="Riverside", slug="riverside")
    old.get_model("scoring", "AuditEntry").objects.create(
        club_id=club.pk, action="club.created", after={"name": "Riverside"}, reason="before"
    )

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())

    entry = AuditEntry.objects.get(reason="before")
    assert (entry.club.slug, entry.action, entry.after) == (
        "riverside",
        "club.created",
        {"name": "Riverside"},
    )
