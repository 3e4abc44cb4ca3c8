"""A person at the terminal: what their seat may see, the news since they last looked, and
numbered options; keys for the rules (`?`, `?N`), the log, undo, save and quit.

A frame shows the table only when it changed (or scrolled away), then the news, then the
question. In hot seat, a hand-over screen clears the terminal before another person's frame.
"""
from __future__ import annotations

import sys

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from rulelang.engine.values import Card, ZoneRef
from rulelang.presentation.naming import Namer
from rulelang.presentation.scene import at_once_text, header, option_order, selection_text

from .explain import explain
from .news import MOST_EVENTS, summarise
from .rules import rules_text
from .screen import Board, card_table, custom_card, new_console, styled

UNDO, SAVE, QUIT, EOF = "undo", "save", "quit", "end of input"
KEYS = "? rules · ?N about option N · l log · b whole table · u undo · s save · q quit"
MOST_NEWS = 8  # turns of news shown at once; `l` shows the whole log
CLEAR = "\x1b[H\x1b[2J\x1b[3J"  # clear the screen and the scrollback


class HumanAgent:
    """Asks people for decisions; several seats may share one terminal (hot seat)."""

    name = "human"

    def __init__(self, game, console: Console | None = None, hot_seat: bool = False):
        self.game = game
        self.console = console or new_console()
        self.hot_seat = hot_seat
        self.seen: dict = {}  # seat -> how many of its log lines it has seen
        self.tables: dict = {}  # seat -> the table it was last shown
        self.on_screen = None  # the seat whose frames are on the screen
        self.since_table = 0  # lines printed since the table was last shown
        self.namers: dict = {}  # seat -> its Namer
        self.keys = OptionKeys()

    # ------------------------------------------------------------------ frames
    def choose(self, view: dict, decision) -> int | str:
        """Show the frame, then read an option's index, or UNDO, SAVE, QUIT or EOF."""
        self.show_question(view, decision, keys=self.show_frame(view))
        return self.answer(view, decision)

    def taken(self, view: dict, decision, index: int, why: str) -> None:
        """A decision taken without asking (`why`), shown only if its seat is on the screen."""
        if self.hot_seat and self.on_screen != view["seat"]:
            return
        self.show_frame(view, table=False)
        option = decision.options[index]
        self.emit(styled(f"{self.namer(view).text(decision.prompt)} → {self.option_text(view, option)} ({why})",
                         "dim"))

    def show_frame(self, view: dict, table: bool = True) -> bool:
        """Hand over if another person's turn; the table if it changed; the news. True if the
        table was shown."""
        seat = view["seat"]
        if self.hot_seat and self.on_screen != seat:
            self.hand_over(seat)
        self.on_screen = seat
        shown = repr((view["zones"], view["vars"], view["players"], view["summaries"], view.get("sheets"),
                      view["last"]))
        news = self.news(view)
        height = self.console.size.height
        redraw = table and (self.tables.get(seat) != shown or self.since_table > height - 8)
        if redraw:
            self.tables[seat] = shown
            self.show_table(view)
        for paragraph in news:
            self.emit(paragraph)
        return redraw

    def show_table(self, view: dict, whole: bool = False) -> None:
        """The table as the seat sees it, under a heading rule that says who is asked; `whole`:
        every card of a shared pile, not only its top ones."""
        namer = self.namer(view)
        self.console.rule(styled(header(self.game, view), "bold"), style="dim")
        self.emit(Board(self.game, namer, whole).render(view))
        self.since_table = 0

    def news(self, view: dict) -> list:
        """The seat's log lines it has not seen, summarised (the latest turns, when many)."""
        seat, log = view["seat"], view["log"]
        start = self.seen.get(seat, 0)
        self.seen[seat] = len(log)
        paragraphs = summarise(log[start:], self.namer(view), view["players"][seat]["name"],
                               log[:start], most=MOST_EVENTS, more=" (l shows the whole log)")
        if len(paragraphs) > MOST_NEWS:
            skipped = len(paragraphs) - MOST_NEWS
            paragraphs = [styled(f"… {skipped} earlier turns (l shows the whole log)", "dim"),
                          *paragraphs[-MOST_NEWS:]]
        return paragraphs

    def show_question(self, view: dict, decision, keys: bool = True) -> None:
        """The question, the options with their keys, and (if asked) the keys for everything else."""
        namer = self.namer(view)
        me = view["players"][view["seat"]]["name"]
        self.emit(styled(f"{me}: {namer.text(decision.prompt)}", "bold"))
        at_once = at_once_text(view)
        if at_once:
            self.emit(styled(f"  ({at_once})", "italic"))
        picked = selection_text(view)
        if picked:
            self.emit(styled(f"  ({picked})", "italic"))
        labels = self.keys.of(decision, view)
        shown = self.keys.in_order(decision, view)
        customs = {i: custom_card(self.game, decision.options[i].value.name)
                   for i in shown if isinstance(decision.options[i].value, Card)}
        plain = shown
        if any(customs.values()):
            rows = [i for i in shown if customs.get(i)]
            self.emit(card_table([customs[i] for i in rows], self.game, [labels[i] for i in rows],
                                 [self.listed(view, decision.options[i]) for i in rows]))
            plain = [i for i in shown if not customs.get(i)]
        texts = [f"{labels[i]}. {self.listed(view, decision.options[i])}" for i in plain]
        if texts:
            self.emit(option_grid(texts, self.console.size.width))
        if keys:
            self.emit(styled(KEYS, "dim"))

    def listed(self, view: dict, option) -> str:
        """An option as the list of options shows it: copies of a card it stands for counted (`Red 7 ×2`)."""
        text = self.option_text(view, option)
        return f"{text} ×{option.alike}" if option.alike > 1 else text

    def option_text(self, view: dict, option) -> str:
        """An option in players' words."""
        namer = self.namer(view)
        if isinstance(option.value, ZoneRef):
            return namer.label(option.text)
        return namer.text(option.text) or option.label

    # ------------------------------------------------------------------ answers
    def answer(self, view: dict, decision) -> int | str:
        """Read until the answer is an option's key or a command; explain and show as asked."""
        keys = self.keys.of(decision, view)
        texts = [self.option_text(view, o).lower() for o in decision.options]
        me = view["players"][view["seat"]]["name"]
        flush_typed_ahead()
        while True:
            try:
                typed = read_line(self.console, f"{me}> ").strip().lower()
            except EOFError:
                return EOF
            self.since_table += 1
            if typed in keys or (typed and texts.count(typed) == 1):
                index = keys.index(typed) if typed in keys else texts.index(typed)
                self.emit(styled(f"→ {self.option_text(view, decision.options[index])}", "dim"))
                return index
            command = {"u": UNDO, "s": SAVE, "q": QUIT}.get(typed)
            if command:
                return command
            if typed == "?":
                self.emit(rules_text(self.game))
                self.show_question(view, decision)
            elif typed.startswith("?") and typed[1:].strip() in keys:
                option = decision.options[keys.index(typed[1:].strip())]
                self.emit(explain(self.game, self.namer(view), view, option, self.option_text(view, option)))
            elif typed == "l":
                self.emit(Group(*summarise(view["log"], self.namer(view), me)))
                self.show_question(view, decision)
            elif typed == "b":
                self.show_table(view, whole=True)
                self.show_question(view, decision)
            elif typed:
                taken = self.keys.taken(decision, view, typed)
                if taken is not None:
                    card = self.game.card_by_name.get(taken)
                    self.emit(styled(f"'{typed}' ({card.pretty() if card else taken}) is picked already: "
                                     "pick another, or u to undo", "yellow"))
                else:
                    self.emit(styled(f"'{typed}' is not an option here: type the key before an option, "
                                     "or the option's name", "yellow"))
                self.emit(styled(KEYS, "dim"))

    # ------------------------------------------------------------------ screens
    def hand_over(self, seat: int) -> None:
        """Clear the terminal and wait until the next person is ready (hot seat)."""
        if self.console.is_terminal:
            self.console.file.write(CLEAR)
            self.console.file.flush()
        name = f"P{seat + 1}"
        self.emit(styled(f"Hand the terminal to {name}. {name}, press Enter when you are ready.", "bold reverse"))
        flush_typed_ahead()
        try:
            read_line(self.console, "")
        except EOFError:
            pass
        self.tables.pop(seat, None)

    def reset(self, view: dict, message: str) -> None:
        """After an undo or a resume: the seat's log so far counts as seen; the table is shown anew."""
        self.seen[view["seat"]] = len(view["log"])
        self.tables.clear()
        self.emit(styled(message, "bold yellow"))

    def namer(self, view: dict) -> Namer:
        """Names as the viewing seat reads them."""
        seat = view["seat"]
        if seat not in self.namers:
            self.namers[seat] = Namer(self.game, seat)
        return self.namers[seat]

    def emit(self, renderable) -> None:
        """Print, counting the lines, to know when the table has scrolled away."""
        self.since_table += len(self.console.render_lines(renderable, pad=False))
        self.console.print(renderable)


