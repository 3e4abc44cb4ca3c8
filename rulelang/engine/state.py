"""The mutable state of one game: where every card is, variables, chance, the program stack.

Only this module and the interpreter change a state. `clone()` is cheap enough for bots that
search: everything is flat dicts and lists of immutable values.
"""
from __future__ import annotations

import itertools

import attrs

from ..errors import GameError
from .effects import Option, credit_of, legal_moves
from .rng import Rng
from .values import (
    Card,
    Marker,
    Player,
    Roll,
    RowRef,
    ZoneRef,
    is_card,
    pretty,
)

MAX_DRAW = 1000
MAX_LOG_LINES = 400_000  # log lines one game may write: two for each decision the game may take
MAX_MARKERS = 100_000  # markers one game may make
_UNSET = object()  # (a value no variable holds)


@attrs.frozen
class Anytime:
    """An option that makes an `anytime` move and then asks the same decision again."""

    move: object = attrs.field(eq=False)


class Layout:
    """The table of a game for some number of players before setup: its zones and rows, and the
    whole deck in its start zone. Made once per game and player count; each new state copies it."""

    def __init__(self, game, players: int):
        self.zones: dict[ZoneRef, list] = {}
        self.rows: list[RowRef] = []
        for name, spec in game.zones.items():
            for seat in range(players) if spec.per_player else (None,):
                if spec.row:
                    self.rows.append(RowRef(name, seat))
                    continue
                for index in range(spec.count) if spec.count is not None else (None,):
                    self.zones[ZoneRef(name, seat, index)] = []
        self.row_names = frozenset(name for name, spec in game.zones.items() if spec.row)
        self.families = {(name, seat): RowRef(name, seat) if spec.row else ZoneRef(name, seat) if spec.count is None
                         else tuple(ZoneRef(name, seat, i) for i in range(spec.count))
                         for name, spec in game.zones.items()
                         for seat in (range(players) if spec.per_player else (None,))}
        self.capped = tuple(zone for zone in self.zones if game.zones[zone.name].capacity is not None)
        self.capped_rows = tuple(row for row in self.rows if game.zones[row.name].capacity is not None)
        home = ZoneRef(game.deck_zone)
        self.zones[home] = list(game.cards)
        self.loc = {card.id: ("z", home) for card in game.cards}


