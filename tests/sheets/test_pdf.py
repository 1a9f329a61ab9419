"""The renderers: every hand row's numbers, the totals and the results are in the PDF's text."""

import datetime
import logging
import subprocess
import sys
from pathlib import Path

import pytest
from django.utils import timezone

from core import pdf as core_pdf
from core.formats import MINUS
from scoring import pdf, services, sheet_data
from tests.sheets.games import ITALIAN_HANDS, pdf_fonts, pdf_text, played_game

ADDRESS = "https://tenbou.example/games/1/"
PROJECT = Path(__file__).resolve().parent.parent.parent


def signed(value):
    return "0" if value == 0 else f"{value:+,}"


def plain(value):
    return f"{value:,}"


@pytest.fixture
def game(club, bob):
    return played_game(
        club,
        bob,
        table="3",
        played_on=datetime.date(2026, 11, 30),
        rules={
            "preset": "japanese-modern",
            "options": {"honba_points": 1500, "kiriage_mangan": True},
        },
    )


@pytest.fixture
def text(game):
    return pdf_text(pdf.game_sheet_pdf(sheet_data.game_sheet(game, address=ADDRESS)))


def test_every_hand_row_shows_its_deltas_pool_and_running_totals(game, text):
    hands = list(game.hands.order_by("number"))
    assert len(hands) == 11
    for hand in hands:
        r = hand.result
        riichi = hand.data.get("riichi", [])
        changes = (("R " if s in riichi else "") + signed(d) for s, d in enumerate(r["deltas"]))
        assert " ".join(changes) in text, hand.label
        assert f"{plain(r['pool_before'])} → {plain(r['pool'])}" in text, hand.label
        assert " ".join(plain(s) for s in r["scores"]) in text, hand.label
        assert f"{hand.number} {hand.label} " in text


def test_it_prints_negative_numbers_with_a_true_minus_sign(game):
    content = pdf.game_sheet_pdf(sheet_data.game_sheet(game, address=ADDRESS))
    assert f"{MINUS}5,200" in pdf_text(content, minus=MINUS)


def test_the_rows_are_these_literal_numbers(text):
    # E1: Chiara wins 3 han 40 fu from Bruno; Daiki's riichi stick (R) goes to her.
    assert "0 -5,200 +6,200 R -1,000 0 → 0 ✓ 25,000 19,800 31,200 24,000" in text
    # E4-1: double ron, Aiko pays a yakuman and 2 han 30 fu with 1,500 a counter.
    assert "-37,000 +3,500 +33,500 0" in text


def test_it_describes_each_hand_in_words(text):
    assert "Ron Chiara Lucà 3 han 40 fu · from Bruno Rossi" in text
    assert "Exhaustive draw ready: Aiko 佐藤" in text
    assert "Tsumo Aiko 佐藤 4 han 30 fu" in text
    assert "Abortive draw four winds" in text
    assert "Double ron Bruno Rossi 2 han 30 fu · Chiara Lucà yakuman · from Aiko 佐藤" in text
    assert "Chombo by Daiki 鈴木" in text
    assert "Exhaustive draw nobody ready" in text
    assert "Penalty: Chiara Lucà pays 1,000 off the table" in text


def test_it_shows_the_points_that_left_the_table(text):
    assert "1,000 left the table" in text


def test_the_end_block_has_totals_pool_ranks_and_results(game, text):
    final = game.final
    assert final["results"] == [-51.5, -24.2, 64.3, 10.4]
    assert final["pool_to"] == [0, 0, 1000, 0]
    for name, score, rank, result in [
        ("Aiko 佐藤", "-1,500", 4, "-51.5"),
        ("Bruno Rossi", "15,800", 3, "-24.2"),
        ("Chiara Lucà", "53,300", 1, "+64.3"),
        ("Daiki 鈴木", "30,400", 2, "+10.4"),
    ]:
        assert f"{name} {score} " in text
        assert f"{rank} {result}" in text
    assert "Chiara Lucà 53,300 +1,000 1 +64.3" in text
    assert "Pool left on the table: 1,000, went to Chiara Lucà" in text
    assert "Uma: +20 / +10 / -10 / -20" in text
    assert "Return points: 30,000" in text


