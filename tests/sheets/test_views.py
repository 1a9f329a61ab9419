"""The sheet downloads: who may see them, and what the answer looks like."""

import datetime
import doctest

import pytest
from django.urls import reverse
from rest_framework.authtoken.models import Token

from core import pdf as core_pdf
from leagues.models import League, Season
from scoring import services, sheet_data
from tests.sheets.games import pdf_text, played_game


@pytest.fixture
def game(club, bob):
    return played_game(club, bob, table="3", played_on=datetime.date(2026, 11, 30))


@pytest.fixture
def public_game(public_club, db):
    return played_game(public_club, None, table="1", played_on=datetime.date(2026, 11, 30))


def test_the_url_names_are_the_ones_other_pages_link_to():
    assert reverse("sheets:game", kwargs={"pk": 7}) == "/games/7/sheet.pdf"
    assert reverse("sheets:blank", kwargs={"pk": 7}) == "/games/7/blank-sheet.pdf"
    assert reverse("sheets:standings", kwargs={"pk": 7}) == "/seasons/7/standings.pdf"
    assert reverse("sheets:api-game-sheet", kwargs={"pk": 7}) == "/api/games/7/sheet.pdf"


def test_a_member_gets_the_game_sheet_inline_with_a_telling_filename(client, game, charlie):
    client.force_login(charlie)

    response = client.get(f"/games/{game.pk}/sheet.pdf")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == (
        'inline; filename="riverside-2026-11-30-table-3.pdf"'
    )
    assert response.content.startswith(b"%PDF")
    text = pdf_text(response.content)
    assert "+6,200" in text
    assert f"http://testserver/games/{game.pk}/ Page 1 of 2" in text  # the game page


def test_a_game_without_a_table_is_named_by_its_number(client, club, bob, charlie):
    game = played_game(club, bob, played_on=datetime.date(2026, 12, 1), finish=False, hands=[])
    client.force_login(charlie)

    response = client.get(f"/games/{game.pk}/sheet.pdf")

    assert response["Content-Disposition"] == (
        f'inline; filename="riverside-2026-12-01-game-{game.pk}.pdf"'
    )


@pytest.mark.parametrize("path", ["/games/{}/sheet.pdf", "/games/{}/blank-sheet.pdf"])
def test_a_private_clubs_sheets_are_404_to_an_outsider(client, game, dave, path):
    client.force_login(dave)

    assert client.get(path.format(game.pk)).status_code == 404


@pytest.mark.parametrize("path", ["/games/{}/sheet.pdf", "/games/{}/blank-sheet.pdf"])
def test_a_private_clubs_sheets_are_404_to_an_anonymous_visitor(client, game, path):
    assert client.get(path.format(game.pk)).status_code == 404


def test_a_public_clubs_sheet_is_open_to_anyone(client, public_game):
    response = client.get(f"/games/{public_game.pk}/sheet.pdf")

    assert response.status_code == 200
    assert response["Content-Disposition"] == (
        'inline; filename="open-table-2026-11-30-table-1.pdf"'
    )


def test_a_missing_game_is_404(client, charlie):
    client.force_login(charlie)

    assert client.get("/games/999999/sheet.pdf").status_code == 404


def test_the_blank_sheet_has_the_seating_and_no_numbers_of_the_game(client, game, charlie):
    client.force_login(charlie)

    response = client.get(f"/games/{game.pk}/blank-sheet.pdf")

    assert response.status_code == 200
    assert response["Content-Disposition"] == (
        'inline; filename="riverside-2026-11-30-table-3-blank.pdf"'
    )
    text = pdf_text(response.content)
    assert "Aiko 佐藤" in text and "+6,200" not in text


def test_the_api_answers_a_token_with_the_sheet(client, game, charlie):
    token = Token.objects.create(user=charlie)

    response = client.get(
        f"/api/games/{game.pk}/sheet.pdf",
        HTTP_AUTHORIZATION=f"Token {token.key}",
        HTTP_ACCEPT="application/pdf",
    )

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith("inline; filename=")
    assert "+6,200" in pdf_text(response.content)


