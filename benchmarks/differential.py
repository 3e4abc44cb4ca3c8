"""The compiled game beside the reference interpreter, at length: many seeds of every shipped ruleset
and example, every state compared after every decision (tests/test_differential.py plays a few).

    python benchmarks/differential.py [--seeds N] [--decisions D] [--only NAME ...]

Prints, per rule file and player count, the games and decisions compared and the time taken;
exits 1 at the first difference, printing it.
"""
from __future__ import annotations

import argparse
import glob
import os
import sys
import time

from rulelang.analysis.differential import compare_game, reference_game
from rulelang.api import load_game

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def rule_files(only: list) -> list:
    """The shipped rulesets and examples (or those named in `only`)."""
    found = sorted(path for folder in ("rulesets", "examples") for path in glob.glob(os.path.join(ROOT, folder, "*.yaml"))
                   if not path.endswith(".test.yaml"))
    return [path for path in found if not only or os.path.basename(path)[:-5] in only]


def main() -> int:
    """Compare every rule file's games; 1 at the first difference."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=50, help="games per rule file and player count")
    parser.add_argument("--decisions", type=int, default=5000, help="decisions compared per game at most")
    parser.add_argument("--only", nargs="*", default=[], help="rule files by name (without .yaml)")
    args = parser.parse_args()
    for path in rule_files(args.only):
        game, reference = load_game(path), reference_game(path)
        for players in sorted({game.min_players, game.max_players}):
            started, decisions = time.process_time(), 0
            try:
                for seed in range(args.seeds):
                    decisions += compare_game(game, reference, players, seed, args.decisions)
            except AssertionError as difference:
                print(f"{os.path.basename(path)}, {players} players: {difference}")
                return 1
            print(f"{os.path.basename(path)}, {players} players: {args.seeds} games, {decisions:,} decisions, "
                  f"the same states ({time.process_time() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
