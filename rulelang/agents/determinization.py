"""Determinization: game states a seat cannot tell from the real one, for bots that search.

A seat knows where every card it can see lies, where every card it saw go out of its sight
lies as long as it has lain there since (a trick it watched taken, face down; a card it passed;
a card buried in the stock: `GameState.recalls`, in a game made with `recall`; a shuffle
forgets), among which zones a card it knew lies since cards left its place unseen
(`GameState.traced`: the dealer's hand or the discards), what it was told hidden cards are not
(`show none`: a player who could not follow suit holds none of it; `GameState.rule_out`, kept
the same way), and how many cards lie in each place it cannot see. A sample keeps all of that and
deals the cards hidden from the seat at random among the places it cannot see: one
permutation of the hidden cards' identities, applied to the whole
cloned state (zones, attachments, stored values, variables, the running effects' local
variables, moves not yet seen by triggers, face-down cards, the pending decision's options).
A secret choice another seat has already made (a card laid face down, a card bound in a
running effect) is thereby hidden too, and an answer another seat gave in a choice made at once
that is still running (`choose together`, `first come`, sealed: `GameState.sealed_answers`) is
drawn afresh, at random among those it could have given.

The hidden places are listed in an order fixed by what the seat sees (zones in the order the
game made them, cards from the top, attached cards after their card), and the hidden cards
are sorted by their id before the permutation is drawn, so a sample depends on the seat's
knowledge and the bot's generator only: two games that differ only in where the hidden cards
lie give the very same samples.

Dice are not re-dealt (a die is like any other): a die hidden from the seat is rolled afresh in
each sample, so a hidden cup shows any faces.

What a sample does not change: values stored on a hidden card stay with its place, and
variables whose names start with `_` keep their values (with the cards they name re-dealt;
`validate` warns where one is set from a card's value, language/leaks.py).
"""
from __future__ import annotations

import math
from collections.abc import Mapping

from ..engine.decisions import Option
from ..engine.frames import ForLoop
from ..engine.memo import Answers
from ..engine.rng import Rng
from ..engine.runtime import out_of_time
from ..engine.values import Card, Die
from ..engine.views import seat_view


MIX = 4  # swaps per hidden place told something, tried after a sample is dealt to keep what was told
TRIES = 20  # deals tried to keep what was told before the sample is left as shuffled


class SeatView(Mapping):
    """What a search agent is handed at a decision: its seat's view, and samples to search on.

    As a mapping it is the seat's view (`seat_view`: zones as the seat sees them, variables,
    the seat's log), made when first read. `sample(rng)` gives a fresh clone of the game with
    the hidden cards re-dealt: a quiet state, with its own generator, that the agent may play
    on freely (`apply_action`); nothing done to it reaches the real game.
    """

    recalls = True  # a game played with this view keeps what each seat recalls (see `new_game`)

    def __init__(self, st, seat: int):
        self._st = st
        self.seat = seat
        self.game = st.game
        self.players = st.n
        self.decision = st.pending  # the decision the seat is asked
        self.deadline = st.deadline  # when the game's time is up (`--game-seconds`, a time.monotonic()), or None
        self._data = None
        self._redeal = None
        self._table_redeal = None
        self._unseen_redeal = None

    def out_of_time(self) -> str:
        """What the game is told when its time is up (`--game-seconds`) as this seat's bot decides."""
        return out_of_time(self._st)

    def _view(self) -> dict:
        if self._data is None:
            self._data = seat_view(self._st, self.seat)
        return self._data

    def seen(self) -> dict:
        """The seat's view as a plain dict (made once; a reader that goes through it all asks
        once, not once per key as the mapping's own methods do)."""
        return self._view()

    def __getitem__(self, key):
        return self._view()[key]

    def __iter__(self):
        return iter(self._view())

    def __len__(self) -> int:
        return len(self._view())

    def history(self) -> tuple:
        """The decisions taken so far, oldest first, as this seat knows them: (seat, the label of
        the option taken) for its own, (seat, None) for another seat's."""
        out, link = [], self._st.trail
        while link is not None:
            link, seat, label = link
            out.append((seat, label if seat == self.seat else None))
        return tuple(reversed(out))

    def sample(self, rng: Rng):
        """A clone of the game at this decision with the hidden cards re-dealt, drawn from `rng`."""
        if self._redeal is None:
            self._redeal = Redeal(self._st, self.seat)
        return self._redeal.sample(rng)

    def open_sample(self, rng: Rng):
        """A clone of the game as it really is, every card where it lies (no card re-dealt, no die
        rolled again): what a bot allowed to see every card searches on, to measure how far
        knowing everything would take it. It tells the seat what it may not know: never for play."""
        return quiet_clone(self._st, Rng(rng.next64()))

    def unseen_sample(self, rng: Rng):
        """A clone of the game at this decision with every card some seat sees (or recalls) where it
        lies and only the cards no seat sees re-dealt (the stock's order): what a bot allowed to see
        every player's cards searches on. It tells the seat what it may not know: never for play."""
        if self._unseen_redeal is None:
            self._unseen_redeal = Redeal(self._st, None, unseen=True)
        return self._unseen_redeal.sample(rng)

    def table_sample(self, rng: Rng):
        """A clone of the game at this decision with every card that some seat cannot see re-dealt,
        this seat's own too: the game as the table knows it, for guessing what others may think."""
        return self._table().sample(rng)

    def private(self, st, seat: int) -> tuple:
        """The cards `seat` sees in a sample `st` that some other seat cannot (its hand, say),
        as a key; in the real game, only this seat's own."""
        if st is self._st and seat != self.seat:
            raise ValueError("a seat's view tells only its own private cards")
        return self._table().private(st, seat)

    def private_states(self, seat: int) -> float:
        """How many keys `private` can give for `seat` (the orders of the cards it may hold there)."""
        return self._table().private_states(seat)

    def _table(self) -> Redeal:
        if self._table_redeal is None:
            self._table_redeal = Redeal(self._st, None)
        return self._table_redeal


