"""The table as one seat sees it, drawn compactly: each player's zones together, the viewer last,
cards in suit colours, custom cards with their values, pile tops marked, empty zones folded.

Everything here is built from a seat's view (engine/views.py), so it never shows a card the
seat may not see. Rule-file text reaches the screen only as `Text` (never as markup).
"""
from __future__ import annotations

import re

from rich.console import Console, Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from rulelang.presentation.naming import ZONE_LABEL, Namer, literal, spoken
from rulelang.presentation.rules import card_rows, custom_card
from rulelang.presentation.scene import facts, is_trick, last_plays, ordered, partners, plays, tricks_text

RED = re.compile(r"(?:10|[2-9AJQK])[♥♦]")
BLACK = re.compile(r"(?:10|[2-9AJQK])[♣♠]")
JOKER = re.compile(r"\bJK\d+\b")
HIDDEN = "▒▒"
MOST_SHOWN = 8  # cards of a pile shown before "… N more"
MOST_DETAILED = 4  # custom cards of a zone in play shown with their values (a hand shows all)


def styled(text: str, style: str = "") -> Text:
    """Text for the screen: control characters written out, card faces in their suit's colour."""
    out = Text(literal(text), style=style)
    out.highlight_regex(RED, "bold red")
    out.highlight_regex(BLACK, "bold")
    out.highlight_regex(JOKER, "bold magenta")
    return out


def card_table(cards, game, keys=None, names=None) -> Table:
    """Custom cards as rows of their printed values (presentation/rules.py `card_rows`), with
    optional option keys and names for the rows (by default each card's face)."""
    columns, rows, numbers = card_rows(game, cards, names)
    return rows_table(columns, rows, numbers, keys)


def rows_table(columns: list, rows: list, numbers: int, keys=None) -> Table:
    """A table of cards' values: each row's name in bold, its words, then its `numbers` last
    values right-aligned; with `keys`, each row's option key first."""
    table = Table.grid(padding=(0, 2))
    for _ in range((1 if keys else 0) + len(columns)):
        table.add_column()
    table.add_row(*[Text(h, style="dim") for h in ([""] if keys else []) + columns])
    for place, row in enumerate(rows):
        cells = ([Text(f"{keys[place]}.")] if keys else []) + [styled(row[0], "bold")]
        cells += [styled(word) for word in row[1:len(row) - numbers]]
        cells += [Text(number, justify="right") for number in row[len(row) - numbers:]]
        table.add_row(*cells)
    return table


def new_console() -> Console:
    """A console that never reads text as markup, emoji codes or highlights."""
    return Console(markup=False, emoji=False, highlight=False)


