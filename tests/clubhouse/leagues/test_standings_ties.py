"""Placement points of tied players: shared as the engine shares uma and oka.

The odd tenth of a shared place goes to the first of the tied players in seat order from the
seat that dealt the first East hand (as :func:`engine.share_places` does for the
game's own result), not to the lowest seat number.
"""

import pytest

from clubhouse.leagues.standings import season_standings
from clubs.models import Player
from leagues.models import League, Season


@pytest.fixture
def people(club):
    return {
        n: Player.objects.create(club=club, display_name=n) for n in ("Ann", "Ben", "Cat", "Dan")
    }


def placement_points(season):
    season = Season.objects.select_related("league").get(pk=season.pk)
    return {r.player.display_name: r.placement_points for r in season_standings(season).all_rows}


@pytest.fixture
def placement_league(league):
    league.aggregate = League.Aggregate.PLACEMENT
    league.placement_points = [4, 2, 1, 0]
    league.save()
    return league


def test_a_game_dealt_first_by_seat_0_gives_the_odd_tenth_to_seat_0(
    placement_league, season, people, cached_game
):
    p = people
    cached_game([(p["Ann"], 1, 60), (p["Ben"], 1, 60), (p["Cat"], 1, 60), (p["Dan"], 4, -180)])
    # (4 + 2 + 1) / 3 = 2.33...: 2.4 to the first tied seat from East, 2.3 to the others.
    assert placement_points(season) == {"Ann": 24, "Ben": 23, "Cat": 23, "Dan": 0}


def test_a_game_dealt_first_by_seat_1_gives_the_odd_tenth_to_seat_1(
    placement_league, season, people, cached_game
):
    p = people
    cached_game(
        [(p["Ann"], 1, 60), (p["Ben"], 1, 60), (p["Cat"], 1, 60), (p["Dan"], 4, -180)],
        start={"dealer": 1},
    )
    # Seat 1 dealt East 1: the tied seats in order from it are 1, 2, 0.
    assert placement_points(season) == {"Ann": 23, "Ben": 24, "Cat": 23, "Dan": 0}


def test_a_game_begun_at_east_3_dealt_by_seat_0_counts_from_seat_2(
    placement_league, season, people, cached_game
):
    p = people
    cached_game(
        [(p["Ann"], 4, -180), (p["Ben"], 1, 60), (p["Cat"], 1, 60), (p["Dan"], 1, 60)],
        start={"dealer": 0, "number": 3},
    )
    # East 3 dealt by seat 0: seat 2 dealt East 1, so the tied seats go 2, 3, 1.
    assert placement_points(season) == {"Ann": 0, "Ben": 23, "Cat": 24, "Dan": 23}
