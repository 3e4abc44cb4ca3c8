"""`rulelang play` driven in a real pseudo-terminal, as a person plays: every shipped ruleset with
a few decisions, `?`, `?1`, bad input, an undo, Ctrl-C, a save and a resume that ends where an
uninterrupted game with the same choices ends; a hot-seat game that never shows one seat's
hidden cards to the other; `rulelang replay` stepping through a record."""
from __future__ import annotations

import os
import re
import sys

import pexpect
import pytest

from rulelang.api import load_game
from rulelang.engine.record import replay
from rulelang.engine.recordfile import load_record
from rulelang.engine.runtime import apply_action, new_game
from rulelang.engine.values import pretty

RULELANG = os.path.join(os.path.dirname(sys.executable), "rulelang")
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")
PROMPT, HAND_OVER, GAME_OVER = r"P\d> ", r"press Enter when you are ready\.", r"─ Game over"
QUESTION = re.compile(r"^P\d: .*$", re.M)
KEY = re.compile(r"^\s*([0-9]+|[a-z])\. (.*?)(?:\s{3,}|$)", re.M)

GAMES = [("storma_slottet", "human,random"), ("tjugonio", "human,random"), ("houska_castle", "human"),
         ("hoyers_trappe", "human,random"), ("supertrumf", "human,random"),
         ("supertrumf_blixtduell", "human,random")]


class Terminal:
    """`rulelang ARGS` in a pseudo-terminal of the given size; `screen` is all it printed, plain."""

    def __init__(self, *args, rows: int = 24, columns: int = 80):
        self.child = pexpect.spawn(RULELANG, list(args), dimensions=(rows, columns), encoding="utf-8",
                                   timeout=30, env={**os.environ, "TERM": "xterm-256color"})
        self.screen = ""
        self.raw = ""  # the same, with its escape codes (colours)
        self.last = ""  # what was printed before the last pattern waited for

    def expect(self, *patterns) -> int:
        """Wait for one of the patterns; the index of the one seen."""
        index = self.child.expect(list(patterns))
        self.raw += self.child.before + (self.child.after if isinstance(self.child.after, str) else "")
        self.last = ESCAPES.sub("", self.child.before)
        self.screen += self.last + (ESCAPES.sub("", self.child.after) if isinstance(self.child.after, str) else "")
        return index

    def question(self) -> str:
        """Wait for the next question (pressing Enter at hand-over screens); its text."""
        while self.expect(PROMPT, HAND_OVER) == 1:
            self.child.send("\r")
        return QUESTION.findall(self.screen)[-1]

    def options(self) -> list:
        """(key, text) of each option of the question last shown."""
        return KEY.findall(self.screen[self.screen.rindex(QUESTION.findall(self.screen)[-1]):])

    def play(self, decisions: int, path: str = "") -> int:
        """Answer that many questions with their first options, then save (see quit_and_save)."""
        for _ in range(decisions):
            self.decide()
        self.question()
        return self.quit_and_save(path)

    def decide(self) -> str:
        """Answer the next question with its first option; the question's text."""
        asked = self.question()
        self.send(self.options()[0][0])
        self.expect("→ ")
        return asked

    def send(self, text: str) -> None:
        """Type a line."""
        self.child.send(text + "\r")

    def quit_and_save(self, path: str = "") -> int:
        """Ctrl-C at a question, save (to `path`, or the default offered), and leave; the exit code."""
        self.child.sendintr()
        self.expect("Enter = play on: ")
        self.send("y")
        self.expect(r"save the game to \[.*\]: ")
        self.send(path)
        self.expect("saved to ")
        return self.end()

    def end(self) -> int:
        """Wait for the program to exit; its exit code."""
        self.expect(pexpect.EOF)
        self.child.close()
        return self.child.exitstatus


def first_heading(name: str) -> str:
    """The first heading of a ruleset's rules text, as `?` shows it."""
    return re.search(r"^## (.+)$", load_game(name).rules, re.M).group(1)


