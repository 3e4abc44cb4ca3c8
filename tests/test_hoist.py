"""Parts of an expression worked out once per evaluation (compile/hoist.py): where first needed, then kept."""
import shutil
from pathlib import Path

import pytest

from rulelang.api import load_game
from rulelang.compile.expressions import ExpressionCompiler
from rulelang.engine.runtime import new_game
from rulelang.engine.values import ZoneRef

MINIMAL = Path(__file__).resolve().parent / "data" / "minimal.yaml"


@pytest.fixture
def game():
    return load_game(str(MINIMAL))


@pytest.fixture
def loops(game, monkeypatch):
    """The loops compiled rules run, by position (each goes through `iterate` once)."""
    counted = []
    iterate = game.program.namespace["iterate"]

    def counting(st, value, pos):
        counted.append(pos)
        return iterate(st, value, pos)
    monkeypatch.setitem(game.program.namespace, "iterate", counting)
    return counted


def compiled(game, text):
    """An expression of no chance, compiled as the game's own are (a rule test's compiler knows
    nothing of chance, and so keeps no part)."""
    compiler = ExpressionCompiler(game.names, game.program.child())
    compiler.uses_chance = lambda tree: False
    return compiler.compile(text, game.end_position)


def test_a_part_that_reads_no_item_of_a_loop_is_worked_out_once(game, loops):
    st = new_game(game, 2, seed=1)
    hand = st.zones[ZoneRef("hand", 0)]
    ranks = sorted(c.attributes["rank"] for c in hand)
    # `max(...)` reads no `c`: once for the whole count, not once per card of the hand
    count = compiled(game, "count(c in me.hand | c.rank == max(d in me.hand | d.rank))")
    assert count(st, {"me": st.seats[0]}) == ranks.count(ranks[-1])
    assert len(loops) == 2


def test_a_part_written_twice_is_worked_out_once(game, loops):
    st = new_game(game, 2, seed=1)
    twice = compiled(game, "max(c in me.hand | c.rank) + max(c in me.hand | c.rank)")
    assert twice(st, {"me": st.seats[0]}) == 2 * max(c.attributes["rank"] for c in st.zones[ZoneRef("hand", 0)])
    assert len(loops) == 1


def test_a_kept_part_is_worked_out_only_where_it_was_needed_before(game, loops):
    # `c.rank > max(...)` fails on an empty discard pile (max of nothing is none): the max must
    # still be asked only when the pile holds a card, as before, though it is kept once asked.
    st = new_game(game, 2, seed=1)
    guarded = compiled(game, "count(c in me.hand | count(discard) > 0 and c.rank > max(d in discard | d.rank))")
    assert guarded(st, {"me": st.seats[0]}) == 0
    st.move(st.zones[ZoneRef("draw")][0], ZoneRef("discard"))
    low = st.zones[ZoneRef("discard")][0].attributes["rank"]
    loops.clear()
    expected = sum(c.attributes["rank"] > low for c in st.zones[ZoneRef("hand", 0)])
    assert guarded(st, {"me": st.seats[0]}) == expected and len(loops) == 2
