"""Every round as JSON and CSV: the tables, seats, players, scores, results and penalties,
from the page and the same bytes from the API."""

import csv
import io
import json

from django.urls import reverse

from scoring import services as scoring_services
from scoring.models import GameSeat
from tests.tournaments.conftest import RON, register
from tournaments import services
from tournaments.exports import CSV_COLUMNS, rounds_data


def _played(event, alice):
    register(event, alice, 9)  # nine players: one sits out each round
    round_ = services.round_draw(event=event, user=alice)
    services.round_start(round_=round_, user=alice)
    table = round_.tables.get(number=1)
    scoring_services.hand_submit(game=table.game, hand=RON, user=alice)
    for t in round_.tables.all():
        scoring_services.game_finish(game=t.game, user=alice)
    out = next(e for e in event.entrants.all() if not e.seats.exists())
    services.penalty_add(
        event=event, entrant=out, round_number=1, points=-30, reason="noise", user=alice
    )
    services.round_draw(event=event, user=alice)
    return round_, out


def test_the_json_names_every_seat_with_its_game_numbers(event, alice):
    _, out = _played(event, alice)
    data = rounds_data(event)
    assert data["unit"] == "tenths" and [r["round"] for r in data["rounds"]] == [1, 2]
    first = data["rounds"][0]
    assert first["status"] == "done" and first["penalties"] == [
        {"entrant": out.number, "player": out.player.display_name, "points": -30, "reason": "noise"}
    ]
    for table in first["tables"]:
        for seat in table["seats"]:
            cached = GameSeat.objects.get(game_id=table["game"], seat=seat["seat"])
            assert (seat["score"], seat["rank"], seat["result"]) == (
                cached.score,
                cached.rank,
                cached.result,
            )
    second = data["rounds"][1]
    assert second["status"] == "drawn"
    assert {t["status"] for t in second["tables"]} == {"waiting"}
    assert all(s["score"] is None for t in second["tables"] for s in t["seats"])


def test_the_csv_has_a_line_a_seat_and_one_for_a_penalty_outside_the_tables(
    client, charlie, event, alice
):
    _, out = _played(event, alice)
    client.force_login(charlie)
    response = client.get(reverse("tournaments:rounds_csv", args=["riverside", event.pk]))
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    reader = csv.reader(io.StringIO(response.content.decode()))
    assert tuple(next(reader)) == CSV_COLUMNS
    rows = list(reader)
    # 2 tables of 4 in each of 2 rounds, and the penalty of the player who sat round 1 out.
    assert len(rows) == 17
    penalty_row = [r for r in rows if r[0] == "1" and r[2] == ""]
    player = out.player.display_name
    assert penalty_row == [
        ["1", "done", "", "", "", "", "", str(out.number), player, *[""] * 5, "-30"]
    ]
    api = client.get(f"/api/clubs/riverside/tournaments/{event.pk}/rounds.csv")
    assert api.content == response.content


def test_the_json_download_is_the_api_answer(client, charlie, event, alice):
    _played(event, alice)
    client.force_login(charlie)
    page = client.get(reverse("tournaments:rounds_json", args=["riverside", event.pk]))
    assert page["Content-Type"].startswith("application/json")
    api = client.get(f"/api/clubs/riverside/tournaments/{event.pk}/rounds/").json()
    assert json.loads(page.content) == {
        **api,
        "rounds": [
            {**r, "started_at": p["started_at"], "ends_at": p["ends_at"]}
            for r, p in zip(api["rounds"], json.loads(page.content)["rounds"], strict=True)
        ],
    }


def test_an_outsider_gets_no_rounds_of_a_private_club(client, dave, event, alice):
    register(event, alice, 4)
    services.round_draw(event=event, user=alice)
    client.force_login(dave)
    assert (
        client.get(reverse("tournaments:rounds_csv", args=["riverside", event.pk])).status_code
        == 404
    )
