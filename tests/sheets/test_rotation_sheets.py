"""Five at a table's sheets: the night's (the standing and each game's final scores) and the
blank one (the five names, who sits out which game, where the others sit), read back as text
with pdftotext, each row on its line (``-layout``)."""

import re
import shutil
import subprocess

import pytest

from scoring import services
from tests import factories
from tests.scoring.test_rotations import FIVE, RON, TSUMO, play_next

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler")


def pdftotext(content: bytes) -> str:
    """The PDF's text as poppler lays it out, a true minus sign read as a hyphen."""
    done = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=content, capture_output=True, check=True
    )
    return done.stdout.decode().replace("\u2212", "-")


def lines(text):
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


@pytest.fixture
def rotation(club, bob):
    five = factories.players(club, FIVE)
    return services.rotation_create(
        club=club, players=five, rules="japanese-modern", created_by=bob, table="2"
    )


def get(client, rotation, name):
    response = client.get(f"/clubs/riverside/rotations/{rotation.pk}/{name}")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    return response


def test_the_nights_sheet_has_the_standing_and_each_games_final_scores(client, rotation, bob):
    play_next(rotation, bob, RON)
    play_next(rotation, bob, TSUMO)
    client.force_login(bob)
    response = get(client, rotation, "sheet.pdf")
    assert "riverside" in response["Content-Disposition"]
    assert "table-2" in response["Content-Disposition"]
    text = lines(pdftotext(response.content))
    assert "Riverside Mahjong · Five at a table" in text
    assert "Sit-out order: 1. Aiko · 2. Bruno · 3. Chiara · 4. Daiki · 5. Emi" in text
    # Rank, player, games, sat out, total, firsts to fourths.
    assert "1 Daiki 2 0 +73.1 2 0 0 0" in text
    assert "2 Bruno 1 1 +5.0 0 1 0 0" in text
    assert "3 Aiko 1 1 -15.3 0 0 1 0" in text
    assert "4 Emi 2 0 -22.3 0 1 0 1" in text
    assert "5 Chiara 2 0 -40.5 0 0 1 1" in text
    # Each game: its number, who sat out, the four in seat order with score and result.
    game_rows = [line for line in text if line.endswith("Finished")]
    assert game_rows == [
        "1 Aiko Bruno Chiara Daiki Emi Finished",
        "2 Bruno Chiara Daiki Emi Aiko Finished",
    ]
    joined = " ".join(text)
    for numbers in ("25,000 +5.0", "27,000 +37.0", "23,000 -27.0", "26,100 +36.1"):
        assert numbers in joined


def test_the_nights_sheet_before_any_game(client, rotation, charlie):
    client.force_login(charlie)
    text = lines(pdftotext(get(client, rotation, "sheet.pdf").content))
    assert "No games yet." in text
    assert "1 Aiko 0 0 0 0 0 0" in text


def test_the_blank_sheet_says_who_sits_out_which_game_and_where_the_others_sit(
    client, rotation, bob
):
    client.force_login(bob)
    response = get(client, rotation, "blank-sheet.pdf")
    assert response["Content-Disposition"].endswith('blank.pdf"')
    text = lines(pdftotext(response.content))
    assert "Game Aiko Bruno Chiara Daiki Emi" in text
    rows = [line for line in text if re.match(r"^\d+ ", line) and "sits out" in line]
    assert len(rows) == 10  # twice round the table
    assert rows[0] == "1 sits out 東 East 南 South 西 West 北 North"
    assert rows[1] == "2 北 North sits out 東 East 南 South 西 West"
    assert rows[4] == "5 東 East 南 South 西 West 北 North sits out"
    assert rows[5] == rows[0].replace("1 ", "6 ", 1)


def test_the_blank_sheet_starts_at_the_next_game_and_follows_the_order_now(
    client, rotation, alice, bob, club
):
    play_next(rotation, bob, RON)
    five = list(rotation.seats.order_by("place"))
    order = [s.player for s in five]
    services.rotation_reorder(
        rotation=rotation, order=[order[0], order[2], order[1], *order[3:]], user=alice
    )
    client.force_login(bob)
    text = lines(pdftotext(get(client, rotation, "blank-sheet.pdf").content))
    assert "Game Aiko Chiara Bruno Daiki Emi" in text
    rows = [line for line in text if re.match(r"^\d+ ", line) and "sits out" in line]
    # Game 2 is sat out by place 2 of the order now: Chiara.
    assert rows[0] == "2 北 North sits out 東 East 南 South 西 West"
    assert rows[-1].startswith("11 ")
