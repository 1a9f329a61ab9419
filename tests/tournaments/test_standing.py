"""The standing: the games' cached results plus penalties, and the tie rules."""

import itertools

import pytest

from engine import Unit
from scoring import services as scoring_services
from scoring.models import GameSeat
from tests.tournaments.conftest import RON, make_event, register
from tournaments import services
from tournaments.models import TableSeat
from tournaments.standing import standing


def _play_round(event, alice, *, ron_at=()):
    round_ = services.round_draw(event=event, user=alice)
    services.round_start(round_=round_, user=alice)
    for table in round_.tables.all():
        if table.number in ron_at:
            scoring_services.hand_submit(game=table.game, hand=RON, user=alice)
        scoring_services.game_finish(game=table.game, user=alice)
    return round_


def test_the_standing_adds_the_games_cached_results_and_the_penalties(event, entrants, alice):
    round_ = _play_round(event, alice, ron_at={1})
    table = round_.tables.get(number=1)
    winner = table.seats.get(seat=2).entrant
    services.penalty_add(
        event=event, entrant=winner, round_number=1, points=-50, reason="late", user=alice
    )
    rows = {row.entrant.pk: row for row in standing(event)}
    for seat in GameSeat.objects.filter(game__tournament_table__round=round_):
        entrant = TableSeat.objects.get(table__game=seat.game, seat=seat.seat).entrant
        assert rows[entrant.pk].results == seat.result
    assert rows[winner.pk].penalties == -50
    assert rows[winner.pk].total == rows[winner.pk].results - 50
    assert rows[winner.pk].unit == Unit.TENTHS
    assert rows[winner.pk].total_text.startswith("+")


def test_the_best_total_leads_and_equal_players_share_a_place(event, entrants, alice):
    _play_round(event, alice)  # no hands: every table's four finish level
    rows = standing(event)
    assert len(rows) == 16
    totals = [r.total for r in rows]
    assert totals == sorted(totals, reverse=True)
    for earlier, later in itertools.pairwise(rows):
        if (earlier.total, earlier.firsts, earlier.best) == (later.total, later.firsts, later.best):
            assert earlier.place == later.place
        else:
            assert later.place > earlier.place


def test_a_penalty_breaks_a_tie(event, entrants, alice):
    services.round_draw(event=event, user=alice)
    services.penalty_add(
        event=event, entrant=entrants[3], round_number=1, points=-10, reason="phone", user=alice
    )
    rows = standing(event)
    assert rows[-1].entrant == entrants[3] and rows[-1].place == 16
    assert {r.place for r in rows[:-1]} == {1}


def test_the_standing_after_a_round_leaves_out_later_rounds(event, entrants, alice):
    _play_round(event, alice, ron_at={1})
    _play_round(event, alice, ron_at={1, 2})
    after_one = {r.entrant.pk: r.games for r in standing(event, after=1)}
    after_two = {r.entrant.pk: r.games for r in standing(event, after=2)}
    assert set(after_one.values()) == {1}
    assert set(after_two.values()) == {2}


@pytest.mark.parametrize(("counts_for", "expected"), [("entrant", 1), ("nobody", 0)])
def test_a_substitutes_result_counts_as_the_event_says(club, alice, ruleset, counts_for, expected):
    event = make_event(club, alice, ruleset, substitute_result=counts_for)
    register(event, alice, 4)
    round_ = services.round_draw(event=event, user=alice)
    seat = round_.tables.get().seats.get(seat=2)
    services.seat_substitute(seat=seat, user=alice, name="Stand In")
    services.round_start(round_=round_, user=alice)
    game = round_.tables.get().game
    scoring_services.hand_submit(game=game, hand=RON, user=alice)
    scoring_services.game_finish(game=game, user=alice)
    row = next(r for r in standing(event) if r.entrant == seat.entrant)
    assert row.games == expected
    assert row.results == (GameSeat.objects.get(game=game, seat=2).result if expected else 0)


def test_a_substitutes_game_counts_a_fixed_score_for_the_absent_entrant(club, alice, ruleset):
    event = make_event(club, alice, ruleset, substitute_result="fixed", substitute_score=-150)
    register(event, alice, 4)
    round_ = services.round_draw(event=event, user=alice)
    seat = round_.tables.get().seats.get(seat=2)  # the winner's seat of RON
    services.seat_substitute(seat=seat, user=alice, name="Stand In")
    services.round_start(round_=round_, user=alice)
    game = round_.tables.get().game
    scoring_services.hand_submit(game=game, hand=RON, user=alice)
    scoring_services.game_finish(game=game, user=alice)
    assert GameSeat.objects.get(game=game, seat=2).result > 0
    rows = {r.entrant: r for r in standing(event)}
    absent = rows[seat.entrant]
    assert (absent.games, absent.results, absent.total) == (1, -150, -150)
    assert (absent.firsts, absent.best, absent.score) == (0, None, 0)
    others = [r for e, r in rows.items() if e != seat.entrant]
    # Level on the total, a player with a game of their own is ahead (no best for a fixed score).
    assert absent.place == 1 + sum(1 for r in others if r.total >= -150)
    assert all(r.games == 1 and r.best is not None for r in others)
