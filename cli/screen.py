"""The table as one seat sees it, drawn compactly: each player's zones together, the viewer last,
cards in suit colours, custom cards with their values, pile tops marked, empty zones folded.

Everything here is built from a seat's view (engine/views.py), so it never shows a card the
seat may not see. Rule-file text reaches the screen only as `Text` (never as markup).
"""
from __future__ import annotations

import re

from rich.console import Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from rulelang.compile.decks import STANDARD_ATTRIBUTES
from rulelang.engine.values import Die, pretty

from .naming import ZONE_LABEL, Namer, literal, spoken

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


def value_text(value) -> str:
    """A variable's value as players read it."""
    return spoken(value) if isinstance(value, str) else pretty(value)


def facts(pairs, namer: Namer) -> list[str]:
    """Variables worth showing, as `label value`: none and false are left out, true is the label."""
    out = []
    for name, value in pairs:
        if name.startswith("_") or value is None or value is False:
            continue
        label = namer.variable(name)
        out.append(label if value is True else f"{label} {value_text(value)}")
    return out


def custom_card(game, face: str):
    """The card of a custom deck shown as `face`, or None for standard cards and dice."""
    card = game.card_by_name.get(face) or next(iter(game.copies.get(face, ())), None)
    if card is None or card.__class__ is Die or set(card.attributes) <= STANDARD_ATTRIBUTES:
        return None
    return card


def card_table(cards, game, keys=None, names=None) -> Table:
    """Custom cards as rows of their printed values (0 left blank), with optional option keys and
    names for the rows (by default each card's face)."""
    words = sorted({k for c in cards for k, v in c.attributes.items() if isinstance(v, str)})
    numbers = [name for name in game.names.attribute_names if name not in words]  # a nameable text is a word
    table = Table.grid(padding=(0, 2))
    for _ in range((1 if keys else 0) + 1 + len(words) + len(numbers)):
        table.add_column()
    nameable = game.names.attribute_names
    head = (([""] if keys else []) + [""] + [spoken(w) if w in nameable else "" for w in words]
            + [spoken(n) for n in numbers])
    table.add_row(*[Text(h, style="dim") for h in head])
    for place, card in enumerate(cards):
        row = ([Text(f"{keys[place]}.")] if keys else []) + [styled(names[place] if names else card.face, "bold")]
        row += [styled(spoken(str(card.attributes.get(w, "")))) for w in words]
        row += [Text(str(card.attributes.get(n) or ""), justify="right") for n in numbers]
        table.add_row(*row)
    return table


class Board:
    """Draws a seat's view of the table."""

    def __init__(self, game, namer: Namer):
        self.game = game
        self.namer = namer

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
        zones folded into one line."""
        out, grid, empty = [], None, []
        for label, pieces in zones:
            owner, zone, index = ZONE_LABEL.match(label).groups()
            name = self.namer.zone(zone, None, int(index) if index else None)  # under its owner's heading
            last = view["last"].get(label)
            if not pieces and not last:
                empty.append(name)
                continue
            title = f"  {name}" + (f" ({len(pieces)})" if len(pieces) > 1 else "")
            note = self.note(view["summaries"].get(label))
            if last:
                note.append_text(self.last(last, after=bool(pieces)))
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
            contents = self.contents(pieces, owner is None) if pieces else Text()
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

    def contents(self, pieces: list, shared: bool) -> Text:
        """A zone's cards: hidden ones counted, in order among the seen ones, a shared pile's top marked."""
        if all(p["card"] is None for p in pieces):
            return Text(f"{len(pieces)} hidden")
        faces = [self.piece(p) if p["card"] is not None else HIDDEN for p in pieces]
        more = len(faces) - MOST_SHOWN if shared and len(faces) > MOST_SHOWN + 1 else 0
        gap = " · " if any(" " in face for face in faces) else "  "  # names of several words need a mark
        text = gap.join(faces[:len(faces) - more]) + (f"{gap}… {more} more" if more else "")
        if shared and len(pieces) > 1:
            text = "top: " + text
        return styled(text)

    def last(self, runs: list, after: bool) -> Text:
        """The cards a zone held when last emptied (`show_last`) and where they went, after its
        cards if it holds some: `last: 2♣  A♣ → P1's tricks taken`."""
        said = ["  ".join(card if card is not None else HIDDEN for card in run["cards"])
                + f" → {self.namer.label(run['to'])}" for run in runs]
        return styled(("  · " if after else "") + "last: " + "; ".join(said), "dim")

    def piece(self, piece: dict) -> str:
        """One card with its stored values and, in brackets, what lies under it (a copy reads as its face)."""
        text = piece["card"]
        stored = facts(((k, v) for k, v in piece.items() if k not in ("card", "copy", "under")), self.namer)
        if stored:
            text += f" ({', '.join(stored)})"
        under = [self.piece(p) if p["card"] is not None else HIDDEN for p in piece.get("under", ())]
        if under:
            text += " [" + ", ".join(under) + "]"
        return text