class Redeal:
    """The places hidden from one seat in one state, and how to deal hidden cards into them.

    With `seat` None the places are those some seat cannot see: what every seat sees stays, and
    every other card is dealt again (the deal as the table knows it, for walking every deal).
    With `unseen` too, the places are those no seat sees: only cards nobody knows are dealt again.
    """

    def __init__(self, st, seat: int | None, unseen: bool = False):
        self.st = st
        self.seats = range(st.n) if seat is None else (seat,)
        self.known_to = any if unseen else all  # a card stays if some seat / each seat knows it
        self.slots = []  # (("z", zone) or ("u", parent id), index) of each hidden card, in the fixed order
        self.dice = []  # the dice hidden from the seat, in the same order
        for zone, cards in st.zones.items():
            self._collect(("z", zone), cards)
        self.cards = sorted((self._at(st, slot) for slot in self.slots), key=lambda card: card.id)
        self.banned = self._banned() if st.ruled_out else None
        self.confined = self._confined() if st.traced else None
        self.told = [] if self.banned is None else sorted(  # the places told something, most constrained first
            (i for i, banned in enumerate(self.banned) if banned), key=lambda i: -len(self.banned[i]))
        self.seen = [[j for j, slot in enumerate(self.slots) if st.in_sight(self._at(st, slot), seat)]
                     for seat in range(st.n)]  # the hidden places each seat sees (with no seat, its own)
        self.sealed = [(index, chooser) for index, _, chooser in st.sealed_answers()
                       if not self.known_to(st.sees_answer(chooser, seat) for seat in self.seats)]

    @staticmethod
    def _at(st, slot):
        (kind, key), index = slot
        return st.under_of[key][index] if kind == "u" else st.zones[key][index]

    def private(self, st, seat: int) -> tuple:
        """The ids of the cards in the hidden places `seat` sees, in a state laid out like this one."""
        return tuple(self._at(st, self.slots[j]).id for j in self.seen[seat])

    def private_states(self, seat: int) -> float:
        """The orders in which the hidden cards could fill the hidden places `seat` sees; with dice
        hidden from some seat, more than any bound (a key of cards alone cannot tell its rolls apart)."""
        if self.dice:
            return math.inf
        return math.perm(len(self.cards), len(self.seen[seat]))

    def _collect(self, place, pieces) -> None:
        st = self.st
        for index, piece in enumerate(pieces):
            kind = piece.__class__
            if (kind is Card or kind is Die) and not self.known_to(st.in_sight(piece, seat) for seat in self.seats):
                if kind is Card:
                    self.slots.append((place, index))
                else:
                    self.dice.append(piece)
            under = st.under_of.get(piece.id)
            if under:
                self._collect(("u", piece.id), under)

    def _banned(self) -> list | None:
        """For each hidden place, the positions in `cards` of the cards the seats were told cannot
        lie there (`GameState.rule_out`: told to every seat, with no seat; to some seat, with `unseen`),
        or None; None if none is."""
        st, index = self.st, {card.id: i for i, card in enumerate(self.cards)}
        out = []
        for slot in self.slots:
            banned = set()
            for told, ids in st.ruled_out.get(self._at(st, slot).id, ()):
                if self.known_to(seat in told for seat in self.seats):
                    banned.update(index[i] for i in ids if i in index)
            out.append(banned or None)
        return out if any(out) else None

    def _confined(self) -> dict | None:
        """For each hidden card the seats know to lie among some zones (`GameState.traced`: they saw
        cards leave a hand without seeing which), its position in `cards` -> the hidden places in
        those zones (traced by every seat, with no seat: any of them; by some seat, with `unseen`:
        those all of them allow), or None if there is none."""
        st, index, out, zones = self.st, {card.id: i for i, card in enumerate(self.cards)}, {}, None
        for card_id, where in st.traced.items():
            if card_id not in index or not self.known_to(seat in where for seat in self.seats):
                continue
            if zones is None:
                zones = [st.root(self._at(st, slot)) for slot in self.slots]
            known = [where[seat] for seat in self.seats if seat in where]
            among = frozenset.union(*known) if self.known_to is all else frozenset.intersection(*known)
            places = [place for place, zone in enumerate(zones) if zone in among]
            out[index[card_id]] = (places, frozenset(places))
        return out or None

    def sample(self, rng: Rng):
        """A quiet clone with the hidden cards permuted (see the module docstring)."""
        order = list(range(len(self.cards)))
        rng.shuffle(order)
        if self.banned is not None or self.confined is not None:
            self._keep_told(order, rng)
        return self.dealt(order, Rng(rng.next64()))

    def _keep_told(self, order: list, rng: Rng) -> None:
        """Rearrange a permutation so that no hidden place holds a card ruled out there, and each
        card confined to some places lies in one of them.

        The confined cards are dealt first, each to a place drawn among its own still free, then
        the places told something, the most constrained first, each a card drawn among those still
        free that may lie there (all tried again from the start, up to `TRIES` times, when one is
        left with none); the other places keep the shuffled order of the rest. Then `MIX` swaps
        per place told something and per confined card, each made if it keeps what was told, bring
        the deal near a uniform draw among those that keep it. (Should every try fail, the
        tellings being at odds or the deals that keep them too few to meet by drawing, the deal is
        the shuffle, with those swaps.)
        """
        banned, told, confined = self.banned, self.told, self.confined or {}

        def fits(card: int, place: int) -> bool:
            held = confined.get(card)
            return (banned is None or banned[place] is None or card not in banned[place]) and (
                held is None or place in held[1])
        for _ in range(TRIES):
            dealt = self._deal_told(len(order), rng, fits)
            if dealt is not None:
                taken = set(dealt.values())
                rest = iter([card for card in order if card not in taken])
                order[:] = [dealt[i] if i in dealt else next(rest) for i in range(len(order))]
                break
        for _ in range(MIX * len(told)):
            i, j = told[rng.below(len(told))], rng.below(len(order))
            if fits(order[j], i) and fits(order[i], j):
                order[i], order[j] = order[j], order[i]
        for card in confined:
            for _ in range(MIX):
                i, j = order.index(card), rng.below(len(order))
                if fits(order[j], i) and fits(card, j):
                    order[i], order[j] = order[j], order[i]

    def _deal_told(self, cards: int, rng: Rng, fits) -> dict | None:
        """One try of `_keep_told`'s deal: place -> card for the confined cards and the places told
        something, or None when one is left with nothing that fits."""
        banned, confined, dealt, taken = self.banned, self.confined or {}, {}, set()
        for card, (places, _) in confined.items():
            free = [place for place in places if place not in dealt and fits(card, place)]
            if not free:
                return None
            dealt[free[rng.below(len(free))]] = card
            taken.add(card)
        for i in self.told:
            if i in dealt:
                continue
            free = [card for card in range(cards) if card not in taken and card not in banned[i]
                    and (card not in confined or i in confined[card][1])]
            if not free:
                return None
            dealt[i] = card = free[rng.below(len(free))]
            taken.add(card)
        return dealt

    def dealt(self, order: list, rng: Rng):
        """A quiet clone with `self.cards[order[i]]` in the i-th hidden place, drawing chance from `rng`."""
        st = self.st
        other = quiet_clone(st, rng)
        if self.slots:
            swap = {}
            for slot, new in zip(self.slots, order):
                swap[self._at(st, slot)] = self.cards[new]
            _apply(other, swap, {old.id: new.id for old, new in swap.items()})
        for die in self.dice:  # a hidden die shows any of its faces
            if "face" in other.cvars.get(die.id, ()):
                other.cvars[die.id] = {"face": die.low + rng.below(die.attributes["sides"])}
        for index, chooser in self.sealed:  # an answer sealed from the seat is any it could have given
            frame = other.frames[index]
            frame.block[frame.pc].redraw(other, frame, chooser, rng)
        other.touch()
        return other


