"""Property tests: no input makes the loader, the parser or the compiler raise anything but our
own errors, and compiled expressions fail only with GameError when they run."""
import os

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis.extra.lark import from_lark
from lark import Lark

from rulelang.api import load_game
from rulelang.compile.expressions import ExpressionCompiler
from rulelang.compile.statements import StatementCompiler
from rulelang.engine.runtime import new_game
from rulelang.engine.values import Player
from rulelang.errors import GameError, Position, RuleError

pytestmark = pytest.mark.slow
from rulelang.language.loader import load_yaml
from rulelang.language.schema import RULE_FILE
from rulelang.language.syntax import grammar_text

GAME = load_game("tests/data/minimal.yaml")
HERE = Position("fuzz.yaml", 1, 1)
# 100 examples each: Hypothesis's grammar strategy spends ~70 ms making one expression (our
# compile and run take ~0.5 ms of it), so 300 cost 24 s of the quick suite.
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "100"))  # FUZZ_EXAMPLES=3000 for a longer hunt
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))

# Expressions from the grammar itself, with names and literals the minimal game knows or not.
GRAMMAR = Lark(grammar_text(), parser="lalr", start="start_expr")
EXPRESSIONS = from_lark(GRAMMAR, start="start_expr", explicit={
    "NAME": st.sampled_from(["x", "draw", "discard", "me", "hand", "count", "sum", "P1", "P9", "tricks",
                             "points", "value", "first", "card", "it", "opponent"]),
    "STRING": st.sampled_from(["'a'", "'QH'", '"draw"', "''"]),
    "DICE": st.sampled_from(["2T10", "1d6", "0T10", "3d1"]),
    "NUMBER": st.sampled_from(["0", "1", "7", "99999999999999999999"]),
}).map(lambda text: " ".join(text.split()))


def compile_expression(text):
    return ExpressionCompiler(GAME.names, GAME.program).compile(text, HERE)


@SETTINGS
@given(st.one_of(EXPRESSIONS, st.text(max_size=40)))
def test_expressions_compile_or_fail_with_a_rule_error(text):
    try:
        compiled = compile_expression(text)
    except RuleError:
        return
    state = new_game(GAME, 2, seed=1)
    try:
        compiled(state, {"me": Player(0)})
    except GameError:
        pass


@SETTINGS
@given(st.text(max_size=60))
def test_statements_compile_or_fail_with_a_rule_error(text):
    try:
        StatementCompiler(ExpressionCompiler(GAME.names, GAME.program)).compile(text, HERE, set())
    except RuleError:
        pass


@SETTINGS
@given(st.binary(max_size=300))
def test_any_bytes_load_or_fail_with_a_rule_error(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "rules.yaml"
    path.write_bytes(data)
    try:
        load_yaml(str(path), RULE_FILE)
    except RuleError:
        pass


@SETTINGS
@given(st.text(alphabet=st.sampled_from(list("ab:- \n\t[]{}&*!|>'\"#%@`,?0123456789")), max_size=120))
def test_yaml_like_text_loads_or_fails_with_a_rule_error(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("fuzz") / "rules.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        load_game(str(path))
    except RuleError:
        pass
