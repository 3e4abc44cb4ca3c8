"""Agents written by the user: `--players path/to/agent.py:ClassName` loads the class.

The file is the user's own code, run with their rights: it is read only when a spec names it,
once per process. The class is called with the agent's seed (and its `key=value` options as
text keywords); see docs/agents.md for the protocol its objects follow.
"""
from __future__ import annotations

import importlib.util
import os
import re
import sys

FILE_SPEC = re.compile(r"^(?P<path>.+?\.py):(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?::(?P<options>.*))?$")

_loaded: dict = {}  # (absolute path, class name) -> class


def split_file_spec(text: str):
    """(absolute path, class name, options text) of `path/to/agent.py:ClassName[:key=value,...]`,
    or None for another spec."""
    found = FILE_SPEC.match(text)
    if not found:
        return None
    return os.path.abspath(found.group("path")), found.group("name"), found.group("options") or ""


def load_agent_class(path: str, name: str):
    """The class `name` defined in the Python file `path`; ValueError with a readable message."""
    path = os.path.abspath(path)
    key = (path, name)
    if key not in _loaded:
        if not os.path.isfile(path):
            raise ValueError(f"no agent file '{path}'")
        module_name = f"rulelang_user_agent_{len(_loaded)}"
        spec = importlib.util.spec_from_file_location(module_name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module  # as an import would (dataclasses, pickling look there)
        try:
            spec.loader.exec_module(module)
        except Exception as err:  # the user's code may fail in any way; say so in one line
            del sys.modules[module_name]
            raise ValueError(f"cannot load agent file '{path}': {type(err).__name__}: {err}") from None
        found = getattr(module, name, None)
        if not isinstance(found, type):
            raise ValueError(f"'{path}' defines no class '{name}'")
        if not callable(getattr(found, "choose", None)):
            raise ValueError(f"class '{name}' in '{path}' has no choose(view, decision) method")
        _loaded[key] = found
    return _loaded[key]
