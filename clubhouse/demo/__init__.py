"""Demo data for `make run`: a public club to look at and a login to try it with.

`seed_demo()` is idempotent: it creates only what is missing, so it runs on every `make run`.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from clubhouse.demo import leagues as leagues_demo
from clubhouse.demo import rulesets as rulesets_demo
from clubhouse.demo import scoring as scoring_demo
from clubs.models import Club, Membership, Player

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "tenbou-demo"
DEMO_CLUB_SLUG = "demo"
DEMO_CLUB_NAME = "Demo Mahjong Club"
# The first player is the demo user's own seat.
DEMO_PLAYERS = ("Aiko", "Bruno", "Chiara", "Daiki", "Emi", "Federico")


@dataclass(frozen=True)
class DemoSeed:
    user: AbstractBaseUser
    club: Club
    created: int
    """How many rows this run created (0 when the demo was already complete)."""


@transaction.atomic
def seed_demo() -> DemoSeed:
    created = 0
    user, new = get_user_model().objects.get_or_create(username=DEMO_USERNAME)
    if new:
        user.set_password(DEMO_PASSWORD)
        user.save(update_fields=["password"])
        created += 1

    club, new = Club.objects.get_or_create(
        slug=DEMO_CLUB_SLUG, defaults={"name": DEMO_CLUB_NAME, "public": True}
    )
    created += new

    _, new = Membership.objects.get_or_create(
        club=club, user=user, defaults={"role": Membership.Role.ORGANISER}
    )
    created += new

    for index, name in enumerate(DEMO_PLAYERS):
        _, new = Player.objects.get_or_create(
            club=club, display_name=name, defaults={"user": user if index == 0 else None}
        )
        created += new

    # Each app seeds its own demo data through its own services, just as idempotently:
    # the club's rule set first, then the league and its games, then casual games.
    for app in (rulesets_demo, leagues_demo, scoring_demo):
        created += app.seed(club, user)

    return DemoSeed(user=user, club=club, created=created)
