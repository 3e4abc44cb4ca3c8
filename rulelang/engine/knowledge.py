"""What each seat knows: the one definition of who sees which card, who was shown or told what,
and who remembers where a card went.

A part of `GameState` (engine/state.py), whose fields it keeps: `shown` (revealed to all),
`known` (shown to some seats), `recalled` and `traced` (where seats saw cards go out of sight,
in a game made with `recall`), `ruled_out` (what seats were told a card is not), `played` (who
played each card lying in a `show_last` zone), `last_shown` and `leaving` (the last cards of
`show_last` zones), `swept` (the cards a `show_last` zone was emptied with, all into one zone,
by sweep: the tricks a zone holds). Placing (placing.py) reports every move
and turn to it and never decides who knew; everything that shows a seat anything asks it:
views (views.py), the log's "you see" lines (logbook.py), AI observations
(env/observation.py), search samples (agents/determinization.py), the terminal and the browser
table.

What a zone shows is `zone_sight`: a zone's visibility and how its cards face, for its owner or
for another seat. A card is visible to a seat (`visible_to`) when its zone shows it, or it was
revealed to all there, or shown to that seat there; a seat recalls (`recalls`) a card it
watched go out of its sight, as long as the card lies where it went and no card left that hand
unseen by the seat. Views show what is visible; search samples keep what is visible or recalled,
and what was told and traced.
"""
from __future__ import annotations

from .values import Card, Marker, Player, ZoneRef

NO_SEATS = frozenset()  # (a card nobody watches go)


def zone_sight(spec, own: bool) -> tuple:
    """(whether a seat sees the face-up cards of a zone so declared, whether it sees its face-down
    ones), for the zone's owner (`own`) or any other seat: hidden zones show nothing; face-down
    cards only their owner, where the zone says so; face-up cards all, or (`owner`) their owner."""
    if spec.visibility == "hidden":
        return False, False
    return spec.visibility == "public" or own, own and spec.down_seen_by_owner


