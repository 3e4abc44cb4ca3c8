"""A seat's observation vector (see layout.py): from its view, or kept up to date from the state.

Both leave the `decision` block empty: which choice is being made comes with the decision
(`Layout.decision_index`), and is marked by whoever hands the observation to a policy.

`encode_view` reads a seat's view (engine/views.py), so it can only show what the seat may see;
it is what an agent at a table has, and the reference. `SeatObserver` gives the same vector
from the state, reading it only through the seat's eyes (`visible_to`, counts, variables as
the seat sees them), and between two calls redoes only what changed since its last call (the
parts of the state the engine marks as changed: zones, rows, attachments, faces, values).

`TableObserver` gives every seat's vector. With three players or more, where no card carries
values (whose figures could differ with who looks), it keeps one `SeatObserver` of what every
seat sees (counts, whose turn, cards in public zones, variables) and one per seat of what only
that seat sees (its cards, and variables that hold cards): the two never write the same
figure, so a seat's vector is their sum, and a card played to the table is redone once, not
once per seat. (With two players, keeping two observers up to date costs more than it saves:
measured in instructions per step.)
"""
from __future__ import annotations

import numpy as np

from ..engine.knowledge import zone_sight
from ..engine.values import Card, Die, Marker, Player, SheetRef
from ..engine.views import seen
from ..errors import GameError
from .layout import MARKER, view_name


def encode_view(layout, view: dict) -> np.ndarray:
    """The observation vector of the seat a view belongs to."""
    if layout.view_names is None:
        raise GameError("two cards of this deck read alike in a view, so a view cannot tell them apart")
    vector = np.zeros(layout.size, dtype=np.float32)
    blocks, number = layout.blocks, layout.number
    seats = [player["name"] for player in view["players"]]
    vector[blocks["seat"].at(view["seat"])] = 1
    vector[blocks["current"].at(seats.index(view["current"]))] = 1
    vector[blocks["turn"].start] = number(view["turn"])
    stored_on_zones = view["zone_vars"]
    for label, pieces in view["zones"].items():
        place = layout.place_of_label(label)
        vector[blocks["count"].at(place)] = len(pieces)
        for depth, piece in enumerate(pieces):
            _view_piece(layout, vector, piece, place, depth == 0, False, None)
        stored = stored_on_zones.get(label, {})
        for column, (name, default) in enumerate(layout.zone_vars):
            vector[blocks["zone_vars"].at(place, column)] = number(stored.get(name, default))
    for column, name in enumerate(layout.game_vars):
        vector[blocks["vars"].at(column)] = number(view["vars"][name])
    for seat, player in enumerate(view["players"]):
        for column, name in enumerate(layout.player_vars):
            vector[blocks["player_vars"].at(seat, column)] = number(player[name])
    sheets = blocks.get("sheets")
    for seat in range(len(seats)) if sheets is not None else ():
        for column, label in enumerate(sheets.columns):
            sheet, box = label.split(".")
            value = view["sheets"][f"{seats[seat]}.{sheet}"][box]
            vector[sheets.at(seat, column)] = -1.0 if value is None else number(value)
    return vector


def _view_piece(layout, vector, piece: dict, place: int, top: bool, attached: bool, parent) -> None:
    """Write one piece of a view and what lies under it; `parent` is the card it lies under."""
    name = piece["card"]
    if name is None:
        return
    blocks, number = layout.blocks, layout.number
    card = None
    if name == MARKER:
        if parent is not None and "markers" in blocks:
            vector[blocks["markers"].at(parent)] += 1
            for column, (var, default) in enumerate(layout.card_vars):
                vector[blocks["marker_vars"].at(parent, column)] += number(piece.get(var, default))
    else:
        card = layout.view_names[view_name(name, piece.get("copy", 0))]
        vector[blocks["at"].at(card, place)] = 1
        vector[blocks["face_down"].at(card)] = bool(piece.get("face_down"))
        vector[blocks["attached"].at(card)] = attached
        vector[blocks["top"].at(card)] = top
        for column, (var, default) in enumerate(layout.card_vars):
            vector[blocks["card_vars"].at(card, column)] = number(piece.get(var, default))
    for under in piece.get("under", ()):
        _view_piece(layout, vector, under, place, False, True, card)


