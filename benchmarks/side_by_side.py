"""Two installations of rulelang, and their peers, measured side by side in one run (CPU time).

    python benchmarks/side_by_side.py --before PYTHON --after PYTHON [--pairs N] [--seconds S]
                                      [--only NAME ...] [--peers] [--mcts] [--startup]

Each measurement runs in a fresh process of the given Python (so each installation plays with its
own code and rule files). For every shipped ruleset at the player count cases.py gives, the two
are measured in pairs, taking turns (before, after; then after, before ...): decisions per
CPU-second of seeded quiet random games (after one warm-up game); the table gives the median of
each and the median of the pairs' ratios. This machine's speed drifts from minute to minute;
measuring in turns lets the drift weigh on both alike.

--peers measures, in the same way, each peer beside the ruleset it plays (with the `--after`
Python, which must have them installed): OpenSpiel's games (`pip install open_spiel`: Kuhn
poker in Python and C++, Leduc, Hearts, Euchre, Liar's Dice: decisions per CPU-second of random
play, chance sampled), RLCard's blackjack environment against the PettingZoo environment of
`blackjack` (steps per CPU-second, one seat against the dealer), and the hand-written Storma
(`../shared/perf/storma_baseline.py`). --mcts measures mcts iterations per CPU-second in Storma
slottet! and Hearts; --startup the CPU milliseconds of `rulelang --help` and `rulelang validate
rulesets/storma_slottet.yaml` (the installation's own `rulelang` beside its Python); --cfr the
CPU seconds the `cfr` bot's walk of Leduc poker and its CFR+ iterations take until its policy's
exploitability falls to 0.005, beside OpenSpiel's C++ CFR+ to the same.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

from cases import RULESETS  # (benchmarks/, beside this script)

HERE = Path(__file__).resolve()
BASELINE = HERE.parents[2] / "shared" / "perf" / "storma_baseline.py"
# (peer, what it is measured against: a ruleset and its players, or "env" for the environment of blackjack)
PEERS = [("openspiel:python_kuhn_poker", ("kuhn_poker", 2)), ("openspiel:kuhn_poker", ("kuhn_poker", 2)),
         ("openspiel:leduc_poker", ("leduc_poker", 2)), ("openspiel:hearts", ("hearts", 4)),
         ("openspiel:euchre", ("euchre", 4)), ("openspiel:liars_dice", ("liars_dice", 2)),
         ("storma_baseline", ("storma_slottet", 2)), ("rlcard:blackjack", ("env", 1))]


# ---------------------------------------------------------------- measurements, each in a process of its own
def decisions_per_second(name: str, players: int, seconds: float) -> float:
    """Decisions per CPU-second of seeded quiet random games of a ruleset."""
    from rulelang.agents import random_agents
    from rulelang.api import load_game
    from rulelang.engine.session import play_game
    game = load_game(name)
    play_game(game, random_agents(players, 0), 0, quiet=True)  # (code compiles as it is first run)
    decisions = games = 0
    started = time.process_time()
    while time.process_time() - started < seconds or games == 0:
        games += 1
        decisions += play_game(game, random_agents(players, games), games, quiet=True).actions
    return decisions / (time.process_time() - started)


def env_steps_per_second(name: str, players: int, seconds: float) -> float:
    """Steps per CPU-second of the PettingZoo environment of a ruleset, random legal actions."""
    from rulelang.engine.rng import Rng
    from rulelang.env import make_env
    env, rng, steps, seed = make_env(name, players=players, seed=0), Rng(0), 0, 0
    started = time.process_time()
    while time.process_time() - started < seconds or seed == 0:
        env.reset(seed=seed)
        seed += 1
        for _agent in env.agent_iter():
            _, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = env.legal_actions()
            env.step(legal[rng.below(len(legal))])
            steps += 1
    return steps / (time.process_time() - started)


def openspiel_per_second(name: str, seconds: float) -> float:
    """Decisions per CPU-second of random play of an OpenSpiel game (chance outcomes sampled)."""
    import random

    import pyspiel
    from open_spiel.python.games import kuhn_poker  # noqa: F401 - registers python_kuhn_poker
    game, rng, decisions = pyspiel.load_game(name), random.Random(0), 0
    started = time.process_time()
    while time.process_time() - started < seconds or decisions == 0:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, chances = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, chances)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
    return decisions / (time.process_time() - started)


def rlcard_per_second(name: str, seconds: float) -> float:
    """Steps per CPU-second of an RLCard environment (one player), random legal actions."""
    import random

    import rlcard
    env, rng, steps = rlcard.make(name, config={"seed": 0}), random.Random(0), 0
    started = time.process_time()
    while time.process_time() - started < seconds or steps == 0:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[rng.randrange(len(legal))])
            steps += 1
    return steps / (time.process_time() - started)


def baseline_per_second(seconds: float) -> float:
    """Decisions per CPU-second of the hand-written Storma (its games played here, timed as ours are:
    its own figure is wall-clock time, which a loaded machine stretches)."""
    import importlib.util
    import random
    spec = importlib.util.spec_from_file_location("storma_baseline", BASELINE)
    baseline = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(baseline)
    decisions = games = 0
    started = time.process_time()
    while time.process_time() - started < seconds or games == 0:
        played = baseline.Game(random.Random(1_000_003 + games))
        played.play()
        decisions += played.decisions
        games += 1
    return decisions / (time.process_time() - started)


def mcts_per_second(name: str, players: int, seconds: float) -> float:
    """mcts iterations per CPU-second: one mcts seat deciding against random seats."""
    from rulelang.agents import build_agent, parse_players
    from rulelang.agents.mcts import MctsAgent
    from rulelang.api import load_game
    from rulelang.engine.session import play_game
    game, iterations = load_game(name), 50
    specs = parse_players(",".join([f"mcts:iterations={iterations}"] + ["random"] * (players - 1)))
    decided = [0]
    choose = MctsAgent.choose

    def counted(agent, view, decision):
        decided[0] += 1 if len(decision.options) > 1 else 0
        return choose(agent, view, decision)
    MctsAgent.choose = counted
    started, seed = time.process_time(), 0
    while time.process_time() - started < seconds or seed == 0:
        seed += 1
        play_game(game, [build_agent(spec, seat, seed, game) for seat, spec in enumerate(specs)], seed, quiet=True)
    return decided[0] * iterations / (time.process_time() - started)


def cfr_seconds(name: str, target: float) -> tuple:
    """(CPU seconds, iterations) of the `cfr` bot's work until its policy's exploitability first
    falls to `target`: the walk of the game, then CFR+ iterations (the exploitability asked after
    each is not timed)."""
    from rulelang.agents.gametree import GameTree
    from rulelang.agents.solve import CfrPlus, exploitability
    from rulelang.api import load_game
    game = load_game(name)
    started = time.process_time()
    tree = GameTree(game, 2)
    solver, spent = CfrPlus(tree), time.process_time() - started
    while True:
        started = time.process_time()
        solver.run(1)
        spent += time.process_time() - started
        if exploitability(tree, solver.average()) <= target:
            return spent, solver.iterations


def openspiel_cfr_seconds(name: str, target: float) -> tuple:
    """(CPU seconds, iterations) of OpenSpiel's C++ CFR+ until its average policy's exploitability
    first falls to `target` (the exploitability asked after each iteration is not timed)."""
    import pyspiel
    game = pyspiel.load_game(name)
    started = time.process_time()
    solver, iterations = pyspiel.CFRPlusSolver(game), 0
    spent = time.process_time() - started
    while True:
        started = time.process_time()
        solver.evaluate_and_update_policy()
        spent += time.process_time() - started
        iterations += 1
        if pyspiel.exploitability(game, solver.average_policy()) <= target:
            return spent, iterations


def measured(kind: str, name: str, players: int, seconds: float):
    """One measurement, in this process (of cfr: its iterations and CPU seconds, as text)."""
    if kind in ("cfr", "openspiel:cfr"):  # (`seconds` is the exploitability to reach)
        spent, iterations = (cfr_seconds if kind == "cfr" else openspiel_cfr_seconds)(name, seconds)
        return f"{iterations} {spent}"
    if kind == "game":
        return decisions_per_second(name, players, seconds)
    if kind == "env":
        return env_steps_per_second(name, players, seconds)
    if kind == "mcts":
        return mcts_per_second(name, players, seconds)
    if kind.startswith("openspiel:"):
        return openspiel_per_second(kind.split(":", 1)[1], seconds)
    if kind.startswith("rlcard:"):
        return rlcard_per_second(kind.split(":", 1)[1], seconds)
    if kind == "storma_baseline":
        return baseline_per_second(seconds)
    raise ValueError(kind)


# ---------------------------------------------------------------- running them in turns
class NotMeasured(Exception):
    """A measurement's process failed (a peer not installed, say): its last line of errors."""