def test_the_header_names_the_club_date_table_rules_and_changed_options(text):
    assert "Riverside Mahjong" in text
    assert "30 Nov 2026" in text and "November" not in text
    assert "Table 3" in text
    assert "Japanese Modern (ari-ari)" in text
    assert "Changed from the preset: Round up to mangan: yes; Dealer's extra hands: 1,500" in text
    assert "東 East Aiko 佐藤 南 South Bruno Rossi 西 West Chiara Lucà 北 North Daiki 鈴木" in text


def test_it_numbers_the_pages_and_prints_the_address(text):
    assert "Page 1 of 2" in text and "Page 2 of 2" in text
    assert ADDRESS in text


def test_the_winds_dragons_and_japanese_names_are_in_an_embedded_cjk_font(game, text):
    content = pdf.game_sheet_pdf(sheet_data.game_sheet(game, address=ADDRESS))
    for glyph in "東南西北白發中":
        assert glyph in text
    assert "佐藤" in text and "鈴木" in text and "大三元" in text
    fonts = pdf_fonts(content)
    assert any("IPAexGothic" in name for name in fonts), fonts
    assert all(fonts.values()), fonts  # every font embedded, none left to the reader


def test_it_prints_the_confirmations(game, alice):
    seat = game.seats.get(seat=2)
    seat.confirmed_by = alice
    seat.confirmed_at = timezone.make_aware(datetime.datetime(2026, 11, 30, 22, 14))
    seat.save()
    text = pdf_text(pdf.game_sheet_pdf(sheet_data.game_sheet(game, address=ADDRESS)))
    assert "Confirmed by alice, 30 Nov 2026, 22:14" in text
    assert text.count("Not confirmed on the site") == 3


def test_a_running_game_says_it_is_not_final(club, bob):
    game = played_game(club, bob, finish=False, hands=[{"result": "draw", "tenpai": [0]}])
    text = pdf_text(pdf.game_sheet_pdf(sheet_data.game_sheet(game, address=ADDRESS)))
    assert "In progress" in text
    assert "next hand E1-1 (not final)" in text
    assert "+3,000 -1,000 -1,000 -1,000" in text


def test_an_abandoned_game_says_it_does_not_count(club, bob):
    game = played_game(club, bob, finish=False, hands=[{"result": "draw", "tenpai": [0]}])
    services.game_abandon(game=game, user=bob, reason="Table closed")
    game.refresh_from_db()
    text = pdf_text(pdf.game_sheet_pdf(sheet_data.game_sheet(game, address=ADDRESS)))
    assert "Abandoned: this game does not count" in text


def test_an_italian_game_shows_points_and_doubles_and_whole_point_results(club, bob):
    game = played_game(club, bob, hands=ITALIAN_HANDS, rules="italian-official")
    text = pdf_text(pdf.game_sheet_pdf(sheet_data.game_sheet(game, address=ADDRESS)))
    # Chiara declared riichi: the preset adds a double, so the hand was paid with four.
    assert "Chiara Lucà 42 points, 4 doubles with 1 for riichi" in text
    assert "Aiko 佐藤 30 points, 2 doubles · losers" in text  # no riichi, no extra double
    assert "losers: Aiko 佐藤 12 points, 1 double; Bruno Rossi 8 points, 0 doubles" in text
    assert "Penalty: Daiki 鈴木, faulty ready declaration" in text
    assert "-1,320 -700 R +2,680 -660" in text  # Chiara declared riichi and won
    assert "+480 -280 -60 -1,140" in text
    assert "1,000 left the table" in text
    assert "Result (points)" in text
    assert game.final["results"] == [-840, -980, 2620, -1800]
    for result in ("-840", "-980", "+2,620", "-1,800"):
        assert result in text


# A self-drawn Italian win given by its parts, and a loser's kong given the same way.
PARTS_HAND = {
    "result": "tsumo",
    "riichi": [2],
    "wins": [
        {
            "seat": 2,
            "parts": {
                "win": True,
                "sets": [
                    {"set": "pung", "tiles": "honours", "concealed": False, "honour": "dragon"}
                ],
                "pair": "seat_wind",
                "flowers": 2,
                "own_flowers": 1,
                "self_drawn": True,
            },
        }
    ],
    "losers": [
        {"seat": 0, "parts": {"sets": [{"set": "kong", "tiles": "simples", "concealed": True}]}},
        {"seat": 1, "points": 0, "doubles": 0},
        {"seat": 3, "points": 0, "doubles": 0},
    ],
}


