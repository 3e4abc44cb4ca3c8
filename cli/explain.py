"""`?N` at a prompt: what option N is — a move's help, a card's values and where it lies, a
zone's cards, an attribute's values on the seat's own cards. Built from the seat's view only."""
from __future__ import annotations

from rich.console import Group
from rich.text import Text

from rulelang.engine.decks import STANDARD_ATTRIBUTES
from rulelang.engine.game import Move
from rulelang.engine.state import Anytime
from rulelang.engine.values import Card, ZoneRef, pretty
from rulelang.presentation.naming import ZONE_LABEL, spoken
from rulelang.presentation.scene import facts

from .screen import Board, card_table, custom_card, styled


def explain(game, namer, view: dict, option, name: str):
    """What the option called `name` on screen is, as something to print."""
    value = option.value.move if isinstance(option.value, Anytime) else option.value
    if isinstance(value, Move):
        text = value.help.strip() or "(the rule file says nothing more about this move)"
        return styled(f"{name}: ", "bold").append_text(styled(text))
    if isinstance(value, Card):
        return about_card(game, namer, view, value, name)
    if isinstance(value, ZoneRef):
        pieces = view["zones"].get(option.text)
        if not pieces:
            return styled(f"{name}: empty")
        board = Board(game, namer)
        cards = board.contents(pieces, value.seat is None)
        return Group(styled(f"{name}:", "bold"), cards.append_text(board.note(view["summaries"].get(option.text))))
    if option.text in game.names.attribute_names:
        return about_attribute(game, view, option.text)
    return styled(f"{name}: nothing more to say about this option")


def about_card(game, namer, view: dict, card, name: str):
    """A card: its printed values (a custom card) or its values by the rules, and where it lies."""
    where = [namer.label(label) for label, pieces in view["zones"].items()
             if any(p["card"] == pretty(card) for p in pieces)]
    text = name + (f", in {where[0]}" if where else "")
    custom = custom_card(game, card.name)
    if custom is not None:
        return Group(styled(text), card_table([custom], game))
    known = facts(((k, v) for k, v in card.facts.items() if k not in STANDARD_ATTRIBUTES and v != 0), namer)
    return styled(text + (f": {', '.join(known)}" if known else ""))


def about_attribute(game, view: dict, attribute: str) -> Text:
    """An attribute a player may name, with its values on the cards the seat holds."""
    seat = str(view["seat"] + 1)
    mine = [custom_card(game, p["card"]) for label, pieces in view["zones"].items()
            if ZONE_LABEL.match(label) and ZONE_LABEL.match(label).group(1) == seat
            for p in pieces if p["card"] is not None]
    values = ", ".join(f"{c.printed} {c.attributes.get(attribute, 0)}" for c in mine if c is not None)
    return styled(f"{spoken(attribute)}: a value printed on the cards" + (f"; yours: {values}" if values else ""))
