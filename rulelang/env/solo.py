"""A rule file as a Gymnasium environment for one seat: a one-player game, or one seat against bots.

    env = make_gym_env("my_solitaire.yaml", seed=3)
    observation, info = env.reset()
    observation, reward, terminated, truncated, info = env.step(action)

Observations, actions and rewards are those of the AEC environment (see aec.py) for the
learner's seat; the other seats, if any, are played by rulelang agents given as `--players`
specs (`random`, ...), seeded as `rulelang play --seed` seeds them. `action_masks()` gives the
legal actions, as maskable learners expect.
"""
from __future__ import annotations

import gymnasium
from gymnasium import spaces
from gymnasium.error import ResetNeeded

from ..agents import build_agent, parse_players
from ..engine.session import DEFAULT_MAX_DECISIONS, needs_recall
from .adapters import ask
from .aec import observation_space
from .bounds import MAX_OBSERVATION
from .episode import Episode, EpisodeParts, Seeds, action_number, load_ruleset, seat_count


def make_gym_env(name_or_path: str, players: int | None = None, seed: int | None = None, seat: int = 0,
                 opponents: str | None = None, max_steps: int = DEFAULT_MAX_DECISIONS,
                 render_mode: str | None = None, max_observation: int = MAX_OBSERVATION) -> "SoloEnv":
    """A Gymnasium environment for one seat of a rule file; `opponents` are specs for the other
    seats in order, comma-separated (default: `random` for each); `max_observation` as for make_env."""
    game, catalogue = load_ruleset(name_or_path, players, max_observation)
    players = seat_count(game, players)
    if not 0 <= seat < players:
        raise ValueError(f"seat {seat} is not one of the {players} seats (0 to {players - 1})")
    text = opponents if opponents is not None else ",".join(["random"] * (players - 1))
    specs = parse_players(text) if text else []
    if len(specs) != players - 1 or any(spec.is_human for spec in specs):
        raise ValueError(f"give one bot for each of the {players - 1} other seats, not '{opponents}'")
    others = [other for other in range(players) if other != seat]
    return SoloEnv(game, catalogue, players, seat, dict(zip(others, specs)), seed, max_steps, render_mode)


class SoloEnv(EpisodeParts, gymnasium.Env):
    """One seat of a rule file's game; bots play the others between the learner's actions."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, game, catalogue, players: int, seat: int, opponents: dict, seed: int | None = None,
                 max_steps: int = DEFAULT_MAX_DECISIONS, render_mode: str | None = None):
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.episode = Episode(game, catalogue, players, quiet=render_mode is None)
        self.seat = seat
        self.opponents = opponents  # seat -> AgentSpec
        self.bots: dict = {}
        self.ended = False  # the episode ended (terminated or truncated): only reset() goes on
        self.seeds = Seeds(seed)
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.observation_space = observation_space(self.episode)
        self.action_space = spaces.Discrete(len(catalogue))

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """A new game: from `seed`, or the next seed of the current run (see episode.Seeds)."""
        super().reset(seed=seed)
        game_seed = self.seeds.next(seed)
        self.bots = {other: build_agent(spec, other, game_seed, self.episode.game)
                     for other, spec in self.opponents.items()}
        self.episode.start(game_seed, recall=needs_recall(self.bots.values()))
        self._bots_play()
        self.ended = self.episode.seat is None  # the bots may have ended it
        return self.episode.observe(self.seat), {}

    def step(self, action):
        """Take an action; the bots answer until the learner must decide again or the game ends.

        As Gymnasium's order checks do, a step before `reset()`, or after the episode ended
        (terminated or truncated), raises ResetNeeded.
        """
        episode = self.episode
        if episode.st is None or self.ended:
            raise ResetNeeded("Cannot call env.step() before calling env.reset()" if episode.st is None else
                              "Cannot call env.step() after the episode ended (terminated or truncated): "
                              "call env.reset() first")
        if not episode.play(action):
            self.ended = True
            return episode.observe(self.seat), -1.0, True, False, {"illegal_action": action_number(action)}
        self._bots_play()
        terminated = episode.seat is None
        reward = episode.returns()[self.seat] if terminated else 0.0
        truncated = not terminated and episode.st.actions >= self.max_steps
        self.ended = terminated or truncated
        if self.render_mode == "human":
            self.render()
        return episode.observe(self.seat), reward, terminated, truncated, {}

    def action_masks(self):
        """The learner's legal actions now (1 allowed, 0 not)."""
        return self.episode.observe(self.seat)["action_mask"]

    def render(self):
        """The log lines everybody has seen since the last render."""
        return self._rendered(self.episode.news())

    def _bots_play(self) -> None:
        episode = self.episode
        while episode.seat is not None and episode.seat != self.seat:
            episode.play_option(ask(self.bots[episode.seat], episode.st))
