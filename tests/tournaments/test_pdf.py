"""The paper of a round: the table slips (every table's players with their winds) and the blank
score sheets, one a table, as PDFs."""

from django.urls import reverse

from tests.sheets.games import pdf_text
from tournaments import services
from tournaments.pdf import table_slips, table_slips_pdf


def test_a_slip_per_table_with_its_players_in_wind_order(event, entrants, alice):
    round_ = services.round_draw(event=event, user=alice)
    slips = table_slips(round_)
    assert [s.table for s in slips] == [1, 2, 3, 4]
    for slip, table in zip(slips, round_.tables.order_by("number"), strict=True):
        assert [s.name for s in slip.seats] == [
            seat.player.display_name for seat in table.seats.order_by("seat")
        ]
        assert [s.wind for s in slip.seats] == ["東", "南", "西", "北"]
    text = pdf_text(table_slips_pdf(slips))
    assert text.count("Spring Open") >= 4
    assert "Table 4" in text and "Round 1 of 4" in text and "90 minutes" in text
    for seat in slips[2].seats:
        assert seat.name in text


def test_the_slips_of_a_started_round_say_when_it_ends(client, charlie, event, entrants, alice):
    round_ = services.round_draw(event=event, user=alice)
    services.round_start(round_=round_, user=alice)
    client.force_login(charlie)
    response = client.get(reverse("tournaments:slips", args=[event.club.slug, event.pk, 1]))
    assert response["Content-Type"] == "application/pdf"
    assert "From " in pdf_text(response.content)


def test_a_blank_score_sheet_per_table_under_the_event_s_rules(
    client, charlie, event, entrants, alice
):
    round_ = services.round_draw(event=event, user=alice)
    client.force_login(charlie)
    response = client.get(reverse("tournaments:blank_sheets", args=[event.club.slug, event.pk, 1]))
    assert response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert text.count("Final result") == 4  # a sheet a table, each on pages of its own
    for table in round_.tables.order_by("number"):
        assert f"Table {table.number}" in text
        for seat in table.seats.all():
            assert seat.player.display_name in text
    # Under the event's pinned rules: their name and start points head every sheet.
    assert text.count("Club riichi (version 1)") == 4 and "25,000" in text
