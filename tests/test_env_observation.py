"""Observations show what a seat may see, never more; kept up to date, they equal a fresh one and the view's."""
import numpy as np
import pytest

from rulelang.api import packaged_rulesets
from rulelang.engine.rng import Rng
from rulelang.engine.runtime import apply_action, new_game
from rulelang.engine.values import Player, ZoneRef
from rulelang.engine.views import seat_view
from rulelang.env.episode import load_ruleset
from rulelang.env.layout import LIMIT, Layout
from rulelang.env.observation import SeatObserver, TableObserver, encode_view

RULESETS = sorted(packaged_rulesets())


def usual_seats(name: str) -> int:
    """Two players, or as near to two as the ruleset allows."""
    game = load_ruleset(name)[0]
    return min(max(2, game.min_players), game.max_players)


def every_seat_count(name: str) -> list:
    """Every player count the ruleset allows, as (name, players, first seed, decisions): the usual
    count with QUICK decisions in the quick run and STEPS - QUICK more in the whole suite, the
    others with fewer there (each count lays out other places and hides other cards)."""
    game = load_ruleset(name)[0]
    usual = usual_seats(name)
    slow = pytest.mark.slow
    return [(name, usual, 0, QUICK), pytest.param(name, usual, MORE_SEEDS, STEPS - QUICK, marks=slow)] + [
        pytest.param(name, players, 0, OTHER_STEPS, marks=slow)
        for players in range(game.min_players, game.max_players + 1) if players != usual]


STEPS = 1200  # decisions per case at the usual player count, over as many games as that takes
QUICK = 400  # ... of them in the quick run (`-m "not slow"`), the rest from seed MORE_SEEDS on
MORE_SEEDS = 1000
OTHER_STEPS = 200  # ... and at every other count
CASES = [case for name in RULESETS for case in every_seat_count(name)]
EVERY = 8  # the observers see every decision; the expensive comparisons look at every 8th


def random_states(game, players: int, steps: int, seed: int = 0):
    """The state at every decision of random games seeded from `seed` on, `steps` decisions in all."""
    made = 0
    while made < steps:
        st = new_game(game, players, seed, quiet=True)
        rng = Rng(seed)
        while st.result is None and made < steps:
            yield st
            apply_action(st, rng.below(len(st.pending.options)))
            made += 1
        seed += 1


def shown_in(view: dict) -> set:
    """(card as the view names it, zone label) of every card the view names, under cards too."""
    found = set()

    def walk(pieces, label):
        for piece in pieces:
            if piece["card"] is not None:
                found.add((piece["card"], label))
            walk(piece.get("under", ()), label)
    for label, pieces in view["zones"].items():
        walk(pieces, label)
    return found


@pytest.mark.parametrize("name, players, first, steps", CASES)
def test_no_observation_shows_a_card_its_seat_cannot_see(name, players, first, steps):
    game, catalogue = load_ruleset(name)
    layout = Layout.build(game, players, catalogue)
    at, slots = layout.blocks["at"], layout.card_slots()
    pretty = [card.pretty() for card in game.cards]
    table = TableObserver(layout, players)
    checked = 0
    for step, st in enumerate(random_states(game, players, steps, first)):
        for seat in range(players):
            vector = table.observe(st, seat)
            if step % EVERY:
                continue
            shown = shown_in(seat_view(st, seat))
            places = vector[at.start:at.start + at.size].reshape(len(game.cards), len(layout.places))
            for card, place in zip(*np.nonzero(places)):
                assert (pretty[card], layout.places[place]) in shown
                checked += 1
            unseen = [card.id for card in game.cards if not st.visible_to(card, seat)]
            assert not places[unseen].any() and not vector[slots[unseen]].any()
    assert checked > steps // EVERY  # the seats did see cards


