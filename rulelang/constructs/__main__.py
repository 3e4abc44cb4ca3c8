"""`python -m rulelang.constructs`: write the files made from the catalogue into the source tree
(`grammar/rulelang.lark`, `docs/reference.md`); `--check` only says which differ (exit 1)."""
from __future__ import annotations

import os
import sys

from .grammar import grammar
from .reference import render

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MADE = {os.path.join("grammar", "rulelang.lark"): grammar, os.path.join("docs", "reference.md"): render}


def _read(path: str) -> str | None:
    """A file's text, or None when there is none."""
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def main(argv: list) -> int:
    """Write (or with --check, compare) every file made from the catalogue."""
    if not os.path.isdir(os.path.join(ROOT, "grammar")):
        print(f"no source tree at {ROOT}: run this from a clone installed with pip install -e", file=sys.stderr)
        return 2
    stale = []
    for path, make in MADE.items():
        full = os.path.join(ROOT, path)
        text = make()
        if _read(full) == text:
            continue
        stale.append(path)
        if "--check" not in argv:
            with open(full, "w", encoding="utf-8") as handle:
                handle.write(text)
    verb = "differ from the catalogue" if "--check" in argv else "written"
    for path in stale:
        print(f"{path}: {verb}")
    return 1 if stale and "--check" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
