"""Pages, the CSV and the API: who may see and change what, and that all three agree."""

import csv
import io
import re

import pytest

from core.models import AuditEntry
from leagues.models import League, Season
from tests.factories import tsumo


@pytest.fixture
def played(league, season, players, play_game):
    a, b, c, d, e, f = players
    play_game([a, b, c, d], [tsumo(0, 4, 30)], league=league)
    play_game([e, f, c, d], [tsumo(1, 3, 30), tsumo(2, 2, 30)], league=league)
    play_game([a, e, b, f], [{"result": "draw", "tenpai": [0, 1, 2]}], league=league)
    return season


def season_url(club, league, season, suffix=""):
    return f"/clubs/{club.slug}/leagues/{league.slug}/seasons/{season.pk}/{suffix}"


def test_a_member_reads_the_standings_of_a_private_club(client, charlie, club, league, played):
    client.force_login(charlie)
    response = client.get(season_url(club, league, played))
    assert response.status_code == 200
    assert b"Aiko" in response.content and b"2026 standings" in response.content


@pytest.mark.parametrize(
    "path",
    [
        "/clubs/riverside/leagues/",
        "/clubs/riverside/leagues/spring/",
        "/clubs/riverside/leagues/spring/live/",
        "SEASON",
        "SEASONstandings.csv",
        "PLAYER",
        "/api/clubs/riverside/leagues/",
        "API",
    ],
)
def test_an_outsider_finds_nothing_in_a_private_club(client, dave, club, league, played, path):
    path = (
        path.replace("SEASON", season_url(club, league, played))
        .replace("PLAYER", f"/clubs/riverside/players/{club.players.first().pk}/")
        .replace("API", f"/api/leagues/{league.pk}/standings/")
    )
    client.force_login(dave)
    assert client.get(path).status_code == 404
    client.logout()
    assert client.get(path).status_code == 404


def test_anyone_reads_a_public_club_s_standings_and_api(client, club, league, played):
    club.public = True
    club.save()
    assert client.get(season_url(club, league, played)).status_code == 200
    assert client.get(f"/api/leagues/{league.pk}/standings/").status_code == 200


def test_an_organiser_creates_a_league_and_its_season(client, alice, club):
    client.force_login(alice)
    response = client.post(
        f"/clubs/{club.slug}/leagues/new/",
        {
            "name": "Autumn Cup",
            "slug": "autumn",
            "rules": "preset:m-league",
            "aggregate": "sum",
            "placement_points": "",
            "min_games": "4",
            "drop_worst": "1",
        },
    )
    assert response.status_code == 302
    league = League.objects.get(club=club, slug="autumn")
    assert league.rules == {"preset": "m-league", "options": {}} and league.min_games == 4
    response = client.post(
        f"/clubs/{club.slug}/leagues/autumn/seasons/new/",
        {"name": "2026 autumn", "starts": "2026-09-01", "ends": "2026-11-30"},
    )
    assert response.status_code == 302
    assert Season.objects.get(league=league).name == "2026 autumn"
    assert list(
        AuditEntry.objects.filter(club=club).order_by("id").values_list("action", flat=True)
    ) == ["league.created", "season.created"]


def test_the_form_picks_rules_from_the_clubs_rule_sets_and_presets(client, alice, club):
    from rulesets import services as rulesets

    ruleset = rulesets.ruleset_create(
        club=club,
        name="Club uma",
        template_preset="japanese-modern",
        options={"uma": [30, 10, -10, -30]},
        created_by=alice,
    )
    client.force_login(alice)

    page = client.get(f"/clubs/{club.slug}/leagues/new/")
    response = client.post(
        f"/clubs/{club.slug}/leagues/new/",
        {
            "name": "Uma Cup",
            "slug": "uma",
            "rules": f"ruleset:{ruleset.pk}",
            "aggregate": "sum",
            "min_games": "0",
            "drop_worst": "0",
        },
    )

    content = page.content.decode()
    assert "<textarea" not in content  # no raw JSON box
    assert (
        '<optgroup label="Club rule sets">' in content and '<optgroup label="Presets">' in content
    )
    assert 'data-slug-source="id_slug"' in content
    assert response.status_code == 302
    league = League.objects.get(slug="uma")
    assert league.ruleset == ruleset
    assert league.rules == {"preset": "japanese-modern", "options": {}}


