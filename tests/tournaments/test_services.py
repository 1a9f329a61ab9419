"""The tournament services: what each writes, its audit entry, and the refusals that change
nothing."""

import itertools

import pytest
from django.core.exceptions import PermissionDenied

from clubs.models import Player
from core.models import AuditEntry
from scoring import services as scoring_services
from scoring.models import Game
from tests.tournaments.conftest import RON, make_event, register
from tournaments import seating, services
from tournaments.models import Entrant, Event, Penalty, Round, Table, TableSeat
from tournaments.services import TournamentError


def _tables(round_):
    return [
        [s.entrant.number if s.entrant else None for s in t.seats.order_by("seat")]
        for t in round_.tables.order_by("number")
    ]


def _finish(round_, user):
    for table in round_.tables.all():
        scoring_services.game_finish(game=table.game, user=user)


def test_an_event_pins_its_rule_sets_current_version(event, ruleset, alice):
    assert event.ruleset_version == ruleset.current_version
    entry = AuditEntry.objects.get(action="tournament.event.created")
    assert entry.after["ruleset_version"] == ruleset.current_version.pk
    assert entry.after["seed"] == 7


def test_it_refuses_an_event_without_a_rule_set(club, alice):
    with pytest.raises(TournamentError) as e:
        make_event(club, alice, None)
    assert e.value.code == "no_ruleset"
    assert "rule set" in str(e.value)
    assert not Event.objects.exists()


def test_it_refuses_an_event_to_someone_who_is_not_an_organiser(club, bob, ruleset):
    with pytest.raises(PermissionDenied):
        make_event(club, bob, ruleset)
    assert not Event.objects.exists()


def test_it_refuses_an_event_that_ends_before_it_starts(club, alice, ruleset):
    import datetime

    with pytest.raises(TournamentError) as e:
        make_event(club, alice, ruleset, ends_on=datetime.date(2026, 4, 10))
    assert e.value.field == "ends_on"


def test_registration_numbers_entrants_and_refuses_a_second_registration(event, alice):
    first, second = register(event, alice, 2)
    assert (first.number, second.number) == (1, 2)
    with pytest.raises(TournamentError) as e:
        services.entrant_register(event=event, user=alice, player=first.player)
    assert e.value.code == "registered"
    assert first.player.display_name in str(e.value)
    assert event.entrants.count() == 2


def test_a_guest_registered_by_name_becomes_a_club_player(event, alice, club):
    entrant = services.entrant_register(event=event, user=alice, name="  Mia   Rossi ")
    assert entrant.player.display_name == "Mia Rossi"
    assert entrant.player.club == club and entrant.player.user is None


def test_a_draw_for_fewer_than_four_players_is_refused(event, alice):
    register(event, alice, 3)
    with pytest.raises(TournamentError) as e:
        services.round_draw(event=event, user=alice)
    assert e.value.code == "too_few_players"
    assert not Round.objects.exists()


def test_only_checked_in_entrants_are_drawn(event, alice):
    here = register(event, alice, 4)
    services.entrant_register(event=event, user=alice, name="Late Riser")
    round_ = services.round_draw(event=event, user=alice)
    assert sorted(n for t in _tables(round_) for n in t) == [e.number for e in here]


def test_the_schedule_draw_is_the_seating_modules_for_the_events_seed(event, entrants, alice):
    round_ = services.round_draw(event=event, user=alice)
    expected = seating.draw(16, 4, seed=7).rounds[0]
    assert _tables(round_) == [list(t) for t in expected]
    assert AuditEntry.objects.get(action="tournament.round.drawn").after["tables"] == _tables(
        round_
    )


def test_a_round_started_twice_is_refused(event, entrants, alice):
    round_ = services.round_draw(event=event, user=alice)
    services.round_start(round_=round_, user=alice)
    games = Game.objects.count()
    with pytest.raises(TournamentError) as e:
        services.round_start(round_=round_, user=alice)
    assert e.value.code == "started"
    assert Game.objects.count() == games == 4


def test_starting_a_round_starts_each_tables_game_with_its_seats_and_the_pinned_rules(
    event, entrants, alice, ruleset
):
    round_ = services.round_draw(event=event, user=alice)
    round_ = services.round_start(round_=round_, user=alice)
    assert round_.status == Round.Status.RUNNING
    assert (round_.ends_at - round_.started_at).total_seconds() == 90 * 60
    for table in round_.tables.all():
        game = table.game
        assert game.ruleset_version == ruleset.current_version
        assert game.table == str(table.number)
        assert [p.pk for p in game.seat_players()] == [
            s.player_id for s in table.seats.order_by("seat")
        ]


