"""Python calls per decision: the speed guard's count, exact where a clock is not.

    python benchmarks/calls_per_decision.py            # count every case, print a table
    python benchmarks/calls_per_decision.py --json     # the counts as JSON (what the guard test reads)
    python benchmarks/calls_per_decision.py --write    # store the counts as the committed table

Every shipped ruleset is played with random seats (and two with a search bot in one seat) over
fixed seeds, quiet as `simulate` plays, under cProfile, with every function of its code compiled
first; the count is every function call, Python's and built-in ones, divided by the decisions made. Run in a fresh process with a fixed
PYTHONHASHSEED (this script sets it), the same code gives the same count on any machine with the
same Python minor version, whatever else the machine is doing.

tests/test_calls_per_decision.py compares the counts with the table in
benchmarks/data/calls_per_decision.json: a case more than 3% over (or under) fails. The table
changes only in a commit that says why (`--write`, then commit the table with the reason).
"""
from __future__ import annotations

import argparse
import cProfile
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

from cases import RULESETS  # (benchmarks/, beside this script)

TABLE = Path(__file__).resolve().parent / "data" / "calls_per_decision.json"
TOLERANCE = 0.03
HASH_SEED = "0"
MIN_DECISIONS = 1500
MAX_GAMES = 50

# (ruleset, seats[, decisions]): random seats unless a seat names its bot, seeded games from seed 0
# until the decisions are made (MIN_DECISIONS unless given; at most MAX_GAMES games). Every
# shipped ruleset is here (a test checks it), at the player counts the speed benchmarks measure.
CASES = [(name, ",".join(["random"] * players)) for name, players in RULESETS] + [
    # search: what a bot's iterations cost (clones, samples, playouts)
    ("storma_slottet", "mcts:iterations=20,random", 150),
    ("hearts", "mcts:iterations=4,random,random,random", 1),
]


def case_key(name: str, seats: str) -> str:
    """The table's key of a case."""
    return f"{name} {seats}"


def count_case(name: str, seats: str, least: int = MIN_DECISIONS) -> dict:
    """Play the case's seeded games under cProfile: calls, decisions and games."""
    from rulelang.agents import build_agent, parse_players
    from rulelang.api import load_game
    from rulelang.engine.session import play_game

    game = load_game(name)
    game.program.compile_all()  # (code compiles at its first call: what is counted is deciding, not compiling)
    specs = parse_players(seats)
    profile = cProfile.Profile()
    decisions = games = 0
    while decisions < least and games < MAX_GAMES:
        agents = [build_agent(spec, seat, games, game) for seat, spec in enumerate(specs)]
        profile.enable()
        st = play_game(game, agents, games, quiet=True)
        profile.disable()
        decisions += st.actions
        games += 1
    calls = sum(entry.callcount for entry in profile.getstats())  # pstats would merge alike-named code
    return {"calls": calls, "decisions": decisions, "games": games, "per_decision": round(calls / decisions, 2)}


def count_all(only: list | None = None) -> dict:
    """Every case's count, in this process (see `counted` for the guard's fresh process)."""
    return {case_key(name, seats): count_case(name, seats, *least) for name, seats, *least in CASES
            if not only or name in only}


def python_version() -> str:
    """The Python minor version the counts belong to (the standard library's calls differ between them)."""
    return ".".join(platform.python_version_tuple()[:2])


def counted(only: list | None = None) -> dict:
    """Every case's count, made in a fresh process with a fixed hash seed (so set and dict
    orders, and with them the calls, are the same at every run)."""
    command = [sys.executable, __file__, "--json", "--here", *(["--only", *only] if only else [])]
    env = {**os.environ, "PYTHONHASHSEED": HASH_SEED}
    out = subprocess.run(command, capture_output=True, text=True, env=env, check=True).stdout
    return json.loads(out)


def compare(found: dict, table: dict) -> list:
    """One line per case whose calls per decision left the table's by more than TOLERANCE, or
    that the table lacks."""
    faults = []
    for key, now in found.items():
        before = table["cases"].get(key)
        if before is None:
            faults.append(f"{key}: not in the table ({now['per_decision']} calls per decision)")
            continue
        ratio = now["per_decision"] / before
        if ratio > 1 + TOLERANCE:
            faults.append(f"{key}: {now['per_decision']} calls per decision, {ratio - 1:.1%} over the "
                          f"table's {before}")
        elif ratio < 1 - TOLERANCE:
            faults.append(f"{key}: {now['per_decision']} calls per decision, {1 - ratio:.1%} under the "
                          f"table's {before}: lower the table (--write) in a commit that says why")
    return faults


def main() -> None:
    """Count, print, or write the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    parser.add_argument("--write", action="store_true", help=f"store the counts in {TABLE.name}")
    parser.add_argument("--only", nargs="*", help="ruleset names to count (default: all)")
    parser.add_argument("--here", action="store_true", help=argparse.SUPPRESS)  # already the fresh process
    args = parser.parse_args()
    found = count_all(args.only) if args.here else counted(args.only)
    if args.json:
        print(json.dumps(found))
        return
    table = json.loads(TABLE.read_text()) if TABLE.exists() else {"cases": {}}
    print(f"Python {platform.python_version()}; calls per decision (table: Python {table.get('python', '?')})")
    print()
    print("| case | decisions | calls / decision | table | change |")
    print("|---|---|---|---|---|")
    for key, now in found.items():
        before = table["cases"].get(key)
        change = f"{now['per_decision'] / before - 1:+.1%}" if before else "new"
        print(f"| {key} | {now['decisions']} | {now['per_decision']} | {before or ''} | {change} |")
    if args.write:
        counts = {key: now["per_decision"] for key, now in found.items()}
        cases = {**table["cases"], **counts} if args.only else counts
        TABLE.write_text(json.dumps({"python": python_version(), "cases": cases}, indent=1, sort_keys=True) + "\n")
        print(f"\nwrote {TABLE}")


if __name__ == "__main__":
    main()
