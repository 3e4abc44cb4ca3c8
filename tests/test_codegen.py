"""Compiled rules cannot reach Python: no builtins, no imports, no attributes a rule file names."""
import ast

import pytest

from rulelang.api import compile_document, load_document, load_game, packaged_rulesets
from rulelang.compile.expressions import ExpressionCompiler
from rulelang.engine.runtime import new_game
from rulelang.engine.values import Player
from rulelang.errors import GameError, RuleError
from rulelang.kit import codegen

MINIMAL = "tests/data/minimal.yaml"
# The engine's own fields and methods that generated code may touch; nothing else.
ENGINE_ATTRIBUTES = {"vars", "pvars", "seats", "current", "facts", "items", "roll", "zone_family", "move", "draw",
                     "new_pile", "turn_face", "mark", "say", "finish", "set_var", "quiet", "depth", "get", "id", "down", "nesting", "events", "result", "cvars", "credit",
                     "root", "zones", "reads", "n", "under_of", "loc", "__class__", "frames", "append", "set_next_turn",
                     "answers", "version", "round_number", "clock", "versions", "changed_parts", "game", "teams"}


@pytest.fixture
def generated(monkeypatch):
    """Every function the code generator makes, as ast: those compiled (every function compiles
    when first called, or when `compile_all` compiles them all), and the statements of those
    whose code is pasted where they are run."""
    trees = []
    compiled, define_pasteable = codegen.Program.compiled, codegen.Program.define_pasteable

    def record(name, params, body):
        trees.append(ast.Module(body=[ast.FunctionDef(name=name, args=ast.arguments(
            posonlyargs=[], args=[ast.arg(p) for p in params], kwonlyargs=[], kw_defaults=[], defaults=[]),
            body=body, decorator_list=[])], type_ignores=[]))

    def recording(self, name, params, body, line=1):
        record(name, params, body)
        return compiled(self, name, params, body, line)

    def recording_pasteable(self, name, statements, where, line=1):
        record(name, ["st", "env"], codegen.guarded(statements, where) if where is not None else statements)
        return define_pasteable(self, name, statements, where, line)
    monkeypatch.setattr(codegen.Program, "compiled", recording)
    monkeypatch.setattr(codegen.Program, "define_pasteable", recording_pasteable)
    return trees


@pytest.mark.parametrize("name", sorted(packaged_rulesets()))
def test_generated_code_names_only_the_engine_and_its_own_locals(name, generated):
    game = compile_document(load_document(name))  # compiled afresh: load_game may give a game compiled before
    game.program.compile_all()
    namespace = game.program.namespace
    assert namespace["__builtins__"] == {}
    assert generated
    for tree in generated:
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                assert node.attr in ENGINE_ATTRIBUTES, ast.unparse(node)
            elif isinstance(node, ast.Name):
                local = node.id in ("st", "env", "me", "_err") or node.id.startswith(("v_", "l_", "_"))
                assert local or node.id in namespace, node.id
            assert not isinstance(node, (ast.Import, ast.ImportFrom, ast.Lambda, ast.Global))


@pytest.mark.parametrize("source, message", [
    ("P1.__class__", "unknown attribute '__class__'"),
    ("__import__('os')", "unknown function '__import__'"),
    ("eval('1')", "unknown function 'eval'"),
    ("__builtins__", "unknown name '__builtins__'"),
    ("draw.__dict__", "unknown attribute '__dict__'"),
])
def test_python_names_are_not_rule_names(source, message):
    game = load_game(MINIMAL)
    with pytest.raises(RuleError, match=message.replace("(", r"\(")):
        ExpressionCompiler(game.names, game.program).compile(source, game.zones["draw"].pos)


def test_text_from_a_rule_file_stays_text():
    game = load_game(MINIMAL)
    source = "'__import__(\"os\").system(\"echo hacked\")'"
    value = ExpressionCompiler(game.names, game.program).compile(source, game.zones["draw"].pos)(
        new_game(game, 2, seed=1), {"me": Player(0)})
    assert value == '__import__("os").system("echo hacked")'


def test_a_python_error_inside_compiled_rules_is_a_positioned_game_error():
    game = load_game(MINIMAL)
    pos = game.zones["draw"].pos
    compiled = ExpressionCompiler(game.names, game.program).compile("first(draw).rank < at(['x'], 0)", pos)
    with pytest.raises(GameError) as err:
        compiled(new_game(game, 2, seed=1), {"me": Player(0)})
    assert err.value.position.line == pos.line and "'<' cannot compare a number with a text" in str(err.value)


@pytest.mark.parametrize("name", sorted(packaged_rulesets()))
def test_every_function_compiled_at_its_first_call_compiles(name):
    program = compile_document(load_document(name)).program
    functions = [deferred.function for deferred in program.deferred.values()]
    assert functions  # (nothing is compiled as a ruleset loads)
    program.compile_all()
    assert not program.deferred
    for function in functions:
        assert function.__kwdefaults__ is None and function.__code__.co_name == function.__name__


def test_a_function_is_made_when_first_called_and_runs_its_own_code_from_then_on():
    program, made = codegen.Program("x.yaml", {}), []

    def body():
        made.append(1)
        return [ast.Return(ast.BinOp(ast.Name("a", ast.Load()), ast.Add(), ast.Constant(1)))]
    function = program.define_lazily("_f1", ["a"], body)
    assert not made and program.namespace["_f1"] is function  # nothing made as the program loads
    assert function(1) == 2 and function(5) == 6 and made == [1]  # made once
    assert function.__code__.co_name == "_f1" and program.namespace["_f1"] is function and not program.deferred


def test_a_function_compiles_at_its_first_call_and_runs_its_own_code_from_then_on():
    program = codegen.Program("x.yaml", {})
    function = program.define_pasteable("_e1", [ast.Return(ast.Constant(7))], None)
    assert function.__code__.co_name != "_e1"  # not compiled yet
    assert function(None, {}) == 7
    assert function.__code__.co_name == "_e1" and function(None, {}) == 7
    assert "_e1" not in program.namespace  # reached only through the function itself
