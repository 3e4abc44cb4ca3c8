"""A game at the terminal from start (or a saved record) to its end: people and bots take their
decisions, every decision goes into the game's record, and the record gives undo, save and resume.

Bots are built afresh for each decision, seeded by the game's seed and the decision's number, so
a resumed or undone game goes on exactly as an uninterrupted one with the same choices.
Undo replays the record (bots' choices are replayed, not searched again); it goes back only to
the undoing person's own decision, and never past one after which they saw something new
(cli/sightings.py), so that it shows no draw, roll or bot's card twice.
"""
from __future__ import annotations

import os
import signal

from rich.table import Table as Grid
from rich.text import Text

from rulelang.agents.spec import decision_bot
from rulelang.engine.record import GameRecord, RecordError, replay
from rulelang.engine.recordfile import save_record
from rulelang.engine.runtime import apply_action
from rulelang.engine.session import check_decisions, outcome, pass_index, view_for, worth_asking
from rulelang.engine.views import seat_view
from rulelang.errors import GameError
from rulelang.presentation.naming import Namer, spoken

from .news import MOST_EVENTS, summarise
from .progress import thinking
from .screen import Board, new_console, styled
from .sightings import Sightings
from .terminal import EOF, QUIT, SAVE, UNDO, HumanAgent, read_line, scripted


class Quit(Exception):
    """The people at the table left the game; `code` is the exit code."""

    def __init__(self, code: int):
        super().__init__(code)
        self.code = code