def quiet_clone(st, rng: Rng):
    """A clone of `st` to search on: quiet (no log text), drawing chance from `rng`, nothing forced,
    with a memory of checks of its own (remembered checks were made on the real cards)."""
    other = st.clone()
    other.rng = rng
    other.quiet, other.debug, other.log = True, False, []
    other.forced = None
    other.recalling, other.ruled_out, other.traced = False, {}, {}  # a sample is searched, never sampled from
    other.memo, other.quiet_version, other.changed_since, other.changed_parts = {}, None, None, None
    other.answers = Answers()
    return other


def _apply(st, swap: dict, ids: dict) -> None:
    """Put `swap[card]` wherever `card` is named in the cloned state `st` (its own containers)."""
    def value(item):
        kind = item.__class__
        if kind is Card:
            return swap.get(item, item)
        if kind is list:
            return [value(x) for x in item]
        if kind is tuple:
            return tuple(value(x) for x in item)
        return item

    def values(stored: dict) -> dict:
        return {name: value(item) for name, item in stored.items()}

    for cards in st.zones.values():
        cards[:] = [swap.get(card, card) if card.__class__ is Card else card for card in cards]
    st.under_of = {ids.get(key, key): [value(piece) for piece in pieces] for key, pieces in st.under_of.items()}
    st.loc = {ids.get(key, key): (kind, value(where)) for key, (kind, where) in st.loc.items()}
    st.cvars = {ids.get(key, key): values(stored) for key, stored in st.cvars.items()}
    st.down = {ids.get(key, key) for key in st.down}
    st.vars = values(st.vars)
    st.pvars = [values(stored) for stored in st.pvars]
    st.zvars = {zone: values(stored) for zone, stored in st.zvars.items()}
    st.events = [(value(card), origin) for card, origin in st.events]
    envs = {}
    for frame in st.frames:
        if id(frame.env) not in envs:  # frames that share an env share the changed one
            envs[id(frame.env)] = frame.env
            frame.env.update(values(frame.env))
        if frame.loop.__class__ is ForLoop:
            frame.loop.items = value(frame.loop.items)
        if frame.trigger is not None:
            frame.trigger = value(frame.trigger)
    decision = st.pending
    if decision is not None:
        st.pending = decision.with_options(tuple(_option(option, value, st) for option in decision.options))


def _option(option: Option, value, st) -> Option:
    """The option with its value re-dealt (renamed when the value is a hidden card)."""
    new = value(option.value)
    if new is option.value or new == option.value:
        return option
    if new.__class__ is Card:  # labelled as the option was: by what is printed, or by the copy's own name
        label = new.printed if option.label == getattr(option.value, "printed", None) else new.name
        return Option(label, None, new, st.cvars.get(new.id))
    return Option(str(new), None, new)  # a list, labelled as options_for labels one
