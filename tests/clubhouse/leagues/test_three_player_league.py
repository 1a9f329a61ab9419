"""A three-player league: one table size from its rules, its standings, placement points,
sheet, API and statistics over three places, from games entered through the services; and
the refusals that keep three-player results apart from four-player ones.

Every game here is Aiko's (or Bruno's) 3 han 30 fu self-draw as East under tenhou-sanma,
then ended: 39,000 / 33,000 / 33,000 from 35,000, settled +34.0 / -7.0 / -27.0
(tests/scoring/test_three_seats.py works it out).
"""

import csv
import datetime
import io
import json

import pytest
from django.core.exceptions import ValidationError

from clubhouse.leagues.standings import (
    season_standings,
    season_standings_recomputed,
    standings_csv,
)
from clubhouse.leagues.stats import live_board, player_stats
from core.models import AuditEntry
from leagues import services as leagues
from leagues.models import League, Season
from leagues.selectors import league_seats
from rulesets import services as rulesets
from rulesets.models import RuleSetVersion
from scoring import services
from scoring.errors import GameError
from scoring.models import Game
from tests.factories import players, tsumo
from tests.sheets.games import pdf_text

THREE = ("Aiko", "Bruno", "Chiara")


@pytest.fixture
def sanma(club, alice):
    """A three-player league ranked by placement points 3, 1, 0."""
    return leagues.league_create(
        club=club,
        name="Sanma League",
        slug="sanma",
        user=alice,
        rules="tenhou-sanma",
        aggregate=League.Aggregate.PLACEMENT,
        placement_points=[3, 1, 0],
    )


@pytest.fixture
def sanma_season(sanma):
    return Season.objects.create(league=sanma, name="2026", starts=datetime.date(2026, 1, 1))


@pytest.fixture
def three(club):
    return players(club, THREE)


@pytest.fixture
def two_games(sanma, sanma_season, three, play_game):
    """Aiko wins the first game from East, Bruno the second (seated B, C, A)."""
    a, b, c = three
    play_game([a, b, c], [tsumo(0)], league=sanma)
    play_game([b, c, a], [tsumo(0)], league=sanma)
    return Season.objects.select_related("league").get(pk=sanma_season.pk)


def rows(standings):
    return [
        (
            r.rank,
            r.player.display_name,
            r.placement_points_display,
            r.total_display,
            r.placements,
        )
        for r in standings.all_rows
    ]


# One table size ------------------------------------------------------------------------------


def test_a_league_s_table_size_comes_from_its_rules(sanma, league):
    assert league_seats(sanma) == 3
    assert league_seats(league) == 4


def test_a_three_player_league_s_standings_count_three_places(two_games):
    standings = season_standings(two_games)

    assert standings.seats == 3
    assert standings.games == 2  # six seats over three-seat tables
    # Bruno: second (1) then first (3); Aiko: first (3) then third (0); Chiara: 0 + 1.
    assert rows(standings) == [
        (1, "Bruno", "4.0", "+27.0", (1, 1, 0)),
        (2, "Aiko", "3.0", "+7.0", (1, 0, 1)),
        (3, "Chiara", "1.0", "-34.0", (0, 1, 1)),
    ]
    assert rows(season_standings_recomputed(two_games)) == rows(standings)
    assert season_standings_recomputed(two_games).games == 2


def test_the_running_totals_follow_a_three_player_game_as_it_ends(
    sanma, two_games, three, play_game
):
    season_standings(two_games)  # the totals are built: the next game updates them
    a, b, c = three
    play_game([a, c, b], [tsumo(0)], league=sanma)  # Aiko +34.0, Chiara -7.0, Bruno -27.0
    standings = season_standings(two_games)
    assert standings.games == 3
    assert rows(standings) == [
        (1, "Aiko", "6.0", "+41.0", (2, 0, 1)),
        (2, "Bruno", "4.0", "0.0", (1, 1, 1)),
        (3, "Chiara", "2.0", "-41.0", (0, 2, 1)),
    ]
    assert rows(season_standings_recomputed(two_games)) == rows(standings)


