"""The factories the tests share: players, hands and games built through the write services
(so every number comes from the engine). The fixtures over them are in tests/conftest.py."""

from __future__ import annotations

import datetime

from clubs.models import Player
from scoring import services

# The day a league game is played unless a test says otherwise.
DAY = datetime.date(2026, 3, 14)

# One table's players, in seat order.
FOUR = ("Aiko", "Bruno", "Chiara", "Daiki")


def players(club, names=FOUR):
    """The club's players of these names, made when missing (a second call finds the same)."""
    return [Player.objects.get_or_create(club=club, display_name=n)[0] for n in names]


def tsumo(seat, han=3, fu=30, riichi=()):
    """A hand won by ``seat`` on its own draw."""
    return {
        "result": "tsumo",
        "wins": [{"seat": seat, "han": han, "fu": fu}],
        "riichi": list(riichi),
    }


def play(club, seated, user, hands=(), *, rules=None, finish=True, **extra):
    """A game of ``seated`` (seat order) with ``hands`` recorded, ended unless ``finish`` is
    false; ``extra`` goes to game_create (league, played_on, table ...)."""
    game = services.game_create(club=club, players=seated, rules=rules, created_by=user, **extra)
    for hand in hands:
        services.hand_submit(game=game, hand=hand, user=user)
    if finish:
        services.game_finish(game=game, user=user)
    game.refresh_from_db()
    return game


def small_tournament(
    club, organiser, ruleset, *, name="Open", names=("Emi", "Fumi", "Gino", "Hana")
):
    """A tournament of two rounds under ``ruleset``: ``names`` registered as guests and checked
    in, round 1 drawn (one table of four). The event and its drawn round."""
    from tournaments import services as tournaments

    event = tournaments.event_create(
        club=club,
        user=organiser,
        name=name,
        starts_on=datetime.date(2026, 4, 11),
        ruleset=ruleset,
        rounds=2,
        round_minutes=60,
        seed=1,
    )
    for guest in names:
        tournaments.entrant_register(event=event, user=organiser, name=guest, check_in=True)
    return event, tournaments.round_draw(event=event, user=organiser)
