"""How fast rulelang plays: random-bot games of every shipped ruleset, on one core, in CPU time.

    python benchmarks/speed.py [--seconds S] [--repeat R] [--workers] [--only NAME ...]

Prints, per ruleset (Høyers trappe at 2 and 10 players, Supertrumf at 6 too): decisions per
CPU-second, games per CPU-second and µs per decision (the best of R runs of about S seconds
each, seeded, quiet games as `simulate` plays them); then Storma slottet! against the
hand-written baseline in ../shared/perf/storma_baseline.py measured in turns with it; with
--workers, the wall-clock speed-up of `simulate --workers 2` over one worker.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

from cases import RULESETS  # (benchmarks/, beside this script)

from rulelang.agents import parse_players, random_agents
from rulelang.analysis.simulate import simulate
from rulelang.api import load_game
from rulelang.engine.session import play_game

BASELINE = Path(__file__).resolve().parents[2] / "shared" / "perf" / "storma_baseline.py"


def measure(name: str, players: int, seconds: float) -> dict:
    """Play seeded quiet games for about `seconds` of CPU time; decisions and games per CPU-second."""
    game = load_game(name)
    decisions = games = 0
    started = time.process_time()
    while time.process_time() - started < seconds or games == 0:
        st = play_game(game, random_agents(players, games), games, quiet=True)
        decisions += st.actions
        games += 1
    used = time.process_time() - started
    return {"decisions_per_s": decisions / used, "games_per_s": games / used, "us_per_decision": 1e6 * used / decisions,
            "games": games}


def best_of(name: str, players: int, seconds: float, repeat: int) -> dict:
    """The fastest of several measurements (the others lost time to the machine, not to rulelang)."""
    return max((measure(name, players, seconds) for _ in range(repeat)), key=lambda m: m["decisions_per_s"])


def baseline(seconds: float, seed: int) -> float:
    """Decisions per second of one run of the hand-written Storma."""
    out = subprocess.run([sys.executable, str(BASELINE), str(max(200, int(seconds * 1000))), str(seed)],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["decisions_per_s"]


def storma_against_baseline(seconds: float, repeat: int) -> tuple:
    """The best of `repeat` measurements of Storma slottet! and of the hand-written baseline, taken
    in turns: this machine's speed drifts from minute to minute, and taking turns lets the
    drift weigh on both alike. The baseline is None when it is not beside the project."""
    found, reference = [], []
    for seed in range(repeat):
        found.append(measure("storma_slottet", 2, seconds))
        if BASELINE.exists():
            reference.append(baseline(seconds, seed))
    return max(found, key=lambda m: m["decisions_per_s"]), max(reference, default=None)


def worker_speedup(name: str, games: int) -> tuple:
    """Wall-clock seconds of `simulate` with 1 and 2 workers on the same games (random bots, as
    many as the game's fewest players)."""
    specs = parse_players(",".join(["random"] * load_game(name).min_players))
    times = []
    for workers in (1, 2):
        started = time.perf_counter()
        simulate(name, games, specs, seed=1, workers=workers)
        times.append(time.perf_counter() - started)
    return tuple(times)


def main() -> None:
    """Measure and print a table (Markdown, ready for benchmarks/RESULTS.md)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per measurement")
    parser.add_argument("--repeat", type=int, default=3, help="measurements per ruleset (the best counts)")
    parser.add_argument("--workers", action="store_true", help="also measure simulate --workers 2")
    parser.add_argument("--only", nargs="*", help="ruleset names to measure (default: all)")
    args = parser.parse_args()
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"Python {platform.python_version()}, load {os.getloadavg()[0]:.2f}")
    print()
    print("| ruleset | players | decisions / CPU-s | games / CPU-s | µs / decision |")
    print("|---|---|---|---|---|")
    storma = reference = None
    for name, players in RULESETS:
        if args.only and name not in args.only:
            continue
        if name == "storma_slottet":
            found, reference = storma_against_baseline(args.seconds, args.repeat)
            storma = found["decisions_per_s"]
        else:
            found = best_of(name, players, args.seconds, args.repeat)
        print(f"| {name} | {players} | {found['decisions_per_s']:,.0f} | {found['games_per_s']:,.2f} "
              f"| {found['us_per_decision']:.1f} |", flush=True)
    if storma is not None:
        if reference:
            print(f"\nStorma slottet!: {storma:,.0f} decisions/s against the hand-written baseline's "
                  f"{reference:,.0f}: {storma / reference:.3f}x (goal 0.1x, aim 0.5x)")
    if args.workers:
        one, two = worker_speedup("storma_slottet", 400)
        print(f"\nsimulate storma_slottet, 400 games: 1 worker {one:.2f} s, 2 workers {two:.2f} s wall: "
              f"{one / two:.2f}x")


if __name__ == "__main__":
    main()
