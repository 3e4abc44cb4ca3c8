"""What one seat may see: card names only where the seat may look, summaries only when safe."""
import io
import random
from pathlib import Path

import pytest
from rich.console import Console
from rulelang.cli.screen import Board

from rulelang.api import load_game
from rulelang.engine.runtime import apply_action, apply_label, new_game
from rulelang.engine.values import Player, ZoneRef
from rulelang.engine.views import seat_view
from rulelang.errors import RuleError
from rulelang.presentation.naming import Namer


def test_a_view_counts_hidden_cards_and_names_visible_ones():
    game = load_game("storma_slottet")
    st = new_game(game, 2, seed=1)
    for label in ("hearts", "spades", "JH", "JS"):
        apply_label(st, label)
    mine, theirs = seat_view(st, 0), seat_view(st, 1)
    assert all(piece["card"] for piece in mine["zones"]["P1.hand"])
    assert len(theirs["zones"]["P1.hand"]) == 20 - 1 and not any(p["card"] for p in theirs["zones"]["P1.hand"])
    assert mine["zones"]["P2.active"] == [{"card": "J♠"}]


def test_a_summary_is_shown_only_when_the_seat_sees_every_card_of_the_zone():
    game = load_game("houska_castle")
    st = new_game(game, 1, seed=4)  # the monster's side has a face-down observation card
    view = seat_view(st, 0)
    assert "monster_side" not in view["summaries"]
    assert view["summaries"]["max_hp_card"].startswith("Max HP")
    assert any(piece["card"] is None for piece in view["zones"]["monster_side"])


def test_a_face_down_card_is_marked_for_its_owner_and_hidden_from_the_others():
    game = load_game("storma_slottet")
    st = new_game(game, 2, seed=1)
    for label in ("hearts", "spades", "JH"):  # P1's Active card lies face down until P2 has chosen
        apply_label(st, label)
    assert seat_view(st, 0)["zones"]["P1.active"] == [{"card": "J♥", "face_down": True}]
    assert seat_view(st, 1)["zones"]["P1.active"] == [{"card": None}]


def test_a_variable_holding_a_card_the_seat_cannot_see_reads_none():
    game = load_game("houska_castle")
    st = new_game(game, 1, seed=4)
    hidden, public = st.zones[ZoneRef("combat")][0], st.zones[ZoneRef("hero")][0]
    st.vars["_taken"] = hidden
    st.vars["charm_hero"] = [public, hidden]
    st.vars["defeated"] = Player(0)
    view = seat_view(st, 0)
    assert view["vars"]["_taken"] is None
    assert view["vars"]["charm_hero"] == [public, None]
    assert view["vars"]["defeated"] == Player(0)  # a player is shown as it is


def test_values_stored_on_zones_are_shown_by_the_zone_label():
    game = load_game("tjugonio")
    st = new_game(game, 2, seed=3)
    st.set_zone_var(ZoneRef("piles", 1, 2), "won", True)
    assert seat_view(st, 0)["zone_vars"] == {"P2.piles[2]": {"won": True}}


SHOWDOWN = str(Path(__file__).resolve().parent / "data" / "showdown.yaml")


def names(view: dict, zone: str) -> list:
    return [piece["card"] for piece in view["zones"][zone]]


def test_cards_revealed_to_all_are_seen_by_all_on_the_final_table():
    game = load_game(SHOWDOWN)
    st = new_game(game, 2, seed=1)
    hand = [card.pretty() for card in st.zones[ZoneRef("hand", 0)]]
    apply_label(st, "show")                      # P1 shows both cards
    apply_label(st, "draw")                      # P2 draws a third card: the game is over
    assert st.result is not None
    assert names(seat_view(st, 1), "P1.hand") == hand
    assert names(seat_view(st, 0), "P2.hand") == [None] * 3  # never shown
    table = Console(width=80, file=io.StringIO())
    table.print(Board(game, Namer(game, 1)).render(seat_view(st, 1)))
    assert f"hand (2)  {'  '.join(hand)}" in table.file.getvalue() and "2 hidden" not in table.file.getvalue()


def test_a_revealed_card_is_hidden_again_once_its_zone_changes():
    game = load_game(SHOWDOWN)
    st = new_game(game, 2, seed=1)
    apply_label(st, "show")
    apply_label(st, "show")                      # P2 shows too
    apply_label(st, "draw")                      # P1 draws: nobody knows which of P1's cards is which now
    assert names(seat_view(st, 1), "P1.hand") == [None] * 3
    assert None not in names(seat_view(st, 0), "P2.hand")
    assert seat_view(st, 0)["zones"]["P1.hand"][2]["card"] is not None  # the owner sees its own, as ever


