"""What an environment refuses or stops short of: an observation too big to make (checked once, at
creation, with the rule file's position of the biggest part), and steps the PettingZoo and
Gymnasium conventions do not allow (after the end, before a reset, an action that is no id)."""
import numpy as np
import pytest
from gymnasium.error import InvalidAction, ResetNeeded
from pettingzoo.utils.env_logger import EnvLogger

from rulelang.api import load_compiled, packaged_rulesets
from rulelang.env import make_env, make_gym_env
from rulelang.env.bounds import blocks
from rulelang.env.episode import load_ruleset
from rulelang.env.layout import Layout
from rulelang.errors import RuleError

ROWS = 38


def huge(tmp_path) -> str:
    """A short rule file (about 12 KB) whose observation would take 1.5 GB: 1,000 cards, each of
    which could lie in any pile of 38 rows of each of 10 players."""
    cards = ", ".join(f"{{name: c{n}}}" for n in range(1000))
    rows = "\n".join(f"  r{n}: {{per_player: true, visibility: public, row: true}}" for n in range(ROWS))
    text = (f"name: Huge\nplayers: 10\ndeck: {{cards: [{cards}], start: draw}}\nzones:\n"
            f"  draw: {{visibility: hidden}}\n{rows}\nturn:\n  do:\n    - choose move: [stop]\n"
            f"moves:\n  stop:\n    do: [\"lose me\"]\nend:\n  - when: \"false\"\n    winner: \"[]\"\n")
    path = tmp_path / "huge.yaml"
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("make", [make_env, make_gym_env])
def test_an_observation_too_big_to_make_is_refused_at_creation_where_the_file_makes_it(tmp_path, make):
    path = huge(tmp_path)
    with pytest.raises(RuleError) as caught:
        make(path)
    message = str(caught.value)
    assert message.startswith(f"{path}:6:3: error: an observation of this game would hold 380,")  # zone r0
    assert "more than the 1,000,000 an environment allows" in message
    assert "'at', holds 380,001,000 (1,000 cards × 380,001 places (zone 'r0' makes 10,000))" in message


def test_the_bound_can_be_raised_or_lowered():
    with pytest.raises(RuleError, match="more than the 500 an environment allows"):
        make_env("storma_slottet", max_observation=500)
    assert make_env("storma_slottet", max_observation=10_000).observation_space("P1")["observation"].shape == (892,)


@pytest.mark.parametrize("name", sorted(packaged_rulesets()))
def test_the_counted_blocks_are_the_layouts(name):
    doc, game = load_compiled(name)
    _, catalogue = load_ruleset(name)
    for players in range(game.min_players, game.max_players + 1):
        layout = Layout.build(game, players, catalogue)
        counted = {block.name: block.size for block in blocks(game, doc, players)}
        assert counted == {name: block.size for name, block in layout.blocks.items() if name != "turn"}


def finished_aec():
    """A PettingZoo env whose game is over and whose agents have all left."""
    env = make_env("tjugonio", seed=2)
    env.reset()
    for _ in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else int(env.legal_actions()[0]))
    return env


def test_stepping_a_pettingzoo_env_whose_agents_all_left_warns_and_does_nothing():
    env = finished_aec()
    assert env.agents == []
    EnvLogger.flush()
    env.step(0)
    assert EnvLogger.mqueue == ["[WARNING]: step() called after all agents are terminated or truncated. "
                                "Should reset() first."]
    assert env.agents == []


def test_a_pettingzoo_env_is_stepped_only_after_reset_and_a_done_agent_only_with_none():
    with pytest.raises(AssertionError, match="reset"):
        make_env("tjugonio").step(0)
    env = make_env("storma_slottet", seed=3)
    env.reset()
    illegal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0])
    env.step(illegal)  # ends the game
    with pytest.raises(ValueError, match="the only valid action is None"):
        env.step(0)


def test_stepping_a_gymnasium_env_after_its_end_asks_for_a_reset():
    env = make_gym_env("houska_castle", seed=1)
    with pytest.raises(ResetNeeded, match="before calling env.reset"):
        env.step(0)
    env.reset()
    terminated = truncated = False
    while not (terminated or truncated):
        _, _, terminated, truncated, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
    with pytest.raises(ResetNeeded, match="after the episode ended"):
        env.step(int(np.flatnonzero(env.action_masks() == 0)[0]))
    env.reset()
    env.step(int(np.flatnonzero(env.action_masks())[0]))  # a reset goes on


def test_an_illegal_action_ends_a_gymnasium_episode_once():
    env = make_gym_env("houska_castle", seed=1)
    env.reset()
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    assert env.step(illegal)[1:3] == (-1.0, True)
    with pytest.raises(ResetNeeded):
        env.step(illegal)


@pytest.mark.parametrize("action", [True, False, np.bool_(True), 1.0, "1", None, np.array([1])])
def test_an_action_that_is_no_whole_number_is_refused_not_read_as_one(action):
    gym = make_gym_env("houska_castle", seed=1)
    gym.reset()
    aec = make_env("tjugonio", seed=1)
    aec.reset()
    for env in (gym, aec):
        with pytest.raises(InvalidAction, match="an action is an action id"):
            env.step(action)


def test_numpy_integers_are_actions():
    env = make_gym_env("houska_castle", seed=1)
    env.reset()
    action = np.flatnonzero(env.action_masks())[0]
    assert env.step(np.int64(action))[2] in (True, False)
    assert isinstance(env.step(np.array(np.flatnonzero(env.action_masks())[0]))[1], float)
