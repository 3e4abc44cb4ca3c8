"""Mutants of the shipped rulesets: one node of a rule file changed at a time.

A mutant changes one value of the file's YAML (to a value of another kind, or by one token
of an expression or statement), drops or repeats one item, or drops or misspells one key.
Whatever a mutant is, rulelang must give a positioned error or a clean run: the property is
checked by tests/test_mutants.py on a bounded sample and by benchmarks/mutants.py at length.
"""
from __future__ import annotations

import copy
import random
import re
import shutil
from pathlib import Path

import yaml

from rulelang.api import packaged_rulesets
from rulelang.kit.documents import YList, YMap
from rulelang.language.loader import load_yaml
from rulelang.language.schema import RULE_FILE

TOKEN = re.compile(r"'[^']*'|\"[^\"]*\"|[A-Za-z_][A-Za-z0-9_]*|\d+(?:[dT]\d+)?|\+=|-=|==|!=|<=|>=|//|\S")
NEW_TOKENS = ("none", "0", "-1", "999999999999", "'x'", "me", "players", "draw", "(", ")", "+", "*", "==",
              "not", ".", "[", "]", "|", "in", "if", "1d6", "true", "P9")
NEW_VALUES = (None, 0, -1, 10**17, "x", "none", [], {}, True, ["x"], {"x": 1}, "count(draw)", "me.hand")


def shipped() -> dict:
    """The shipped rulesets by name."""
    return {name: Path(path) for name, path in sorted(packaged_rulesets().items())}


def plain(value):
    """A loaded document as plain dicts, lists and scalars (positions dropped)."""
    if isinstance(value, YMap):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, YList):
        return [plain(v) for v in value]
    return str(value) if isinstance(value, str) else value


def places(value, path=()) -> list:
    """The path (keys and indexes) of every node below the top of a document."""
    found = []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        found.append(path + (key,))
        found += places(child, path + (key,))
    return found


def mutant(doc: dict, rng: random.Random) -> tuple:
    """(what was changed, the changed copy of `doc`)."""
    doc = copy.deepcopy(doc)
    path = rng.choice(places(doc))
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    key, value = path[-1], parent[path[-1]]
    kind = rng.choice(("token", "token", "token", "value", "drop", "repeat", "rename"))
    where = "/".join(str(p) for p in path)
    if kind == "token" and isinstance(value, str) and TOKEN.search(value):
        spans = [m.span() for m in TOKEN.finditer(value)]
        start, end = rng.choice(spans)
        new = rng.choice(NEW_TOKENS + ("",) + tuple(value[s:e] for s, e in spans))
        parent[key] = value[:start] + new + value[end:]
        return f"{where}: token {value[start:end]!r} -> {new!r}", doc
    if kind == "drop":
        del parent[key]
        return f"{where}: dropped", doc
    if kind == "repeat" and isinstance(parent, list):
        parent.insert(key, value)
        return f"{where}: repeated", doc
    if kind == "rename" and isinstance(parent, dict):
        new_key = key[:-1] if len(key) > 1 else key + "x"
        if new_key not in parent:
            parent[new_key] = parent.pop(key)
            return f"{where}: key renamed {new_key!r}", doc
    new = rng.choice(NEW_VALUES)
    parent[key] = new
    return f"{where}: value -> {new!r}", doc


def write_mutant(name: str, doc: dict, folder: Path) -> Path:
    """Write a mutant of a shipped ruleset, with the shipped files it may extend beside it."""
    for path in shipped().values():
        shutil.copy(path, folder / path.name)
    target = folder / f"{name}.mutant.yaml"
    target.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=10_000), encoding="utf-8")
    return target


def mutants(count: int, seed: int):
    """`count` (ruleset name, description, document) mutants of every shipped ruleset, the same every run."""
    rng = random.Random(seed)
    for name, path in shipped().items():
        doc = plain(load_yaml(str(path), RULE_FILE))
        for _ in range(count):
            description, changed = mutant(doc, rng)
            yield name, description, changed
