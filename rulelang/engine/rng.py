"""A small seeded random generator (SplitMix64) whose whole state is one integer.

Python's own `random` promises stable results only for `random()`, and copying it costs far
more than copying an int, so games draw all chance from this generator instead.
"""
from __future__ import annotations

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15  # the step between SplitMix64 states


def derive_seed(master: int, index: int) -> int:
    """A seed for game `index` of a run, mixed from the run's master seed."""
    return _mix((master * GOLDEN + index + 1) & MASK)


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


class Rng:
    """SplitMix64: deterministic on every platform, cloned by copying one integer."""

    __slots__ = ("state",)

    def __init__(self, seed: int):
        self.state = seed & MASK

    def clone(self) -> "Rng":
        """An independent generator at the same point of the sequence."""
        return Rng(self.state)

    def next64(self) -> int:
        """The next 64-bit number."""
        self.state = (self.state + GOLDEN) & MASK
        return _mix(self.state)

    def below(self, n: int) -> int:
        """A number in 0..n-1 (from `next64`'s number, stepped here: every decision of a bot asks)."""
        self.state = state = (self.state + GOLDEN) & MASK
        return (_mix(state) * n) >> 64

    def shuffle(self, items: list) -> None:
        """Shuffle a list in place (Fisher-Yates): `below(i + 1)` for each place, written out.

        Every game starts with shuffles, so the generator's steps are inlined here (the same
        numbers as `next64`; tests/test_rng.py checks that the two agree).
        """
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state = (state + GOLDEN) & MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = state
