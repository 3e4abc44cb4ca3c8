"""Names for people: zones by their `label`, counted from 1, seen from a seat ("your hand"); the
engine's own names (`P2.piles[0]`, `row[3]`, `_pool`) never reach the screen."""
from __future__ import annotations

import re

from rulelang.errors import printable

# How the engine names a zone in logs, options and views: `draw`, `P2.hand`, `P1.piles[0]`, `row[3]`.
ZONE_LABEL = re.compile(r"^(?:P(\d+)\.)?([A-Za-z_][A-Za-z0-9_]*)(?:\[(\d+)\])?$")


def literal(text: str, keep_newlines: bool = False) -> str:
    """Rule-file text as it may be shown: control and invisible characters written out (`\\x1b`,
    `\\u200d`), never sent."""
    text = printable(str(text))
    return text if keep_newlines else text.replace("\n", "\\n").replace("\t", " ")


def spoken(name: str) -> str:
    """A rule-file name read aloud: `max_hp_card` -> `max hp card`."""
    return name.replace("_", " ").strip()


MAX_REMEMBERED = 4_096  # texts a Namer keeps named (a log names the same lines again and again)


class Namer:
    """Turns the engine's names in a text into players' names, for one viewing seat (or none)."""

    def __init__(self, game, seat: int | None = None):
        self.game = game
        self.seat = seat
        names = sorted(game.zones, key=len, reverse=True)
        alternatives = "|".join(re.escape(n) for n in names) or "(?!)"
        self.owned = re.compile(rf"(?<![\w.])P(\d+)\.({alternatives})(?:\[(\d+)\])?(?![\w\[])")
        self.indexed = re.compile(rf"(?<![\w.])({alternatives})\[(\d+)\]")
        self.bare = re.compile(rf"\b(to|from|into|shuffles) ({alternatives})\b(?![\[.])")  # the engine's phrases
        bookkeeping = "|".join(re.escape(n) for n in names if n.startswith("_")) or "(?!)"
        self.hidden_source = re.compile(rf" from (?:{bookkeeping})\b")
        self.named: dict = {}  # text -> the same in players' names (`text`)

    def zone(self, name: str, owner: int | None = None, index: int | None = None) -> str:
        """A zone as players call it: `your hand`, `P2's pile 3`, `draw pile`."""
        spec = self.game.zones.get(name)
        text = spec.label if spec is not None and spec.label else spoken(name)
        if index is not None:
            text = f"{text} {index + 1}"
        if owner is None:
            return text
        return f"your {text}" if owner == self.seat else f"P{owner + 1}'s {text}"

    def label(self, engine_label: str) -> str:
        """A zone named the engine's way (`P1.piles[0]`) named the players' way."""
        found = ZONE_LABEL.match(engine_label)
        if not found or found.group(2) not in self.game.zones:
            return self.text(engine_label)
        owner, name, index = found.groups()
        return self.zone(name, int(owner) - 1 if owner else None, int(index) if index else None)

    def text(self, text: str) -> str | None:
        """A log line, prompt or option with players' names; None for a line about bookkeeping zones."""
        found = self.named.get(text, self)
        if found is self:
            if len(self.named) >= MAX_REMEMBERED:
                self.named.clear()
            found = self.named[text] = self._text(text)
        return found

    def _text(self, text: str) -> str | None:
        text = self.hidden_source.sub("", literal(text))
        internal = []

        def owned(found):
            internal.append(found.group(2).startswith("_"))
            index = found.group(3)
            return self.zone(found.group(2), int(found.group(1)) - 1, int(index) if index else None)

        def indexed(found):
            internal.append(found.group(1).startswith("_"))
            return self.zone(found.group(1), None, int(found.group(2)))

        def bare(found):
            internal.append(found.group(2).startswith("_"))
            words = found.group(0)[:found.start(2) - found.start(0)]
            return words + self.article(self.zone(found.group(2)))

        text = self.owned.sub(owned, text)
        text = self.indexed.sub(indexed, text)
        text = self.bare.sub(bare, text)
        return None if any(internal) else text

    @staticmethod
    def article(name: str) -> str:
        """`draw pile` -> `the draw pile`, as a shared zone reads in a sentence."""
        return name if name.lower().startswith(("the ", "your ")) else f"the {name}"

    def variable(self, name: str) -> str:
        """A variable as players call it."""
        return self.game.labels.get(name) or spoken(name)
