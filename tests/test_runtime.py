"""The interpreter's bounds and checks: runaway rule files end in a GameError, never a hang."""

import pytest

from rulelang.agents import random_agents
from rulelang.api import load_game
from rulelang.engine.runtime import apply_label, new_game
from rulelang.engine.session import play_game
from rulelang.engine.values import ZoneRef
from rulelang.errors import GameError, RuleError

BASE = """
name: Test
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
  hand: {per_player: true, visibility: owner}
  slot: {per_player: true, visibility: public, capacity: 1}
vars: {n: 0}
turn:
  do:
    {turn}
triggers:
  {triggers}
end:
  - when: "n >= 3"
    winner: P1
"""


def line_at(position) -> str:
    """The rule file's line a position points at."""
    with open(position.path, encoding="utf-8") as handle:
        return handle.read().splitlines()[position.line - 1]


@pytest.fixture
def game_from(rule_file):
    def make(turn, triggers=""):
        return rule_file(BASE, turn=turn, triggers=triggers)
    return make


def test_a_game_runs_to_its_end_condition(game_from):
    game = game_from("""
        - choose: c
          from: draw
        - set n += 1
    """)
    st = play_game(game, random_agents(2, 1), 1, debug=True)
    assert st.result == ("win", "loss") and st.actions == 3


def test_overfull_zone_is_an_error_at_the_next_decision(game_from):
    game = game_from("""
        - draw 2 from draw to me.slot
        - choose: c
          from: draw
    """)
    with pytest.raises(GameError, match="capacity 1"):
        new_game(game, 2, 1)


def test_capacity_is_checked_in_the_zones_of_each_clone(game_from):
    game = game_from("""
        - choose: c
          from: draw
    """)
    st = new_game(game, 2, 1)
    st.check_capacity()  # (the table of zones it checks is found once)
    twin = st.clone()
    twin.move(twin.zones[ZoneRef("draw")][:2], ZoneRef("slot", 0))
    with pytest.raises(GameError, match="holds 2 cards, capacity 1"):
        twin.check_capacity()
    st.check_capacity()  # the original's slot is still empty


def test_endless_while_is_stopped(game_from):
    game = game_from("""
        - while: "true"
          do: ["set n -= 1"]
    """)
    with pytest.raises(GameError, match="loop ran 1000 times"):
        new_game(game, 2, 1)


def test_turns_without_decisions_that_never_end_are_blamed_on_the_end_rules(game_from):
    game = game_from("- set n -= 1")
    with pytest.raises(GameError, match=r"turns \(1,000,000 steps\) without a decision and no end rule held") as err:
        new_game(game, 2, 1)
    assert line_at(err.value.position).strip() == '- when: "n >= 3"'


FLIPPING = """
name: Flipping
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
  pile: {per_player: true, visibility: hidden}
vars: {flips: 0}
setup:
  - for: p in players
    do: ["draw 26 from draw to p.pile"]
turn:
  do:
    - draw 1 from me.pile to next(me).pile
    - set flips += 1
end:
  - when: "flips >= 15000"
    winner: P1
"""


def test_two_automatic_players_flip_cards_for_thousands_of_turns(rule_file):
    st = new_game(rule_file(FLIPPING), 2, 1)
    assert st.result == ("win", "loss") and st.actions == 0 and st.turn_number >= 15000


def test_a_trigger_that_keeps_firing_is_stopped(game_from):
    game = game_from("""
        - choose: c
          from: draw
    """, triggers="""
        - name: forever
          when: "true"
          do: ["set n -= 1"]
    """)
    with pytest.raises(GameError, match="triggers fired 200 times without a decision \\(last: 'forever'\\)") as err:
        new_game(game, 2, 1)
    assert line_at(err.value.position).strip() == "- name: forever"


def test_a_choice_without_options_is_a_stall(game_from):
    game = game_from("""
        - choose: c
          from: me.hand
    """)
    with pytest.raises(GameError, match="no legal option"):
        new_game(game, 2, 1)


def test_a_card_offered_twice_is_told_apart(game_from):
    game = game_from("""
        - choose: c
          from: "first(draw, 2) + first(draw, 1)"
    """)
    st = new_game(game, 2, 1)
    first, second = st.zones[ZoneRef("draw")][:2]
    assert st.pending.labels() == [first.name, second.name, f"{first.name} (2)"]
    assert [o.value for o in st.pending.options] == [first, second, first]


