"""The rulesets shipped with rulelang, and how a command-line name finds its rule file."""
from __future__ import annotations

import os


def shipped_folder(name: str) -> str:
    """A folder shipped with rulelang (`rulesets`, `grammar`): inside the installed package, or
    beside it in a source checkout (an editable install maps them from there)."""
    here = os.path.dirname(os.path.abspath(__file__))
    inside = os.path.join(here, name)
    return inside if os.path.isdir(inside) else os.path.join(os.path.dirname(here), name)


def packaged_rulesets() -> dict:
    """The rulesets shipped with rulelang, by name (name -> path)."""
    folder = shipped_folder("rulesets")
    names = sorted(os.listdir(folder)) if os.path.isdir(folder) else []
    return {n[:-len(".yaml")]: os.path.join(folder, n) for n in names
            if n.endswith(".yaml") and not n.endswith(".test.yaml")}


def resolve(name_or_path: str) -> str:
    """A rule file's path: an existing path as given, else a packaged ruleset's name."""
    if os.path.exists(name_or_path) or name_or_path.endswith((".yaml", ".yml")) or os.sep in name_or_path:
        return name_or_path
    shipped = packaged_rulesets()
    if name_or_path in shipped:
        return str(shipped[name_or_path])
    from .errors import Position, RuleError  # here: `--help` lists rulesets without attrs (start-up time)
    known = ", ".join(sorted(shipped)) or "none"
    raise RuleError.at(Position(name_or_path, 0, 0),
                       f"no such rule file or packaged ruleset{ruleset_suggestion(name_or_path)} (packaged: {known})")


def ruleset_suggestion(name: str) -> str:
    """' (did you mean X?)' for a packaged ruleset whose name starts with `name` or is a near miss, else ''."""
    from .kit.names import suggest  # here: only a name not found needs it (start-up time)
    shipped = sorted(packaged_rulesets())
    starting = [known for known in shipped if name and known.startswith(name.lower())]
    return f" (did you mean '{starting[0]}'?)" if len(starting) == 1 else suggest(name, shipped)
