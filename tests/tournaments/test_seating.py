"""The seating draw (tournaments/seating.py): partitions, repeats, winds, sit-outs, apart."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from tournaments.seating import (
    Schedule,
    SeatingError,
    affine_plane,
    draw,
    hermitian_unital,
    main,
    projective_space_lines,
    repeat_floor,
    resolve,
    transversal_design,
)

ROOT = Path(__file__).resolve().parents[2]


def assert_partitions(schedule: Schedule) -> None:
    everyone = set(range(1, schedule.players + schedule.substitutes + 1))
    out_per_round = len(everyone) % 4
    for tables in schedule.rounds:
        seated = [p for table in tables for p in table]
        assert all(len(table) == 4 for table in tables)
        assert len(seated) == len(set(seated)) == len(everyone) - out_per_round
        assert set(seated) <= everyone


def assert_winds_balanced(schedule: Schedule) -> None:
    out = schedule.sit_outs()
    for player, counts in schedule.wind_counts().items():
        played = sum(1 for sitting_out in out if player not in sitting_out)
        assert sum(counts) == played
        assert max(counts) <= math.ceil(played / 4), (player, counts)


def assert_sit_outs_spread(schedule: Schedule) -> None:
    # Nobody sits out a second time in a round before which someone had not sat out at all
    # (with 19 players and 3 out a round, one round takes the last first-timer and two
    # second-timers): after every round the counts differ by one at most.
    times = dict.fromkeys(range(1, schedule.players + 1), 0)
    for sitting_out in schedule.sit_outs():
        for player in sitting_out:
            times[player] += 1
        assert max(times.values()) - min(times.values()) <= 1, times


# ---- constructions -----------------------------------------------------------------------


def pairs_met(classes):
    met: dict[frozenset[int], int] = {}
    for tables in classes:
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
    return met


def test_the_affine_plane_of_order_4_seats_every_pair_of_16_exactly_once_in_5_rounds() -> None:
    classes = affine_plane(4)
    assert len(classes) == 5
    for tables in classes:
        assert sorted(p for table in tables for p in table) == list(range(16))
    met = pairs_met(classes)
    assert len(met) == 16 * 15 // 2
    assert set(met.values()) == {1}


@pytest.mark.parametrize(("q", "rounds"), [(5, 5), (7, 7), (8, 9), (9, 9), (11, 11)])
def test_a_transversal_design_seats_4q_players_with_no_pair_twice(q: int, rounds: int) -> None:
    classes = transversal_design(q)
    assert len(classes) == rounds
    for tables in classes:
        assert sorted(p for table in tables for p in table) == list(range(4 * q))
    assert set(pairs_met(classes).values()) == {1}


def test_the_hermitian_unital_resolves_into_9_rounds_of_28_with_every_pair_once() -> None:
    classes = resolve(hermitian_unital(), 28)
    assert len(classes) == 9
    met = pairs_met(classes)
    assert len(met) == 28 * 27 // 2
    assert set(met.values()) == {1}


def test_the_lines_of_pg_3_3_pack_into_13_rounds_of_40_with_every_pair_once() -> None:
    classes = resolve(projective_space_lines(), 40)
    assert len(classes) == 13
    met = pairs_met(classes)
    assert len(met) == 40 * 39 // 2
    assert set(met.values()) == {1}


# ---- the bar of issue 28 -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "rounds", "most"),
    [
        (16, 5, 0),
        (16, 8, 72),
        (20, 8, 67),
        (24, 8, 24),
        (28, 8, 0),
        (32, 8, 0),
        (36, 8, 0),
        (40, 8, 0),
        (44, 8, 0),
        (48, 8, 0),
    ],
)
def test_repeat_meetings_reach_the_bar(players: int, rounds: int, most: int) -> None:
    schedule = draw(players, rounds, seed=1)
    assert_partitions(schedule)
    assert_winds_balanced(schedule)
    assert repeat_floor(players, rounds) <= schedule.repeats() <= most


def test_16_players_over_8_rounds_reach_the_floor_of_72() -> None:
    assert repeat_floor(16, 8) == 72
    assert draw(16, 8, seed=5).repeats() == 72


def test_over_8_rounds_every_player_sits_every_wind_exactly_twice() -> None:
    schedule = draw(24, 8, seed=2, effort=0.2)
    assert set(schedule.wind_counts().values()) == {(2, 2, 2, 2)}


@pytest.mark.parametrize("players", [17, 18, 19, 21])
def test_sit_outs_are_spread_when_players_are_not_a_multiple_of_four(players: int) -> None:
    rounds = 10
    schedule = draw(players, rounds, seed=3, effort=0.2)
    assert_partitions(schedule)
    assert_sit_outs_spread(schedule)
    assert_winds_balanced(schedule)
    assert sum(len(out) for out in schedule.sit_outs()) == rounds * (players % 4)


def test_substitutes_fill_the_tables_instead_of_sit_outs() -> None:
    schedule = draw(18, 4, seed=3, substitutes=True)
    assert schedule.substitutes == 2
    assert schedule.sit_outs() == ((),) * 4
    for tables in schedule.rounds:
        assert sorted(p for table in tables for p in table) == list(range(1, 21))


def test_the_same_seed_gives_the_same_schedule_and_another_seed_another() -> None:
    assert draw(22, 6, seed=9, effort=0.02) == draw(22, 6, seed=9, effort=0.02)
    assert draw(22, 6, seed=9, effort=0.02) != draw(22, 6, seed=10, effort=0.02)


def test_groups_to_keep_apart_share_no_table_in_the_first_rounds() -> None:
    clubs = [set(range(1, 7)), set(range(7, 13)), {13, 14}]
    schedule = draw(24, 6, seed=4, apart=clubs, apart_rounds=3, effort=0.1)
    for tables in schedule.rounds[:3]:
        for table in tables:
            for club in clubs:
                assert len(club & set(table)) <= 1, (table, club)
    assert_partitions(schedule)


def test_keeping_a_group_apart_costs_no_repeat_where_the_design_allows() -> None:
    schedule = draw(16, 5, seed=4, apart=[{1, 2, 3, 4}], apart_rounds=4)
    assert schedule.repeats() == 0
    for tables in schedule.rounds[:4]:
        assert all(len({1, 2, 3, 4} & set(table)) <= 1 for table in tables)


def test_a_group_too_big_to_keep_apart_is_spread_as_far_as_it_goes() -> None:
    # Five players of one club among four tables: one table has two of them, no table three.
    schedule = draw(16, 3, seed=4, apart=[{1, 2, 3, 4, 5}], effort=0.1)
    for tables in schedule.rounds:
        shared = sorted(len({1, 2, 3, 4, 5} & set(table)) for table in tables)
        assert shared == [1, 1, 1, 2]


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"players": 3, "rounds": 4}, "too_few_players"),
        ({"players": 8, "rounds": 0}, "too_few_rounds"),
        ({"players": 8, "rounds": 2, "apart": [{1, 9}]}, "unknown_player"),
    ],
)
def test_bad_input_is_refused_with_a_code(kwargs, code: str) -> None:
    with pytest.raises(SeatingError) as caught:
        draw(**kwargs)
    assert caught.value.code == code


# ---- the command line --------------------------------------------------------------------


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tournaments.seating", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        check=False,
    )


def test_the_command_line_prints_the_rounds_as_json() -> None:
    done = run_cli("--players", "9", "--rounds", "2", "--seed", "2")
    assert done.returncode == 0, done.stderr
    rounds = json.loads(done.stdout)["rounds"]
    assert len(rounds) == 2
    assert all(len(tables) == 2 and all(len(t) == 4 for t in tables) for tables in rounds)
    assert rounds == draw(9, 2, seed=2).as_json()["rounds"]


def test_the_command_line_keeps_groups_apart_and_fills_with_substitutes(capsys) -> None:
    assert main(["--players", "14", "--rounds", "2", "--apart", "1,2,3", "--substitutes"]) == 0
    rounds = json.loads(capsys.readouterr().out)["rounds"]
    assert sorted(p for table in rounds[0] for p in table) == list(range(1, 17))
    assert all(len({1, 2, 3} & set(table)) <= 1 for tables in rounds for table in tables)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "3", "--rounds", "4"], "at least 4 players, not 3"),
        (["--players", "8", "--rounds", "0"], "at least 1 round, not 0"),
        (["--players", "8", "--rounds", "2", "--apart", "1,x"], "not a list of player numbers"),
        (["--players", "8"], "--rounds"),
    ],
)
def test_the_command_line_refuses_bad_input_with_exit_code_2(args, message: str) -> None:
    done = run_cli(*args)
    assert done.returncode == 2
    assert message in done.stderr
    assert done.stdout == ""


def test_the_docstring_examples_run() -> None:
    import doctest

    import tournaments.seating

    failed, attempted = doctest.testmod(tournaments.seating)
    assert attempted > 10
    assert failed == 0
