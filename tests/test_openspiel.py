"""kuhn_poker and leduc_poker are OpenSpiel's games: every history of both, walked side by side,
offers the same chance outcomes, the same player the same legal actions, and ends with the same
returns. Skipped when OpenSpiel is not installed (`pip install -e ".[openspiel]"`)."""
from itertools import permutations

import pytest

from rulelang.analysis.forcing import Forced
from rulelang.api import load_game
from rulelang.engine.runtime import apply_label, new_game
from rulelang.engine.session import scores
from rulelang.engine.values import ZoneRef

pyspiel = pytest.importorskip("pyspiel")

ACTIONS = {"kuhn_poker": ("pass", "bet"), "leduc_poker": ("fold", "call", "raise")}  # OpenSpiel's action ids
TERMINAL_HISTORIES = {"kuhn_poker": 30, "leduc_poker": 5520}  # every terminal history of the game, chance included
DEALT = {"kuhn_poker": 2, "leduc_poker": 3}  # cards chance deals in a hand (OpenSpiel's card ids are our deck's order)


@pytest.mark.parametrize("name", sorted(ACTIONS))
def test_every_history_is_openspiels(name):
    game, spiel = load_game(name), pyspiel.load_game(name)
    cards = [card.name for card in game.cards]
    ended = set()
    for deal in permutations(range(len(cards)), DEALT[name]):  # what chance deals, in order
        _walk(spiel.new_initial_state(), None, list(deal), game, cards, ACTIONS[name], ended)
    assert len(ended) == TERMINAL_HISTORIES[name]


def _walk(spiel_state, ours, deal: list, game, cards: list, actions: tuple, ended: set, undealt=None) -> None:
    """Walk every history from here with one deal of the cards, adding those that end to `ended`."""
    if spiel_state.is_chance_node():
        outcomes = spiel_state.chance_outcomes()
        left = sorted(cards) if undealt is None else undealt  # the cards our deck held before chance drew
        assert sorted(cards[card] for card, _ in outcomes) == left
        assert all(probability == pytest.approx(1 / len(outcomes)) for _, probability in outcomes)
        drawn = deal.pop(0)
        spiel_state.apply_action(drawn)
        undealt = [c for c in left if c != cards[drawn]] if ours is None else None
        _walk(spiel_state, ours, deal, game, cards, actions, ended, undealt)
        return
    if ours is None:  # the first decision: our game deals as OpenSpiel did, the rest of the deck beneath
        ours = _stacked(game, spiel_state, cards, deal)
    if spiel_state.is_terminal():
        assert ours.result is not None
        assert scores(ours) == [int(r) for r in spiel_state.returns()]
        ended.add(tuple(spiel_state.history()))
        return
    assert ours.result is None and ours.pending.seat == spiel_state.current_player()
    assert ours.pending.labels() == [actions[a] for a in spiel_state.legal_actions()]
    deck = sorted(card.name for card in ours.zones[ZoneRef("deck")])
    for action in spiel_state.legal_actions():
        theirs, mine = spiel_state.clone(), ours.clone()
        theirs.apply_action(action)
        apply_label(mine, actions[action])
        _walk(theirs, mine, list(deal), game, cards, actions, ended, deck)


def _stacked(game, spiel_state, cards: list, deal: list):
    """Our game with the deck stacked as OpenSpiel's chance dealt it so far, then the cards still to deal."""
    history = [a for a in spiel_state.history()]
    order = [cards[card] for card in history + deal]
    order += [c for c in cards if c not in order]

    def prepare(st):
        st.forced = Forced(stacked=["deck"])
        deck = ZoneRef("deck")
        st.zones[deck].sort(key=lambda card: order.index(card.name))
    return new_game(game, 2, seed=1, prepare=prepare)
