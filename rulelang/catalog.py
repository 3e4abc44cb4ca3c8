"""The rulesets shipped with rulelang, and how a command-line name finds its rule file."""
from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

from .errors import Position, RuleError

RULESETS_PACKAGE = "rulelang.rulesets"


def packaged_rulesets() -> dict[str, Path]:
    """The rulesets shipped with rulelang, by name."""
    try:
        folder = resources.files(RULESETS_PACKAGE)
        entries = list(folder.iterdir())
    except (ModuleNotFoundError, FileNotFoundError):
        folder = Path(__file__).resolve().parent.parent / "rulesets"
        entries = list(folder.iterdir()) if folder.is_dir() else []
    return {Path(str(e)).stem: Path(str(e)) for e in entries
            if str(e).endswith(".yaml") and not str(e).endswith(".test.yaml")}


def resolve(name_or_path: str) -> str:
    """A rule file's path: an existing path as given, else a packaged ruleset's name."""
    if os.path.exists(name_or_path) or name_or_path.endswith((".yaml", ".yml")) or os.sep in name_or_path:
        return name_or_path
    shipped = packaged_rulesets()
    if name_or_path in shipped:
        return str(shipped[name_or_path])
    known = ", ".join(sorted(shipped)) or "none"
    raise RuleError.at(Position(name_or_path, 0, 0),
                       f"no such rule file or packaged ruleset (packaged: {known})")
