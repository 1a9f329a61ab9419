"""The score sheet is a binary download: a PDF, or the same bytes as
application/octet-stream to a client that asks for that type (as generated clients do)."""

import pytest

from clubs.models import Player
from scoring import services
from scoring.policy import SITE
from tests.scoring.conftest import RON


@pytest.fixture
def game(public_club):
    players = [Player.objects.create(club=public_club, display_name=n) for n in "ABCD"]
    game = services.game_create(club=public_club, players=players, rules="tenhou", created_by=SITE)
    services.hand_submit(game=game, hand=RON, user=SITE)
    return game


def test_the_sheet_is_a_pdf_by_default_and_a_plain_download_when_asked(client, game):
    path = f"/api/games/{game.pk}/sheet.pdf"

    pdf = client.get(path)
    download = client.get(path, HTTP_ACCEPT="application/octet-stream")

    assert pdf["Content-Type"] == "application/pdf"
    assert download["Content-Type"] == "application/octet-stream"
    assert pdf.content.startswith(b"%PDF") and download.content.startswith(b"%PDF")
    assert download["Content-Disposition"] == pdf["Content-Disposition"]


def test_an_error_on_a_download_is_still_json(client, db):
    response = client.get("/api/games/999999/sheet.pdf", HTTP_ACCEPT="application/octet-stream")

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"]["code"] == "not_found"


def test_the_schema_offers_both_media_types(client, db):
    schema = client.get("/api/schema/?format=json").json()

    content = schema["paths"]["/api/games/{id}/sheet.pdf"]["get"]["responses"]["200"]["content"]
    assert content == {
        "application/pdf": {"schema": {"type": "string", "format": "binary"}},
        "application/octet-stream": {"schema": {"type": "string", "format": "binary"}},
    }
