"""docs/tutorial.md is true: its files are written and its commands run, in order, in a fresh
folder, and each command's output is exactly what the tutorial shows.

In the tutorial, a ```yaml block whose info string names a file (```yaml higher_lower.yaml)
writes that file; a ```console block holds commands (`$ rulelang ...`) each followed by its
output, where a line `...` stands for any number of lines. The final files must be the ones in
examples/. `python tests/test_tutorial.py --regenerate` rewrites the outputs from real runs.
"""
import re
import shlex
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulelang.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
TUTORIAL = ROOT / "docs" / "tutorial.md"
BLOCK = re.compile(r"^```(yaml|console) ?([^\n`]*)\n(.*?)^```$", re.M | re.S)
SKIPPED = "..."
ELAPSED = re.compile(r"\b[0-9]+(\.[0-9]+)? s\b")  # how long a run took: never the same twice
MODELINE = re.compile(r"\A# yaml-language-server: .*\n")  # the first line of a shipped file, for editors


def blocks(text: str):
    """The tutorial's file and console blocks in order: (kind, file name, body, span)."""
    for found in BLOCK.finditer(text):
        kind, name, body = found.group(1), found.group(2).strip(), found.group(3)
        if kind == "console" or name:
            yield kind, name, body, found.span(3)


def commands(body: str):
    """The commands of a console block with the output shown under each."""
    out, command, shown = [], None, []
    for line in body.splitlines():
        if line.startswith("$ "):
            if command is not None:
                out.append((command, shown))
            command, shown = line[2:], []
        elif command is not None:
            shown.append(line)
    if command is not None:
        out.append((command, shown))
    return out


def run(command: str) -> tuple[str, int]:
    """Run one `rulelang ...` command in the current folder: its output and exit code."""
    words = shlex.split(command)
    assert words[0] == "rulelang", f"the tutorial runs only rulelang commands: {command}"
    result = CliRunner().invoke(main, words[1:], catch_exceptions=False, terminal_width=88)
    return result.output, result.exit_code


def matches(shown: list[str], actual: list[str]) -> bool:
    """Whether output lines match the shown lines, where `...` stands for any lines."""
    if not shown:
        return not actual
    if shown[0] == SKIPPED:
        return any(matches(shown[1:], actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and same_line(shown[0], actual[0]) and matches(shown[1:], actual[1:])


def same_line(shown: str, actual: str) -> bool:
    """Whether two output lines say the same, apart from trailing blanks and elapsed times."""
    return ELAPSED.sub("N s", shown.rstrip()) == ELAPSED.sub("N s", actual.rstrip())


def replay(folder: Path, text: str, regenerate: bool = False) -> str:
    """Write the tutorial's files and run its commands in `folder`; return the text with real outputs."""
    pieces, last = [], 0
    for kind, name, body, (start, end) in blocks(text):
        if kind == "yaml":
            (folder / name).write_text(body, encoding="utf-8")
            continue
        lines = []
        for command, shown in commands(body):
            output, code = run(command)
            actual = output.rstrip("\n").splitlines()
            if not regenerate:
                assert matches(shown, actual), f"$ {command}\n--- the tutorial shows:\n" + "\n".join(shown) + \
                    f"\n--- it prints (exit {code}):\n{output}"
            lines += [f"$ {command}"] + (actual if regenerate and SKIPPED not in shown else shown)
        pieces += [text[last:start], "\n".join(lines) + "\n"]
        last = end
    return "".join(pieces + [text[last:]])


def final_files(text: str) -> dict:
    """The last version of each file the tutorial writes."""
    return {name: body for kind, name, body, _ in blocks(text) if kind == "yaml"}


@pytest.mark.slow  # its simulations take ~20 s
def test_the_tutorial_runs_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    replay(tmp_path, TUTORIAL.read_text(encoding="utf-8"))


def test_the_tutorials_game_is_the_one_in_examples():
    written = final_files(TUTORIAL.read_text(encoding="utf-8"))
    assert written, "the tutorial writes no files"
    for name, body in written.items():
        shipped = (ROOT / "examples" / name).read_text(encoding="utf-8")
        assert MODELINE.sub("", shipped) == body, f"examples/{name} differs"


if __name__ == "__main__" and sys.argv[1:] == ["--regenerate"]:
    import os
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        TUTORIAL.write_text(replay(Path(folder), TUTORIAL.read_text(encoding="utf-8"), regenerate=True),
                            encoding="utf-8")
        os.chdir(ROOT)
    print(f"regenerated the outputs in {TUTORIAL}")
