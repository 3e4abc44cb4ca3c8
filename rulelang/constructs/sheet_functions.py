"""The built-in functions of a score sheet (`sheets:`): `open_boxes`, `subtotal`, `sheet_total`.

Each is one class (see `functions.py` for what a function says of itself). A box itself is
read as `sheet[box]` and written with `fill`.
"""
from __future__ import annotations

from ..engine.values import SheetRef, pretty
from ..errors import GameError
from .functions import Function
from .kinds import ANY, LIST, NUMBER, SHEET


def _sheet(value) -> SheetRef:
    """The value, which must be a score sheet."""
    if value.__class__ is not SheetRef:
        raise GameError(f"a score sheet is needed (like me.scorecard), not {pretty(value)}")
    return value


class SheetFunction(Function):
    """A function whose first argument is a score sheet."""

    reads = frozenset({"sheets"})

    def kind(self, checker, args, kinds):
        if kinds and kinds[0] not in (SHEET, ANY):
            checker.fail(args[0], f"{self.keyword}() needs a score sheet (like me.scorecard), not {kinds[0]}")
        return self.gives


class OpenBoxes(SheetFunction):
    """The names of a score sheet's boxes still open, in the sheet's order (tallies are never closed, nor listed)."""

    keyword = "open_boxes"
    syntax = ("open_boxes(sheet)",)
    example = "open_boxes(me.scorecard)"
    usage = "one score sheet"
    gives = LIST
    helper = "open_boxes"

    @staticmethod
    def meaning(st, sheet):
        """The open boxes of a sheet."""
        held = st.sheets[_sheet(sheet)]
        return [box for box in st.game.sheets[sheet.name].boxes if held[box] is None]


class Subtotal(SheetFunction):
    """The sum of the boxes a sheet's subtotal names (open boxes count 0): `subtotal(me.scorecard, 'upper')`."""

    keyword = "subtotal"
    args = (2, 2)
    syntax = ("subtotal(sheet, name)",)
    example = "subtotal(me.scorecard, 'both')"
    usage = "a score sheet and the name of one of its subtotals"
    gives = NUMBER
    helper = "subtotal"

    @staticmethod
    def meaning(st, sheet, name):
        """The named subtotal of a sheet."""
        boxes = st.game.sheets[_sheet(sheet).name].subtotals.get(name)
        if boxes is None:
            raise GameError(f"{sheet!r} has no subtotal {pretty(name)}")
        return st.sheet_total(sheet, boxes)


class Total(SheetFunction):
    """A score sheet's total: every filled box and tally, and every bonus (worked out with `me` as its owner)."""

    keyword = "sheet_total"
    syntax = ("sheet_total(sheet)",)
    example = "sheet_total(me.scorecard)"
    usage = "one score sheet"
    gives = NUMBER
    helper = "sheet_total"

    def add_reads(self, found, dependencies):
        """A bonus may read anything, so a check that totals a sheet is asked afresh each time."""
        found |= self.reads
        return False

    @staticmethod
    def meaning(st, sheet):
        """The sum of a sheet's boxes, tallies and bonuses."""
        return st.sheet_total(_sheet(sheet)) + sum(st.sheet_bonuses(sheet).values())
