"""Properties of the seating draw for any size: partitions, winds, sit-outs, seeds."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.seating import draw

sizes = st.integers(min_value=4, max_value=64)
rounds = st.integers(min_value=1, max_value=10)
seeds = st.integers(min_value=0, max_value=2**32)


@settings(max_examples=25, deadline=None)
@given(players=sizes, rounds=rounds, seed=seeds, substitutes=st.booleans())
def test_every_draw_is_a_fair_partition_and_reproducible(
    players: int, rounds: int, seed: int, substitutes: bool
) -> None:
    schedule = draw(players, rounds, seed, substitutes=substitutes, effort=0.05)
    everyone = players + schedule.substitutes
    assert schedule.substitutes == ((-players) % 4 if substitutes else 0)
    out = schedule.sit_outs()
    times = dict.fromkeys(range(1, players + 1), 0)
    for tables, sitting_out in zip(schedule.rounds, out, strict=True):
        seated = [p for table in tables for p in table]
        assert all(len(table) == 4 for table in tables)
        assert sorted(seated + list(sitting_out)) == list(range(1, everyone + 1))
        assert len(sitting_out) == everyone % 4
        for player in sitting_out:
            times[player] += 1
        assert max(times.values()) - min(times.values()) <= 1
    for player, counts in schedule.wind_counts().items():
        played = sum(1 for sitting_out in out if player not in sitting_out)
        assert max(counts) <= math.ceil(played / 4)
    assert draw(players, rounds, seed, substitutes=substitutes, effort=0.05) == schedule
