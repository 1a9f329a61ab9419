"""The tournament API: every write through the services with their refusals (one status per
code), the reads the event page shows, and the rounds as CSV."""

import csv
import io

import pytest

from core.models import AuditEntry
from scoring import services as scoring_services
from tests.tournaments.conftest import RON, register
from tournaments import services
from tournaments.models import Entrant, Event, Penalty, TableSeat

BASE = "/api/clubs/riverside/tournaments/"


@pytest.fixture
def api(client, db):
    def call(user, method, url, data=None):
        client.logout()
        if user is not None:
            client.force_login(user)
        if method == "get":
            return client.get(url)
        return getattr(client, method)(url, data or {}, content_type="application/json")

    return call


def _url(event, tail=""):
    return f"{BASE}{event.pk}/{tail}"


def test_an_organiser_makes_an_event_and_it_is_listed(api, alice, charlie, ruleset):
    response = api(
        alice,
        "post",
        BASE,
        {
            "name": "  Autumn   Cup ",
            "starts_on": "2026-10-03",
            "ruleset": ruleset.pk,
            "rounds": 4,
            "round_minutes": 90,
            "seed": 5,
        },
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    event = Event.objects.get()
    assert body == {
        "id": event.pk,
        "club": "riverside",
        "name": "Autumn Cup",
        "starts_on": "2026-10-03",
        "ends_on": "2026-10-03",
        "ruleset": ruleset.pk,
        "ruleset_version": ruleset.current_version.pk,
        "rounds": 4,
        "round_minutes": 90,
        "draw": "schedule",
        "substitutes": False,
        "substitute_result": "nobody",
        "seed": 5,
        "rounds_drawn": 0,
        "apart_rounds": None,
        "entrants": [],
    }
    listed = api(charlie, "get", BASE).json()
    assert [e["name"] for e in listed] == ["Autumn Cup"]
    assert AuditEntry.objects.filter(action="tournament.event.created").count() == 1


def test_an_event_without_a_rule_set_is_refused_and_nothing_is_made(api, alice, club, ruleset):
    other = Event.objects.count()
    response = api(
        alice,
        "post",
        BASE,
        {
            "name": "Cup",
            "starts_on": "2026-10-03",
            "ruleset": 999999,
            "rounds": 4,
            "round_minutes": 90,
        },
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "no_ruleset"
    assert response.json()["error"]["field"] == "ruleset"
    assert Event.objects.count() == other


def test_a_member_may_read_but_not_write(api, charlie, event):
    assert api(charlie, "get", _url(event)).status_code == 200
    response = api(charlie, "post", _url(event, "entrants/"), {"name": "Guest"})
    assert response.status_code == 403
    assert not Entrant.objects.exists()


def test_an_anonymous_write_is_a_401_and_a_private_club_a_404_to_outsiders(api, dave, event):
    assert api(None, "post", _url(event, "rounds/draw/")).status_code == 401
    assert api(dave, "get", _url(event)).status_code == 404


def test_a_night_through_the_api(api, alice, charlie, event):
    for i in range(1, 9):
        response = api(alice, "post", _url(event, "entrants/"), {"name": f"Guest {i}"})
        assert response.status_code == 201
        assert response.json()["checked_in"] is False
    for number in range(1, 9):
        response = api(alice, "post", _url(event, f"entrants/{number}/check-in/"))
        assert response.status_code == 200 and response.json()["checked_in"] is True
    drawn = api(alice, "post", _url(event, "rounds/draw/"))
    assert drawn.status_code == 201
    body = drawn.json()
    assert body["round"] == 1 and body["status"] == "drawn" and len(body["tables"]) == 2
    seated = sorted(s["entrant"] for t in body["tables"] for s in t["seats"])
    assert seated == list(range(1, 9))
    assert [s["wind"] for s in body["tables"][0]["seats"]] == ["east", "south", "west", "north"]

    # The same draw again before the round is played: refused, with its code's status.
    again = api(alice, "post", _url(event, "rounds/draw/"))
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "not_started"

    # A substitute for table 1's East before the start.
    sub = api(alice, "post", _url(event, "rounds/1/tables/1/seats/0/substitute/"), {"name": "Sub"})
    assert sub.status_code == 200
    assert sub.json()["tables"][0]["seats"][0] == {
        **sub.json()["tables"][0]["seats"][0],
        "player": "Sub",
        "substitute": True,
    }
    # Someone seated already at table 2 cannot take it.
    seated_name = TableSeat.objects.get(table__round__number=1, table__number=2, seat=1).player
    refused = api(
        alice,
        "post",
        _url(event, "rounds/1/tables/1/seats/1/substitute/"),
        {"player": seated_name.pk},
    )
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "seated"

    started = api(alice, "post", _url(event, "rounds/1/start/"))
    assert started.status_code == 200
    assert started.json()["status"] == "running"
    assert started.json()["ends_at"] is not None
    assert api(alice, "post", _url(event, "rounds/1/start/")).json()["error"]["code"] == "started"

    table = event.round_set.get(number=1).tables.get(number=2)
    scoring_services.hand_submit(game=table.game, hand=RON, user=alice)
    live = api(charlie, "get", _url(event, "rounds/")).json()
    scores = [s["score"] for s in live["rounds"][0]["tables"][1]["seats"]]
    assert sum(scores) == 100000 and len(set(scores)) > 1
    assert live["unit"] == "tenths"

    ended = api(alice, "post", _url(event, "rounds/1/end/"))
    assert ended.status_code == 200
    assert {t["status"] for t in ended.json()["tables"]} == {"finished"}

    penalty = api(
        alice,
        "post",
        _url(event, "penalties/"),
        {"entrant": 3, "round_number": 1, "points": -20, "reason": "phone rang"},
    )
    assert penalty.status_code == 201
    assert penalty.json() == {
        "entrant": 3,
        "player": "Guest 3",
        "points": -20,
        "reason": "phone rang",
    }
    standing = api(charlie, "get", _url(event, "standing/")).json()
    assert standing["after"] == 4 and len(standing["rows"]) == 8
    row = next(r for r in standing["rows"] if r["entrant"] == 3)
    assert row["penalties"] == -20 and row["total"] == row["results"] - 20
    totals = [r["total"] for r in standing["rows"]]
    assert totals == sorted(totals, reverse=True)

    dropped = api(alice, "post", _url(event, "entrants/8/drop/"), {"reason": "train"})
    assert dropped.json()["dropped_after"] == 1
    assert api(alice, "post", _url(event, "entrants/8/drop/")).status_code == 409


def test_a_penalty_for_no_entrant_or_without_a_reason_changes_nothing(api, alice, event):
    register(event, alice, 4)
    services.round_draw(event=event, user=alice)
    missing = api(
        alice,
        "post",
        _url(event, "penalties/"),
        {"entrant": 40, "round_number": 1, "points": -20, "reason": "x"},
    )
    assert missing.status_code == 400 and missing.json()["error"]["field"] == "entrant"
    blank = api(
        alice,
        "post",
        _url(event, "penalties/"),
        {"entrant": 1, "round_number": 1, "points": -20, "reason": "   "},
    )
    assert blank.status_code == 400 and blank.json()["error"]["code"] == "blank"
    assert not Penalty.objects.exists()


def test_a_draw_for_three_players_is_refused_with_a_409(api, alice, event):
    register(event, alice, 3)
    response = api(alice, "post", _url(event, "rounds/draw/"))
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "too_few_players"
    assert not event.round_set.exists()


def test_a_second_registration_is_refused(api, alice, event):
    player = register(event, alice, 1)[0].player
    response = api(alice, "post", _url(event, "entrants/"), {"player": player.pk})
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "registered"
    assert api(alice, "post", _url(event, "entrants/"), {"player": 999999}).status_code == 400


def test_groups_are_set_and_kept_apart_in_the_draw(api, alice, event):
    register(event, alice, 16)
    response = api(
        alice,
        "post",
        _url(event, "apart/"),
        {"groups": {"1": "Osaka", "2": "Osaka", "3": "Osaka", "4": "Osaka"}, "apart_rounds": 2},
    )
    assert response.status_code == 200
    body = response.json()
    assert body["apart_rounds"] == 2
    assert [e["group"] for e in body["entrants"][:5]] == ["Osaka"] * 4 + [""]
    round_ = api(alice, "post", _url(event, "rounds/draw/")).json()
    for table in round_["tables"]:
        assert sum(1 for s in table["seats"] if s["entrant"] in {1, 2, 3, 4}) <= 1
    unknown = api(alice, "post", _url(event, "apart/"), {"groups": {"77": "X"}})
    assert unknown.status_code == 400 and unknown.json()["error"]["code"] == "entrant"
    assert Entrant.objects.filter(group="X").count() == 0


def test_the_rounds_as_csv_one_line_a_seat(api, alice, charlie, event):
    register(event, alice, 8)
    services.round_draw(event=event, user=alice)
    response = api(charlie, "get", _url(event, "rounds.csv"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == 8
    assert {r["round"] for r in rows} == {"1"}
    assert sorted(int(r["entrant"]) for r in rows) == list(range(1, 9))
