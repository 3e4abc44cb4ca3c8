"""The chance of one game: dice rolled and zones shuffled with the game's own seeded generator.

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
        forced = self.forced
        if forced is not None:
            forced.rolled += count
        dice = []
        for _ in range(count):
            if forced is not None and forced.dice:
                face = forced.dice.pop(0)
                if not low <= face < low + sides:
                    raise GameError(f"forced die {face} cannot come up on a {text} die")
            else:
                face = low + self.rng.below(sides)
            dice.append(face)
        result = Roll(tuple(dice))
        if not self.quiet:
            self.say(f"rolls {text}: {result!r}")
        return result

    def shuffle(self, ref) -> None:
        """Shuffle a zone, unless a rule test stacked it."""
        key = self.zone_key(ref)
        if self.forced is not None and ref.name in self.forced.stacked:
            return
        self.rng.shuffle(self.zones[key])
        self.touch(key)
