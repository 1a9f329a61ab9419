"""No page grows without bound with the data behind it (docs/architecture.md, "Bounded pages"):
each list that grows with a club's years comes a page at a time through the shared pager
(templates/_pager.html), or names its first or latest few with a link to the rest. Each test
builds one row more than a page (rows written in bulk where nothing is computed from them, a
page made small where the rows are games) and reads a page's worth and the link onwards."""

import datetime

import pytest
from django.urls import reverse

from clubhouse import version_games
from clubhouse.leagues import views as league_views
from clubs import views as club_views
from clubs.models import Club, Player
from leagues.models import League, Season
from rulesets import sections as ruleset_sections
from rulesets import selectors as ruleset_selectors
from rulesets import services as rulesets
from scoring import services as scoring
from tests.factories import tsumo
from tests.tournaments.conftest import make_event
from tournaments import views as tournament_views


@pytest.fixture
def reader(client, charlie):
    client.force_login(charlie)
    return client


@pytest.fixture
def ruleset(club, alice):
    return rulesets.ruleset_create(
        club=club, name="Club riichi", created_by=alice, template_preset="japanese-modern"
    )


def _cards(html, css='class="card'):
    return html.count(css)


def test_the_home_page_lists_the_public_clubs_a_page_at_a_time(client, db):
    size = club_views.CLUBS_PER_PAGE
    Club.objects.bulk_create(
        Club(name=f"Club {i:03}", slug=f"club-{i:03}", public=True) for i in range(size + 1)
    )
    first = client.get("/")
    assert [c.name for c in first.context["public_clubs"]][-1] == f"Club {size - 1:03}"
    assert len(first.context["public_clubs"]) == size
    html = first.content.decode()
    assert f"Page 1 of 2 · {size + 1} in all" in html and 'href="?page=2" rel="next"' in html
    second = client.get("/", {"page": 2})
    assert [c.name for c in second.context["public_clubs"]] == [f"Club {size:03}"]


def test_the_club_page_names_the_first_players_and_links_them_all(reader, club):
    size = club_views.CLUB_PAGE_PLAYERS
    Player.objects.bulk_create(
        [Player(club=club, display_name=f"Guest {i:03}") for i in range(size + 1)]
        + [Player(club=club, display_name=f"Old {i:03}", retired=True) for i in range(size + 2)]
    )
    page = reader.get(reverse("clubs:detail", args=[club.slug]))
    assert len(page.context["players"]) == size and len(page.context["retired"]) == size
    html = page.content.decode()
    people = reverse("clubs:people", args=[club.slug])
    assert f'href="{people}">All players</a>' in html
    assert f'href="{people}?retired=1">All retired players</a>' in html
    assert f"Retired players ({size + 2})" in html
    # The guests past the first page are the people page's, not the club page's.
    assert f"Guest {size:03}" not in html


def test_a_club_s_leagues_come_a_page_at_a_time_and_its_page_names_the_first(reader, club):
    size = league_views.LEAGUES_PER_PAGE
    League.objects.bulk_create(
        League(club=club, name=f"League {i:03}", slug=f"l{i:03}", rules={"preset": "tenhou"})
        for i in range(size + 1)
    )
    listed = reader.get(reverse("leagues:league_list", args=[club.slug]))
    assert len(listed.context["leagues"]) == size
    assert 'href="?page=2" rel="next"' in listed.content.decode()
    last = reader.get(reverse("leagues:league_list", args=[club.slug]), {"page": 2})
    assert [league.name for league, _ in last.context["leagues"]] == [f"League {size:03}"]

    from leagues.sections import CLUB_PAGE_LEAGUES

    club_page = reader.get(reverse("clubs:detail", args=[club.slug]))
    assert len(club_page.context["club_leagues"]) == CLUB_PAGE_LEAGUES
    assert reverse("leagues:league_list", args=[club.slug]) in club_page.content.decode()


