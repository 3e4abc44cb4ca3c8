"""Remembered checks (engine/memo.py): answers stand only while their inputs are unchanged."""
import pytest

from rulelang.agents import build_agent, parse_players, random_agents
from rulelang.api import load_game, packaged_rulesets
from rulelang.engine import memo, runtime
from rulelang.engine.memo import list_changes, lookup, note, remembered
from rulelang.engine.runtime import apply_action, apply_label, new_game
from rulelang.engine.session import play_game
from rulelang.engine.values import ZoneRef
from rulelang.errors import GameError

RULESETS = sorted(packaged_rulesets())


def play_some(game, seed: int, decisions: int, debug: bool):
    """A seeded random game, played to its end or for at most `decisions` decisions."""
    st = new_game(game, game.min_players, seed, debug=debug)
    agents = random_agents(game.min_players, seed)
    while st.result is None and st.actions < decisions:
        apply_action(st, agents[st.pending.seat].choose(None, st.pending))
    return st


@pytest.mark.parametrize("seeds", [range(1), pytest.param(range(1, 3), marks=pytest.mark.slow)], ids=["seed 0", "seeds 1-2"])
@pytest.mark.parametrize("name", RULESETS)
def test_every_remembered_answer_equals_a_fresh_one_in_random_games(name, seeds):
    # A debug game re-checks every answer it takes from memory and fails on a difference.
    game = load_game(name)
    for seed in seeds:
        assert play_some(game, seed, 3000, debug=True).actions > 0


@pytest.mark.parametrize("name", RULESETS)
def test_remembering_changes_nothing(name):
    game = load_game(name)
    assert play_some(game, 9, 3000, debug=False).log == play_some(game, 9, 3000, debug=True).log


@pytest.mark.slow
@pytest.mark.parametrize("name", ["storma_slottet", "tjugonio", "houska_castle"])
def test_search_bots_play_the_same_game_with_nothing_remembered(name, monkeypatch):
    # Search bots clone the state for their playouts, and clones share the memory: a remembered
    # answer taken where it no longer stands would change what the bots see, and so the game.
    game = load_game(name)
    specs = parse_players(",".join(["mcts:iterations=10"] + ["greedy"] * (game.min_players - 1)))

    def played() -> list:
        return play_game(game, [build_agent(spec, seat, 3, game) for seat, spec in enumerate(specs)], 3).log
    remembering = played()
    monkeypatch.setattr(memo, "lookup", lambda st, key: (False, None))
    monkeypatch.setattr(runtime, "lookup", lambda st, key: (False, None))
    assert played() == remembering


def test_an_answer_stands_until_a_zone_it_read_changes():
    game = load_game("tests/data/minimal.yaml")
    st = new_game(game, 2, seed=1)
    calls = []

    def count_draw(state, env):
        calls.append(1)
        return len(state.items(ZoneRef("draw")))
    first = remembered(st, "k", frozenset(), count_draw, {})
    assert remembered(st, "k", frozenset(), count_draw, {}) == first and len(calls) == 1
    st.set_var("tricks", 3)  # not read: the answer stands
    assert remembered(st, "k", frozenset(), count_draw, {}) == first and len(calls) == 1
    st.move(st.zones[ZoneRef("draw")][0], ZoneRef("hand", 0))
    assert remembered(st, "k", frozenset(), count_draw, {}) == first - 1 and len(calls) == 2


def test_clones_share_answers_only_where_they_agree():
    game = load_game("tests/data/minimal.yaml")
    st = new_game(game, 2, seed=1)
    draw = ZoneRef("draw")
    remembered(st, "k", frozenset(), lambda state, env: len(state.items(draw)), {})
    left, right = st.clone(), st.clone()
    left.move(left.zones[draw][0], ZoneRef("hand", 0))
    assert lookup(right, "k")[0]  # right has not changed: the shared answer stands for it
    assert not lookup(left, "k")[0]
    remembered(left, "k", frozenset(), lambda state, env: len(state.items(draw)), {})
    right.move(right.zones[draw][-1], ZoneRef("hand", 1))  # a different change, with its own number
    assert not lookup(right, "k")[0]


def test_a_stale_answer_is_caught_in_a_debug_game():
    game = load_game("tests/data/minimal.yaml")
    st = new_game(game, 2, seed=1, debug=True)
    remembered(st, "k", frozenset(), lambda state, env: state.vars["tricks"], {})
    st.vars["tricks"] = 5  # changed behind the engine's back: no change recorded
    with pytest.raises(GameError, match="remembered answer"):
        remembered(st, "k", frozenset(), lambda state, env: state.vars["tricks"], {})


