"""Undo and redo are audit actions of their own (``hand.undone``, ``hand.redone``): whether a
redo is offered is found by action, never by the reason's words."""

import importlib

import pytest
from django.apps import apps

from core.models import AuditEntry
from scoring import selectors, services
from scoring.services import hands
from tests.scoring.conftest import TSUMO

MIGRATION = importlib.import_module("scoring.migrations.0005_undo_and_redo_actions")


def _actions(game):
    return [(e.action, e.hand_number) for e in game.audit_entries.order_by("created", "id")][-2:]


def test_an_undo_and_a_redo_are_written_as_their_own_actions(running_game, bob):
    services.hand_undo(game=running_game, user=bob)
    services.hand_redo(game=running_game, user=bob)

    assert _actions(running_game) == [("hand.undone", 3), ("hand.redone", 3)]
    undone, redone = list(running_game.audit_entries.order_by("created", "id"))[-2:]
    assert (undone.before, undone.after) == (TSUMO, {"label": "E2"})
    assert redone.after == TSUMO


@pytest.mark.parametrize("words", ["Annullata l'ultima mano.", ""])
def test_rewording_the_undo_reason_does_not_change_the_redo(running_game, bob, monkeypatch, words):
    monkeypatch.setattr(hands, "UNDO_REASON", words)
    monkeypatch.setattr(hands, "REDO_REASON", words)
    services.hand_undo(game=running_game, user=bob)
    running_game.refresh_from_db()

    offer = selectors.redo_offer(running_game)
    assert (offer["number"], offer["label"]) == (3, "E2")
    assert services.hand_redo(game=running_game, user=bob).hand.data == TSUMO
    running_game.refresh_from_db()
    assert selectors.redo_offer(running_game) is None
    # The trail still says undid and restored, with the site's reason in the reader's words.
    trail = selectors.audit_trail(running_game)[:2]
    assert [(t["what"], t["reason"]) for t in trail] == [
        ("restored", "Redo of the undone hand."),
        ("undid", "Undo of the last hand."),
    ]


def test_a_deletion_with_the_undo_reason_is_no_undo(running_game, bob):
    services.hand_delete(game=running_game, number=3, reason="Undo of the last hand.", user=bob)
    running_game.refresh_from_db()

    assert selectors.redo_offer(running_game) is None


def _old_form(game):
    # As the site wrote them before undo and redo had their own actions.
    game.audit_entries.filter(action="hand.undone").update(action="hand.deleted")
    game.audit_entries.filter(action="hand.redone").update(action="hand.recorded")


def _migrate():
    MIGRATION.undo_and_redo_as_actions(apps, None)


def test_the_migration_turns_an_old_undo_into_one_that_can_be_redone(running_game, bob):
    services.hand_undo(game=running_game, user=bob)
    running_game.refresh_from_db()
    _old_form(running_game)
    assert selectors.redo_offer(running_game) is None

    _migrate()

    assert _actions(running_game)[-1] == ("hand.undone", 3)
    assert selectors.redo_offer(running_game)["number"] == 3
    assert services.hand_redo(game=running_game, user=bob, number=3).hand.data == TSUMO


def test_the_migration_turns_an_old_redo_into_its_action_and_leaves_other_entries(
    running_game, bob
):
    services.hand_delete(game=running_game, number=1, reason="a typo", user=bob)
    services.hand_undo(game=running_game, user=bob)
    services.hand_redo(game=running_game, user=bob)
    _old_form(running_game)
    running_game.refresh_from_db()

    _migrate()

    assert [e.action for e in running_game.audit_entries.order_by("created", "id")][-3:] == [
        "hand.deleted",
        "hand.undone",
        "hand.redone",
    ]
    assert running_game.audit_entries.filter(action="hand.recorded").count() == 3
    assert selectors.redo_offer(running_game) is None

    MIGRATION.undo_and_redo_as_reasons(apps, None)

    assert not AuditEntry.objects.filter(action__in=("hand.undone", "hand.redone")).exists()
