from clubhouse.demo import seed_demo
from clubhouse.leagues.standings import season_standings
from leagues.models import League
from leagues.selectors import current_season


def test_the_demo_league_has_a_season_of_real_games_and_seeds_once(db):
    seed_demo()
    league = League.objects.get(slug="demo-league")
    standings = season_standings(current_season(league))
    assert standings.games == 8 and len(standings.rows) == 6
    assert sum(r.total for r in standings.rows) == 0
    assert seed_demo().created == 0
    assert league.games.count() == 8
