"""The tournament pages: who sees what, and each form through its service."""

import re

import pytest
from django.urls import reverse

from clubs.models import Player
from core.models import AuditEntry
from scoring import services as scoring_services
from tests.tournaments.conftest import RON
from tournaments import services
from tournaments.models import Entrant, Event, Penalty, Round, TableSeat


def _url(name, event, *args):
    return reverse(f"tournaments:{name}", args=[event.club.slug, event.pk, *args])


@pytest.fixture
def organiser(client, alice):
    client.force_login(alice)
    return client


def test_the_club_page_lists_its_tournaments(organiser, event, club):
    page = organiser.get(reverse("clubs:detail", args=[club.slug])).content.decode()
    assert "Spring Open" in page
    assert reverse("tournaments:event_create", args=[club.slug]) in page


def test_an_organiser_creates_a_tournament_under_a_rule_set(organiser, club, ruleset):
    response = organiser.post(
        reverse("tournaments:event_create", args=[club.slug]),
        {
            "name": "Autumn Cup",
            "starts_on": "2026-10-03",
            "ruleset": ruleset.pk,
            "rounds": 5,
            "round_minutes": 75,
            "draw": "swiss",
            "substitute_result": "nobody",
        },
    )
    event = Event.objects.get(name="Autumn Cup")
    assert response.status_code == 302 and response.url == _url("event", event)
    assert (event.rounds, event.round_minutes, event.draw) == (5, 75, "swiss")
    assert event.ruleset_version == ruleset.current_version


def test_the_form_says_a_tournament_needs_a_rule_set(organiser, club):
    response = organiser.post(
        reverse("tournaments:event_create", args=[club.slug]),
        {
            "name": "No Rules",
            "starts_on": "2026-10-03",
            "rounds": 4,
            "round_minutes": 90,
            "draw": "schedule",
            "substitute_result": "nobody",
        },
    )
    assert response.status_code == 200
    assert "A tournament needs a rule set" in response.content.decode()
    assert not Event.objects.exists()


def test_a_scorer_cannot_open_the_new_tournament_form(client, bob, club):
    client.force_login(bob)
    assert client.get(reverse("tournaments:event_create", args=[club.slug])).status_code == 403


def test_a_member_sees_the_event_but_no_organiser_buttons(client, charlie, event, entrants):
    client.force_login(charlie)
    page = client.get(_url("event", event)).content.decode()
    assert "Guest 01" in page
    assert _url("round_draw", event) not in page
    # Japanese Modern settles with uma: the results are in thousands.
    assert "Results in thousands of points, after uma and oka." in page


def test_an_outsider_does_not_find_a_private_clubs_event(client, dave, event):
    client.force_login(dave)
    assert client.get(_url("event", event)).status_code == 404
    assert client.get(_url("board", event)).status_code == 404


def test_registration_check_in_and_drop_from_the_page(organiser, event):
    organiser.post(_url("entrant_add", event), {"name": "Mia Rossi"})
    entrant = Entrant.objects.get(event=event)
    assert entrant.player.display_name == "Mia Rossi" and entrant.checked_in_at is None
    organiser.post(_url("check_in", event, entrant.number))
    entrant.refresh_from_db()
    assert entrant.checked_in_at is not None
    organiser.post(_url("drop", event, entrant.number))
    entrant.refresh_from_db()
    assert entrant.dropped_after == 0


def test_a_club_player_is_registered_from_the_picker(organiser, event, club):
    player = Player.objects.create(club=club, display_name="Yuki")
    organiser.post(_url("entrant_add", event), {"player": player.pk, "check_in": "on"})
    entrant = Entrant.objects.get(event=event)
    assert entrant.player == player and entrant.checked_in_at is not None


def test_a_refused_draw_is_shown_and_changes_nothing(organiser, event):
    response = organiser.post(_url("round_draw", event), follow=True)
    assert "A draw needs at least 4 checked-in players" in response.content.decode()
    assert not Round.objects.exists()


def test_draw_start_substitute_penalty_and_end_from_the_page(organiser, event, entrants):
    organiser.post(_url("round_draw", event))
    round_ = Round.objects.get(event=event)
    seat = TableSeat.objects.filter(table__round=round_).order_by("table__number", "seat").first()
    organiser.post(_url("substitute", event, seat.pk), {"name": "Stand In"})
    seat.refresh_from_db()
    assert seat.player.display_name == "Stand In"
    organiser.post(_url("round_start", event, 1))
    round_.refresh_from_db()
    assert round_.status == Round.Status.RUNNING
    page = organiser.get(_url("event", event)).content.decode()
    assert "Stand In" in page and "left" in page
    organiser.post(
        _url("penalty_add", event),
        {"entrant": entrants[1].pk, "round_number": 1, "points": "-2.0", "reason": "phone"},
    )
    assert Penalty.objects.get().points == -20  # tenths of 1,000 points under uma
    assert "-2.0" in organiser.get(_url("event", event)).content.decode()
    organiser.post(_url("round_end", event, 1))
    round_.refresh_from_db()
    assert round_.status == Round.Status.DONE
    assert AuditEntry.objects.filter(action__startswith="tournament.").count() >= 6