@pytest.mark.parametrize(
    ("language", "winner", "loser"),
    [
        (
            "en",
            "Chiara Lucà 36 points, 3 doubles with 1 for riichi",
            "Aiko 佐藤 16 points, 0 doubles",
        ),
        (
            "it",
            "Chiara Lucà 36 punti, 3 raddoppi, di cui 1 per il riichi",
            "Aiko 佐藤 16 punti, 0 raddoppi",
        ),
    ],
)
def test_a_hand_given_by_its_parts_shows_the_points_and_doubles_counted(
    club, bob, language, winner, loser
):
    from django.utils import translation

    from scoring import selectors

    game = played_game(club, bob, hands=[PARTS_HAND], rules="italian-official", finish=False)
    with translation.override(language):
        text = pdf_text(pdf.game_sheet_pdf(sheet_data.game_sheet(game, address=ADDRESS)))
        (row,) = selectors.ledger(game)
    assert winner in text and loser in text
    assert "counted from its parts" not in text
    # The game page's ledger says what the sheet says.
    assert winner.removeprefix("Chiara Lucà ") in row["words"]


def test_the_blank_sheet_has_the_header_players_and_numbered_empty_rows(game):
    content = pdf.blank_sheet_pdf(sheet_data.blank_sheet(game, address=ADDRESS, rows=24))
    text = pdf_text(content)
    assert "Riverside Mahjong" in text and "Table 3" in text
    assert "東 East Aiko 佐藤" in text and "北 North Daiki 鈴木" in text
    assert "Start 25,000 25,000 25,000 25,000" in text
    assert "Start 25,000 25,000 25,000 25,000 1 2 3 4 5 6 7 8 9 10 11 12" in text
    assert " 22 23 24 " in text
    assert "6,200" not in text  # nothing of the played game
    assert "Page 2 of 2" in text


def test_the_filename_names_club_date_and_table():
    assert (
        core_pdf.sheet_filename("riverside", datetime.date(2026, 11, 30), "table", "3")
        == "riverside-2026-11-30-table-3.pdf"
    )
    assert core_pdf.sheet_filename("club", "Lega Tōkyō", "Autunno 2026") == (
        "club-lega-tokyo-autunno-2026.pdf"
    )


def test_rendering_a_sheet_logs_no_info_lines_from_weasyprint(game, caplog):
    # WeasyPrint announces each rendering step ("Step 2 - Fetching and parsing CSS") at INFO
    # and fontTools its subsetting: with the root logger at INFO they filled the console.
    with caplog.at_level(logging.DEBUG, logger="root"):
        pdf.game_sheet_pdf(sheet_data.game_sheet(game, address=ADDRESS))

    noisy = [
        r.getMessage()
        for r in caplog.records
        if r.name.split(".")[0] in {"weasyprint", "fontTools"} and r.levelno < logging.WARNING
    ]
    assert noisy == []


def test_a_server_process_writes_no_weasyprint_steps_to_its_console():
    # WeasyPrint logs "Step 2 - Fetching and parsing CSS" for its own stylesheets when it is
    # imported, before any module of ours could lower its level: the settings must.
    result = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "shell",
            "-c",
            "from core import pdf; pdf.html_to_pdf('<p>東</p>')",
        ],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert result.returncode == 0, result.stderr
    assert "Step " not in result.stderr


def test_a_three_player_game_prints_three_seats_and_the_pool_s_winner(club, bob):
    # Chiara declares riichi and Aiko wins on Bruno's discard under tenhou-sanma: the stick
    # goes to Aiko, and the sheet names her as the pool's winner without a fourth seat.
    from tests.factories import FOUR, play, players

    hand = {
        "result": "ron",
        "from": 1,
        "wins": [{"seat": 0, "han": 3, "fu": 30}],
        "riichi": [2],
    }
    game = play(club, players(club, FOUR[:3]), bob, [hand], rules="tenhou-sanma")
    sheet = sheet_data.game_sheet(game, address=ADDRESS)
    assert [s.name for s in sheet.header.seats] == list(FOUR[:3])
    text = pdf_text(pdf.game_sheet_pdf(sheet))
    r = game.hands.get().result
    assert " ".join(plain(s) for s in r["scores"]) in text
    assert "Daiki" not in text
