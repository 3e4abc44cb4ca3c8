"""`rulelang rules`: a ruleset's rules for players, with its moves, zones and deck (also shown by
`?` during play). Rule-file text is shown literally: Markdown is rendered, markup never read."""
from __future__ import annotations

import re

import click

from .common import allow_path_option, complete_ruleset, fail, packaged_names, seats


@click.command(epilog="Packaged rulesets: " + packaged_names())
@click.argument("ruleset", shell_complete=complete_ruleset)
@allow_path_option
def rules(ruleset, allow):
    """Print the rules of a game for its players: the rules text, the moves, the zones and the deck."""
    from rulelang.api import load_game
    from rulelang.errors import RulelangError

    from .terminal import new_console
    try:
        game = load_game(ruleset, allow)
    except RulelangError as err:
        fail(err)
    new_console().print(rules_text(game))


def rules_text(game):
    """The rules as one renderable: name, description, rules text, moves, zones and deck."""
    from collections import Counter

    from rich.console import Group
    from rich.markdown import Markdown
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    from rulelang.engine.values import Die

    from .naming import literal, spoken
    from .screen import card_table, custom_card, styled
    parts = [styled(f"{game.name} ({seats(game)})", "bold reverse")]
    if game.description:
        parts.append(styled(game.description.strip(), "italic"))
    if game.rules:
        parts.append(Markdown(literal(game.rules, keep_newlines=True), hyperlinks=False))
    else:
        parts.append(styled("(this rule file has no rules text for players)", "dim"))
    if game.moves:
        parts.append(Text("\nMoves", style="bold underline"))
        for move in game.moves.values():
            parts.append(styled(f"  {label_shape(move.label)}", "bold"))
            if move.help:
                parts.append(Padding(styled(move.help.strip()), (0, 0, 0, 4)))
    zones = Table.grid(padding=(0, 2))
    for name, spec in game.zones.items():
        if name.startswith("_"):
            continue
        seen = {"hidden": "face down", "owner": "seen by its owner", "public": "face up"}[spec.visibility]
        how = ("one per player, " if spec.per_player else "") + seen
        if spec.capacity is not None:
            how += f", holds at most {spec.capacity}"
        if spec.count:
            how += f", {spec.count} of them"
        if spec.row:
            how += ", a row of piles numbered from 1"
        zones.add_row(styled("  " + (spec.label or spoken(name)), "bold"), styled(how))
    if zones.row_count:  # a game of dice rolled in expressions has none
        parts += [Text("\nZones", style="bold underline"), zones]
    cards = [card for card in game.cards if card.__class__ is not Die]
    dice = [card for card in game.cards if card.__class__ is Die]
    faces = Counter(card.face for card in cards)  # copies of a card: one row, `Red 7 ×2`
    customs = [custom_card(game, face) for face in faces]
    if cards and all(customs):
        names = [f"{face} ×{n}" if n > 1 else face for face, n in faces.items()]
        parts += [Text(f"\nThe deck ({len(cards)} cards)", style="bold underline"),
                  card_table(customs, game, names=names)]
    elif cards:
        jokers = sum(1 for c in cards if c.attributes.get("joker"))
        text = f"\nThe deck: {len(cards)} standard cards" + (f", {jokers} of them jokers" if jokers else "")
        parts.append(Text(text, style="bold"))
    if dice:
        sides, low = dice[0].attributes["sides"], dice[0].low
        parts.append(Text(f"\nThe dice: {len(dice)}, each showing {low} to {low + sides - 1}", style="bold"))
    return Group(*parts)


def label_shape(label: str) -> str:
    """A move's label as the rules list it: each `{field}` worked out in play shown as `…`."""
    from rulelang.language.syntax import TEMPLATE_FIELD
    return re.sub("…+", "…", TEMPLATE_FIELD.sub("…", label))
