"""Load stage: which characters a rule file's text may hold.

Every text is refused (at its position) when it holds a lone surrogate (a `"\\ud800"` escape
is no character: nothing can print it), a control character (terminal escapes) or a mark that
reorders the text around it (bidi embeddings, overrides and isolates). Names and labels — every
text but free text — may not hold characters that show nothing either (zero-width spaces and
joiners, left-to-right and right-to-left marks, the byte-order mark): `hi\\u200dgher` would pose
as `higher`. Free text (`description`, `rules`, `help`) may hold those, which some languages
and emoji need; rulelang shows them escaped (see `errors.printable`).
"""
from __future__ import annotations

import re

from ..errors import printable

FREE_TEXT_KEYS = frozenset({"description", "rules", "help"})
SURROGATE = re.compile("[\ud800-\udfff]")
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
INVISIBLE = re.compile("[\u061c\u180e\u200b-\u200f\u2028\u2029\u2060-\u2064\ufeff]")


def text_problem(text: str, free: bool = False) -> str | None:
    """What makes a loaded text unfit to load (`free`: it is free text), or None."""
    found = SURROGATE.search(text)
    if found:
        return f"text may not hold a lone surrogate ({printable(found.group())} found): it is no character"
    found = CONTROL.search(text)
    if found:
        return f"text may not hold control characters ({printable(found.group())} found)"
    found = None if free else INVISIBLE.search(text)
    if found:
        return (f"a name or label may not hold characters that show nothing ({printable(found.group())} "
                f"found): it could pose as another")
    return None
