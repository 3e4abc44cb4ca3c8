"""Kept answers (compile/answers.py): a rule function of no arguments that loops is worked out once per state."""
import shutil
import textwrap
from pathlib import Path

import pytest

from rulelang.api import load_game
from rulelang.compile.expressions import ExpressionCompiler
from rulelang.engine.memo import remembered
from rulelang.engine.runtime import new_game
from rulelang.engine.values import ZoneRef

MINIMAL = Path(__file__).resolve().parent / "data" / "minimal.yaml"


@pytest.fixture
def game(tmp_path):
    shutil.copy(MINIMAL, tmp_path / "minimal.yaml")
    path = tmp_path / "kept.yaml"
    path.write_text(textwrap.dedent("""
        extends: minimal.yaml
        name: Kept answers
        functions:
          "total()": "sum(p in players | p.points)"
          "mine()": "count(c in me.hand | c.rank > 0)"
    """))
    return load_game(str(path))


def compiled(game, text):
    """An expression compiled against the game, as a rule test's are."""
    return ExpressionCompiler(game.names, game.program.child()).compile(text, game.end_position)


def test_a_kept_function_is_worked_out_once_while_the_state_stays_the_same(game, loops):
    st = new_game(game, 2, seed=1)
    both = compiled(game, "total() + total()")
    assert both(st, {"me": st.seats[0]}) == 0 and len(loops) == 1
    assert both(st, {"me": st.seats[0]}) == 0 and len(loops) == 1  # still the same state: no loop at all
    st.set_player_var(st.seats[1], "points", 4)
    assert both(st, {"me": st.seats[0]}) == 8 and len(loops) == 2  # a change: worked out again
    other = st.clone()
    other.set_player_var(other.seats[0], "points", 3)
    assert both(other, {"me": other.seats[0]}) == 14 and len(loops) == 3  # a clone that changed: its own answer
    assert both(st, {"me": st.seats[0]}) == 8  # and the original's is its own


def test_an_answer_that_reads_me_is_kept_for_that_player_only(game, loops):
    st = new_game(game, 2, seed=1)
    mine = compiled(game, "mine()")
    assert mine(st, {"me": st.seats[0]}) == 3 and mine(st, {"me": st.seats[0]}) == 3 and len(loops) == 1
    assert mine(st, {"me": st.seats[1]}) == 3 and len(loops) == 2  # another player: worked out for them


def test_a_debug_game_keeps_nothing(game, loops):
    both = compiled(game, "total() + total()")
    assert both(new_game(game, 2, seed=1), {"me": None}) == 0 and len(loops) == 1
    assert both(new_game(game, 2, seed=1, debug=True), {"me": None}) == 0 and len(loops) == 3


def test_a_remembered_check_sees_what_a_kept_function_reads(game, loops):
    # While a remembered check runs, a kept function runs too (its answer is not looked up), so
    # the check notes the zones the function reads and its answer is dropped when they change.
    st = new_game(game, 2, seed=1)
    mine = compiled(game, "mine()")
    env = {"me": st.seats[0]}
    assert mine(st, env) == 3 and mine(st, env) == 3 and len(loops) == 1  # kept
    assert remembered(st, "mine", frozenset(), mine, env) == 3 and len(loops) == 2
    st.move(st.zones[ZoneRef("hand", 0)][0], ZoneRef("table", 0))
    assert remembered(st, "mine", frozenset(), mine, env) == 2
