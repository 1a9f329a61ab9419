"""Cuts to final rounds and the final table: who goes on, the standing's order after them,
their audit entries, and the refusals that change nothing."""

import pytest

from core.models import AuditEntry
from scoring import services as scoring_services
from tests.tournaments.conftest import RON, make_event, register
from tournaments import services
from tournaments.models import Cut, Event, Round
from tournaments.services import TournamentError
from tournaments.standing import standing

# East deals in to North: the same hand at another pair of seats, so that a second round
# moves other players.
RON_NORTH = {"result": "ron", "from": 0, "wins": [{"seat": 3, "han": 3, "fu": 30}]}


def _play(event, alice, hands=(RON,)):
    round_ = services.round_draw(event=event, user=alice)
    services.round_start(round_=round_, user=alice)
    for table in round_.tables.all():
        for hand in hands:
            scoring_services.hand_submit(game=table.game, hand=hand, user=alice)
        scoring_services.game_finish(game=table.game, user=alice)
    return round_


def _numbers(round_):
    return {s.entrant.number for t in round_.tables.all() for s in t.seats.all()}


def test_a_cut_sends_the_top_of_the_standing_on_with_their_scores(event, entrants, alice):
    _play(event, alice)
    before = standing(event, after=1)
    cut = services.cut_make(event=event, user=alice, size=8, carry=True)
    top = [row.entrant for row in before[:8]]
    assert set(cut.finalists.all()) == set(top)
    entry = AuditEntry.objects.get(action="tournament.cut.made")
    assert entry.after == {
        "event": event.pk,
        "after_round": 1,
        "size": 8,
        "carry": True,
        "finalists": [e.number for e in top],
    }
    round_ = services.round_draw(event=event, user=alice)
    assert round_.tables.count() == 2
    assert _numbers(round_) == {e.number for e in top}
    rows = standing(event)
    assert [r.finalist for r in rows] == [True] * 8 + [False] * 8
    assert max(r.place for r in rows[:8]) <= 8 and rows[8].place == 9
    assert {r.total for r in rows[:8]} == {r.total for r in before[:8]}


def test_a_reset_cut_counts_only_the_final_rounds_and_keeps_the_finalists_first(
    event, entrants, alice
):
    _play(event, alice)
    cut = services.cut_make(event=event, user=alice, size=8, carry=False)
    assert {r.total for r in standing(event) if r.finalist} == {0}
    round_ = _play(event, alice, hands=(RON_NORTH,))
    rows = standing(event)
    finalists = set(cut.finalists.all())
    assert [r.entrant in finalists for r in rows] == [True] * 8 + [False] * 8
    assert {r.games for r in rows[:8]} == {1}
    final_results = {
        s.entrant.pk: s.table.game.seats.get(seat=s.seat).result
        for t in round_.tables.all()
        for s in t.seats.select_related("table__game")
    }
    assert all(r.results == final_results[r.entrant.pk] for r in rows[:8])
    # A finalist who lost the final round is still above every non-finalist.
    assert rows[7].total < 0 and rows[7].place <= 8 and rows[8].place == 9
    assert rows[7].total < max(r.total for r in rows[8:])


def test_a_cut_among_finalists_makes_a_second_tier(club, alice, ruleset):
    event = make_event(club, alice, ruleset, rounds=3)
    register(event, alice, 16)
    _play(event, alice)
    first = services.cut_make(event=event, user=alice, size=8, carry=True)
    _play(event, alice, hands=(RON_NORTH,))
    second = services.cut_make(event=event, user=alice, size=4, carry=True)
    assert set(second.finalists.all()) <= set(first.finalists.all())
    round_ = services.round_draw(event=event, user=alice)
    assert round_.tables.count() == 1
    rows = standing(event)
    assert [r.tier for r in rows] == [2] * 4 + [1] * 4 + [0] * 8


@pytest.mark.parametrize(
    ("size", "code"), [(6, "cut_size"), (3, "cut_size"), (16, "cut_size"), (20, "cut_size")]
)
def test_it_refuses_a_cut_of_a_wrong_size(event, entrants, alice, size, code):
    _play(event, alice)
    with pytest.raises(TournamentError) as e:
        services.cut_make(event=event, user=alice, size=size, carry=True)
    assert e.value.code == code and e.value.field == "size"
    assert not Cut.objects.exists()
    assert not AuditEntry.objects.filter(action="tournament.cut.made").exists()


