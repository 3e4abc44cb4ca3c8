"""`mcts` as an earlier commit wrote it, as a file agent: `benchmarks/agents/mcts_at.py:MctsAt:rev=COMMIT`.

The agents package (`rulelang/agents/`) of commit COMMIT is copied out of git into
`benchmarks/.agents_at/COMMIT/` and imported as `rulelang.agents_at_COMMIT`, so that its own
modules import each other and the engine it searches with is today's (`..engine` is
`rulelang.engine`). It measures a change to the bots, not to the engine: a commit whose agents
call engine functions that have since changed fails to load or to play, and says so. Other
options (`steps=`, `depth=`, ...) go to that commit's `MctsAgent` as numbers.
"""
from __future__ import annotations

import importlib
import importlib.util
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
STORE = os.path.join(os.path.dirname(HERE), ".agents_at")
PACKAGE = "rulelang/agents"


def agents_package(rev: str):
    """The agents package of commit `rev`, imported under a name of its own."""
    if not re.fullmatch(r"[0-9A-Za-z._/-]{1,80}", rev):
        raise ValueError(f"not a commit: {rev!r}")
    commit = subprocess.run(["git", "rev-parse", "--short=12", f"{rev}^{{commit}}"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.strip()
    name = f"rulelang.agents_at_{commit}"
    if name in sys.modules:
        return sys.modules[name]
    folder = os.path.join(STORE, commit)
    if not os.path.isdir(folder):
        files = subprocess.run(["git", "ls-tree", "--name-only", commit, PACKAGE + "/"], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.split()
        os.makedirs(folder + ".part", exist_ok=True)
        for path in files:
            text = subprocess.run(["git", "show", f"{commit}:{path}"], cwd=ROOT, capture_output=True,
                                  check=True).stdout
            with open(os.path.join(folder + ".part", os.path.basename(path)), "wb") as out:
                out.write(text)
        os.replace(folder + ".part", folder)
    importlib.import_module("rulelang")
    spec = importlib.util.spec_from_file_location(name, os.path.join(folder, "__init__.py"),
                                                  submodule_search_locations=[folder])
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
        importlib.import_module(name + ".mcts")
    except Exception as err:  # an old package meets today's engine: say which commit and why
        for loaded in [key for key in sys.modules if key == name or key.startswith(name + ".")]:
            del sys.modules[loaded]
        raise ValueError(f"the agents of commit {commit} do not load on today's engine: "
                         f"{type(err).__name__}: {err}") from None
    return module


class MctsAt:
    """The `MctsAgent` of commit `rev`, built with the other options as numbers."""

    def __init__(self, seed, rev, **options):
        mcts = importlib.import_module(agents_package(rev).__name__ + ".mcts")
        numbers = {key: float(value) if "." in value else int(value) for key, value in options.items()}
        self.agent = mcts.MctsAgent(seed, **numbers)
        self.view_type = self.agent.view_type

    def choose(self, view, decision) -> int:
        """That commit's choice."""
        return self.agent.choose(view, decision)