def test_a_game_of_another_table_size_is_refused_in_a_league(club, alice, sanma, league):
    four = players(club, ("Aiko", "Bruno", "Chiara", "Daiki"))
    with pytest.raises(GameError) as refused:
        services.game_create(
            club=club, players=four, rules="tenhou", league=sanma, created_by=alice
        )
    assert (refused.value.code, refused.value.field, str(refused.value)) == (
        "table_size",
        "rules",
        "This league plays at tables of 3; these rules seat 4.",
    )
    # A three-player record imported into a four-player league: refused the same way.
    record = {"rules": "tenhou-sanma", "players": list(THREE), "hands": [tsumo(0)]}
    with pytest.raises(GameError) as refused:
        services.game_import(club=club, record=record, created_by=alice, league=league)
    assert str(refused.value) == "This league plays at tables of 4; these rules seat 3."
    assert not Game.objects.exists()


def test_the_api_refuses_a_league_game_of_another_table_size(client, bob, club, sanma):
    four = players(club, ("Aiko", "Bruno", "Chiara", "Daiki"))
    client.force_login(bob)
    body = {
        "club": club.slug,
        "players": [p.pk for p in four],
        "rules": "tenhou",
        "league": sanma.slug,
    }
    response = client.post("/api/games/", json.dumps(body), content_type="application/json")
    assert response.status_code == 400
    assert response.json() == {
        "error": {
            "code": "table_size",
            "message": "This league plays at tables of 3; these rules seat 4.",
            "field": "rules",
        }
    }
    assert not Game.objects.exists()


def test_a_league_with_games_keeps_its_table_size(alice, sanma, two_games):
    audited = AuditEntry.objects.filter(action="league.changed").count()
    with pytest.raises(leagues.LeagueError) as refused:
        leagues.league_update(
            league=sanma, user=alice, rules="tenhou", placement_points=[4, 2, 1, 0]
        )
    assert (refused.value.code, refused.value.field, str(refused.value)) == (
        "table_size",
        "rules",
        "Sanma League has games played at tables of 3; these rules seat 4. A league keeps "
        "one table size: start another league for the other.",
    )
    sanma.refresh_from_db()
    assert sanma.rules["preset"] == "tenhou-sanma" and sanma.placement_points == [3, 1, 0]
    assert AuditEntry.objects.filter(action="league.changed").count() == audited
    # Other rules at the same table size are a change like any other.
    leagues.league_update(league=sanma, user=alice, rules="mahjong-soul-sanma")
    sanma.refresh_from_db()
    assert sanma.rules["preset"] == "mahjong-soul-sanma"


def test_a_league_without_games_may_change_its_table_size(alice, sanma):
    leagues.league_update(league=sanma, user=alice, rules="tenhou", placement_points=[4, 2, 1, 0])
    sanma.refresh_from_db()
    assert league_seats(sanma) == 4 and sanma.placement_points == [4, 2, 1, 0]


def test_the_league_form_shows_the_table_size_refusal_on_the_rules(
    client, alice, club, sanma, two_games
):
    client.force_login(alice)
    response = client.post(
        f"/clubs/{club.slug}/leagues/{sanma.slug}/edit/",
        {
            "name": "Sanma League",
            "slug": "sanma",
            "rules": "preset:tenhou",
            "aggregate": "sum",
            "min_games": "0",
            "drop_worst": "0",
        },
    )
    assert response.status_code == 200
    assert response.context["form"].errors["rules"] == [
        "Sanma League has games played at tables of 3; these rules seat 4. A league keeps "
        "one table size: start another league for the other."
    ]
    sanma.refresh_from_db()
    assert sanma.rules["preset"] == "tenhou-sanma"