class Knowledge:
    """Who sees, was shown, was told and remembers which card: asked by everything that shows a
    seat anything, told by placing of every move."""

    # ------------------------------------------------------------------ what a seat sees
    def visible_to(self, piece, seat: int) -> bool:
        """Whether the player in `seat` may see which card this is."""
        zone = self.root(piece)
        if self.shown and self.revealed(piece, zone):
            return True
        if self.known and self.knows(piece, zone, seat):
            return True
        return self.in_view(piece, zone, seat)

    def in_view(self, piece, zone, seat: int) -> bool:
        """Whether the player in `seat` sees which card this is by where it lies (`zone`, its
        root) and how it faces, with nothing shown or revealed (`zone_sight`)."""
        face_up, face_down = self.sight[zone.name, zone.seat == seat]
        if piece.id in self.down or self.root_card(piece).id in self.down:
            return face_down
        return face_up

    def recalls(self, piece, seat: int) -> bool:
        """Whether the player in `seat` saw this card go where it lies, and it has lain there since
        with no card leaving that hand unseen by them (`watch_arrived`): what a player with a
        perfect memory knows, for search bots' samples. Views do not show it: a face-down trick
        stays face down on the table."""
        seen = self.recalled.get(piece.id)
        return seen is not None and seat in seen[1] and seen[0] == self.root(piece)

    def in_sight(self, piece, seat: int) -> bool:
        """Whether the seat knows which card lies there: it sees it, or saw it go there (`recalls`)."""
        return self.visible_to(piece, seat) or self.recalls(piece, seat)

    def revealed(self, piece, zone) -> bool:
        """Whether a piece lying in `zone` was revealed to all there, and the zone is as it was then."""
        seen = self.shown.get(piece.id)
        return seen is not None and seen[0] == zone and self.versions.get(zone, 0) <= seen[1]

    def knows(self, piece, zone, seat: int) -> bool:
        """Whether a piece lying in `zone` was shown to the player in `seat` there (and has not left it)."""
        seen = self.known.get(piece.id)
        return seen is not None and seen[0] == zone and seat in seen[1]

    def seers(self, piece) -> frozenset:
        """The seats that see which piece this is (a marker: every seat): those it is `visible_to`.

        Asked of every card a move takes (a trick swept up: each of its cards), so what its zone
        shows answers first, with no question per seat: a zone that shows the card to a seat not
        its owner shows it to every seat (`zone_sight`: an owner sees at least what others do);
        with nothing revealed or shown in the game, what the zone shows is all there is."""
        if piece.__class__ is Marker:
            return self.everyone
        place, down = self.loc.get(piece.id), self.down
        if place is not None and place[0] == "z":  # (lying in a zone itself: the common case, read straight)
            zone, face = place[1], 1 if piece.id in down else 0
        else:
            zone = self.root(piece)
            face = 1 if piece.id in down or self.root_card(piece).id in down else 0
        if self.sight[zone.name, False][face]:
            return self.everyone
        if not self.shown and not self.known:
            return frozenset((zone.seat,)) if zone.seat is not None and self.sight[zone.name, True][face] else NO_SEATS
        return frozenset(s for s in range(self.n) if self.visible_to(piece, s))

    def seers_after(self, piece) -> frozenset:
        """`seers` of a piece that may have left the game (a marker taken off: nobody)."""
        if piece.id not in self.loc:
            return NO_SEATS
        return self.seers(piece)

    # ------------------------------------------------------------------ choices made at once
    def sealed_answers(self) -> list:
        """The answers given so far in choices made at once that are running (`choose together`,
        `first come`: engine/together.py), each (index of its frame, its node, the seat that gave it)."""
        out = []
        for index, frame in enumerate(self.frames):
            node = frame.block[frame.pc] if frame.pc < len(frame.block) else None
            if getattr(node, "sealed", False):
                out += [(index, node, seat) for seat, _ in node.answers(frame.env)[1]]
        return out

    @staticmethod
    def sees_answer(chooser: int, seat) -> bool:
        """Whether the player in `seat` knows the answer `chooser` gave in a choice made at once that is
        still running: only its own (all are revealed together, or never)."""
        return chooser == seat

    # ------------------------------------------------------------------ what players are told
    def show(self, cards: list, seats) -> None:
        """Show cards to some players: each is known to them where it lies, as long as it lies there
        (and where the rules take it before the next decision: they watch it go).

        Like a reveal, no rule reads it (only views do): it takes an event number of its own.
        """
        clock = self.clock
        clock[0] = self.revealed_at = event = clock[0] + 1
        known = self.known
        for card in cards:
            if isinstance(card, Card):  # a card or a die
                before = known.get(card.id)
                zone = self.root(card)
                seen = before[1] if before is not None and before[0] == zone else frozenset()
                known[card.id] = (zone, seen | frozenset(seats), event, self.actions)

    def rule_out(self, cards: list, seats, ids: frozenset) -> None:
        """Tell some players that none of these cards is one of the cards `ids` names (a player who
        could not follow suit holds none of it): kept for search bots' samples (see
        agents/determinization.py) while each card lies where it lies; a move or a shuffle forgets."""
        ruled, told = self.ruled_out, frozenset(seats)
        for card in cards:
            facts = ruled.get(card.id, ())
            if any(seen == told for seen, _ in facts):  # told the same players before: one fact
                facts = tuple((seen, known | ids if seen == told else known) for seen, known in facts)
            else:
                facts += ((told, ids),)
            ruled[card.id] = facts

    def reveal(self, cards: list) -> None:
        """Show cards to every player: each is seen by all where it lies until that zone changes.

        No rule reads what was shown (only views do), so it is no change for the remembered
        checks: the reveal takes an event number of its own, and the zone's next change (numbered
        after it) ends what it shows.
        """
        clock = self.clock
        clock[0] = self.revealed_at = event = clock[0] + 1
        shown = self.shown
        for card in cards:
            if isinstance(card, Card):  # a card or a die
                shown[card.id] = (self.root(card), event)

    # ------------------------------------------------------------------ told by placing and chance
    def watch_leaving(self, pieces, target, under: bool, face_down, taken_from) -> list | None:
        """Before pieces move to `target` (a zone, or a card to lie `under`): what seats watch them
        go (for `watch_arrived`), what was told of them is forgotten, and the last cards of
        `show_last` zones are noted. None when no seat need recall them."""
        sighted = None
        if self.recalling:  # (a card put face up in a public zone is seen by all: nothing to recall)
            if under or face_down or self.game.zones[target.name].visibility != "public":
                sighted = self._sighted(pieces)
            elif self.recalled or self.traced:
                for piece in pieces:
                    self.recalled.pop(piece.id, None)
                    self.traced.pop(piece.id, None)
        if self.ruled_out:  # what was told of a card holds where it lay
            for piece in pieces:
                self.ruled_out.pop(piece.id, None)
        if self.show_last:
            self._keep_last(pieces, target, taken_from)
        return sighted

    def watch_arrived(self, pieces, sighted: list | None) -> None:
        """After pieces moved: a card shown to players stays known to them where it was shown, or,
        shown since the last decision, where it went (they watched it go); the seats that watched
        a card go recall it where it went (`watch_leaving` found them)."""
        if self.known:
            known, asked = self.known, self.actions
            for piece in pieces:
                seen = known.pop(piece.id, None)
                if seen is not None and seen[3] == asked and piece.__class__ is Card:
                    known[piece.id] = (self.root(piece), *seen[1:])
        if sighted:
            self._remember(sighted)

    def watch_turning(self, pieces) -> list | None:
        """Before cards are turned face down: who watches them (for `watch_turned`); None when no
        seat need recall them."""
        return self._sighted(pieces) if self.recalling else None

    def watch_turned(self, sighted: list) -> None:
        """After cards were turned face down: the seats that saw them and no longer do recall them."""
        self._remember(sighted, moved=False)

    def forget_order(self, cards) -> None:
        """A zone was shuffled: where each of its cards lies in it is no longer known."""
        if self.recalled or self.ruled_out:
            for card in cards:
                self.recalled.pop(card.id, None)
                self.ruled_out.pop(card.id, None)

    def forget_faces(self, dice) -> None:
        """Dice are rolled again: what was shown of them is no more."""
        for die in dice:
            self.shown.pop(die.id, None)
            self.known.pop(die.id, None)

    # ------------------------------------------------------------------ memory of cards out of sight
    def _sighted(self, pieces) -> list:
        """Before cards move or turn: each card among `pieces` with its zone, the seats that watch
        it (they see it there, or were shown it since the last decision) and, for each other seat
        that knows where it may lie (it recalls it there, was shown it earlier, traces it among
        some zones), those zones."""
        seats, zones, out = range(self.n), self.game.zones, []
        recalled, known, shown, traced = self.recalled, self.known, self.shown, self.traced
        for piece in pieces:
            if piece.__class__ is not Card:
                continue
            pid = piece.id
            zone = self.root(piece)
            if pid not in recalled and pid not in known and pid not in shown and pid not in traced and \
                    zones[zone.name].visibility == "hidden":
                out.append((piece, zone, NO_SEATS, {}))  # (nobody sees it go, yet all may see a card go)
                continue
            watchers, knowers = [], {}
            held = self._held(zone)
            for seat in seats:
                if self._watches(piece, zone, seat):
                    watchers.append(seat)
                elif self.recalls(piece, seat) or self.knows(piece, zone, seat):
                    if held:
                        knowers[seat] = frozenset((zone,))
                    else:  # in a pile nobody holds, the seat knows the card by its place: it sees it go
                        watchers.append(seat)
                elif pid in traced and seat in traced[pid]:
                    knowers[seat] = traced[pid][seat]
            out.append((piece, zone, frozenset(watchers), knowers))
        return out

    def _held(self, zone) -> bool:
        """Whether a player holds this zone's cards, seeing them, and so may take any of them: a
        card leaving it unseen by others could be any (from a pile nobody holds, the rules take
        cards from places all know, as the top of a stock)."""
        return zone.seat is not None and self.game.zones[zone.name].visibility != "hidden"

    def _watches(self, piece, zone, seat: int) -> bool:
        """Whether the player in `seat` sees which card this is as it leaves `zone`: it lies in
        sight, or was revealed or shown to them there since the last decision (an older showing is
        only remembered: the card went back among the others)."""
        if self.in_view(piece, zone, seat) or self.shown and self.revealed(piece, zone):
            return True
        seen = self.known.get(piece.id)
        return seen is not None and seen[0] == zone and seat in seen[1] and seen[3] == self.actions

    def _remember(self, sighted: list, moved: bool = True) -> None:
        """After cards moved (or turned): each seat that watched a card, and cannot see it now,
        recalls where it went (as long as it lies there). A seat that saw cards leave a zone but
        not which (`moved`) cannot tell which of the cards it knew there went: it traces each of
        them among the zones it may now lie in (`_lose_track`)."""
        recalled, traced, seats = self.recalled, self.traced, range(self.n)
        blind: dict = {}  # seat -> {the zones it saw unknown cards leave}
        known_before: dict = {}  # seat -> {card id: the zones it knew a moved card to lie in}
        target = None
        for card, source, watchers, knowers in sighted:
            seeing = frozenset(seat for seat in seats if self.visible_to(card, seat))
            lost = watchers - seeing
            if lost:
                recalled[card.id] = (self.root(card), lost)
            else:
                recalled.pop(card.id, None)
            if not moved:
                continue
            target = self.root(card)
            traced.pop(card.id, None)
            for seat in seats:
                if seat not in watchers and seat not in seeing:
                    blind.setdefault(seat, set()).add(source)
                    if seat in knowers:
                        known_before.setdefault(seat, {})[card.id] = knowers[seat]
        for seat, sources in blind.items():
            self._lose_track(seat, sources, target, known_before.get(seat, {}))

    def _lose_track(self, seat: int, sources: set, target, moved: dict) -> None:
        """The player in `seat` saw cards go from `sources` to `target` without seeing which: every
        card it knew to lie in a hand among them (whose owner takes any card) may have gone, so it
        no longer recalls nor is shown it there, and traces it among those zones and `target` (a
        zone left empty drops out); so does every card it traced among them. (A card it knew in a
        pile nobody holds stays known: the cards left from places all could see.) `moved`: the
        zones it knew each moved card to lie in, before the move."""
        recalled, known, traced = self.recalled, self.known, self.traced
        emptied = {zone for zone in sources if not self.zones[zone]}
        held = {zone for zone in sources if self._held(zone)}
        knew = dict(moved)
        for cid, (zone, seen) in list(recalled.items()):
            if zone in held and seat in seen:
                knew[cid] = frozenset((zone,))
                if len(seen) > 1:
                    recalled[cid] = (zone, seen - {seat})
                else:
                    del recalled[cid]
        for cid, (zone, seen, *when) in list(known.items()):
            if zone in held and seat in seen:
                knew[cid] = frozenset((zone,))
                if len(seen) > 1:
                    known[cid] = (zone, seen - {seat}, *when)
                else:
                    del known[cid]
        for cid, where in traced.items():
            if seat in where and not where[seat].isdisjoint(sources) and cid not in knew:
                knew[cid] = where[seat]
        for cid, zones in knew.items():
            if zones.isdisjoint(sources):
                continue
            traced[cid] = {**traced.get(cid, {}), seat: (zones | {target}) - emptied}

    def _keep_last(self, pieces, target, taken_from) -> None:
        """Note who plays each card to a zone that shows its last cards (`show_last`), and the
        cards leaving such a zone, with who played them, where they go and who saw them there;
        once the zone is emptied, the cards that left it since it was last emptied are what it
        shows, until it is emptied again, and, when they all went to one zone, one sweep there
        (a trick taken: a view counts the sweeps whose cards lie in a zone).

        No rule reads it (only views do), so it is no change for the remembered checks.
        """
        keep, leaving, played, swept = self.show_last, {}, self.played, self.swept
        if target.__class__ is ZoneRef and target.name in keep:
            player = self.acting() if self.stage == "turn" else None
            by = player.seat if player.__class__ is Player else None
            for piece in pieces:
                played[piece.id] = by
        if swept:  # a card taken from where it was swept to counts there no more
            for piece in pieces:
                if piece.id in swept:
                    del swept[piece.id]
        if taken_from is not None:  # all from one zone (a deal, a trick taken): one look at it
            if taken_from.name in keep and taken_from != target:
                cards = [piece for piece in pieces if piece.__class__ is Card]
                if cards:
                    leaving[taken_from] = cards
        else:
            loc = self.loc
            for piece in pieces:
                place = loc.get(piece.id)
                if place is not None and place[0] == "z" and piece.__class__ is Card:
                    source = place[1]
                    if source.name in keep and source != target:
                        leaving.setdefault(source, []).append(piece)
        for source, cards in leaving.items():
            left = self.leaving.pop(source, ()) + tuple((card, target, self.seers(card), played.pop(card.id, None))
                                                        for card in cards)
            remaining = len(self.zones[source]) - (0 if taken_from is not None else len(cards))  # (taken: gone)
            if remaining:
                self.leaving[source] = left
                continue
            self.last_shown[source] = left
            if all(to == target for _, to, _, _ in left):  # swept whole into one zone: a trick taken there
                self.sweeps += 1
                for card, *_ in left:
                    swept[card.id] = self.sweeps
