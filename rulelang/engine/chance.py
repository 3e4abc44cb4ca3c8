"""The chance of one game: dice rolled (in expressions, and the dice of the pool) and zones shuffled with
the game's own seeded generator.

A part of `GameState` (engine/state.py). A rule test may force what chance gives (`forced`,
see analysis/forcing.py): dice that come up as it says, zones it stacked that stay as laid.
"""
from __future__ import annotations

from ..errors import GameError
from .values import Roll


class Chance:
    """Rolling dice and shuffling zones."""

    def roll(self, count: int, sides: int, zero_based: bool, text: str) -> Roll:
        """Roll dice (a rule test's forced results first), and log the roll."""
        low = 0 if zero_based else 1
        if self.forced is not None:
            self.forced.rolled += count
        result = Roll(tuple(self.face(low, sides, text) for _ in range(count)))
        if not self.quiet:
            self.say(f"rolls {text}: {result!r}")
        return result

    def face(self, low: int, sides: int, text: str) -> int:
        """The face one die of `sides` faces from `low` comes up on: a rule test's forced result first."""
        forced = self.forced
        if forced is not None and forced.dice:
            face = forced.dice.pop(0)
            if not low <= face < low + sides:
                raise GameError(f"forced die {face} cannot come up on a {text} die")
            return face
        return low + self.rng.below(sides)

    def roll_pool(self, dice: list) -> None:
        """Roll dice of the game's pool, each to a new face (stored on it), and log what each seat sees of it."""
        forced = self.forced
        if forced is not None:
            forced.rolled += len(dice)
        if self.shown or self.known:  # a die rolled again is a new secret
            self.forget_faces(dice)
        for die in dice:
            sides = die.attributes["sides"]
            self.cvars[die.id] = {"face": self.face(die.low, sides, f"{'T' if die.low == 0 else 'd'}{sides}")}
        self.touch("cvar")
        if not self.quiet:
            self.log_roll(dice)

    def shuffle(self, ref) -> None:
        """Shuffle a zone, unless a rule test stacked it."""
        key = self.zone_key(ref)
        if self.forced is not None and ref.name in self.forced.stacked:
            return
        self.rng.shuffle(self.zones[key])
        self.forget_order(self.zones[key])
        self.touch(key)
