"""Tricks and trump: the `tricks:` section (the trump suit now, which card values say the suit a
card counts as and how high it ranks, and the zone tricks are played to and closed in) and the
functions that follow suit, find who takes a trick and count the tricks taken.

A card's suit in play and its rank in a trick are card values the rule file names, most often
`card_props` that read the trump suit: so a card that counts as another suit while a suit is
trump (Euchre's left bower) is one property, and following suit and taking tricks obey it.
The cards of a trick are given in the order they were played, the card led first (lay them
with `move c to bottom of trick`). With `zone` and `to`, the engine closes each trick
(engine/tricks.py): the file says only how a card is played.
"""
from __future__ import annotations

import ast

import attrs

from ..engine.game import TrickSpec
from ..engine.tricks import NO_SEAT, TAKEN, CloseTrick, suit_of, tricks_won, winning_card
from ..engine.tricks import spec as trick_spec
from ..engine.values import Card, Player, is_card, pretty
from ..errors import GameError
from ..kit.codegen import STORE, call, field, item, name, simple
from .base import EXPR, TEXT, Key
from .functions import Function
from .kinds import ANY, BOOL, CARD, NUMBER, PLAYER
from .names import attribute_kind
from .sections import Section

TRUMP = "tricks.trump"  # the trump suit's key in the dependency analysis
CARD_VALUES = "tricks.card"  # the key of what a card's suit and rank in play read


class Tricks(Section):
    """How tricks are taken: the `trump` suit now, the card values that are a card's `suit` and `rank` in play, and the `zone` tricks close in.

    `trump` is an expression (a variable the bidding sets, or `'spades'`; `none` for no trump).
    `suit` and `rank` name card values, printed or `card_props` (default `suit` and `rank`):
    Euchre's left bower is a property that gives the trump suit for the jack of the same colour.
    `trick_winner`, `follows`, `led_suit` and `is_trump` read them.
    With `zone` (a shared zone each player plays a card to, at its bottom) and `to` (the zone a
    trick is taken into: the winner's, for a zone of each player), tricks close by themselves: at
    the end of every turn, a trick that holds a card of every player in it (each seat `turn: skip`
    does not skip) goes whole to its winner, who leads the next turn. The zone shows the trick
    with who played each card and, once taken, the last trick with who took it (`show_last`);
    `tricks_won(p)` counts the tricks each player took in the round, and `played_by(c)` says who
    played a card of the trick.
    """

    keyword = "tricks"
    syntax = ("tricks: {trump: EXPRESSION, suit: CARD_VALUE, rank: CARD_VALUE, zone: ZONE, to: ZONE}",)
    example = ("tricks:\n  trump: trump\n  suit: suit_in_play\n  rank: power\n  zone: discard\n  to: table\n"
               "vars:\n  trump: hearts\n"
               "card_props:\n  suit_in_play: \"trump if it.rank == 11 and it.suit == 'diamonds' else it.suit\"\n"
               "  power: '14 if it.rank == 1 else it.rank'")
    fields = {"trump": Key(EXPR, False, "The trump suit now: an expression (`none`: no trump)."),
              "suit": Key(TEXT, False, "The card value that is the suit a card counts as (default `suit`)."),
              "rank": Key(TEXT, False, "The card value that orders the cards of a suit in a trick, highest "
                                       "wins (default `rank`)."),
              "zone": Key(TEXT, False, "The shared zone the cards of a trick are played to, at its bottom: the "
                                       "trick closes there by itself when every player has played."),
              "to": Key(TEXT, False, "With `zone`: the zone a trick is taken into (of each player: the "
                                     "winner's).")}

    def declare(self, compiler):
        """The zone tricks are played to shows its last trick (`show_last`), as though the file said
        so; the card values that are the suit and rank in play are known as code is built."""
        section = compiler.section(self.keyword)
        compiler.trick_values = tuple(str(section.get(key, key)) for key in ("suit", "rank"))
        zone = compiler.zones.get(str(section.get("zone")))
        if zone is not None and not zone.show_last:
            compiler.zones[zone.name] = attrs.evolve(zone, show_last=True)

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
        zone, to = self._closing(compiler, section)
        return {"tricks": TrickSpec(compiler.expr(trump, pos), names["suit"], names["rank"], zone, to)}

    def _closing(self, compiler, section) -> tuple:
        """The zone tricks are played to and the zone they are taken into (None, None: the file
        closes its tricks itself), each checked."""
        if "zone" not in section and "to" not in section:
            return None, None
        if "zone" not in section or "to" not in section:
            missing = "to" if "zone" in section else "zone"
            compiler.error(section.key_pos["zone" if "zone" in section else "to"],
                           f"tricks: give both the zone tricks are played to (zone) and the zone they are "
                           f"taken into (to): '{missing}' is missing")
            return None, None
        zone, to = str(section["zone"]), str(section["to"])
        zones = compiler.zones
        for key, zone_name in (("zone", zone), ("to", to)):
            if zone_name not in zones:
                compiler.error(section.value_pos[key], f"tricks: {key} names unknown zone '{zone_name}'")
                return None, None
            if zones[zone_name].row or zones[zone_name].count is not None:
                compiler.error(section.value_pos[key], f"tricks: '{zone_name}' is a row or has a count: a trick "
                                                       f"lies in one zone")
                return None, None
        if zones[zone].per_player:
            compiler.error(section.value_pos["zone"], f"tricks: the trick is played to a shared zone; '{zone}' "
                                                      f"is a zone of each player")
            return None, None
        if zone == to:
            compiler.error(section.value_pos["to"], "tricks: a trick is taken into another zone than the one "
                                                    "it is played to")
            return None, None
        return zone, to


