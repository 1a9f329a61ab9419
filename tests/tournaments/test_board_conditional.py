"""The board for the room answers the polls of the room's screen and phones with a 304 while
nothing on it changed (clubs.conditional, as the standings and the live board): after any write
of the event, its rounds or their games, and as the round's clock runs down, the board again."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring import services as scoring_services
from tests.tournaments.conftest import RON
from tournaments import services


@pytest.fixture
def pages(event):
    board = reverse("tournaments:board", args=[event.club.slug, event.pk])
    return {"board": board, "fragment": board + "?partial=1"}


@pytest.fixture
def drawn(event, entrants, alice):
    return services.round_draw(event=event, user=alice)


@pytest.fixture
def reader(client, charlie):
    client.force_login(charlie)
    return client


def _again(client, path, response):
    return client.get(path, headers={"if-none-match": response["ETag"]})


def _at(monkeypatch, moment):
    monkeypatch.setattr(timezone, "now", lambda: moment)


@pytest.mark.parametrize("page", ["board", "fragment"])
def test_an_unchanged_board_answers_304_without_rendering(
    reader, pages, drawn, page, django_assert_max_num_queries
):
    first = reader.get(pages[page])
    assert first.status_code == 200
    assert first["ETag"].startswith('W/"')
    assert "no-cache" in first["Cache-Control"] and "private" in first["Cache-Control"]
    # The session, the user, the club and the role (access), the event, its current round,
    # the role (for the tag) and the latest audit entry: not the tables nor the standing.
    with django_assert_max_num_queries(9):
        second = _again(reader, pages[page], first)
    assert second.status_code == 304
    assert second.content == b""
    assert second["ETag"] == first["ETag"]


def test_a_started_round_a_hand_and_a_drop_are_each_a_new_board(
    reader, pages, drawn, alice, entrants, monkeypatch
):
    path = pages["fragment"]
    waiting = reader.get(path)
    assert _again(reader, path, waiting).status_code == 304
    assert "left" not in waiting.content.decode()

    started = services.round_start(round_=drawn, user=alice)
    # The clock stands still here, so that only the writes move the board.
    _at(monkeypatch, started.started_at)
    running = _again(reader, path, waiting)
    assert running.status_code == 200
    assert "1:30:00 left" in running.content.decode()
    assert _again(reader, path, running).status_code == 304

    game = started.tables.get(number=1).game
    scoring_services.hand_submit(game=game, hand=RON, user=alice)
    scored = _again(reader, path, running)
    assert scored.status_code == 200 and scored["ETag"] != running["ETag"]
    assert scored.content != running.content

    dropped = entrants[-1]
    services.entrant_drop(entrant=dropped, user=alice)
    after_drop = _again(reader, path, scored)
    assert after_drop.status_code == 200 and after_drop["ETag"] != scored["ETag"]


def test_the_clock_running_down_is_a_new_board_without_any_write(
    reader, pages, drawn, alice, monkeypatch
):
    path = pages["fragment"]
    started = services.round_start(round_=drawn, user=alice)
    _at(monkeypatch, started.ends_at - datetime.timedelta(minutes=10))
    ten = reader.get(path)
    assert "10:00 left" in ten.content.decode()
    assert _again(reader, path, ten).status_code == 304

    _at(monkeypatch, started.ends_at - datetime.timedelta(minutes=9))
    nine = _again(reader, path, ten)
    assert nine.status_code == 200
    assert "9:00 left" in nine.content.decode()


def test_the_time_running_out_makes_the_playing_tables_late_on_a_new_board(
    reader, pages, drawn, alice, monkeypatch
):
    path = pages["fragment"]
    started = services.round_start(round_=drawn, user=alice)
    # Half a second before the end the clock already reads 0:00, but no table is late yet.
    _at(monkeypatch, started.ends_at - datetime.timedelta(milliseconds=500))
    last_second = reader.get(path)
    assert "Time is up" in last_second.content.decode()
    assert "table-late" not in last_second.content.decode()
    assert _again(reader, path, last_second).status_code == 304

    _at(monkeypatch, started.ends_at + datetime.timedelta(milliseconds=500))
    up = _again(reader, path, last_second)
    assert up.status_code == 200
    assert "table-late" in up.content.decode()


def test_a_board_s_tag_gets_an_outsider_nothing_of_a_private_club(
    client, charlie, dave, pages, drawn
):
    client.force_login(charlie)
    seen = client.get(pages["board"])
    client.force_login(dave)
    assert _again(client, pages["board"], seen).status_code == 404
    client.logout()
    assert _again(client, pages["board"], seen).status_code == 404
