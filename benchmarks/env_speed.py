"""How much an environment step costs beside the engine's own decision, per shipped ruleset (CPU time).

    python benchmarks/env_speed.py [--seconds S] [--only NAME ...]

For each ruleset, the same seeded random games are played twice: by the engine alone, as
`simulate` plays them (quiet, random bots that need no view), and through the PettingZoo
environment (each step: `last()` with the observation vector and action mask, then `step`),
the random choice made from the same seeded generator so both play the very same games. Prints
one JSON line per ruleset: decisions per CPU-second of each, and their ratio (the target: below 2).

On a shared machine both speeds swing by a quarter from one second to the next, so the two
ways take turns on small blocks of games (a tenth of a second or so each, the one that goes
first alternating) and the ratio is of their summed CPU times: a swing then weighs on both
alike. `ratio_spread` gives the lower and upper quartiles of the blocks' own ratios.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time

from rulelang.agents import random_agents
from rulelang.api import load_game
from rulelang.engine.rng import Rng, derive_seed
from rulelang.engine.session import play_game
from rulelang.env import make_env

CASES = [("storma_slottet", 2), ("tjugonio", 2), ("houska_castle", 1), ("hoyers_trappe", 2),
         ("supertrumf", 2), ("supertrumf", 6), ("supertrumf_blixtduell", 2)]


def engine_games(game, players: int, seeds: range) -> int:
    """Decisions made playing these seeds with the engine alone."""
    return sum(play_game(game, random_agents(players, seed), seed, quiet=True).actions for seed in seeds)


def env_games(env, players: int, seeds: range) -> int:
    """Steps taken playing the same games through the environment."""
    steps = 0
    for seed in seeds:
        env.reset(seed=seed)
        rngs = [Rng(derive_seed(seed, 1000 + seat)) for seat in range(players)]  # as random_agents seeds them
        for agent in env.agent_iter():
            _observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = env.legal_actions()
            env.step(legal[rngs[env.seat_of[agent]].below(len(legal))])
            steps += 1
    return steps


def timed(play, *args) -> tuple:
    """(decisions, CPU seconds) of one run."""
    started = time.process_time()
    decisions = play(*args)
    return decisions, time.process_time() - started


def measure(name: str, players: int, seconds: float, block_seconds: float = 0.1) -> dict:
    """Both ways, taking turns on blocks of seeds, until the engine has used about `seconds`."""
    game, env = load_game(name), make_env(name, players=players)  # made before the clocks run
    ways = ((engine_games, game), (env_games, env))
    size, used = 1, 0.0
    while used < block_seconds and size < 10_000:
        size *= 2
        _, used = timed(engine_games, game, players, range(size))
    totals, decisions, ratios = [0.0, 0.0], 0, []
    while totals[0] < seconds or len(ratios) < 4:
        seeds = range(len(ratios) * size, (len(ratios) + 1) * size)
        block = [None, None]
        for way in ((0, 1) if len(ratios) % 2 == 0 else (1, 0)):
            block[way] = timed(*ways[way], players, seeds)
        (played, engine), (stepped, stepping) = block
        if played != stepped:
            raise SystemExit(f"{name}: the env played {stepped} decisions, the engine {played}: not the same games")
        totals = [totals[0] + engine, totals[1] + stepping]
        decisions += played
        ratios.append(stepping / engine)
    low, _, high = statistics.quantiles(ratios, n=4)
    return {"ruleset": name, "players": players, "games": len(ratios) * size, "decisions": decisions,
            "engine_decisions_per_s": round(decisions / totals[0]), "env_steps_per_s": round(decisions / totals[1]),
            "ratio": round(totals[1] / totals[0], 2), "ratio_spread": [round(low, 2), round(high, 2)]}


def main() -> None:
    """One JSON line per case."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="the engine's CPU seconds per case, about; the env takes as long as it needs for the same games (default 3)")
    parser.add_argument("--only", nargs="*", help="rulesets to measure (default: all)")
    args = parser.parse_args()
    for name, players in CASES:
        if not args.only or name in args.only:
            print(json.dumps(measure(name, players, args.seconds)), flush=True)


if __name__ == "__main__":
    main()
