"""A tiny learner for any rule file, with numpy only: one seat against random bots (see docs/ai.md).

    python examples/learn.py tjugonio --games 1000

The policy scores each action linearly from the seat's observation vector, `weights[action] @ x`,
and takes the best legal one (or, while learning, a random legal one 10% of the time). After
each game, every action taken moves its score towards the game's outcome (+1 a win, -1 a
loss): Monte-Carlo control with normalised least-mean-squares steps. It prints the share of
games won by a random policy, then by the learned one, each over the same seeded games.
"""
from __future__ import annotations

import argparse

import numpy as np

from rulelang.env import make_gym_env


def play(env, weights, games: int, explore: float, rng, learn_rate: float = 0.0) -> float:
    """Play `games` games (learning from each when `learn_rate` > 0); the share won."""
    won = 0
    for _ in range(games):
        observation, _ = env.reset()
        taken, reward, done = [], 0.0, False
        while not done:
            x, legal = observation["observation"], np.flatnonzero(observation["action_mask"])
            if rng.random() < explore:
                action = int(rng.choice(legal))
            else:
                action = int(legal[np.argmax(weights[legal] @ x)])
            taken.append((x, action))
            observation, reward, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        won += reward > 0
        for x, action in taken if learn_rate else ():
            weights[action] += learn_rate * (reward - weights[action] @ x) * x / (x @ x)
    return won / games


def learn(ruleset: str, games: int, seed: int = 1) -> np.ndarray:
    """The weights learned in `games` games at seat 0 (the other seats random bots)."""
    env = make_gym_env(ruleset, seed=seed)
    weights = np.zeros((env.action_space.n, env.observation_space["observation"].shape[0]))
    play(env, weights, games, explore=0.1, rng=np.random.default_rng(seed), learn_rate=0.1)
    return weights


def evaluate(ruleset: str, weights: np.ndarray, games: int, explore: float = 0.0) -> float:
    """The share of `games` seeded games won with these weights (explore=1: a random policy)."""
    env = make_gym_env(ruleset, seed=10_000)  # other games than those learned from
    return play(env, weights, games, explore, rng=np.random.default_rng(0))


def main() -> None:
    """Learn, then compare with a random policy."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ruleset")
    parser.add_argument("--games", type=int, default=1000, help="games to learn from")
    parser.add_argument("--evaluate", type=int, default=500, help="games to measure each policy on")
    args = parser.parse_args()
    weights = learn(args.ruleset, args.games)
    print(f"{args.ruleset}, seat P1 against random bots, {args.evaluate} games each:")
    print(f"  random policy wins  {evaluate(args.ruleset, weights, args.evaluate, explore=1.0):.1%}")
    print(f"  learned policy wins {evaluate(args.ruleset, weights, args.evaluate):.1%}  "
          f"(after learning from {args.games} games)")


if __name__ == "__main__":
    main()