def test_a_club_rule_set_a_league_with_games_plays_keeps_its_table_size(
    club, alice, three, play_game
):
    ruleset = rulesets.ruleset_create(
        club=club, name="Our sanma", created_by=alice, template_preset="tenhou-sanma"
    )
    league = leagues.league_create(
        club=club, name="Club Sanma", slug="club-sanma", user=alice, ruleset=ruleset
    )
    assert league_seats(league) == 3
    Season.objects.create(league=league, name="2026", starts=datetime.date(2026, 1, 1))
    play_game(three, [tsumo(0)], league=league)
    with pytest.raises(rulesets.RuleSetError) as refused:
        rulesets.ruleset_update(
            ruleset=ruleset, user=alice, name="Our sanma", template_preset="tenhou"
        )
    assert (refused.value.code, str(refused.value)) == (
        "table_size",
        "Club Sanma has games played at tables of 3; these rules seat 4. A league keeps one "
        "table size: start another league for the other.",
    )
    assert RuleSetVersion.objects.filter(ruleset=ruleset).count() == 1
    ruleset.refresh_from_db()
    assert ruleset.template_preset == "tenhou-sanma"
    # The same table size: a new version, which the league's next games copy.
    rulesets.ruleset_update(
        ruleset=ruleset, user=alice, name="Our sanma", template_preset="mahjong-soul-sanma"
    )
    assert RuleSetVersion.objects.filter(ruleset=ruleset).count() == 2


def test_a_rule_set_no_league_with_games_plays_may_change_its_table_size(club, alice):
    ruleset = rulesets.ruleset_create(
        club=club, name="Ours", created_by=alice, template_preset="tenhou-sanma"
    )
    league = leagues.league_create(
        club=club, name="Empty", slug="empty", user=alice, ruleset=ruleset
    )
    rulesets.ruleset_update(ruleset=ruleset, user=alice, name="Ours", template_preset="tenhou")
    assert league_seats(League.objects.get(pk=league.pk)) == 4


# Placement points ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "points", "message"),
    [
        (
            "tenhou-sanma",
            [4, 2, 1, 0],
            "Placement points need three whole numbers, first to third place.",
        ),
        (
            "tenhou-sanma",
            [3, 1],
            "Placement points need three whole numbers, first to third place.",
        ),
        ("tenhou", [3, 1, 0], "Placement points need four whole numbers, first to fourth place."),
        ("tenhou-sanma", [0, 1, 3], "Placement points must not grow from first to last place."),
    ],
)
def test_placement_points_take_as_many_places_as_the_table_has_seats(
    club, alice, rules, points, message
):
    with pytest.raises(leagues.LeagueError) as refused:
        leagues.league_create(
            club=club,
            name="L",
            slug="l",
            user=alice,
            rules=rules,
            aggregate=League.Aggregate.PLACEMENT,
            placement_points=points,
        )
    assert (refused.value.field, str(refused.value)) == ("placement_points", message)
    assert not League.objects.exists()


def test_the_model_s_validation_asks_for_as_many_placement_points_as_seats(club):
    league = League(
        club=club,
        name="Sanma",
        slug="sanma",
        rules={"preset": "tenhou-sanma", "options": {}},
        aggregate=League.Aggregate.PLACEMENT,
        placement_points=[4, 2, 1, 0],
    )
    with pytest.raises(ValidationError) as refused:
        league.full_clean()
    assert refused.value.message_dict == {
        "placement_points": ["Placement points need three whole numbers, first to third place."]
    }
    league.placement_points = [3, 1, 0]
    league.full_clean()


