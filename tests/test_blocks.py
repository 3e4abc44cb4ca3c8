"""Straight stretches of effects run as one function each, exactly as the interpreter would run them."""

import ast

import pytest

from rulelang.compile.localize import env_sites
from rulelang.engine.choices import CHECK_POINT
from rulelang.engine.effects import Straight
from rulelang.engine.runtime import apply_action, new_game
from rulelang.engine.values import ZoneRef
from rulelang.errors import GameError

BASE = """
name: Blocks
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
  hand: {per_player: true, visibility: owner}
  pile: {visibility: public}
vars: {n: 0, seen: 0}
procedures:
  "countdown(k)":
    - set n += 1
    - if: "k > 0"
      then: ["call countdown(k - 1)"]
turn:
  do:
    {turn}
    - choose: c
      from: draw
triggers:
  {triggers}
end:
  - when: "n >= 1000"
    winner: P1
"""


@pytest.fixture
def game_from(rule_file):
    def make(turn, triggers=""):
        return rule_file(BASE, turn=turn, triggers=triggers)
    return make


def program(game) -> tuple:
    """The turn's program as written, without the check point that opens every turn."""
    assert game.turn.body[0] is CHECK_POINT
    return game.turn.body[1:]


def test_a_stretch_without_choices_is_one_node(game_from):
    game = game_from("""
        - set n = 1
        - for: p in players
          do: ["draw 2 from draw to p.hand"]
    """)
    assert isinstance(program(game)[0], Straight) and len(program(game)) == 2
    st = new_game(game, 2, 1)
    assert st.vars["n"] == 1 and [len(st.zones[z]) for z in st.zones if z.name == "hand"] == [2, 2]


def test_break_leaves_the_innermost_loop(game_from):
    game = game_from("""
        - for: p in players
          do:
            - while: "true"
              do:
                - set n += 1
                - if: "n % 3 == 0"
                  then: [break]
    """)
    assert new_game(game, 2, 1).vars["n"] == 6


def test_a_runaway_loop_stops_at_its_bound(game_from):
    game = game_from("""
        - while: "n < 5000"
          do: ["set seen += 1"]
    """)
    with pytest.raises(GameError, match="loop ran 1000 times"):
        new_game(game, 2, 1)


def test_a_procedure_that_calls_itself_runs_straight_and_is_bounded(game_from):
    assert new_game(game_from("- call countdown(9)"), 2, 1).vars["n"] == 10
    with pytest.raises(GameError, match="nested more than 200 deep"):
        new_game(game_from("- call countdown(500)"), 2, 1)


def test_moved_triggers_run_after_the_statement_that_moved_the_card(game_from):
    game = game_from("""
        - move first(draw) to pile
        - set seen = n
        - move first(draw) to pile
    """, """
        - name: count a card laid on the pile
          on: moved
          when: "card.zone == pile"
          do: ["set n += 1"]
    """)
    assert isinstance(program(game)[0], Straight)
    st = new_game(game, 2, 1)
    assert (st.vars["seen"], st.vars["n"]) == (1, 2)


def test_the_game_stops_at_once_when_a_stretch_ends_it(game_from):
    game = game_from("""
        - set n = 1000
        - win P2
        - set seen = 1
    """)
    st = new_game(game, 2, 1)
    assert st.result == ("loss", "win") and st.vars["seen"] == 0


def test_a_break_in_a_stretch_leaves_the_loop_the_interpreter_runs(game_from):
    game = game_from("""
        - while: "true"
          do:
            - choose: c
              from: draw
            - set n += 1
            - if: "n == 2"
              then: [break]
        - set seen = n
    """)
    loop_body = program(game)[0].body
    assert isinstance(loop_body[-1], Straight)  # `set` and the `if` with its break
    st = new_game(game, 2, 1)
    for _ in range(2):
        apply_action(st, 0)
    assert (st.vars["n"], st.vars["seen"]) == (2, 2)


