"""Fixtures of the leagues tests: a league with a season, six players, and a way to play a
game to its end through the scoring services (so every number comes from the engine)."""

import datetime

import pytest

from clubs.models import Player
from leagues.models import League, Season
from scoring import services

DAY = datetime.date(2026, 3, 14)


@pytest.fixture
def players(club):
    return [
        Player.objects.create(club=club, display_name=n)
        for n in ("Aiko", "Bruno", "Chiara", "Daiki", "Emi", "Federico")
    ]


@pytest.fixture
def league(club):
    return League.objects.create(
        club=club, name="Spring League", slug="spring", rules={"preset": "japanese-modern"}
    )


@pytest.fixture
def season(league):
    return Season.objects.create(
        league=league,
        name="2026",
        starts=datetime.date(2026, 1, 1),
        ends=datetime.date(2026, 12, 31),
    )


def tsumo(seat, han=3, fu=30, riichi=()):
    return {
        "result": "tsumo",
        "wins": [{"seat": seat, "han": han, "fu": fu}],
        "riichi": list(riichi),
    }


def play(
    club, seated, user, hands=(), *, league=None, played_on=DAY, rules=None, finish=True, **extra
):
    """Create a game with ``seated`` (seat order), record ``hands`` and end it."""
    game = services.game_create(
        club=club,
        players=seated,
        league=league,
        rules=rules,
        created_by=user,
        played_on=played_on,
        **extra,
    )
    for hand in hands:
        services.hand_record(game=game, hand=hand, entered_by=user)
    if finish:
        game = services.game_finish(game=game, user=user)
    game.refresh_from_db()
    return game


@pytest.fixture
def play_game(club, alice):
    def _play(seated, hands=(), **kwargs):
        return play(club, seated, alice, hands, **kwargs)

    return _play


@pytest.fixture
def cached_game(club, league, season):
    """A finished league game written straight into the caches (seat, rank, result), for
    tests of how the standings add up and order numbers the engine already produced."""
    from scoring.models import Game, GameSeat

    def _game(seats, *, status=Game.Status.FINISHED, unit="points_1000", uma=None, **kwargs):
        fields = {"league": league, "season": season, "played_on": DAY, **kwargs}
        # The rules as a game copies them when it starts: every option resolved.
        rules = services.resolved_rules("japanese-modern")
        if uma is not None:
            rules["options"]["uma"] = uma
        game = Game.objects.create(
            club=club,
            rules=rules,
            rules_name="Japanese Modern",
            status=status,
            final={"unit": unit, "over": True},
            over=True,
            **fields,
        )
        GameSeat.objects.bulk_create(
            GameSeat(game=game, seat=i, player=p, rank=rank, result=result)
            for i, (p, rank, result) in enumerate(seats)
        )
        return game

    return _game
