"""Grammatical person: a label written to the player, said of them in the third person; a line
said of a seat, said to that seat."""
import re

import pytest
from click.testing import CliRunner
from rulelang.cli.main import main

from rulelang.agents import random_agents
from rulelang.api import load_game
from rulelang.catalog import packaged_rulesets
from rulelang.engine.session import play_game
from rulelang.kit.person import second_person, third_person

THIRD = [
    ("Play a card from your hand", "plays a card from their hand"),
    ("End your turn", "ends their turn"),
    ("Pass (nothing can be drawn or laid)", "passes (nothing can be drawn or laid)"),
    ("Reach for yours", "reaches for theirs"),
    ("Fix your pile", "fixes their pile"),
    ("Buzz", "buzzes"),
    ("Veto the deal", "vetoes the deal"),
    ("Carry on without healing", "carries on without healing"),
    ("Play on", "plays on"),
    ("Pay", "pays"),
    ("Have a rest", "has a rest"),
    ("Be brave", "is brave"),
    ("Do nothing", "does nothing"),
    ("Go out", "goes out"),
    ("Don't draw", "doesn't draw"),
    ("Discard yourself", "discards themself"),
    ("Let the dealer deal you a card", "lets the dealer deal them a card"),
    ("Give you 3", "gives them 3"),
    ("Take back the card you drew", "takes back the card they drew"),
    ("Take what you're owed", "takes what they're owed"),
    ("Raise {size}", "raises {size}"),
    ("Call {to_call(me)} from your {pot}", "calls {to_call(me)} from their {pot}"),
    ("{greeting}, your turn", "{greeting}, their turn"),
    ("  Draw", "  draws"),
    ("DRAW", "DRAWS"),
    ("Hold and bank {n}", "holds and banks {n}"),
    ("Pass or play", "passes or plays"),
    ("Draw a card and play it", "draws a card and plays it"),
    ("Draw a card, then carry 2 to your pile", "draws a card, then carries 2 to their pile"),
    ("Take the king and queen of hearts", "takes the king and queen of hearts"),
    ("Take hearts and spades", "takes hearts and spades"),
    ("Take the ace and the king", "takes the ace and the king"),
    ("Higher", "highers"),  # no verb: such a move writes its `third_person:` itself
]

SECOND = [
    ("reveals A♦", "reveal A♦"),
    ("moves A♣ to the discard pile", "move A♣ to the discard pile"),
    ("draws 1 card from the draw pile to your hand", "draw 1 card from the draw pile to your hand"),
    ("is refused: not now", "are refused: not now"),
    ("has 3 points", "have 3 points"),
    ("was right: 5♥ is won", "were right: 5♥ is won"),
    ("goes out", "go out"),
    ("passes", "pass"),
    ("reaches the top", "reach the top"),
    ("carries on", "carry on"),
    ("uses their ace", "use your ace"),
    ("lays it on them", "lay it on you"),
    ("wins a pile of 29", "win a pile of 29"),
    ("10 points", "10 points"),
]


@pytest.mark.parametrize("label,said", THIRD)
def test_a_label_is_said_of_the_player_in_the_third_person(label, said):
    assert third_person(label) == said


@pytest.mark.parametrize("line,said", SECOND)
def test_a_line_about_a_seat_is_said_to_it_in_the_second_person(line, said):
    assert second_person(line) == said


SECOND_PERSON = re.compile(r"\b(?:you|your|yours|yourself|yourselves)\b", re.IGNORECASE)
MULTIPLAYER = [name for name in packaged_rulesets() if load_game(name).max_players > 1]


@pytest.mark.parametrize("name", MULTIPLAYER)
def test_bots_only_logs_of_every_multiplayer_ruleset_hold_no_second_person_words(name):
    game = load_game(name)
    assert_no_second_person(game, name, (1,))
    printed = CliRunner().invoke(main, ["play", name, "--players", ",".join(["random"] * game.min_players),
                                        "--seed", "4"]).output
    assert not SECOND_PERSON.search(printed), printed


@pytest.mark.slow
@pytest.mark.parametrize("name", MULTIPLAYER)
def test_more_bots_only_logs_hold_no_second_person_words(name):
    assert_no_second_person(load_game(name), name, (2, 3))


def assert_no_second_person(game, name: str, seeds) -> None:
    """No line of random games of these seeds that every seat reads says `you`."""
    for seed in seeds:
        st = play_game(game, random_agents(game.min_players, seed), seed)
        said = [text for seat, text in st.log if seat is None and SECOND_PERSON.search(text)]
        assert said == [], f"{name}, seed {seed}: {said[:3]}"