class GameState:
    """Everything that changes during one game."""

    def __init__(self, game, players: int, seed: int):
        self.game = game
        self.n = players
        self.rng = Rng(seed)
        self.forced_dice: list[int] = []
        self.dice_rolled = 0  # how many dice were rolled, forced or not (rule tests check it)
        self.hold_at_turn_end = False  # a rule test asks the game to stop once the current turn ends
        self.held = False  # the game stopped between turns for a rule test; advance() resumes it
        self.stacked: set[str] = set()
        self.forced_first: int | None = None
        self.zvars: dict[ZoneRef, dict] = {}
        self.next_pile = 0
        self.under_of: dict[int, list] = {}
        self.cvars: dict[int, dict] = {}
        self.down: set[int] = set()
        self.shown: dict = {}  # card id -> (its zone, the event) when revealed to all; replaced, not changed: clones share it
        self.next_marker = 1_000_000
        self.vars = dict(game.game_vars)
        self.pvars = [dict(game.player_vars) for _ in range(players)]
        self.current = 0
        self.turn_number = 0
        self.round_number = 0
        self.stage = "start"
        self.turn_closing = False
        self.frames: list = []
        self.pending = None
        self.result = None
        self.ended_by = None  # the end rule that ended the game, if one did (not an effect)
        self.log: list[tuple] = []
        self.quiet = False  # True: no log text is made (simulations and bots' playouts)
        self.debug = False  # True: every step is checked (conservation, remembered answers)
        self.fire_now = None  # runs `on: moved` triggers at once, when all their bodies never wait
        self.credit = None  # whom the log credits effects to while a straight procedure or trigger runs
        self.events: list[tuple] = []  # (card, origin zone) of moves not yet seen by `on: moved` triggers
        self.actions = 0
        self.refusals = 0  # moves refused so far (search bots steer clear of options that are refused)
        self.depth = 0  # rule functions on a call cycle, nested now
        self.nesting = 0  # straight procedures, nested now
        self.budget_size = game.limits.work
        self.budget = self.budget_size  # units of work left for this decision or check (see ops.charge)
        self.trigger_chain = 0
        self.seats = tuple(Player(seat) for seat in range(players))
        # What changed, for checks that are remembered until what they read changes (engine/memo.py).
        self.clock = itertools.count(1)  # shared by clones: an event number is never used twice
        self.version = 0  # the number of the last change to this state
        self.versions: dict = {}  # what changed (a zone, ("v", name), "attach" ...) -> its last event
        self.memo: dict = {}  # remembered checks, shared by clones (safe: event numbers are unique)
        self.reads: set | None = None  # zones and rows read, while a remembered check runs
        self.quiet_version = None  # the version of the last check point where nothing happened ...
        self.quiet_running = None  # ... and the condition triggers running then
        self.changed_since = None  # a version after which the parts that change are listed ...
        self.changed_parts: list | None = None  # ... here (by `touch`; None: not listed)
        self.trigger_frames = 0  # condition triggers' frames pushed since none was last found (runtime.settle)
        layout = game.layouts.get(players)
        if layout is None:
            layout = game.layouts[players] = Layout(game, players)
        self.zones = {key: list(cards) for key, cards in layout.zones.items()}
        self.rows = {key: [] for key in layout.rows}
        self.loc = dict(layout.loc)
        self.row_names = layout.row_names
        self.families = layout.families
        self.capped = layout.capped
        self.capped_rows = layout.capped_rows
        self.capped_lists = None  # (zones, ((cards, capacity, zone) of each capped zone)), see check_capacity
        self.conservation_stamp = None  # the changes of where cards are when last found conserved

    # ------------------------------------------------------------------ cloning
    def clone(self) -> "GameState":
        """An independent copy: same position, same chance to come."""
        other = object.__new__(GameState)
        other.__dict__.update(self.__dict__)
        other.rng = self.rng.clone()
        other.forced_dice = list(self.forced_dice)
        other.stacked = set(self.stacked)
        other.zones = {k: list(v) for k, v in self.zones.items()}
        other.zvars = {k: dict(v) for k, v in self.zvars.items()}
        other.rows = {k: list(v) for k, v in self.rows.items()}
        other.under_of = {k: list(v) for k, v in self.under_of.items()}
        other.loc = dict(self.loc)
        other.cvars = {k: dict(v) for k, v in self.cvars.items()}
        other.down = set(self.down)
        other.vars = dict(self.vars)
        other.pvars = [dict(p) for p in self.pvars]
        envs: dict[int, dict] = {}
        other.frames = [frame.copy(envs) for frame in self.frames]
        other.log = list(self.log)
        other.events = list(self.events)
        other.versions = dict(self.versions)
        other.changed_parts = None if self.changed_parts is None else list(self.changed_parts)
        return other

    def touch(self, *changed) -> None:
        """Record that these parts of the state changed (see engine/memo.py)."""
        self.version = event = next(self.clock)
        versions = self.versions
        for key in changed:
            versions[key] = event
        if self.changed_parts is not None:
            self.changed_parts += changed

    # ------------------------------------------------------------------ players
    def player_list(self) -> list:
        """All players in seat order."""
        return [Player(seat) for seat in range(self.n)]

    def current_player(self) -> Player:
        """The player whose turn it is."""
        return Player(self.current)

    def opponent(self, player) -> Player:
        """The other player of a two-player game."""
        if self.n != 2:
            raise GameError(f"'opponent' needs exactly two players, this game has {self.n}")
        return Player(1 - self._seat(player))

    def next_player(self, player) -> Player:
        """The next seat clockwise."""
        return Player((self._seat(player) + 1) % self.n)

    @staticmethod
    def _seat(player) -> int:
        if not isinstance(player, Player):
            raise GameError(f"expected a player, got {pretty(player)}")
        return player.seat

    # ------------------------------------------------------------------ reading
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

    def new_pile(self, row: RowRef, at_start: bool) -> ZoneRef:
        """Add an empty pile at the start or the end of a row."""
        if not isinstance(row, RowRef):
            raise GameError(f"a new pile needs a row, not {pretty(row)}")
        self.next_pile += 1
        piles = self.rows[row]
        ref = ZoneRef(row.name, row.seat, self.next_pile)
        piles.insert(0 if at_start else len(piles), ref)
        self.zones[ref] = []
        self.touch(row, ref)
        return ref

    def _drop_if_empty(self, ref: ZoneRef) -> None:
        """A pile of a row that has been emptied leaves the row."""
        if ref in self.zones and not self.zones[ref]:
            del self.zones[ref]
            self.zvars.pop(ref, None)
            row = RowRef(ref.name, ref.seat)
            self.rows[row].remove(ref)
            self.touch(row, ref, "zvars")

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

    def attribute(self, value, name: str, me):
        """`value.name` for players, cards, markers, rolls and zones (`me` for card properties)."""
        game = self.game
        if isinstance(value, Player):
            spec = game.zones.get(name)
            if spec is not None and spec.per_player:
                return self.zone_family(name, value.seat)
            if name in game.player_vars:
                return self.pvars[value.seat][name]
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
        raise GameError(f"{pretty(value)} has no '{name}'")

    def _engine_attribute(self, piece, name):
        if name == "name":
            return piece.name
        if name == "face_down":
            return piece.id in self.down
        place = self.loc.get(piece.id)
        if name == "parent":
            return place[1] if place and place[0] == "u" else None
        key = self.root(piece)
        if name == "zone":
            return key
        return None if key.seat is None else Player(key.seat)

    def visible_to(self, piece, seat: int) -> bool:
        """Whether the player in `seat` may see which card this is."""
        zone = self.root(piece)
        if self.shown and self.revealed(piece, zone):
            return True
        owner = zone.seat
        spec = self.game.zones[zone.name]
        if spec.visibility == "hidden":
            return False
        if piece.id in self.down or self.root_card(piece).id in self.down:
            return owner == seat and spec.down_seen_by_owner
        return spec.visibility == "public" or owner == seat

    def root_card(self, piece):
        """The card in a zone that a piece lies under, at any depth, or the piece itself."""
        place = self.loc.get(piece.id)
        while place is not None and place[0] == "u":
            piece = place[1]
            place = self.loc.get(piece.id)
        return piece

    # ------------------------------------------------------------------ chance
    def roll(self, count: int, sides: int, zero_based: bool, text: str) -> Roll:
        """Roll dice (forced results first, in rule tests), and log the roll."""
        low = 0 if zero_based else 1
        dice = []
        self.dice_rolled += count
        for _ in range(count):
            if self.forced_dice:
                face = self.forced_dice.pop(0)
                if not low <= face < low + sides:
                    raise GameError(f"forced die {face} cannot come up on a {text} die")
            else:
                face = low + self.rng.below(sides)
            dice.append(face)
        result = Roll(tuple(dice))
        if not self.quiet:
            self.say(f"rolls {text}: {result!r}")
        return result

    def shuffle(self, ref: ZoneRef) -> None:
        """Shuffle a zone, unless a rule test stacked it."""
        key = self.zone_key(ref)
        if ref.name in self.stacked:
            return
        self.rng.shuffle(self.zones[key])
        self.touch(key)

    # ------------------------------------------------------------------ changing
    def move(self, pieces, ref, where: str = "top", face_down: bool | None = None,
             log: bool = True, events: bool = True) -> dict:
        """Move pieces to the top or bottom of a zone, or under a card (`ref` is then a card).

        Returns who could see each moved piece before the move, for callers that log later.
        """
        if pieces.__class__ is Card and where != "under" and ref.__class__ is ZoneRef:
            before = {} if self.quiet else {pieces.id: self._seers(pieces)}
            self._move_card(pieces, ref, where, face_down, events)
            if log and not self.quiet:
                self._log_move([pieces], before, f"to {self.label(ref)}")
            return before
        moving = [p for p in self.items(pieces) if p.__class__ is Card or p.__class__ is Marker]
        if not moving:
            return {}
        before = {p.id: self._seers(p) for p in moving} if not self.quiet else {}
        markers = {p.id: self.marker_label(p) for p in moving if p.__class__ is Marker} if not self.quiet else {}
        under = where == "under"
        if under:
            if ref.__class__ is not Card:
                raise GameError(f"can only put cards under a card, not under {pretty(ref)}")
        else:
            key = self.zone_key(ref)
            target = self.zones[key]
        watched = self.game.watched_origins  # None: moves from every zone
        watching = events and (watched is None or bool(watched))
        if pieces.__class__ is ZoneRef and not under and self._zone_moved_together(pieces, key, watching):
            self._move_zone(moving, self.zone_key(pieces), key, where, face_down)
            if log and not self.quiet:
                self._log_move(moving, before, f"to {self.label(ref)}")
            return before
        changed = {"loc"} if under else {"loc", key}
        emptied = []
        loc, down, zones = self.loc, self.down, self.zones
        for piece in reversed(moving) if where == "top" else moving:
            pid = piece.id
            place = loc.get(pid)
            if place is None:
                raise GameError(f"{pretty(piece)} is not in the game")
            if place[0] == "z":  # take it from its zone
                source = place[1]
                if watching and piece.__class__ is Card and (watched is None or source.name in watched):
                    self.events.append((piece, source))
                zones[source].remove(piece)
                changed.add(source)
                if source.name in self.row_names:
                    emptied.append(source)
            else:  # take it from under the card it is attached to
                if watching and piece.__class__ is Card:
                    self._note_event(piece, self.root(piece), watched)
                siblings = self.under_of[place[1].id]
                siblings.remove(piece)
                if not siblings:
                    del self.under_of[place[1].id]
                changed.add("attach")
            if under:
                if ref.id == pid:
                    raise GameError(f"cannot put {pretty(piece)} under itself")
                self.under_of.setdefault(ref.id, []).append(piece)
                loc[pid] = ("u", ref)
                changed.add("attach")
            elif piece.__class__ is Marker:
                self._forget(piece)
                changed.update(("attach", "cvar"))
                continue
            else:
                if where == "top":
                    target.insert(0, piece)
                else:
                    target.append(piece)
                loc[pid] = ("z", key)
            if pid in self.cvars:
                del self.cvars[pid]
                changed.add("cvar")
            if (pid in down) != bool(face_down):
                changed.add("down")
                if face_down:
                    down.add(pid)
                else:
                    down.discard(pid)
        self.touch(*changed)
        if log and not self.quiet:
            self._log_move(moving, before, f"to {self.label(ref)}" if not under else f"under {pretty(ref)}", markers)
        for zone in emptied:
            self._drop_if_empty(zone)
        return before

    def _zone_moved_together(self, pieces: ZoneRef, key, watching: bool) -> bool:
        """Whether a whole zone's cards may move together: to another zone, from no pile of a row,
        and setting off no `on: moved` trigger."""
        watched = self.game.watched_origins
        return (not (watching and (watched is None or pieces.name in watched))
                and pieces.name not in self.row_names and self.zone_key(pieces) != key)

    def _move_zone(self, cards: list, source, key, where: str, face_down) -> None:
        """A whole zone's cards moved together (what `move` does to each, in one step)."""
        self.zones[source].clear()
        if where == "top":
            self.zones[key][:0] = cards
        else:
            self.zones[key].extend(cards)
        self.touch(source, *self._placed(cards, key, face_down))

    def _placed(self, cards: list, key, face_down) -> set:
        """Note that `cards`, just put in zone `key`, lie there (face down or not), with no values
        stored on them; the parts of the state this changed."""
        place, loc, cvars, down = ("z", key), self.loc, self.cvars, self.down
        changed = {"loc", key}
        for card in cards:
            pid = card.id
            loc[pid] = place
            if pid in cvars:
                del cvars[pid]
                changed.add("cvar")
            if (pid in down) != bool(face_down):
                changed.add("down")
                if face_down:
                    down.add(pid)
                else:
                    down.discard(pid)
        return changed

    def _move_card(self, card, ref, where: str, face_down, events: bool) -> None:
        """`move` of one card into a zone, with nothing to log: the common case, kept short."""
        key = ref if ref in self.zones else self.zone_key(ref)
        pid = card.id
        place = self.loc.get(pid)
        if place is None:
            raise GameError(f"{pretty(card)} is not in the game")
        if place[0] == "z":
            source = place[1]
            watched = self.game.watched_origins
            if events and (watched is None or source.name in watched):
                self.events.append((card, source))
            self.zones[source].remove(card)
        else:
            source = "attach"
            if events and self.game.event_triggers:
                self._note_event(card, self.root(card), self.game.watched_origins)
            siblings = self.under_of[place[1].id]
            siblings.remove(card)
            if not siblings:
                del self.under_of[place[1].id]
        if where == "top":
            self.zones[key].insert(0, card)
        else:
            self.zones[key].append(card)
        self.loc[pid] = ("z", key)
        self.version = event = next(self.clock)  # `touch`, written out: every move of a card comes here
        versions = self.versions
        versions["loc"] = versions[key] = versions[source] = event
        changed = self.changed_parts
        if changed is not None:
            changed += ("loc", key, source)
        if pid in self.cvars:
            del self.cvars[pid]
            versions["cvar"] = event
            if changed is not None:
                changed.append("cvar")
        if (pid in self.down) != bool(face_down):
            versions["down"] = event
            if changed is not None:
                changed.append("down")
            if face_down:
                self.down.add(pid)
            else:
                self.down.discard(pid)
        if source != "attach" and source.name in self.row_names:
            self._drop_if_empty(source)

    def _note_event(self, card, origin, watched) -> None:
        """Keep a move for the `on: moved` triggers if some trigger may answer a move from `origin`."""
        if watched is None or origin.name in watched:
            self.events.append((card, origin))

    def marker_label(self, marker) -> str:
        """How players and rule tests name a marker: its values and the card it lies on (`dmg 4 on QH`)."""
        stored = self.cvars.get(marker.id) or {}
        values = ", ".join(f"{k} {pretty(v)}" for k, v in stored.items()) or "marker"
        place = self.loc.get(marker.id)
        return f"{values} on {place[1].name}" if place is not None and place[0] == "u" else values

    def label(self, value) -> str:
        """pretty(), with piles of a row named by their place."""
        return self.zone_label(value) if isinstance(value, ZoneRef) else pretty(value)

    def _forget(self, marker) -> None:
        for child in self.under_of.pop(marker.id, []):
            self.loc.pop(child.id, None)
        self.loc.pop(marker.id, None)
        self.cvars.pop(marker.id, None)

    def mark(self, card, values: dict) -> Marker:
        """Put a new marker with stored values under a card."""
        if card.__class__ is not Card:
            raise GameError(f"can only mark a card, not {pretty(card)}")
        if self.next_marker >= 1_000_000 + MAX_MARKERS:
            raise GameError(f"the game made more than {MAX_MARKERS:,} markers (limits: markers)")
        marker = Marker(self.next_marker)
        self.next_marker += 1
        self.under_of.setdefault(card.id, []).append(marker)
        self.loc[marker.id] = ("u", card)
        self.cvars[marker.id] = dict(values)
        self.touch("attach", "cvar")
        if not self.quiet:
            shown = ", ".join(f"{k} {v}" for k, v in values.items())
            self.say(f"marks {pretty(card)} with a marker ({shown})")
        return marker

    def set_var(self, name: str, value) -> None:
        """Set a game variable (to the very value it holds: no change to record)."""
        if self.vars.get(name, _UNSET) is value:  # (small numbers, names, cards: the same object)
            return
        self.vars[name] = value
        self.version = self.versions[("v", name)] = next(self.clock)  # (`touch`, written out)
        if self.changed_parts is not None:
            self.changed_parts.append(("v", name))

    def set_player_var(self, player: Player, name: str, value) -> None:
        """Set a player variable (to the very value it holds: no change to record)."""
        values = self.pvars[player.seat]
        if values.get(name, _UNSET) is not value:
            values[name] = value
            self.touch(("p", name))

    def set_zone_var(self, zone: ZoneRef, name: str, value) -> None:
        """Store a value on a zone (declared under zone_vars)."""
        self.zvars.setdefault(self.zone_key(zone), {})[name] = value
        self.touch("zvars")

    def set_card_var(self, piece, name: str, value) -> None:
        """Store a value on a card or marker until it changes zone."""
        if not is_card(piece):
            raise GameError(f"cannot store '{name}' on {pretty(piece)}")
        self.cvars.setdefault(piece.id, {})[name] = value
        self.version = self.versions["cvar"] = next(self.clock)  # (`touch`, written out)
        if self.changed_parts is not None:
            self.changed_parts.append("cvar")

    def draw(self, count: int, source: ZoneRef, target: ZoneRef, where: str = "bottom",
             face_down: bool | None = None, unlogged=None) -> int:
        """Move up to `count` cards one at a time from the top of `source` to the bottom (or top) of
        `target`, face up unless `face_down`, refilling the source.

        `on: moved` triggers that can run at once (`fire_now`) run after each card, before the
        next is drawn; the draw still takes `count` cards from the source. `unlogged` (a draw of
        one card at a time, see effects.DrawLoop) keeps the cards drawn, to be logged together.
        """
        if count > MAX_DRAW:
            raise GameError(f"cannot draw {count} cards at once (at most {MAX_DRAW})")
        if count <= 0:  # (a count worked out by the rules is often nothing)
            return 0
        drawn, before, total = [], {}, 0
        if self._drawn_at_once(source, target, where, face_down):
            total = self._draw_at_once(count, source, target, drawn, before)
        quiet = self.quiet
        for _ in range(count - total):
            key = source if source in self.zones else self.zone_key(source)
            if not self.zones[key] and not self._refill(source):
                break
            card = self.zones[key][0]
            if target.__class__ is ZoneRef and where == "bottom" and face_down is None:  # move()'s short way
                if not quiet:
                    before[card.id] = self._seers(card)
                self._move_card(card, target, "bottom", None, True)
            else:
                before.update(self.move(card, target, where, face_down, log=False))
            drawn.append(card)
            total += 1
            if self.events and self.fire_now is not None:
                if quiet:
                    self.fire_now(self)
                else:
                    before = self._fire_while_drawing(drawn, before, source, target)
                if self.result is not None:
                    break
        if quiet:
            return total
        if unlogged is not None:
            unlogged.drawn += drawn
            unlogged.seers.update(before)
        else:
            self.log_draw(drawn, before, source, target)
        return total

    def _fire_while_drawing(self, drawn: list, before: dict, source, target) -> dict:
        """Run the `on: moved` triggers of a card just drawn, logging first what was drawn so far
        if one fires; the seers still to log (none, if the draw so far was logged)."""
        logged = len(drawn)

        def log_so_far():  # what was drawn so far comes before what it sets off
            self.log_draw(drawn, before, source, target)
            drawn.clear()
        self.fire_now(self, log_so_far)
        return {} if len(drawn) < logged else before

    def _drawn_at_once(self, source, target, where: str, face_down) -> bool:
        """Whether a draw may take its cards together: to the bottom of a zone, face up, from a
        zone whose moves no `on: moved` trigger answers and that is no pile of a row."""
        watched = self.game.watched_origins
        return (target.__class__ is ZoneRef and where == "bottom" and face_down is None
                and watched is not None and source.name not in watched and source.name not in self.row_names)

    def _draw_at_once(self, count: int, source: ZoneRef, target: ZoneRef, drawn: list, before: dict) -> int:
        """The cards of a draw that its source holds, moved together (what `_move_card` does to
        each, in one step); the draw takes the rest one by one (they need a refill)."""
        if count <= 0:
            return 0
        cards = self.zones[self.zone_key(source)]
        key = self.zone_key(target)
        taken = cards[:count]
        if not taken:
            return 0
        if not self.quiet:
            before.update((card.id, self._seers(card)) for card in taken)
        del cards[:len(taken)]
        self.zones[key].extend(taken)
        self.touch(source, *self._placed(taken, key, None))
        drawn.extend(taken)
        return len(taken)

    def log_draw(self, drawn: list, before: dict, source, target) -> None:
        """Log cards drawn from `source` to `target`, for each seat as it saw them (`before`: who saw each one)."""
        if drawn and not self.quiet:
            self._log_move(drawn, before, f"from {self.label(source)} to {self.label(target)}", verb="draws")

    def _refill(self, ref: ZoneRef) -> bool:
        spec = self.game.zones[ref.name]
        if spec.refill is None:
            return False
        source = ZoneRef(spec.refill, ref.seat if self.game.zones[spec.refill].per_player else None,
                         ref.index if self.game.zones[spec.refill].count is not None else None)
        cards = self.zones[self.zone_key(source)]
        if spec.keep_face_up:
            cards = [c for c in cards if c.id in self.down]
        if not cards:
            return False
        self.move(list(cards), ref, log=False, events=False)
        self.shuffle(ref)
        if not self.quiet:
            self.say(f"shuffles {pretty(source)} into {pretty(ref)}", actor=False)
        return True

    def reveal(self, cards: list) -> None:
        """Show cards to every player: each is seen by all where it lies until that zone changes."""
        self.touch("shown")
        self.shown = {**self.shown, **{c.id: (self.root(c), self.version) for c in cards if c.__class__ is Card}}

    def revealed(self, piece, zone) -> bool:
        """Whether a piece lying in `zone` was revealed to all there, and the zone is as it was then."""
        seen = self.shown.get(piece.id)
        return seen is not None and seen[0] == zone and self.versions.get(zone, 0) <= seen[1]

    def turn_face(self, pieces, face_down: bool) -> None:
        """Turn cards face up (revealing them to all who may see the zone) or face down."""
        for piece in self.items(pieces):
            if not is_card(piece):
                raise GameError(f"only cards can be turned face up or down, not {pretty(piece)}")
            if face_down and piece.id not in self.down:
                self.down.add(piece.id)
                self.touch("down")
            elif not face_down and piece.id in self.down:
                self.down.discard(piece.id)
                self.touch("down")
                if not self.quiet:
                    self.say(f"turns up {pretty(piece)}", actor=False)

    def finish(self, winners: list, tie: bool = False) -> None:
        """End the game: the given seats win and the others lose, or everybody ties."""
        if self.result is not None:
            return
        if tie:
            self.result = tuple("draw" for _ in range(self.n))
            self.say("game over: a draw", actor=False)
            return
        self.result = tuple("win" if seat in winners else "loss" for seat in range(self.n))
        names = ", ".join(Player(s).name for s in sorted(set(winners))) or "nobody"
        self.say(f"game over: {names} win{'' if len(set(winners)) > 1 else 's'}", actor=False)

    def ask(self, decision) -> None:
        """Wait for an agent to answer `decision`, with the seat's legal `anytime` moves added."""
        if self.game.anytime and self.stage == "turn":
            legal = legal_moves(self, self.game.anytime, self.seats[decision.seat])
            if legal:
                taken = set(decision.labels())
                extra = tuple(self._anytime_option(m) for m in legal if m.name not in taken)
                decision = decision.with_options(decision.options + extra)
        self.pending = decision

    def _anytime_option(self, move) -> Option:
        """The option offering an `anytime` move (made once per game, as move options are)."""
        kept = self.game.options
        option = kept.get((Anytime, move.name))
        if option is None:
            option = kept[(Anytime, move.name)] = Option(move.name, move.label, Anytime(move))
        return option

    # ------------------------------------------------------------------ log
    def say(self, text: str, seat: int | None = None, actor: bool = True) -> None:
        """Add a log line, for all (seat None) or for one seat only."""
        if self.quiet:
            return
        if len(self.log) >= MAX_LOG_LINES:
            raise GameError(f"the game wrote more than {MAX_LOG_LINES:,} log lines (limits: log)",
                            self.game.end_position)
        if actor and self.stage == "turn":
            who = self.credit if self.credit is not None else credit_of(self.frames[-1].env) if self.frames else None
            who = who if who is not None else self.seats[self.current]
            text = f"{who if isinstance(who, str) else who.name} {text}"
        self.log.append((seat, text))

    def _seers(self, piece) -> frozenset:
        if isinstance(piece, Marker):
            return frozenset(range(self.n))
        return frozenset(s for s in range(self.n) if self.visible_to(piece, s))

    def _log_move(self, moving, before, where_to, markers=None, verb: str = "moves") -> None:
        everyone = frozenset(range(self.n))
        seen = {p.id: before[p.id] | self._seers_after(p) for p in moving}
        if all(seen[p.id] == everyone for p in moving):
            names = ", ".join((markers or {}).get(p.id) or pretty(p) for p in moving)
            self.say(f"{verb} {names} {where_to}")
            return
        self.say(f"{verb} {len(moving)} card{'s' if len(moving) != 1 else ''} {where_to}")
        for seat in range(self.n):
            shown = [p for p in moving if seat in seen[p.id]]
            if shown:
                self.say(f"(you see: {pretty(shown)})", seat=seat, actor=False)

    def _seers_after(self, piece) -> frozenset:
        if piece.id not in self.loc:
            return frozenset()
        return self._seers(piece)

    # ------------------------------------------------------------------ checks
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
