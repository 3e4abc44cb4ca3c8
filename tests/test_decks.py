"""Decks: copies of a card are cards of their own, named by their number, read as their face,
offered once where the chooser cannot tell them apart, and laid out by face in rule tests."""
import textwrap

import pytest

from rulelang import api
from rulelang.analysis.ruletests import read_tests, run_test
from rulelang.compile.decks import custom_deck, standard_deck
from rulelang.engine.decisions import options_for
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
    assert {c.face for c in cards[:4]} == {"Red 7"} and cards[0].pretty() == "Red 7"
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
