"""Peak memory of `simulate` against the number of games: it should stay flat (run by hand).

Each size runs in a fresh process (peak resident memory only grows within a process) on a
tiny ruleset, so the simulation's own bookkeeping is what is measured:

    python benchmarks/simulate_memory.py [--games 1000 200000] [--ruleset PATH] [--workers N]
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

TINY = str(Path(__file__).resolve().parent / "data" / "tiny.yaml")

# Run in the child: one simulation, then its peak memory (ru_maxrss is in KiB on Linux).
CHILD = """
import json, resource, sys, time
from rulelang.agents import parse_players
from rulelang.analysis.simulate import simulate
ruleset, games, workers = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
started = time.process_time()
run = simulate(ruleset, games, parse_players("random,random"), seed=1, workers=workers)
peak = max(resource.getrusage(who).ru_maxrss for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
print(json.dumps({"games": run.totals.games, "errors": run.totals.errors, "peak_mib": round(peak / 1024, 1),
                  "cpu_s": round(time.process_time() - started, 1)}))
"""


def measure(ruleset: str, games: int, workers: int) -> dict:
    """One simulation of `games` games in a fresh process: its peak memory and CPU time."""
    done = subprocess.run([sys.executable, "-c", CHILD, ruleset, str(games), str(workers)],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> None:
    """Print one line per size, then the growth from the smallest to the largest."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, nargs="+", default=[1000, 200_000])
    parser.add_argument("--ruleset", default=TINY)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    results = [measure(args.ruleset, games, args.workers) for games in args.games]
    for result in results:
        print(result)
    growth = results[-1]["peak_mib"] - results[0]["peak_mib"]
    print(f"peak memory grew by {growth:.1f} MiB from {results[0]['games']:,} to {results[-1]['games']:,} games")


if __name__ == "__main__":
    main()