class OptionKeys:
    """Each option's key (`1`, `2` …; `a`, `b` … when the options themselves are numbers), kept
    while one choice goes on: the next pick of several cards, or the same question after an
    undo, shows every option under the key it had, so a person who read "3" types 3 again.
    Keys are given in the order the options are listed: cards of a hand as the hand is shown."""

    def __init__(self):
        self.choices: dict = {}  # seat -> (its last choice: node, frame, turn; the labels in the order first shown)

    def of(self, decision, view: dict) -> list[str]:
        """The key of each option of the decision (asked at this view), in the decision's order."""
        slots = self._slots(decision, view)
        if self._lettered(decision) and max(slots) < 26:
            return [chr(ord("a") + slot) for slot in slots]
        return [str(slot + 1) for slot in slots]

    def in_order(self, decision, view: dict) -> list[int]:
        """The options' indexes, in the order of their keys."""
        slots = self._slots(decision, view)
        return sorted(range(len(slots)), key=slots.__getitem__)

    def taken(self, decision, view: dict, typed: str) -> str | None:
        """The label of an option picked earlier in this choice whose key (or name) was typed
        (it is offered no more), or None."""
        last, order = self.choices.get(decision.seat, (None, []))
        if last != self._choice(decision, view):
            return None
        offered = set(decision.labels())
        lettered = self._lettered(decision) and len(order) <= 26
        for slot, label in enumerate(order):
            key = chr(ord("a") + slot) if lettered else str(slot + 1)
            if label not in offered and typed in (key, label.lower()):
                return label
        return None

    @staticmethod
    def _lettered(decision) -> bool:
        return any(isinstance(o.value, int) and not isinstance(o.value, bool) for o in decision.options)

    @staticmethod
    def _choice(decision, view: dict) -> tuple:
        return decision.node, decision.frame_index, view["turn"]

    def _slots(self, decision, view: dict) -> list[int]:
        choice = self._choice(decision, view)
        last, order = self.choices.get(decision.seat, (None, []))
        if last != choice:
            order = []
        labels = decision.labels()
        order = order + [labels[i] for i in option_order(view, decision.options) if labels[i] not in order]
        self.choices[decision.seat] = (choice, order)
        return [order.index(label) for label in labels]


