"""Undo at the terminal shows nothing twice: it never goes back past a decision after which the
person saw something new (a draw, a bot's card, a roll), and in hot seat each person undoes
only their own decisions (cli/sightings.py, cli/table.py)."""
from click.testing import CliRunner

from rulelang.api import load_game
from rulelang.cli.main import main
from rulelang.cli.sightings import Sightings
from rulelang.engine.runtime import new_game
from rulelang.engine.values import ZoneRef


def played(players: str, typed: str) -> str:
    """What `play gin_rummy` with seed 3 printed for these lines typed (then quit without saving)."""
    result = CliRunner().invoke(main, ["play", "gin_rummy", "--players", players, "--seed", "3"],
                                input=typed + "q\nn\n", catch_exceptions=False)
    return " ".join(result.output.split())


def test_undo_is_refused_after_a_draw_from_the_stock_and_goes_back_after_taking_the_card_all_saw():
    shown = played("human,random", "1\nu\n")  # draw from the stock: you see 6♠; then undo
    assert "(you see: 6♠)" in shown and "Cannot undo: since that decision you have seen" in shown
    assert "undone" not in shown  # else the same 6♠ would come again, and the discard could be taken instead
    shown = played("human,random", "2\nu\n")  # take the discard's top card, seen by all; then undo
    assert "undone: back to the decision before" in shown and "Cannot undo" not in shown


def test_in_hot_seat_a_player_cannot_undo_the_other_players_decision():
    # P2 refuses the upcard, P1 takes it and discards K♦; P2, handed the terminal, types u
    shown = played("human,human", "\n2\n\n1\n1\n\nu\n")
    assert "Nothing of yours to undo: the last decision was P1's" in shown
    assert shown.count("Hand the terminal to P1") == 1  # P1's hand is never shown to P2


def test_a_card_coming_into_sight_and_chance_drawn_are_news_and_nothing_else_is():
    game = load_game("gin_rummy")
    st = new_game(game, 2, 3)
    sightings = Sightings([0])
    sightings.look(st, 0)
    stock, hand = st.zone_key(ZoneRef("stock")), st.zone_key(ZoneRef("hand", 0))
    card = st.zones[stock].pop()
    st.zones[hand].append(card)
    st.loc[card.id] = ("z", hand)
    sightings.look(st, 1)
    assert sightings.new_since(0, 0)
    st.zones[hand].remove(card)  # gone again: still seen once, no news
    st.zones[stock].append(card)
    st.loc[card.id] = ("z", stock)
    sightings.look(st, 2)
    assert not sightings.new_since(0, 1)
    st.rng.below(6)  # chance drawn, whatever it decided
    sightings.look(st, 3)
    assert sightings.new_since(0, 2) and not sightings.new_since(0, 3)
