"""Stopping long runs: Ctrl-C (typed at a terminal) and SIGTERM end `simulate`, `compare` and
`validate --playouts` in 2 worker processes, which print what finished, say the rest did not,
leave no process behind (the output pipe closes) and no cut line in `--out`."""
import fcntl
import json
import os
import pty
import re
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TIME_GUARD = 30  # seconds: a command still running this long after being stopped has hung
RUN = [sys.executable, "-c", "from rulelang.cli.main import main; main()"]


def children(pid: int) -> list:
    """The processes whose parent is `pid`."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as stat:
                    if int(stat.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(entry))
            except (OSError, ValueError, IndexError):
                continue
    return found


def running(pid: int) -> bool:
    """Whether a process exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def workers_of(process, count: int = 2) -> list:
    """The worker processes of a command, once it has started `count` of them and played a while."""
    deadline = time.monotonic() + TIME_GUARD
    while len(children(process.pid)) < count:
        assert process.poll() is None and time.monotonic() < deadline, "the workers never started"
        time.sleep(0.05)
    time.sleep(1.5)  # some chunks done
    return children(process.pid)


def started(args: list, **popen) -> subprocess.Popen:
    return subprocess.Popen([*RUN, *args], cwd=ROOT, start_new_session=True, **popen)


def assert_nothing_left(pids: list) -> None:
    deadline = time.monotonic() + 5  # the kernel may take a moment to reap
    while any(running(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(running(pid) for pid in pids), "a worker outlived the run"


def test_sigterm_stops_a_two_worker_simulate_and_leaves_no_worker(tmp_path):
    out = tmp_path / "games.jsonl"
    process = started(["simulate", "storma_slottet", "--games", "100000", "--workers", "2", "--seed", "1",
                       "--json", "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    pids = workers_of(process)
    deadline = time.monotonic() + TIME_GUARD
    while not out.exists() or not out.stat().st_size:  # some games finished
        assert time.monotonic() < deadline, "no game finished"
        time.sleep(0.05)
    process.send_signal(signal.SIGTERM)  # to the parent only: it must end its workers itself
    stdout, stderr = process.communicate(timeout=TIME_GUARD)  # returns once nobody holds the pipe
    assert process.returncode == 128 + signal.SIGTERM
    assert_nothing_left(pids)
    data = json.loads(stdout)
    found = re.search(r"stopped: ([\d,]+) of 100,000 games were played; the other ([\d,]+) were not", stderr)
    assert found and int(found.group(1).replace(",", "")) == data["games"] > 0 and data["stopped"] is True
    text = out.read_text()
    assert text.endswith("\n")
    assert [json.loads(line)["index"] for line in text.splitlines()] == list(range(data["games"]))


def in_terminal(args: list):
    """A command run in a terminal of its own (a pty that is its controlling terminal), and the
    terminal's other end."""
    main, side = pty.openpty()

    def take_terminal():
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    process = subprocess.Popen([*RUN, *args], cwd=ROOT, start_new_session=True, stdin=side, stdout=side,
                               stderr=side, preexec_fn=take_terminal)
    os.close(side)
    return process, main


def read_all(main: int) -> str:
    """Everything the terminal shows until the command ends."""
    chunks = []
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the other end is closed: everybody left
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(main)
    return b"".join(chunks).decode("utf-8", "replace")


@pytest.mark.slow
@pytest.mark.parametrize("args, what", [
    (["simulate", "storma_slottet", "--games", "100000"], r"[\d,]+ of 100,000 games"),
    (["compare", "storma_slottet", "examples/storma_jokers_heal_anything.yaml", "--games", "50000"],
     r"[\d,]+ of 100,000 games"),
    (["validate", "storma_slottet", "--playouts", "100000"], r"[\d,]+ of 100,000 playouts of \S+storma_slottet.yaml"),
])
def test_ctrl_c_typed_at_the_terminal_stops_a_two_worker_run(args, what):
    process, main = in_terminal([*args, "--workers", "2", "--seed", "2"])
    pids = workers_of(process)
    os.write(main, b"\x03")  # Ctrl-C: the terminal sends SIGINT to every process of the run
    process.wait(timeout=TIME_GUARD)
    shown = read_all(main)
    assert process.returncode == 128 + signal.SIGINT, shown[-1000:]
    assert re.search(f"stopped: {what} were played; the other [\\d,]+ were not", shown), shown[-1000:]
    assert "Traceback" not in shown and "internal error" not in shown
    assert_nothing_left(pids)


@pytest.mark.slow
def test_sigterm_stops_playouts_in_two_workers_and_prints_what_was_found():
    process = started(["validate", "tests/data/stalls.yaml", "--playouts", "100000", "--workers", "2"],
                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    pids = workers_of(process)
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=TIME_GUARD)
    assert process.returncode == 128 + signal.SIGTERM
    assert "has no legal option" in stderr and "stopped: " in stderr and "ok:" not in stderr
    assert_nothing_left(pids)
