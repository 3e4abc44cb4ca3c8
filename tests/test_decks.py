"""Decks: copies of a card are cards of their own, named by their number, read as their face,
offered once where the chooser cannot tell them apart, and laid out by face in rule tests."""
import textwrap

import pytest

from rulelang import api
from rulelang.analysis.ruletests import read_tests, run_test
from rulelang.engine.decisions import options_for
from rulelang.engine.decks import custom_deck, standard_deck
from rulelang.engine.runtime import apply_label, new_game
from rulelang.engine.values import ZoneRef
from rulelang.engine.views import seat_view

GAME = """\
name: Copies
players: 2
deck:
  start: pile
  cards:
    - {name: Red 7, color: red, copies: 2}
    - {name: Wild, color: black, copies: 3}
    - {name: Blue 1, color: blue}
zones:
  pile: {visibility: public}
  hand: {per_player: true, visibility: owner}
card_vars: {mark: 0}
setup:
  - for: p in players
    do: ["draw 3 from pile to p.hand"]
turn:
  first: P1
  do:
    - choose: c
      from: me.hand
    - move c to pile
end:
  - {when: "count(pile) == 6", winner: P1}
"""


@pytest.fixture
def copies(tmp_path):
    path = tmp_path / "copies.yaml"
    path.write_text(GAME)
    return api.load_game(str(path)), path


def test_copies_are_named_by_their_number_and_read_as_their_face():
    cards = custom_deck([{"name": "Red 7", "copies": 2}, {"name": "Blue 1"}], (), copies=2)
    assert [c.name for c in cards] == ["Red 7#1", "Red 7#2", "Red 7#3", "Red 7#4", "Blue 1#1", "Blue 1#2"]
    assert {c.printed for c in cards[:4]} == {"Red 7"} and cards[0].pretty() == "Red 7"
    two_decks = standard_deck(52, copies=2)
    assert len(two_decks) == 104 and [c.name for c in two_decks[:2]] == ["AC#1", "AC#2"]
    assert two_decks[1].pretty() == "A♣" and standard_deck(52)[0].name == "AC"


@pytest.mark.parametrize("entries, message", [
    ([{"name": "Red 7"}, {"name": "Red 7"}], "write `copies: 2` for two cards alike"),
    ([{"name": "Red#7"}], "may not hold '#'"),
    ([{"name": "Red 7", "copies": 0}], "copies of 'Red 7' must be a whole number of at least 1"),
    ([{"name": "Red 7", "copies": 1001}], "at most 1000 cards"),
])
def test_a_bad_deck_says_why(entries, message):
    with pytest.raises(ValueError) as err:
        custom_deck(entries, ())
    assert message in err.value.args[1]


def test_copies_the_chooser_sees_alike_are_offered_once(copies):
    game, _ = copies
    st = new_game(game, 2, seed=1)
    hand = st.zones[ZoneRef("hand", 0)]
    assert [c.name for c in hand] == ["Red 7#1", "Red 7#2", "Wild#1"]
    options = st.pending.options
    assert [o.label for o in options] == ["Red 7", "Wild"]
    assert [(o.text, o.alike) for o in options] == [("Red 7", 2), ("Wild", 1)]
    apply_label(st, "Red 7")  # the first of them goes
    assert [c.name for c in st.zones[ZoneRef("pile")]][:1] == ["Red 7#1"]
    assert seat_view(st, 1)["zones"]["pile"][0] == {"card": "Red 7", "copy": 1}


def test_copies_told_apart_are_offered_each_by_their_own_name(copies):
    game, _ = copies
    st = new_game(game, 2, seed=1)
    st.set_card_var(game.card_by_name["Red 7#2"], "mark", 1)
    options = options_for(st, list(st.zones[ZoneRef("hand", 0)]), 0)
    assert [o.label for o in options] == ["Red 7#1", "Red 7#2", "Wild"]


def test_rules_read_a_copy_by_its_face_and_card_of_a_face_is_refused(copies, tmp_path):
    game, path = copies
    st = new_game(game, 2, seed=1)
    assert st.attribute(game.card_by_name["Red 7#2"], "name", None) == "Red 7"
    broken = tmp_path / "broken.yaml"
    broken.write_text(GAME.replace('winner: P1}', 'winner: P1}\n  - {when: "card(\'Red 7\') in pile", winner: P2}'))
    messages = [d.message for d in api.check(str(broken)) if d.severity == "error"]
    assert any("several copies of 'Red 7': name one ('Red 7#1')" in m for m in messages), messages


def test_a_rule_test_lays_the_next_copy_each_time_a_face_is_named(copies, tmp_path):
    _, path = copies
    tests = tmp_path / "copies.test.yaml"
    tests.write_text(textwrap.dedent(f"""\
        ruleset: {path.name}
        tests:
          - name: three wilds, then no more
            start: turn
            zones:
              P1.hand: [Wild, Wild, Red 7]
              P2.hand: [Wild, Red 7#2]
            expect: "count(c in P1.hand | c.name == 'Wild') == 2 and card('Wild#3') in P2.hand"
          - name: a fourth wild is one too many
            start: turn
            zones:
              P1.hand: [Wild, Wild, Wild, Wild]
    """))
    first, second = (run_test(test) for test in read_tests(str(tests)))
    assert first.passed, first.message
    assert not second.passed and "all 3 copies of 'Wild' are laid out already" in second.message


