"""A draw from a zone no trigger watches takes its cards together (GameState._draw_at_once),
and so does a move of a whole zone (GameState._move_zone); each must leave the game exactly
as moving the cards one by one does (refill included)."""
import pytest

from rulelang.engine.runtime import new_game
from rulelang.engine.values import ZoneRef

DRAWS = """
name: Draws
players: 1
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden, refill: used}
  used: {visibility: public}
  hand: {per_player: true, visibility: owner}
card_vars: {mark: 0}
turn:
  do:
    - move first(draw, 40) to used
    - let c = first(draw)
    - set c.mark = 1
    - turn c face down
    - draw {count} from draw to P1.hand
    - choose: x
      from: "[1, 2]"
triggers:
  {triggers}
end: []
"""
WATCHING = """
- name: a trigger that watches the draw pile, so its cards are drawn one by one
  on: moved
  when: "origin == draw and card.rank == 99"
  do: []
"""


def table(st) -> tuple:
    """Where every card is, what is stored on it, and which cards lie face down."""
    zones = {key: [c.name for c in cards] for key, cards in st.zones.items()}
    places = {card_id: (kind, key) for card_id, (kind, key) in st.loc.items()}
    return zones, places, st.cvars, st.down


@pytest.mark.parametrize("count", [0, 5, 12, 20])
def test_a_draw_at_once_leaves_the_game_as_a_draw_card_by_card(rule_file, count):
    together = new_game(rule_file(DRAWS.replace("{count}", str(count)), triggers=""), 1, 7)
    one_by_one = new_game(rule_file(DRAWS.replace("{count}", str(count)), triggers=WATCHING), 1, 7)
    assert not together.game.watched_origins and one_by_one.game.watched_origins == {"draw"}
    assert table(together) == table(one_by_one)
    hand = together.zones[ZoneRef("hand", 0)]
    assert len(hand) == count
    if count:  # the marked face-down card was drawn first: it lost its mark and lies face up
        assert together.cvars.get(hand[0].id) is None and hand[0].id not in together.down


MOVES = """
name: Moves
players: 1
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
  used: {visibility: public}
  hand: {per_player: true, visibility: owner}
card_vars: {mark: 0}
turn:
  do:
    - move first(draw, 10) to used
    - let c = first(used, 3)
    - set c[1].mark = 1
    - turn c[2] face down
    - move first(draw, 3) to P1.hand
    - move used to {where}P1.hand{facing}
    - choose: x
      from: "[1, 2]"
triggers:
  {triggers}
end: []
"""
WATCHING_USED = WATCHING.replace("origin == draw", "origin == used")


@pytest.mark.parametrize("where", ["", "bottom of "])
@pytest.mark.parametrize("facing", ["", " face down", " face up"])
def test_a_zone_moved_at_once_leaves_the_game_as_its_cards_moved_one_by_one(rule_file, where, facing):
    text = MOVES.replace("{where}", where).replace("{facing}", facing)
    together = new_game(rule_file(text, triggers=""), 1, 7)
    one_by_one = new_game(rule_file(text, triggers=WATCHING_USED), 1, 7)
    assert not together.game.watched_origins and one_by_one.game.watched_origins == {"used"}
    assert table(together) == table(one_by_one)
    assert together.versions == one_by_one.versions  # the same parts changed, at the same events
    hand = [card.id for card in together.zones[ZoneRef("hand", 0)]]
    assert len(hand) == 13 and not together.zones[ZoneRef("used")]
    moved = hand[:10] if where == "" else hand[3:]
    assert together.cvars.get(moved[1]) is None  # a moved card loses what was stored on it
    assert [card in together.down for card in moved[:3]] == [facing == " face down"] * 3  # a move turns cards face up


WAITING = """
- name: a trigger whose body waits, so a draw takes one card per step
  on: moved
  when: "origin == draw and card.rank == 99"
  do:
    - choose: y
      from: "[1]"
"""


@pytest.mark.parametrize("triggers", ["", WATCHING, WAITING])
def test_a_draw_is_logged_as_one_line_however_it_draws(rule_file, triggers):
    st = new_game(rule_file(DRAWS.replace("{count}", "5"), triggers=triggers), 1, 7)
    draws = [text for _, text in st.log if "draws" in text]
    assert draws == ["P1 draws 2♠, 3♠, 4♠, 5♠, 6♠ from draw to P1.hand"]
