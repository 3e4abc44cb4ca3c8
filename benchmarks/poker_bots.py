"""How far the bots are from an equilibrium in small poker games (Kuhn, Leduc), exactly and in play.

    python benchmarks/poker_bots.py [--ruleset PATH] [--bots SPEC ...] [--policy-seeds N]
                                    [--hands N] [--opponent SPEC] [--seed N] [--workers N]

1. `cfr`: the walk of the whole game, then CFR+ with its exploitability after 1, 2, 5, 10 ...
   iterations and the seconds each took in all (walk included): when it reaches 0.005.
2. For each bot: its policy at every information set, estimated by asking fresh bots
   (`--policy-seeds` seeds) at one state of it; then, exactly on the walked game: its
   exploitability (OpenSpiel's: the mean over seats of what a best response gains against it),
   and per seat what a best response wins against it there and what it loses against the
   equilibrium (the seat's value there minus what the bot gets against it). The equilibrium is
   `--opponent`'s policy when that agent tells its probabilities (the Nash agent of
   `benchmarks/agents/kuhn_nash.py` for Kuhn), else CFR+'s. The 95% intervals come from
   resampling the bots' choices at each information set (`--bootstrap` rounds).
3. With `--hands N`: N hands in each seat against `--opponent` (the Nash agent of
   `benchmarks/agents/kuhn_nash.py` for Kuhn, else `cfr`), the bot's loss per hand (the seat's
   equilibrium value minus its mean payoff) with a 95% interval. Deals are stratified: hand i is
   dealt the i-th order of the deck (cycling through all of them), so the interval measures the
   play, not the luck of the deal.
"""
from __future__ import annotations

import argparse
import itertools
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor

from rulelang.agents import build_agent, parse_agent_spec
from rulelang.agents.gametree import GameTree
from rulelang.agents.solve import CfrPlus, best_response, exploitability, values
from rulelang.analysis.forcing import Forced
from rulelang.api import load_game
from rulelang.engine.rng import derive_seed
from rulelang.engine.runtime import apply_action, new_game
from rulelang.engine.session import view_for
from rulelang.engine.values import ZoneRef

KUHN_NASH = "benchmarks/agents/kuhn_nash.py:KuhnNash"
REFERENCE_ITERATIONS = 2000  # CFR+ iterations of the equilibrium the bots are measured against
Z = 1.96


def cfr_progress(game) -> tuple:
    """Walk and solve the game, printing exploitability by iteration; the tree and a reference policy."""
    started = time.perf_counter()
    tree = GameTree(game, 2, keep_states=True)
    walked = time.perf_counter() - started
    print(f"walk: {len(tree.deals)} distinct deals, {len(tree.keys)} information sets, "
          f"{tree.nodes:,} nodes, {walked:.2f} s")
    solver = CfrPlus(tree)
    reached = None
    for target in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, REFERENCE_ITERATIONS):
        solver.run(target - solver.iterations)
        policy = solver.average()
        gap = exploitability(tree, policy)
        spent = time.perf_counter() - started
        print(f"  cfr+ {solver.iterations:5d} iterations: exploitability {gap:.6f}  ({spent:.2f} s with the walk)")
        if reached is None and gap <= 0.005:
            reached = (solver.iterations, spent)
    if reached:
        print(f"cfr reaches exploitability <= 0.005 after {reached[0]} iterations, {reached[1]:.2f} s")
    return tree, policy


def choice_counts(tree, game, spec: str, seeds: int, seed: int) -> tuple:
    """How often fresh bots (one per seed) chose each option at every information set, and the
    CPU seconds per decision they took."""
    counts, started = [], time.process_time()
    for index, labels in enumerate(tree.labels):
        st = tree.states[index]
        found = [0] * len(labels)
        for k in range(seeds):
            agent = build_agent(parse_agent_spec(spec), tree.seats[index], derive_seed(seed, k), game)
            found[agent.choose(view_for(agent, st, tree.seats[index]), st.pending)] += 1
        counts.append(found)
    return counts, (time.process_time() - started) / (seeds * len(tree.labels))


