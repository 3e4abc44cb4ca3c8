"""What each seat knows has one answer: the view, the AI observation and the search sampler all
agree with the knowledge room (engine/knowledge.py) over many random games of every ruleset, on
the cards and on the answers sealed in a choice made at once."""
import numpy as np
import pytest

from rulelang.agents.determinization import Redeal
from rulelang.api import packaged_rulesets
from rulelang.engine.rng import Rng
from rulelang.engine.runtime import apply_action, new_game
from rulelang.engine.values import Card, Die
from rulelang.engine.views import seat_view
from rulelang.env.episode import load_ruleset
from rulelang.env.layout import Layout
from rulelang.env.observation import SeatObserver

STEPS = [(0, 200), pytest.param(1000, 200, marks=pytest.mark.slow)]  # (first seed, decisions) per ruleset: half of
# them in the quick run, the other half in the whole suite
EVERY = 5  # the comparisons look at every 5th


def usual_seats(game) -> int:
    """Four players, or as near to four as the ruleset allows (more seats, more to hide)."""
    return min(max(4, game.min_players), game.max_players)


def named_by_view(st, view: dict) -> set:
    """The ids of the pieces the view names (a card's name, not none), checking each name."""
    found = set()

    def walk(pieces, shown):
        assert len(pieces) == len(shown)
        for piece, entry in zip(pieces, shown):
            if entry["card"] is None:  # (nor what lies under it)
                continue
            if piece.__class__ in (Card, Die):
                assert entry["card"] == piece.pretty()
                found.add(piece.id)
            walk(st.under_of.get(piece.id, ()), entry.get("under", ()))
    for zone, label in ((zone, st.zone_label(zone)) for zone in st.zones):
        walk(st.zones[zone], view["zones"][label])
    return found


def shown_by_observation(layout, vector) -> set:
    """The ids of the cards the observation places somewhere."""
    at = layout.blocks["at"]
    places = vector[at.start:at.start + at.size].reshape(len(layout.cards), len(layout.places))
    return {int(card) for card in np.nonzero(places.any(axis=1))[0]}


def kept_by_sampler(st, seat: int) -> set:
    """The ids of the cards a search sample of the seat keeps where they lie (every other card and
    die is dealt or rolled afresh)."""
    redeal = Redeal(st, seat)
    hidden = {card.id for card in redeal.cards} | {die.id for die in redeal.dice}
    return {piece.id for piece in pieces_in_game(st)} - hidden


def answers_seen(st, seat: int) -> set:
    """The seats whose sealed answers (a choice made at once, still running) the knowledge room says
    `seat` sees."""
    return {chooser for _, _, chooser in st.sealed_answers() if st.sees_answer(chooser, seat)}


def answers_named_by_view(view: dict) -> set:
    """The seats whose answers the view tells its seat: its own, when it has given one."""
    at_once = (view["asked"] or {}).get("at_once", {})
    return {view["seat"]} if "yours" in at_once else set()


def answers_kept_by_sampler(st, seat: int) -> set:
    """The seats whose sealed answers a search sample of the seat keeps (the others it draws afresh)."""
    return {chooser for _, _, chooser in st.sealed_answers()} - {chooser for _, chooser in Redeal(st, seat).sealed}


def pieces_in_game(st) -> list:
    """Every card and die lying in a zone or under a card."""
    return [piece for piece in st.game.cards if piece.id in st.loc]


def random_states(game, players: int, steps: int, seed: int = 0):
    """The state at every decision of random games that recall (as a search bot's game does),
    seeded from `seed` on, `steps` decisions in all."""
    made = 0
    while made < steps:
        st = new_game(game, players, seed, quiet=True, recall=True)
        rng = Rng(seed)
        while st.result is None and made < steps:
            yield st
            apply_action(st, rng.below(len(st.pending.options)))
            made += 1
        seed += 1


@pytest.mark.parametrize("first, steps", STEPS, ids=["quick", "more"])
@pytest.mark.parametrize("name", sorted(packaged_rulesets()))
def test_the_view_the_observation_and_the_sampler_know_what_the_knowledge_room_says(name, first, steps):
    game, catalogue = load_ruleset(name)
    players = usual_seats(game)
    layout = Layout.build(game, players, catalogue)
    observers = [SeatObserver(layout, seat) for seat in range(players)]
    compared = 0
    for step, st in enumerate(random_states(game, players, steps, first)):
        for seat in range(players):
            vector = observers[seat].observe(st)
            if step % EVERY:
                continue
            pieces = pieces_in_game(st)
            visible = {piece.id for piece in pieces if st.visible_to(piece, seat)}
            in_sight = {piece.id for piece in pieces if st.in_sight(piece, seat)}
            view = seat_view(st, seat)
            assert named_by_view(st, view) == visible
            assert shown_by_observation(layout, vector) == visible
            assert kept_by_sampler(st, seat) == in_sight
            assert answers_named_by_view(view) == answers_seen(st, seat)
            assert answers_kept_by_sampler(st, seat) == answers_seen(st, seat)
            compared += 1
        if step % EVERY == 0:  # the seats that see a piece, asked at once (what a move logs), are those it is visible to
            for piece in pieces_in_game(st):
                assert st.seers(piece) == {seat for seat in range(players) if st.visible_to(piece, seat)}, piece
    assert compared >= steps // EVERY
