"""python manage.py import_club FILE: restore a club written by export_club."""

import json

from django.core.management.base import BaseCommand, CommandError

from clubs.backup import BackupError, import_club
from scoring.engine import EngineError


class Command(BaseCommand):
    help = "Restore a club from a file written by export_club (into a database without it)."

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, **options):
        try:
            with open(options["file"], encoding="utf-8") as f:
                data = json.load(f)
        except (OSError, json.JSONDecodeError) as e:
            raise CommandError(f"Cannot read {options['file']}: {e}") from None
        try:
            club = import_club(data)
        except (BackupError, EngineError, KeyError) as e:
            raise CommandError(f"Nothing was restored: {e}") from None
        games = club.games.count()
        self.stdout.write(f"Restored {club.name} with {games} games.")
