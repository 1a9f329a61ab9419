"""A tournament of the private club: alice organises it under a club rule set, with sixteen
guests registered and checked in."""

import datetime

import pytest

from clubs.models import Player
from rulesets.services import ruleset_create
from tournaments import services

RON = {"result": "ron", "from": 3, "wins": [{"seat": 2, "han": 2, "fu": 30}]}


@pytest.fixture
def ruleset(club, alice):
    return ruleset_create(
        club=club, name="Club riichi", created_by=alice, template_preset="japanese-modern"
    )


def make_event(club, alice, ruleset, **extra):
    fields = {
        "name": "Spring Open",
        "starts_on": datetime.date(2026, 4, 11),
        "ruleset": ruleset,
        "rounds": 4,
        "round_minutes": 90,
        "seed": 7,
        **extra,
    }
    return services.event_create(club=club, user=alice, **fields)


@pytest.fixture
def event(club, alice, ruleset):
    return make_event(club, alice, ruleset)


def register(event, alice, count, *, check_in=True):
    return [
        services.entrant_register(
            event=event,
            user=alice,
            player=Player.objects.get_or_create(club=event.club, display_name=f"Guest {i:02}")[0],
            check_in=check_in,
        )
        for i in range(1, count + 1)
    ]


@pytest.fixture
def entrants(event, alice):
    return register(event, alice, 16)
