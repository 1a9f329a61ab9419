"""Five at a table on paper: the game sheet and the blank sheet with five columns, the seat that
sat a hand out printed as a dash, the seat sitting East 1 out headed 抜."""

import datetime
import os
import subprocess
from pathlib import Path

import pytest

from scoring import pdf, sheet_data
from tests import factories
from tests.sheets.games import pdf_text

ADDRESS = "https://tenbou.example/games/1/"
FIVE = ("Aiko", "Bruno", "Chiara", "Daiki", "Eva")
HANDS = [
    # East 1, Aiko deals, Eva out: Chiara's 3 han 40 fu on Bruno's discard, Daiki in riichi.
    {"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 40}], "riichi": [3]},
    # East 2, Bruno deals, Aiko out: Eva's mangan by self-draw, 4,000 from Bruno, 2,000 each.
    {"result": "tsumo", "wins": [{"seat": 4, "han": 5}]},
    # East 3, Chiara deals, Bruno out: a draw with Aiko ready alone.
    {"result": "draw", "tenpai": [0]},
]


@pytest.fixture
def five(club, bob):
    seated = factories.players(club, FIVE)
    return factories.play(
        club,
        seated,
        bob,
        HANDS,
        rules="japanese-modern-five",
        finish=True,
        table="5",
        played_on=datetime.date(2026, 12, 4),
    )


def _png(content: bytes, name: str) -> None:
    """Where SHEET_PNG names a folder, the first page as a PNG to look at (pdftoppm)."""
    folder = os.environ.get("SHEET_PNG")
    if not folder:
        return
    path = Path(folder) / f"{name}.pdf"
    path.write_bytes(content)
    subprocess.run(
        [
            "pdftoppm",
            "-png",
            "-r",
            "80",
            "-f",
            "1",
            "-l",
            "1",
            str(path),
            str(path.with_suffix("")),
        ],
        check=True,
    )


def test_the_game_sheet_has_a_column_per_seat_and_a_dash_for_the_seat_out(five):
    sheet = sheet_data.game_sheet(five, address=ADDRESS)
    content = pdf.game_sheet_pdf(sheet)
    _png(content, "five-game")
    text = pdf_text(content)

    assert [s.wind for s in sheet.header.seats] == ["東", "南", "西", "北", "抜"]
    assert [h.sits_out for h in sheet.hands] == [4, 0, 1]
    # each hand's changes in seat order, the seat out a dash
    assert "0 -5,200 +6,200 R -1,000 —" in text
    assert "— -4,000 -2,000 -2,000 +8,000" in text
    assert "+3,000 — -1,000 -1,000 -1,000" in text
    # running totals of five
    assert "25,000 19,800 31,200 24,000 25,000" in text
    assert "25,000 15,800 29,200 22,000 33,000" in text
    assert (
        "Five at a table: the seat before the dealer, the outgoing dealer, sits each hand out"
        in text
    )
    assert len(sheet.end.seats) == 5
    assert [s.rank for s in sheet.end.seats] == [3, 5, 2, 4, 1]


def test_the_blank_sheet_has_five_columns_and_says_who_sits_out(five):
    sheet = sheet_data.blank_sheet(five, address=ADDRESS)
    content = pdf.blank_sheet_pdf(sheet)
    _png(content, "five-blank")
    text = pdf_text(content)

    assert sheet.header.seat_count == 5
    assert sheet.header.what_width == "63mm" and sheet.header.seat_width == "14mm"
    assert "25,000 25,000 25,000 25,000 25,000" in text
    assert "leave its change empty" in text
    assert all(name in text for name in FIVE)


def test_a_blank_sheet_for_tonight_seats_five_names(club):
    sheet = sheet_data.blank_sheet_for(
        club=club,
        names=list(FIVE),
        rules={"preset": "japanese-modern-five", "options": {}},
        rules_name="Japanese Modern, five at a table",
        start={"dealer": 2},
        address=ADDRESS,
    )

    # Chiara deals East 1, Bruno before her sits it out
    assert [(s.name, s.wind) for s in sheet.header.seats] == [
        ("Aiko", "北"),
        ("Bruno", "抜"),
        ("Chiara", "東"),
        ("Daiki", "南"),
        ("Eva", "西"),
    ]
    with pytest.raises(ValueError, match="these rules seat 5 players; 4 names were given"):
        sheet_data.blank_sheet_for(
            club=club,
            names=list(FIVE[:4]),
            rules={"preset": "japanese-modern-five", "options": {}},
            rules_name="",
            address=ADDRESS,
        )


def test_the_club_page_prints_a_blank_sheet_for_five_names(client, club, bob):
    client.force_login(bob)
    seats = {f"seat_{i}": n for i, n in enumerate(FIVE)}
    form = {"rules": "preset:japanese-modern-five", "seating": "entered", "table": "5", **seats}

    response = client.post(f"/clubs/{club.slug}/blank-sheet/", form)
    four = client.post(f"/clubs/{club.slug}/blank-sheet/", {**form, "seat_4": ""})

    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert all(name in text for name in FIVE)
    assert "leave its change empty" in text
    assert four.status_code == 200 and four["Content-Type"].startswith("text/html")
    assert four.context["form"].errors == {"seat_4": ["This field is required."]}