def run(python: str, kind: str, name: str, players: int, seconds: float) -> float:
    """One measurement in a fresh process of `python` (cache folder as the user's own)."""
    done = subprocess.run([python, str(HERE), "--measure", kind, name, str(players), str(seconds)],
                          capture_output=True, text=True, cwd="/", check=False)
    if done.returncode != 0:
        raise NotMeasured((done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1])
    return float(done.stdout.split()[-1])


def in_turns(sides: list, pairs: int) -> list:
    """Each side's measurements, `pairs` rounds, the order turned around each round."""
    found = [[] for _ in sides]
    for round_ in range(pairs):
        order = list(enumerate(sides)) if round_ % 2 == 0 else list(reversed(list(enumerate(sides))))
        for index, measure in order:
            found[index].append(measure())
    return found


def row(label: str, found: list) -> str:
    medians = [statistics.median(values) for values in found]
    ratios = [after / before for before, after in zip(found[0], found[1])]
    return (f"| {label} | {medians[0]:,.0f} | {medians[1]:,.0f} | {statistics.median(ratios):.2f}x "
            f"[{min(ratios):.2f}, {max(ratios):.2f}] |")


def _cfr_run(python: str, kind: str) -> tuple:
    """(iterations, CPU seconds) of one CFR+ run on Leduc poker to 0.005, in a fresh process."""
    out = subprocess.run([python, str(HERE), "--measure", kind, "leduc_poker", "2", "0.005"],
                         capture_output=True, text=True, check=True, cwd="/").stdout.split()
    return int(out[-2]), float(out[-1])


