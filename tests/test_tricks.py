"""tricks: the trump suit, a card's suit and rank in play as values the rule file names, and the
functions that follow suit and find the card that takes a trick."""
import textwrap

import attrs
import pytest

from rulelang.api import load_game
from rulelang.compile.dependencies import Dependencies
from rulelang.constructs.catalogue import FUNCTIONS
from rulelang.constructs.tricks import CARD_VALUES, TRUMP
from rulelang.engine.state import GameState
from rulelang.errors import RuleError

GAME = """
    name: Tricks
    players: 4
    deck: {standard: 52, start: draw}
    zones:
      draw: {visibility: hidden}
    vars: {trump: hearts}
    card_props:
      suit_in_play: "trump if trump != none and it.rank == 11 and it.color == 'red' and it.suit != trump else it.suit"
      power: "16 if it.rank == 11 and it.suit == trump else 15 if suit_in_play_is_trump(it) else it.rank"
    functions:
      "suit_in_play_is_trump(c)": "c.rank == 11 and c.suit_in_play == trump"
    tricks: {trump: trump, suit: suit_in_play, rank: power}
    turn: {do: []}
    end: []
"""


def state(tmp_path, text=GAME, trump="hearts"):
    path = tmp_path / "game.yaml"
    path.write_text(textwrap.dedent(text))
    game = load_game(str(path))
    st = GameState(game, 4, 1)
    st.vars["trump"] = trump
    return st, lambda *names: [game.card_by_name[n] for n in names]


def call(name, st, *args):
    return FUNCTIONS[name].meaning(st, *args)


@pytest.mark.parametrize("played,winner", [
    (["9C", "AC", "2H", "KC"], "2H"),          # the lowest trump beats the suit led
    (["9C", "QC", "2S", "10C"], "QC"),         # a card of another suit takes nothing
    (["AH", "JD", "KH", "JH"], "JH"),          # the right bower beats the left
    (["AH", "JD", "KH", "9H"], "JD"),          # the left bower beats the ace of trumps
    (["JD", "AD", "KD", "QS"], "JD"),          # the left bower led is a trump led
])
def test_the_highest_trump_takes_the_trick_else_the_highest_card_of_the_suit_led(tmp_path, played, winner):
    st, cards = state(tmp_path)
    assert call("trick_winner", st, cards(*played)) == cards(winner)[0]


def test_a_card_that_counts_as_trump_follows_trump_and_not_its_printed_suit(tmp_path):
    st, cards = state(tmp_path)
    assert call("follows", st, cards("JD")[0], cards("9H")) is True
    assert call("follows", st, cards("JD")[0], cards("9D")) is False
    assert call("follows", st, cards("JD")[0], []) is True          # nothing led: any card
    assert call("led_suit", st, cards("JD", "9D")) == "hearts" and call("led_suit", st, []) is None
    assert call("is_trump", st, cards("JD")[0]) is True and call("is_trump", st, cards("JC")[0]) is False


def test_with_no_trump_the_suit_led_wins(tmp_path):
    st, cards = state(tmp_path, trump=None)
    assert call("trick_winner", st, cards("9C", "2H", "10C")) == cards("10C")[0]
    assert call("is_trump", st, cards("2H")[0]) is False and call("trick_winner", st, []) is None


def test_trump_written_none_as_the_reference_writes_it_is_no_trump(tmp_path):
    st, cards = state(tmp_path, GAME.replace("tricks: {trump: trump,", "tricks: {trump: none,"))
    assert call("trick_winner", st, cards("9C", "2H", "10C")) == cards("10C")[0]
    assert call("is_trump", st, cards("2H")[0]) is False


def test_without_a_tricks_section_printed_suits_and_ranks_decide(tmp_path):
    st, cards = state(tmp_path, GAME.replace("    tricks: {trump: trump, suit: suit_in_play, rank: power}\n", ""))
    assert call("trick_winner", st, cards("JD", "AH", "KD")) == cards("KD")[0]
    assert call("follows", st, cards("JD")[0], cards("9H")) is False


def test_a_tricks_section_naming_no_card_value_is_an_error_at_its_place(tmp_path):
    with pytest.raises(RuleError) as err:
        state(tmp_path, GAME.replace("{trump: trump, suit: suit_in_play, rank: power}", "{trump: trump, suit: colour}"))
    assert "'colour' is no card value" in str(err.value) and "game.yaml:" in str(err.value)


def test_what_the_trick_functions_read_follows_the_trump_suit(tmp_path):
    st, _ = state(tmp_path)
    names = attrs.evolve(st.game.names, card_props=frozenset())  # the analysis made again, without properties
    found = set()
    assert FUNCTIONS["is_trump"].add_reads(found, Dependencies(names, {TRUMP: "trump"}, {})) is True
    assert found == {("v", "trump")}  # and the printed suits and ranks, which read nothing
    with_power = attrs.evolve(st.game.names, card_props=frozenset({"power"}))
    valued = Dependencies(with_power, {TRUMP: "'spades'", CARD_VALUES: "collect(c in [] | [c.suit, c.power])"},
                          {"power": "it.rank if trump == 'spades' else 0"})
    found = set()
    assert FUNCTIONS["trick_winner"].add_reads(found, valued) is True
    assert found == {("v", "trump")}  # what the rank in play reads
    chancy = Dependencies(names, {TRUMP: "random(['hearts', 'spades'])"}, {})
    assert FUNCTIONS["is_trump"].add_reads(set(), chancy) is False   # a check that calls it always runs
