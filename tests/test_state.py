"""The game state: where cards are, what moves with what, who sees what, rows of piles, checks."""
import pytest

from rulelang.api import load_game
from rulelang.engine.runtime import new_game
from rulelang.engine.values import Marker, RowRef, ZoneRef
from rulelang.errors import GameError


@pytest.fixture
def st():
    game = load_game("storma_slottet")
    return new_game(game, 2, seed=1)  # waiting for P1's house, all cards in the draw pile


def card(st, name):
    return st.game.card_by_name[name]


def test_moves_go_on_top_in_order_or_to_the_bottom(st):
    hand = ZoneRef("hand", 0)
    st.move([card(st, "2C"), card(st, "3C")], hand)
    st.move(card(st, "4C"), hand, "bottom")
    assert [c.name for c in st.items(hand)] == ["2C", "3C", "4C"]


def test_cards_under_a_card_travel_with_it_and_keep_their_values(st):
    queen, five = card(st, "QS"), card(st, "5C")
    st.move(queen, ZoneRef("active", 0))
    st.move(five, queen, "under")
    st.set_card_var(five, "dmg", 5)
    st.set_card_var(queen, "dmg", 1)
    st.move(queen, ZoneRef("infirmary", 0))
    assert st.under(queen) == [five] and st.attribute(five, "dmg", {}) == 5
    assert st.attribute(queen, "dmg", {}) == 0  # a card forgets its own values when it changes zone
    assert st.attribute(five, "zone", {}) == ZoneRef("infirmary", 0)


def test_attachments_at_any_depth_belong_to_their_root(st):
    king, jack, ace, five = (card(st, n) for n in ("KS", "JS", "AS", "5C"))
    st.move(king, ZoneRef("active", 0))
    st.move(jack, king, "under")
    st.move(ace, jack, "under")  # attached to a card that is itself attached
    st.move(five, king, "under")
    assert st.under(king) == [jack, five]
    assert st.attached(king) == [jack, ace, five]  # depth first, in the order they were attached
    assert st.attribute(ace, "zone", None) == ZoneRef("active", 0)
    assert st.attribute(ace, "owner", None) == st.seats[0]
    st.move(king, ZoneRef("trophies", 1))
    assert st.attached(king) == [jack, ace, five]  # they travel with their root
    assert st.attribute(ace, "owner", None) == st.seats[1]


def test_a_marker_lives_under_a_card_and_vanishes_elsewhere(st):
    queen = card(st, "QS")
    st.move(queen, ZoneRef("active", 0))
    marker = st.mark(queen, {"dmg": 7})
    assert isinstance(marker, Marker) and st.under(queen) == [marker]
    st.move(st.under(queen), ZoneRef("discard"))
    assert st.under(queen) == [] and marker.id not in st.loc
    st.check_conservation()


def test_visibility_follows_the_zone_and_face_down_cards(st):
    hand, active = ZoneRef("hand", 0), ZoneRef("active", 1)
    st.move(card(st, "2C"), hand)
    st.move(card(st, "QD"), active, face_down=True)
    assert st.visible_to(card(st, "2C"), 0) and not st.visible_to(card(st, "2C"), 1)
    assert st.visible_to(card(st, "QD"), 1) and not st.visible_to(card(st, "QD"), 0)
    assert not st.visible_to(card(st, "AS"), 0)  # the draw pile is hidden
    st.turn_face(card(st, "QD"), face_down=False)
    assert st.visible_to(card(st, "QD"), 0)


def test_conservation_catches_a_card_in_two_places(st):
    st.zones[ZoneRef("discard")].append(card(st, "AS"))
    with pytest.raises(GameError, match="A♠ is misplaced"):
        st.check_conservation()


def test_a_clone_is_independent(st):
    copy = st.clone()
    copy.move(card(copy, "2C"), ZoneRef("hand", 0))
    assert st.items(ZoneRef("hand", 0)) == [] and copy.items(ZoneRef("hand", 0)) == [card(st, "2C")]


def test_a_row_grows_with_new_piles_and_loses_emptied_ones():
    game = load_game("hoyers_trappe")
    st = new_game(game, 2, seed=1)
    row = RowRef("row")
    before = len(st.items(row))
    first = st.new_pile(row, at_start=False)
    st.move(st.game.card_by_name["2C"], first)
    second = st.new_pile(row, at_start=False)
    st.move(st.game.card_by_name["3C"], second)
    assert st.items(row)[-2:] == [first, second] and st.zone_label(second) == f"row[{before + 1}]"
    st.move(st.game.card_by_name["2C"], ZoneRef("discard"))
    assert first not in st.items(row) and st.zone_label(second) == f"row[{before}]"
    with pytest.raises(GameError, match="gone"):
        st.items(first)


def test_nothing_goes_under_a_marker(st):
    queen, five = card(st, "QS"), card(st, "5C")
    st.move(queen, ZoneRef("active", 0))
    marker = st.mark(queen, {"dmg": 3})
    with pytest.raises(GameError, match="only put cards under a card, not under marker"):
        st.move(five, marker, "under")
    with pytest.raises(GameError, match="can only mark a card"):
        st.mark(marker, {"dmg": 1})
    st.check_conservation()