def test_a_league_s_seasons_come_a_page_at_a_time(reader, club, league):
    size = league_views.SEASONS_PER_PAGE
    Season.objects.bulk_create(
        Season(league=league, name=f"Month {i:03}", starts=datetime.date(2000, 1, 1) + 31 * i * DAY)
        for i in range(size + 1)
    )
    url = reverse("leagues:league_detail", args=[club.slug, league.slug])
    first = reader.get(url)
    seasons = first.context["seasons"]
    # Newest first: the oldest season is the second page's.
    assert len(seasons.object_list) == size and seasons.object_list[0].name == f"Month {size:03}"
    assert 'href="?seasons=2" rel="next"' in first.content.decode()
    second = reader.get(url, {"seasons": 2})
    assert [s.name for s in second.context["seasons"]] == ["Month 000"]


DAY = datetime.timedelta(days=1)
DAY_1, DAY_2 = datetime.date(2026, 3, 1), datetime.date(2026, 3, 2)


def test_a_club_s_rule_sets_come_a_page_at_a_time(reader, club, alice, monkeypatch):
    monkeypatch.setattr(ruleset_selectors, "RULESETS_PER_PAGE", 2)
    monkeypatch.setattr(ruleset_sections, "CLUB_PAGE_RULESETS", 2)
    for name in ("Alpha", "Beta", "Gamma"):
        rulesets.ruleset_create(
            club=club, name=name, created_by=alice, template_preset="japanese-modern"
        )
    url = reverse("rulesets:list", args=[club.slug])
    first = reader.get(url)
    assert [s.ruleset.name for s in first.context["summaries"]] == ["Alpha", "Beta"]
    assert "Page 1 of 2 · 3 in all" in first.content.decode()
    assert [s.ruleset.name for s in reader.get(url, {"page": 2}).context["summaries"]] == ["Gamma"]
    club_page = reader.get(reverse("clubs:detail", args=[club.slug]))
    assert [s.ruleset.name for s in club_page.context["club_rulesets"]] == ["Alpha", "Beta"]


def test_a_rule_set_s_page_lists_the_latest_games_of_each_version(
    reader, club, alice, ruleset, table, monkeypatch
):
    monkeypatch.setattr(version_games, "GAMES_PER_VERSION", 3)
    games = [
        scoring.game_create(
            club=club,
            players=table,
            ruleset_version=ruleset.current_version,
            created_by=alice,
            played_on=datetime.date(2026, 5, day),
        )
        for day in range(1, 6)
    ]
    page = reader.get(reverse("rulesets:detail", args=[club.slug, ruleset.pk]))
    (version,) = page.context["versions"]
    latest = [reverse("scoring:game", args=[g.pk]) for g in games[:1:-1]]
    assert [g.url for g in version.games] == latest
    html = page.content.decode()
    assert "5 games with these rules" in html
    assert "The latest 3 are listed here" in html
    assert reverse("scoring:club_games", args=[club.slug]) in html


def test_a_rule_set_s_versions_come_a_page_at_a_time(reader, club, alice, ruleset, monkeypatch):
    monkeypatch.setattr(ruleset_selectors, "VERSIONS_PER_PAGE", 2)
    for length in ("east", "south"):
        rulesets.ruleset_update(
            ruleset=ruleset,
            user=alice,
            name=ruleset.name,
            template_preset="japanese-modern",
            options={"length": length},
        )
    url = reverse("rulesets:detail", args=[club.slug, ruleset.pk])
    first = reader.get(url)
    assert [v.version.number for v in first.context["versions"]] == [3, 2]
    html = first.content.decode()
    assert 'reversed start="3"' in html and 'href="?page=2" rel="next"' in html
    second = reader.get(url, {"page": 2})
    assert [v.version.number for v in second.context["versions"]] == [1]
    assert 'reversed start="1"' in second.content.decode()
    # "current" marks version 3 on its own page, not the first of every page.
    assert "current</span>" not in second.content.decode().split("Versions and their games")[1]


def test_a_club_s_tournaments_come_a_page_at_a_time(reader, club, alice, ruleset, monkeypatch):
    monkeypatch.setattr(tournament_views, "EVENTS_PER_PAGE", 2)
    for day in (1, 2, 3):
        make_event(club, alice, ruleset, name=f"Cup {day}", starts_on=datetime.date(2026, 6, day))
    url = reverse("tournaments:event_list", args=[club.slug])
    first = reader.get(url)
    assert [e.name for e in first.context["events"]] == ["Cup 3", "Cup 2"]
    assert 'href="?page=2" rel="next"' in first.content.decode()
    assert [e.name for e in reader.get(url, {"page": 2}).context["events"]] == ["Cup 1"]