def test_the_api_is_404_in_json_to_an_outsiders_token(client, game, dave):
    token = Token.objects.create(user=dave)

    response = client.get(
        f"/api/games/{game.pk}/sheet.pdf", HTTP_AUTHORIZATION=f"Token {token.key}"
    )

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"]["code"] == "not_found"


def test_the_api_refuses_a_bad_token(client, game):
    response = client.get(f"/api/games/{game.pk}/sheet.pdf", HTTP_AUTHORIZATION="Token not-a-token")

    # Token authentication comes first, so DRF answers 401 with its challenge.
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert response.json()["error"]["message"] == "Invalid token."


def test_the_api_schema_describes_the_sheet_as_a_pdf(client, db):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/json")

    assert response.status_code == 200
    operation = response.json()["paths"]["/api/games/{id}/sheet.pdf"]["get"]
    assert "application/pdf" in operation["responses"]["200"]["content"]


def test_the_sheet_modules_examples_hold():
    for module in (sheet_data, core_pdf):
        failed, attempted = doctest.testmod(module)
        assert attempted and not failed


@pytest.fixture
def season(club):
    league = League.objects.create(
        club=club, name="Lega Tōkyō", slug="lega", rules={"preset": "japanese-modern"}
    )
    return Season.objects.create(
        league=league, name="Autumn 2026", starts=datetime.date(2026, 9, 1)
    )


def test_the_standings_sheet_is_404_to_an_outsider(client, season, dave):
    client.force_login(dave)

    assert client.get(f"/seasons/{season.pk}/standings.pdf").status_code == 404


def test_a_member_gets_the_standings_sheet(client, season, bob, charlie):
    played_game(
        season.league.club, bob, league=season.league, played_on=datetime.date(2026, 11, 30)
    )
    client.force_login(charlie)

    response = client.get(f"/seasons/{season.pk}/standings.pdf")

    assert response.status_code == 200
    assert response["Content-Disposition"] == (
        'inline; filename="riverside-lega-autumn-2026-standings.pdf"'
    )
    text = pdf_text(response.content)
    assert "Lega Tōkyō" in text and "Autumn 2026" in text
    # Rank, player, games, counted, total, average, 1st-4th, average place, best.
    assert "1 Chiara Lucà 1 1 +64.0 +64.0 1 0 0 0 1.00 +64.0" in text
    assert "2 Daiki 鈴木 1 1 +9.6 +9.6 0 1 0 0 2.00 +9.6" in text
    assert "4 Aiko 佐藤 1 1 -50.0 -50.0 0 0 0 1 4.00 -50.0" in text


def test_the_standings_print_the_settlement_each_game_started_with(client, season, bob, charlie):
    league, club = season.league, season.league.club
    day = datetime.date(2026, 11, 30)
    played_game(club, bob, league=league, played_on=day, rules=None)
    played_game(club, bob, league=league, played_on=day, rules=None)
    # The league's uma changes after two games: a third game copies the new uma when it starts.
    league.rules = {"preset": "japanese-modern", "options": {"uma": [30, 10, -10, -30]}}
    league.save()
    played_game(club, bob, league=league, played_on=day, rules=None)
    client.force_login(charlie)

    text = pdf_text(client.get(f"/seasons/{season.pk}/standings.pdf").content)

    assert "the games of this season were settled differently" in text
    assert "A uma +20/+10/-10/-20 · start 25,000 · return 30,000 (2 games)" in text
    assert "B uma +30/+10/-10/-30 · start 25,000 · return 30,000 (1 game)" in text
    # Each player's games by settlement, in the last column: all four played all three.
    assert text.count("A 2 · B 1") == 4


# What one request renders is bounded


