"""A club's tournaments in its backup: events, entrants, rounds, tables, seats, penalties and
the players' EMA fields survive export, deletion and restore; a bad event restores nothing."""

import json

import pytest

from clubhouse.backup import BackupError, export_club, import_club
from clubs.models import Club, Player
from scoring import services as scoring_services
from tests.tournaments.conftest import RON, make_event, register
from tournaments import services
from tournaments.models import Event, Table, TableSeat
from tournaments.standing import standing


@pytest.fixture
def night(club, alice):
    from rulesets.services import ruleset_create

    ruleset = ruleset_create(
        club=club, name="Club riichi", created_by=alice, template_preset="japanese-modern"
    )
    event = make_event(club, alice, ruleset)
    entrants = register(event, alice, 9)
    Player.objects.filter(pk=entrants[0].player_id).update(
        first_name="Emi", last_name="Sato", ema_number="04010001", country="IT"
    )
    services.event_set_apart(
        event=event, user=alice, groups={1: "Osaka", 2: "Osaka"}, apart_rounds=2
    )
    round_ = services.round_draw(event=event, user=alice)
    services.round_start(round_=round_, user=alice)
    scoring_services.hand_submit(game=round_.tables.get(number=1).game, hand=RON, user=alice)
    services.round_end(round_=round_, user=alice)
    services.penalty_add(
        event=event, entrant=entrants[4], round_number=1, points=-30, reason="late", user=alice
    )
    services.entrant_drop(entrant=entrants[8], user=alice)
    second = services.round_draw(event=event, user=alice)
    services.seat_substitute(
        seat=TableSeat.objects.get(table__round=second, table__number=1, seat=0),
        user=alice,
        name="Stand-in",
    )
    return event


def _delete(club):
    TableSeat.objects.filter(table__round__event__club=club).delete()
    Table.objects.filter(round__event__club=club).delete()
    Event.objects.filter(club=club).delete()
    for game in club.games.all():
        game.delete()
    for ruleset in sorted(club.rulesets.all(), key=lambda r: r.template_ruleset_id is None):
        ruleset.delete()
    club.delete()


def test_a_club_with_a_tournament_survives_the_round_trip(club, night):
    before = export_club(club)
    event = before["events"][0]
    assert [len(r["tables"]) for r in event["round_list"]] == [2, 2]
    assert event["penalties"][0]["points"] == -30
    assert event["apart_rounds"] == 2
    emi = next(p for p in before["players"] if p["first_name"] == "Emi")
    assert (emi["last_name"], emi["ema_number"], emi["country"]) == ("Sato", "04010001", "IT")
    places = [(r.place, r.entrant.number, r.total) for r in standing(night)]

    data = json.loads(json.dumps(before))
    _delete(club)
    assert not Event.objects.exists()
    restored = import_club(data, bind_existing_users=True)
    assert export_club(restored) == before
    again = Event.objects.get(club=restored)
    assert [(r.place, r.entrant.number, r.total) for r in standing(again)] == places
    substitute = TableSeat.objects.get(
        table__round__event=again, table__round__number=2, table__number=1, seat=0
    )
    assert substitute.is_substitute and substitute.player.display_name == "Stand-in"


def test_a_backup_from_before_tournaments_restores_without_events(club, night):
    data = json.loads(json.dumps(export_club(club)))
    del data["events"]
    for p in data["players"]:
        for key in ("first_name", "last_name", "ema_number", "country"):
            del p[key]
    _delete(club)
    restored = import_club(data, bind_existing_users=True)
    assert not Event.objects.filter(club=restored).exists()
    assert not restored.players.exclude(ema_number="").exists()


def _broken(data, change):
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["events"][0]["penalties"][0].update(entrant=99),
            "events[0].penalties[0].entrant: 99 is no entrant's number",
        ),
        (
            lambda d: d["events"][0]["round_list"][1]["tables"][0].update(
                game=d["events"][0]["round_list"][0]["tables"][0]["game"]
            ),
            "is played at events[0].round_list[0].tables[0] too",
        ),
        (
            lambda d: d["events"][0].update(ruleset=["Nothing", 1]),
            "events[0].ruleset: ['Nothing', 1] is not a rule set version",
        ),
        (
            lambda d: d["events"][0].update(rounds=51),
            "events[0].rounds: expected a whole number from 1 to 50",
        ),
        (
            lambda d: d["events"][0]["entrants"][0].update(player="Nobody"),
            "events[0].entrants[0].player: 'Nobody' is not one of the players",
        ),
        (
            lambda d: next(p for p in d["players"] if p["ema_number"]).update(ema_number="12"),
            "an EMA number has eight digits",
        ),
        (
            lambda d: d["events"][0]["round_list"][0]["tables"][0]["seats"][1].update(seat=0),
            "the seat 0 appears twice",
        ),
    ],
)
def test_a_bad_event_restores_nothing(club, night, change, message):
    data = _broken(json.loads(json.dumps(export_club(club))), change)
    _delete(club)
    with pytest.raises(BackupError, match=message.replace("[", r"\[").replace("]", r"\]")):
        import_club(data, bind_existing_users=True)
    assert not Club.objects.filter(slug="riverside").exists()
    assert not Event.objects.exists()
