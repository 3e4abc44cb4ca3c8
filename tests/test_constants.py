"""constants: named values fixed for the whole game, read by name, changed by a variant in one place."""
import textwrap

import pytest

from rulelang.api import load_game
from rulelang.engine.session import play_game
from rulelang.agents import random_agents
from rulelang.errors import RuleError

GAME = """
    name: Constants
    players: 2
    deck: {standard: 52, start: draw}
    constants:
      target: 3
      greeting: hello
    zones:
      draw: {visibility: hidden}
      hand: {per_player: true, visibility: owner}
    card_props:
      big: "it.rank * target >= 30"
    turn:
      do:
        - draw 1 from draw to me.hand
        - log "{greeting}, {target} to win"
    end:
      - when: "count(me.hand) >= target"
        winner: me
"""


def write(folder, name, text):
    path = folder / name
    path.write_text(textwrap.dedent(text))
    return str(path)


def test_a_constant_is_read_by_name_in_rules_and_texts(tmp_path):
    game = load_game(write(tmp_path, "game.yaml", GAME))
    st = play_game(game, random_agents(2, 1), 1)
    assert any(text == "hello, 3 to win" for _, text in st.log)
    assert max(len(st.zones[z]) for z in st.zones if z.name == "hand") == 3


def test_a_card_property_of_constants_is_worked_out_once_per_card(tmp_path):
    game = load_game(write(tmp_path, "game.yaml", GAME))
    assert "big" in game.names.constant_props
    assert game.card_by_name["10H"].facts["big"] is True and game.card_by_name["9H"].facts["big"] is False


def test_a_variant_changes_a_constant_in_one_place(tmp_path):
    write(tmp_path, "game.yaml", GAME)
    variant = load_game(write(tmp_path, "v.yaml", "extends: game.yaml\nname: Longer\nconstants: {target: 5}\n"))
    st = play_game(variant, random_agents(2, 1), 1)
    assert any(text == "hello, 5 to win" for _, text in st.log)
    assert variant.card_by_name["6H"].facts["big"] is True


@pytest.mark.parametrize("change,message", [
    ("  draw: 4", "'draw' is already a shared zone: give the constant another name"),
    ("  P3: 4", "'P3' is already a seat"),
    ("  me: 4", "'me' is already a name of the language"),
    ("  many: [1, 2]", "constant 'many' must be a number, text or true/false"),
])
def test_a_constant_needs_a_free_name_and_a_plain_value(tmp_path, change, message):
    text = textwrap.dedent(GAME).replace("  greeting: hello", change)
    with pytest.raises(RuleError, match=message.replace("[", r"\[")):
        load_game(write(tmp_path, "game.yaml", text))


def test_a_constant_cannot_be_set_and_its_kind_is_known(tmp_path):
    text = textwrap.dedent(GAME).replace("- draw 1 from draw to me.hand", "- set target = 4")
    with pytest.raises(RuleError, match="'target' is a constant"):
        load_game(write(tmp_path, "game.yaml", text))
    text = textwrap.dedent(GAME).replace("count(me.hand) >= target", "count(me.hand) >= greeting")
    with pytest.raises(RuleError, match="'hello' is text, but constant 'greeting' is used where a number is needed"):
        load_game(write(tmp_path, "game.yaml", text))
