"""`random`: the bot that picks uniformly among the legal options."""
from __future__ import annotations

from ..engine.rng import Rng, derive_seed


class RandomAgent:
    """Chooses uniformly among the legal options, from its own seeded generator."""

    name = "random"
    needs_view = False  # it never looks, so the session need not build a view for it

    def __init__(self, seed: int):
        self.rng = Rng(seed)

    def probabilities(self, view: dict, decision) -> list:
        """The probability of each option: all alike."""
        return [1.0 / len(decision.options)] * len(decision.options)

    def choose(self, view: dict, decision) -> int:
        """The index of a uniformly random legal option."""
        return self.rng.below(len(decision.options))


def random_agents(count: int, seed: int) -> list:
    """One random agent per seat, each with its own seed derived from the game's."""
    return [RandomAgent(derive_seed(seed, 1000 + seat)) for seat in range(count)]
