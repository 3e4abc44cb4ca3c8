"""Shared fixtures of the Python tests."""
import atexit
import gc
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap

import hypothesis  # noqa: F401  (imported before anything is loaded: see pytest_collection_finish)
import pytest

# rulelang's caches (the built parser, stored parse trees) go to a folder of the tests' own, not
# the user's: set before anything is parsed, and inherited by the commands tests start.
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="rulelang-tests-cache-")
atexit.register(shutil.rmtree, os.environ["XDG_CACHE_HOME"], True)

from rulelang.agents import spec
from rulelang.api import load_game


@pytest.fixture
def in_new_process():
    """`in_new_process(code, cache)`: run Python `code` in a new process whose cache folder is
    `cache` (what a later run of rulelang finds there), and read the JSON it prints."""
    def run(code: str, cache: str):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                             env={**os.environ, "XDG_CACHE_HOME": cache})
        return json.loads(out.stdout)
    return run


@pytest.fixture
def loops(game, monkeypatch):
    """The loops the compiled rules of the test module's `game` run, by position (each goes
    through `iterate` once)."""
    counted = []
    iterate = game.program.namespace["iterate"]

    def counting(st, value, pos):
        counted.append(pos)
        return iterate(st, value, pos)
    monkeypatch.setitem(game.program.namespace, "iterate", counting)
    return counted


@pytest.fixture
def rule_file(tmp_path):
    """Write a rule file from a template and load it.

    `rule_file(template, turn=..., triggers=...)` puts each part, dedented, in place of
    `{name}` in the template, indented as the placeholder is (`{turn}` under `do:`); an empty
    part under a key makes an empty list (`triggers: []`), one at the top level nothing.
    """
    def write(template: str, **parts):
        text = template
        for name, part in parts.items():
            line = next(line for line in text.splitlines() if f"{{{name}}}" in line)
            indent = line[:len(line) - len(line.lstrip())]
            body = textwrap.indent(textwrap.dedent(part).strip(), indent) if part.strip() else ""
            text = text.replace(line, body if body or not indent else f"{indent}[]")  # an empty list
        path = tmp_path / "game.yaml"
        path.write_text(text.replace(":\n  []", ": []").replace(":\n    []", ": []"))
        return load_game(str(path))
    return write


class BrokenAgent:
    """An agent that breaks as a bug in rulelang would: its every choice raises ZeroDivisionError."""

    needs_view = False

    def choose(self, view, decision):
        """Fail."""
        raise ZeroDivisionError("division by zero")


@pytest.fixture
def broken_agent(monkeypatch):
    """Register the agent `broken` (see BrokenAgent) for the test."""
    monkeypatch.setitem(spec.AGENTS, "broken", lambda agent, seat, seed, game: BrokenAgent())


def pytest_collection_finish(session):
    """Set aside every object alive once the tests are collected (the loaded rulesets, the parsers,
    the test modules): the cycle collector scans them no more, at every collection during the tests
    and at the end. They live as long as the process, so nothing is lost. (Importing Hypothesis
    collects once too, when a plugin registers its random generator with it: done first, while the
    process holds little.)"""
    gc.freeze()