def test_next_turn_overrides_the_turn_order_once(tmp_path):
    path = tmp_path / "again.yaml"
    path.write_text(GAME.replace("    - move c to pile\n", "    - move c to pile\n"
                                 "    - if: \"c.name == 'Wild'\"\n      then: [\"next turn me\"]\n"))
    game = api.load_game(str(path))
    st = new_game(game, 2, seed=1)
    apply_label(st, "Wild")
    assert st.pending.seat == 0  # a Wild: P1 plays again
    apply_label(st, "Red 7")
    assert st.pending.seat == 1  # then the order goes on


@pytest.mark.parametrize("deck, size, first, last", [
    ("{standard: 52, ranks: [9, 10, 11, 12, 13, 1]}", 24, "AC", "KS"),
    ("{standard: 52, ranks: [1, 7, 8, 9, 10, 11, 12, 13]}", 32, "AC", "KS"),
    ("{standard: 52, ranks: [1, 6, 7, 8, 9, 10, 11, 12, 13]}", 36, "AC", "KS"),
    ("{standard: 52, ranks: [1, 2, 3, 4, 5, 6, 7, 11, 12, 13]}", 40, "AC", "KS"),
    ("{standard: 54, suits: [hearts]}", 15, "AH", "JK2"),
    ("{pack: italian}", 40, "ace of coins", "king of batons"),
    ("{pack: spanish}", 40, "ace of coins", "king of clubs"),
    ("{pack: german}", 32, "ace of acorns", "king of bells"),
    ("{pack: german, suits: [hearts, bells], ranks: [11, 12, 13]}", 6, "under of hearts", "king of bells"),
    ("{suits: [red, blue], ranks: [1, 2, wager], copies: 2}", 12, "1 of red#1", "wager of blue#2"),
])
def test_a_deck_is_a_pack_cut_to_some_ranks_and_suits_or_made_as_suits_by_ranks(tmp_path, deck, size, first, last):
    path = tmp_path / "deck.yaml"
    path.write_text(GAME.replace("deck:\n  start: pile\n  cards:\n    - {name: Red 7, color: red, copies: 2}\n"
                                 "    - {name: Wild, color: black, copies: 3}\n    - {name: Blue 1, color: blue}\n",
                                 f"deck: {deck[:-1]}, start: pile}}\n").replace("count(pile) == 6", "false"))
    game = api.load_game(str(path))
    assert (len(game.cards), game.cards[0].name, game.cards[-1].name) == (size, first, last)


def test_the_cards_of_a_pack_print_their_rank_and_suit_and_read_as_their_names(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text(GAME.replace("deck:\n  start: pile\n  cards:\n    - {name: Red 7, color: red, copies: 2}\n"
                                 "    - {name: Wild, color: black, copies: 3}\n    - {name: Blue 1, color: blue}\n",
                                 "deck: {pack: italian, start: pile}\n")
                  .replace("count(pile) == 6", "card('knight of swords').rank == 9 and card('7 of coins').suit == 'coins'"))
    game = api.load_game(str(path))
    knight = game.card_by_name["knight of swords"]
    assert knight.attributes == {"rank": 9, "suit": "swords"} and knight.pretty() == "knight of swords"
    st = new_game(game, 2, seed=1)
    assert st.result == ("win", "loss")  # the end rule read both cards as the file names them


@pytest.mark.parametrize("deck, message, column", [
    ("{pack: french, start: pile}", "pack must be one of italian, spanish, german", 14),
    ("{pack: italian, ranks: [13], start: pile}", "the italian pack has no rank 13 (its ranks: 1, 2, 3", 30),
    ("{standard: 52, suits: [coins], start: pile}", "the standard deck has no suit 'coins'", 29),
    ("{ranks: [1, 2], start: pile}", "a deck of suits × ranks gives both; to cut a standard deck, write standard: 52",
     15),
    ("{standard: 52, pack: german, start: pile}", "a deck is either standard or a pack, not both", 28),
    ("{pack: german, cards: [{name: x}], start: pile}", "a deck is either a list of cards or a pack, not both", 8),
    ("{suits: [a, a], ranks: [1], start: pile}", "a deck's suits are each given once", 15),
    ("{standard: 52, ranks: [], start: pile}", "ranks is a list of one or more ranks", 29),
])
def test_a_wrong_pack_or_cut_is_an_error_at_its_place(tmp_path, deck, message, column):
    path = tmp_path / "deck.yaml"
    path.write_text(GAME.replace("deck:\n  start: pile\n  cards:\n    - {name: Red 7, color: red, copies: 2}\n"
                                 "    - {name: Wild, color: black, copies: 3}\n    - {name: Blue 1, color: blue}\n",
                                 f"deck: {deck}\n"))
    found = [d for d in api.check(str(path)) if d.severity == "error"]
    assert found and message in found[0].message and (found[0].position.line, found[0].position.column) == (3, column)