def test_the_league_form_takes_three_placement_points_for_three_player_rules(client, alice, club):
    client.force_login(alice)
    form = {
        "name": "Sanma",
        "slug": "sanma",
        "rules": "preset:tenhou-sanma",
        "aggregate": "placement",
        "min_games": "0",
        "drop_worst": "0",
    }
    refused = client.post(
        f"/clubs/{club.slug}/leagues/new/", {**form, "placement_points": "4, 2, 1, 0"}
    )
    assert refused.context["form"].errors["placement_points"] == [
        "Placement points need three whole numbers, first to third place."
    ]
    assert not League.objects.exists()
    made = client.post(f"/clubs/{club.slug}/leagues/new/", {**form, "placement_points": "3, 1, 0"})
    assert made.status_code == 302
    assert League.objects.get().placement_points == [3, 1, 0]


# What the reader sees ------------------------------------------------------------------------


def test_the_standings_page_has_no_fourth_place_column(client, alice, club, sanma, two_games):
    client.force_login(alice)
    page = client.get(f"/clubs/{club.slug}/leagues/{sanma.slug}/seasons/{two_games.pk}/")
    html = page.content.decode()
    assert [c["key"] for c in page.context["columns"]] == [
        "rank",
        "player",
        "games",
        "total",
        "average",
        "points",
        "firsts",
        "seconds",
        "thirds",
        "placement",
        "best",
    ]
    assert "?sort=thirds" in html and "?sort=fourths" not in html
    assert html.count('<td class="num place">') == 3 * 3  # three places, three players
    assert "then fewer thirds" in html


def test_the_csv_lists_three_places(two_games):
    content = standings_csv(season_standings(two_games)).decode("utf-8-sig")
    header, first, *_ = list(csv.reader(io.StringIO(content)))
    assert header == [
        "rank",
        "player",
        "games",
        "counted",
        "total",
        "average",
        "placement_points",
        "firsts",
        "seconds",
        "thirds",
        "average_placement",
        "best",
        "qualified",
        "settlement",
    ]
    # rank, player, games, counted, total, average, points, 1st-3rd, place, best
    assert first[:12] == [
        *("1", "Bruno", "2", "2", "+27.0", "+13.5", "4.0"),
        *("1", "1", "0", "1.50", "+34.0"),
    ]


def test_the_api_gives_the_league_s_table_size_and_three_places(client, club, sanma, two_games):
    answer = client.get(f"/api/leagues/{sanma.pk}/standings/")
    # The club is private: only its members read it.
    assert answer.status_code == 404
    club.public = True
    club.save()
    data = client.get(f"/api/leagues/{sanma.pk}/standings/").json()
    assert (data["seats"], data["games"]) == (3, 2)
    assert data["rows"][0] == {
        "rank": 1,
        "player": "Bruno",
        "player_id": data["rows"][0]["player_id"],
        "games": 2,
        "counted": 2,
        "total": "+27.0",
        "total_value": 270,
        "average": "+13.5",
        "average_value": 135,
        "placement_points": "4.0",
        "firsts": 1,
        "seconds": 1,
        "thirds": 0,
        "fourths": None,
        "placements": [1, 1, 0],
        "average_placement": "1.50",
        "best": "+34.0",
        "best_value": 340,
        "qualified": True,
    }
    leagues_answer = client.get(f"/api/clubs/{club.slug}/leagues/").json()
    assert [(item["slug"], item["seats"]) for item in leagues_answer] == [("sanma", 3)]


def test_a_four_player_league_s_api_rows_keep_four_places(client, club, league, season, play_game):
    club.public = True
    club.save()
    play_game(players(club), [tsumo(0)], league=league)
    data = client.get(f"/api/leagues/{league.pk}/standings/").json()
    assert data["seats"] == 4
    assert [(r["placements"], r["fourths"]) for r in data["rows"]] == [
        ([1, 0, 0, 0], 0),
        ([0, 1, 0, 0], 0),
        ([0, 0, 1, 0], 0),
        ([0, 0, 0, 1], 1),
    ]


