"""The files commands write: `--out`, `--plot` and `--record` are checked before the first game
(one line naming the file, exit 2); a write that fails later (a full disk) is one line too
(exit 1), and a JSON-lines file keeps only whole lines."""
import json
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from rulelang.cli.main import main
from rulelang.cli.outputs import JsonLines

MINIMAL = str(Path(__file__).resolve().parent / "data" / "minimal.yaml")
TIME_GUARD = 120  # seconds: a command that takes longer has hung


def invoke(*args):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("option, path, message", [
    ("--out", "/nonexistent/x.jsonl", "cannot write --out here: there is no folder '/nonexistent'"),
    ("--out", "{tmp}", "cannot write --out here: it is a folder"),
    ("--out", "/etc/passwd/x.jsonl", "cannot write --out here: there is no folder '/etc/passwd'"),
    ("--plot", "/nonexistent/p.png", "cannot write --plot here: there is no folder '/nonexistent'"),
    ("--plot", "{tmp}/p.svg", "--plot writes .png or .html files"),
])
@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_an_output_that_cannot_be_written_is_refused_before_any_game(tmp_path, command, option, path, message):
    path = path.format(tmp=tmp_path)
    rulesets = [MINIMAL] if command == "simulate" else [MINIMAL, MINIMAL]
    result = invoke(command, *rulesets, "--games", "3", option, path)
    assert result.exit_code == 2 and result.output == f"{path}: error: {message}\n"  # nothing played: no table


def test_a_pipe_is_refused_as_an_output_rather_than_waited_on(tmp_path):
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    result = invoke("simulate", MINIMAL, "--games", "3", "--out", str(pipe))
    assert result.exit_code == 2
    assert result.output == f"{pipe}: error: cannot write --out here: it is a pipe, not a file\n"


def test_a_record_that_cannot_be_written_is_refused_before_the_game(tmp_path):
    result = invoke("play", MINIMAL, "--players", "random,random", "--record", str(tmp_path / "no" / "g.json"))
    assert result.exit_code == 2
    folder = tmp_path / "no"
    assert result.output == f"{folder / 'g.json'}: error: cannot write --record here: there is no folder '{folder}'\n"


@pytest.mark.parametrize("args", [["simulate", MINIMAL, "--games", "5", "--out", "/dev/full"],
                                  ["simulate", MINIMAL, "--games", "5", "--workers", "2", "--out", "/dev/full"],
                                  ["play", MINIMAL, "--players", "random,random", "--record", "/dev/full"]])
def test_a_full_device_is_a_one_line_error(args):
    result = invoke(*args)
    assert result.exit_code == 1 and "internal error" not in result.output
    told = [line for line in result.output.splitlines() if "/dev/full" in line]
    assert told and told[-1].startswith("/dev/full: error: cannot write")
    assert told[-1].endswith("No space left on device")


def run_with_file_limit(args: list, limit: int) -> subprocess.CompletedProcess:
    """`rulelang ARGS` in a new process that may write files of at most `limit` bytes (a full disk)."""
    def limited():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails instead of killing
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    code = "from rulelang.cli.main import main; main()"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          preexec_fn=limited, timeout=TIME_GUARD)


def test_a_disk_that_fills_up_leaves_whole_lines_and_one_line_of_error(tmp_path):
    out = tmp_path / "games.jsonl"
    done = run_with_file_limit(["simulate", MINIMAL, "--games", "200", "--out", str(out)], 5_000)
    assert done.returncode == 1 and done.stderr.splitlines()[-1] == f"{out}: error: cannot write --out: File too large"
    text = out.read_text()
    assert 0 < len(text) <= 5_000 and text.endswith("\n")
    games = [json.loads(line) for line in text.splitlines()]
    assert [game["index"] for game in games] == list(range(len(games)))


def test_a_plot_that_cannot_be_written_after_the_games_is_a_one_line_error(tmp_path):
    pytest.importorskip("matplotlib")
    plot = tmp_path / "p.png"
    done = run_with_file_limit(["simulate", MINIMAL, "--games", "20", "--plot", str(plot)], 1_000)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.splitlines()[-1] == f"{plot}: error: cannot write --plot: File too large"


class StoppedHalfway:
    """A file that takes part of a line, then is stopped (Ctrl-C while writing)."""

    def __init__(self, handle):
        self.handle = handle

    def write(self, data):
        self.handle.write(data[:5])
        raise KeyboardInterrupt

    def fileno(self):
        return self.handle.fileno()

    def close(self):
        self.handle.close()


def test_a_line_cut_by_a_stop_is_taken_back(tmp_path):
    path = tmp_path / "games.jsonl"
    lines = JsonLines(str(path))
    lines.write('{"index": 0}\n')
    lines.handle = StoppedHalfway(lines.handle)
    with pytest.raises(KeyboardInterrupt):
        lines.write('{"index": 1}\n')
    lines.close()
    assert path.read_text() == '{"index": 0}\n'