@pytest.mark.slow
@pytest.mark.parametrize("name, players", GAMES)
def test_save_and_resume_ends_where_an_uninterrupted_game_ends(tmp_path, name, players):
    seed, decisions = "11", 6
    whole, part = str(tmp_path / "whole.json"), str(tmp_path / "part.json")
    uninterrupted = Terminal("play", name, "--players", players, "--seed", seed, "--record", whole)
    assert uninterrupted.play(decisions) == 0

    first = Terminal("play", name, "--players", players, "--seed", seed, "--record", part)
    first.decide()
    first.question()
    first.send("?")  # the rules
    first.expect(re.escape(first_heading(name)))
    first.question()
    key, text = first.options()[0]
    first.send(f"?{key}")  # about the first option
    first.expect(PROMPT)
    assert text.strip().split(" (")[0] in first.last
    first.send("abc")  # not an option
    first.expect("'abc' is not an option here")
    first.question()
    first.send("u")  # back to the first decision, unless P1 saw something new since (cli/sightings.py)
    undone = first.expect("undone: back to the decision before", "Cannot undo: since that decision") == 0
    again = first.decide() if undone else "P1: "
    first.decide()
    first.question()
    first.child.sendintr()  # Ctrl-C, then go on playing
    first.expect("Enter = play on: ")
    first.send("")
    first.decide()
    first.question()
    assert first.quit_and_save() == 0
    assert f"rulelang play --resume {part}" in first.screen

    resumed = Terminal("play", "--resume", part, "--record", part)  # told to write over the record it read
    resumed.expect(r"resumed after \d+ decisions")
    assert resumed.play(decisions - 3) == 0

    game = load_game(name)
    expected, got = load_record(whole), load_record(part)
    assert got.decisions == expected.decisions
    assert replay(game, got).log == replay(game, expected).log
    assert again.startswith("P1: ")


@pytest.mark.slow
def test_the_opponents_turn_stays_in_view_at_80_by_24(tmp_path):
    play = Terminal("play", "storma_slottet", "--players", "human,random", "--seed", "4")
    play.play(16, str(tmp_path / "g.json"))
    prompts = [m.start() for m in re.finditer(r"^P1> ", play.screen, re.M)]
    checked = 0
    for before, prompt in zip(prompts, prompts[1:]):
        if "P2's turn" in play.screen[before:prompt]:
            checked += 1
            assert "P2's turn" in "\n".join(play.screen[:prompt].splitlines()[-23:])
    assert checked >= 2
    assert re.search(r"\x1b\[[0-9;]*31m(?:10|[2-9AJQK])[♥♦]", play.raw)  # red suits in red


@pytest.mark.slow
def test_typed_ahead_keys_do_not_answer_the_next_question(tmp_path):
    play = Terminal("play", "tests/data/minimal.yaml", "--players", "human,random", "--seed", "2")
    play.question()
    play.child.send("1\r1\r")  # the second line is typed before the next question shows
    play.expect("→ ")
    play.question()
    with pytest.raises(pexpect.TIMEOUT):
        play.child.expect("→ ", timeout=1)
    play.quit_and_save(str(tmp_path / "g.json"))


@pytest.mark.slow
def test_a_hot_seat_frame_never_shows_the_other_seats_hidden_cards(tmp_path):
    record = str(tmp_path / "hot.json")
    play = Terminal("play", "storma_slottet", "--players", "human,human", "--seed", "9", "--record", record)
    play.play(14)
    game = load_game("storma_slottet")
    saved = load_record(record)
    st = new_game(game, 2, saved.seed)
    seen = [set(), set()]
    for index in (None,) + saved.decisions:
        if index is not None:
            apply_action(st, index)
        for seat in (0, 1):
            seen[seat] |= {pretty(c) for c in game.cards if st.visible_to(c, seat)}
    parts = re.split(r"Hand the terminal to P(\d)\.", play.screen)
    frames = {0: "", 1: ""}
    for seat, text in zip(parts[1::2], parts[2::2]):
        frames[int(seat) - 1] += text
    for seat in (0, 1):
        never = {pretty(c) for c in game.cards} - seen[seat]
        assert len(never) > 10 and len(seen[seat]) > 15
        shown = set(re.findall(r"(?<![\w])(?:10|[2-9AJQK])[♣♦♥♠]|JK\d", frames[seat]))
        assert not shown & never, f"P{seat + 1} was shown cards it never saw: {shown & never}"
        assert len(shown & seen[seat]) > 15  # the frames did show this seat's own cards


@pytest.mark.slow
def test_replay_steps_forwards_and_backwards(tmp_path):
    record = str(tmp_path / "g.json")
    Terminal("play", "tjugonio", "--players", "human,random", "--seed", "3", "--record", record).play(4)
    total = len(load_record(record).decisions)
    step = Terminal("replay", record)
    step.expect("replay> ")
    assert f"decision 0 of {total}" in step.last
    step.send("")
    step.expect("replay> ")
    assert f"decision 1 of {total}" in step.last
    step.send("e")
    step.expect("replay> ")
    assert f"decision {total} of {total}" in step.last and "the record ends here" in step.last
    step.send("b")
    step.expect("replay> ")
    assert f"decision {total - 1} of {total}" in step.last
    step.send("q")
    assert step.end() == 0