class Table:
    """One game at the terminal, kept as a record of decisions."""

    def __init__(self, game, record: GameRecord, specs: list, auto_pass: bool = True,
                 record_path: str | None = None, debug: bool = False, explain: bool = False):
        self.game = game
        self.explain = explain  # show each bot's reasons (for bots that give them)
        self.start = record.with_decisions(())  # the ruleset, seed and players
        self.decisions = list(record.decisions)
        self.specs = specs
        self.auto_pass = auto_pass
        self.record_path = record_path
        self.debug = debug
        self.console = new_console()
        self.humans = [seat for seat, spec in enumerate(specs) if spec.is_human]
        self.person = HumanAgent(game, self.console, hot_seat=len(self.humans) > 1)
        self.asked: list[tuple] = []  # (position, seat) of the decisions people were asked
        self.sightings = Sightings(self.humans)
        self.passed = False  # whether a reaction prompt was passed for a person yet

    # ------------------------------------------------------------------ playing
    def play(self):
        """Play to the end (or until the people leave: Quit); returns the final state."""
        if self.humans:  # Ctrl-C asks whether to save, even if the shell that started us ignores it
            signal.signal(signal.SIGINT, signal.default_int_handler)
        st = self.rebuild(len(self.decisions))
        if self.humans and not self.decisions:
            opening = f"{self.game.description.strip()} (? at any question shows the rules)"
            self.console.print(styled(opening, "italic"))
        if self.decisions and self.humans:
            view = seat_view(st, self.first_human(st))
            self.person.reset(view, f"resumed after {len(self.decisions)} decisions")
        while st.result is None:
            try:
                st = self.step(st)
            except KeyboardInterrupt:
                # rich may have been stopped halfway through a print and hold back all later output
                self.console = self.person.console = new_console()
                self.console.print()
                self.leave()
                st = self.rebuild(len(self.decisions))  # an interrupted step may have left it half done
            except GameError:
                if self.record_path:  # the record ends with the decision that failed: it replays the fault
                    save_record(self.record(), self.record_path)
                raise
        if self.record_path:
            save_record(self.record(), self.record_path)
        return st

    def step(self, st):
        """One decision: a person's answer (or command), an automatic pass, or a bot's choice."""
        check_decisions(st)
        decision = st.pending
        if decision.seat in self.humans:
            return self.ask(st, decision)
        bot = decision_bot(self.specs[decision.seat], decision.seat, self.start.seed, len(self.decisions), self.game)
        if self.explain and hasattr(bot, "explain"):
            seat = f"P{decision.seat + 1} "  # several bots may explain themselves: say whose search it was
            bot.explain = lambda text: self.console.print(seat + text, markup=False, highlight=False)
        view = view_for(bot, st, decision.seat)
        with thinking(self.console, f"P{decision.seat + 1} ({self.specs[decision.seat].text})"):
            choice = bot.choose(view, decision)
        return self.apply(st, choice)

    def ask(self, st, decision):
        """A person's decision: taken for them when there is one option or it is a reaction not
        worth asking about; else their answer, or what they asked for (undo, save, quit)."""
        view = seat_view(st, decision.seat)
        if len(decision.options) == 1:
            self.person.taken(view, decision, 0, "the only choice")
            return self.apply(st, 0)
        if not worth_asking(st, decision, self.auto_pass):
            if not self.passed:  # said once: after every move of a turn it would be noise
                self.person.taken(view, decision, pass_index(decision), "passed for you, and so on; "
                                  "--no-auto-pass asks every time")
            self.passed = True
            return self.apply(st, pass_index(decision))
        answer = self.person.choose(view, decision)
        if answer == UNDO:
            return self.undo(st)
        if answer == SAVE:
            self.save()
        elif answer == EOF and scripted():
            self.stop_scripted(st)
        elif answer in (QUIT, EOF):
            self.leave(ended_input=answer == EOF)
        else:
            self.asked.append((len(self.decisions), decision.seat))
            st = self.apply(st, answer)
            if self.record_path:
                save_record(self.record(), self.record_path)
        return st

    def apply(self, st, index: int):
        """Add option `index` to the record, then take it (an interrupted step is replayed whole)."""
        self.decisions.append(index)
        apply_action(st, index)
        self.sightings.look(st, len(self.decisions))
        return st

    # ------------------------------------------------------------------ the record
    def rebuild(self, upto: int):
        """The state after the record's first `upto` decisions, noting which ones people were asked
        and what they saw."""
        self.asked = []
        self.sightings = Sightings(self.humans)

        def note(st, position):
            self.sightings.look(st, position)
            decision = st.pending
            if decision.seat in self.humans and len(decision.options) > 1 and worth_asking(st, decision, self.auto_pass):
                self.asked.append((position, decision.seat))
        del self.decisions[upto:]
        st = replay(self.game, self.record(), on_decision=note, debug=self.debug, recall=True)
        self.sightings.look(st, upto)
        return st

    def record(self) -> GameRecord:
        """The game's record so far."""
        return self.start.with_decisions(self.decisions)

    def undo(self, st):
        """Back to the decision a person was asked before this one: their own, and only if they
        have seen nothing new since (else the same draw or roll would come again, foreseen)."""
        seat = st.pending.seat
        refusal = self.undo_refused(seat)
        if refusal:
            self.console.print(styled(refusal, "yellow"))
            return st
        st = self.rebuild(self.asked[-1][0])
        seat = st.pending.seat
        self.person.reset(seat_view(st, seat), f"undone: back to the decision before (turn {st.turn_number})")
        return st

    def undo_refused(self, seat: int) -> str:
        """Why the person in `seat` may not undo now, or ''."""
        if not self.asked:
            return "Nothing to undo: this is the first decision you were asked."
        back, whose = self.asked[-1]
        if whose != seat:
            return (f"Nothing of yours to undo: the last decision was P{whose + 1}'s, and each player undoes only "
                    f"their own.")
        if self.sightings.new_since(seat, back):
            return ("Cannot undo: since that decision you have seen what you had not (a card, a die, or what "
                    "chance decided), and going back would show it to you again before you choose.")
        return ""

    def save(self) -> str | None:
        """Ask where, then write the record; the file's path, or None when the person changed their mind."""
        default = self.record_path or default_record_name(self.start)
        try:
            path = read_line(self.console, f"save the game to [{default}]: ").strip() or default
        except EOFError:
            return None
        try:
            save_record(self.record(), path)
        except RecordError as err:
            self.console.print(styled(f"not saved: {err}", "yellow"))
            return None
        self.record_path = path
        self.console.print(styled(f"saved to {path}; go on later with: rulelang play --resume {path}", "bold"),
                           soft_wrap=True)
        return path

    def leave(self, ended_input: bool = False) -> None:
        """Ask whether to save before quitting; raise Quit, or return to play on."""
        while True:
            try:
                typed = read_line(self.console, "save and quit? y = save, n = do not save, "
                                                "Enter = play on: ").strip().lower()
            except EOFError:
                self.console.print(f"\ninput ended: the game was not saved (seed {self.start.seed})")
                raise Quit(1) from None
            except KeyboardInterrupt:
                typed = "n"
            if typed == "" and not ended_input:
                return
            if typed in ("y", "yes") and self.save():
                raise Quit(0)
            if typed in ("n", "no"):
                self.console.print(f"\nquit without saving (seed {self.start.seed})")
                raise Quit(0)

    def stop_scripted(self, st) -> None:
        """Piped answers ran out before the game ended: stop there, keeping the record if asked to
        (raise Quit with exit code 1, as the game did not end)."""
        where = f"input ended at P{st.pending.seat + 1}'s decision in turn {st.turn_number}"
        if self.record_path:
            save_record(self.record(), self.record_path)
            self.console.print(f"\n{where}: the game so far is in {self.record_path}; go on with: "
                               f"rulelang play --resume {self.record_path}", soft_wrap=True)
        else:
            self.console.print(f"\n{where}: the game stops, not saved (seed {self.start.seed}); "
                               f"--record FILE keeps it to go on with", soft_wrap=True)
        raise Quit(1)

    def first_human(self, st) -> int:
        """The person whose decision is next, or the first person at the table."""
        return st.pending.seat if st.pending and st.pending.seat in self.humans else self.humans[0]

    # ------------------------------------------------------------------ the end
    def finish(self, st) -> None:
        """The end: the last news (with bots only, the whole log), why it ended, the results, the board."""
        if self.humans:
            seat = self.person.on_screen if self.person.on_screen is not None else self.humans[0]
            self.person.show_frame(seat_view(st, seat), table=False)
        else:
            seat = 0
            public = [text for audience, text in st.log if audience is None]
            for paragraph in summarise(public, Namer(self.game), "", most=MOST_EVENTS):
                self.console.print(paragraph)
        ended = outcome(st)
        reason = ended["ended_by"] or ""
        self.console.rule(styled(f"Game over: {reason}" if reason else "Game over", "bold"), style="bold")
        self.console.print(self.results(st))
        viewer = seat if self.humans else None  # with bots only, nobody is "you"
        self.console.print(Board(self.game, Namer(self.game, viewer)).render(seat_view(st, seat)))
        if self.record_path:
            path = self.record_path
            self.console.print(styled(f"the game's record is in {path} (rulelang replay {path} steps through it)",
                                      "dim"), soft_wrap=True)

    def results(self, st) -> Grid:
        """Each seat's result and score, then the figures the ruleset reports."""
        ended = outcome(st)
        grid = Grid.grid(padding=(0, 2))
        for seat, (name, result, points) in enumerate(ended["seats"]):
            who = name + (" (you)" if self.humans == [seat] else "")
            grid.add_row(styled(who, "bold"), styled(result), styled(f"score {points}"))
        for name, figure in ended["figures"]:
            grid.add_row(styled(spoken(name)), styled(figure), Text())
        return grid


def default_record_name(record: GameRecord) -> str:
    """`mygame-1234.json`: the rule file's name and the seed, in the current folder (`mygame-1234-2.json`
    and so on when taken: a game resumed from a record never offers to write over it)."""
    stem = f"{os.path.splitext(os.path.basename(record.ruleset))[0]}-{record.seed}"
    name, number = f"{stem}.json", 1
    while os.path.lexists(name):
        number += 1
        name = f"{stem}-{number}.json"
    return name
