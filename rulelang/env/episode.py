"""One game played through action ids: what the environments of this package share.

An `Episode` holds the game's state, the actions of the pending decision (and its mask), and
what each seat sees. Chance comes only from the game's seed, so a seed and a sequence of
actions give the same game as the engine driven directly with the same seed and options.
"""
from __future__ import annotations

import operator
import os

import numpy as np
from gymnasium.error import InvalidAction

from ..api import load_compiled
from ..engine.rng import derive_seed
from ..engine.runtime import apply_action, new_game
from ..engine.values import Player
from ..errors import GameError
from .bounds import MAX_OBSERVATION, check_size
from .catalogue import ActionCatalogue
from .layout import Layout
from .observation import TableObserver

OUTCOME = {"win": 1.0, "loss": -1.0, "draw": 0.0}


def load_ruleset(name_or_path: str, players: int | None = None, max_observation: int = MAX_OBSERVATION) -> tuple:
    """A rule file's compiled game and its action catalogue; a RuleError when its observation
    for `players` (by default its least) would hold more than `max_observation` figures."""
    doc, game = load_compiled(name_or_path)
    check_size(game, doc, seat_count(game, players), max_observation)
    return game, ActionCatalogue.build(game, doc)


def action_number(action) -> int:
    """An action as the whole number it is (an int, a numpy integer, a 0-d integer array);
    gymnasium's InvalidAction for anything else, `True` included (it is no action id)."""
    if isinstance(action, (bool, np.bool_)):
        raise InvalidAction(f"an action is an action id (a whole number), not {action!r}")
    try:
        return operator.index(action)
    except TypeError:
        raise InvalidAction(f"an action is an action id (a whole number), not {action!r}") from None


def seat_count(game, players: int | None) -> int:
    """The number of players, the ruleset's least by default; an error outside its range."""
    players = game.min_players if players is None else int(players)
    if not game.min_players <= players <= game.max_players:
        raise GameError(f"{game.name} is for {game.min_players}-{game.max_players} players, not {players}")
    return players


class Episode:
    """A game, its pending decision as actions, and each seat's observation."""

    def __init__(self, game, catalogue, players: int, quiet: bool = True):
        self.game = game
        self.catalogue = catalogue
        self.players = players
        self.layout = Layout.build(game, players, catalogue)
        self.quiet = quiet
        self.observer = TableObserver(self.layout, players)
        self.mask = np.zeros(len(catalogue), dtype=np.int8)
        self.no_actions = np.zeros(len(catalogue), dtype=np.int8)
        self.legal: tuple = ()  # the action of each option of the pending decision
        self.seat: int | None = None  # the seat that decides now, or None when the game is over
        self.told = 0  # log lines already given by `news`
        self.st = None

    def start(self, seed: int, recall: bool = False) -> None:
        """A new game from this seed, at its first decision (`recall`: see `new_game`)."""
        self.st = new_game(self.game, self.players, seed, quiet=self.quiet, recall=recall)
        self.told = 0
        self._decision()


    def play(self, action) -> bool:
        """Take a legal action and run on to the next decision; False (and nothing done) if not legal."""
        action = action_number(action)
        if action not in self.legal:
            return False
        apply_action(self.st, self.legal.index(action))
        self._decision()
        return True

    def play_option(self, index: int) -> None:
        """Answer the pending decision with option `index` (an agent's answer)."""
        apply_action(self.st, index)
        self._decision()

    def observe(self, seat: int) -> dict:
        """What a seat sees, as a vector, and its legal actions (none while another seat decides)."""
        vector = self.observer.observe(self.st, seat)
        if seat != self.seat:
            return {"observation": vector, "action_mask": self.no_actions.copy()}
        vector[self.layout.decision_index(self.st.pending)] = 1
        return {"observation": vector, "action_mask": self.mask.copy()}

    def returns(self) -> list:
        """Each seat's outcome: +1 a win, -1 a loss, 0 a draw or a game not over."""
        result = self.st.result
        return [OUTCOME[outcome] for outcome in result] if result is not None else [0.0] * self.players

    def news(self) -> list:
        """The log lines everybody sees that are new since the last call (empty in a quiet game)."""
        log = self.st.log
        lines = [text for audience, text in log[self.told:] if audience is None]
        self.told = len(log)
        return lines

    def label(self, action: int) -> str:
        """What an action is, as its option's label."""
        return self.catalogue.labels[action]

    def _decision(self) -> None:
        """The pending decision's seat, actions and mask."""
        mask = self.mask
        for action in self.legal:
            mask[action] = 0
        pending = self.st.pending
        if pending is None or self.st.result is not None:
            self.seat, self.legal = None, ()
        else:
            self.seat, self.legal = pending.seat, self.catalogue.actions(pending)
        for action in self.legal:
            mask[action] = 1


class EpisodeParts:
    """What both environments offer beside their library's API; they keep their Episode in `episode`."""

    episode: Episode
    render_mode: str | None

    @property
    def catalogue(self):
        """The rule file's actions (see catalogue.py)."""
        return self.episode.catalogue

    @property
    def layout(self):
        """Where each figure of the observation vector lies (see layout.py)."""
        return self.episode.layout

    def _rendered(self, lines: list):
        """Render lines: printed in "human" mode (returning None), else returned as one text."""
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text


class Seeds:
    """The game seed of each episode: a given seed starts a run, each later reset takes the run's next.

    The run's first game plays the seed itself (as `rulelang play --seed` does), the n-th after it
    `derive_seed(seed, n)`.
    """

    def __init__(self, seed: int | None):
        self.base = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
        self.count = 0

    def next(self, seed: int | None = None) -> int:
        """The seed of the next game; a given seed starts a new run."""
        if seed is not None:
            self.base, self.count = int(seed), 0
        self.count += 1
        return self.base if self.count == 1 else derive_seed(self.base, self.count - 1)


def agent_names(players: int) -> list:
    """The agents' names, as rule files name the seats: P1, P2 ..."""
    return [Player(seat).name for seat in range(players)]
