"""What checking one document finds: `validate`'s diagnostics of its text, and the outline of its
names for hover, completion and go to definition. Run in the checking process (checking.py)."""
from __future__ import annotations

import attrs

from ..analysis.testcheck import check_test_file
from ..api import inspect_text
from ..errors import Diagnostic, Position
from .declarations import Outline, outline


@attrs.frozen
class Examined:
    """What checking a document found: its diagnostics, and its outline when it loaded."""

    diagnostics: tuple
    outline: Outline | None = None


def is_test_file(path: str) -> bool:
    """A rule test file is known by its name, as `validate` knows it: `*.test.yaml`."""
    return path.endswith(".test.yaml")


def examine(path: str, text: str, allow: tuple) -> Examined:
    """Check the text of the rule file or rule test file at `path`."""
    try:
        if is_test_file(path):
            return Examined(tuple(check_test_file(path, allow, text)))
        found = inspect_text(path, text, allow)
        shown = outline(found.document, found.game) if found.document is not None else None
        return Examined(found.diagnostics, shown)
    except Exception as err:  # a bug in rulelang: told at the file's top, as the CLI tells it, never a traceback
        return Examined((Diagnostic(Position(path, 1, 1), f"internal error: {type(err).__name__}: {err} "
                                                          f"(this is a bug in rulelang)"),))