def test_a_finished_trick_stays_in_view_with_who_took_it_until_the_next_trick_is_taken():
    game = load_game("hearts")
    st = new_game(game, 4, seed=5)
    picks = random.Random(1)
    while not st.last_shown:
        apply_action(st, picks.randrange(len(st.pending.options)))
    (run,) = seat_view(st, 0)["last"]["trick"]
    taker = ZoneRef("taken", st.current)           # the winner took it, and leads the next trick
    played = run.pop("played_by")
    assert run == {"cards": [card.pretty() for card in st.zones[taker]], "to": repr(taker)} and len(run["cards"]) == 4
    first = int(played[0][1:]) - 1                # the leader, then clockwise: who played each card
    assert played == [f"P{(first + step) % 4 + 1}" for step in range(4)]
    run["played_by"] = played
    table = Console(width=150, file=io.StringIO())
    table.print(Board(game, Namer(game, 0)).render(seat_view(st, 0)))
    said = ", ".join(f"{'you' if by == 'P1' else by} {card}" for by, card in zip(played, run["cards"]))
    took = "you" if taker.seat == 0 else f"P{taker.seat + 1}"   # who played each card, and who took the trick
    assert f"trick  last trick: {said} → {took} took it" in table.file.getvalue()
    apply_action(st, 0)                          # the winner leads the next trick: the last one is still in sight
    assert seat_view(st, 0)["last"]["trick"] == [run] and len(seat_view(st, 0)["zones"]["trick"]) == 1
    table = Console(width=200, file=io.StringIO())
    table.print(Board(game, Namer(game, 0)).render(seat_view(st, 0)))
    leader = "you" if taker.seat == 0 else f"P{taker.seat + 1}"
    assert f"{leader} led {seat_view(st, 0)['zones']['trick'][0]['card']}  · last trick: {said} → {took} took it" \
        in table.file.getvalue()
    while len(st.zones[ZoneRef("trick")]) < 3:
        apply_action(st, picks.randrange(len(st.pending.options)))
    apply_action(st, picks.randrange(len(st.pending.options)))   # the fourth card: this trick is taken
    assert seat_view(st, 0)["last"]["trick"] != [run] and len(seat_view(st, 0)["last"]["trick"][0]["cards"]) == 4


def test_the_last_cards_are_shown_as_each_seat_saw_them_where_they_lay(rule_file):
    game = rule_file("""
name: Test
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
  table: {visibility: public, show_last: true}
  hand: {per_player: true, visibility: owner}
setup:
  - move card('AS') to table face down
  - move card('KS') to table
  - move card('KS') to P1.hand                 # the table is not empty yet: nothing to show
  - move table to P2.hand
turn:
  first: P1
  do:
    - choose: c
      from: draw
end: []
""")
    st = new_game(game, 2, seed=1)
    for seat in (0, 1):
        assert seat_view(st, seat)["last"] == {"table": [{"cards": ["K♠"], "to": "P1.hand", "played_by": [None]},
                                                          {"cards": [None], "to": "P2.hand", "played_by": [None]}]}


def test_a_row_cannot_show_its_last_cards(rule_file):
    with pytest.raises(RuleError, match="show_last is for other zones"):
        rule_file("""
name: Test
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
  row: {visibility: public, row: true, show_last: true}
turn:
  do:
    - choose: c
      from: draw
end: []
""")


def test_a_hand_shown_to_all_is_sorted_for_every_seat_as_its_owner_sees_it(rule_file):
    game = rule_file("""
name: Shown
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
  hand: {per_player: true, visibility: owner}
setup:
  - move [card('2C'), card('AS'), card('5H'), card('KS')] to P2.hand
  - move [card('3C'), card('4D')] to P1.hand
  - show P2.hand to players                  # a dummy laid face up
turn:
  first: P1
  do:
    - choose: c
      from: me.hand
end: []
""")
    st = new_game(game, 2, seed=1)
    hand = [card.name for card in st.zones[ZoneRef("hand", 1)]]
    for seat in (0, 1):                        # the other seat, and the owner
        order = seat_view(st, seat)["order"]["P2.hand"]
        assert [hand[place] for place in order] == ["AS", "KS", "5H", "2C"]   # spades, hearts, clubs, by rank
    assert "P1.hand" not in seat_view(st, 1)["order"]   # a hand the seat does not see stays as it lies
