from typing import Any

from django.core.management.base import BaseCommand

from clubhouse.demo import DEMO_PASSWORD, DEMO_USERNAME, seed_demo


class Command(BaseCommand):
    help = "Create the demo club, its players and the demo login; safe to run again."

    def handle(self, *args: Any, **options: Any) -> None:
        seed = seed_demo()
        if seed.created:
            self.stdout.write(f"Demo data: created {seed.created} rows.")
        else:
            self.stdout.write("Demo data: already present, nothing created.")
        self.stdout.write(
            f"Demo club '{seed.club.name}' at /clubs/{seed.club.slug}/ - "
            f"log in as {DEMO_USERNAME} / {DEMO_PASSWORD}"
        )