@pytest.mark.parametrize("name, players, first, steps", CASES)
def test_an_observer_kept_up_to_date_equals_a_fresh_one_and_the_views(name, players, first, steps):
    """Each seat's whole observer, and the table's (shared and own parts where it splits them); and
    a table asked only now and then, each seat catching up on many decisions at once."""
    game, catalogue = load_ruleset(name)
    layout = Layout.build(game, players, catalogue)
    table, whole = TableObserver(layout, players), [SeatObserver(layout, seat) for seat in range(players)]
    seldom = TableObserver(layout, players)
    for step, st in enumerate(random_states(game, players, steps, first)):
        for seat in range(players):
            kept, kept_whole = table.observe(st, seat), whole[seat].observe(st)
            if step % EVERY:
                continue
            from_view = encode_view(layout, seat_view(st, seat))
            caught_up = seldom.observe(st, seat) if (step // EVERY + seat) % 3 == 0 else from_view
            for vector in (kept, kept_whole, caught_up, TableObserver(layout, players).observe(st, seat)):
                assert np.array_equal(vector, from_view), [layout.names()[i] for i in np.nonzero(vector != from_view)[0][:5]]


def test_the_layout_names_every_figure():
    game, catalogue = load_ruleset("tjugonio")
    layout = Layout.build(game, 2, catalogue)
    names = layout.names()
    assert len(names) == layout.size
    assert names[:5] == ["seat[P1]", "seat[P2]", "current[P1]", "current[P2]", "turn"]
    place = layout.places.index("P2.piles[1]")
    assert names[layout.blocks["at"].at(game.card_by_name["QH"].id, place)] == "at[QH, P2.piles[1]]"
    assert names[layout.blocks["zone_vars"].at(place, 0)] == "zone_vars[P2.piles[1], won]"
    assert layout.player_vars == () and "_hand_plays" not in " ".join(names)  # bookkeeping is left out
    low, high = layout.bounds()
    assert low.shape == high.shape == (layout.size,) and (low <= high).all()


def test_values_become_numbers():
    game, catalogue = load_ruleset("storma_slottet")
    layout = Layout.build(game, 2, catalogue)
    card = game.card_by_name["3C"]
    table = [(7, 7.0), (-2, -2.0), (True, 1.0), (False, 0.0), (None, 0.0), (Player(1), 2.0),
             (card, card.id + 1.0), ("hearts", float(layout.texts["hearts"])), ("no such text", -1.0),
             (ZoneRef("discard"), 2.0), ([card, card], 2.0), (10**12, LIMIT)]
    for value, expected in table:
        assert layout.number(value) == expected, value
    assert layout.texts["hearts"] >= 1


HIDDEN_VALUES = """name: Hidden values
players: 3
deck: {standard: 52, start: draw}
zones:
  draw:  {visibility: hidden}
  hand:  {per_player: true, visibility: owner}
  table: {visibility: public}
  kept:  {per_player: true, visibility: public}
vars:
  last: none
player_vars:
  held: none
setup:
  - shuffle draw
  - draw 3 from draw to P1.hand
  - draw 3 from draw to P2.hand
  - draw 3 from draw to P3.hand
turn:
  first: P1
  do:
    - choose move: [play, keep, hold, show]
moves:
  play:
    do:
      - choose: c
        from: me.hand
      - move c to table
      - set last = c
      - draw 1 from draw to me.hand
  keep:
    do:
      - choose: c
        from: me.hand
      - move c to me.kept face down
      - set last = none
      - draw 1 from draw to me.hand
  hold:
    do:
      - choose: c
        from: me.hand
      - set me.held = c
      - draw 1 from draw to me.hand
  show:
    if: "any(c in me.kept | c.face_down)"
    do:
      - choose: c
        from: me.kept
        where: "it.face_down"
      - turn c face up
end:
  - when: "count(draw) < 4"
    winner: tie
"""


def test_values_that_hold_cards_and_cards_turned_in_place_are_shown_as_each_seat_sees_them_when_the_table_splits(tmp_path):
    path = tmp_path / "hidden_values.yaml"
    path.write_text(HIDDEN_VALUES)
    game, catalogue = load_ruleset(str(path))
    players = 3
    layout = Layout.build(game, players, catalogue)
    table = TableObserver(layout, players)
    assert table.shared is not None  # three players and no values on cards: the split observers
    seldom = TableObserver(layout, players)  # asked by one seat in turn: each catches up on three decisions
    held = shown = 0
    for step, st in enumerate(random_states(game, players, 600)):
        held += any(values["held"] is not None for values in st.pvars)
        shown += sum(1 for zone, cards in st.zones.items() if zone.name == "kept" for card in cards if card.id not in st.down)
        for seat in range(players):
            from_view = encode_view(layout, seat_view(st, seat))
            vectors = [table.observe(st, seat)] + ([seldom.observe(st, seat)] if step % players == seat else [])
            for vector in vectors:
                assert np.array_equal(vector, from_view), [layout.names()[i] for i in np.nonzero(vector != from_view)[0][:5]]
    assert held > 100  # the player variables did hold cards (hidden from the other seats while in hand)
    assert shown > 100  # kept cards were turned face up where they lay


def test_a_card_known_in_a_zone_is_no_longer_shown_once_it_left_and_came_back_between_two_looks(tmp_path):
    path = tmp_path / "known.yaml"
    path.write_text("""
name: Known
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
  hand: {per_player: true, visibility: owner}
setup:
  - move card('AS') to P2.hand
  - show card('AS') to P1
turn:
  first: P1
  do:
    - choose: c
      from: draw
    - move card('AS') to draw
    - move card('AS') to P2.hand              # back where it was: nobody knows it is that card
end: []
""")
    game, catalogue = load_ruleset(str(path))
    layout = Layout.build(game, 2, catalogue)
    kept, ace = TableObserver(layout, 2), game.card_by_name["AS"].id
    st = new_game(game, 2, 1)
    assert st.visible_to(game.cards[ace], 0)
    assert np.array_equal(kept.observe(st, 0), encode_view(layout, seat_view(st, 0)))  # P1 knows it there
    apply_action(st, 0)
    assert not st.visible_to(game.cards[ace], 0)
    assert np.array_equal(kept.observe(st, 0), encode_view(layout, seat_view(st, 0)))
