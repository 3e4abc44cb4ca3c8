"""How much an environment step costs beside a decision of `simulate`, per shipped ruleset (CPU time).

    python benchmarks/env_speed.py [--seconds S] [--only NAME ...]

For each ruleset, the same seeded random games are played three ways: by `simulate`'s own game
runner (what each worker of `rulelang simulate --players random,...` runs: agents built from
their specs, each game's record with its figures and report), by the engine alone (the same
games, quiet, no record: the least a decision can cost), and through the PettingZoo environment
(each step: `last()` with the observation vector and action mask, then `step`), its random
choice drawn from the generator a random agent of that seat would use, so all three play the
very same games. Prints one JSON line per ruleset: decisions per CPU-second of each way, and
`ratio`, the env's CPU time over simulate's (the target: below 2), beside `ratio_to_engine`.

On a shared machine the speeds swing by a quarter from one second to the next, so the ways
take turns on small blocks of games (a tenth of a second or so each, the order rotating) and
the ratios are of their summed CPU times: a swing then weighs on all alike. `ratio_spread`
gives the lower and upper quartiles of the blocks' own env/simulate ratios.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time

from rulelang.agents import random_agents
from rulelang.agents.spec import parse_agent_spec
from rulelang.analysis.simulate import SimulationTask
from rulelang.api import load_game
from rulelang.engine.rng import Rng, derive_seed
from rulelang.engine.session import play_game
from rulelang.env import make_env

CASES = [("storma_slottet", 2), ("tjugonio", 2), ("houska_castle", 1), ("hoyers_trappe", 2),
         ("supertrumf", 2), ("supertrumf", 6), ("supertrumf_blixtduell", 2)]


RUN_SEED = 0  # the master seed of the simulated run: game i plays derive_seed(RUN_SEED, i)


def game_seeds(indexes: range) -> list:
    """The seeds of these games of the run, as `simulate` derives them."""
    return [derive_seed(RUN_SEED, index) for index in indexes]


def engine_games(game, players: int, seeds) -> int:
    """Decisions made playing these seeds with the engine alone."""
    return sum(play_game(game, random_agents(players, seed), seed, quiet=True).actions for seed in seeds)


def env_games(env, players: int, seeds) -> int:
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


def simulator(name: str, players: int):
    """`simulate`'s game runner for random bots: `run(indexes)` plays those games of the run, giving decisions."""
    task = SimulationTask(name, tuple(parse_agent_spec("random") for _ in range(players)), RUN_SEED)
    run = task.prepare()

    def simulated(indexes: range) -> int:
        totals, _ = run(indexes.start, indexes.stop)
        if totals.errors:
            raise SystemExit(f"{name}: {totals.errors} simulated games failed")
        return totals.actions
    return simulated


def timed(play, *args) -> tuple:
    """(decisions, CPU seconds) of one run."""
    started = time.process_time()
    decisions = play(*args)
    return decisions, time.process_time() - started


def measure(name: str, players: int, seconds: float, block_seconds: float = 0.1) -> dict:
    """The three ways, taking turns on blocks of games, until simulate has used about `seconds`."""
    game, env, simulated = load_game(name), make_env(name, players=players), simulator(name, players)  # before the clocks run
    ways = (simulated,
            lambda indexes: engine_games(game, players, game_seeds(indexes)),
            lambda indexes: env_games(env, players, game_seeds(indexes)))
    size, used = 1, 0.0
    while used < block_seconds and size < 10_000:
        size *= 2
        _, used = timed(ways[0], range(size))
    totals, decisions, ratios = [0.0, 0.0, 0.0], 0, []
    while totals[0] < seconds or len(ratios) < 4:
        block = range(len(ratios) * size, (len(ratios) + 1) * size)
        results = [None, None, None]
        for way in [(len(ratios) + turn) % 3 for turn in range(3)]:  # who goes first rotates
            results[way] = timed(ways[way], block)
        played = {made for made, _ in results}
        if len(played) != 1:
            raise SystemExit(f"{name}: the ways made {sorted(played)} decisions: not the same games")
        times = [spent for _, spent in results]
        totals = [total + spent for total, spent in zip(totals, times)]
        decisions += results[0][0]
        ratios.append(times[2] / times[0])
    low, _, high = statistics.quantiles(ratios, n=4)
    return {"ruleset": name, "players": players, "games": len(ratios) * size, "decisions": decisions,
            "simulate_decisions_per_s": round(decisions / totals[0]),
            "engine_decisions_per_s": round(decisions / totals[1]), "env_steps_per_s": round(decisions / totals[2]),
            "ratio": round(totals[2] / totals[0], 2), "ratio_spread": [round(low, 2), round(high, 2)],
            "ratio_to_engine": round(totals[2] / totals[1], 2)}


def main() -> None:
    """One JSON line per case."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="simulate's CPU seconds per case, about; the other ways take as long as they need for the same games (default 3)")
    parser.add_argument("--only", nargs="*", help="rulesets to measure (default: all)")
    args = parser.parse_args()
    for name, players in CASES:
        if not args.only or name in args.only:
            print(json.dumps(measure(name, players, args.seconds)), flush=True)


if __name__ == "__main__":
    main()
