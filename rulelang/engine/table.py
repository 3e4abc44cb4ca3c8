"""The table of one game: where every card lies, what is stored on cards, zones and players,
and how the rules read it (the values of the variables, the collections, the attributes).

A part of `GameState` (engine/state.py): what the table holds changes only through the
methods here and in `placing.py`, each of which records the parts it changed (`touch`).
"""
from __future__ import annotations

from ..errors import GameError
from .values import Card, Player, Roll, RowRef, SheetRef, ZoneRef, is_card, pretty

_UNSET = object()  # (a value no variable holds)


class Table:
    """Reading and setting the table: zones, rows, attachments, stored values, variables."""

    def items(self, value) -> list:
        """A value as a list: a zone's cards (top first), a list, or one card.

        A zone's own list is returned, not a copy: callers only read it, and effects that
        move cards copy first. While a remembered check runs, the zones it reads are noted.
        """
        kind = value.__class__
        if kind is ZoneRef:
            if self.reads is not None:
                self.reads.add(value)
            found = self.zones.get(value)
            return found if found is not None else self.zones[self.zone_key(value)]
        if kind is list:
            return value
        if kind is RowRef:
            if self.reads is not None:
                self.reads.add(value)
            return self.rows[value]
        if value is None:
            return []
        if kind is tuple:
            return list(value)
        if is_card(value) or kind is Player:
            return [value]
        if isinstance(value, str):
            raise GameError(f"text '{value}' is not a collection")
        raise GameError(f"{pretty(value)} is not a collection")

    def zone_key(self, ref: ZoneRef) -> ZoneRef:
        """The zone reference itself, checked to exist (a zone with a count needs an index)."""
        if ref not in self.zones:
            if self.game.zones[ref.name].row:
                raise GameError(f"that pile of {ref.name} is gone (it was emptied)")
            if self.game.zones[ref.name].count is not None and ref.index is None:
                raise GameError(f"{ref!r} is a row of {self.game.zones[ref.name].count} zones: "
                                f"pick one, like {ref!r}[0]")
            raise GameError(f"no zone {ref!r}")
        return ref

    def zone_family(self, name: str, seat: int | None):
        """A zone, a row of piles, or the zones (a tuple) of a zone declared with a count."""
        return self.families[(name, seat)]

    def zone_label(self, ref: ZoneRef, place: int | None = None) -> str:
        """A zone's name for people: a pile of a row is named by its place, `row[0]` first."""
        if ref.index is not None and ref.name in self.row_names:
            owner = "" if ref.seat is None else f"P{ref.seat + 1}."
            return f"{owner}{ref.name}[{self.position_in_row(ref) if place is None else place}]"
        return repr(ref)

    def places(self, ref: ZoneRef, known: dict) -> int:
        """A pile's place in its row, looking each row up once (`known`: row -> pile -> place)."""
        row = (ref.name, ref.seat)  # equal to the RowRef, and quicker to make
        if row not in known:
            known[row] = {pile: place for place, pile in enumerate(self.rows[row])}
        place = known[row].get(ref)
        if place is None:
            raise GameError(f"that pile of {ref.name} is gone (it was emptied)")
        return place

    def position_in_row(self, ref: ZoneRef) -> int:
        """Where a pile stands in its row, counting from 0."""
        row = (ref.name, ref.seat)  # equal to the RowRef, and quicker to make
        if self.reads is not None:
            self.reads.add(row)
        try:
            return self.rows[row].index(ref)
        except ValueError:
            raise GameError(f"that pile of {ref.name} is gone (it was emptied)") from None

    def under(self, card) -> list:
        """The pieces attached under a card, in the order they were put there."""
        if card.__class__ is not Card and not is_card(card):
            raise GameError(f"under() needs a card, got {pretty(card)}")
        return list(self.under_of.get(card.id, ()))

    def attached(self, card) -> list:
        """Every piece attached to a card at any depth: each piece, then what lies under it, in order."""
        if card.__class__ is not Card and not is_card(card):
            raise GameError(f"attached() needs a card, got {pretty(card)}")
        if card.id not in self.under_of:
            return []
        out, stack = [], list(reversed(self.under_of[card.id]))
        while stack:
            piece = stack.pop()
            out.append(piece)
            stack.extend(reversed(self.under_of.get(piece.id, ())))
            if len(out) > len(self.loc):
                raise GameError("cards attached in a loop")
        return out

    def root(self, piece) -> tuple:
        """The zone key that holds a piece, following attachments up to the card in a zone."""
        place = self.loc.get(piece.id)
        depth = 0
        while place is not None and place[0] == "u":
            piece = place[1]
            place = self.loc.get(piece.id)
            depth += 1
            if depth > 100:
                raise GameError("cards attached in a loop")
        if place is None:
            raise GameError(f"{pretty(piece)} is not in the game")
        return place[1]

    def root_card(self, piece):
        """The card in a zone that a piece lies under, at any depth, or the piece itself."""
        place = self.loc.get(piece.id)
        while place is not None and place[0] == "u":
            piece = place[1]
            place = self.loc.get(piece.id)
        return piece

    def attribute(self, value, name: str, me):
        """`value.name` for players, cards, markers, rolls and zones (`me` for card properties)."""
        game = self.game
        if isinstance(value, Player):
            spec = game.zones.get(name)
            if spec is not None and spec.per_player:
                return self.zone_family(name, value.seat)
            if name in game.player_vars:
                return self.pvars[value.seat][name]
            if name in game.sheets:
                return SheetRef(name, value.seat)
            if name == "seat":
                return value.seat + 1
            if name == "name":
                return value.name
        elif is_card(value):
            stored = self.cvars.get(value.id)
            if stored is not None and name in stored:
                return stored[name]
            if name in game.card_vars:
                return game.card_vars[name]
            if isinstance(value, Card) and name in value.facts:
                return value.facts[name]
            prop = game.card_props.get(name)
            if prop is not None:
                return prop(self, me, value)
            if name in ("zone", "owner", "parent", "face_down", "name"):
                return self._engine_attribute(value, name)
        elif isinstance(value, Roll) and name in ("total", "high", "low", "fumble", "dice"):
            return getattr(value, name)
        elif isinstance(value, ZoneRef):
            if name in game.zone_vars:
                return self.zvars.get(value, {}).get(name, game.zone_vars[name])
            if name == "index":
                return self.position_in_row(value) if game.zones[value.name].row else value.index
            if name in ("name", "owner"):
                return value.name if name == "name" else (None if value.seat is None else Player(value.seat))
        if isinstance(value, Card) and name in game.names.card_attributes:  # printed on other cards of the deck
            raise GameError(f"{pretty(value)} has no '{name}': give every card of the deck one "
                            f"(deck: {{defaults: {{{name}: 0}}}}), or read it only of the cards that have it")
        raise GameError(f"{pretty(value)} has no '{name}'")

    def _engine_attribute(self, piece, name):
        if name == "name":
            return piece.printed  # what is printed on it: copies of a card read alike
        if name == "face_down":
            return piece.id in self.down
        place = self.loc.get(piece.id)
        if name == "parent":
            return place[1] if place and place[0] == "u" else None
        key = self.root(piece)
        if name == "zone":
            return key
        return None if key.seat is None else Player(key.seat)

    def marker_label(self, marker) -> str:
        """How players and rule tests name a marker: its values and the card it lies on (`dmg 4 on QH`)."""
        stored = self.cvars.get(marker.id) or {}
        values = ", ".join(f"{k} {pretty(v)}" for k, v in stored.items()) or "marker"
        place = self.loc.get(marker.id)
        return f"{values} on {place[1].name}" if place is not None and place[0] == "u" else values

    def label(self, value) -> str:
        """pretty(), with piles of a row named by their place."""
        return self.zone_label(value) if isinstance(value, ZoneRef) else pretty(value)

    def set_var(self, name: str, value) -> None:
        """Set a game variable (to the very value it holds: no change to record)."""
        if self.vars.get(name, _UNSET) is value:  # (small numbers, names, cards: the same object)
            return
        self.vars[name] = value
        clock = self.clock  # (`touch`, written out)
        clock[0] = self.version = self.versions[("v", name)] = clock[0] + 1
        if self.changed_parts is not None:
            self.changed_parts.append(("v", name))

    def set_player_var(self, player: Player, name: str, value) -> None:
        """Set a player variable (to the very value it holds: no change to record)."""
        values = self.pvars[player.seat]
        if values.get(name, _UNSET) is not value:
            values[name] = value
            teams = self.game.teams
            if teams is not None and name in teams.shared:  # partners share it: one value for the team
                for seat in self.team_seats(player.seat):
                    self.pvars[seat][name] = value
            self.touch(("p", name))

    def team_seats(self, seat: int) -> tuple:
        """The seats of the team the seat plays in (itself alone in a game without teams), in seat order."""
        return self.teammates[seat]

    def set_zone_var(self, zone: ZoneRef, name: str, value) -> None:
        """Store a value on a zone (declared under zone_vars)."""
        self.zvars.setdefault(self.zone_key(zone), {})[name] = value
        self.touch("zvars")

    def set_card_var(self, piece, name: str, value) -> None:
        """Store a value on a card or marker until it changes zone."""
        if not is_card(piece):
            raise GameError(f"cannot store '{name}' on {pretty(piece)}")
        self.cvars.setdefault(piece.id, {})[name] = value
        clock = self.clock  # (`touch`, written out)
        clock[0] = self.version = self.versions["cvar"] = clock[0] + 1
        if self.changed_parts is not None:
            self.changed_parts.append("cvar")

    def box(self, sheet: SheetRef, box):
        """What a box of a score sheet holds: none while open (a tally: its sum so far)."""
        boxes = self.sheets[sheet]
        if box not in boxes:
            raise GameError(f"{sheet!r} has no box {pretty(box)}")
        return boxes[box]

    def fill(self, sheet, box, value) -> None:
        """Fill a box of a score sheet with a number: an open box for good, a tally by adding to it."""
        if sheet.__class__ is not SheetRef:
            raise GameError(f"only a box of a score sheet is filled, not one of {pretty(sheet)}")
        if isinstance(value, bool) or not isinstance(value, int):
            raise GameError(f"a box is filled with a number, not {pretty(value)}")
        held = self.box(sheet, box)
        if box in self.game.sheets[sheet.name].tallies:
            value = held + int(value)
        elif held is not None:
            raise GameError(f"box {box} of {sheet!r} is filled already (with {held})")
        self.sheets[sheet][box] = int(value)
        self.touch("sheets")

    def sheet_total(self, sheet: SheetRef, boxes=None) -> int:
        """The sum of a sheet's filled boxes and tallies (of `boxes` only, when given), without bonuses."""
        held = self.sheets[sheet]
        return sum(held[box] or 0 for box in (held if boxes is None else boxes))

    def sheet_bonuses(self, sheet: SheetRef) -> dict:
        """Each bonus of a sheet, worked out now with `me` as the sheet's owner."""
        owner = {"me": Player(sheet.seat)}
        return {name: bonus(self, owner) for name, bonus in self.game.sheets[sheet.name].bonuses.items()}

    def check_conservation(self) -> None:
        """Every card of the deck is in exactly one place, and the index agrees (checked again only
        after something moved)."""
        stamp = (self.versions.get("loc"), self.versions.get("attach"))
        if stamp == self.conservation_stamp:
            return
        seen: dict[int, int] = {}
        for key, cards in self.zones.items():
            for piece in cards:
                seen[piece.id] = seen.get(piece.id, 0) + 1
                if self.loc.get(piece.id) != ("z", key):
                    raise GameError(f"card {pretty(piece)} is misplaced in the index")
        for parent_id, pieces in self.under_of.items():
            for piece in pieces:
                seen[piece.id] = seen.get(piece.id, 0) + 1
                place = self.loc.get(piece.id)
                if place is None or place[0] != "u" or place[1].id != parent_id:
                    raise GameError(f"{pretty(piece)} is misplaced in the index")
        for card in self.game.cards:
            if seen.get(card.id, 0) != 1:
                raise GameError(f"card {card.name} is in {seen.get(card.id, 0)} places")
        self.conservation_stamp = stamp

    def check_capacity(self) -> None:
        """No zone holds more cards than its capacity."""
        found = self.capped_lists
        if found is None or found[0] is not self.zones:  # the lists of this table of zones (a clone has its own)
            specs = self.game.zones
            found = self.capped_lists = (self.zones, tuple((self.zones[zone], specs[zone.name].capacity, zone)
                                                           for zone in self.capped))
        piles = ((self.zones.get(pile, ()), self.game.zones[row.name].capacity, pile)
                 for row in self.capped_rows for pile in self.rows[row]) if self.capped_rows else ()
        for cards, cap, zone in (*found[1], *piles):
            if len(cards) > cap:
                raise GameError(f"zone {zone!r} holds {len(cards)} cards, capacity {cap}")


class PrintedOnly:
    """What a card property of printed values reads while the deck is made (no game is running):
    a card's printed values and name, and the items of a list (`min(it.rank, 10)`)."""

    reads = None

    @staticmethod
    def attribute(card, name: str, me):
        """A card's printed value."""
        return card.facts[name]

    @staticmethod
    def items(value) -> list:
        """A list's items (a property of printed values reads no zone)."""
        return value if value.__class__ is list else [value]
