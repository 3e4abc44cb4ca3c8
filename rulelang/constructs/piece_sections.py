"""The sections that declare what a game is played with beside cards: its dice, and the players' score sheets.

Each section is one class (see `sections.py` for what a section says of itself).
"""
from __future__ import annotations

from ..engine.decks import DIE_VALUES, dice_pool
from ..engine.game import SheetSpec
from ..errors import Diagnostic
from .base import MAPPING, NAMES, TEXT, Key
from .play_sections import figure
from .sections import FIGURES, NAME, Section

MAX_BOXES = 100  # boxes, tallies and bonuses of one score sheet


class Dice(Section):
    """The game's dice: a pool written as dice are (`5d6`, `3T10`), lying in a shared zone at the start (`start`).

    Dice are pieces: they lie in zones and move like cards, and a zone's visibility says who sees
    them (a cup with `visibility: owner` is seen by its owner alone). They are named `D1`, `D2` …;
    a die shows the face it was last rolled to, `d.face` (`none` before its first roll), and keeps
    it when it moves; `d.sides` is its number of faces. `roll X` rolls them. A game of dice alone
    needs no `deck`. At most 100 dice of 2 to 1000 sides.
    """

    keyword = "dice"
    syntax = ("dice: {pool: NdX, start: ZONE}",)
    example = "dice: {pool: 5d6, start: draw}"
    fields = {"pool": Key(TEXT, True, "The dice, as a count and a die: 5d6 (faces 1-6), 3T10 (faces 0-9)."),
              "start": Key(TEXT, True, "The shared zone the dice lie in at the start.")}

    def declare(self, compiler):
        doc = compiler.doc
        if self.keyword not in doc:
            return
        section = compiler.section(self.keyword)
        start = str(section.get("start", ""))
        if "start" in section and (start not in compiler.zones or compiler.zones[start].per_player):  # (none: the
            # shape check says it is missing)
            compiler.error(section.value_pos.get("start", section.pos),
                           f"the dice must start in a shared zone; '{start}' is not one")
        try:
            compiler.dice = dice_pool(str(section.get("pool", "")), len(compiler.cards))
        except ValueError as err:
            compiler.error(section.value_pos.get("pool", section.pos), str(err))
        taken = set(DIE_VALUES) & set(compiler.section("card_vars"))
        if compiler.dice and taken:
            compiler.error(compiler.section("card_vars").key_pos[min(taken)],
                           f"'{min(taken)}' is the face a die shows: give the card value another name")
        clash = {card.name for card in compiler.cards} & {die.name for die in compiler.dice}
        if clash:
            compiler.error(section.pos, f"a card is named {min(clash)}, as a die is: rename the card")

    def compile(self, compiler):
        if not compiler.dice:
            return {}
        # the face is a value stored on pieces, beside the file's card_vars (compiled before this section)
        return {"dice_zone": str(compiler.section(self.keyword).get("start", "")),  # (none: told by the shape check)
                "card_vars": {**compiler.plain_values("card_vars"), **DIE_VALUES}}


class Sheets(Section):
    """Score sheets, one per player, by name (`me.scorecard`): boxes each filled once, tallies, subtotals and bonuses.

    `fill me.scorecard[box] with points` writes a box, which is then filled for good (filling it
    again is an error); a tally adds up whatever is filled into it. `sheet[box]` reads a box
    (`none` while open), `open_boxes(sheet)` lists the open ones (to choose from),
    `subtotal(sheet, name)` adds up the boxes a subtotal names, and `sheet_total(sheet)` adds up every
    box, tally and bonus. A bonus is an expression with `me` as the sheet's owner. The sheets are
    shown to everyone on the table.
    """

    keyword = "sheets"
    syntax = ("sheets: {NAME: {boxes: [NAMES], tallies: [NAMES], subtotals: {NAME: [NAMES]}, "
              "bonuses: {NAME: EXPRESSION}, label: TEXT}}",)
    example = ("sheets:\n  scorecard:\n    boxes: [low, high]\n    subtotals: {both: [low, high]}\n"
               "    bonuses: {steady: \"5 if subtotal(me.scorecard, 'both') >= 10 else 0\"}")
    entry_what = "sheet"
    entry = {"boxes": Key(NAMES, True, "The boxes, each filled once (required)."),
             "tallies": Key(NAMES, False, "Boxes that add up whatever is filled into them."),
             "subtotals": Key(MAPPING, False, "Named sums of some boxes: `subtotal(sheet, name)`."),
             "bonuses": Key(FIGURES, False, "Bonuses by name, worked out from the sheet (`me`: its owner); "
                                            "counted in its total."),
             "label": Key(TEXT, False, "What players read for the sheet.")}

    def check(self, value, out):
        for name, body in value.items():
            if not isinstance(body, dict):
                continue
            boxes = list(body.get("boxes") or ()) + list(body.get("tallies") or ())
            names = boxes + list(body.get("bonuses") or ())
            if len(names) > MAX_BOXES:
                out.append(Diagnostic(value.value_pos[name], f"a sheet has at most {MAX_BOXES} boxes"))
            twice = next((n for i, n in enumerate(names) if n in names[:i]), None)
            if twice is not None:
                out.append(Diagnostic(value.value_pos[name], f"sheet '{name}' names '{twice}' twice"))
            subtotals = body.get("subtotals")
            for total, members in (subtotals.items() if isinstance(subtotals, dict) else ()):
                if not isinstance(members, list) or any(m not in boxes for m in members):
                    out.append(Diagnostic(subtotals.value_pos[total],
                                          f"subtotal '{total}' must list boxes of sheet '{name}'"))

    def declare(self, compiler):
        section = compiler.section(self.keyword)
        for name in section:
            if not NAME.match(name):
                compiler.error(section.key_pos[name], f"sheet name '{name}' must be a plain name")
            elif name in compiler.zones or name in compiler.section("player_vars"):
                compiler.error(section.key_pos[name], f"'{name}' already names a zone or a player variable")

    def compile(self, compiler):
        section, sheets = compiler.section(self.keyword), {}
        for name, body in section.items():
            if not isinstance(body, dict):
                continue
            bonuses = body.get("bonuses") or {}
            sheets[name] = SheetSpec(
                name, str(body.get("label", "")) or name.replace("_", " "),
                tuple(str(b) for b in body.get("boxes") or ()), tuple(str(t) for t in body.get("tallies") or ()),
                {str(t): tuple(str(b) for b in members) for t, members in (body.get("subtotals") or {}).items()},
                {str(b): figure(compiler, text, bonuses.value_pos[b], f"bonus '{b}'") for b, text in bonuses.items()})
        return {"sheets": sheets}