def test_a_player_s_page_lists_the_latest_games_and_the_rivals_met_most(
    reader, club, players, play_game, monkeypatch
):
    monkeypatch.setattr(league_views, "PLAYER_GAMES", 1)
    monkeypatch.setattr(league_views, "PLAYER_RIVALS", 2)
    aiko, bruno, chiara, daiki, emi, federico = players
    rules = "japanese-modern"
    play_game([aiko, bruno, chiara, daiki], [tsumo(0)], rules=rules, played_on=DAY_1)
    latest = play_game([aiko, bruno, emi, federico], [tsumo(1)], rules=rules, played_on=DAY_2)
    page = reader.get(reverse("leagues:player_detail", args=[club.slug, aiko.pk]))
    assert [row["game"] for row in page.context["games"]] == [latest]
    assert len(page.context["stats"].rivals) == 5
    # Bruno sat with Aiko twice; then the others by name.
    assert [r.player for r in page.context["rivals"]] == [bruno, chiara]
    html = page.content.decode()
    assert "The 2 met most often of 5 opponents." in html
    assert reverse("scoring:club_games", args=[club.slug]) in html


# The API's lists: a page of ``limit`` rows (50 by default) and a Link to the next while more
# follow, as the games list (tests/scoring/test_api.py).


def _rows_of(kind, club, alice, ruleset):
    """Three rows of ``kind`` in ``club``, named so that they sort in the order made."""
    if kind == "players":
        Player.objects.bulk_create(Player(club=club, display_name=f"Zed {i}") for i in range(3))
        return f"/api/clubs/{club.slug}/players/", "display_name"
    if kind == "clubs":
        Club.objects.bulk_create(
            Club(name=f"Zed {i}", slug=f"zed-{i}", public=True) for i in range(3)
        )
        return "/api/clubs/", "name"
    if kind == "leagues":
        League.objects.bulk_create(
            League(club=club, name=f"Zed {i}", slug=f"zed-{i}", rules={"preset": "tenhou"})
            for i in range(3)
        )
        return f"/api/clubs/{club.slug}/leagues/", "name"
    if kind == "rulesets":
        for i in range(2):
            rulesets.ruleset_create(
                club=club, name=f"Zed {i}", created_by=alice, template_preset="tenhou"
            )
        return f"/api/clubs/{club.slug}/rulesets/", "name"
    for i in range(3):  # tournaments, newest first
        make_event(club, alice, ruleset, name=f"Zed {i}", starts_on=datetime.date(2026, 6, 9 - i))
    return f"/api/clubs/{club.slug}/tournaments/", "name"


@pytest.mark.parametrize("kind", ["players", "clubs", "leagues", "rulesets", "tournaments"])
def test_an_api_list_comes_a_page_at_a_time_with_a_link_to_the_next(
    client, club, alice, ruleset, kind
):
    client.force_login(alice)
    url, name = _rows_of(kind, club, alice, ruleset)
    whole = [row[name] for row in client.get(url, {"limit": 200}).json()]
    assert len(whole) >= 3 and "Link" not in client.get(url, {"limit": 200})
    first = client.get(url, {"limit": 2})
    assert [row[name] for row in first.json()] == whole[:2]
    assert first["Link"].endswith('offset=2>; rel="next"') and "limit=2" in first["Link"]
    rest = client.get(first["Link"].split(">")[0].lstrip("<"))
    assert [row[name] for row in rest.json()] == whole[2:4]
    assert client.get(url, {"limit": 201}).status_code == 400


def test_an_api_list_answers_fifty_rows_by_default(client, club, alice):
    Player.objects.bulk_create(Player(club=club, display_name=f"Guest {i:03}") for i in range(60))
    client.force_login(alice)
    first = client.get(f"/api/clubs/{club.slug}/players/")
    assert len(first.json()) == 50 and 'offset=50>; rel="next"' in first["Link"]
