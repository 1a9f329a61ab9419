"""Each player's schedule and the standing sheet, as PDFs in the reader's language."""

from django.urls import reverse
from django.utils import translation

from tests.sheets.games import pdf_text
from tests.tournaments.conftest import register
from tournaments import services
from tournaments.paper import schedules, schedules_pdf, standing_pdf, standing_sheet


def test_each_player_has_their_table_and_wind_in_every_round_drawn(event, alice):
    entrants = register(event, alice, 9)
    round_ = services.round_draw(event=event, user=alice)
    sheet = schedules(event)
    assert [p.number for p in sheet.players] == list(range(1, 10))
    for player in sheet.players:
        assert [r.round for r in player.rounds] == [1, 2, 3, 4]
        assert [r.drawn for r in player.rounds] == [True, False, False, False]
        first = player.rounds[0]
        seat = round_.tables.filter(seats__entrant__number=player.number).first()
        if seat is None:
            assert first.table is None  # sits round 1 out
        else:
            row = seat.seats.get(entrant__number=player.number)
            assert first.table == seat.number
            assert first.wind == "東南西北"[row.seat]
    assert sum(1 for p in sheet.players if p.rounds[0].table is None) == 1
    text = pdf_text(schedules_pdf(event))
    for entrant in entrants:
        assert entrant.player.display_name in text
    assert "sits out" in text and "not drawn yet" in text


def test_the_schedule_speaks_italian_and_japanese(event, alice):
    register(event, alice, 4)
    services.round_draw(event=event, user=alice)
    with translation.override("it"):
        assert "non ancora sorteggiato" in pdf_text(schedules_pdf(event))
    with translation.override("ja"):
        assert "未抽選" in pdf_text(schedules_pdf(event))


def test_the_standing_sheet_prints_the_standing_and_the_penalties(client, charlie, event, alice):
    entrants = register(event, alice, 4)
    services.round_draw(event=event, user=alice)
    services.penalty_add(
        event=event, entrant=entrants[2], round_number=1, points=-25, reason="late", user=alice
    )
    sheet = standing_sheet(event)
    assert sheet.after == 0 and sheet.tenths
    assert sheet.rows[-1].entrant == entrants[2]
    text = pdf_text(standing_pdf(event))
    assert "before the first round" in text
    assert "-2.5" in text and "late" in text
    client.force_login(charlie)
    response = client.get(reverse("tournaments:standing_pdf", args=["riverside", event.pk]))
    assert response["Content-Type"] == "application/pdf"
    response = client.get(reverse("tournaments:schedules", args=["riverside", event.pk]))
    assert response["Content-Type"] == "application/pdf"


def test_the_sheets_for_the_docs(event, alice, tmp_path):
    """The table slips, the schedules and the standing sheet of a night in its second round;
    with TENBOU_SCREENSHOTS=dir the PDFs are saved there (docs/tournaments.md shows them)."""
    import os
    from pathlib import Path

    from scoring import services as scoring_services
    from tests.tournaments.conftest import RON
    from tournaments.pdf import table_slips, table_slips_pdf

    entrants = register(event, alice, 16)
    first = services.round_draw(event=event, user=alice)
    services.round_start(round_=first, user=alice)
    for table in first.tables.all():
        if table.number % 2:
            scoring_services.hand_submit(game=table.game, hand=RON, user=alice)
    services.round_end(round_=first, user=alice)
    services.penalty_add(
        event=event, entrant=entrants[5], round_number=1, points=-20, reason="late", user=alice
    )
    second = services.round_draw(event=event, user=alice)
    sheets = {
        "tournament-slips": table_slips_pdf(table_slips(second)),
        "tournament-schedules": schedules_pdf(event),
        "tournament-standing": standing_pdf(event),
    }
    for content in sheets.values():
        assert content.startswith(b"%PDF")
    standing_text = pdf_text(sheets["tournament-standing"])
    assert "after round 1 of 4" in standing_text and "-2.0" in standing_text
    folder = os.environ.get("TENBOU_SCREENSHOTS")
    if folder:
        for name, content in sheets.items():
            (Path(folder) / f"{name}.pdf").write_bytes(content)
