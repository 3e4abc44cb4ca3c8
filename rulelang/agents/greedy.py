"""`greedy`: one step of lookahead on the ruleset's evaluation.

For each option the bot plays it in a few samples of the game as its seat knows it (the
hidden cards re-dealt, see `determinization.py`), runs on to the next decision, and reads the
value reached (`estimate.py`: the payoff when the game is over, else the evaluation's growth).
It takes the best mean; ties, and a ruleset without an evaluation, are broken at random.

In a ruleset that can refuse a move, one step is not enough: a move that will be refused
only at its last choice looks, one choice in, as good as the position itself, and the bot
would start it again and again. There an option is followed through the seat's own next
decisions, taking the best of each (up to `LOOKAHEAD` states per option and sample), and a
refused move is worth less than a loss.
"""
from __future__ import annotations

from ..engine.rng import Rng
from ..engine.runtime import apply_action
from ..errors import GameError
from .determinization import SeatView
from .estimate import EVEN, REFUSED, Estimate, estimate_for

SAMPLES = 4  # samples per decision, shared by all its options
LOOKAHEAD = 64  # states followed per option and sample through the seat's next decisions (rulesets with refusals)


class GreedyAgent:
    """Chooses the option whose next state looks best by the ruleset's evaluation."""

    name = "greedy"
    view_type = SeatView

    def __init__(self, seed: int, samples: int = SAMPLES):
        self.rng = Rng(seed)
        self.samples = samples
        self.estimate = None  # kept for the game (see estimate_for)

    def choose(self, view: SeatView, decision) -> int:
        """The index of the best-looking option (ties at random)."""
        count = len(decision.options)
        if count == 1:
            return 0
        estimate = estimate_for(self, view.game, view.players)
        follow = view.game.refusals
        totals = [0.0] * count
        for _ in range(self.samples):
            sample = view.sample(self.rng)
            start = estimate.evaluations(sample)
            for index in range(count):
                st = sample.clone()  # every option meets the same chance
                budget = [LOOKAHEAD] if follow else None
                totals[index] += _value(st, index, decision.seat, estimate, start, budget)
        best = max(totals)
        tied = [index for index, total in enumerate(totals) if total >= best - 1e-9]
        return tied[self.rng.below(len(tied))]


def _value(st, index: int, seat: int, estimate: Estimate, start, budget) -> float:
    """`seat`'s value after option `index` in `st`; with a `budget` (a one-item list of states
    left), the best reached through the seat's own decisions that follow."""
    refusals = st.refusals
    try:
        apply_action(st, index)
    except GameError:
        return EVEN
    if st.refusals != refusals:
        return REFUSED
    if budget is None or st.result is not None or st.pending.seat != seat or budget[0] <= 0:
        return estimate.values(st, start)[seat]
    best = None
    for option in range(len(st.pending.options)):
        if budget[0] <= 0:
            break
        budget[0] -= 1
        value = _value(st.clone(), option, seat, estimate, start, budget)
        best = value if best is None else max(best, value)
    return best