def closing(compiler) -> tuple:
    """The node that ends every turn of a game whose tricks close (`tricks: zone`), or nothing."""
    section = compiler.section(Tricks.keyword)
    if "zone" not in section or "to" not in section:
        return ()
    return (CloseTrick(section.pos),)


class TrickFunction(Function):
    """A function that reads the `tricks:` section: the trump suit and a card's suit and rank in play.

    Where the suit and rank in play are values every card has for the whole game (printed, or
    properties worked out once: `attribute_kind` says "fact"), generated code calls a helper that
    reads them from the cards' facts (`of_facts`, given their names), which falls back on the
    plain meaning (and its errors) for anything but cards.
    """

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

    def helpers(self) -> dict:
        return {**super().helpers(), f"{self.helper}_of_facts": self.of_facts}

    def code(self, gen, args, scope):
        values = [gen.node(arg, scope) for arg in args]
        suit, rank = gen.names.trick_values
        if attribute_kind(suit, gen.names) == "fact" and attribute_kind(rank, gen.names) == "fact":
            return call(f"{self.helper}_of_facts", name("st"), *values, ast.Constant(suit), ast.Constant(rank))
        return self.call(values)

    @classmethod
    def of_facts(cls, st, *values):
        """`meaning`, with the last two values the names of the suit and rank in play, read from facts."""
        raise NotImplementedError  # pragma: no cover - every trick function says


def played(st, cards, what: str) -> list:
    """The cards of a trick, in the order played."""
    items = st.items(cards)
    for piece in items:
        if not is_card(piece):
            raise GameError(f"{what}() takes cards, not {pretty(piece)}")
    return items


