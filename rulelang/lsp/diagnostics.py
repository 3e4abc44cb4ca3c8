"""Diagnostics as the editor shows them: each of `validate`'s errors and warnings at the range of
its token, with a quick fix where it suggests one name; errors that lie in a house rule's base
(one with errors of its own: see language/blame.py) are shown at its `extends:` line, naming the
base's position."""
from __future__ import annotations

import re

from lsprotocol import types

from ..errors import Diagnostic, Position
from .source import Source

SOURCE = "rulelang"
DID_YOU_MEAN = re.compile(r"\(did you mean '([^']+)'\?\)")
SEVERITIES = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning}


def editor_diagnostics(found, source: Source, uri_of) -> list:
    """The editor's diagnostics of a document's `found` diagnostics; `uri_of(path)` names another file."""
    return [_diagnostic(d, source, uri_of) for d in found]


def _diagnostic(found: Diagnostic, source: Source, uri_of) -> types.Diagnostic:
    """One diagnostic, in this document or shown at its `extends:` line (or its first line)."""
    severity = SEVERITIES.get(found.severity, types.DiagnosticSeverity.Error)
    if found.position.path == source.path:
        where = source.token(found.position)
        return types.Diagnostic(where, found.message, severity, source=SOURCE, data=_fix(found, source, where))
    where = source.extends() or source.token(Position(source.path, 0, 0))
    elsewhere = types.Location(uri_of(found.position.path), _range_in(found))
    return types.Diagnostic(where, f"{found.position}: {found.message}", severity, source=SOURCE,
                            related_information=[types.DiagnosticRelatedInformation(elsewhere, found.message)])


def _range_in(found: Diagnostic) -> types.Range:
    """Where a diagnostic in another file points (that file's text is not at hand: one position)."""
    spot = types.Position(max(found.position.line - 1, 0), max(found.position.column - 1, 0))
    return types.Range(spot, spot)


def _fix(found: Diagnostic, source: Source, where: types.Range) -> dict | None:
    """The quick fix's data: the one name suggested, when the token it replaces is the name the
    message quotes; else None."""
    suggested = DID_YOU_MEAN.findall(found.message)
    if len(suggested) != 1 or where.start.line != where.end.line:
        return None
    line = source.line(where.start.line)
    token = line[source.column(where.start):source.column(where.end)]
    return {"replacement": suggested[0]} if token and f"'{token}'" in found.message else None


def quick_fixes(uri: str, diagnostics) -> list:
    """The code actions that put the suggested name in place of each misspelt one."""
    actions = []
    for diagnostic in diagnostics:
        data = diagnostic.data if isinstance(diagnostic.data, dict) else {}
        replacement = data.get("replacement")
        if not isinstance(replacement, str):
            continue
        edit = types.WorkspaceEdit(changes={uri: [types.TextEdit(diagnostic.range, replacement)]})
        actions.append(types.CodeAction(f"Change to '{replacement}'", kind=types.CodeActionKind.QuickFix,
                                        diagnostics=[diagnostic], edit=edit, is_preferred=True))
    return actions