def test_the_next_round_waits_for_every_table_of_this_one(event, entrants, alice):
    first = services.round_draw(event=event, user=alice)
    services.round_start(round_=first, user=alice)
    last = first.tables.order_by("number").last()
    for table in first.tables.exclude(pk=last.pk):
        scoring_services.game_finish(game=table.game, user=alice)
    with pytest.raises(TournamentError) as e:
        services.round_draw(event=event, user=alice)
    assert e.value.code == "round_open"
    assert str(last.number) in str(e.value)
    assert Round.objects.count() == 1
    scoring_services.game_finish(game=last.game, user=alice)
    second = services.round_draw(event=event, user=alice)
    assert second.number == 2
    first.refresh_from_db()
    assert first.status == Round.Status.DONE


def test_ending_a_round_at_time_ends_its_running_games(event, entrants, alice):
    round_ = services.round_draw(event=event, user=alice)
    services.round_start(round_=round_, user=alice)
    services.round_end(round_=round_, user=alice)
    assert set(Game.objects.values_list("status", flat=True)) == {Game.Status.FINISHED}
    assert AuditEntry.objects.get(action="tournament.round.ended").after["ended_tables"] == [
        1,
        2,
        3,
        4,
    ]


def test_sixteen_players_over_four_rounds_never_meet_twice(event, entrants, alice):
    met = set()
    for _ in range(4):
        round_ = services.round_draw(event=event, user=alice)
        services.round_start(round_=round_, user=alice)
        for table in _tables(round_):
            for pair in itertools.combinations(sorted(table), 2):
                assert pair not in met
                met.add(pair)
        _finish(round_, alice)
    with pytest.raises(TournamentError) as e:
        services.round_draw(event=event, user=alice)
    assert e.value.code == "all_drawn"


def test_a_player_who_drops_is_in_no_later_draw(event, entrants, alice):
    round_ = services.round_draw(event=event, user=alice)
    services.round_start(round_=round_, user=alice)
    services.entrant_drop(entrant=entrants[0], user=alice, reason="train home")
    _finish(round_, alice)
    second = services.round_draw(event=event, user=alice)
    seated = [n for t in _tables(second) for n in t]
    assert 1 not in seated and len(seated) == 12  # 15 players: three sit out
    assert Entrant.objects.get(pk=entrants[0].pk).dropped_after == 1


def test_a_late_entry_plays_from_the_next_round(event, entrants, alice):
    services.round_draw(event=event, user=alice)
    late = services.entrant_register(event=event, user=alice, name="Late Riser", check_in=True)
    assert late.first_round == 2
    assert not late.plays(1) and late.plays(2)


def test_sit_outs_or_seats_for_substitutes_as_the_organiser_chooses(club, alice, ruleset):
    sitting = make_event(club, alice, ruleset, name="Sit-outs")
    register(sitting, alice, 6)
    round_ = services.round_draw(event=sitting, user=alice)
    assert [len(t) for t in _tables(round_)] == [4]

    filling = make_event(club, alice, ruleset, name="Filled", substitutes=True)
    entrants = register(filling, alice, 6)
    round_ = services.round_draw(event=filling, user=alice)
    seats = [n for t in _tables(round_) for n in t]
    assert sorted(n for n in seats if n) == [e.number for e in entrants]
    assert seats.count(None) == 2
    with pytest.raises(TournamentError) as e:
        services.round_start(round_=round_, user=alice)
    assert e.value.code == "empty_seat"
    assert not Game.objects.exists()
    for seat in TableSeat.objects.filter(table__round=round_, entrant=None):
        services.seat_substitute(seat=seat, user=alice, name=f"Sub {seat.pk}")
    services.round_start(round_=round_, user=alice)
    assert Game.objects.count() == 2


def test_a_substitute_plays_an_absent_entrants_seat(event, entrants, alice, club):
    round_ = services.round_draw(event=event, user=alice)
    seat = TableSeat.objects.filter(table__round=round_).first()
    services.seat_substitute(seat=seat, user=alice, name="Stand In")
    seat.refresh_from_db()
    assert seat.player.display_name == "Stand In" and seat.is_substitute
    services.round_start(round_=round_, user=alice)
    assert seat.player in Table.objects.get(pk=seat.table_id).game.seat_players()
    assert AuditEntry.objects.filter(action="tournament.seat.substituted").count() == 1


def test_a_substitute_already_seated_is_refused(event, entrants, alice):
    round_ = services.round_draw(event=event, user=alice)
    first, other = TableSeat.objects.filter(table__round=round_).order_by("table__number")[:2]
    with pytest.raises(TournamentError) as e:
        services.seat_substitute(seat=first, user=alice, player=other.player)
    assert e.value.code == "seated"
    assert other.player.display_name in str(e.value)
    first.refresh_from_db()
    assert first.player == first.entrant.player


def test_a_substitute_after_the_start_is_refused(event, entrants, alice):
    round_ = services.round_draw(event=event, user=alice)
    services.round_start(round_=round_, user=alice)
    seat = TableSeat.objects.filter(table__round=round_).first()
    with pytest.raises(TournamentError) as e:
        services.seat_substitute(seat=seat, user=alice, name="Too Late")
    assert e.value.code == "started"