def test_rules_of_another_club_are_not_offered(client, alice, club, public_club):
    from rulesets import services as rulesets

    theirs = rulesets.ruleset_create(
        club=public_club, name="Theirs", template_preset="tenhou", options={}, created_by=alice
    )
    client.force_login(alice)

    response = client.post(
        f"/clubs/{club.slug}/leagues/new/",
        {
            "name": "X",
            "slug": "x",
            "rules": f"ruleset:{theirs.pk}",
            "aggregate": "sum",
            "min_games": "0",
            "drop_worst": "0",
        },
    )

    assert response.status_code == 200
    assert "Select a valid choice" in str(response.context["form"].errors["rules"])
    assert not League.objects.filter(slug="x").exists()


def test_saving_a_league_keeps_options_it_had_on_the_same_preset(client, alice, club, league):
    league.rules = {"preset": "japanese-modern", "options": {"uma": [30, 10, -10, -30]}}
    league.save()
    client.force_login(alice)

    client.post(
        f"/clubs/{club.slug}/leagues/{league.slug}/edit/",
        {
            "name": "Renamed",
            "slug": league.slug,
            "rules": "preset:japanese-modern",
            "aggregate": "sum",
            "min_games": "0",
            "drop_worst": "0",
        },
    )

    league.refresh_from_db()
    assert league.name == "Renamed"
    assert league.rules["options"] == {"uma": [30, 10, -10, -30]}


@pytest.mark.parametrize("who", ["bob", "charlie"])
def test_only_an_organiser_may_create_or_edit(client, request, club, league, who):
    client.force_login(request.getfixturevalue(who))
    assert client.get(f"/clubs/{club.slug}/leagues/new/").status_code == 403
    assert client.get(f"/clubs/{club.slug}/leagues/{league.slug}/edit/").status_code == 403
    response = client.post(
        f"/clubs/{club.slug}/leagues/{league.slug}/seasons/new/",
        {"name": "X", "starts": "2027-01-01"},
    )
    assert response.status_code == 403
    assert not Season.objects.filter(name="X").exists()


def test_an_organiser_edits_a_league_and_the_change_is_audited(client, alice, club, league):
    client.force_login(alice)
    response = client.post(
        f"/clubs/{club.slug}/leagues/{league.slug}/edit/",
        {
            "name": "Spring League",
            "slug": "spring",
            "rules": "preset:japanese-modern",
            "aggregate": "placement",
            "placement_points": "4, 2, 1, 0",
            "min_games": "3",
            "drop_worst": "0",
        },
    )
    assert response.status_code == 302
    league.refresh_from_db()
    assert league.aggregate == "placement" and league.placement_points == [4, 2, 1, 0]
    entry = AuditEntry.objects.get(action="league.changed")
    assert entry.before["aggregate"] == "sum" and entry.after["min_games"] == 3


def _page_rows(html):
    rows = []
    for tr in re.findall(r"<tr class=\"[^\"]*\">(.*?)</tr>", html, re.S):
        cells = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", tr, re.S)
        text = [re.sub(r"<[^>]+>", "", c).strip() for c in cells]
        rows.append(text)
    return rows


def test_the_page_the_csv_and_the_api_show_the_same_numbers(client, alice, club, league, played):
    client.force_login(alice)
    page = client.get(season_url(club, league, played)).content.decode()
    page_rows = _page_rows(page)
    reader = csv.DictReader(
        io.StringIO(
            client.get(season_url(club, league, played, "standings.csv")).content.decode(
                "utf-8-sig"
            )
        )
    )
    csv_rows = list(reader)
    api = client.get(f"/api/leagues/{league.pk}/standings/?season={played.pk}").json()
    assert len(page_rows) == len(csv_rows) == len(api["rows"]) == 6
    for page_row, csv_row, api_row in zip(page_rows, csv_rows, api["rows"], strict=True):
        rank, player, games, total, average, first, second, third, fourth, place, best = page_row
        assert player == csv_row["player"] == api_row["player"]
        assert rank == csv_row["rank"] == str(api_row["rank"])
        assert games == csv_row["games"] == str(api_row["games"])
        assert total == csv_row["total"] == api_row["total"]
        assert average == csv_row["average"] == api_row["average"]
        assert [first, second, third, fourth] == [
            csv_row[k] for k in ("firsts", "seconds", "thirds", "fourths")
        ]
        assert [first, second, third, fourth] == [
            str(api_row[k]) for k in ("firsts", "seconds", "thirds", "fourths")
        ]
        assert place == csv_row["average_placement"] == api_row["average_placement"]
        assert best == csv_row["best"] == api_row["best"]
    assert api["unit"] == "points_1000" and api["games"] == 3
    assert api["rows"][0]["total_value"] == int(api["rows"][0]["total"].replace(".", ""))


