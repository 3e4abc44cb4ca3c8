"""What a rule test forces on a game: dice that come up as it says, what `random(...)` picks, zones
it stacked (which no shuffle changes), the first player, and a stop when the current turn or round ends.

A game holds one of these (`GameState.forced`) only while a rule test (or a test of the
engine) runs it; every other game leaves chance to its seeded generator.
"""
from __future__ import annotations


class Forced:
    """The forcing of one rule test, read by the engine where chance or the turn order decides."""

    def __init__(self, dice=(), stacked=(), first: int | None = None, picks=()):
        self.dice = list(dice)  # the next dice to come up, in order
        self.picks = list(picks)  # the labels of the items the next `random(...)` calls pick, in order
        self.stacked = set(stacked)  # names of zones no shuffle changes
        self.first = first  # the seat that takes the first turn (once)
        self.hold_at_turn_end = False  # stop the game once the current turn ends (advance() resumes it)
        self.hold_at_round_end = False  # stop it once the current round ends, before the next one's setup
        self.rolled = 0  # dice rolled so far, forced or not

    def clone(self) -> Forced:
        """An independent copy (for a cloned state)."""
        other = Forced(self.dice, self.stacked, self.first, self.picks)
        other.hold_at_turn_end, other.hold_at_round_end = self.hold_at_turn_end, self.hold_at_round_end
        other.rolled = self.rolled
        return other
