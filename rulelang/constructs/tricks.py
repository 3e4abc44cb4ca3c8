"""Tricks and trump: the `tricks:` section (the trump suit now, and which card values say the suit a
card counts as and how high it ranks) and the functions that follow suit and find who takes a trick.

A card's suit in play and its rank in a trick are card values the rule file names, most often
`card_props` that read the trump suit: so a card that counts as another suit while a suit is
trump (Euchre's left bower) is one property, and following suit and taking tricks obey it.
The cards of a trick are given in the order they were played, the card led first (lay them
with `move c to bottom of trick`).
"""
from __future__ import annotations

from ..compile.ruleset import TrickSpec
from ..engine.values import is_card, pretty
from ..errors import GameError
from .base import EXPR, TEXT, Key
from .functions import Function
from .kinds import ANY, BOOL, CARD
from .sections import Section

TRUMP = "tricks.trump"  # the trump suit's key in the dependency analysis
CARD_VALUES = "tricks.card"  # the key of what a card's suit and rank in play read
PLAIN = TrickSpec(lambda st, env: None, "suit", "rank")  # no `tricks:` section: printed suits and ranks, no trump
NO_SEAT = {"me": None}  # the trump suit is the table's, worked out for no seat


class Tricks(Section):
    """How tricks are taken: the `trump` suit now, and the card values that are a card's `suit` and `rank` in play.

    `trump` is an expression (a variable the bidding sets, or `'spades'`; `none` for no trump).
    `suit` and `rank` name card values, printed or `card_props` (default `suit` and `rank`):
    Euchre's left bower is a property that gives the trump suit for the jack of the same colour.
    `trick_winner`, `follows`, `led_suit` and `is_trump` read them.
    """

    keyword = "tricks"
    syntax = ("tricks: {trump: EXPRESSION, suit: CARD_VALUE, rank: CARD_VALUE}",)
    example = ("tricks:\n  trump: trump\n  suit: suit_in_play\n  rank: power\nvars:\n  trump: hearts\n"
               "card_props:\n  suit_in_play: \"trump if it.rank == 11 and it.suit == 'diamonds' else it.suit\"\n"
               "  power: '14 if it.rank == 1 else it.rank'")
    fields = {"trump": Key(EXPR, False, "The trump suit now: an expression (`none`: no trump)."),
              "suit": Key(TEXT, False, "The card value that is the suit a card counts as (default `suit`)."),
              "rank": Key(TEXT, False, "The card value that orders the cards of a suit in a trick, highest "
                                       "wins (default `rank`).")}

    def analysed(self, compiler):
        section = compiler.section(self.keyword)
        if not section:
            return {}
        suit, rank = (str(section.get(key, key)) for key in ("suit", "rank"))
        return {TRUMP: section.get("trump", "none"), CARD_VALUES: f"collect(c in [] | [c.{suit}, c.{rank}])"}

    def compile(self, compiler):
        section = compiler.section(self.keyword)
        if not section:
            return {"tricks": None}
        known = compiler.printed | set(compiler.section("card_props")) | set(compiler.section("card_vars"))
        names = {}
        for key in ("suit", "rank"):
            names[key] = str(section.get(key, key))
            if names[key] not in known:
                compiler.error(section.value_pos.get(key, compiler.doc.key_pos[self.keyword]),
                               f"tricks: '{names[key]}' is no card value (printed, card_props or card_vars)")
        trump = section.get("trump", "none")
        pos = section.value_pos.get("trump", compiler.doc.key_pos[self.keyword])
        compiler.check_seatless(trump, pos, "the trump suit (tricks: trump)")
        return {"tricks": TrickSpec(compiler.expr(trump, pos), names["suit"], names["rank"])}


class TrickFunction(Function):
    """A function that reads the `tricks:` section: the trump suit and a card's suit and rank in play."""

    def add_reads(self, found, dependencies):
        """What the trump suit reads and what the two card values the `tricks:` section names read
        (without the section: the printed suit and rank, which read nothing)."""
        known = dependencies.known
        reads = [known.get(("function", key), frozenset()) for key in (TRUMP, CARD_VALUES)]
        if any(part is None for part in reads):
            return False  # the trump suit or a card value uses chance
        for part in reads:
            found |= part
        return True


