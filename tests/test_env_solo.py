"""The Gymnasium environment: the env checker passes, and an episode is the engine's game."""
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from rulelang.agents import RandomAgent
from rulelang.api import load_game
from rulelang.engine.rng import derive_seed
from rulelang.engine.session import play_game
from rulelang.env import make_gym_env


@pytest.mark.filterwarnings("ignore:.*not having a spec")  # render modes are tried only through gymnasium.make
def test_the_gymnasium_env_checker_passes_for_the_one_player_ruleset():
    check_env(make_gym_env("houska_castle", seed=1))


def test_the_env_checker_passes_for_one_seat_against_bots():
    check_env(make_gym_env("tjugonio", seed=1, seat=1, opponents="random"), skip_render_check=True)


@pytest.mark.parametrize("name, seat", [("houska_castle", 0), ("storma_slottet", 1)])
def test_an_episode_is_the_game_the_engine_plays_with_the_same_agents(name, seat):
    env = make_gym_env(name, seat=seat, render_mode="ansi")
    learner = RandomAgent(derive_seed(9, 1000 + seat))  # the seat's agent, as `rulelang play --seed 9` seeds it
    observation, _ = env.reset(seed=9)
    log, reward, terminated = env.render().splitlines(), 0.0, False
    while not terminated:
        st = env.unwrapped.episode.st
        action = env.unwrapped.episode.legal[learner.choose(None, st.pending)]
        assert observation["action_mask"][action] == 1 and np.array_equal(env.action_masks(), observation["action_mask"])
        observation, reward, terminated, truncated, _ = env.step(action)
        log += env.render().splitlines()
        assert not truncated
    game = load_game(name)
    agents = [RandomAgent(derive_seed(9, 1000 + s)) for s in range(game.min_players)]
    st = play_game(game, agents, 9)
    assert log == [text for audience, text in st.log if audience is None]
    assert reward == {"win": 1.0, "loss": -1.0, "draw": 0.0}[st.result[seat]]


def test_search_bots_play_the_other_seats_on_samples_of_what_their_seat_knows():
    """An opponent that searches (mcts, greedy) is handed a view it can sample, as at a table,
    and the game keeps what its seat recalls: an episode plays to its end."""
    env = make_gym_env("crazy_eights", players=3, seed=1, opponents="mcts:steps=200,greedy")
    observation, _ = env.reset(seed=1)
    assert env.unwrapped.episode.st.recalling
    terminated = truncated = False
    while not (terminated or truncated):
        action = int(np.flatnonzero(observation["action_mask"])[0])
        observation, reward, terminated, truncated, _ = env.step(action)
    assert terminated and reward in (-1.0, 0.0, 1.0)


def test_a_seat_and_its_opponents_must_fit_the_game():
    with pytest.raises(ValueError, match="seat 2"):
        make_gym_env("tjugonio", seat=2)
    with pytest.raises(ValueError, match="one bot for each of the 1 other seats"):
        make_gym_env("tjugonio", opponents="random,random")