def test_a_debug_game_rolls_the_same_dice_as_a_plain_one(tmp_path):
    # A check point that sees the state of the last quiet one is skipped in both: a condition
    # that rolls dice there would otherwise roll more often in a debug game.
    path = tmp_path / "dice.yaml"
    path.write_text("""
name: dice
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
vars:
  hits: 0
turn:
  do:
    - choose move: [wait]
moves:
  wait:
    do: ['log "rolled {1T10}"']
triggers:
  - name: a lucky roll
    when: "1T10 == 0"
    do: ["set hits += 1"]
end:
  - when: "hits >= 5"
    winner: P1
""")
    game = load_game(str(path))
    plain, debug = play_some(game, 4, 500, debug=False), play_some(game, 4, 500, debug=True)
    assert plain.result is not None and plain.log == debug.log


QUIET_RULES = """
name: quiet
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
  pile: {visibility: public}
vars: {n: 0, ticks: 0}
turn:
  do:
    - choose move: [put, tick]
moves:
  put: {do: ["move first(draw) to pile"]}
  tick: {do: ["set ticks += 1"]}
triggers:
  - name: three on the pile
    when: "count(pile) == 3"
    do: ["set n += 1", "move pile to draw"]
end:
  - when: "n >= 2"
    winner: P1
"""


def test_a_check_point_where_no_rule_read_a_change_looks_up_one_answer(tmp_path, monkeypatch):
    path = tmp_path / "quiet.yaml"
    path.write_text(QUIET_RULES)
    st = new_game(load_game(str(path)), 2, seed=1)
    assert lookup(st, runtime.ALL_QUIET)[0]  # the first check point found every rule quiet
    checked = []
    monkeypatch.setattr(runtime, "_first_holding", lambda *args: checked.append(args[1].name))
    apply_label(st, "tick")  # no rule reads `ticks`: the check points look at no rule
    assert checked == [] and st.vars["ticks"] == 1
    monkeypatch.undo()
    st.move(st.zones[ZoneRef("draw")][0], ZoneRef("pile"))  # the trigger reads the pile
    assert not lookup(st, runtime.ALL_QUIET)[0]
    apply_label(st, "put")
    apply_label(st, "put")  # the third card: the trigger fires though the rules were all quiet before
    assert st.vars["n"] == 1 and st.zones[ZoneRef("pile")] == []


COSTS = """
name: Costs
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
  hand: {per_player: true, visibility: owner}
functions:
  "room()": "5 - count(me.hand)"
  "hearts(p)": "count(c in p.hand | c.suit == 'hearts')"
  "most_hearts()": "hearts(me) > hearts(opponent)"
  "down(k)": "k if k <= 0 else down(k - 1)"
anytime:
  moves: [cheap, looping, through_a_function, calling_itself]
moves:
  cheap: {if: "room() > 0 and count(draw) > 0", do: []}
  looping: {if: "any(c in me.hand | c.rank == 1)", do: []}
  through_a_function: {if: "most_hearts()", do: []}
  calling_itself: {if: "down(3) == 0", do: []}
turn:
  do:
    - choose: c
      from: draw
end: []
"""


def test_only_conditions_that_loop_are_remembered(tmp_path):
    # Looking up an answer costs about what a condition without a loop costs to evaluate.
    path = tmp_path / "costs.yaml"
    path.write_text(COSTS)
    game = load_game(str(path))
    assert {name: move.costly for name, move in game.moves.items()} == {
        "cheap": False, "looping": True, "through_a_function": True, "calling_itself": True}
    st = new_game(game, 2, seed=1)
    seat = st.pending.seat
    assert lookup(st, ("legal", "looping", seat))[0] and not lookup(st, ("legal", "cheap", seat))[0]
    assert [label for label in st.pending.labels() if label in game.moves] == ["cheap", "calling_itself"]


LONE_RULE = """
name: Lone rule
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
  pile: {visibility: public}
turn:
  do:
    - choose: c
      from: draw
    - move c to pile
end:
  - when: "{when}"
    winner: P1
"""


@pytest.mark.parametrize("when, remembered_quiet", [
    ("count(pile) >= 3", False),                 # the only rule, and cheap: checked each time
    ("count(c in pile | c.rank > 0) >= 3", True),  # it loops: worth remembering
])
def test_a_lone_cheap_rule_is_checked_not_looked_up(tmp_path, when, remembered_quiet):
    path = tmp_path / "lone.yaml"
    path.write_text(LONE_RULE.replace("{when}", when))
    st = new_game(load_game(str(path)), 2, seed=1)
    assert lookup(st, ("quiet", ("end", 0)))[0] is remembered_quiet
    apply_action(st, 0)
    apply_action(st, 0)
    assert st.result is None
    apply_action(st, 0)
    assert st.result == ("win", "loss")  # found at the third card either way


class StampsUnread(dict):
    """A state's versions that fail if a look-up reads an input's stamp."""

    def get(self, *args):
        raise AssertionError("a stamp was read")