def test_the_api_lists_a_club_s_leagues_with_the_current_season(client, charlie, league, played):
    client.force_login(charlie)
    data = client.get("/api/clubs/riverside/leagues/").json()
    assert [(x["slug"], x["current_season"]["id"]) for x in data] == [("spring", played.pk)]


def test_the_api_refuses_a_season_of_another_league(client, charlie, club, league, played):
    other = League.objects.create(club=club, name="Other", slug="other", rules="ema")
    client.force_login(charlie)
    assert client.get(f"/api/leagues/{other.pk}/standings/?season={played.pk}").status_code == 404
    assert client.get(f"/api/leagues/{league.pk}/standings/?season=x").status_code == 400


def test_the_standings_sort_by_a_column(client, charlie, club, league, played):
    client.force_login(charlie)
    html = client.get(season_url(club, league, played) + "?sort=-total").content.decode()
    totals = [row[3] for row in _page_rows(html)]
    assert totals == sorted(totals, key=lambda t: float(t))


def test_the_live_board_shows_running_games_current_totals(
    client, charlie, club, league, season, players, play_game
):
    a, b, c, d = players[:4]
    play_game([a, b, c, d], [tsumo(0, 4, 30)], league=league, finish=False)
    client.force_login(charlie)
    page = client.get(f"/clubs/{club.slug}/leagues/{league.slug}/live/")
    assert b'data-refresh-url="' in page.content and b"js/leagues.js" in page.content
    assert b"<script>" not in page.content  # no inline script under the CSP
    board = client.get(f"/clubs/{club.slug}/leagues/{league.slug}/live/?partial=1").content
    assert b"36,700" in board and b"21,100" in board and b"<html" not in board
    assert f'href="/clubs/{club.slug}/players/{a.pk}/"'.encode() in board


def test_the_club_page_lists_its_leagues(client, charlie, club, league, played):
    client.force_login(charlie)
    response = client.get(f"/clubs/{club.slug}/")
    assert b"Spring League" in response.content
    assert season_url(club, league, played).encode() in response.content


def test_the_standings_page_a_page_at_a_time_in_the_order_asked(
    client, charlie, club, league, played, players, play_game, monkeypatch
):
    from clubhouse.leagues import views

    play_game(players[:4], [tsumo(3, 2, 30)], league=league)
    league.min_games = 3  # Aiko, Bruno, Chiara and Daiki played 3; Emi and Federico 2
    league.save()
    monkeypatch.setattr(views, "STANDINGS_PER_PAGE", 3)
    client.force_login(charlie)

    def names(page, sort="rank"):
        response = client.get(season_url(club, league, played) + f"?sort={sort}&page={page}")
        html = response.content.decode()
        return re.findall(r'class="name"><a [^>]*>([^<]+)</a>', html), html

    (first, first_html), (second, second_html) = names(1), names(2)
    assert "Page 1 of 2 · 6 in all" in first_html
    # The qualified first, the page turning inside the list of the others.
    assert set(first) < {"Aiko", "Bruno", "Chiara", "Daiki"}
    assert len(first) == 3 and "Not qualified" not in first_html
    assert len(second) == 3 and "Not qualified" in second_html
    assert set(second[1:]) == {"Emi", "Federico"}
    assert set(first + second) == {p.display_name for p in players}
    # Sorted by name the pages follow that order; a page past the end is the last.
    by_name = names(1, "player")[0] + names(2, "player")[0]
    assert names(9, "player")[0] == names(2, "player")[0]
    assert by_name[:4] == sorted(by_name[:4])
