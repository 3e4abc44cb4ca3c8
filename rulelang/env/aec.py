"""Any rule file as a PettingZoo AEC environment: turn by turn, one agent per seat, with action masks.

    env = make_env("my_game.yaml", players=2, seed=7)
    env.reset()
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else pick(observation["action_mask"])
        env.step(action)

The agent that acts is the one the game asks (the same agent may act several times running).
An observation is {"observation": the seat's vector, "action_mask": its legal actions}. Rewards
come at the end: +1 for a win, -1 for a loss, 0 for a draw or a game cut off at `max_steps`.
An action the mask does not allow ends the game: -1 for the agent that took it, 0 for the
others, and `info["illegal_action"]` names it.
"""
from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

from ..engine.session import DEFAULT_MAX_DECISIONS
from ..engine.views import seat_view
from .bounds import MAX_OBSERVATION
from .episode import Episode, EpisodeParts, Seeds, agent_names, load_ruleset, seat_count


def make_env(name_or_path: str, players: int | None = None, seed: int | None = None,
             max_steps: int = DEFAULT_MAX_DECISIONS, render_mode: str | None = None,
             max_observation: int = MAX_OBSERVATION) -> "RulesetEnv":
    """A PettingZoo AEC environment for a rule file (a name or a path, any variant); a RuleError
    when an observation would hold more than `max_observation` figures (see bounds.py)."""
    game, catalogue = load_ruleset(name_or_path, players, max_observation)
    return RulesetEnv(game, catalogue, seat_count(game, players), seed, max_steps, render_mode)


def observation_space(episode: Episode) -> spaces.Dict:
    """The space of an episode's observations: the vector and the action mask."""
    low, high = episode.layout.bounds()
    return spaces.Dict({
        "observation": spaces.Box(low, high, dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (len(episode.catalogue),), dtype=np.int8),
    })


class RulesetEnv(EpisodeParts, AECEnv):
    """A rule file's game as an AEC environment; agents are named as the seats, P1, P2 ..."""

    metadata = {"name": "rulelang", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, game, catalogue, players: int, seed: int | None = None,
                 max_steps: int = DEFAULT_MAX_DECISIONS, render_mode: str | None = None):
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.episode = Episode(game, catalogue, players, quiet=render_mode is None)
        self.possible_agents = agent_names(players)
        self.agents = []  # none until reset()
        self.seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.seeds = Seeds(seed)
        space = observation_space(self.episode)
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(len(catalogue)) for agent in self.possible_agents}

    # ------------------------------------------------------------------ the AEC API
    def observation_space(self, agent):
        """The observation space (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent):
        """One discrete action per entry of the rule file's action catalogue."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game: from `seed`, or the next seed of the current run (see episode.Seeds)."""
        self.episode.start(self.seeds.next(seed))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._after_step(illegal=None)

    def observe(self, agent):
        """The agent's observation vector and action mask."""
        return self.episode.observe(self.seat_of[agent])

    def step(self, action) -> None:
        """The selected agent takes `action`; the game runs on to the next decision.

        As PettingZoo's environments do: a step before `reset()` is an error, a done agent's
        step must be `None` (it leaves), and a step once every agent has left only warns.
        """
        if self.episode.st is None:
            EnvLogger.error_step_before_reset()
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        legal = self.episode.play(action)
        self._after_step(illegal=None if legal else (agent, int(action)))
        if self.render_mode == "human":
            self.render()

    def render(self):
        """The log lines everybody has seen since the last render, and who decides now."""
        lines = self.episode.news()
        if self.episode.seat is not None:
            lines.append(f"{self.possible_agents[self.episode.seat]}: {self.episode.st.pending.prompt}")
        return self._rendered(lines)

    def close(self) -> None:
        """Nothing to release."""

    # ------------------------------------------------------------------ rulelang's extras
    @property
    def game_state(self):
        """The game state itself (everything, hidden cards too: for search, not for a seat's policy)."""
        return self.episode.st

    def view(self, agent) -> dict:
        """What the agent's seat may see, as plain data (see engine/views.py)."""
        return seat_view(self.episode.st, self.seat_of[agent])

    def legal_actions(self) -> tuple:
        """The actions of the pending decision, in the order of its options."""
        return self.episode.legal

    def action_label(self, action: int) -> str:
        """What an action is: the label of the options it takes."""
        return self.episode.label(action)

    # ------------------------------------------------------------------ bookkeeping
    def _after_step(self, illegal) -> None:
        """Rewards, ends and the next agent, after a reset or an action."""
        episode, seat = self.episode, self.episode.seat
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if illegal is not None:
            agent, action = illegal
            self.rewards[agent] = -1.0
            self.infos[agent] = {"illegal_action": action}
            self.terminations = dict.fromkeys(self.agents, True)
        elif seat is None:
            self.rewards = dict(zip(self.possible_agents, episode.returns()))
            self.terminations = dict.fromkeys(self.agents, True)
        elif episode.st.actions >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        if seat is not None and illegal is None:
            self.agent_selection = self.possible_agents[seat]
            return  # nothing was won or lost
        if getattr(self, "agent_selection", None) not in self.agents:
            self.agent_selection = self.agents[0]
        self._accumulate_rewards()
