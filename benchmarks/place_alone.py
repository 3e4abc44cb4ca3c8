"""What the state's own primitive for moving pieces costs by itself, beside a whole decision.

    python benchmarks/place_alone.py [--games N] [--only NAME ...]

Every move, draw and deal ends in `GameState.place`, which records where each piece lies, what
each seat saw of it and what changed. This plays seeded quiet random games of each ruleset
(cases.py), records every call of `place`, then replays those calls alone, in order, on fresh
states of the same games: the time a decision spends in the engine's data model, before any
rule is read or any decision is asked. Printed per ruleset: µs per decision of the whole game,
µs per decision of `place` alone (and its share), and `place` calls per decision; the best of
three CPU-time measurements each. A game that makes zones or markers as it plays (a pile added
to a row, a hand split, a marker) cannot be replayed this way and is said so.
"""
from __future__ import annotations

import argparse
import time

from cases import RULESETS  # (benchmarks/, beside this script)

from rulelang.agents import random_agents
from rulelang.api import load_game
from rulelang.engine.placing import Placing
from rulelang.engine.session import play_game
from rulelang.engine.state import GameState
from rulelang.errors import GameError

REPEAT = 3


def recorded_places(game, players: int, games: int) -> list:
    """Per seeded game, the arguments of every `place` call it made, in order."""
    found, place = [], Placing.place

    def recording(st, *args, **kwargs):
        found[-1].append((args, kwargs))
        return place(st, *args, **kwargs)
    Placing.place = recording
    try:
        for seed in range(games):
            found.append([])
            play_game(game, random_agents(players, seed), seed, quiet=True)
    finally:
        Placing.place = place
    return found


def game_seconds(game, players: int, games: int) -> tuple:
    """(best CPU seconds of playing the seeded games, their decisions)."""
    best, decisions = None, 0
    for _ in range(REPEAT):
        started, decisions = time.process_time(), 0
        for seed in range(games):
            decisions += play_game(game, random_agents(players, seed), seed, quiet=True).actions
        spent = time.process_time() - started
        best = spent if best is None else min(best, spent)
    return best, decisions


def replay_seconds(game, players: int, calls: list) -> float:
    """Best CPU seconds of the recorded calls replayed alone on fresh states of the same games."""
    best = None
    for _ in range(REPEAT):
        states = [GameState.start(game, players, seed) for seed in range(len(calls))]
        for st in states:
            st.quiet = True
        started = time.process_time()
        for st, made in zip(states, calls):
            for args, kwargs in made:
                Placing.place(st, *args, **kwargs)
        spent = time.process_time() - started
        best = spent if best is None else min(best, spent)
    return best


def measure(name: str, players: int, games: int) -> dict | None:
    """µs per decision of the games and of `place` alone, and calls per decision; None for a game
    that makes zones or markers as it plays (a pile added to a row, a hand split, a marker: its
    calls cannot be replayed alone on fresh states)."""
    game = load_game(name)
    play_game(game, random_agents(players, 0), 0, quiet=True)  # (code compiles as it is first run)
    calls = recorded_places(game, players, games)
    try:
        alone = replay_seconds(game, players, calls)
    except (KeyError, GameError):
        return None
    whole, decisions = game_seconds(game, players, games)
    return {"us_per_decision": whole / decisions * 1e6, "place_us_per_decision": alone / decisions * 1e6,
            "share": alone / whole, "places_per_decision": sum(map(len, calls)) / decisions}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="seeded games per ruleset (default 40)")
    parser.add_argument("--only", nargs="*", help="only these rulesets")
    args = parser.parse_args()
    print("| ruleset | µs per decision | place alone, µs per decision | share | places per decision |")
    print("|---|---|---|---|---|")
    for name, players in RULESETS:
        if args.only and name not in args.only:
            continue
        found = measure(name, players, args.games)
        if found is None:
            print(f"| {name} ({players}) | not measurable: it makes zones or markers as it plays | | | |", flush=True)
            continue
        print(f"| {name} ({players}) | {found['us_per_decision']:.1f} | {found['place_us_per_decision']:.1f} | "
              f"{found['share']:.0%} | {found['places_per_decision']:.2f} |", flush=True)


if __name__ == "__main__":
    main()
