"""The sheet downloads: who may see them, and what the answer looks like."""

import datetime
import doctest

import pytest
from django.urls import reverse
from rest_framework.authtoken.models import Token

from leagues.models import League, Season
from scoring import pdf, sheet_data
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
    for module in (sheet_data, pdf):
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