def shares(counts: list) -> list:
    """A policy from choice counts: each option's share at each information set."""
    return [[c / sum(found) for c in found] for found in counts]


def agent_policy(tree, game, spec: str) -> list | None:
    """The exact policy of an agent that tells its probabilities (`probabilities(view, decision)`), or None."""
    policy = []
    for index in range(len(tree.labels)):
        st, seat = tree.states[index], tree.seats[index]
        agent = build_agent(parse_agent_spec(spec), seat, 0, game)
        if not hasattr(agent, "probabilities"):
            return None
        policy.append(list(agent.probabilities(view_for(agent, st, seat), st.pending)))
    return policy


def measured(tree, bot: list, reference: list) -> dict:
    """Exact figures of a bot's policy: its exploitability, and per seat its loss against the
    reference equilibrium (the seat's value there minus what the bot gets) and what a best
    response to it wins beyond the game's value."""
    value = values(tree, reference)
    out = {"exploitability": exploitability(tree, bot), "seats": []}
    for seat in range(2):
        mixed = [bot[i] if tree.seats[i] == seat else reference[i] for i in range(len(bot))]
        other = 1 - seat
        out["seats"].append({"loss_to_equilibrium": value[seat] - values(tree, mixed)[seat],
                             "best_response_gain": best_response(tree, bot, other) - value[other]})
    return out


def bootstrap(tree, counts: list, reference: list, rounds: int, seed: int) -> dict:
    """95% intervals of the figures of `measured`, by resampling each information set's choices."""
    rng = random.Random(seed)
    samples = {"exploitability": [], 0: [], 1: []}
    for _ in range(rounds):
        policy = []
        for found in counts:
            n = sum(found)
            drawn = rng.choices(range(len(found)), weights=found, k=n)
            policy.append([drawn.count(a) / n for a in range(len(found))])
        figures = measured(tree, policy, reference)
        samples["exploitability"].append(figures["exploitability"])
        for seat in range(2):
            samples[seat].append(figures["seats"][seat]["loss_to_equilibrium"])
    out = {}
    for key, got in samples.items():
        got.sort()
        out[key] = (got[int(0.025 * rounds)], got[min(rounds - 1, int(0.975 * rounds))])
    return out


def deck_orders(game) -> list:
    """Every order of the deck in its start zone (the strata of the hands played)."""
    return list(itertools.permutations(game.cards))


def play_hand(task) -> float:
    """One hand: (ruleset, specs by seat, measured seat, order index, seed) -> the measured seat's payoff."""
    ruleset, specs, seat, order_index, seed = task
    game = load_game(ruleset)
    order = ORDERS.setdefault(ruleset, deck_orders(game))[order_index]

    def stack(st):
        st.forced = Forced(stacked={game.deck_zone})
        st.zones[ZoneRef(game.deck_zone)][:] = list(order)
    st = new_game(game, 2, seed, quiet=True, prepare=stack)
    st.forced = None
    agents = [build_agent(parse_agent_spec(text), s, seed, game) for s, text in enumerate(specs)]
    while st.result is None:
        agent = agents[st.pending.seat]
        apply_action(st, agent.choose(view_for(agent, st, st.pending.seat), st.pending))
    return float(game.score(st, {"me": st.seats[seat]}))


ORDERS: dict = {}


def hands(ruleset: str, bot: str, opponent: str, seat: int, count: int, seed: int, pool) -> list:
    """The measured seat's payoff in each of `count` hands, stratified by deck order."""
    strata = math.factorial(len(load_game(ruleset).cards))
    specs = [bot, opponent] if seat == 0 else [opponent, bot]
    work = [(ruleset, specs, seat, i % strata, derive_seed(seed, i)) for i in range(count)]
    return list(pool.map(play_hand, work, chunksize=50) if pool else map(play_hand, work))