WAITING_TRIGGER = """
    - name: a card laid on the pile makes its player choose whether to count it
      on: moved
      when: "card.zone == pile"
      do:
        - choose: yes
          from: "[true, false]"
        - if: "yes"
          then: ["set n += 1"]
"""


def test_each_drawn_card_sets_off_its_triggers_before_the_next_is_drawn(game_from):
    game = game_from("""
        - draw 3 from draw to pile
        - set seen = n
    """, """
        - name: count the pile as each card arrives
          on: moved
          when: "card.zone == pile"
          do: ["set n += count(pile)"]
    """)
    assert game.events_at_once
    st = new_game(game, 2, 1)
    assert st.vars["n"] == 1 + 2 + 3  # with triggers after the whole draw it would be 3 + 3 + 3


def test_triggers_that_wait_still_run_between_the_cards_of_a_draw(game_from):
    game = game_from("""
        - draw 2 from draw to pile
        - set seen = 1
    """, WAITING_TRIGGER)
    assert not game.events_at_once
    st = new_game(game, 2, 1)
    assert st.pending.labels() == ["True", "False"] and len(st.zones[ZoneRef("pile")]) == 1
    apply_action(st, 0)
    assert len(st.zones[ZoneRef("pile")]) == 2 and st.vars["seen"] == 0
    apply_action(st, 0)
    assert st.vars["n"] == 2 and st.vars["seen"] == 1


CREDIT = """
name: Credit
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: public}
  pile: {per_player: true, visibility: public}
vars: {n: 0}
procedures:
  "give()":
    - move first(draw) to me.pile
turn:
  first: P1
  do:
    - call give()
    - call give() as P2
    - call give() as 'the dealer'
    - choose: c
      from: draw
triggers:
  - name: a pile of three
    for: p in players
    when: "count(p.pile) == 2"
    do: ["move first(draw) to p.pile"]
end: []
"""


GIVEN = """
name: Given
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: public}
  hand: {per_player: true, visibility: owner}
  pile: {per_player: true, visibility: public}
setup:
  - move first(draw) to P2.hand
  - move first(draw) to P1.pile
  - move first(draw) to P2.pile
turn:
  first: P1
  do:
    - move first(P2.hand) to me.hand
    - move first(me.hand) to me.pile
    - move collect(p in players | p.pile) to P2.hand
    - choose: c
      from: draw
end: []
"""


def test_a_move_between_players_says_whose_the_cards_were(rule_file):
    st = new_game(rule_file(GIVEN), 2, 1)
    lines = [text for seat, text in st.log if seat is None]
    assert lines[-3:] == ["P1 moves A♣ from P2.hand to P1.hand",     # handed over: whose it was
                          "P1 moves A♣ to P1.pile",                 # played from its own zone: no 'from'
                          "P1 moves A♣, 2♣, 3♣ to P2.hand"]          # from several zones: no one giver


def test_effects_are_credited_to_whom_they_belong(rule_file):
    st = new_game(rule_file(CREDIT), 2, 1)
    lines = [text for _, text in st.log]
    assert lines[1:] == ["P1 moves A♣ to P1.pile",             # me: the turn's player
                         "P2 moves 2♣ to P2.pile",             # `as P2`: me is P2, and P2 acts
                         "the dealer moves 3♣ to P1.pile",     # `as 'text'`: me stays P1, the text acts
                         "a pile of three: moves 4♣ to P1.pile"]  # a trigger's effects are the trigger's


NESTED_CREDIT = """
name: Nested credit
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: public}
  pile: {per_player: true, visibility: public}
procedures:
  "give()":
    - move first(draw) to me.pile
  "hand_over(p)":
    - call give() as p
  "deal()":
    - call give()
    - call hand_over(P2)
turn:
  first: P1
  do:
    - call deal() as 'the dealer'
    - choose: c
      from: draw
triggers:
  - name: a pile of one
    when: "count(P1.pile) == 1"
    do: ["call give()"]
end: []
"""