def test_a_penalty_finer_than_the_results_unit_is_refused(organiser, event, entrants, alice):
    services.round_draw(event=event, user=alice)
    response = organiser.post(
        _url("penalty_add", event),
        {"entrant": entrants[1].pk, "round_number": 1, "points": "-2.05", "reason": "phone"},
        follow=True,
    )
    assert response.status_code == 200
    assert not Penalty.objects.exists()


def test_the_board_shows_the_round_its_live_scores_and_the_clock(organiser, event, entrants, alice):
    round_ = services.round_draw(event=event, user=alice)
    services.round_start(round_=round_, user=alice)
    game = round_.tables.get(number=1).game
    scoring_services.hand_submit(game=game, hand=RON, user=alice)
    game.refresh_from_db()
    page = organiser.get(_url("board", event)).content.decode()
    assert 'data-refresh-url="' + _url("board", event) + '?partial=1"' in page
    assert "Round 1 of 4" in page
    assert re.search(r"1:(30:00|29:\d\d) left", page)
    assert f"{game.final['scores'][2]:,}" in page
    partial = organiser.get(_url("board", event) + "?partial=1").content.decode()
    assert "<html" not in partial and "Standing" in partial


def test_a_table_past_the_clock_is_marked_late(organiser, event, entrants, alice):
    import datetime

    round_ = services.round_draw(event=event, user=alice)
    round_ = services.round_start(round_=round_, user=alice)
    Round.objects.filter(pk=round_.pk).update(
        ends_at=round_.started_at - datetime.timedelta(minutes=1)
    )
    page = organiser.get(_url("board", event)).content.decode()
    assert "table-late" in page and "Time is up" in page


def _new_event(organiser, club, ruleset, **fields):
    return organiser.post(
        reverse("tournaments:event_create", args=[club.slug]),
        {
            "name": "Autumn Cup",
            "starts_on": "2026-10-03",
            "ruleset": ruleset.pk,
            "rounds": 4,
            "round_minutes": 90,
            "draw": "schedule",
            "substitute_result": "nobody",
            **fields,
        },
    )


def test_a_fixed_score_is_written_in_thousands_under_uma(organiser, club, ruleset):
    response = _new_event(
        organiser, club, ruleset, substitute_result="fixed", substitute_score="-15.0"
    )
    event = Event.objects.get(name="Autumn Cup")
    assert response.status_code == 302
    assert (event.substitute_result, event.substitute_score) == ("fixed", -150)
    page = organiser.get(_url("event", event)).content.decode()
    assert "a substitute's game counts -15.0 for the absent player" in page


def test_the_form_says_a_fixed_score_needs_its_number(organiser, club, ruleset):
    response = _new_event(organiser, club, ruleset, substitute_result="fixed")
    assert response.status_code == 200
    assert "A fixed score for a substitute&#x27;s game needs its number." in (
        response.content.decode()
    )
    assert not Event.objects.exists()


def test_the_form_refuses_rules_for_three_players(organiser, club, alice):
    from rulesets.services import ruleset_create

    sanma = ruleset_create(
        club=club, name="Sanma", created_by=alice, template_preset="tenhou-sanma"
    )
    response = _new_event(organiser, club, sanma)
    assert response.status_code == 200
    assert "seats 3 players: a tournament&#x27;s tables seat four" in response.content.decode()
    assert not Event.objects.exists()


def _play_round(event, alice):
    round_ = services.round_draw(event=event, user=alice)
    services.round_start(round_=round_, user=alice)
    for table in round_.tables.all():
        scoring_services.hand_submit(game=table.game, hand=RON, user=alice)
    services.round_end(round_=round_, user=alice)


def test_a_cut_from_the_page_and_the_finalists_on_the_standing(organiser, event, entrants, alice):
    _play_round(event, alice)
    page = organiser.get(_url("event", event)).content.decode()
    assert "Cut after round 1" in page and "Fix the last round as a final table" in page
    response = organiser.post(_url("cut", event), {"size": "8", "carry": "0"}, follow=True)
    page = response.content.decode()
    assert "The top 8 go on after round 1." in page
    assert "Cut after round 1: the top 8 go on, their scores reset to 0." in page
    assert page.count('<small class="tag">finalist</small>') == 8
    assert AuditEntry.objects.filter(action="tournament.cut.made").count() == 1


def test_a_refused_cut_is_shown_and_changes_nothing(organiser, event, entrants, alice):
    _play_round(event, alice)
    response = organiser.post(_url("cut", event), {"size": "6", "carry": "1"}, follow=True)
    assert "A cut keeps a multiple of four players (4, 8, 12, ...), not 6." in (
        response.content.decode()
    )
    assert not event.cuts.exists()
    response = organiser.post(_url("cut", event), {"size": "", "carry": "1"}, follow=True)
    assert "Say how many players go on, a multiple of four." in response.content.decode()


def test_the_final_table_from_the_page(organiser, event, entrants, alice):
    response = organiser.post(_url("final_table", event), {"carry": "1"}, follow=True)
    page = response.content.decode()
    assert "The last round is a final table of the top four, their scores carried." in page
    event.refresh_from_db()
    assert event.final_table and event.final_carry


def test_a_member_cannot_cut(client, charlie, event, entrants, alice):
    _play_round(event, alice)
    client.force_login(charlie)
    assert client.post(_url("cut", event), {"size": "8", "carry": "1"}).status_code == 403
    assert client.post(_url("final_table", event), {"carry": "1"}).status_code == 403
    assert not event.cuts.exists()