def cards_only(st, cards, *more) -> list | None:
    """The items of a trick when they (and `more`) are all cards of the deck, whose facts hold their
    values; None otherwise (the plain meaning then answers, or says the error)."""
    items = cards if cards.__class__ is list else st.items(cards)
    for piece in items:
        if piece.__class__ is not Card:
            return None
    for piece in more:
        if piece.__class__ is not Card:
            return None
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
        return winning_card(st, played(st, cards, "trick_winner"))

    @classmethod
    def of_facts(cls, st, cards, suit, rank):
        items = cards_only(st, cards)
        if items is None:
            return cls.meaning(st, cards)
        return winning_card(st, items, lambda card: card.facts[suit], lambda card: card.facts[rank])


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

    @classmethod
    def of_facts(cls, st, cards, suit, rank):
        items = cards_only(st, cards)
        if items is None:
            return cls.meaning(st, cards)
        return items[0].facts[suit] if items else None


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

    @classmethod
    def of_facts(cls, st, card, cards, suit, rank):
        items = cards_only(st, cards, card)
        if items is None:
            return cls.meaning(st, card, cards)
        return not items or card.facts[suit] == items[0].facts[suit]

    def code(self, gen, args, scope):
        """The suit led is read once (a pure expression's code keeps it for the whole evaluation,
        see compile/hoist.py) and a card of the deck compared with it in place; the plain call
        answers the rest (nothing led, not cards). With the card a local, and the suit a fact or
        in short code (no chance: the card's suit may be read before the led card's):

            (card.facts[suit] == _t) if (_t := led_of(st, cards, suit)) is not NOT_LED
                                        and card.__class__ is CARD else follows_of_facts(...)
        """
        general = super().code(gen, args, scope)
        facts = general.func.id == f"{self.helper}_of_facts"
        if not scope.may_bind or not simple(general.args[1]) or not (facts or gen.cards_only):
            return general
        card, cards = general.args[1:3]
        led, suit = gen.program.fresh("t"), general.args[3] if facts else ast.Constant(None)
        test = ast.BoolOp(ast.And(), [
            ast.Compare(ast.NamedExpr(ast.Name(led, STORE), call("led_of", name("st"), cards, suit)), [ast.IsNot()],
                        [name("NOT_LED")]),
            ast.Compare(field(card, "__class__"), [ast.Is()], [name("CARD")])])
        own = item(field(card, "facts"), suit) if facts else call("suit_of", name("st"), card)
        return ast.IfExp(test, ast.Compare(own, [ast.Eq()], [name(led)]), general)

    def helpers(self) -> dict:
        return {**super().helpers(), "led_of": led_of, "suit_of": suit_of, "NOT_LED": NOT_LED}


NOT_LED = object()  # what `led_of` gives for a trick of no cards, or not all cards of the deck


def led_of(st, cards, suit: str | None):
    """The suit of a trick's first card (its fact `suit`, when named) when the trick is all cards of
    the deck; NOT_LED otherwise."""
    items = cards_only(st, cards)
    if not items:
        return NOT_LED
    return items[0].facts[suit] if suit is not None else suit_of(st, items[0])


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
        trump = trick_spec(st).trump(st, NO_SEAT)
        return trump is not None and suit_of(st, played(st, [card], "is_trump")[0]) == trump

    @classmethod
    def of_facts(cls, st, card, suit, rank):
        if card.__class__ is not Card:
            return cls.meaning(st, card)
        trump = trick_spec(st).trump(st, NO_SEAT)
        return trump is not None and card.facts[suit] == trump


class TricksWon(Function):
    """The tricks a player has taken in this round (hand), or a list of players (a team) together: `tricks_won(team(me))`.

    Counted as tricks close (`tricks: zone`), from 0 at each round's start.
    """

    keyword = "tricks_won"
    syntax = ("tricks_won(p)", "tricks_won(team(p))")
    example = "tricks_won(me) + tricks_won(players)"
    usage = "a player, or a list of players"
    gives = NUMBER
    reads = frozenset({TAKEN})
    helper = "tricks_won"
    meaning = staticmethod(tricks_won)


class PlayedBy(Function):
    """The player who played a card to the trick it lies in (`none` for a card lying anywhere else).

    Known of every card played to a zone that shows its last cards (`tricks: zone`, `show_last`).
    """

    keyword = "played_by"
    syntax = ("played_by(c)",)
    example = "played_by(first(discard))"
    usage = "one card"
    gives = PLAYER
    reads = frozenset({"loc"})
    helper = "played_by"

    @staticmethod
    def meaning(st, card):
        """The player who played the card to where it lies, or none."""
        if not is_card(card):
            raise GameError(f"played_by() takes a card, not {pretty(card)}")
        seat = st.played.get(card.id)
        return None if seat is None else Player(seat)
