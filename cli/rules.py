"""`rulelang rules`: a ruleset's rules for players, with its moves, zones and deck (also shown by
`?` during play). Rule-file text is shown literally: Markdown is rendered, markup never read."""
from __future__ import annotations

import click

from .common import allow_path_option, complete_ruleset, fail, packaged_names


@click.command(epilog="Packaged rulesets: " + packaged_names())
@click.argument("ruleset", shell_complete=complete_ruleset)
@allow_path_option
def rules(ruleset, allow):
    """Print the rules of a game for its players: the rules text, the moves, the zones and the deck."""
    from rulelang.api import load_game
    from rulelang.errors import RulelangError

    from .screen import new_console
    try:
        game = load_game(ruleset, allow)
    except RulelangError as err:
        fail(err)
    new_console().print(rules_text(game))


def rules_text(game):
    """The rules as one renderable (presentation/rules.py `rules_sheet`): name, description, rules
    text, moves, zones and deck."""
    from rich.console import Group
    from rich.markdown import Markdown
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    from rulelang.presentation.naming import literal
    from rulelang.presentation.rules import rules_sheet

    from .screen import rows_table, styled
    sheet = rules_sheet(game)
    parts = [styled(f"{sheet['name']} ({sheet['players']})", "bold reverse")]
    if sheet["description"]:
        parts.append(styled(sheet["description"], "italic"))
    if sheet["rules"]:
        parts.append(Markdown(literal(sheet["rules"], keep_newlines=True), hyperlinks=False))
    else:
        parts.append(styled("(this rule file has no rules text for players)", "dim"))
    if sheet["moves"]:
        parts.append(Text("\nMoves", style="bold underline"))
        for label, help_text in sheet["moves"]:
            parts.append(styled(f"  {label}", "bold"))
            if help_text:
                parts.append(Padding(styled(help_text), (0, 0, 0, 4)))
    if sheet["zones"]:  # (a game of dice rolled in expressions has none)
        zones = Table.grid(padding=(0, 2))
        for name, how in sheet["zones"]:
            zones.add_row(styled("  " + name, "bold"), styled(how))
        parts += [Text("\nZones", style="bold underline"), zones]
    deck = sheet["deck"]
    if deck is not None and not deck.get("standard"):
        parts += [Text(f"\nThe deck ({deck['size']} cards)", style="bold underline"),
                  rows_table(deck["columns"], deck["rows"], deck["numbers"])]
    elif deck is not None:
        jokers = f", {deck['jokers']} of them jokers" if deck["jokers"] else ""
        parts.append(Text(f"\nThe deck: {deck['size']} standard cards{jokers}", style="bold"))
    if sheet["dice"]:
        parts.append(Text(f"\nThe dice: {sheet['dice']}", style="bold"))
    return Group(*parts)
