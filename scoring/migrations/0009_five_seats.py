"""Seats 0-4: a game of five at a table (four play each hand) seats five players."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0008_game_final_scores"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="gameseat",
            name="scoring_seat_0_to_3",
        ),
        migrations.AddConstraint(
            model_name="gameseat",
            constraint=models.CheckConstraint(
                condition=models.Q(("seat__lte", 4)), name="scoring_seat_0_to_4"
            ),
        ),
    ]
