# The audit trail, moved here from the scoring app (scoring 0003). Its table,
# scoring_auditentry, already exists with its rows: this migration only tells Django's picture
# of the models that core.AuditEntry owns it, and changes nothing in the database.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("clubs", "0002_player_pin"),
        ("scoring", "0003_auditentry_to_core"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="AuditEntry",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("hand_number", models.PositiveIntegerField(blank=True, null=True)),
                        ("action", models.CharField(max_length=60)),
                        ("before", models.JSONField(blank=True, null=True)),
                        ("after", models.JSONField(blank=True, null=True)),
                        ("reason", models.TextField(blank=True)),
                        ("created", models.DateTimeField(auto_now_add=True)),
                        (
                            "actor",
                            models.ForeignKey(
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "club",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="audit_entries",
                                to="clubs.club",
                            ),
                        ),
                        (
                            "game",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="audit_entries",
                                to="scoring.game",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name_plural": "audit entries",
                        "ordering": ["-created", "-id"],
                        "db_table": "scoring_auditentry",
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