OFFERED_AGAIN = BASE.replace("vars: {n: 0}", "vars: {n: 0}\ncard_vars: {mark: 0}")


def test_a_card_offered_again_keeps_its_option_unless_a_value_is_stored_on_it(rule_file):
    game = rule_file(OFFERED_AGAIN, triggers="", turn="""
        - choose: c
          from: "first(draw, 3)"
        - set c.mark = 1
        - choose: d
          from: "first(draw, 3)"
        - choose: e
          from: "first(draw, 2) + first(draw, 1)"
    """)
    st = new_game(game, 2, 1)
    top = st.zones[ZoneRef("draw")][:3]
    before = st.pending.options
    apply_label(st, top[0].name)
    again = st.pending.options
    assert [o.value for o in again] == top and again[1:] == before[1:]  # the same options, made once per game
    assert again[0] is not before[0] and again[0].text == f"{top[0].pretty()} (mark 1)"  # with what is stored on it
    apply_label(st, top[1].name)
    assert st.pending.labels() == [top[0].name, top[1].name, f"{top[0].name} (2)"]  # kept, and told apart


def test_optional_choice_offers_done_and_binds_none(game_from):
    game = game_from("""
        - choose: c
          from: me.hand
          optional: "true"
        - if: "c == none"
          then: ["set n += 3"]
    """)
    st = new_game(game, 2, 1)
    assert st.pending.labels() == ["done"]
    apply_label(st, "done")
    assert st.result == ("win", "loss")


def test_multi_choice_respects_min_and_max(game_from):
    game = game_from("""
        - choose: cs
          from: draw
          where: "it.suit == 'hearts'"
          min: 1
          max: 2
        - move cs to me.hand
        - set n += 3
    """)
    st = new_game(game, 2, 1)
    assert "done" not in st.pending.labels() and len(st.pending.labels()) == 13
    apply_label(st, "AH")
    assert "done" in st.pending.labels() and "AH" not in st.pending.labels()
    apply_label(st, "2H")
    assert st.result is not None
    assert [c.name for c in st.zones[ZoneRef("hand", st.current)]] == ["AH", "2H"]


def test_a_multi_choice_takes_min_and_max_from_expressions(game_from):
    # `min`/`max` written as expressions are evaluated at each pick (numbers are kept as written)
    game = game_from("""
        - choose: cs
          from: draw
          where: "it.suit == 'hearts'"
          min: "n + 2"
          max: "count(cs) + 1 if count(cs) < 3 else 3"
        - move cs to me.hand
        - set n += 3
    """)
    st = new_game(game, 2, 1)
    apply_label(st, "AH")
    assert "done" not in st.pending.labels()  # min is 2
    apply_label(st, "2H")
    assert "done" in st.pending.labels()
    apply_label(st, "3H")  # max reaches 3 at the third pick
    assert st.result is not None
    assert [c.name for c in st.zones[ZoneRef("hand", st.current)]] == ["AH", "2H", "3H"]


def test_a_limit_of_picks_that_gives_no_number_is_a_positioned_error(game_from):
    game = game_from("""
        - choose: cs
          from: draw
          max: "me"
        - set n += 3
    """)
    with pytest.raises(GameError, match="'max' must give a number of picks, got P[12]") as found:
        new_game(game, 2, 1)
    assert found.value.position is not None and found.value.position.line > 0


RISING_HEARTS = """
        - choose: cs
          from: draw
          where: "it.suit == 'hearts' and all(c in cs | c.rank < it.rank)"
          min: 1
          max: 3
        - set n += 3
"""


def counted(node, calls: list):
    """The choice `node` with its steady filter counting its calls in `calls`."""
    steady = node.steady

    def counting(st, env, items):
        calls.append(1)
        return steady(st, env, items)
    object.__setattr__(node, "steady", counting)  # (a frozen node: a test may still wrap it)
    return node


