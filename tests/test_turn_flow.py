"""Turn flow without flags: `repeat` until a move ends it, `end turn` / `end round` / `end repeat`,
moves handed values, and end rules that let the round (or the others' last turns) finish."""
import pytest

from rulelang.engine.runtime import apply_label, new_game
from rulelang.engine.values import ZoneRef
from rulelang.errors import GameError, RuleError

BASE = """
name: Flow
players: [1, 4]
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
  hand: {per_player: true, visibility: owner}
  table: {visibility: public}
player_vars: {score: 0, turns: 0}
vars: {after_repeat: 0}
setup:
  - for: p in players
    do: ["draw 3 from draw to p.hand"]
turn:
  first: P1
  do:
    {turn}
  after: ["set me.turns += 1"]
moves:
  "play(c)":
    label: "Play {c}"
    third_person: "plays {c}"
    if: "c != none"
    do: ["move c to table", "set me.score += 1"]
  stop:
    do: ["end repeat", "set me.score += 1000"]
  quit:
    do: ["end turn", "set me.score += 1000"]
  wait:
    do: []
  {moves}
{rest}
end:
  {end}
"""
REPEATED = """
- repeat:
    - choose move: [play(first(me.hand)), stop, quit]
- set after_repeat += 1
"""
PLAIN_END = '- {when: "count(draw) < 5", winner: P1}'


@pytest.fixture
def flow(rule_file):
    def make(turn=REPEATED, rest="", end=PLAIN_END, moves="idle: {do: []}"):
        return rule_file(BASE, turn=turn, rest=rest, end=end, moves=moves)
    return make


def test_a_move_is_handed_the_value_its_choice_names(flow):
    st = new_game(flow(), 2, 1)
    top = st.zones[ZoneRef("hand", 0)][0]
    option = st.pending.options[0]
    assert option.label == "play" and option.text == f"Play {top.pretty()}"
    apply_label(st, "play")
    assert st.zones[ZoneRef("table")] == [top] and st.pvars[0]["score"] == 1
    assert any(f"P1 plays {top.pretty()}" in text for _, text in st.log)


def test_repeat_offers_the_moves_again_until_a_move_ends_it(flow):
    st = new_game(flow(), 2, 1)
    apply_label(st, "play")
    apply_label(st, "play")
    assert st.pending.seat == 0 and st.pvars[0]["score"] == 2  # asked again after each move
    apply_label(st, "stop")  # leaves the repeat at once: the rest of the move is dropped
    assert st.pvars[0]["score"] == 2 and st.vars["after_repeat"] == 1
    assert st.pending.seat == 1 and st.pvars[0]["turns"] == 1


def test_end_turn_drops_the_rest_of_the_turn_and_runs_its_after(flow):
    st = new_game(flow(), 2, 1)
    apply_label(st, "quit")
    assert st.pvars[0]["score"] == 0 and st.vars["after_repeat"] == 0  # neither the move's rest nor the turn's
    assert st.pvars[0]["turns"] == 1 and st.pending.seat == 1


def test_a_repeat_that_never_ends_is_stopped_at_its_bound(flow):
    st = new_game(flow(turn="- repeat:\n    - choose move: [wait]"), 1, 1)
    with pytest.raises(GameError, match="repeat ran 1000 times without an 'end repeat'"):
        for _ in range(1001):
            apply_label(st, "wait")


def test_end_repeat_outside_a_repeat_is_a_positioned_error(flow):
    st = new_game(flow(turn="- choose move: [stop, quit]"), 2, 1)
    with pytest.raises(GameError, match="'end repeat' outside a repeat") as caught:
        apply_label(st, "stop")
    where = caught.value.position
    assert open(where.path).read().splitlines()[where.line - 1][where.column - 1:].startswith('end repeat')


@pytest.mark.parametrize("listed, message", [
    ("[play]", "move 'play' takes 1 value(s) (c): offer it as play(c)"),
    ('["play(1, 2)"]', "move 'play' takes 1 value(s) (c), written play(c)"),
    ("[stop(1)]", "move 'stop' takes 0 value(s) (none), written stop()"),
    ("[plya(1)]", "unknown move 'plya'"),
])
def test_values_handed_to_a_move_are_checked_against_its_parameters(flow, listed, message):
    with pytest.raises(RuleError, match=message.replace("(", r"\(").replace(")", r"\)")):
        flow(turn=f"- choose move: {listed}")


def test_a_move_that_takes_values_cannot_be_a_reaction(flow):
    with pytest.raises(RuleError, match="move 'play' takes values"):
        flow(rest="reactions: {moves: [play]}")


def test_end_round_needs_rounds(flow):
    with pytest.raises(RuleError, match="'end round' ends a round of a game played in rounds"):
        flow(turn="- choose move: [wait]", moves='over: {do: ["end round"]}')


OVER = 'over: {do: ["end round", "set me.score += 1000"]}'
ROUNDS = """
rounds:
  end: "false"
  after: ["set after_repeat += 1"]
"""


def test_end_round_ends_the_round_at_once_and_runs_its_after(flow):
    st = new_game(flow(turn="- choose move: [over, wait]", rest=ROUNDS, moves=OVER), 2, 1)
    assert st.round_number == 1
    apply_label(st, "over")
    assert st.pvars[0]["score"] == 0 and st.vars["after_repeat"] == 1
    assert st.round_number == 2 and st.pvars[0]["turns"] == 0  # the turn's `after` did not run: the round ended


LAST_TURNS = '- {{when: "P{seat}.score >= 1", finish: {finish}, winner: "most(p in players | p.turns)"}}'


@pytest.mark.parametrize("finish, seat, turns", [
    ("others", 2, [2, 1, 1]),   # P2 reached it in turn 2: P3 and P1 take one more turn each
    ("round", 2, [1, 1, 1]),    # the round of turns P1 began ends with P3's turn
    ("round", 1, [1, 1, 1]),
    ("others", 1, [1, 1, 1]),  # P1 reached it in turn 1: P2 and P3 play theirs
])
def test_an_end_rule_with_finish_lets_play_go_on_before_the_game_ends(flow, finish, seat, turns):
    game = flow(turn="- choose move: [play(first(me.hand)), wait]", end=LAST_TURNS.format(seat=seat, finish=finish))
    st = new_game(game, 3, 1)
    while st.result is None:
        apply_label(st, "play" if st.pending.seat == seat - 1 else "wait")
    assert [p["turns"] for p in st.pvars] == turns
    assert any("then the game ends" in text for _, text in st.log)
