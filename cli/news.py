"""What happened since a seat last looked: the log's lines grouped by turn, each turn's player
named once, the seat's own choices left out (it made them), in players' names; a line said
several times in a row is said once with its count, a move's announcement is left out where the
next line says what it did with the same verb (`draws 1 card from the stock to P2's hand`, not
`draws from the stock; draws 1 card …`), and a long turn may be cut short."""
from __future__ import annotations

import itertools
import re

from rich.text import Text

from rulelang.kit.person import second_person
from rulelang.kit.texts import TEMPLATE_FIELD
from rulelang.presentation.naming import Namer

from .screen import styled

TURN = re.compile(r"^-- turn (\d+): (P\d+) --$")
BANNER = re.compile(r"^== (.*) ==$")
MOST_EVENTS = 200  # things that happened shown for one turn (a bot's flailing turn, a flooding rule file)


def summarise(lines: list, namer: Namer, me: str, earlier: list = (),
              most: int | None = None, more: str = "") -> list[Text]:
    """One paragraph per turn (`P2's turn 4: draws …; attacks …`), round banners on their own,
    and what a setup did before the first turn of the game or of a round (`Setup: shuffles …`).

    `earlier` are the log lines before these: the turn they last began (or the round, or the
    game: none) heads the paragraph of the first lines, but is not shown alone. With `most`, a
    turn shows at most that many things that happened, then how many more (and `more`, where to
    see them).
    """
    paragraphs: list[Text] = []
    own_move = _move_lines(namer.game, me)
    announced = _move_lines(namer.game, r"(?:P\d+ )?", quoted=False)
    triggers = [f"{t.name}: " for t in (*namer.game.triggers, *namer.game.event_triggers)]
    turn = TURN.match(next((line for line in reversed(earlier) if TURN.match(line) or BANNER.match(line)), ""))
    credit = None  # the trigger the last line was credited to: said once for a run of its lines
    heading, actor, items, fresh = _heading(turn, me), turn and turn.group(2), [], False

    def close():
        if items or fresh:
            paragraph = styled(heading + (": " if items else ""), "bold")
            paragraph.append_text(styled("; ".join(_cut(_counted(items), most, more))))
            paragraphs.append(paragraph)

    for raw in lines:
        if raw.startswith(f"{me} chooses ") or own_move.match(raw):
            continue  # the seat's own choices: it knows them
        line = namer.text(raw)
        if line is None:
            continue  # about the rule file's bookkeeping zones
        turn, banner = TURN.match(line), BANNER.match(line)
        if turn or banner:
            close()
            heading, actor, items, fresh = _heading(turn, me), turn and turn.group(2), [], True
            if banner:
                paragraphs.append(styled(banner.group(1), "bold reverse"))
                fresh = False
            continue
        for prefix in (f"{actor} ", f"{actor}: "):
            if actor and line.startswith(prefix):
                line = line[len(prefix):]
        if me and line.startswith(f"{me} "):  # the seat's own doing in another's turn: said to it
            line = "you " + second_person(line[len(me) + 1:])
        said, credit = credit, next((t for t in triggers if line.startswith(t)), None)
        if credit is not None and credit == said:
            line = line[len(credit):]
        if line.startswith("(") and items:
            items[-1] += " " + line  # what the seat saw of the line before
            continue
        if items and announced.match(items[-1]) and _same_verb(items[-1], line):
            items.pop()  # the move's own effect says it, and more
        items.append(line)
    close()
    return paragraphs


def _move_lines(game, me: str, quoted: bool = True) -> re.Pattern:
    """The log lines that say the seat `me` made a move (`P1 ends their turn`, `P1 reacts and …`),
    whatever a label's `{expressions}` were filled in with; `me` is a pattern itself unless `quoted`."""
    told = "|".join(_pattern(move.told.text) for move in game.moves.values()) or "(?!)"
    who = f"{re.escape(me)} " if quoted else me
    return re.compile(rf"{who}(?:reacts and )?(?:{told})$")


def _same_verb(first: str, second: str) -> bool:
    """Whether two lines begin with the same verb (after the same seat's name, if one is named)."""
    a, b = first.split(), second.split()
    said = 2 if a and re.fullmatch(r"P\d+", a[0]) else 1
    return len(a) >= said and a[:said] == b[:said]


def _pattern(text: str) -> str:
    """A regular expression for a text whose `{expressions}` may have been filled in with anything."""
    parts, last = [], 0
    for found in TEMPLATE_FIELD.finditer(text):
        parts += [re.escape(text[last:found.start()]), ".*"]
        last = found.end()
    return "".join(parts) + re.escape(text[last:])


def _counted(items: list) -> list:
    """Each run of equal items said once, with its count: `marks A♣ ×3`."""
    counted = []
    for item, run in itertools.groupby(items):
        times = sum(1 for _ in run)
        counted.append(item if times == 1 else f"{item} ×{times}")
    return counted


def _cut(items: list, most: int | None, more: str) -> list:
    """The first `most` items, then a count of the others (and `more`, where to see them)."""
    if most is None or len(items) <= most:
        return items
    return [*items[:most], f"… {len(items) - most:,} more{more}"]


def _heading(turn, me: str) -> str:
    """`Your turn 4` or `P2's turn 4` for a turn line's match; `Setup` for none (the lines before
    the first turn of the game or of a round)."""
    if turn is None:
        return "Setup"
    number, actor = turn.groups()
    return f"Your turn {number}" if actor == me else f"{actor}'s turn {number}"
