"""A rule file's own names come before built-ins alike: functions, variables, constants and shared
zones, in the checker, the compiler, the reference interpreter and the language server, with a
warning at the declaration (language/hiding.py)."""
import os
import textwrap

import pytest

from rulelang.agents import random_agents
from rulelang.analysis.differential import compare_game, reference_game
from rulelang.api import check, load_game
from rulelang.engine.session import play_game

OUTSIDE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "compat", "outside")
HIDING = {  # the outside authors' files (issue 53): their own lowest() and most() took the built-ins' names
    "low_card.yaml": [(26, "function 'lowest' takes the name of the built-in function lowest()")],
    "two_piles.yaml": [(21, "function 'most' takes the name of the built-in function most()")],
    "lowest_card.yaml": [(24, "function 'lowest' takes the name of the built-in function lowest()")],
    "own_builtins.yaml": [(8, "constant 'attributes' takes the name of the built-in name 'attributes'"),
                          (10, "variable 'current' takes the name of the built-in name 'current'"),
                          (35, "function 'highest'"), (36, "function 'most'"), (37, "function 'groups'"),
                          (38, "function 'random'")],
}


@pytest.mark.parametrize("name", sorted(HIDING))
def test_a_file_whose_functions_have_built_in_names_validates_with_one_warning_each_and_plays(name):
    path = os.path.join(OUTSIDE, name)
    found = check(path)
    assert [(d.severity, d.position.line) for d in found] == [("warning", line) for line, _ in HIDING[name]]
    for diagnostic, (_, says) in zip(found, HIDING[name]):
        assert says in diagnostic.message and "cannot be used here" in diagnostic.message
    game = load_game(path)
    for seed in range(3):
        assert play_game(game, random_agents(game.min_players, seed), seed, debug=True).result is not None


def test_the_reference_interpreter_calls_the_file_s_own_functions_too():
    path = os.path.join(OUTSIDE, "own_builtins.yaml")
    game, reference = load_game(path), reference_game(path)
    for seed in range(3):
        compare_game(game, reference, 2, seed, 200)


OWN = """
    name: Own names
    players: 2
    deck: {standard: 52, start: draw}
    constants: {players: 7}
    vars: {current: 10}
    zones:
      draw: {visibility: hidden}
      opponent: {visibility: public}
    functions:
      "max(a, b)": "a - b"
      "median()": "players + current"
    setup:
      - move first(draw) to opponent
      - log "{median()} {max(5, 2)} {count(opponent)} {me}"
    turn:
      do: ["win me"]
    end:
      - when: "count(draw) == 0"
        winner: tie
"""


def test_a_variable_constant_or_zone_is_read_before_a_built_in_name_of_the_same_name(tmp_path):
    path = tmp_path / "own.yaml"
    path.write_text(textwrap.dedent(OWN))
    warned = [d.message.split(":")[0] for d in check(str(path))]
    assert warned == ["constant 'players' takes the name of the built-in name 'players' (all players in seat order)",
                      "variable 'current' takes the name of the built-in name 'current' (the player whose turn "
                      "it is)", "shared zone 'opponent' takes the name of the built-in name 'opponent' (the other "
                      "player)", "function 'max' takes the name of the built-in function max()",
                      "function 'median' takes the name of the built-in function median()"]
    for game in (load_game(str(path)), reference_game(str(path))):
        st = play_game(game, random_agents(2, 0), 0)
        assert "17 3 1 P1" in [text for _, text in st.log]


def test_a_house_rule_is_not_warned_about_the_names_its_base_declares(tmp_path):
    (tmp_path / "own.yaml").write_text(textwrap.dedent(OWN))
    (tmp_path / "house.yaml").write_text("extends: own.yaml\nname: House\nvars: {current: 20}\n")
    found = check(str(tmp_path / "house.yaml"))
    assert [(d.position.path.endswith("house.yaml"), d.position.line) for d in found] == [(True, 3)]


def test_completion_offers_the_file_s_own_function_not_the_built_in_it_hides():
    pytest.importorskip("pygls")
    from rulelang.lsp.completion import completions
    from rulelang.lsp.context import spot
    from rulelang.lsp.examine import examine
    from rulelang.lsp.source import Source
    text = textwrap.dedent(OWN)
    row = text.splitlines().index('  - when: "count(draw) == 0"')
    outline = examine("own.yaml", text, ()).outline
    offered = [item for item in completions(spot(text, row, 11), outline, Source("own.yaml", text), row)
               if item.label in ("max", "median", "count", "opponent")]
    assert sorted((item.label, item.detail.split(" ")[0]) for item in offered) == [
        ("count", "How"), ("max", "function"), ("median", "function"), ("opponent", "zone")]