def spec(st) -> TrickSpec:
    """The game's `tricks:` section, or plain suits and ranks with no trump."""
    return st.game.tricks or PLAIN


def value_of(st, card, name: str):
    """A card's value `name`, as `card.name` reads it.

    Speed: a printed value or a constant property is read from the card's facts, as
    `st.attribute` would read it when no stored value (a `card_var`) has that name.
    """
    facts = getattr(card, "facts", None)
    if facts is not None and name in facts and name not in st.game.card_vars:
        return facts[name]
    return st.attribute(card, name, None)


def suit_of(st, card):
    """The suit a card counts as now."""
    return value_of(st, card, spec(st).suit)


def played(st, cards, what: str) -> list:
    """The cards of a trick, in the order played."""
    items = st.items(cards)
    for item in items:
        if not is_card(item):
            raise GameError(f"{what}() takes cards, not {pretty(item)}")
    return items


class TrickWinner(TrickFunction):
    """The card that takes a trick: the highest trump, else the highest card of the suit led; `none` for no cards.

    The cards come in the order they were played, the card led first; suit and rank are those
    the `tricks:` section names, so a card that counts as trump is one.
    """

    keyword = "trick_winner"
    syntax = ("trick_winner(cards)",)
    example = "trick_winner(draw)"
    usage = "the cards of a trick, the card led first"
    collection_first = True
    gives = CARD
    helper = "trick_winner"

    @staticmethod
    def meaning(st, cards):
        """The winning card of the trick, or none."""
        items = played(st, cards, "trick_winner")
        if not items:
            return None
        tricks = spec(st)
        trump, suits = tricks.trump(st, NO_SEAT), [suit_of(st, card) for card in items]
        wanted = trump if trump is not None and trump in suits else suits[0]
        best = None
        for card, suit in zip(items, suits):
            if suit == wanted:
                rank = value_of(st, card, tricks.rank)
                if best is None or rank > best[1]:
                    best = (card, rank)
        return best[0]


class LedSuit(TrickFunction):
    """The suit led to a trick: the suit its first card counts as; `none` for no cards."""

    keyword = "led_suit"
    syntax = ("led_suit(cards)",)
    example = "led_suit(draw)"
    usage = "the cards of a trick, the card led first"
    collection_first = True
    gives = ANY
    helper = "led_suit"

    @staticmethod
    def meaning(st, cards):
        """The suit of the first card played, or none."""
        items = played(st, cards, "led_suit")
        return suit_of(st, items[0]) if items else None


class Follows(TrickFunction):
    """Whether a card follows suit to a trick: it counts as the suit led, or nothing was led yet.

    A hand that holds a card of the suit led must play one:
    `where: "follows(it, trick) or not any(c in me.hand | follows(c, trick))"`.
    """

    keyword = "follows"
    syntax = ("follows(c, cards)",)
    example = "follows(first(draw), discard)"
    usage = "a card and the cards of a trick"
    args = (2, 2)
    gives = BOOL
    helper = "follows"

    @staticmethod
    def meaning(st, card, cards):
        """Whether the card counts as the suit led (true when nothing was led)."""
        items = played(st, cards, "follows")
        if not is_card(card):
            raise GameError(f"follows() takes cards, not {pretty(card)}")
        return not items or suit_of(st, card) == suit_of(st, items[0])


class IsTrump(TrickFunction):
    """Whether a card counts as the trump suit now."""

    keyword = "is_trump"
    syntax = ("is_trump(c)",)
    example = "is_trump(first(draw))"
    usage = "one card"
    gives = BOOL
    helper = "is_trump"

    @staticmethod
    def meaning(st, card):
        """Whether the card's suit in play is the trump suit."""
        trump = spec(st).trump(st, NO_SEAT)
        return trump is not None and suit_of(st, played(st, [card], "is_trump")[0]) == trump
