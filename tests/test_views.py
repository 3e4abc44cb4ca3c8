"""What one seat may see: card names only where the seat may look, summaries only when safe."""
from rulelang.api import load_game
from rulelang.engine.runtime import apply_label, new_game
from rulelang.engine.values import Player, ZoneRef
from rulelang.engine.views import seat_view


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
