"""python manage.py export_club SLUG [--output FILE]: a whole club as one JSON file."""

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from clubhouse.backup import export_club
from clubs.models import Club


class Command(BaseCommand):
    help = "Write a club (players, rule sets, leagues, games as game records) to one JSON file."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--output", "-o", help="the file to write (default: standard output)")

    def handle(self, *args, **options):
        try:
            club = Club.objects.get(slug=options["slug"])
        except Club.DoesNotExist:
            raise CommandError(f"No club '{options['slug']}'.") from None
        text = json.dumps(export_club(club), indent=1, ensure_ascii=False)
        if options["output"]:
            with open(options["output"], "w", encoding="utf-8") as f:
                f.write(text + "\n")
            self.stderr.write(f"Wrote {club.name} to {options['output']}.")
        else:
            sys.stdout.write(text + "\n")
