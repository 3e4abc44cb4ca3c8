"""Agents as policies and policies as agents: a policy at a table sees what the environment shows it."""
import numpy as np
import pytest

from rulelang.api import load_game
from rulelang.engine.rng import Rng
from rulelang.engine.session import play_game
from rulelang.env import ActionError, PolicyAgent, make_env


class Recording:
    """A policy that takes a seeded random legal action and remembers what it was shown."""

    def __init__(self, seed: int):
        self.rng = Rng(seed)
        self.seen = []

    def __call__(self, observation) -> int:
        self.seen.append(observation)
        legal = np.flatnonzero(observation["action_mask"])
        return int(legal[self.rng.below(len(legal))])


@pytest.mark.parametrize("name", ["storma_slottet", "supertrumf", "tjugonio"])
def test_a_policy_at_a_table_sees_what_the_environment_shows_it(name):
    game = load_game(name)
    at_table = Recording(8)
    st = play_game(game, [PolicyAgent(at_table, game) for _ in range(game.min_players)], 4)
    in_env = Recording(8)
    env = make_env(name, seed=4)
    env.reset()
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else in_env(observation))
    assert env.game_state.result == st.result and len(in_env.seen) == len(at_table.seen) == st.actions
    for shown, given in zip(at_table.seen, in_env.seen):
        assert np.array_equal(shown["observation"], given["observation"])
        assert np.array_equal(shown["action_mask"], given["action_mask"])


def test_a_policy_that_takes_an_illegal_action_is_stopped():
    game = load_game("storma_slottet")
    agent = PolicyAgent(lambda observation: int(np.flatnonzero(observation["action_mask"] == 0)[0]), game)
    with pytest.raises(ActionError, match="the policy chose action 0, which is not legal now; legal: .*hearts"):
        play_game(game, [agent, agent], 1)