def stratified(payoffs: list, strata: int) -> tuple:
    """The mean of hands dealt in equal shares of strata, and its 95% half-interval."""
    groups = [payoffs[i::strata] for i in range(strata)]
    variance = 0.0
    for group in groups:
        if len(group) > 1:
            mean = sum(group) / len(group)
            variance += sum((x - mean) ** 2 for x in group) / (len(group) - 1) / len(group)
    return sum(payoffs) / len(payoffs), Z * math.sqrt(variance) / strata


def bot_figures(tree, game, bot: str, reference: list, seeds: int, seed: int, rounds: int) -> tuple:
    """(figures of `measured`, their 95% intervals, CPU seconds a decision or None) for one bot:
    exact for a bot that tells its probabilities, else from `seeds` fresh bots per information set."""
    exact = agent_policy(tree, game, bot)
    if exact is not None:
        figures = measured(tree, exact, reference)
        spread = {"exploitability": (figures["exploitability"],) * 2}
        spread.update({seat: (row["loss_to_equilibrium"],) * 2 for seat, row in enumerate(figures["seats"])})
        return figures, spread, None
    counts, cost = choice_counts(tree, game, bot, seeds, seed)
    return measured(tree, shares(counts), reference), bootstrap(tree, counts, reference, rounds, seed), cost


def main() -> None:
    """Parse the arguments and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="rulesets/kuhn_poker.yaml")
    parser.add_argument("--bots", nargs="*", default=["random", "greedy", "mcts", "cfr"])
    parser.add_argument("--policy-seeds", type=int, default=50, help="fresh bots asked per information set")
    parser.add_argument("--bootstrap", type=int, default=1000, help="resamples for the 95%% intervals")
    parser.add_argument("--hands", type=int, default=0, help="hands per seat against --opponent (0: none)")
    parser.add_argument("--opponent", help="the equilibrium agent played in --hands (default: see above)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    game = load_game(args.ruleset)
    tree, reference = cfr_progress(game)
    opponent = args.opponent or (KUHN_NASH if "kuhn" in args.ruleset else "cfr:iterations=1000")
    reference = agent_policy(tree, game, opponent) or reference
    value = values(tree, reference)
    print(f"equilibrium ({opponent}): exploitability {exploitability(tree, reference):.6f}, "
          f"P1 {value[0]:+.4f}, P2 {value[1]:+.4f}")
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for bot in args.bots:
            figures, spread, cost = bot_figures(tree, game, bot, reference, args.policy_seeds, args.seed,
                                                args.bootstrap)
            low, high = spread["exploitability"]
            line = [f"{bot}: exploitability {figures['exploitability']:.4f} [{low:.4f}, {high:.4f}]"]
            for seat, row in enumerate(figures["seats"]):
                low, high = spread[seat]
                line.append(f"P{seat + 1}: loss to equilibrium {row['loss_to_equilibrium']:+.4f} "
                            f"[{low:+.4f}, {high:+.4f}], best response wins {row['best_response_gain']:.4f}")
            asked = "exact" if cost is None else f"{args.policy_seeds} bots per information set, {cost:.3f} s CPU a decision"
            print("; ".join(line) + f"  ({asked})", flush=True)
            for seat in range(2) if args.hands else ():
                started = time.perf_counter()
                got = hands(args.ruleset, bot, opponent, seat, args.hands, args.seed, pool)
                mean, half = stratified(got, math.factorial(len(game.cards)))
                loss = value[seat] - mean
                print(f"  {bot} as P{seat + 1} vs {opponent}: {len(got)} hands, loss {loss:+.4f} "
                      f"[{loss - half:+.4f}, {loss + half:+.4f}] chips per hand  "
                      f"({time.perf_counter() - started:.0f} s)", flush=True)
    finally:
        if pool:
            pool.shutdown()


if __name__ == "__main__":
    main()