class TableObserver:
    """Every seat's observation vector of one game (see the module's docstring)."""

    def __init__(self, layout, players: int):
        split = players > 2 and not layout.card_vars and "markers" not in layout.blocks
        self.shared = SeatObserver(layout, None, SHARED) if split else None
        part = ALL if self.shared is None else OWN
        self.seats = [SeatObserver(layout, seat, part) for seat in range(players)]

    def observe(self, st, seat: int) -> np.ndarray:
        """A seat's vector for the state as it is now (a new array, the caller's to keep)."""
        own = self.seats[seat].observe(st)
        return own.copy() if self.shared is None else own + self.shared.observe(st)


PLAIN_KINDS = frozenset((int, float, bool, str, type(None), Player))  # values that never hold a card
NONE_TOLD = frozenset()  # no card revealed to all
NOTHING = (False, False)  # the `shows` of a zone none of whose cards the vector shows
ALL, SHARED, OWN = "all", "shared", "own"  # what a SeatObserver shows: what its seat sees, what every seat sees, what only its seat sees


class Place:
    """What an observer keeps of one zone: its place in the vector, what of it the vector shows
    (face-up cards, face-down cards), and its cards when last looked at."""

    __slots__ = ("cards", "index", "shows")

    def __init__(self, index: int, shows: tuple):
        self.index, self.shows, self.cards = index, shows, ()