def test_it_refuses_a_cut_before_a_round_while_one_plays_and_twice(event, entrants, alice):
    with pytest.raises(TournamentError) as e:
        services.cut_make(event=event, user=alice, size=8, carry=True)
    assert e.value.code == "cut_early"
    round_ = services.round_draw(event=event, user=alice)
    services.round_start(round_=round_, user=alice)
    with pytest.raises(TournamentError) as e:
        services.cut_make(event=event, user=alice, size=8, carry=True)
    assert e.value.code == "round_open"
    services.round_end(round_=round_, user=alice)
    services.cut_make(event=event, user=alice, size=8, carry=True)
    with pytest.raises(TournamentError) as e:
        services.cut_make(event=event, user=alice, size=4, carry=True)
    assert e.value.code == "cut_twice"
    assert Cut.objects.count() == 1


def test_it_refuses_a_cut_with_no_round_left(club, alice, ruleset):
    event = make_event(club, alice, ruleset, rounds=1)
    register(event, alice, 8)
    _play(event, alice)
    with pytest.raises(TournamentError) as e:
        services.cut_make(event=event, user=alice, size=4, carry=True)
    assert e.value.code == "cut_late"
    assert not Cut.objects.exists()


@pytest.mark.parametrize("draw", [Event.Draw.SCHEDULE, Event.Draw.SWISS])
@pytest.mark.parametrize("carry", [True, False])
def test_the_last_round_as_a_final_table_of_the_top_four(club, alice, ruleset, draw, carry):
    event = make_event(club, alice, ruleset, rounds=2, draw=draw)
    register(event, alice, 8)
    _play(event, alice)
    services.final_table_fix(event=event, user=alice, carry=carry)
    event.refresh_from_db()
    assert event.final_table and event.final_carry == carry
    assert AuditEntry.objects.get(action="tournament.final_table.fixed").after == {
        "event": event.pk,
        "final_table": True,
        "final_carry": carry,
    }
    top = [row.entrant for row in standing(event, after=1)[:4]]
    round_ = services.round_draw(event=event, user=alice)
    table = round_.tables.get()
    assert [s.entrant for s in table.seats.order_by("seat")] == top
    cut = Cut.objects.get(event=event)
    assert (cut.after_round, cut.size, cut.carry) == (1, 4, carry)
    rows = standing(event)
    assert {r.entrant for r in rows[:4]} == set(top)
    if carry:
        assert [r.entrant for r in rows[:4]] == top
    assert all(r.finalist for r in rows[:4]) and not any(r.finalist for r in rows[4:])
    if not carry:
        assert {r.total for r in rows[:4]} == {0}


def test_it_refuses_a_final_table_once_the_last_round_is_drawn_or_cut(club, alice, ruleset):
    one = make_event(club, alice, ruleset, rounds=1)
    with pytest.raises(TournamentError) as e:
        services.final_table_fix(event=one, user=alice, carry=True)
    assert e.value.code == "final_table"
    event = make_event(club, alice, ruleset, name="Cup", rounds=2)
    register(event, alice, 8)
    _play(event, alice)
    services.cut_make(event=event, user=alice, size=4, carry=True)
    with pytest.raises(TournamentError) as e:
        services.final_table_fix(event=event, user=alice, carry=True)
    assert e.value.code == "final_table"
    services.round_draw(event=event, user=alice)
    with pytest.raises(TournamentError) as e:
        services.final_table_fix(event=event, user=alice, carry=True)
    assert e.value.code == "final_table"
    event.refresh_from_db()
    assert not event.final_table
    assert not AuditEntry.objects.filter(action="tournament.final_table.fixed").exists()


def test_a_cut_by_hand_is_refused_where_the_final_table_makes_its_own(club, alice, ruleset):
    event = make_event(club, alice, ruleset, rounds=2)
    register(event, alice, 8)
    _play(event, alice)
    services.final_table_fix(event=event, user=alice, carry=True)
    with pytest.raises(TournamentError) as e:
        services.cut_make(event=event, user=alice, size=4, carry=False)
    assert e.value.code == "final_table"
    assert not Cut.objects.exists()
    assert Round.objects.filter(event=event).count() == 1


def test_only_an_organiser_cuts(event, entrants, alice, bob):
    from django.core.exceptions import PermissionDenied

    _play(event, alice)
    with pytest.raises(PermissionDenied):
        services.cut_make(event=event, user=bob, size=8, carry=True)
    with pytest.raises(PermissionDenied):
        services.final_table_fix(event=event, user=bob, carry=True)
    assert not Cut.objects.exists()
