"""The built-in functions of one card, player or number: `under`, `attached`, `other`, `next`,
`abs`, `attr`, `clockwise`, `card`.

Each is one class (see `functions.py` for what a function says of itself).
"""
from __future__ import annotations

import ast

from ..engine.decks import COPY_MARK
from ..engine.state import GameState
from ..engine.values import Player, is_card, pretty
from ..errors import GameError
from ..kit.codegen import LOAD, field, item, method, name, simple
from ..kit.names import suggest
from ..kit.trees import Tree
from .functions import Function
from .kinds import CARD, LIST, NUMBER, PLAYER


class Under(Function):
    """The cards and markers directly under a card, in the order they were laid there."""

    keyword = "under"
    syntax = ("under(c)",)
    example = "under(first(me.hand))"
    usage = "one card: what lies directly under it"
    gives = LIST
    fresh_list = True
    reads = frozenset({"attach"})
    helper = "under"
    meaning = staticmethod(GameState.under)

    def code(self, gen, args, scope):
        """Short code reads the state's table of attachments: a card with nothing attached gives []
        with no call. A value that is no card fails there (see `ExpressionCompiler._define_pure`)."""
        values = [gen.node(arg, scope) for arg in args]
        if not (gen.cards_only and simple(values[0])):
            return self.call(values)
        gen.assumed = True
        return self.short(values[0], field(name("st"), "under_of"))

    def short(self, card: ast.expr, table: ast.expr) -> ast.expr:
        """`[*st.under_of.get(card.id, ())]`: the pieces under a card, from the table of attachments."""
        return ast.List([ast.Starred(method(table, "get", field(card, "id"), ast.Tuple([], LOAD)), LOAD)], LOAD)


class Attached(Under):
    """Everything attached to a card at any depth: each piece, then what lies under it."""

    keyword = "attached"
    syntax = ("attached(c)",)
    example = "attached(first(me.hand))"
    usage = "one card: everything attached to it, at any depth"
    helper = "attached"
    meaning = staticmethod(GameState.attached)

    def short(self, card, table):
        """A card with nothing under it gives [] with no call."""
        holds = ast.Compare(field(card, "id"), [ast.In()], [table])
        return ast.IfExp(holds, self.call([card]), ast.List([], LOAD))


class Other(Function):
    """The other player of a two-player game."""

    keyword = "other"
    guessed = ('opponent',)
    syntax = ("other(p)",)
    example = "other(me).hand"
    usage = "one player (in a two-player game)"
    gives = PLAYER
    helper = "other"

    @staticmethod
    def meaning(st, player):
        """The other player of a two-player game."""
        if player.__class__ is Player and st.n == 2:
            return st.seats[1 - player[0]]
        return st.opponent(player)


class Next(Function):
    """The next seat clockwise."""

    keyword = "next"
    guessed = ('after', 'next_player', 'left_of')
    syntax = ("next(p)",)
    example = "next(me)"
    usage = "one player"
    gives = PLAYER
    helper = "following"

    @staticmethod
    def meaning(st, player):
        """The next player clockwise."""
        return st.next_player(player)


class Abs(Function):
    """The size of a number (its absolute value)."""

    keyword = "abs"
    syntax = ("abs(n)",)
    example = "abs(count(me.hand) - 5)"
    usage = "one number"
    gives = NUMBER
    helper = "absolute"

    @staticmethod
    def meaning(st, number):
        """The size of a number."""
        return abs(number)


class Attr(Function):
    """A card's attribute named by a value: `attr(c, named)`."""

    keyword = "attr"
    syntax = ("attr(c, name)",)
    example = "attr(first(me.hand), 'rank')"
    args = (2, 2)
    usage = "a card and an attribute name, like attr(c, 'strength')"
    helper = "attr"

    @staticmethod
    def meaning(st, card, attribute):
        """`attr(card, 'name')`: an attribute named by a text value."""
        if not is_card(card) or not isinstance(attribute, str):
            raise GameError(f"attr() takes a card and an attribute name, got {pretty(card)} and {pretty(attribute)}")
        return st.attribute(card, attribute, None)

    def add_reads(self, found, dependencies):
        """Any stored value, and whatever any card property reads (the name is known only in play)."""
        found.add("cvar")
        return all(dependencies.add(("prop", prop), found) for prop in sorted(dependencies.names.card_props))


class Clockwise(Function):
    """All players in seat order, starting with `p`."""

    keyword = "clockwise"
    syntax = ("clockwise(p)",)
    example = "clockwise(next(me))"
    usage = "a player: all players in seat order from that one"
    gives = LIST
    fresh_list = True
    helper = "clockwise"

    @staticmethod
    def meaning(st, player) -> list:
        """All players in seat order, starting from `player`."""
        seat, seats = (player[0] if player.__class__ is Player else st._seat(player)) % st.n, st.seats
        return [*seats[seat:], *seats[:seat]]


class CardNamed(Function):
    """The card with that name (checked against the deck as the file is checked)."""

    keyword = "card"
    syntax = ("card('QS')",)
    example = "card('QS').rank"
    usage = "a card name in quotes"
    gives = CARD

    def helpers(self) -> dict:
        return {}  # a card is a constant of the code

    def evaluate(self, st, values, positions):
        return st.game.card_by_name[values[0]]

    def code(self, gen, args, scope):
        return item(name("CARDS"), ast.Constant(self.card_name(gen, args[0])))

    def card_name(self, gen, arg) -> str:
        """The card an argument names; an error unless it is a card of the deck written in quotes."""
        if not (isinstance(arg, Tree) and arg.data == "string"):
            raise gen.error(arg, "card() takes a card name in quotes, like card('QH')")
        card_name = str(arg.children[0])[1:-1]
        if card_name not in gen.names.card_names and f"{card_name}{COPY_MARK}1" in gen.names.card_names:
            raise gen.error(arg, f"the deck holds several copies of '{card_name}': name one "
                                 f"('{card_name}{COPY_MARK}1'), or compare faces (c.name == '{card_name}')")
        if card_name not in gen.names.card_names:
            raise gen.error(arg, f"no card named '{card_name}' in the deck{suggest(card_name, gen.names.card_names)}")
        return card_name
