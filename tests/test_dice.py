"""Dice of the game's pool (`dice:`, `roll`) and score sheets (`sheets:`, `fill`): what the rules say they do."""
import pytest

from rulelang.api import load_game
from rulelang.engine.runtime import apply_action, new_game
from rulelang.engine.values import Die, ZoneRef
from rulelang.errors import GameError, RuleError

GAME = """
name: Dice bed
players: 2
dice: {pool: 3d6, start: tray}
zones:
  tray: {visibility: public}
  cup: {per_player: true, visibility: owner}
sheets:
  card: {boxes: [low, high], tallies: [extra], subtotals: {both: [low, high]},
         bonuses: {steady: "5 if subtotal(me.card, 'both') >= 10 else 0"}}
setup: ["roll tray"]
turn:
  first: P1
  do:
    - choose move: [again, shake, score]
moves:
  again: {do: ["move first(tray) to me.cup"]}
  shake: {do: ["roll me.cup"]}
  score:
    do:
      - choose: box
        from: open_boxes(me.card)
      - fill me.card[box] with sum(d in tray + me.cup | d.face)
      - fill me.card['extra'] with 1
end:
  - when: "count(open_boxes(P2.card)) == 0"
    winner: "most(p in players | sheet_total(p.card))"
"""


def game(tmp_path, text=GAME):
    path = tmp_path / "dice.yaml"
    path.write_text(text, encoding="utf-8")
    return load_game(str(path))


def test_the_pool_lies_in_its_start_zone_and_shows_the_faces_rolled(tmp_path):
    st = new_game(game(tmp_path), 2, 1)
    dice = st.zones[ZoneRef("tray")]
    assert [d.name for d in dice] == ["D1", "D2", "D3"] and all(d.__class__ is Die for d in dice)
    assert all(1 <= st.cvars[d.id]["face"] <= 6 for d in dice)


def test_a_die_keeps_its_face_when_it_moves_and_its_cup_hides_it(tmp_path):
    st = new_game(game(tmp_path), 2, 1)
    die = st.zones[ZoneRef("tray")][0]
    face = st.cvars[die.id]["face"]
    apply_action(st, st.pending.labels().index("again"))
    assert die in st.zones[ZoneRef("cup", 0)] and st.cvars[die.id]["face"] == face
    assert st.visible_to(die, 0) and not st.visible_to(die, 1)


def test_a_box_is_filled_once_a_tally_adds_up_and_the_total_counts_bonuses(tmp_path):
    st = new_game(game(tmp_path), 2, 1)
    sheet = st.attribute(st.seats[0], "card", None)
    st.fill(sheet, "low", 6)
    st.fill(sheet, "extra", 1)
    st.fill(sheet, "extra", 2)
    with pytest.raises(GameError, match="filled already"):
        st.fill(sheet, "low", 1)
    with pytest.raises(GameError, match="no box"):
        st.fill(sheet, "middle", 1)
    assert st.sheets[sheet] == {"low": 6, "high": None, "extra": 3}
    st.fill(sheet, "high", 4)
    assert st.sheet_bonuses(sheet) == {"steady": 5}
    assert st.sheet_total(sheet) == 13


def test_games_of_the_bed_end_with_every_box_filled(tmp_path):
    for seed in range(5):
        st = new_game(game(tmp_path), 2, seed)
        while st.result is None:
            apply_action(st, len(st.pending.options) - 1)
        assert all(value is not None for sheet in st.sheets.values() for value in sheet.values())


@pytest.mark.parametrize("change, message", [
    (("pool: 3d6", "pool: 101d6"), "1 to 100 dice"),
    (("pool: 3d6", "pool: 3d1001"), "2 to 1000 sides"),
    (("pool: 3d6", "pool: three"), "like 5d6"),
    (("start: tray}", "start: cup}"), "must start in a shared zone"),
    (("- fill me.card[box] with", "- fill me.card with"), "fill names a box of a score sheet"),
    (("from: open_boxes(me.card)", "from: open_boxes(me.cup)"), "needs a score sheet"),
    (("subtotals: {both: [low, high]}", "subtotals: {both: [low, top]}"), "must list boxes"),
])
def test_a_broken_pool_or_sheet_is_refused_at_its_place(tmp_path, change, message):
    with pytest.raises(RuleError, match=message):
        game(tmp_path, GAME.replace(*change))


def test_only_dice_are_rolled(tmp_path):
    text = GAME.replace('shake: {do: ["roll me.cup"]}', 'shake: {do: ["roll P1"]}')
    st = new_game(game(tmp_path, text), 2, 1)
    with pytest.raises(GameError, match="only dice are rolled"):
        apply_action(st, st.pending.labels().index("shake"))


ROLLED = """
name: High roll
players: 2
player_vars: {total: 0}
turn:
  do: [{choose move: [roll]}]
moves:
  roll: {label: Roll two dice, do: ["set me.total += 2d6"]}
end:
  - for: p in players
    when: "p.total >= 20"
    winner: p
"""


def test_a_game_of_dice_rolled_in_expressions_needs_no_deck_dice_or_zones(tmp_path):
    from rulelang.agents import random_agents
    from rulelang.engine.session import play_game
    from rulelang.env import make_env
    rolled = game(tmp_path, ROLLED)
    st = play_game(rolled, random_agents(2, 3), 3)
    assert st.result is not None and max(seat["total"] for seat in st.pvars) >= 20 and rolled.cards == ()
    env = make_env(str(tmp_path / "dice.yaml"), seed=1)
    env.reset()
    assert env.observe(env.agent_selection)["action_mask"].sum() == 1


def faces(st, *pairs):
    """Set each die (by name) to show a face."""
    for name, face in pairs:
        st.cvars[st.game.card_by_name[name].id] = {"face": face}


def test_dice_showing_one_face_are_offered_once_by_their_face_and_dice_told_apart_by_name(tmp_path):
    from rulelang.engine.decisions import options_for
    st = new_game(game(tmp_path), 2, 1)
    tray, cup = st.zones[ZoneRef("tray")], st.zones[ZoneRef("cup", 0)]
    faces(st, ("D1", 5), ("D2", 3), ("D3", 5))
    options = options_for(st, list(tray), 0)
    assert [(o.label, o.text, o.alike) for o in options] == [("5", "5", 2), ("3", "3", 1)]
    assert options[0].value.name == "D1"  # the first of them
    st.place([tray[2]], ZoneRef("cup", 0))
    options = options_for(st, list(tray) + list(cup), 0)  # a 5 in the tray and a 5 in the cup: told apart
    assert [(o.label, o.text) for o in options] == [("D1", "D1 (face 5)"), ("3", "3"), ("D3", "D3 (face 5)")]
    assert [o.label for o in options_for(st, list(cup), 1)] == ["D3"]  # P2 sees no face in P1's cup


def test_a_set_of_dice_offered_whole_reads_by_its_faces(tmp_path):
    from rulelang.engine.decisions import options_for
    st = new_game(game(tmp_path), 2, 1)
    d1, d2, d3 = st.zones[ZoneRef("tray")]
    faces(st, ("D1", 5), ("D2", 1), ("D3", 5))
    options = options_for(st, [[d1, d2], [d3, d2], [d1, d3]], 0)
    assert [(o.label, o.alike) for o in options] == [("[5, 1]", 2), ("[5, 5]", 1)]