def test_a_multi_choice_checks_the_steady_part_of_its_filter_once_while_the_state_stays(game_from):
    st = new_game(game_from(RISING_HEARTS), 2, 1)
    calls = []
    node = counted(st.pending.node, calls)
    assert node.where is not None  # the part that reads the picks is checked at each pick
    assert len(st.pending.labels()) == 13
    apply_label(st, "5H")
    assert st.pending.labels() == ["6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "done"]
    apply_label(st, "9H")
    assert st.pending.labels() == ["10H", "JH", "QH", "KH", "done"]
    assert calls == []  # the hearts were found before the first pick, and the state has not changed
    env = st.frames[st.pending.frame_index].env
    st.touch()  # a change: the steady part is checked again
    assert [c.name for c in node.candidates(st, env, env["cs"])] == ["10H", "JH", "QH", "KH"] and calls == [1]


def test_a_debug_game_finds_the_steady_items_afresh_and_fails_if_they_changed_unrecorded(game_from):
    st = new_game(game_from(RISING_HEARTS), 2, 1, debug=True)
    calls = []
    node = counted(st.pending.node, calls)
    apply_label(st, "5H")
    assert len(calls) == 1 and len(st.pending.labels()) == 9
    env = st.frames[st.pending.frame_index].env
    env[node.steady_key] = (st.version, [])  # as if the hearts had gone without a recorded change
    with pytest.raises(GameError, match="internal error: the items 'cs' may be picked from changed"):
        node.candidates(st, env, env["cs"])


@pytest.mark.parametrize("choice", [
    'where: "all(c in cs | c.rank < it.rank) and it.suit == \'hearts\'"\n          min: 1',  # leads with the picks
    'where: "random([true, false]) and it.suit == \'hearts\'"\n          min: 1',  # chance
    'where: "it.suit == \'hearts\'"',  # a choice of one item is asked once
])
def test_only_a_multi_choice_filter_leading_with_parts_that_read_neither_picks_nor_chance_is_split(game_from, choice):
    st = new_game(game_from(f"""
        - choose: cs
          from: draw
          {choice}
        - set n += 3
    """), 2, 1)
    assert st.pending.node.steady is None and st.pending.node.where is not None


def test_dice_bounds_are_compile_errors(game_from):
    from rulelang.errors import RuleError
    with pytest.raises(RuleError, match="between 1 and 100 dice"):
        game_from("- let r = 500T10")


def test_a_refused_any_time_move_leaves_the_pending_decision_as_it_was():
    st = new_game(load_game("tests/data/anytime_refused.yaml"), 1, 1)
    hand = ZoneRef("hand", 0)
    for _ in range(3):
        assert st.pending.labels() == ["AC", "peek"]
        apply_label(st, "peek")
    assert st.pending.labels() == ["AC", "peek"] and len(st.zones[hand]) == 1  # nothing was run again
    assert [text for _, text in st.log].count("P1 is refused: not now") == 3
    assert [text for _, text in st.log].count("P1 peeks (always refused)") == 3  # said in the third person


TIE = """
name: Tie
players: 2
deck: {standard: 52, start: pile}
zones:
  pile: {visibility: hidden}
  hand: {per_player: true, visibility: owner}
turn:
  do:
    - choose: c
      from: pile
    - move c to me.hand
end:
  - when: "count(pile) <= 48"
    winner: WINNER
"""


def test_an_end_rule_may_declare_a_draw(rule_file):
    st = play_game(rule_file(TIE.replace("WINNER", "tie")), random_agents(2, 1), 1)
    assert st.result == ("draw", "draw")
    assert st.log[-1] == (None, "game over: a draw")


def test_winner_draw_says_how_a_draw_is_written(rule_file):
    with pytest.raises(RuleError, match="unknown name 'draw': a draw is written winner: tie"):
        rule_file(TIE.replace("WINNER", "draw"))


def test_a_trigger_whose_condition_rolls_dice_does_not_fire_again_for_a_binding_while_its_body_waits(game_from):
    # a condition that uses chance is checked afresh at every check point; a binding whose
    # body is still running (here: waiting for its player's choice) is passed over all the same
    st = new_game(game_from("- choose: x\n  from: '[1]'\n- set n += 1", triggers="""
        - name: an empty slot is filled
          for: p in players
          when: "count(p.slot) == 0 and 1d6 > 0"
          do:
            - choose: c
              by: p
              from: draw
            - move c to p.slot
        """), 2, 3)
    running = [frame.trigger for frame in st.frames if frame.trigger is not None]
    assert st.pending is not None and "choose c" in st.pending.prompt
    assert sorted(binding.name for _, binding in running) == ["P1", "P2"]  # each seat's once