class Board:
    """Draws a seat's view of the table, laid out by the presentation layer (presentation/scene.py);
    a shared pile shows its top cards, or (`whole`) all of them."""

    def __init__(self, game, namer: Namer, whole: bool = False):
        self.game = game
        self.namer = namer
        self.whole = whole

    def render(self, view: dict) -> Group:
        """The whole table: the others, the shared zones, then the viewer, closest to the prompt."""
        seat = view["seat"]
        groups: dict = {}
        for label, pieces in view["zones"].items():
            found = ZONE_LABEL.match(label)
            if not found or found.group(2).startswith("_"):
                continue  # the rule file's bookkeeping
            owner = int(found.group(1)) - 1 if found.group(1) else None
            groups.setdefault(owner, []).append((label, pieces))
        parts = []
        others = [(seat + step) % len(view["players"]) for step in range(1, len(view["players"]))]
        for owner in others:
            parts += self.player(view, owner, groups.get(owner, []))
        shared = facts(view["vars"].items(), self.namer)
        heading = styled("Table", "bold underline")
        if shared:
            heading.append_text(styled(" · " + " · ".join(shared)))
        parts += [heading] + self.zones(view, groups.get(None, []))
        parts += self.player(view, seat, groups.get(seat, []))
        return Group(*parts)

    def player(self, view: dict, owner: int, zones: list) -> list:
        """A player's heading (with their variables) and zones."""
        player = view["players"][owner]
        name = f"You, {player['name']}" if owner == self.namer.seat else player["name"]
        heading = styled(name, "bold underline")
        shown = facts(((k, v) for k, v in player.items() if k != "name"), self.namer)
        team = partners(view, player["name"])
        if team:
            you = view["players"][self.namer.seat]["name"] if self.namer.seat is not None else None
            shown.insert(0, "partner of " + " and ".join("you" if p == you else p for p in team))
        if shown:
            heading.append_text(styled(" · " + " · ".join(shown)))
        return [heading] + self.sheets(view, owner) + self.zones(view, zones)

    def sheets(self, view: dict, owner: int) -> list:
        """A player's score sheets, a line each: every box (– while open), subtotal, bonus and the total."""
        out = []
        for label, boxes in view.get("sheets", {}).items():
            found = ZONE_LABEL.match(label)
            if not found or int(found.group(1)) - 1 != owner:
                continue
            spec = self.game.sheets[found.group(2)]
            shown = " · ".join(f"{spoken(box)} {'–' if value is None else value}" for box, value in boxes.items())
            out.append(styled(f"  {spec.label}: {shown}"))
        return out

    def zones(self, view: dict, zones: list) -> list:
        """Zones as a grid of name and contents (custom cards as a table below the name); empty
        zones folded into one line. A hand is shown in order, tricks taken are counted as tricks,
        and a trick in play says who played each card."""
        out, grid, empty = [], None, []
        for label, _ in zones:
            owner, zone, index = ZONE_LABEL.match(label).groups()
            name = self.namer.zone(zone, None, int(index) if index else None)  # under its owner's heading
            pieces = ordered(view, label)
            last = view["last"].get(label)
            if not pieces and not last:
                empty.append(name)
                continue
            tricks = tricks_text(self.game, view, label)
            count = f" ({tricks})" if tricks else f" ({len(pieces)})" if len(pieces) > 1 else ""
            title = f"  {name}{count}"
            note = self.note(view["summaries"].get(label))
            if last:
                note.append_text(self.last(view, label, after=bool(pieces)))
            cards = self.card_rows(zone, pieces)
            if cards:
                out += [styled(title).append_text(note), Padding(card_table(cards, self.game), (0, 0, 0, 4))]
                grid = None
                continue
            if grid is None:
                grid = Table.grid(padding=(0, 2))
                grid.add_column(no_wrap=True)
                grid.add_column()
                out.append(grid)
            if pieces and is_trick(view, label):
                contents = self.trick(view, label)
            else:
                spread = self.game.zones[zone].spread  # (a fanned pile is shown whole)
                contents = self.contents(pieces, owner is None, spread) if pieces else Text()
            grid.add_row(styled(title), contents.append_text(note))
        if empty:
            out.append(styled("  (empty: " + ", ".join(empty) + ")", "dim"))
        return out

    def card_rows(self, zone: str, pieces: list) -> list:
        """The custom cards of a zone to show with their values: a hand, or a few cards in play."""
        cards = [custom_card(self.game, p["card"]) if p["card"] is not None else None for p in pieces]
        few = len(cards) <= MOST_DETAILED or self.game.zones[zone].visibility == "owner"
        return cards if few and all(cards) else []

    def note(self, summary: str | None) -> Text:
        """A zone's `display` summary, after its cards."""
        return styled(f"  — {self.namer.text(summary) or ''}", "dim") if summary else Text()

    def contents(self, pieces: list, shared: bool, spread: bool = False) -> Text:
        """A zone's cards: hidden ones counted, in order among the seen ones, a shared pile's top
        marked (and cut short after MOST_SHOWN cards, unless the board shows piles whole or the
        pile lies `spread`)."""
        if all(p["card"] is None for p in pieces):
            return Text(f"{len(pieces)} hidden")
        faces = [self.piece(p) if p["card"] is not None else HIDDEN for p in pieces]
        cut = shared and not self.whole and not spread and len(faces) > MOST_SHOWN + 1
        more = len(faces) - MOST_SHOWN if cut else 0
        gap = " · " if any(" " in face for face in faces) else "  "  # names of several words need a mark
        text = gap.join(faces[:len(faces) - more]) + (f"{gap}… {more} more" if more else "")
        if shared and len(pieces) > 1:
            text = "top: " + text
        return styled(text)

    def trick(self, view: dict, label: str) -> Text:
        """A trick in play, in the order played: `P3 led 9♣ · P4 9♥ · you 10♠`."""
        said = []
        for place, (by, card) in enumerate(plays(view, label)):
            who = self.who(view, by)
            face = card if card is not None else HIDDEN
            said.append((f"{who} led {face}" if place == 0 else f"{who} {face}") if who else face)
        return styled(" · ".join(said))

    def last(self, view: dict, label: str, after: bool) -> Text:
        """The cards a zone held when last emptied (`show_last`), who played them and who took
        them, after its cards if it holds some: `last trick: P1 2♣, P2 A♣ → P2 took it`."""
        said = []
        for taker, to, cards in last_plays(view, label):
            shown = ", ".join(f"{self.who(view, by)} {card or HIDDEN}" if by else (card or HIDDEN)
                              for by, card in cards)
            took = f"{self.who(view, taker)} took it" if taker and self.game.tricks is not None \
                else self.namer.label(to)
            said.append(f"{shown} → {took}")
        word = "last trick" if self.game.tricks is not None else "last"
        return styled(("  · " if after else "") + f"{word}: " + "; ".join(said), "dim")

    def who(self, view: dict, player: str | None) -> str | None:
        """A player as the viewer reads it: `you` for the viewer's own seat."""
        seat = self.namer.seat
        return "you" if seat is not None and player == view["players"][seat]["name"] else player

    def piece(self, piece: dict) -> str:
        """One card with its stored values and, in brackets, what lies under it (a copy reads as its face)."""
        text = piece["card"]
        stored = facts(((k, v) for k, v in piece.items() if k not in ("card", "copy", "under", "played_by")),
                       self.namer)
        if stored:
            text += f" ({', '.join(stored)})"
        under = [self.piece(p) if p["card"] is not None else HIDDEN for p in piece.get("under", ())]
        if under:
            text += " [" + ", ".join(under) + "]"
        return text
