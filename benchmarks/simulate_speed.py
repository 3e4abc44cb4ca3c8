"""Measure simulation speed: decisions per second for each packaged ruleset (run by hand).

    python benchmarks/simulate_speed.py [--games N]
"""
from __future__ import annotations

import argparse
import time

from rulelang.agents import random_agents
from rulelang.api import load_game, packaged_rulesets
from rulelang.engine.session import play_game


def measure(name: str, games: int) -> dict:
    """Play `games` seeded random games in this process; return timings."""
    started = time.perf_counter()
    game = load_game(name)
    loaded = time.perf_counter()
    decisions = 0
    for seed in range(games):
        decisions += play_game(game, random_agents(game.min_players, seed), seed).actions
    played = time.perf_counter()
    return {"ruleset": name, "load_ms": round((loaded - started) * 1000, 1),
            "games_per_s": round(games / (played - loaded), 1),
            "decisions_per_s": round(decisions / (played - loaded))}


def main() -> None:
    """Print one line per ruleset."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    args = parser.parse_args()
    for name in sorted(packaged_rulesets()):
        print(measure(name, args.games))


if __name__ == "__main__":
    main()