def startup_ms(python: str, words: list, runs: int) -> float:
    """Median CPU milliseconds of the installation's `rulelang` with these words."""
    import resource
    command = [os.path.join(os.path.dirname(python), "rulelang"), *words]
    cwd = HERE.parents[1]
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd)  # fills the caches
    found = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        found.append(1000 * (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime))
    return statistics.median(found)


def main() -> None:
    """Measure and print Markdown tables."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", help="the Python of the installation before")
    parser.add_argument("--after", default=sys.executable, help="the Python of the installation after")
    parser.add_argument("--pairs", type=int, default=5, help="rounds of measurements taken in turns")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per measurement")
    parser.add_argument("--only", nargs="*", help="ruleset names to measure, with their peers (default: all)")
    parser.add_argument("--peers", action="store_true", help="measure the peers beside their rulesets")
    parser.add_argument("--mcts", action="store_true", help="measure mcts iterations per second")
    parser.add_argument("--startup", action="store_true", help="measure --help and validate")
    parser.add_argument("--cfr", action="store_true", help="measure cfr on Leduc poker against OpenSpiel's CFR+")
    parser.add_argument("--measure", nargs=4, help=argparse.SUPPRESS)  # (one measurement, in this process)
    args = parser.parse_args()
    if args.measure:
        kind, name, players, seconds = args.measure
        print(measured(kind, name, int(players), float(seconds)))
        return
    print(f"machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
          f"load {os.getloadavg()[0]:.2f} at the start; {args.pairs} pairs of {args.seconds:g} CPU-s\n", flush=True)
    if args.before:
        print("| ruleset | before (decisions / CPU-s) | after | after / before [lowest, highest pair] |")
        print("|---|---|---|---|", flush=True)
        for name, players in RULESETS:
            if args.only and name not in args.only:
                continue
            found = in_turns([lambda python=python: run(python, "game", name, players, args.seconds)
                              for python in (args.before, args.after)], args.pairs)
            print(row(f"{name} ({players})", found), flush=True)
    if args.mcts and args.before:
        print("\n| mcts iterations / CPU-s | before | after | after / before |\n|---|---|---|---|", flush=True)
        for name, players in (("storma_slottet", 2), ("hearts", 4)):
            found = in_turns([lambda python=python: run(python, "mcts", name, players, args.seconds * 3)
                              for python in (args.before, args.after)], args.pairs)
            print(row(f"{name} ({players})", found), flush=True)
    if args.peers:
        pythons = [args.before, args.after] if args.before else [args.after]
        print("\n| peer / ruleset | peer (per CPU-s) | " + " | ".join(
            f"rulelang {side} | {side} / peer" for side in ("before", "after")[-len(pythons):]) + " |")
        print("|---|---|" + "---|---|" * len(pythons), flush=True)
        for peer, (name, players) in PEERS:
            ours = ("env", "blackjack", players) if name == "env" else ("game", name, players)
            if args.only and ours[1] not in args.only:
                continue
            sides = [lambda: run(args.after, peer, "-", 0, args.seconds)]
            sides += [lambda python=python: run(python, *ours, args.seconds) for python in pythons]
            try:
                found = in_turns(sides, args.pairs)
            except NotMeasured as err:  # (the other peers are still measured)
                print(f"| {peer} / {ours[1]} ({players}) | not measured: {err} |", flush=True)
                continue
            peer_rate = statistics.median(found[0])
            cells = []
            for values in found[1:]:
                ratios = [mine / theirs for mine, theirs in zip(values, found[0])]
                cells.append(f"{statistics.median(values):,.0f} | {statistics.median(ratios):.3f}x")
            print(f"| {peer} / {ours[1]} ({players}) | {peer_rate:,.0f} | " + " | ".join(cells) + " |", flush=True)
    if args.cfr:
        print("\n| CFR+ on Leduc poker to exploitability 0.005 | iterations | CPU s (walk included) | / OpenSpiel |\n"
              "|---|---|---|---|", flush=True)
        sides = [("OpenSpiel C++ CFRPlusSolver", args.after, "openspiel:cfr")]
        sides += [(f"cfr, {side}", python, "cfr") for side, python in (("before", args.before), ("after", args.after))
                  if python]
        found = in_turns([lambda python=python, kind=kind: _cfr_run(python, kind) for _, python, kind in sides],
                         args.pairs)
        reference = statistics.median(spent for _, spent in found[0])
        for (label, _, _), values in zip(sides, found):
            spent = statistics.median(seconds for _, seconds in values)
            print(f"| {label} | {values[0][0]} | {spent:.2f} | {spent / reference:.2f}x |", flush=True)
    if args.startup and args.before:
        print("\n| command | before (CPU ms) | after |\n|---|---|---|", flush=True)
        for words in (["--help"], ["validate", "rulesets/storma_slottet.yaml"]):
            found = in_turns([lambda python=python: startup_ms(python, words, 5) for python in (args.before, args.after)],
                             args.pairs)
            print(f"| rulelang {' '.join(words)} | {statistics.median(found[0]):.0f} | "
                  f"{statistics.median(found[1]):.0f} |", flush=True)


if __name__ == "__main__":
    main()
