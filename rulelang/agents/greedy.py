"""`greedy`: one step of lookahead on the ruleset's evaluation.

For each option the bot plays it in a few samples of the game as its seat knows it (the
hidden cards re-dealt, see `determinization.py`), runs on to the next decision, and reads the
value reached (`estimate.py`: the result, else the evaluation's growth). It takes the best
mean; ties, and a ruleset without an evaluation, are broken at random.
"""
from __future__ import annotations

from ..engine.rng import Rng
from ..engine.runtime import apply_action
from ..errors import GameError
from .determinization import SeatView
from .estimate import EVEN, Estimate

SAMPLES = 4  # samples per decision, shared by all its options


class GreedyAgent:
    """Chooses the option whose next state looks best by the ruleset's evaluation."""

    name = "greedy"
    view_type = SeatView

    def __init__(self, seed: int, samples: int = SAMPLES):
        self.rng = Rng(seed)
        self.samples = samples

    def choose(self, view: SeatView, decision) -> int:
        """The index of the best-looking option (ties at random)."""
        count = len(decision.options)
        if count == 1:
            return 0
        estimate = Estimate(view.game, view.players)
        totals = [0.0] * count
        for _ in range(self.samples):
            sample = view.sample(self.rng)
            start = estimate.evaluations(sample)
            for index in range(count):
                st = sample.clone()  # every option meets the same chance
                try:
                    apply_action(st, index)
                except GameError:
                    totals[index] += EVEN
                    continue
                totals[index] += estimate.values(st, start)[decision.seat]
        best = max(totals)
        tied = [index for index, total in enumerate(totals) if total >= best - 1e-9]
        return tied[self.rng.below(len(tied))]
