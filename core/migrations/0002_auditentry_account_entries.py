# Account entries in the audit trail (account.signed_up, account.password_changed,
# account.password_reset) belong to no club: the club becomes optional. Club trails read
# through their club, so they never see these.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0003_club_settings_invitations_claims"),
        ("core", "0001_initial"),
    ]

    operations = [
        migrations.AlterField(
            model_name="auditentry",
            name="club",
            field=models.ForeignKey(
                blank=True,
                help_text="Empty for an account's own changes (account.*), which belong to no club.",
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="audit_entries",
                to="clubs.club",
            ),
        ),
    ]
