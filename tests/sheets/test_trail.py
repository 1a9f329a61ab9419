"""The paper trail: a corrected or deleted hand is crossed out where it stood, with the audit
entry that records the change; a hand reads the same on the page and on the sheet."""

import datetime

import pytest

from core.models import AuditEntry
from scoring import pdf, selectors, services, sheet_data
from tests.sheets.games import ITALIAN_HANDS, LONG_GAME, TRAIL_HANDS, pdf_text, played_game

ADDRESS = "https://tenbou.example/games/1/"


@pytest.fixture
def corrected(club, bob, alice):
    """Hand 1 corrected; hand 7 corrected then deleted; then hand 4 deleted."""
    game = played_game(
        club,
        bob,
        hands=TRAIL_HANDS,
        rules=LONG_GAME,
        finish=False,
        table="3",
        played_on=datetime.date(2026, 11, 30),
    )
    edit = {"user": alice}
    services.hand_correct(
        game=game,
        number=1,
        hand={"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 30}], "riichi": [3]},
        reason="fu were 30, not 40",
        **edit,
    )
    services.hand_correct(
        game=game,
        number=7,
        hand={"result": "draw", "tenpai": [2], "riichi": [2]},
        reason="Chiara was ready",
        **edit,
    )
    services.hand_delete(game=game, number=7, reason="entered twice", **edit)
    services.hand_delete(game=game, number=4, reason="that was table 4", **edit)
    game.refresh_from_db()
    return game


def entry(game, action, number):
    return AuditEntry.objects.get(game=game, action=action, hand_number=number).pk


def test_deleted_hands_stand_where_they_were_played_and_corrections_on_their_hand(corrected):
    sheet = sheet_data.game_sheet(corrected, address=ADDRESS)
    lines = [
        (type(line).__name__, line.number, [c.action for c in line.crossings])
        for line in sheet.lines
    ]
    # Played: 1..9. Hand 7 was deleted (after a correction), then hand 4; 5, 6, 8, 9 moved up.
    assert lines == [
        ("HandRow", 1, ["corrected"]),
        ("HandRow", 2, []),
        ("HandRow", 3, []),
        ("DeletedHand", 4, ["deleted"]),
        ("HandRow", 4, []),
        ("HandRow", 5, []),
        ("DeletedHand", 7, ["corrected", "deleted"]),
        ("HandRow", 6, []),
        ("HandRow", 7, []),
    ]


def test_a_crossing_names_the_hand_as_it_was_and_its_audit_entry(corrected):
    sheet = sheet_data.game_sheet(corrected, address=ADDRESS)
    (crossing,) = sheet.hands[0].crossings
    assert crossing.entry == entry(corrected, "hand.corrected", 1)
    assert (crossing.outcome, crossing.details) == (
        "Ron",
        ("Chiara Lucà 3 han 40 fu", "from Bruno Rossi"),
    )
    assert (crossing.by, crossing.reason) == ("alice", "fu were 30, not 40")
    deleted = [line for line in sheet.lines if isinstance(line, sheet_data.DeletedHand)]
    assert deleted[0].deletion.entry == entry(corrected, "hand.deleted", 4)
    assert deleted[0].deletion.details == ("four winds",)


def test_the_pdf_crosses_out_the_old_hands_and_cites_the_audit_entries(corrected):
    text = pdf_text(pdf.game_sheet_pdf(sheet_data.game_sheet(corrected, address=ADDRESS)))
    fixed = entry(corrected, "hand.corrected", 1)
    gone = entry(corrected, "hand.deleted", 4)
    assert "Ron Chiara Lucà 3 han 40 fu · from Bruno Rossi corrected by alice" in text
    assert f"audit #{fixed} · “fu were 30, not 40” Ron Chiara Lucà 3 han 30 fu" in text
    assert "Abortive draw four winds deleted by alice" in text
    assert f"audit #{gone} · “that was table 4”" in text
    assert "Exhaustive draw ready: Chiara Lucà deleted by alice" in text


def test_a_sheet_without_changes_crosses_nothing_out(club, bob):
    game = played_game(club, bob, hands=TRAIL_HANDS, rules=LONG_GAME)
    sheet = sheet_data.game_sheet(game, address=ADDRESS)
    assert not sheet.deleted
    assert not any(row.crossings for row in sheet.hands)
    assert "audit #" not in pdf_text(pdf.game_sheet_pdf(sheet))


def test_an_imported_game_is_followed_from_its_import(club, bob, alice):
    record = {"rules": LONG_GAME, "players": ["A", "B", "C", "D"], "hands": TRAIL_HANDS}
    game = services.game_import(club=club, record=record, created_by=bob)
    services.hand_delete(game=game, number=2, reason="no", user=alice)
    sheet = sheet_data.game_sheet(game, address=ADDRESS)
    assert [(type(x).__name__, x.number) for x in sheet.lines[:3]] == [
        ("HandRow", 1),
        ("DeletedHand", 2),
        ("HandRow", 2),
    ]


def test_a_trail_that_does_not_account_for_the_hands_still_shows_every_change(corrected):
    # A game restored from an older backup may miss entries: each change stays at its number.
    AuditEntry.objects.filter(game=corrected, action="hand.recorded").delete()
    sheet = sheet_data.game_sheet(corrected, address=ADDRESS)
    assert [c.action for c in sheet.hands[0].crossings] == ["corrected"]
    assert sorted(d.number for _, d in sheet.deleted) == [4, 7]
    assert len(sheet.hands) == 7


def test_the_page_and_the_sheet_write_the_riichi_double_alike(club, bob):
    game = played_game(club, bob, hands=ITALIAN_HANDS, rules="italian-official")
    words = "42 points, 4 doubles with 1 for riichi"
    (first, *_) = selectors.ledger(game)
    assert words in first["words"]
    assert words in " ".join(sheet_data.game_sheet(game, address=ADDRESS).hands[0].details)


def test_an_undone_last_hand_stands_before_the_hand_recorded_in_its_place(club, bob):
    game = played_game(club, bob, hands=TRAIL_HANDS[:3], rules=LONG_GAME, finish=False)
    services.hand_undo(game=game, user=bob)
    for hand in TRAIL_HANDS[2:5]:
        services.hand_submit(game=game, hand=hand, user=bob)
    sheet = sheet_data.game_sheet(game, address=ADDRESS)
    assert [(type(x).__name__, x.number) for x in sheet.lines] == [
        ("HandRow", 1),
        ("HandRow", 2),
        ("DeletedHand", 3),
        ("HandRow", 3),
        ("HandRow", 4),
        ("HandRow", 5),
    ]
    assert sheet.lines[2].deletion.reason == "Undo of the last hand."


def test_hands_deleted_one_after_another_keep_the_order_they_were_played_in(club, bob, alice):
    game = played_game(club, bob, hands=TRAIL_HANDS[:3], rules=LONG_GAME, finish=False)
    edit = {"user": alice}
    services.hand_delete(game=game, number=2, reason="second hand twice", **edit)
    services.hand_delete(game=game, number=1, reason="first hand twice", **edit)
    sheet = sheet_data.game_sheet(game, address=ADDRESS)
    # Played: A, B, C. B went first, then A: the sheet still reads A, B, C.
    assert [(type(x).__name__, x.number) for x in sheet.lines] == [
        ("DeletedHand", 1),
        ("DeletedHand", 2),
        ("HandRow", 1),
    ]
    assert [x.deletion.reason for x in sheet.lines[:2]] == ["first hand twice", "second hand twice"]
