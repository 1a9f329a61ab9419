"""The EMA results export and the players' EMA details."""

import csv
import io

import pytest
from django.urls import reverse

from clubs import players
from clubs.services import ClubError
from core.models import AuditEntry
from scoring import services as scoring_services
from scoring.models import GameSeat
from tests.tournaments.conftest import RON, register
from tournaments import services
from tournaments.ema import COLUMNS, ema_results_csv
from tournaments.services import TournamentError
from tournaments.standing import standing


def _name_everyone(entrants, alice):
    for e in entrants:
        players.player_set_ema(
            player=e.player,
            first_name=f"First{e.number}",
            last_name=f"Last{e.number}",
            ema_number=f"07{e.number:06}" if e.number % 2 else "",
            country="" if e.number % 2 else "jp",
            actor=alice,
            actor_role="organiser",
        )


@pytest.fixture
def played(event, alice):
    entrants = register(event, alice, 4)
    round_ = services.round_draw(event=event, user=alice)
    services.round_start(round_=round_, user=alice)
    game = round_.tables.get().game
    scoring_services.hand_submit(game=game, hand=RON, user=alice)
    scoring_services.game_finish(game=game, user=alice)
    return entrants


def test_the_export_is_the_ema_layout_best_first(event, played, alice):
    _name_everyone(played, alice)
    rows = list(csv.reader(io.StringIO(ema_results_csv(event).decode())))
    assert tuple(rows[0]) == COLUMNS
    ranking = standing(event)
    assert [int(r[0]) for r in rows[1:]] == [r.place for r in ranking]
    top = ranking[0]
    first = rows[1]
    player = top.entrant.player
    player.refresh_from_db()
    assert first[1:4] == [player.first_name, player.last_name, player.ema_number]
    whole, tenth = divmod(abs(top.total), 10)
    assert first[4] == f"{'-' if top.total < 0 else ''}{whole}.{tenth}"
    seat = GameSeat.objects.get(player=player)
    assert int(first[5]) == seat.score - 25000
    by_number = {r[3]: r for r in rows[1:] if r[3]}
    assert all(r[6] == "Yes" and r[7] == "IT" for r in by_number.values())
    assert all(r[6] == "No" and r[7] == "JP" for r in rows[1:] if not r[3])
    assert by_number["07000001"][3] == "07000001"  # the leading zero stays


def test_the_export_names_every_player_with_a_missing_field(event, played, alice):
    _name_everyone(played[1:], alice)
    players.player_set_ema(
        player=played[1].player,
        first_name="Ada",
        last_name="",
        ema_number="",
        country="GB",
        actor=alice,
        actor_role="organiser",
    )
    with pytest.raises(TournamentError) as e:
        ema_results_csv(event)
    message = str(e.value)
    assert e.value.code == "ema_missing"
    assert played[0].player.display_name in message and "first name" in message
    assert f"{played[1].player.display_name} (last name)" in message


@pytest.mark.parametrize("number", ["7000123", "07-00012", "070001234"])
def test_an_ema_number_is_eight_digits(club, alice, number):
    (player,) = [
        players.player_add(club=club, display_name="Ema", actor=alice, actor_role="organiser")
    ]
    with pytest.raises(ClubError) as e:
        players.player_set_ema(
            player=player,
            first_name="A",
            last_name="B",
            ema_number=number,
            country="",
            actor=alice,
            actor_role="organiser",
        )
    assert e.value.field == "ema_number" and number in str(e.value)
    player.refresh_from_db()
    assert player.ema_number == "" and player.first_name == ""


def test_ema_details_are_an_organisers_and_audited(club, alice, bob):
    player = players.player_add(club=club, display_name="Ema", actor=alice, actor_role="organiser")
    with pytest.raises(ClubError):
        players.player_set_ema(
            player=player,
            first_name="A",
            last_name="B",
            ema_number="",
            country="IT",
            actor=bob,
            actor_role="scorer",
        )
    players.player_set_ema(
        player=player,
        first_name="Ada",
        last_name="Rossi",
        ema_number="07 000 123",
        country="",
        actor=alice,
        actor_role="organiser",
    )
    player.refresh_from_db()
    assert player.ema_number == "07000123"
    assert AuditEntry.objects.get(action="player.ema_changed").after["last_name"] == "Rossi"


def test_the_export_page_downloads_or_says_what_is_missing(client, alice, event, played):
    client.force_login(alice)
    url = reverse("tournaments:ema_csv", args=[event.club.slug, event.pk])
    refused = client.get(url, follow=True)
    assert "The EMA results need every player" in refused.content.decode()
    for e in played:
        client.post(
            reverse("tournaments:entrant_ema", args=[event.club.slug, event.pk, e.number]),
            {"first_name": "A", "last_name": f"B{e.number}", "ema_number": "", "country": "it"},
        )
    response = client.get(url)
    assert response["Content-Type"].startswith("text/csv")
    assert response.content.decode().startswith("Place,First name,Last name,EMA number")


def test_the_export_follows_a_substitutes_fixed_score(club, alice, ruleset):
    from tests.tournaments.conftest import make_event

    event = make_event(club, alice, ruleset, substitute_result="fixed", substitute_score=-150)
    entrants = register(event, alice, 4)
    round_ = services.round_draw(event=event, user=alice)
    seat = round_.tables.get().seats.get(seat=2)
    services.seat_substitute(seat=seat, user=alice, name="Stand In")
    services.round_start(round_=round_, user=alice)
    game = round_.tables.get().game
    scoring_services.hand_submit(game=game, hand=RON, user=alice)
    scoring_services.game_finish(game=game, user=alice)
    _name_everyone(entrants, alice)
    rows = list(csv.reader(io.StringIO(ema_results_csv(event).decode())))
    absent = next(r for r in rows[1:] if r[1] == f"First{seat.entrant.number}")
    place = next(r.place for r in standing(event) if r.entrant == seat.entrant)
    assert (absent[0], absent[4], absent[5]) == (str(place), "-15.0", "0")
