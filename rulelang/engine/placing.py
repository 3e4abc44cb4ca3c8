"""Where cards go: every move, draw, deal and refill takes cards from where they lie and puts
them in a zone with `place`, the one primitive that records where a card lies, forgets what was
stored on it and turns it face up or down; a card laid under a card is attached with `attach`.

A part of `GameState` (engine/state.py). Every change is recorded (`touch`), moves from zones
that `on: moved` triggers watch are kept as events, every move and turn is reported to what
each seat knows (knowledge.py: `watch_leaving`, `watch_arrived`), which decides who saw it, and
the log says what each seat saw.
"""
from __future__ import annotations

from ..errors import GameError
from .values import Card, Die, Marker, Player, RowRef, ZoneRef, is_card, pretty

MAX_DRAW = 1000
MAX_MARKERS = 100_000  # markers one game may make
PIECES = (Card, Die, Marker)  # what lies in zones and moves: cards, dice and markers


class Placing:
    """Moving cards between zones and under cards, drawing, refilling, marking, turning."""

    def place(self, pieces, target, where: str = "bottom", face_down: bool | None = None, events: bool = True,
              taken_from: ZoneRef | None = None) -> list:
        """Put pieces on top of zone `target` (in their order) or at its bottom, or (`where` "under")
        under the card `target`: the one way a card comes to lie somewhere else.

        Each piece is first taken from where it lies (and kept as an event for the `on: moved`
        triggers that may answer it, with `events`), unless the caller has taken them all from the
        zone `taken_from`. In a zone a card then lies face down or up as `face_down` says, under a
        card face up, with nothing stored on it (a die keeps its face); a marker put in a zone vanishes. The change is
        recorded. Returns the piles of rows that were emptied (they leave their row: see `move`).
        """
        under = where == "under"
        sighted = self.watch_leaving(pieces, target, under, face_down, taken_from) \
            if self.recalling or self.ruled_out or self.show_last else None
        loc, cvars, down = self.loc, self.cvars, self.down
        lying_down = True if face_down else False  # (how each piece lies: no call per piece)
        changed, emptied = ["loc"] if under else ["loc", target], []
        if not under:
            zone, spot = self.zones[target], ("z", target)
        if taken_from is not None:  # all taken from one zone: they go there together
            changed += (taken_from,)
            if where == "top":
                zone[:0] = pieces
            else:
                zone.extend(pieces)
        else:
            watched = self.game.watched_origins  # None: moves from every zone
            watching = events and (watched is None or bool(watched))
        for piece in reversed(pieces) if where == "top" else pieces:  # (on top, each above the one before)
            pid = piece.id
            if taken_from is None:
                place = loc.get(pid)
                if place is None:
                    raise GameError(f"{pretty(piece)} is not in the game")
                if place[0] == "z":  # take it from its zone
                    source = place[1]
                    if watching and piece.__class__ is Card and (watched is None or source.name in watched):
                        self.events.append((piece, source))
                    self.zones[source].remove(piece)
                    changed += (source,)
                    if source.name in self.row_names:
                        emptied.append(source)
                else:  # take it from under the card it is attached to
                    if watching and piece.__class__ is Card:
                        self._note_event(piece, self.root(piece), watched)
                    siblings = self.under_of[place[1].id]
                    siblings.remove(piece)
                    if not siblings:
                        del self.under_of[place[1].id]
                    changed += ("attach",)
                if under:
                    if target.id == pid or self._beneath(target, piece):
                        raise GameError(f"cannot put {pretty(piece)} under {pretty(target)}: " + (
                            "a card cannot lie under itself" if target.id == pid else
                            f"{pretty(target)} lies under {pretty(piece)} (cards would be attached in a loop)"))
                    self.under_of.setdefault(target.id, []).append(piece)
                    loc[pid] = ("u", target)
                    changed += ("attach",)
                elif piece.__class__ is Marker:  # a marker vanishes anywhere but under a card
                    self._forget(piece)
                    changed += ("attach", "cvar")
                    continue
                elif where == "top":
                    zone.insert(0, piece)
                else:
                    zone.append(piece)
            if not under:
                loc[pid] = spot
            if pid in cvars:
                stored = cvars.pop(pid)
                if piece.__class__ is Die and "face" in stored:  # a die keeps the face it shows
                    cvars[pid] = {"face": stored["face"]}
                changed += ("cvar",)
            if (pid in down) is not lying_down:
                changed += ("down",)
                if face_down:
                    down.add(pid)
                else:
                    down.discard(pid)
        if self.known or sighted:
            self.watch_arrived(pieces, sighted)
        clock = self.clock  # `touch(*changed)`, written out: every move of a card comes here
        clock[0] = self.version = event = clock[0] + 1
        versions = self.versions
        for part in changed:
            versions[part] = event
        if self.changed_parts is not None:
            self.changed_parts += changed
        return emptied

    def _beneath(self, card, piece) -> bool:
        """Whether `card` lies under `piece`, at any depth (so `piece` may not go under it)."""
        place = self.loc.get(card.id)
        for _ in range(len(self.loc)):  # (a chain of attachments is never longer)
            if place is None or place[0] != "u":
                return False
            if place[1].id == piece.id:
                return True
            place = self.loc.get(place[1].id)
        return False

    def move(self, pieces, ref, where: str = "top", face_down: bool | None = None,
             log: bool = True, events: bool = True) -> dict:
        """Move pieces to the top or bottom of a zone, or under a card (`ref` is then a card), and log it.

        Returns who could see each moved piece before the move, for callers that log later.
        """
        if pieces.__class__ is Card and where != "under" and ref.__class__ is ZoneRef:  # the common case, quickly
            before = {} if self.quiet else {pieces.id: self.seers(pieces)}
            given = "" if self.quiet or not log else self._given_from([pieces], ref)
            for pile in self.place((pieces,), ref if ref in self.zones else self.zone_key(ref), where, face_down, events):
                self._drop_if_empty(pile)
            if log and not self.quiet:
                self._log_move([pieces], before, f"{given}to {self.label(ref)}")
            return before
        zones = self.zones  # (a zone the table holds is its own key: no call to check it)
        if pieces.__class__ is ZoneRef:  # (a zone holds only pieces)
            moving = [*(zones[pieces] if pieces in zones and self.reads is None else self.items(pieces))]
        else:
            moving = [p for p in self.items(pieces) if p.__class__ in PIECES]
        if not moving:
            return {}
        before = {p.id: self.seers(p) for p in moving} if not self.quiet else {}
        markers = {p.id: self.marker_label(p) for p in moving if p.__class__ is Marker} if not self.quiet else {}
        if where == "under":
            if ref.__class__ is not Card:
                raise GameError(f"can only put cards under a card, not under {pretty(ref)}")
            target = ref
        else:
            target = ref if ref in zones else self.zone_key(ref)
        given = "" if self.quiet or not log or where == "under" else self._given_from(moving, target)
        if pieces.__class__ is ZoneRef and where != "under" and self._zone_moved_together(pieces, target, events):
            source = pieces  # a whole zone, taken at once (the table holds it: its cards were read)
            zones[source].clear()
            emptied = self.place(moving, target, where, face_down, taken_from=source)
        else:
            emptied = self.place(moving, target, where, face_down, events)
        if log and not self.quiet:
            self._log_move(moving, before, f"{given}to {self.label(ref)}" if where != "under" else f"under {pretty(ref)}",
                           markers)
        for zone in emptied:
            self._drop_if_empty(zone)
        return before

    def rotate(self, name: str, by: int) -> None:
        """Pass every player's zone `name` on at once: the cards of each go to the zone of the player
        `by` seats on clockwise (in their order, face up), and the log says whose went to whom."""
        zones = [ZoneRef(name, seat) for seat in range(self.n)]
        held = [list(self.zones[zone]) for zone in zones]
        for seat, cards in enumerate(held):  # (each taken from where it lies: the cards passed on before stay)
            if cards:
                self.place(cards, zones[(seat + by) % self.n])
        if not self.quiet and by % self.n:
            label = self.game.zones[name].label or name.replace("_", " ")
            passed = ", ".join(f"{Player(seat).name}'s to {Player((seat + by) % self.n).name}" for seat in range(self.n))
            self.say(f"every {label} is passed on: {passed}", actor=False)

    def _given_from(self, pieces, target) -> str:
        """'from Z ' when every piece leaves the one zone Z of another player than the one whose zone
        `target` is: a card handed over (asked for, passed) says whose it was; a card played does not."""
        if target.__class__ is not ZoneRef or target.seat is None:
            return ""
        places = {self.loc.get(piece.id) for piece in pieces}
        if len(places) != 1:
            return ""
        kind, source = places.pop() or ("", None)
        if kind != "z" or source.seat is None or source.seat == target.seat:
            return ""
        return f"from {self.label(source)} "

    def _zone_moved_together(self, pieces: ZoneRef, key, events: bool) -> bool:
        """Whether a whole zone's cards may move together: to another zone, from no pile of a row,
        and setting off no `on: moved` trigger."""
        watched = self.game.watched_origins
        watching = events and (watched is None or bool(watched))
        return (not (watching and (watched is None or pieces.name in watched))
                and pieces.name not in self.row_names and pieces != key)

    def _note_event(self, card, origin, watched) -> None:
        """Keep a move for the `on: moved` triggers if some trigger may answer a move from `origin`."""
        if watched is None or origin.name in watched:
            self.events.append((card, origin))

    def _forget(self, marker) -> None:
        for child in self.under_of.pop(marker.id, []):
            self.loc.pop(child.id, None)
        self.loc.pop(marker.id, None)
        self.cvars.pop(marker.id, None)

    def mark(self, card, values: dict):
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

    def draw(self, count: int, source: ZoneRef, target: ZoneRef, where: str = "bottom",
             face_down: bool | None = None, unlogged=None) -> int:
        """Move up to `count` cards one at a time from the top of `source` to the bottom (or top) of
        `target`, face up unless `face_down`, refilling the source.

        `on: moved` triggers that can run at once (`fire_now`) run after each card, before the
        next is drawn; the draw still takes `count` cards from the source. `unlogged` (a draw of
        one card at a time, see frames.DrawLoop) keeps the cards drawn, to be logged together.
        """
        if count > MAX_DRAW:
            raise GameError(f"cannot draw {count} cards at once (at most {MAX_DRAW})")
        if count <= 0:  # (a count worked out by the rules is often nothing)
            return 0
        drawn, before, total = [], {}, 0
        watched = self.game.watched_origins
        # taken together: to the bottom of a zone, face up, from a zone whose moves no `on: moved`
        # trigger answers and that is no pile of a row (written out: a draw of one card is common)
        if (target.__class__ is ZoneRef and where == "bottom" and face_down is None
                and watched is not None and source.name not in watched and source.name not in self.row_names):
            total = self._draw_at_once(count, source, target, drawn, before)
        quiet = self.quiet
        for _ in range(count - total):
            key = source if source in self.zones else self.zone_key(source)
            if not self.zones[key] and not self._refill(source):
                break
            card = self.zones[key][0]
            if target.__class__ is ZoneRef and where == "bottom" and face_down is None:  # move()'s short way
                if not quiet:
                    before[card.id] = self.seers(card)
                for pile in self.place((card,), target if target in self.zones else self.zone_key(target)):
                    self._drop_if_empty(pile)
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

    def _draw_at_once(self, count: int, source: ZoneRef, target: ZoneRef, drawn: list, before: dict) -> int:
        """The cards of a draw that its source holds, placed together; the draw takes the rest one
        by one (they need a refill)."""
        zones = self.zones  # (a zone the table holds is its own key: no call to check it)
        cards = zones[source if source in zones else self.zone_key(source)]
        key = target if target in zones else self.zone_key(target)
        taken = cards[:count]
        if not taken:
            return 0
        if not self.quiet:
            before.update((card.id, self.seers(card)) for card in taken)
        del cards[:count]  # (what it holds of them: a slice stops at its end)
        self.place(taken, key, "bottom", None, taken_from=source)
        drawn += taken
        return len(taken)

    def _refill(self, ref: ZoneRef) -> bool:
        """Shuffle the zone that refills `ref` into it (face-up cards staying, where it says so);
        False when there is nothing to refill it with."""
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

    def turn_face(self, pieces, face_down: bool) -> None:
        """Turn cards face up (revealing them to all who may see the zone) or face down."""
        pieces = self.items(pieces)
        sighted = self.watch_turning(pieces) if face_down else None
        for piece in pieces:
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
        if sighted:
            self.watch_turned(sighted)
