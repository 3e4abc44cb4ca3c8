"""Every packaged ruleset loads, and seeded random games end, conserve cards and repeat exactly."""
import pytest

from rulelang.agents import random_agents
from rulelang.api import load_game, packaged_rulesets
from rulelang.engine.runtime import apply_action, new_game
from rulelang.engine.session import DEFAULT_MAX_DECISIONS, play_game, scores
from rulelang.engine.values import ZoneRef
from rulelang.engine.views import seat_view

RULESETS = sorted(packaged_rulesets())
SERIES = [(range(4), 10_000), pytest.param(range(4, 12), 20_000, marks=pytest.mark.slow)]  # (seeds, decisions at most):
# four games in the quick run, eight more in the whole suite; long games (random bots in Høyers trappe) stop a series early


@pytest.mark.parametrize("seeds, most", SERIES, ids=["seeds 0-3", "seeds 4-11"])
@pytest.mark.parametrize("name", RULESETS)
def test_random_games_end_and_conserve_cards(name, seeds, most):
    game = load_game(name)
    decisions = 0
    for seed in seeds:
        st = play_game(game, random_agents(game.min_players, seed), seed, debug=True)
        assert st.result is not None and len(st.result) == st.n
        assert set(st.result) <= {"win", "loss", "draw"}
        decisions += st.actions
        if decisions > most:
            break


@pytest.mark.parametrize("name", RULESETS)
def test_same_seed_same_game(name):
    game = load_game(name)
    logs = [play_game(game, random_agents(game.min_players, 3), 3).log for _ in range(2)]
    assert logs[0] == logs[1]
    other = play_game(game, random_agents(game.min_players, 0), 0).log
    assert other != logs[0]


@pytest.mark.parametrize("name", RULESETS)
def test_a_clone_plays_on_independently(name):
    game = load_game(name)
    length = play_game(game, random_agents(game.min_players, 4), 4).actions  # a short game is cloned halfway
    st = new_game(game, game.min_players, 4)
    agents = random_agents(game.min_players, 4)
    for _ in range(min(25, length // 2)):
        apply_action(st, agents[st.pending.seat].choose(None, st.pending))
    copy = st.clone()
    before = (list(st.log), {k: list(v) for k, v in st.zones.items()})
    finish = random_agents(game.min_players, 5)
    while copy.result is None and copy.actions < DEFAULT_MAX_DECISIONS:
        apply_action(copy, finish[copy.pending.seat].choose(None, copy.pending))
    copy.check_conservation()
    assert (st.log, st.zones) == before
    apply_action(st, 0)
    st.check_conservation()


def test_a_seat_view_names_no_card_the_seat_cannot_see():
    game = load_game("storma_slottet")
    st = new_game(game, 2, 3)
    for label in ("hearts", "spades", "JH", "JS"):
        st.pending and apply_action(st, st.pending.labels().index(label))
    for seat, other in ((0, 1), (1, 0)):
        view = seat_view(st, seat)
        assert all(piece["card"] is None for piece in view["zones"][f"P{other + 1}.hand"])
        assert all(piece["card"] is None for piece in view["zones"]["draw"])
        text = "\n".join(view["log"])
        hidden = [card.pretty() for card in st.zones[ZoneRef("hand", other)]]
        assert hidden and not [name for name in hidden if name in text]


def test_storma_scores_what_decides_the_game():
    """Storma's score is the enemy royals defeated, not the trophies (SS-7): the winner alone scores 3."""
    game = load_game("storma_slottet")
    for seed in range(12):
        st = play_game(game, random_agents(2, seed), seed)
        winner = st.result.index("win")
        assert scores(st)[winner] == 3 and scores(st)[1 - winner] < 3


@pytest.mark.parametrize("name", RULESETS)
def test_a_quiet_game_plays_the_same_without_a_log(name):
    game = load_game(name)
    loud = play_game(game, random_agents(game.min_players, 6), 6)
    quiet = play_game(game, random_agents(game.min_players, 6), 6, quiet=True)
    assert quiet.log == [] and loud.log
    assert (quiet.result, quiet.actions, quiet.zones) == (loud.result, loud.actions, loud.zones)
