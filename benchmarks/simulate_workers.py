"""The speed-up of `simulate --workers N` over one process, in wall time (run by hand).

The figures must not depend on the number of workers; this checks that too. On a busy
machine the speed-up says more about the neighbours than about rulelang, so the CPU count
and the load average are printed beside it:

    python benchmarks/simulate_workers.py [--ruleset storma_slottet] [--games 400] [--workers 2]
"""
from __future__ import annotations

import argparse
import os
import time

from rulelang.agents import parse_players
from rulelang.analysis.simulate import simulate
from rulelang.api import load_game


def timed(ruleset: str, games: int, workers: int) -> tuple:
    """(wall seconds, the summary without its time) of one simulation."""
    specs = parse_players(",".join(["random"] * load_game(ruleset).min_players))
    started = time.perf_counter()
    summary = simulate(ruleset, games, specs, seed=1, workers=workers).as_json()
    wall = time.perf_counter() - started
    summary.pop("elapsed_s")
    return wall, summary


def main() -> None:
    """Print the wall time with one worker and with N, and the speed-up."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ruleset", default="storma_slottet")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs, load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    one, alone = timed(args.ruleset, args.games, 1)
    many, shared = timed(args.ruleset, args.games, args.workers)
    print(f"{args.ruleset}, {args.games} games: 1 worker {one:.2f} s, {args.workers} workers {many:.2f} s, "
          f"speed-up {one / many:.2f}x, same figures: {alone == shared}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
