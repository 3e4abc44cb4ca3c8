"""Check stage: a warning for a variant whose `rules:` replaces its base's rules whole and so
drops sections it does not name.

Rules written by heading (`rules: {HEADING: TEXT}`) merge section by section: a variant that
writes one section keeps the others. But a variant's rules written as one text replace a base's
sections all at once, and sections by heading laid on a base written as one text replace that
text; either way the sections the variant does not name vanish from what players read, while
`validate` would say ok. A section is named by its key, or by a Markdown heading (`## The deal`)
in a text; a section removed on purpose is written `HEADING: none`, which is naming it.
"""
from __future__ import annotations

import os
import re

from ..errors import Diagnostic
from ..kit.documents import YMap

HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$", re.M)  # a Markdown heading line


def dropped_sections(doc: YMap) -> list[Diagnostic]:
    """A warning where this file's `rules:` replace its base's whole and drop sections it does not name."""
    out = []
    for path, old, new, where in doc.changes:
        if path != ("rules",) or new is None or where.path != doc.pos.path:
            continue  # a section by section merge, a removal on purpose, or a base's own business
        named = set(headings(new))
        dropped = [heading for heading in headings(old) if heading not in named]
        if isinstance(old, str) and not headings(old) and isinstance(new, YMap):
            dropped = ["(its rules text, which has no headings)"]
        if dropped:
            base = getattr(old, "pos", where)
            out.append(Diagnostic(where, f"these rules replace all of the base's rules "
                                         f"({os.path.basename(base.path)}:{base.line}), and drop what they do not "
                                         f"name: {', '.join(repr(h) if not h.startswith('(') else h for h in dropped)}; "
                                         f"write only the sections that change, by heading (rules: {{HEADING: "
                                         f"TEXT}}), and HEADING: none for a section to remove", "warning"))
    return out


def headings(rules) -> list[str]:
    """The sections of a rules value: a mapping's headings, or a text's Markdown headings."""
    if isinstance(rules, dict):
        return [str(key) for key in rules]
    if isinstance(rules, str):
        return HEADING.findall(rules)
    return []
