"""Playing at the terminal: a human agent that shows its seat's view and numbered options."""
from __future__ import annotations

import click
from rich.console import Console
from rich.table import Table

from rulelang.engine.values import pretty


class HumanAgent:
    """Asks a person for each decision on standard input, showing only what the seat may see."""

    name = "human"

    def __init__(self, console: Console | None = None):
        self.console = console or Console(highlight=False)
        self.seen_log = 0

    def choose(self, view: dict, decision) -> int:
        """Show what happened and the seat's view; read the number of an option."""
        if self.show_log(view):
            self.show_table(view)
        me = self.name_of(view)
        self.console.print(f"[bold]{me}: {decision.prompt}[/bold]")
        for number, option in enumerate(decision.options, start=1):
            self.console.print(f"  {number}. {option.text}")
        if len(decision.options) == 1:
            self.console.print("  (only one option: taken)")
            return 0
        choice = click.prompt("Your choice", type=click.IntRange(1, len(decision.options)))
        return choice - 1

    def show_log(self, view: dict) -> bool:
        """Print the log lines this seat has not seen yet; True if anything but its own choices."""
        lines = view["log"][self.seen_log:]
        self.seen_log = len(view["log"])
        news = False
        for line in lines:
            own_choice = " chooses " in line and line.startswith(self.name_of(view))
            news = news or not own_choice
            if not own_choice:
                self.console.print(f"[dim]{line}[/dim]" if line.startswith("(") else line)
        return news or view["turn"] == 0 and not lines

    @staticmethod
    def name_of(view: dict) -> str:
        """The seat's name, P1, P2 ..."""
        return view["players"][view["seat"]]["name"]

    def show_table(self, view: dict) -> None:
        """Zones as rows: visible cards by name, hidden ones counted."""
        table = Table(title=f"turn {view['turn']}, {view['current']} to move", show_lines=False)
        table.add_column("zone")
        table.add_column("cards")
        for name, pieces in view["zones"].items():
            if name.split(".")[-1].startswith("_"):
                continue  # a zone the rule file keeps for its own bookkeeping
            summary = view["summaries"].get(name)
            label = f"{name} ({len(pieces)})" + (f"\n{summary}" if summary else "")
            table.add_row(label, describe_pieces(pieces))
        self.console.print(table)
        shown = {k: v for k, v in view["vars"].items() if not k.startswith("_")}
        if shown:
            self.console.print(", ".join(f"{k} {pretty(v)}" for k, v in shown.items()))
        for player in view["players"]:
            extra = {k: v for k, v in player.items() if k != "name" and not k.startswith("_")}
            if extra:
                self.console.print(f"{player['name']}: " + ", ".join(f"{k} {pretty(v)}" for k, v in extra.items()))


def describe_pieces(pieces: list) -> str:
    """Visible cards with their stored values and what lies under them; hidden ones counted."""
    shown = []
    hidden = 0
    for piece in pieces:
        if piece["card"] is None:
            hidden += 1
            continue
        shown.append(describe_piece(piece))
    if hidden:
        shown.append(f"{hidden} hidden")
    return ", ".join(shown) or "-"


def describe_piece(piece: dict) -> str:
    """One card as text: name, stored values, and the pieces under it in brackets."""
    text = piece["card"] or "?"
    stored = [f"{k} {v}" for k, v in piece.items() if k not in ("card", "under")]
    if stored:
        text += f" ({', '.join(stored)})"
    if piece.get("under"):
        text += " [" + ", ".join(describe_piece(p) for p in piece["under"]) + "]"
    return text