def test_procedures_called_from_procedures_keep_their_callers_me_and_credit(rule_file):
    game = rule_file(NESTED_CREDIT)
    give = game.program.namespace[game.program.symbol("procedure", "give")]
    st = new_game(game, 2, 1)
    assert give.__code__.co_varnames[:3] == ("st", "l_me", "_by")  # it takes Python locals (compile/localize.py)
    assert [text for _, text in st.log][1:] == [
        "the dealer moves A♣ to P1.pile",       # deal() as 'the dealer' calls give(): me P1, the dealer acts
        "P2 moves 2♣ to P2.pile",               # hand_over(P2) calls give() as P2: me P2, P2 acts
        "a pile of one: moves 3♣ to P1.pile"]   # a trigger's call: me the turn's player, the trigger acts


UNSET_LOCAL = """
name: Unset local
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
  pile: {visibility: public}
vars: {n: 0}
procedures:
  "last_of(z)":
    - for: x in z
      do: ["set n += 1"]
    - let found = x
turn:
  do:
    - call last_of(pile)
    - choose: c
      from: draw
end: []
"""


def test_a_procedures_local_read_before_it_is_set_is_an_error_at_the_rule(rule_file):
    game = rule_file(UNSET_LOCAL)
    with pytest.raises(GameError, match=r"game.yaml:13:7: 'x' has no value here"):
        new_game(game, 2, 1)


@pytest.mark.parametrize("start, asked, n", [(1, True, 5), (2, False, 7)])
def test_an_if_that_may_wait_ends_the_stretch_before_it(game_from, start, asked, n):
    game = game_from(f"""
        - set n = {start}
        - if: "n == 1"
          then:
            - choose: first
              from: draw
            - set n = 5
          else: ["set n = 7"]
    """)
    assert [type(node) for node in program(game)][:1] == [Straight] and len(program(game)) == 2  # and the choice
    st = new_game(game, 2, 1)
    if asked:  # the branch that waits got a frame, asked at once
        assert st.vars["n"] == start
        apply_action(st, 0)
    assert st.vars["n"] == n  # the straight branch ran at once


def test_a_break_in_the_straight_branch_of_an_if_that_may_wait_leaves_the_loop(game_from):
    game = game_from("""
        - while: "true"
          do:
            - set n += 1
            - if: "n >= 3"
              then: ["break"]
              else:
                - choose: again
                  from: draw
    """)
    st = new_game(game, 2, 1)
    for _ in range(2):
        assert st.pending.node.var == "again"
        apply_action(st, 0)
    assert st.pending.node.var == "c" and st.vars["n"] == 3  # out of the loop: the turn's own choice


def test_a_trigger_that_names_its_origin_answers_only_moves_from_there(game_from):
    game = game_from("""
        - draw 2 from draw to pile
        - move pile to P1.hand
        - move P1.hand to pile
        - move pile to draw
    """, """
        - name: count cards leaving the draw pile or a hand
          on: moved
          when: "n < 100 and (origin == draw or origin == P1.hand)"
          do: ["set n += 1"]
    """)
    assert game.event_triggers[0].origins == frozenset({"draw", "hand"})
    assert game.watched_origins == frozenset({"draw", "hand"})
    st = new_game(game, 2, 1)
    assert st.vars["n"] == 2 + 2  # two drawn from draw, two from P1's hand; none from the pile


def test_a_trigger_without_an_origin_test_watches_every_zone(game_from):
    game = game_from("- move first(draw) to pile", """
        - name: count every move
          on: moved
          when: "card.zone == pile or origin == draw"
          do: ["set n += 1"]
    """)
    assert game.watched_origins is None and new_game(game, 2, 1).vars["n"] == 1


@pytest.mark.parametrize("code, local", [
    ("st.move(env['c'], env.get('me'), env.get('#by'))", True),
    ("helper(st, env)", False),           # the whole env goes elsewhere: it stays a dict
    ("env['#result'] = 1", False),        # a key with no Python local
    ("env.get('x', 0)", False),           # not the plain read
])
def test_a_procedure_takes_python_locals_only_when_env_is_just_read_and_written(code, local):
    assert (env_sites(ast.parse(code).body) is not None) is local
