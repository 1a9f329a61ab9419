# An undo was written as a "hand.deleted" and a redo as a "hand.recorded", told apart by their
# reasons alone; they have actions of their own now ("hand.undone", "hand.redone"), and a redo
# is found by action. Old entries are turned into the new actions so that a game undone before
# this keeps its redo. The reasons stay as they were written. The forms are written out here,
# not imported: a migration keeps the meaning it had when it was written.

from django.db import migrations

UNDO_REASON = "Undo of the last hand."
REDO_REASON = "Redo of the undone hand."
FORMS = [
    ("hand.deleted", UNDO_REASON, "hand.undone"),
    ("hand.recorded", REDO_REASON, "hand.redone"),
]


def undo_and_redo_as_actions(apps, schema_editor):
    AuditEntry = apps.get_model("core", "AuditEntry")
    for old, reason, new in FORMS:
        AuditEntry.objects.filter(action=old, reason=reason).update(action=new)


def undo_and_redo_as_reasons(apps, schema_editor):
    AuditEntry = apps.get_model("core", "AuditEntry")
    for old, _reason, new in FORMS:
        AuditEntry.objects.filter(action=new).update(action=old)


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0002_auditentry_account_entries"),
        ("scoring", "0004_submission_response_as_text"),
    ]

    operations = [migrations.RunPython(undo_and_redo_as_actions, undo_and_redo_as_reasons)]
