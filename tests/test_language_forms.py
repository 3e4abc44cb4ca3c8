"""The language's smaller forms: elif chains, procedures that return a value, choices that act on
each pick, statements in mapping form, draws to the top or face down, and texts with fields."""
import pytest

from rulelang.engine.runtime import apply_action, new_game
from rulelang.engine.values import ZoneRef, pretty
from rulelang.errors import RuleError

BASE = """
name: Forms
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
  hand: {per_player: true, visibility: owner}
  pile: {visibility: public}
vars: {n: 0, seen: 0, note: ''}
procedures:
  {procedures}
turn:
  do:
    {turn}
    - choose: c
      from: draw
end: []
"""


@pytest.fixture
def game_from(rule_file):
    def make(turn, procedures='"noop()": []'):
        return rule_file(BASE, turn=turn, procedures=procedures)
    return make


def cards(st, zone: str, seat: int | None = None) -> list[str]:
    """The names of the cards in a zone, top first."""
    return [c.name for c in st.zones[ZoneRef(zone, seat)]]


@pytest.mark.parametrize("n, seen", [(0, 1), (5, 2), (7, 3), (9, 4)])
def test_elif_runs_the_first_branch_that_holds(game_from, n, seen):
    game = game_from(f"""
        - set n = {n}
        - if: "n == 0"
          then: ["set seen = 1"]
        - elif: "n < 6"
          then: ["set seen = 2"]
        - elif: "n < 8"
          then: ["set seen = 3"]
          else: ["set seen = 4"]
    """)
    assert new_game(game, 2, 1).vars["seen"] == seen


@pytest.mark.parametrize("turn, message", [
    ("""
        - set n = 1
        - elif: "n == 1"
          then: ["set seen = 1"]
     """, "'elif' goes right after an 'if'"),
    ("""
        - if: "n == 0"
          then: ["set seen = 1"]
          else: ["set seen = 2"]
        - elif: "n == 1"
          then: ["set seen = 3"]
     """, "this 'else' comes before an 'elif'"),
])
def test_a_misplaced_elif_or_else_is_an_error(game_from, turn, message):
    with pytest.raises(RuleError, match=message):
        game_from(turn)


def test_a_procedure_returns_a_value_to_let(game_from):
    game = game_from("""
        - let small = call grade(2)
        - let big = call grade(9)
        - let nothing = call grade(0)
        - set n = small * 100 + big
        - set seen = 1 if nothing == none else 0
    """, procedures="""
        "grade(k)":
          - if: "k == 0"
            then: [return]
          - for: i in [1, 2, 3]
            do:
              - if: "k > 5"
                then: ["return k * 10"]
          - return: k
          - set seen = 99
    """)
    st = new_game(game, 2, 1)
    assert st.vars["n"] == 2 * 100 + 90 and st.vars["seen"] == 1


def test_a_procedure_that_waits_for_a_choice_returns_after_it(game_from):
    game = game_from("""
        - draw 3 from draw to P1.hand
        - let kept = call keep_one()
        - set n = 1 if kept in P1.hand and count(pile) == 2 else 0
    """, procedures="""
        "keep_one()":
          - choose: x
            from: P1.hand
          - for: other in P1.hand
            do:
              - if: "other != x"
                then: ["move other to pile"]
          - return x
          - set seen = 99
    """)
    st = new_game(game, 2, 1)
    picked = st.pending.options[1].label
    apply_action(st, 1)
    assert st.vars["n"] == 1 and st.vars["seen"] == 0 and cards(st, "hand", 0) == [picked]


def test_return_outside_a_procedure_is_an_error(game_from):
    with pytest.raises(RuleError, match="'return' ends a procedure"):
        game_from("- return 1")


def test_a_choice_with_do_acts_on_each_pick_until_done(game_from):
    game = game_from("""
        - draw 3 from draw to P1.hand
        - choose: x
          from: P1.hand
          min: 1
          do:
            - move x to pile
            - set n += 1
    """)
    st = new_game(game, 2, 1)
    first_offer = [o.label for o in st.pending.options]
    assert "done" not in first_offer and len(first_offer) == 3   # min 1: no `done` before a pick
    apply_action(st, 0)
    assert st.vars["n"] == 1 and cards(st, "pile") == [first_offer[0]]   # acted on before the next pick
    second_offer = [o.label for o in st.pending.options]
    assert "done" in second_offer and len(second_offer) == 3
    apply_action(st, second_offer.index("done"))
    assert st.vars["n"] == 1 and len(cards(st, "hand", 0)) == 2


