"""The PettingZoo environment: the API checks pass, and an episode is the game the engine plays."""
import numpy as np
import pytest
from pettingzoo.test import api_test

from rulelang.agents import RandomAgent
from rulelang.api import load_game, packaged_rulesets, resolve
from rulelang.engine.runtime import apply_action, new_game
from rulelang.engine.rng import Rng, derive_seed
from rulelang.env import AgentPolicy, make_env

RULESETS = sorted(packaged_rulesets())
# PettingZoo recommends these for new environments; ours follow its classic games (observations are
# dicts with an action mask) and rulelang (agents are named as the rule files name the seats).
KNOWN = [
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
    "ignore:We recommend agents to be named",
]


def play_episode(env, seed: int) -> list:
    """Play an episode with random agents seeded from `seed`; the option index taken at each decision."""
    env.reset(seed=seed)
    taken = []
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        policy = AgentPolicy(env, RandomAgent(derive_seed(seed, len(taken))))
        action = None if terminated or truncated else policy(observation)
        if action is not None:
            assert observation["action_mask"][action] == 1
            taken.append(env.legal_actions().index(action))
        env.step(action)
    return taken


@pytest.mark.filterwarnings(*KNOWN)
@pytest.mark.parametrize("name", RULESETS)
def test_the_pettingzoo_api_checks_pass(name):
    api_test(make_env(name, seed=1), num_cycles=500)


@pytest.mark.parametrize("name", [n for n in RULESETS if n != "hoyers_trappe"])  # random Høyer games run long
def test_an_episode_is_the_game_the_engine_plays_with_the_same_seed_and_choices(name):
    env = make_env(name, seed=0, render_mode="ansi")
    taken = play_episode(env, 5)
    st = new_game(load_game(name), len(env.possible_agents), 5)
    for index in taken:
        apply_action(st, index)
    assert st.log and st.log == env.game_state.log and st.result == env.game_state.result


def test_a_seed_reproduces_a_game_and_each_reset_without_one_plays_the_next_game():
    env = make_env("tjugonio", seed=11)
    observations = []
    for _ in range(2):
        env.reset(seed=11)
        observations.append(env.observe(env.agent_selection)["observation"])
        first = play_episode(env, 11)
    assert np.array_equal(*observations)
    assert play_episode(env, 11) == first
    unseeded = make_env("tjugonio", seed=11)
    unseeded.reset()
    assert np.array_equal(unseeded.observe(unseeded.agent_selection)["observation"], observations[0])
    unseeded.reset()
    assert not np.array_equal(unseeded.observe(unseeded.agent_selection)["observation"], observations[0])


def test_rewards_come_at_the_end_from_the_result():
    env = make_env("supertrumf_blixtduell", seed=2)
    env.reset()
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if not (terminated or truncated):
            assert reward == 0
        env.step(None if terminated or truncated else int(np.flatnonzero(observation["action_mask"])[0]))
    outcome = {"win": 1.0, "loss": -1.0, "draw": 0.0}
    assert [totals[agent] for agent in env.possible_agents] == [outcome[r] for r in env.game_state.result]


def test_an_illegal_action_ends_the_game_with_a_loss_for_the_agent_that_took_it():
    env = make_env("storma_slottet", seed=3)
    env.reset()
    agent = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    env.step(illegal)
    assert all(env.terminations.values())
    assert env._cumulative_rewards[agent] == -1 and env.infos[agent] == {"illegal_action": illegal}
    assert sum(env._cumulative_rewards.values()) == -1


def test_a_game_cut_off_at_max_steps_is_truncated():
    env = make_env("hoyers_trappe", seed=4, max_steps=30)
    env.reset()
    steps = 0
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated and not terminated
            env.step(None)
            continue
        env.step(int(np.flatnonzero(observation["action_mask"])[-1]))
        steps += 1
    assert steps == 30 and env.agents == []


def test_actions_read_as_their_labels_and_the_view_is_the_seats():
    env = make_env("storma_slottet", seed=3)
    env.reset()
    assert [env.action_label(a) for a in env.legal_actions()] == ["clubs", "diamonds", "hearts", "spades"]
    assert env.view("P2")["seat"] == 1


def test_the_observation_says_which_choice_is_being_made():
    env = make_env("tjugonio", seed=5)
    env.reset()
    names, block = env.layout.names(), env.layout.blocks["decision"]

    def marked(agent):
        vector = env.observe(agent)["observation"]
        return [names[i] for i in range(block.start, block.start + block.size) if vector[i]]
    waiting = next(agent for agent in env.possible_agents if agent != env.agent_selection)
    lines = open(resolve("tjugonio"), encoding="utf-8").read().splitlines()
    turn_choice = next(i + 1 for i, line in enumerate(lines) if "choose move: [hand, ace, bench, end]" in line)
    assert marked(env.agent_selection) == [f"decision[move@tjugonio.yaml:{turn_choice}:11]"] and marked(waiting) == []
    rng = Rng(5)
    while "pass" not in [env.action_label(a) for a in env.legal_actions()]:  # play on to a reaction window
        env.step(env.legal_actions()[rng.below(len(env.legal_actions()))])
    assert marked(env.agent_selection) == ["decision[other]"]
