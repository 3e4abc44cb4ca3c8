"""The lark grammar of expressions and statements, written from the catalogue of constructs.

The statements' productions come from their constructs; the rest (how expressions nest, and the
parts statements share: destinations, facing, targets) is the frame below. The grammar ships
as `grammar/rulelang.lark`, written by `python -m rulelang.constructs` and checked by a test.
"""
from __future__ import annotations

from .catalogue import STATEMENTS
from .operators import Operator

ALIGN = 47  # the width a production is padded to before its `-> name`

HEADER = """\
// The rulelang expression and statement grammar (LALR), written from the construct catalogue
// (rulelang/constructs/) by `python -m rulelang.constructs`: edit the catalogue, not this file.
// Expressions appear in `if:`, `when:`, `where:` ... values of a rule file;
// statements are the one-line effects of a `do:` list.

?start_expr: expr
?start_statement: statement
"""

STATEMENT_PARTS = """
destination: expr                       -> to_zone
           | "top" "of" expr            -> to_top
           | "bottom" "of" expr         -> to_bottom
           | "new" "pile" "at" SIDE "of" expr -> to_new_pile

SIDE: "start" | "end"

facing: "face" FACE
FACE: "up" | "down"

acting: "as" expr                      // who the procedure's effects are credited to

target: NAME                  -> target_name
      | postfix "." NAME      -> target_attr

assignment: NAME "=" expr

ASSIGN_OP: "=" | "+=" | "-="
"""

LEVELS = (  # expressions' precedence, loosest first: (level, the level it falls through to)
    ("expr", "or_expr"), ("or_expr", "and_expr"), ("and_expr", "not_expr"), ("not_expr", "comparison"),
    ("comparison", "sum"), ("sum", "term"), ("term", "unary"), ("unary", "postfix"), ("postfix", "atom"),
    ("arg", "expr"), ("atom", None),
)
BRACKETS = '"(" expr ")"'  # an expression in brackets is an atom


def grammar() -> str:
    """The whole grammar's text."""
    return HEADER + _statements() + STATEMENT_PARTS + _expressions()


def _statements() -> str:
    """`?statement:` with one alternative per production of every statement construct."""
    lines = []
    for statement in STATEMENTS.values():
        for production in statement.grammar:
            rule, alias = (part.strip() for part in production.rsplit("->", 1))
            lead = "?statement: " if not lines else "          | "
            lines.append(f"{lead}{rule.ljust(ALIGN)} -> {alias}")
    return "\n// ---------------------------------------------------------------- statements\n" + "\n".join(lines) + "\n"


def _expressions() -> str:
    """Each precedence level with the productions its operators bring, then their terminals."""
    lines = ["", "// --------------------------------------------------------------- expressions"]
    operators = list(Operator.entries.values())
    for level, below in LEVELS:
        alternatives = [production for operator in operators for at, production in operator.grammar if at == level]
        if below is None:
            alternatives.append(BRACKETS)
        lead = f"?{level}: "
        first = [below] if below is not None else []
        for index, production in enumerate(first + alternatives):
            rule, _, alias = production.partition("->")
            text = f"{rule.strip().ljust(ALIGN - len(lead))} -> {alias.strip()}" if alias else rule.strip()
            lines.append((lead if index == 0 else " " * (len(lead) - 2) + "| ") + text)
    lines.append("")
    lines += [terminal for operator in operators for terminal in operator.terminals]
    lines += ["", "%ignore /[ \\t]+/", ""]
    return "\n".join(lines)
