"""Tricks: which card takes a trick (the trump suit and the card values a `tricks:` section names),
and the closing of a trick in play: when every player in it has played, its winner takes it and
leads the next.

A trick in play lies in one shared zone, in the order played (the card led first); the zone
shows its last cards (`show_last`), so knowledge.py notes who played each card there
(`GameState.played`), and the trick taken whole is one sweep into the winner's zone: views show
the trick with who led, the last trick with who took it, and tricks counted as tricks. The
tricks each seat has taken in the round are `GameState.tricks_taken`, read by `tricks_won(p)`.
"""
from __future__ import annotations

import attrs

from ..errors import GameError, Position
from .effects import Node
from .values import Card, Player, ZoneRef, pretty

NO_SEAT = {"me": None}  # the trump suit is the table's, worked out for no seat
TAKEN = "tricks"  # the part of the state the tricks taken are, for remembered checks (engine/memo.py)


class _Plain:
    """How a game without a `tricks:` section takes tricks: by the printed suits and ranks, with no trump."""

    suit, rank = "suit", "rank"

    @staticmethod
    def trump(st, env):
        """No trump."""
        return None


PLAIN = _Plain()


def spec(st):
    """The game's `tricks:` section, or plain suits and ranks with no trump."""
    return st.game.tricks or PLAIN


def value_of(st, card, name: str):
    """A card's value `name`, as `card.name` reads it.

    Speed: a printed value or a constant property is read from the card's facts, and another
    property worked out by its function, as `st.attribute` would, when no stored value (a
    `card_var`) has that name.
    """
    game = st.game
    if name not in game.card_vars:
        facts = getattr(card, "facts", None)
        if facts is not None and name in facts:
            return facts[name]
        prop = game.card_props.get(name)
        if prop is not None and card.__class__ is Card and card.id not in st.cvars:
            return prop(st, None, card)
    return st.attribute(card, name, None)


def suit_of(st, card):
    """The suit a card counts as now."""
    return value_of(st, card, spec(st).suit)


def winning_card(st, items: list, suit=None, rank=None):
    """The card that takes a trick of these cards (in the order played): the highest trump, else the
    highest card of the suit led; None for no cards. `suit(card)` and `rank(card)` read a card's
    suit and rank in play where the caller knows a quicker way (default: as `card.suit` reads it)."""
    if not items:
        return None
    tricks = spec(st)
    if suit is None:
        suit = lambda card: suit_of(st, card)  # noqa: E731
        rank = lambda card: value_of(st, card, tricks.rank)  # noqa: E731
    trump, suits = tricks.trump(st, NO_SEAT), [suit(card) for card in items]
    wanted = trump if trump is not None and trump in suits else suits[0]
    best = None
    for card, found in zip(items, suits):
        if found == wanted:
            value = rank(card)
            if best is None or value > best[1]:
                best = (card, value)
    return best[0]


def new_round(st) -> None:
    """A round begins: nobody has taken a trick in it yet."""
    st.tricks_taken = [0] * st.n
    st.touch(TAKEN)


def tricks_won(st, who) -> int:
    """The tricks a player took in this round, or a list of players (a team) took together."""
    if who.__class__ is Player:
        return st.tricks_taken[who.seat]
    players = st.items(who)
    if not all(player.__class__ is Player for player in players):
        raise GameError(f"tricks_won() takes a player or a list of players, not {pretty(who)}")
    return sum(st.tricks_taken[player.seat] for player in players)


@attrs.frozen(repr=False, eq=False)
class CloseTrick(Node):
    """The end of every turn of a game whose tricks close (`tricks: zone`): when the trick holds a
    card of every player in it (every seat `turn: skip` does not skip), its winner takes it whole
    into their zone (`tricks: to`) and leads the next turn."""

    pos: Position

    def run(self, st, frame):
        tricks = st.game.tricks
        trick = ZoneRef(tricks.zone)
        cards = st.zones[trick]
        if not cards or len(cards) < in_trick(st):
            return
        card = winning_card(st, cards)
        seat = st.played.get(card.id)
        if seat is None:
            raise GameError(f"{pretty(card)} takes the trick, but no player is known to have played it", self.pos)
        taker = st.seats[seat]
        if not st.quiet:
            st.say(f"{taker.name} takes the trick with {pretty(card)}", actor=False)
        st.move(trick, ZoneRef(tricks.to, seat if st.game.zones[tricks.to].per_player else None), log=False)
        st.tricks_taken = list(st.tricks_taken)
        st.tricks_taken[seat] += 1
        st.touch(TAKEN)
        st.next_turn = seat


def in_trick(st) -> int:
    """How many players play to each trick: every seat `turn: skip` does not skip."""
    skip = st.game.turn.skip
    if skip is None:
        return st.n
    return sum(1 for player in st.seats if not skip(st, {"me": player}))