def test_the_standings_sheet_of_a_three_player_league_prints_three_places(
    client, charlie, sanma, two_games
):
    client.force_login(charlie)
    response = client.get(f"/seasons/{two_games.pk}/standings.pdf")
    assert response.status_code == 200
    text = pdf_text(response.content)
    # Rank, player, games, counted, placement points, total, average, 1st-3rd, place, best.
    assert "1st 2nd 3rd Avg. place Best" in text
    assert "4th" not in text
    assert "1 Bruno 2 2 4.0 +27.0 +13.5 1 1 0 1.50 +34.0" in text
    assert "2 Aiko 2 2 3.0 +7.0 +3.5 1 0 1 2.00 +34.0" in text
    assert "3 Chiara 2 2 1.0 -34.0 -17.0 0 1 1 2.50 -7.0" in text


def test_the_live_board_shows_a_three_player_table(
    client, alice, club, sanma, sanma_season, three, play_game
):
    play_game(three, [tsumo(1)], league=sanma, finish=False)
    (table,) = live_board(sanma)
    # Bruno's non-dealer self-draw of 3 han 30 fu: 2,000 from East, 1,000 from Chiara.
    assert [(s.player.display_name, s.score, s.place) for s in table.seats] == [
        ("Aiko", 33000, 3),
        ("Bruno", 38000, 1),
        ("Chiara", 34000, 2),
    ]
    client.force_login(alice)
    board = client.get(f"/clubs/{club.slug}/leagues/{sanma.slug}/live/?partial=1")
    assert board.content.decode().count('class="place-') == 3


def test_player_statistics_count_the_league_s_three_places(sanma, two_games, three):
    stats = player_stats(three[0], league=sanma)
    assert (stats.seats, stats.games, stats.placements) == (3, 2, (1, 0, 1))
    assert [b.label for b in stats.bars] == ["1st", "2nd", "3rd"]
    assert stats.bars_height == 94
    assert stats.total == "+7.0"


def test_club_statistics_never_add_three_and_four_player_results(
    club, alice, sanma, two_games, three, play_game
):
    # Aiko also plays one four-player casual game: her club statistics count her two
    # three-player games and say one game at the other table size is left out.
    daiki = players(club, ("Daiki",))[0]
    play_game([*three, daiki], [tsumo(0)], rules="tenhou")
    stats = player_stats(three[0])
    assert (stats.seats, stats.games, stats.other_table_games) == (3, 2, 1)
    assert stats.placements == (1, 0, 1) and stats.total == "+7.0"
    page = player_detail_text(club, three[0], alice)
    assert "1 game at another table size is not counted here" in page


def player_detail_text(club, player, user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client.get(f"/clubs/{club.slug}/players/{player.pk}/").content.decode()


def test_a_league_never_plays_at_tables_of_five(club, alice, league):
    # Its standings count places of three or four: a game of five is played outside leagues.
    five = "A league plays at tables of three or four; these rules seat 5. Play a game of five "
    five += "outside the league."
    with pytest.raises(leagues.LeagueError) as refused:
        leagues.league_create(
            club=club, name="Five", slug="five", user=alice, rules="japanese-modern-five"
        )
    assert (refused.value.code, refused.value.field, str(refused.value)) == (
        "table_size",
        "rules",
        five,
    )
    with pytest.raises(leagues.LeagueError):
        leagues.league_update(league=league, user=alice, rules="japanese-modern-five")
    league.refresh_from_db()
    assert league_seats(league) == 4 and not League.objects.filter(slug="five").exists()
    # Nor through the rule set it picks, games or not.
    ruleset = rulesets.ruleset_create(
        club=club, name="Ours", created_by=alice, template_preset="japanese-modern"
    )
    leagues.league_update(league=league, user=alice, ruleset=ruleset)
    with pytest.raises(rulesets.RuleSetError) as refused:
        rulesets.ruleset_update(
            ruleset=ruleset, user=alice, name="Ours", template_preset="japanese-modern-five"
        )
    assert str(refused.value) == five
    assert RuleSetVersion.objects.filter(ruleset=ruleset).count() == 1