class SeatObserver:
    """One seat's observation vector of one game, brought up to date when asked.

    `part` ALL: everything the seat sees. SHARED (seat None): the counts, whose turn it is, the
    cards every seat sees and the variables that hold no card. OWN: the seat, the cards only this
    seat sees and the variables that hold cards, as this seat sees them.
    """

    def __init__(self, layout, seat: int | None, part: str = ALL):
        self.layout = layout
        self.seat = seat
        self.part = part
        self.common = part != OWN  # writes the counts, whose turn it is, the turn number and the variables that hold no card
        self.personal = part != SHARED  # writes the seat, and the variables that hold cards
        self.vector = np.zeros(layout.size, dtype=np.float32)
        self.slots = layout.card_slots().tolist()  # card -> the indexes of its figures (see _card)
        self.hidden = (0.0,) * len(self.slots[0]) if self.slots else ()
        defaults = tuple(layout.number(default) for _, default in layout.card_vars)
        if "markers" in layout.blocks:
            defaults += (0.0,) * (1 + len(layout.card_vars))
        self.defaults = defaults
        self.has_markers = "markers" in layout.blocks
        self.game_keys = [(layout.blocks["vars"].at(column), name, ("v", name))
                          for column, name in enumerate(layout.game_vars)]
        self.player_keys = [(column, name, ("p", name)) for column, name in enumerate(layout.player_vars)]
        self.sheet_block = layout.blocks.get("sheets")
        self.first_count = layout.blocks["count"].start
        self.at_row = [layout.blocks["at"].at(card) for card in range(len(layout.cards))]  # where a card's places start
        self.first_current, self.turn = layout.blocks["current"].start, layout.blocks["turn"].start
        self.game = None  # the game whose zones `fixed_places` are of
        self.st = None

    def observe(self, st) -> np.ndarray:
        """The vector for the state as it is now (the observer's own array: copy it to keep it)."""
        if st is not self.st:
            self._start(st)
        elif max(st.version, st.revealed_at) != self.version:  # (a reveal changes what is seen, not the version)
            self._update(st)
        if not self.common:
            return self.vector
        current = self.first_current + st.current
        if current != self.current:
            self.vector[self.current] = 0
            self.vector[current] = 1
            self.current = current
        self.vector[self.turn] = st.turn_number
        return self.vector

    def _start(self, st) -> None:
        """Everything from scratch, for a new game."""
        layout = self.layout
        self.st = st
        self.vector[:] = 0
        if self.personal:
            self.vector[layout.blocks["seat"].at(self.seat)] = 1
        self.current = layout.blocks["current"].start
        if self.common:
            self.vector[self.current] = 1
        self.piles = {}  # row -> its piles when last seen
        if st.game is not self.game:  # the places of the zones every game has, made once
            self.game = st.game
            self.fixed_places = {zone: Place(index, self._shows(st.game, zone)) for zone, index in layout.zone_place.items()}
            self.fixed_looked_into = frozenset(zone for zone, place in self.fixed_places.items() if place.shows is not NOTHING)
        for zone in self.fixed_looked_into:  # the only places whose cards are kept
            self.fixed_places[zone].cards = ()
        self.places = dict(self.fixed_places)  # piles of rows added as they come
        self.looked_into = set(self.fixed_looked_into)  # zones some of whose cards the vector shows
        self.shown = [-1] * len(layout.cards)  # card -> the place the vector shows it in, or -1 (all its figures 0)
        self.written = [self.hidden] * len(layout.cards)  # card -> its figures in the vector
        self.down = set()
        self.attached = {}  # piece lying under a card -> that card, when last seen
        self.stored = {}  # id of a card or marker -> the values stored on it, when last seen
        self.holding = set()  # ids of cards, and ("v", name) / ("p", name) of variables, that held cards
        self.knowing: dict = {}  # card id -> what st.known said of it when last seen
        self.zones_hold_cards = False  # whether a value stored on a zone held a card when last seen
        self.told = NONE_TOLD  # ids of the cards revealed to all (st.shown) when last seen
        self.version = -1
        self._update(st)

    # ------------------------------------------------------------------ what changed
    def _update(self, st) -> None:
        since = self.version
        changed = st.versions.get
        moved: set = set()  # pieces whose place or face may have changed, with all that lies under them
        touched: set = set()  # cards whose values or markers may have changed
        rows_changed = bool(st.rows) and self._rows(st, since, moved)
        self._zones(st, since, moved)
        cards, under_of = st.game.cards, st.under_of
        if changed("attach", 0) > since:
            self._attachments(st, moved, touched)
        if changed("down", 0) > since:
            if since >= 0:  # (on a first look every card is redone, with its zone or the card it lies under)
                moved.update([cards[index] for index in self._turned(st) if index < len(cards)])
            self.down = set(st.down)
        if st.shown:  # cards revealed to all since the last look, or in a zone that has changed since
            moved.update([cards[index] for index, (zone, event) in st.shown.items()
                          if event > since or changed(zone, 0) > since])
        if (st.known or self.knowing) and self.personal:
            self._knowledge(st, since, moved)
        if st.shown or self.told:  # a card revealed to all that has left its zone since may have left unseen
            told = set(st.shown) if st.shown else NONE_TOLD
            moved.update([cards[index] for index in self.told - told if index < len(cards)])
            self.told = told
        if changed("cvar", 0) > since:
            self._stored_values(st, touched)
        if self.holding:
            touched.update([cards[index] for index in self.holding if index.__class__ is int])
        dirty = moved | touched if touched else moved
        if under_of:
            for piece in [piece for piece in moved if piece.id in under_of]:
                dirty.update(_beneath(st, piece))
        shown, places, loc, down = self.shown, self.places, st.loc, st.down
        for card in dirty:
            if card.__class__ is Card or card.__class__ is Die:
                index = card.id
                if shown[index] >= 0:
                    self._card(st, card)
                    continue
                where = loc[index]  # a card not shown that lies in a zone where it cannot be seen stays unshown
                if where[0] != "z" or places[where[1]].shows[index in down] or index in st.shown or index in st.known:
                    self._card(st, card)
        self._variables(st, since)
        if self.sheet_block is not None and self.common and changed("sheets", 0) > since:
            self._sheets(st)
        if self.personal:
            if rows_changed or changed("zvars", 0) > since or self.zones_hold_cards:
                self._zone_values(st)
        self.version = max(st.version, st.revealed_at)

    def _knowledge(self, st, since: int, moved: set) -> None:
        """Cards shown to some players since the last look, or in a zone changed since; and cards
        known then that are known no more (a card that left its zone and came back to it between
        two looks, as in a new deal, is no longer known there)."""
        known, cards, changed = st.known, st.game.cards, st.versions.get
        moved.update([cards[index] for index, (zone, seats, event, _) in known.items()
                      if event > since or changed(zone, 0) > since])
        moved.update([cards[index] for index, entry in self.knowing.items() if known.get(index) is not entry])
        self.knowing = dict(known)

    def _turned(self, st) -> set:
        """The ids of the cards turned since the last look that may show otherwise now.

        OWN looks into a few zones of its seat: of the cards turned all over the table, only those
        now in these zones or under a card can be shown differently (a card shown before that
        left them is redone as a change of the zone it left).
        """
        turned = st.down ^ self.down
        if self.common or not turned:
            return turned
        zones = st.zones
        return turned & ({card.id for zone in self.looked_into for card in zones[zone]} | {piece.id for piece in self.attached})

    def _attachments(self, st, moved: set, touched: set) -> None:
        """Pieces put under a card, taken away or moved to another, and the cards they lie or lay under.

        Pieces that stayed under their card moved with it, and are redone with it.
        """
        loc = st.loc
        now = {piece: loc[piece.id][1] for pieces in st.under_of.values() for piece in pieces}
        before = self.attached
        for piece in now.keys() ^ before.keys():
            moved.add(piece)
            touched.add(now.get(piece) or before[piece])
        for piece in now.keys() & before.keys():
            if now[piece] is not before[piece]:
                moved.add(piece)
                touched.update((now[piece], before[piece]))
        self.attached = now

    def _stored_values(self, st, dirty: set) -> None:
        """Cards whose stored values changed, and the cards under which markers' values changed."""
        now = {index: tuple(values.items()) for index, values in st.cvars.items() if values}
        before = self.stored
        cards = st.game.cards
        for index in now.keys() | before.keys():
            if now.get(index) != before.get(index):
                if index < len(cards):
                    dirty.add(cards[index])
                else:
                    place = st.loc.get(index)
                    if place is not None and place[0] == "u":
                        dirty.add(place[1])
        self.stored = now

    def _rows(self, st, since: int, dirty: set) -> bool:
        """Piles of changed rows take their places again; their cards are redone, and the cards
        last seen in piles that are gone (they left them)."""
        changed = st.versions.get
        count = self.layout.blocks["count"]
        any_changed = False
        for row, piles in st.rows.items():
            if changed(row, 0) <= since and row in self.piles:
                continue
            any_changed = True
            before = self.piles.get(row, ())
            first = self.layout.place_of_label(f"{row!r}[0]")
            if len(piles) > len(self.layout.cards):
                raise GameError(f"{row!r} has more piles than the observation has places")
            for place, pile in enumerate(piles):
                kept = self.places.get(pile)
                if kept is None:
                    self.places[pile] = kept = Place(first + place, self._shows(st.game, pile))
                    if kept.shows is not NOTHING:
                        self.looked_into.add(pile)
                kept.index = first + place
                if self.common:
                    self.vector[count.at(first + place)] = len(st.zones[pile])
                dirty.update(st.zones[pile])
            for place in range(len(piles), len(before)):
                if self.common:
                    self.vector[count.at(first + place)] = 0
            for pile in before:
                if pile not in st.zones:
                    dirty.update(self.places.pop(pile).cards)
                    self.looked_into.discard(pile)
            self.piles[row] = tuple(piles)
        return any_changed

    def _zones(self, st, since: int, dirty: set) -> None:
        """Cards that came or went, and the old and new top card, of every changed zone.

        After the first look, the changed zones are found among the state's versions (a few
        dozen keys), not by looking up every zone (OWN, which watches only its seat's few zones,
        asks each of them instead): a pile that comes into being is moved into,
        and `_rows` has given it its place. A zone that shows none of its cards shows only its
        count: a card the vector shows that comes into it left a zone or a card that shows it,
        and is redone as a change there.
        """
        zones = st.zones
        watched = zones if self.common else self.looked_into  # zones whose count or cards the vector shows
        if since < 0:
            todo = list(watched)
        elif not self.common:  # only the seat's own zones: ask each
            changed = st.versions.get
            todo = [zone for zone in watched if changed(zone, 0) > since]
        else:
            todo = [key for key, version in st.versions.items() if version > since and key in watched]
        vector, count, places, common = self.vector, self.first_count, self.places, self.common
        for zone in todo:
            cards, place = zones[zone], places[zone]
            if common:
                vector[count + place.index] = len(cards)
            if place.shows is NOTHING:
                continue
            before, now = place.cards, tuple(cards)
            if before != now:
                dirty.update(set(before).symmetric_difference(now))
                if before[:1] != now[:1]:
                    dirty.update(before[:1])
                    dirty.update(now[:1])
                place.cards = now

    def _shows(self, game, zone) -> tuple:
        """(whether the vector shows the zone's face-up cards, whether it shows its face-down ones):
        what the seat sees there (`zone_sight`); SHARED, what every seat sees; OWN, what only its seat sees."""
        spec = game.zones[zone.name]
        everyone = zone_sight(spec, False)[0]  # (face-up cards that every seat sees)
        if self.part == SHARED:
            return (True, False) if everyone else NOTHING
        face_up, face_down = zone_sight(spec, zone.seat == self.seat)
        shows = (face_up and not everyone if self.part == OWN else face_up), face_down
        return NOTHING if shows == NOTHING else shows

    # ------------------------------------------------------------------ one card
    def _card(self, st, card) -> None:
        """Where the seat sees a card, if it does, and its other figures (`slots` says where they go):
        face down, attached, on top, then its stored values and markers."""
        index, vector = card.id, self.vector
        shown = self.shown[index]
        where = st.loc[index]
        face_down = index in st.down
        if where[0] == "z":
            zone = where[1]
            head = (1.0 if face_down else 0.0, 0.0, 1.0 if st.zones[zone][0] is card else 0.0)
            covered = face_down
        else:
            zone = st.root(card)
            head = (1.0 if face_down else 0.0, 1.0, 0.0)
            covered = face_down or st.root_card(card).id in st.down
        place = self.places[zone]
        if not self._sees(st, card, zone, covered, place.shows[covered]):
            if shown >= 0:
                vector[self.at_row[index] + shown] = 0
                for slot, before in zip(self.slots[index], self.written[index]):
                    if before:
                        vector[slot] = 0
                self.shown[index], self.written[index] = -1, self.hidden
                self.holding.discard(index)
            return
        if shown != place.index:
            if shown >= 0:
                vector[self.at_row[index] + shown] = 0
            vector[self.at_row[index] + place.index] = 1
            self.shown[index] = place.index
        if index in st.cvars or self.has_markers and index in st.under_of:
            figures = head + self._values(st, index)
        else:
            figures = head + self.defaults
            self.holding.discard(index)
        written = self.written[index]
        if figures != written:
            for slot, figure, before in zip(self.slots[index], figures, written):
                if figure != before:
                    vector[slot] = figure
            self.written[index] = figures

    def _sees(self, st, card, zone, covered: bool, shows: bool) -> bool:
        """Whether the vector shows a card: as its zone shows it (`shows`), or revealed to all
        there (by the observer of what every seat sees, never by one of what only its seat sees),
        or shown to this seat there (by the observers of what it sees, OWN only where not every
        seat sees it: face down, or in a zone not all see into)."""
        if st.shown and st.revealed(card, zone):
            return self.part != OWN
        if st.known and self.personal and st.knows(card, zone, self.seat):
            return self.part != OWN or covered or not st.sight[zone.name, False][0]
        return shows

    def _values(self, st, index: int) -> tuple:
        """A card's stored values as the seat sees them, then (for files that make markers) its markers."""
        stored = st.cvars.get(index) or {}
        markers = [piece for piece in st.under_of.get(index, ()) if piece.__class__ is Marker]
        _note(self.holding, index, _holds_cards(list(stored.values())))
        layout, seat = self.layout, self.seat
        values = tuple(layout.number(seen(st, stored.get(var, default), seat)) for var, default in layout.card_vars)
        if self.has_markers:
            values += (float(len(markers)),)
            values += tuple(sum(layout.number(seen(st, st.cvars.get(marker.id, {}).get(var, default), seat))
                                for marker in markers) for var, default in layout.card_vars)
        return values

    # ------------------------------------------------------------------ variables
    def _variables(self, st, since: int) -> None:
        """Game and player variables that changed, or that hold cards (whose visibility may have).

        A value that holds no card reads the same to every seat: SHARED writes it, and OWN a 0
        in its place; a value that holds cards is written by OWN as its seat sees it (and by
        SHARED as a 0). ALL writes both kinds.
        """
        vector, seat, holding = self.vector, self.seat, self.holding
        changed, number = st.versions.get, self.layout.number
        plain, personal = self.common, self.personal  # writes values that hold no card / that hold cards
        player_vars = self.layout.blocks["player_vars"]
        for slot, name, key in self.game_keys:
            if changed(key, 0) > since or key in holding:
                value = st.vars[name]
                if not plain and value.__class__ in PLAIN_KINDS and key not in holding:
                    continue  # OWN: a number or a text, as before
                if _holds_cards(value):
                    if personal:
                        holding.add(key)
                    vector[slot] = number(seen(st, value, seat)) if personal else 0.0
                elif plain:
                    holding.discard(key)
                    vector[slot] = number(value)
                elif key in holding:  # OWN: it held cards until now
                    holding.discard(key)
                    vector[slot] = 0.0
        for column, name, key in self.player_keys:
            if changed(key, 0) > since or key in holding:
                values = [st.pvars[other][name] for other in range(st.n)]
                holds = _holds_cards(values)
                _note(holding, key, holds and personal)
                written = personal if holds else plain
                for other, value in enumerate(values):
                    vector[player_vars.at(other, column)] = number(seen(st, value, seat)) if written else 0.0

    def _sheets(self, st) -> None:
        """Every player's score-sheet boxes, as all see them: -1 for an open box."""
        block, number = self.sheet_block, self.layout.number
        for seat in range(st.n):
            for column, label in enumerate(block.columns):
                sheet, box = label.split(".")
                value = st.sheets[SheetRef(sheet, seat)][box]
                self.vector[block.at(seat, column)] = -1.0 if value is None else number(value)

    def _zone_values(self, st) -> None:
        """The values stored on every place that exists; places without a zone read 0."""
        layout = self.layout
        if not layout.zone_vars:
            return
        block = layout.blocks["zone_vars"]
        self.vector[block.start:block.start + block.size] = 0
        for zone in st.zones:
            stored = st.zvars.get(zone, {})
            place = self.places[zone].index
            for column, (name, default) in enumerate(layout.zone_vars):
                self.vector[block.at(place, column)] = layout.number(seen(st, stored.get(name, default), self.seat))
        self.zones_hold_cards = any(_holds_cards(list(stored.values())) for stored in st.zvars.values())


def _beneath(st, piece):
    """Every piece under a piece, at any depth."""
    for under in st.under_of.get(piece.id, ()):
        yield under
        yield from _beneath(st, under)


def _note(found: set, key, present: bool) -> None:
    """Keep `key` in `found` exactly when `present`."""
    if present:
        found.add(key)
    else:
        found.discard(key)


def _holds_cards(value) -> bool:
    kind = value.__class__
    if kind is list or kind is tuple:
        return any(_holds_cards(item) for item in value)
    return kind is Card or kind is Marker or kind is Die
