"""python manage.py import_club FILE [--bind-existing-users]: restore a club written by
export_club. The whole file is checked before anything is written; a bad file is refused with
the place in the file that is wrong (``games[3].record.players: the game's rules seat 4
players, found 3``) and the database is left as it was."""

import json

from django.core.management.base import BaseCommand, CommandError

from clubhouse.backup import BackupError, import_club
from engine import EngineError


class Command(BaseCommand):
    help = "Restore a club from a file written by export_club (into a database without it)."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument(
            "--bind-existing-users",
            action="store_true",
            help="give a username that has an account here already that account (by default "
            "such a file is refused: it would make that account a member of the club)",
        )

    def handle(self, *args, **options):
        try:
            with open(options["file"], encoding="utf-8") as f:
                data = json.load(f)
        except (OSError, json.JSONDecodeError) as e:
            raise CommandError(f"Cannot read {options['file']}: {e}") from None
        try:
            club = import_club(data, bind_existing_users=options["bind_existing_users"])
        except (BackupError, EngineError) as e:
            raise CommandError(f"Nothing was restored: {e}") from None
        games = club.games.count()
        self.stdout.write(f"Restored {club.name} with {games} games.")
