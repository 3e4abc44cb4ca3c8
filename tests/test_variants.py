"""extends: variants merge into their base, chain, and report mistakes in their own file."""
import textwrap

import pytest

from rulelang.api import load_game
from rulelang.errors import RuleError


def write(folder, name, text):
    path = folder / name
    path.write_text(textwrap.dedent(text))
    return str(path)


def test_a_variant_changes_one_part_and_keeps_the_rest(tmp_path):
    path = write(tmp_path, "v.yaml", """
        extends: storma_slottet
        name: Variant
        moves:
          exchange:
            label: Swap cards
    """)
    game = load_game(path)
    base = load_game("storma_slottet")
    assert game.name == "Variant"
    assert game.moves["exchange"].label == "Swap cards"
    assert len(game.moves["exchange"].body) == len(base.moves["exchange"].body)
    assert set(game.moves) == set(base.moves)


def test_none_removes_a_part_and_triggers_merge_by_name(tmp_path):
    path = write(tmp_path, "v.yaml", """
        extends: hoyers_trappe
        name: Variant
        display: none
        triggers:
          - name: the closing rank drops
            remove: true
          - name: a new trigger
            when: "false"
            do: []
    """)
    game = load_game(path)
    names = [t.name for t in game.triggers]
    assert "the closing rank drops" not in names and names[-1] == "a new trigger"
    assert "the closing pile is closed" in names
    assert game.display == {}


def test_variants_chain(tmp_path):
    write(tmp_path, "middle.yaml", """
        extends: supertrumf_blixtduell
        name: Middle
        results:
          score: "1"
    """)
    path = write(tmp_path, "top.yaml", """
        extends: middle.yaml
        name: Top
    """)
    game = load_game(path)
    assert game.name == "Top" and game.max_players == 2 and "prizes" in game.zones


def test_an_error_in_a_variant_points_into_the_variant(tmp_path):
    path = write(tmp_path, "v.yaml", """
        extends: storma_slottet
        name: Variant
        functions:
          "damage(c)": "sum(d in under(c) | d.dmgg)"
    """)
    with pytest.raises(RuleError) as err:
        load_game(path)
    diagnostic = err.value.diagnostics[0]
    assert diagnostic.position.path == path and diagnostic.position.line == 5
    assert "unknown attribute 'dmgg'" in diagnostic.message


@pytest.mark.parametrize("text, message", [
    ("extends: nowhere_to_be_found\nname: x\n", "cannot find"),
    ("extends: v.yaml\nname: x\n", "a cycle"),
])
def test_bad_bases_are_reported(tmp_path, text, message):
    path = write(tmp_path, "v.yaml", text)
    with pytest.raises(RuleError, match=message):
        load_game(path)


def test_removing_an_unknown_trigger_is_an_error(tmp_path):
    path = write(tmp_path, "v.yaml", """
        extends: tjugonio
        name: x
        triggers:
          - name: no such trigger
            remove: true
    """)
    with pytest.raises(RuleError, match="no trigger named 'no such trigger'"):
        load_game(path)
