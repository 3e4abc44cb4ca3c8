"""What every construct of the language is: a keyword, how it is written, what it means, an example.

A construct is one small class (Ludii's ludemes are the model). Defining a subclass of a
family's base class with a `keyword` enters it in that family's catalogue (`entries`), in
the order of definition; everything that needs to know the language's constructs (the kind
checker, the compiler, the dependency analysis, the reference interpreter, the generated
reference `docs/reference.md`) reads them from there.
"""
from __future__ import annotations

from typing import NamedTuple

# The kinds of YAML values a mapping's keys take (the shape check's words for them)
TEXT, NUMBER, FLAG, MAPPING, SEQUENCE, EXPR, EFFECTS, NAMES = (
    "text", "number", "true/false", "mapping", "list", "expression", "effects", "names")


class Key(NamedTuple):
    """One key of a mapping: the kind of its value, whether it is required, and what it means."""

    kind: str
    required: bool = False
    help: str = ""


class Construct:
    """Base of all constructs: its keyword, how it is written, and its documented example.

    The class docstring is the documentation: its first line is the one sentence the reference
    shows, the rest (if any) says more. `example` must validate when put in a rule file.
    """

    family = ""  # the family's name, as the reference's headings say it
    keyword = ""  # how the language names it
    syntax: tuple = ()  # how it is written, one form per line of the reference
    example = ""  # an expression, a statement or a YAML snippet using it (see `example_kind`)
    example_kind = "expression"  # where the example stands: expression, statement, effects or section
    entries: dict  # keyword -> construct, of each family (set by `family_of`)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("keyword"):  # a construct, not a family's base
            cls.entries[cls.keyword] = cls()

    @classmethod
    def summary(cls) -> str:
        """The one sentence that says what the construct is."""
        return (cls.__doc__ or "").strip().splitlines()[0]

    @classmethod
    def details(cls) -> str:
        """What the documentation says beyond its first sentence (may be empty)."""
        lines = (cls.__doc__ or "").strip().splitlines()[1:]
        return "\n".join(line.strip() for line in lines).strip()


def family_of(base: type) -> type:
    """Give a family's base class its own catalogue, which its subclasses enter."""
    base.entries = {}
    return base
