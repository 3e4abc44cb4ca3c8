"""Signs of work under way: the line that says a bot is thinking, on a terminal only."""
import io
import time

from rich.console import Console

from rulelang.cli.progress import thinking


def screen(terminal: bool) -> Console:
    return Console(file=io.StringIO(), force_terminal=terminal, width=80)


def test_a_bot_that_takes_long_is_said_to_be_thinking_with_the_time_and_how_to_interrupt():
    console = screen(terminal=True)
    with thinking(console, "P2 (mcts)", after=0):
        deadline = time.monotonic() + 10
        while "thinking" not in console.file.getvalue() and time.monotonic() < deadline:
            time.sleep(0.01)
    assert "P2 (mcts) is thinking… 0 s (Ctrl-C to interrupt)" in console.file.getvalue()


def test_a_quick_decision_shows_nothing():
    console = screen(terminal=True)
    with thinking(console, "P2", after=60):
        pass
    assert console.file.getvalue() == ""


def test_nothing_is_drawn_when_the_output_is_no_terminal():
    console = screen(terminal=False)
    with thinking(console, "P2", after=0):
        time.sleep(0.05)
    assert console.file.getvalue() == ""