def test_a_game_longer_than_a_sheet_covers_is_refused_with_where_to_find_it(
    client, game, charlie, settings
):
    settings.SHEET_MAX_HANDS = game.hand_count - 1
    client.force_login(charlie)
    response = client.get(f"/games/{game.pk}/sheet.pdf")
    assert response.status_code == 422
    assert response.content.decode() == (
        f"This game has {game.hand_count} hands and 0 corrected or deleted ones; a printed "
        f"sheet covers at most {game.hand_count - 1} rows. The whole game is in its game record: "
        f"http://testserver/api/games/{game.pk}/record/\n"
    )
    settings.SHEET_MAX_HANDS = game.hand_count
    assert client.get(f"/games/{game.pk}/sheet.pdf").status_code == 200


def test_the_api_refuses_a_game_too_long_for_a_sheet_in_json(client, game, charlie, settings):
    settings.SHEET_MAX_HANDS = 3
    token = Token.objects.create(user=charlie)
    response = client.get(
        f"/api/games/{game.pk}/sheet.pdf", HTTP_AUTHORIZATION=f"Token {token.key}"
    )
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "sheet_too_large"
    assert "a printed sheet covers at most 3 rows" in response.json()["error"]["message"]


def test_corrections_count_toward_what_a_sheet_covers(client, game, alice, settings):
    # Undo and redo a thousand times and a ten-hand game would print a thousand crossed rows.
    settings.SHEET_MAX_HANDS = game.hand_count
    client.force_login(alice)
    assert client.get(f"/games/{game.pk}/sheet.pdf").status_code == 200
    hand = game.hands.get(number=1)
    services.hand_correct(
        game=game,
        number=1,
        hand={**hand.data, "note": "checked"},
        reason="a note",
        user=alice,
    )
    response = client.get(f"/games/{game.pk}/sheet.pdf")
    assert response.status_code == 422
    assert "and 1 corrected or deleted ones" in response.content.decode()


def test_standings_with_more_players_than_a_sheet_holds_point_to_the_csv(
    client, season, bob, charlie, settings
):
    played_game(
        season.league.club, bob, league=season.league, played_on=datetime.date(2026, 11, 30)
    )
    settings.SHEET_MAX_ROWS = 3
    client.force_login(charlie)
    response = client.get(f"/seasons/{season.pk}/standings.pdf")
    assert response.status_code == 422
    text = response.content.decode()
    assert text.startswith("This season has 4 players; a printed standings sheet holds at most 3.")
    csv_url = f"/clubs/riverside/leagues/lega/seasons/{season.pk}/standings.csv"
    assert text.endswith(f"Download the standings as CSV instead: http://testserver{csv_url}\n")
    assert client.get(csv_url).status_code == 200


def test_while_every_render_slot_is_held_a_sheet_is_refused_at_once(client, game, charlie):
    client.force_login(charlie)
    token = Token.objects.create(user=charlie)
    with core_pdf.render_slot():  # another worker printing a sheet
        busy = client.get(f"/games/{game.pk}/sheet.pdf")
        api = client.get(f"/api/games/{game.pk}/sheet.pdf", HTTP_AUTHORIZATION=f"Token {token.key}")
        blank = client.get(f"/games/{game.pk}/blank-sheet.pdf")
    assert (busy.status_code, busy["Retry-After"]) == (503, "5")
    assert "try again in a few seconds" in busy.content.decode()
    assert blank.status_code == 503
    assert (api.status_code, api.json()["error"]["code"]) == (503, "sheets_busy")
    assert api["Retry-After"] == "5"
    assert client.get(f"/games/{game.pk}/sheet.pdf").status_code == 200  # the slot is free again


def test_the_render_slots_count_across_holders(settings):
    settings.SHEET_RENDER_SLOTS = 2
    with (
        core_pdf.render_slot(),
        core_pdf.render_slot(),
        pytest.raises(core_pdf.SheetsBusy),
        core_pdf.render_slot(),
    ):
        pass
    with core_pdf.render_slot():
        pass
    settings.SHEET_RENDER_SLOTS = 0  # no limit
    with core_pdf.render_slot(), core_pdf.render_slot(), core_pdf.render_slot():
        pass