def test_after_a_quiet_check_point_an_answer_is_tested_against_the_changes_listed_since(tmp_path):
    path = tmp_path / "quiet.yaml"
    path.write_text(QUIET_RULES)
    st = new_game(load_game(str(path)), 2, seed=1)
    assert st.changed_since == st.version and st.changed_parts == []
    st.versions = StampsUnread(st.versions)
    st.set_var("ticks", 1)  # not an input of any rule: the answer stands, and no stamp is read
    assert lookup(st, runtime.ALL_QUIET)[0]
    assert st.changed_parts == [("v", "ticks")]
    st.versions = dict(st.versions)
    st.move(st.zones[ZoneRef("draw")][0], ZoneRef("pile"))  # the trigger reads the pile
    assert not lookup(st, runtime.ALL_QUIET)[0]


def _mark(st, card):
    st.mark(card, {"bonus": 1})


def _turn_down(st, card):
    st.move(card, ZoneRef("discard"), face_down=True)


@pytest.mark.parametrize("change, part", [
    (lambda st, card: st.set_var("tricks", 4), ("v", "tricks")),
    (lambda st, card: st.set_player_var(st.seats[0], "points", 2), ("p", "points")),
    (lambda st, card: st.set_card_var(card, "bonus", 3), "cvar"),
    (lambda st, card: st.move(card, ZoneRef("discard")), ZoneRef("discard")),
    (lambda st, card: st.move(card, ZoneRef("discard")), "loc"),
    (_turn_down, "down"),
    (_mark, "attach"),
])
def test_every_kind_of_change_is_listed(change, part):
    # An answer that reads the part falls, by the list as by the stamps; one that does not stands.
    for listed in (True, False):
        st = new_game(load_game("tests/data/minimal.yaml"), 2, seed=1)
        note(st, "reads it", {part}, True)
        note(st, "reads another", {("v", "unread")}, True)
        if listed:
            list_changes(st)
        change(st, st.zones[ZoneRef("draw")][0])
        assert (st.changed_parts is not None and part in st.changed_parts) is listed
        assert not lookup(st, "reads it")[0] and lookup(st, "reads another")[0]


def test_a_clone_lists_its_own_changes():
    st = new_game(load_game("tests/data/minimal.yaml"), 2, seed=1)
    note(st, "k", {ZoneRef("discard")}, True)
    list_changes(st)
    left, right = st.clone(), st.clone()
    left.move(left.zones[ZoneRef("draw")][0], ZoneRef("discard"))
    assert not lookup(left, "k")[0] and lookup(right, "k")[0]


def test_a_long_list_of_changes_is_dropped_as_a_decision_is_taken(tmp_path, monkeypatch):
    path = tmp_path / "quiet.yaml"
    path.write_text(QUIET_RULES)
    forgotten = []

    def forget(st):
        forgotten.append(len(st.changed_parts))
        memo.forget_changes(st)
    monkeypatch.setattr(runtime, "forget_changes", forget)
    monkeypatch.setattr(runtime, "MAX_LISTED", 2)
    st = new_game(load_game(str(path)), 2, seed=1)
    apply_label(st, "tick")
    st.set_var("ticks", 5)  # one change listed since the last check point: kept
    apply_label(st, "tick")
    assert forgotten == []
    st.move(st.zones[ZoneRef("draw")][0], ZoneRef("pile"))  # three parts: where cards are, two zones
    apply_label(st, "tick")
    assert forgotten == [3]


def test_answers_are_checked_by_their_stamps_once_changes_are_no_longer_listed(tmp_path):
    path = tmp_path / "quiet.yaml"
    path.write_text(QUIET_RULES)
    st = new_game(load_game(str(path)), 2, seed=1)
    note(st, "reads the ticks", {("v", "ticks")}, True)
    note(st, "reads the pile", {ZoneRef("pile")}, True)
    memo.forget_changes(st)
    st.set_var("ticks", 4)
    assert st.changed_parts is None
    assert not lookup(st, "reads the ticks")[0] and lookup(st, "reads the pile")[0]


def test_a_game_that_remembers_nothing_lists_nothing():
    st = new_game(load_game("tests/data/minimal.yaml"), 2, seed=1)
    apply_action(st, 0)
    assert st.memo == {} and st.changed_parts is None


PICKS = """
name: picks
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
  pile: {visibility: public}
vars: {n: 0}
turn:
  do:
    - choose: cs
      from: draw
      where: "it.suit == 'hearts'"
      min: 1
      max: 3
    - move cs to pile
triggers:
  - name: a full pile
    when: "count(pile) >= 6"
    do: ["set n += 1"]
end:
  - when: "n >= 1"
    winner: P1
"""


def test_a_check_point_that_would_find_the_last_quiet_state_is_not_entered(tmp_path, monkeypatch):
    path = tmp_path / "picks.yaml"
    path.write_text(PICKS)
    st = new_game(load_game(str(path)), 2, seed=1)
    entered = []
    real = runtime.settle
    monkeypatch.setattr(runtime, "settle", lambda state: entered.append(state.version) or real(state))
    apply_label(st, "AH")  # a pick changes nothing: the choice asks again without a check
    apply_label(st, "2H")
    assert entered == []
    apply_label(st, "done")  # the cards move: the check points after the move and before the next choice run
    assert len(entered) >= 1 and st.zones[ZoneRef("pile")] != []
