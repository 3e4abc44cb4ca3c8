"""Hover: a construct's reference entry (the catalogue's, as `docs/reference.md` shows it), a key's
help, or a declared name's declaration and kind, in Markdown."""
from __future__ import annotations

from ..constructs.reference import entry as reference_entry  # the reference's own entry: one text for both
from .context import Spot
from .declarations import Declaration, Outline
from .lookup import construct_at, declarations_at, key_help


def hover_text(spot: Spot, outline: Outline | None, path: str) -> str | None:
    """What to show for the word under the cursor in the file at `path`, or None."""
    construct = construct_at(spot)
    if construct is not None and (spot.in_key() or construct.family == "statement"):
        return reference_entry(construct)
    declared = declarations_at(spot, outline) if outline is not None else []
    if declared:
        return "\n\n---\n\n".join(declaration_text(d, path) for d in declared)
    if construct is not None:
        return reference_entry(construct)
    found = key_help(spot)
    if found is not None:
        key, spec = found
        return f"**{key}** ({spec.kind}{', required' if spec.required else ''}): {spec.help}"
    return None


def declaration_text(declaration: Declaration, path: str) -> str:
    """A declared name: what it is, the line that declares it, and where that line is."""
    position = declaration.position
    where = f"line {position.line}" if position.path == path else f"`{position}`"
    parts = [f"**{declaration.name}**: {declaration.summary()}"]
    if declaration.line:
        parts.append(f"```yaml\n{declaration.line}\n```")
    parts.append(f"Declared at {where}.")
    return "\n\n".join(parts)
