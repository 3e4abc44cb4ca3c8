"""Parts of an expression worked out once per evaluation (compile/hoist.py): where first needed, then kept."""
import shutil
import textwrap
from pathlib import Path

import pytest

from rulelang.api import load_game
from rulelang.engine.runtime import new_game
from rulelang.engine.values import ZoneRef

MINIMAL = Path(__file__).resolve().parent / "data" / "minimal.yaml"


@pytest.fixture
def game(tmp_path):
    shutil.copy(MINIMAL, tmp_path / "minimal.yaml")
    path = tmp_path / "parts.yaml"
    path.write_text(textwrap.dedent("""
        extends: minimal.yaml
        name: Parts kept
        functions:
          "top_count(p)": "count(c in p.hand | c.rank == max(d in p.hand | d.rank))"
          "twice(p)": "max(c in p.hand | c.rank) + max(c in p.hand | c.rank)"
          "above(p)": "count(c in p.hand | count(discard) > 0 and c.rank > max(d in discard | d.rank))"
          "all_high(p)": "count(x in p.hand | all(c in p.hand | c.rank <= max(d in discard | d.rank)))"
    """))
    return load_game(str(path))


def function(game, rule_name):
    return game.program.namespace[game.program.symbol("function", rule_name)]


def test_a_part_that_reads_no_item_of_a_loop_is_worked_out_once(game, loops):
    st = new_game(game, 2, seed=1)
    ranks = sorted(c.attributes["rank"] for c in st.zones[ZoneRef("hand", 0)])
    # `max(...)` reads no `c`: once for the whole count, not once per card of the hand
    assert function(game, "top_count")(st, st.seats[0], st.seats[0]) == ranks.count(ranks[-1])
    assert len(loops) == 2


def test_a_part_written_twice_is_worked_out_once(game, loops):
    st = new_game(game, 2, seed=1)
    top = max(c.attributes["rank"] for c in st.zones[ZoneRef("hand", 0)])
    assert function(game, "twice")(st, st.seats[0], st.seats[0]) == 2 * top
    assert len(loops) == 1


def test_a_kept_part_is_worked_out_only_where_it_was_needed_before(game, loops):
    # `c.rank > max(...)` fails on an empty discard pile (max of nothing is none): the max must
    # still be asked only when the pile holds a card, as before, though it is kept once asked.
    st = new_game(game, 2, seed=1)
    above = function(game, "above")
    assert above(st, st.seats[0], st.seats[0]) == 0
    st.move(st.zones[ZoneRef("draw")][0], ZoneRef("discard"))
    low = st.zones[ZoneRef("discard")][0].attributes["rank"]
    loops.clear()
    expected = sum(c.attributes["rank"] > low for c in st.zones[ZoneRef("hand", 0)])
    assert above(st, st.seats[0], st.seats[0]) == expected and len(loops) == 2


def test_within_a_kept_part_what_its_own_loop_repeats_is_worked_out_once(game, loops):
    # `all(...)` reads no `x`: kept once for the count; within it, `max(...)` reads no `c`: kept
    # once for the whole evaluation, not asked again for every card the `all` looks at
    st = new_game(game, 2, seed=1)
    king = next(c for c in st.zones[ZoneRef("draw")] if c.attributes["rank"] == 13)
    st.move(king, ZoneRef("discard"))  # (every card of the hand is as high at most: `all` looks at each)
    loops.clear()
    assert function(game, "all_high")(st, st.seats[0], st.seats[0]) == len(st.zones[ZoneRef("hand", 0)]) == 3
    assert len(loops) == 3  # the count's loop, the all's, and the max's once
