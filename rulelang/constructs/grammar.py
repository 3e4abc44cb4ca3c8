"""The lark grammar of expressions and statements, written from the catalogue of constructs.

The statements' productions come from their constructs; the rest (how expressions nest, and the
parts statements share: destinations, facing, targets) is the frame below. The grammar ships
as `grammar/rulelang.lark`, written by `python -m rulelang.constructs` and checked by a test.
"""
from __future__ import annotations

from .catalogue import STATEMENTS

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

EXPRESSIONS = """
// --------------------------------------------------------------- expressions
?expr: or_expr
     | or_expr "if" or_expr "else" expr       -> ifelse

?or_expr: and_expr
        | or_expr "or" and_expr               -> or_
?and_expr: not_expr
         | and_expr "and" not_expr            -> and_
?not_expr: comparison
         | "not" not_expr                     -> not_
?comparison: sum
           | sum COMP_OP sum                  -> compare
           | sum "in" sum                     -> in_
           | sum "not" "in" sum               -> not_in
?sum: term
    | sum ADD_OP term                         -> arith
?term: unary
     | term MUL_OP unary                      -> arith
?unary: postfix
      | "-" unary                             -> neg
?postfix: atom
        | postfix "." NAME                    -> attr
        | postfix "[" expr "]"                -> index
        | NAME "(" [arg ("," arg)*] ")"       -> call
?arg: expr
    | expr "|" expr                           -> lambda_arg
?atom: NUMBER                                 -> number
     | STRING                                 -> string
     | DICE                                   -> dice
     | "true"                                 -> true
     | "false"                                -> false
     | "none"                                 -> none
     | NAME                                   -> name
     | "[" [expr ("," expr)*] "]"             -> list_
     | "(" expr ")"

COMP_OP: "==" | "!=" | "<=" | ">=" | "<" | ">"
ADD_OP: "+" | "-"
MUL_OP: "*" | "//" | "%"

DICE.2: /[0-9]+[dT][0-9]+(?![A-Za-z0-9_])/
NUMBER: /[0-9]+/
STRING: /'[^'\\n]*'/ | /"[^"\\n]*"/
NAME: /[A-Za-z_][A-Za-z0-9_]*/

%ignore /[ \\t]+/
"""


def grammar() -> str:
    """The whole grammar's text."""
    return HEADER + _statements() + STATEMENT_PARTS + EXPRESSIONS


def _statements() -> str:
    """`?statement:` with one alternative per production of every statement construct."""
    lines = []
    for statement in STATEMENTS.values():
        for production in statement.grammar:
            rule, alias = (part.strip() for part in production.rsplit("->", 1))
            lead = "?statement: " if not lines else "          | "
            lines.append(f"{lead}{rule.ljust(ALIGN)} -> {alias}")
    return "\n// ---------------------------------------------------------------- statements\n" + "\n".join(lines) + "\n"
