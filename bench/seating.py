"""The seating draw's quality and time: repeat meetings against the counting floor, per size.

    .venv/bin/python bench/seating.py                     # 16-64 players, 4-10 rounds
    .venv/bin/python bench/seating.py --players 24 --rounds 8 --seeds 0 1 2

For each size prints the repeat meetings of the draw (a pair that meets k times counts k - 1;
the worst over the seeds), the floor that counting gives (:func:`tournaments.seating.repeat_floor`:
pair meetings beyond the number of pairs, and each player's meetings beyond the others there
are), and the slowest draw's time (wall clock, and the process's CPU time, which a
busy machine disturbs less). Players not a multiple of four sit out in turn.
Markdown table rows, ready for docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.seating import draw, repeat_floor

SIZES = [*range(16, 65, 4), 17, 18, 19, 21, 30]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, nargs="*", default=SIZES)
    parser.add_argument("--rounds", type=int, nargs="*", default=list(range(4, 11)))
    parser.add_argument("--seeds", type=int, nargs="*", default=[1])
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, seeds {args.seeds}")
    print("| players | rounds | repeats | floor | time (s) | CPU (s) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for players in args.players:
        for rounds in args.rounds:
            worst, slowest, cpu = 0, 0.0, 0.0
            for seed in args.seeds:
                start, start_cpu = time.perf_counter(), time.process_time()
                schedule = draw(players, rounds, seed)
                slowest = max(slowest, time.perf_counter() - start)
                cpu = max(cpu, time.process_time() - start_cpu)
                worst = max(worst, schedule.repeats())
            floor = repeat_floor(players, rounds)
            print(
                f"| {players} | {rounds} | {worst} | {floor} | {slowest:.2f} | {cpu:.2f} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
