"""How much an environment step costs beside the engine's own decision, per shipped ruleset (CPU time).

    python benchmarks/env_speed.py [--seconds S] [--only NAME ...]

For each ruleset, the same seeded random games are played twice: by the engine alone, as
`simulate` plays them (quiet, random bots that need no view), and through the PettingZoo
environment (each step: `last()` with the observation vector and action mask, then `step`),
the random choice made from the same seeded generator so both play the very same games. Prints
one JSON line per ruleset: decisions per CPU-second of each (medians), and the median ratio of
seven rounds that each play both ways in turn (the target: below 2).
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


def measure(name: str, players: int, seconds: float, rounds: int = 7) -> dict:
    """Both ways over the seeds the engine plays in about `seconds / rounds`, in turn, `rounds` times.

    On a shared machine the speed of both swings from one moment to the next; a round's engine
    and env runs sit side by side in time, so the median of the rounds' ratios is steadier
    than a ratio of two best times taken apart.
    """
    game, env = load_game(name), make_env(name, players=players)  # made before the clocks run
    count, used = 1, 0.0
    while used < seconds / rounds / 2 and count < 10_000:
        count *= 2
        _, used = timed(engine_games, game, players, range(count))
    seeds = range(count)
    pairs = [(timed(engine_games, game, players, seeds), timed(env_games, env, players, seeds)) for _ in range(rounds)]
    (decisions, _), (steps, _) = pairs[0]
    if decisions != steps:
        raise SystemExit(f"{name}: the env played {steps} decisions, the engine {decisions}: not the same games")
    engine = statistics.median(used for (_, used), _ in pairs)
    env = statistics.median(used for _, (_, used) in pairs)
    return {"ruleset": name, "players": players, "games": count, "decisions": decisions,
            "engine_decisions_per_s": round(decisions / engine), "env_steps_per_s": round(steps / env),
            "ratio": round(statistics.median(env_used / engine_used for (_, engine_used), (_, env_used) in pairs), 2)}


def main() -> None:
    """One JSON line per case."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per case and way, about (default 3)")
    parser.add_argument("--only", nargs="*", help="rulesets to measure (default: all)")
    args = parser.parse_args()
    for name, players in CASES:
        if not args.only or name in args.only:
            print(json.dumps(measure(name, players, args.seconds)), flush=True)


if __name__ == "__main__":
    main()