def test_a_choice_with_do_ends_at_max_or_at_break(game_from):
    game = game_from("""
        - draw 4 from draw to P1.hand
        - choose: x
          from: P1.hand
          max: 3
          do:
            - move x to pile
            - if: "count(pile) == 2"
              then: [break]
    """)
    st = new_game(game, 2, 1)
    apply_action(st, 0)
    apply_action(st, 0)
    assert len(cards(st, "pile")) == 2 and len(cards(st, "hand", 0)) == 2   # left at the break


def test_statements_in_mapping_form_need_no_quoting(game_from):
    game = game_from("""
        - set: n += 3
        - draw: 2 from draw to pile
        - log: "{n} chips: {count(pile)} on the pile"
        - set: "note = 'a: b'"
    """)
    st = new_game(game, 2, 1)
    assert st.vars["n"] == 3 and len(cards(st, "pile")) == 2 and st.vars["note"] == "a: b"
    assert any("3 chips: 2 on the pile" in text for _, text in st.log)


def test_draw_to_the_top_or_bottom_and_face_down(game_from):
    game = game_from("""
        - move first(draw, 2) to pile
        - let top = first(draw)
        - draw 1 from draw to top of pile face down
        - let next = first(draw)
        - draw 1 from draw to bottom of pile
        - set n = 1 if first(pile) == top and last(pile) == next else 0
        - set seen = 1 if top.face_down and not next.face_down else 0
    """)
    st = new_game(game, 2, 1)
    assert st.vars["n"] == 1 and st.vars["seen"] == 1 and len(cards(st, "pile")) == 4


def test_a_draw_cannot_start_a_pile(game_from):
    with pytest.raises(RuleError, match="a draw goes to a zone"):
        game_from("- draw 1 from draw to new pile at end of pile")


def test_a_text_in_an_expression_fills_in_its_fields(game_from):
    game = game_from("""
        - set n = 4
        - set note = 'n is {n * 2}, top is {first(draw)}'
    """)
    st = new_game(game, 2, 1)
    assert st.vars["note"] == f"n is 8, top is {pretty(st.zones[ZoneRef('draw')][0])}"


def test_a_text_where_a_number_is_needed_is_blamed_where_it_was_written(tmp_path):
    (tmp_path / "base.yaml").write_text(BASE_WITH_POWER)
    (tmp_path / "house.yaml").write_text(HOUSE_RULE)
    from rulelang.api import load_game
    with pytest.raises(RuleError) as err:
        load_game(str(tmp_path / "house.yaml"))
    (diagnostic,) = err.value.diagnostics
    assert diagnostic.position.path.endswith("house.yaml") and diagnostic.position.line == 4
    assert "'forty' is text, but card property 'power' is used where a number is needed ('>='" in diagnostic.message
    load_game(str(tmp_path / "base.yaml"))  # the base rules alone are fine


BASE_WITH_POWER = """
name: Power
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
card_props:
  power: "it.rank"
functions:
  "strong(c)": "c.power >= 10"
turn:
  do:
    - choose: c
      from: draw
    - if: "strong(c)"
      then: ["win me"]
end: []
"""

HOUSE_RULE = """extends: base.yaml
name: Forty
card_props:
  power: "'forty' if it.rank == 13 else it.rank"
"""


@pytest.mark.parametrize("turn, message", [
    ("- shuffle drawpile", "unknown name 'drawpile' (did you mean 'draw'?)"),
    ("- set seens = 1", "'seens' is neither a game variable (vars:) nor a local (let) (did you mean 'seen'?)"),
])
def test_a_near_miss_name_gets_a_suggestion(game_from, turn, message):
    with pytest.raises(RuleError) as err:
        game_from(turn)
    assert [d.message for d in err.value.diagnostics] == [message]


def test_a_variable_may_start_as_a_list_and_every_game_starts_with_it(rule_file):
    game = rule_file(BASE.replace("vars: {n: 0, seen: 0, note: ''}", "vars: {n: 0, seen: [], note: ''}\n"
                                  "player_vars: {bids: {initial: [0, [1, 'nil']], label: bids}}"),
                     procedures='"noop()": []', turn="""
        - set seen = seen + [count(seen)]
        - set me.bids = me.bids + [7]
    """)
    first = new_game(game, 2, 1)
    apply_action(first, 0)
    assert first.vars["seen"] == [0, 1] and first.pvars[0]["bids"] == [0, [1, "nil"], 7]
    assert new_game(game, 2, 1).vars["seen"] == [0] and game.game_vars["seen"] == []  # each game starts anew