def option_grid(texts: list[str], width: int):
    """Short options side by side in columns, long ones one per line."""
    cell = max(len(t) for t in texts) + 2 + 3  # the indent and the space between columns
    across = max(1, min(len(texts), width // cell)) if cell <= 27 else 1
    grid = Table.grid(padding=(0, 3))
    for _ in range(across):
        grid.add_column()
    rows = (len(texts) + across - 1) // across
    for row in range(rows):
        grid.add_row(*[styled("  " + texts[row + col * rows]) if row + col * rows < len(texts) else Text()
                       for col in range(across)])
    return grid


def read_line(console: Console, prompt: str) -> str:
    """A line typed after `prompt` (shown literally, never wrapped by rich); a line piped in is
    shown after the prompt as if typed, so that a scripted game's transcript reads as played."""
    console.print(Text(prompt), end="", soft_wrap=True)
    line = input()
    if not scripted():
        return line
    console.print(Text(line), soft_wrap=True)
    return line


def scripted() -> bool:
    """Whether answers come from a pipe or a file rather than a person at a terminal."""
    return not sys.stdin.isatty()


def flush_typed_ahead() -> None:
    """Drop keys typed before the question was shown, so they cannot answer it by accident."""
    if sys.stdin.isatty():
        import termios
        try:
            termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
        except termios.error:
            pass