def test_a_penalty_needs_a_reason_and_a_drawn_round(event, entrants, alice):
    with pytest.raises(TournamentError) as e:
        services.penalty_add(
            event=event, entrant=entrants[0], round_number=1, points=-20, reason="phone", user=alice
        )
    assert e.value.code == "round"
    services.round_draw(event=event, user=alice)
    with pytest.raises(TournamentError) as e:
        services.penalty_add(
            event=event, entrant=entrants[0], round_number=1, points=-20, reason=" ", user=alice
        )
    assert e.value.code == "blank"
    assert not Penalty.objects.exists()
    services.penalty_add(
        event=event, entrant=entrants[0], round_number=1, points=-20, reason="phone", user=alice
    )
    entry = AuditEntry.objects.get(action="tournament.penalty.added")
    assert (entry.after["points"], entry.reason) == (-20, "phone")


def test_only_an_organiser_runs_the_night(event, entrants, bob, charlie):
    for user in (bob, charlie):
        with pytest.raises(PermissionDenied):
            services.round_draw(event=event, user=user)
    assert not Round.objects.exists()


def test_a_swiss_round_seats_neighbours_of_the_standing_with_the_fewest_repeats(
    club, alice, ruleset
):
    swiss = make_event(club, alice, ruleset, name="Swiss", draw=Event.Draw.SWISS)
    register(swiss, alice, 8)
    first = services.round_draw(event=swiss, user=alice)
    services.round_start(round_=first, user=alice)
    table_one = first.tables.get(number=1)
    scoring_services.hand_submit(game=table_one.game, hand=RON, user=alice)
    _finish(first, alice)
    winner = table_one.seats.get(seat=2).entrant.number
    second = services.round_draw(event=swiss, user=alice)
    assert winner in _tables(second)[0]  # the leader heads the first table
    before = [set(t) for t in _tables(first)]
    repeats = sum(
        1
        for table in _tables(second)
        for pair in itertools.combinations(table, 2)
        if any(set(pair) <= t for t in before)
    )
    # Two tables of four from two: at least two of each old table meet again at each new one;
    # the straight cut (1-4, 5-8) could give 12.
    assert repeats == 4


def test_a_merged_players_entry_follows_them(event, alice, club):
    from clubs import players

    (entrant,) = register(event, alice, 1)
    kept = Player.objects.create(club=club, display_name="Guest One")
    players.player_merge(kept=kept, duplicate=entrant.player, actor=alice, actor_role="organiser")
    entrant.refresh_from_db()
    assert entrant.player == kept


def test_two_entrants_of_one_event_cannot_be_merged(event, alice):
    from clubs import players
    from clubs.services import ClubError

    first, second = register(event, alice, 2)
    with pytest.raises(ClubError) as e:
        players.player_merge(
            kept=first.player, duplicate=second.player, actor=alice, actor_role="organiser"
        )
    assert e.value.code == "merge_same_event"
    assert Entrant.objects.filter(event=event).count() == 2


def test_a_penalty_too_large_for_any_result_is_refused(event, entrants, alice):
    services.round_draw(event=event, user=alice)
    with pytest.raises(TournamentError) as e:
        services.penalty_add(
            event=event,
            entrant=entrants[0],
            round_number=1,
            points=-10_000_001,
            reason="typo",
            user=alice,
        )
    assert e.value.code == "penalty_too_large"
    assert not Penalty.objects.exists()


def test_it_refuses_an_event_under_rules_for_three_players(club, alice):
    from rulesets.services import ruleset_create

    sanma = ruleset_create(
        club=club, name="Sanma nights", created_by=alice, template_preset="tenhou-sanma"
    )
    with pytest.raises(TournamentError) as e:
        make_event(club, alice, sanma)
    assert e.value.code == "players" and e.value.field == "ruleset"
    assert str(e.value) == (
        "The rule set Sanma nights seats 3 players: a tournament's tables seat four. "
        "Choose a rule set for four players."
    )
    assert not Event.objects.exists()
    assert not AuditEntry.objects.filter(action="tournament.event.created").exists()


def test_a_fixed_substitute_score_needs_its_number_and_is_kept_only_for_fixed(club, alice, ruleset):
    with pytest.raises(TournamentError) as e:
        make_event(club, alice, ruleset, substitute_result="fixed")
    assert e.value.code == "substitute_score" and e.value.field == "substitute_score"
    with pytest.raises(TournamentError) as e:
        make_event(club, alice, ruleset, substitute_result="sometimes")
    assert e.value.code == "substitute_result"
    assert not Event.objects.exists()
    fixed = make_event(club, alice, ruleset, substitute_result="fixed", substitute_score=-100)
    assert fixed.substitute_score == -100
    entry = AuditEntry.objects.get(action="tournament.event.created")
    assert entry.after["substitute_result"] == "fixed"
    assert entry.after["substitute_score"] == -100
    other = make_event(club, alice, ruleset, name="Cup", substitute_score=-100)
    assert other.substitute_score is None
