"""The language reference, `docs/reference.md`, written from the catalogue of constructs.

`python -m rulelang.constructs.reference > docs/reference.md` writes it again; a test fails
when the file differs from what the catalogue says, and another validates every example.
"""
from __future__ import annotations

from . import catalogue
from .kinds import ANY

HEADER = """\
# rulelang reference

Every construct of the language, one entry each: how it is written, what it means, and an
example that validates. This file is generated from the construct catalogue
(`rulelang/constructs/`) by `python -m rulelang.constructs.reference`; edit the catalogue, not
this file. For a guided tour, read [the language guide](language.md).
"""


def render() -> str:
    """The whole reference, as Markdown."""
    parts = [HEADER]
    for title, constructs in catalogue.families():
        parts.append(f"\n## {title}\n")
        parts.extend(entry(construct) for construct in constructs)
    return "\n".join(parts)


def entry(construct) -> str:
    """One construct's entry: its heading, forms, sentence, details, what it takes and gives, example."""
    lines = [f"### `{construct.keyword}`", ""]
    if any("\n" in form for form in construct.syntax):
        lines += ["```yaml", *construct.syntax, "```", ""]
    elif construct.syntax:
        lines += [" · ".join(f"`{form}`" for form in construct.syntax), ""]
    lines.append(construct.summary())
    details = construct.details()
    if details:
        lines += ["", details]
    facts = _facts(construct)
    if facts:
        lines += ["", facts]
    for heading, keys in _key_tables(construct):
        lines += ["", heading, "", "| key | | what it holds |", "|---|---|---|"]
        lines += [f"| `{key}` | {'required' if spec.required else ''} | {spec.help} |" for key, spec in keys.items()]
    if construct.example:
        lines += ["", "Example:", "", _example_block(construct), ""]
    return "\n".join(lines)


def _facts(construct) -> str:
    """What a function takes and gives, and whether it uses chance, in one line."""
    usage = getattr(construct, "usage", "")
    if not usage:
        return ""
    gives = getattr(construct, "gives", ANY)
    said = [f"Takes {usage}."]
    if gives != ANY:
        said.append(f"Gives {gives}.")
    if getattr(construct, "chance", False):
        said.append("Uses the game's chance.")
    return " ".join(said)


def _key_tables(construct) -> list:
    """(heading, keys) of the mappings a block or section holds."""
    out = []
    for attribute, heading in (("keys", "Its keys:"), ("fields", "Its keys:"), ("entry", "The keys of each entry:")):
        keys = getattr(construct, attribute, None)
        if keys:
            out.append((heading, keys))
    return out


def _example_block(construct) -> str:
    """The example as a code block in the language it is written in."""
    language = "yaml" if construct.example_kind in ("effects", "section") else "text"
    return f"```{language}\n{construct.example.rstrip()}\n```"


if __name__ == "__main__":
    print(render(), end="")
