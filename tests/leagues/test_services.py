"""League and season services: the engine checks the rules; bad input saves nothing."""

import datetime

import pytest

from core.models import AuditEntry
from leagues import services
from leagues.models import League, Season
from rulesets.models import RuleSet
from scoring import services as scoring
from tests.factories import tsumo


def test_a_league_s_rules_reach_its_new_games(club, alice, players):
    league = services.league_create(
        club=club,
        name="M",
        slug="m",
        user=alice,
        rules={"preset": "japanese-modern", "options": {"uma": [30, 10, -10, -30]}},
    )
    game = scoring.game_create(club=club, players=players[:4], league=league, created_by=alice)
    assert game.rules["options"]["uma"] == [30, 10, -10, -30]
    assert AuditEntry.objects.get(action="league.created").after["slug"] == "m"


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"rules": "no-such-preset"}, "preset"),
        ({"rules": {"preset": "ema", "options": {"uma": [1, 2, 3]}}}, "options"),
        ({"rules": {"preset": "ema", "options": {"colour": "red"}}}, "options"),
        ({"aggregate": "placement", "placement_points": [4, 2, 1]}, "placement_points"),
        ({"aggregate": "placement", "placement_points": [0, 1, 2, 4]}, "placement_points"),
        ({"slug": "new"}, "slug"),
    ],
)
def test_it_refuses_a_bad_league_and_names_the_field(club, alice, kwargs, field):
    args = {"club": club, "name": "L", "slug": "l", "user": alice, **kwargs}
    with pytest.raises(services.LeagueError) as e:
        services.league_create(**args)
    assert e.value.field == field and str(e.value)
    assert not League.objects.exists() and not AuditEntry.objects.exists()


def test_it_refuses_a_second_league_at_the_same_address(club, alice, league):
    with pytest.raises(services.LeagueError) as e:
        services.league_create(club=club, name="Again", slug=league.slug, user=alice)
    assert e.value.field == "slug"


def test_it_refuses_another_club_s_rule_set(club, public_club, alice):
    foreign = RuleSet.objects.create(club=public_club, name="Theirs", template_preset="ema")
    with pytest.raises(services.LeagueError) as e:
        services.league_create(club=club, name="L", slug="l", user=alice, ruleset=foreign)
    assert e.value.field == "ruleset"


def test_seasons_may_not_overlap_or_end_before_they_start(league, season, alice):
    with pytest.raises(services.LeagueError) as e:
        services.season_create(
            league=league, name="Late", starts=datetime.date(2026, 12, 1), user=alice
        )
    assert e.value.code == "overlap"
    with pytest.raises(services.LeagueError) as e:
        services.season_create(
            league=league,
            name="Backwards",
            starts=datetime.date(2027, 5, 1),
            ends=datetime.date(2027, 4, 1),
            user=alice,
        )
    assert e.value.field == "ends"
    assert Season.objects.filter(league=league).count() == 1


def test_a_new_season_collects_the_games_played_in_it(league, season, players, alice, play_game):
    nxt = services.season_create(
        league=league, name="2027", starts=datetime.date(2027, 1, 1), user=alice
    )
    game = play_game(players[:4], [tsumo(0)], league=league, played_on=datetime.date(2027, 2, 2))
    assert game.season == nxt


def test_updating_a_league_logs_before_and_after(league, alice):
    services.league_update(league=league, user=alice, min_games=5)
    entry = AuditEntry.objects.get(action="league.changed")
    assert (entry.before["min_games"], entry.after["min_games"]) == (0, 5)
    services.league_update(league=league, user=alice, min_games=5)  # no change, no entry
    assert AuditEntry.objects.filter(action="league.changed").count() == 1
