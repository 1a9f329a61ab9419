# The audit trail moved to the core app (core.AuditEntry, migration core 0001). Only Django's
# picture of the models changes: the table scoring_auditentry and its rows stay as they are,
# and core's model keeps that table name.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0002_seat_score_and_result_64_bit"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="AuditEntry")],
            database_operations=[],
        ),
    ]
