"""Rounds on a clock: once a round's time is up, the next hand recorded at a table ends its
game with the rules' settlement (scoring asks the clock the tournaments app registers); the
clock's check marks the tables still playing late; the entry screen shows the time left.
Every clock here is explicit: a round's end set in the past, a ``now`` given."""

import datetime

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from core.models import AuditEntry
from scoring import clocks
from scoring import services as scoring_services
from scoring.models import Game, GameSeat
from tests.tournaments.conftest import RON
from tournaments import services
from tournaments.models import Round, Table
from tournaments.standing import standing


@pytest.fixture
def running(event, entrants, alice):
    round_ = services.round_draw(event=event, user=alice)
    return services.round_start(round_=round_, user=alice)


def _time_up(round_, minutes=1):
    Round.objects.filter(pk=round_.pk).update(
        ends_at=timezone.now() - datetime.timedelta(minutes=minutes)
    )


def test_a_hand_before_the_clock_runs_out_leaves_the_game_running(running, alice):
    game = running.tables.get(number=1).game
    assert clocks.game_deadline(game) == running.ends_at
    scoring_services.hand_submit(game=game, hand=RON, user=alice)
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING and not game.ended


def test_the_next_hand_after_the_clock_ends_the_game_with_the_settlement(event, running, alice):
    game = running.tables.get(number=1).game
    _time_up(running)
    write = scoring_services.hand_submit(game=game, hand=RON, user=alice)
    game.refresh_from_db()
    assert write.response["status"] == Game.Status.FINISHED
    assert game.status == Game.Status.FINISHED and game.ended and game.hand_count == 1
    results = list(GameSeat.objects.filter(game=game).values_list("result", flat=True))
    assert None not in results and sum(results) == 0 and len(set(results)) > 1
    entry = AuditEntry.objects.get(action="game.finished", game=game)
    assert entry.reason == "time" and entry.hand_number == 1
    assert entry.after == game.final
    # The other tables play on until their own next hand.
    other = running.tables.get(number=2).game
    other.refresh_from_db()
    assert other.status == Game.Status.RUNNING
    rows = {r.entrant.player_id: r for r in standing(event)}
    winner = GameSeat.objects.get(game=game, seat=2)
    assert rows[winner.player_id].results == winner.result > 0


def test_a_game_of_no_tournament_has_no_clock(club, bob, alice):
    game = scoring_services.game_create(
        club=club,
        players=[club.players.create(display_name=f"P{i}") for i in range(4)],
        created_by=alice,
        rules="japanese-modern",
    )
    assert clocks.game_deadline(game) is None and clocks.entry_clock(game) is None
    scoring_services.hand_submit(game=game, hand=RON, user=alice)
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING


def test_a_round_ended_by_the_organiser_gives_its_games_no_clock(running, alice):
    game = running.tables.get(number=1).game
    services.round_end(round_=running, user=alice)
    game.refresh_from_db()
    assert clocks.game_deadline(game) is None


def test_the_clocks_check_marks_the_tables_playing_late_once(event, running, alice):
    first = running.tables.get(number=1)
    scoring_services.game_finish(game=first.game, user=alice)
    now = running.ends_at + datetime.timedelta(seconds=30)
    assert services.tables_mark_late(now=running.ends_at - datetime.timedelta(seconds=1)) == []
    marked = services.tables_mark_late(now=now)
    assert [t.number for t in marked] == [2, 3, 4]
    assert set(Table.objects.filter(late_at=now).values_list("number", flat=True)) == {2, 3, 4}
    assert Table.objects.get(pk=first.pk).late_at is None
    entries = AuditEntry.objects.filter(action="tournament.table.late").order_by("id")
    assert [e.after["table"] for e in entries] == [2, 3, 4]
    assert entries[0].after["round"] == 1 and entries[0].actor is None
    assert services.tables_mark_late(now=now + datetime.timedelta(minutes=5)) == []
    assert AuditEntry.objects.filter(action="tournament.table.late").count() == 3


def test_the_command_marks_late_tables_and_says_which(event, running, capsys):
    _time_up(running)
    call_command("tournament_clock")
    out = capsys.readouterr().out
    assert "Spring Open: round 1, table 4 is late" in out
    assert "4 table(s) marked late" in out
    call_command("tournament_clock")
    assert "0 table(s) marked late" in capsys.readouterr().out


def test_the_entry_screen_counts_the_rounds_time_down(client, alice, running):
    game = running.tables.get(number=1).game
    client.force_login(alice)
    page = client.get(reverse("scoring:hand_new", args=[game.pk])).content.decode()
    assert "data-round-clock" in page and "js/clock.js" in page
    assert 'data-left="{clock} left in the round"' in page
    seconds = int(page.split('data-seconds-left="')[1].split('"')[0])
    assert 89 * 60 <= seconds <= 90 * 60
    assert "left in the round</p>" in page
    _time_up(running)
    page = client.get(reverse("scoring:hand_new", args=[game.pk])).content.decode()
    assert 'data-seconds-left="0"' in page
    assert "round-clock time-up" in page
    assert ">Time is up: this hand ends the game.</p>" in page
    game_page = client.get(reverse("scoring:game", args=[game.pk])).content.decode()
    assert "Time is up: this hand ends the game." in game_page


def test_a_finished_game_shows_no_clock(client, alice, running):
    game = running.tables.get(number=1).game
    scoring_services.game_finish(game=game, user=alice)
    client.force_login(alice)
    page = client.get(reverse("scoring:game", args=[game.pk])).content.decode()
    assert "data-round-clock" not in page


def test_the_board_marks_a_table_the_check_found_late_after_it_finished(
    client, alice, event, running
):
    services.tables_mark_late(now=running.ends_at + datetime.timedelta(seconds=1))
    table = running.tables.get(number=1)
    scoring_services.game_finish(game=table.game, user=alice)
    client.force_login(alice)
    url = reverse("tournaments:board", args=[event.club.slug, event.pk])
    page = client.get(url + "?partial=1").content.decode()
    assert 'table-finished">' in page and '<span class="late">late</span>' in page


def test_the_preview_of_a_hand_at_time_shows_the_game_ending(running, alice):
    game = running.tables.get(number=1).game
    assert not scoring_services.hand_preview(game=game, hand=RON, user=alice)["final"]["over"]
    _time_up(running)
    preview = scoring_services.hand_preview(game=game, hand=RON, user=alice)
    assert preview["final"]["over"] and preview["final"]["results"]
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING and not game.ended and game.hand_count == 0


def test_the_clocks_docstring_examples_run():
    import doctest

    failed, attempted = doctest.testmod(clocks)
    assert attempted > 0 and failed == 0
