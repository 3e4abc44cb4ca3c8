"""`show none`: players told that none of some cards meets a condition, and search bots' samples keeping it."""
import os
from collections import Counter

import pytest

from rulelang.agents import SeatView, build_agent, parse_agent_spec
from rulelang.api import load_game
from rulelang.engine.rng import Rng
from rulelang.engine.runtime import apply_action, new_game
from rulelang.engine.values import ZoneRef
from rulelang.errors import GameError

TOLD = os.path.join(os.path.dirname(__file__), "data", "told_none.yaml")
P2_HAND = ZoneRef("hand", 1)


def ranks(cards) -> list:
    return sorted(card.attributes["rank"] for card in cards)


def variant(tmp_path, old: str, new: str):
    """The test game with one line of its rules changed."""
    with open(TOLD, encoding="utf-8") as base:
        text = base.read()
    assert old in text
    path = tmp_path / "variant.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return load_game(str(path))


def test_a_told_seat_samples_only_hands_that_keep_what_it_was_told():
    """Seed 30: P1 holds 1 and 6, P2 holds 2 and 3 and tells P1 that neither is above 3. Of the
    five cards P1 cannot see, only 2 and 3 may be P2's: every sample deals them there."""
    st = new_game(load_game(TOLD), 2, 30, quiet=True, recall=True)
    assert ranks(st.zones[ZoneRef("hand", 0)]) == [1, 6] and ranks(st.zones[P2_HAND]) == [2, 3]
    view = SeatView(st, 0)
    assert all(ranks(view.sample(Rng(seed)).zones[P2_HAND]) == [2, 3] for seed in range(40))


def test_the_samples_draw_evenly_among_the_hands_that_keep_it():
    """Seed 27: P1 holds 4 and 6, so P2's two low cards are two of 1, 2, 3: each pair in about a
    third of the samples (a deal that ignored what was told would give P2 a high card in most)."""
    st = new_game(load_game(TOLD), 2, 27, quiet=True, recall=True)
    assert ranks(st.zones[ZoneRef("hand", 0)]) == [4, 6]
    view = SeatView(st, 0)
    hands = Counter(tuple(ranks(view.sample(Rng(seed)).zones[P2_HAND])) for seed in range(600))
    assert set(hands) == {(1, 2), (1, 3), (2, 3)}
    assert all(150 <= count <= 250 for count in hands.values()), hands


def test_a_seat_not_told_deals_any_card_there():
    """Told to P1 only: the deal as the table knows it (what every seat was told) keeps nothing of it."""
    st = new_game(load_game(TOLD), 2, 27, quiet=True, recall=True)
    table = SeatView(st, 0)
    assert any(max(ranks(table.table_sample(Rng(seed)).zones[P2_HAND])) > 3 for seed in range(20))


def test_the_told_seat_names_a_rank_it_was_told_may_be_there():
    """The search bot never names a rank above 3 when told that P2 holds none, and wins seed 30."""
    game = load_game(TOLD)
    for seed in (8, 27, 29, 30):
        st = new_game(game, 2, seed, quiet=True, recall=True)
        bot = build_agent(parse_agent_spec("mcts:iterations=300"), 0, seed, game)
        named = st.pending.options[bot.choose(SeatView(st, 0), st.pending)].value
        assert named <= 3, f"seed {seed}: named {named}"


def test_a_moved_card_and_a_shuffled_zone_are_told_of_no_more(tmp_path):
    moved = variant(tmp_path, "    - choose: r\n", "    - move first(P2.hand) to deck\n    - choose: r\n")
    st = new_game(moved, 2, 30, quiet=True, recall=True)
    (left,) = st.zones[P2_HAND]
    assert list(st.ruled_out) == [left.id]
    shuffled = variant(tmp_path, "    - choose: r\n", "    - shuffle P2.hand\n    - choose: r\n")
    assert new_game(shuffled, 2, 30, quiet=True, recall=True).ruled_out == {}


def test_only_a_game_that_keeps_what_seats_recall_keeps_it_and_the_told_seat_reads_it():
    st = new_game(load_game(TOLD), 2, 30)
    assert st.ruled_out == {}
    assert (0, "P2 holds nothing above 3") in st.log
    assert not any("above" in text for seat, text in st.log if seat != 0)


def test_without_say_the_log_tells_nothing_more():
    """Crazy Eights says nothing of a forced draw: the draw is logged, and tells it."""
    st = new_game(load_game("crazy_eights"), 2, 4)
    while st.result is None:
        apply_action(st, 0)
    assert st.actions and not any("playable" in text for _, text in st.log)


@pytest.mark.parametrize("name, players", [("crazy_eights", 3), ("go_fish", 3), ("hearts", 4), ("spades", 4),
                                           ("euchre", 4)])
def test_what_a_shipped_game_tells_is_true_of_the_cards_it_is_told_of(name, players):
    """Every card told of is not one of the cards ruled out for it, at every step of random games
    (a `where` written of the wrong suit or rank would rule out the card itself)."""
    game = load_game(name)
    rng, told = Rng(3), 0
    for seed in range(4):
        st = new_game(game, players, seed, quiet=True, recall=True)
        while st.result is None and st.actions < 400:
            for card_id, facts in st.ruled_out.items():
                assert all(card_id not in ids for _, ids in facts)
                assert all(len(seats) == players for seats, _ in facts)  # told to everyone
            told += len(st.ruled_out)
            apply_action(st, rng.below(len(st.pending.options)))
    assert told > 0


def test_telling_what_is_not_so_stops_the_game_where_it_is_written(tmp_path):
    game = variant(tmp_path, '"it.rank > 3"', '"it.rank > 1"')
    with pytest.raises(GameError, match=r"'show none' tells that no card meets 'it.rank > 1', but [BC] does") as err:
        new_game(game, 2, 30)
    assert str(err.value).startswith(f"{tmp_path / 'variant.yaml'}:27:11:")  # the block


def test_crazy_eights_samples_keep_every_forced_draw():
    """A player who drew could not play: none of the cards they held then is dealt to them in the
    others' samples (while they hold it), yet the samples differ from one another."""
    game = load_game("crazy_eights")
    rng, checked = Rng(5), 0
    for seed in range(12):
        st = new_game(game, 3, seed, quiet=True, recall=True)
        while st.result is None:
            seat = st.pending.seat
            if st.ruled_out and len(st.pending.options) > 1:
                view = SeatView(st, seat)
                samples = [view.sample(Rng(n)) for n in range(6)]
                for other in range(3):
                    if other == seat:
                        continue
                    hand = st.zones[ZoneRef("hand", other)]
                    for sample in samples:
                        for true, dealt in zip(hand, sample.zones[ZoneRef("hand", other)]):
                            for _, ids in st.ruled_out.get(true.id, ()):
                                assert dealt.id not in ids
                                checked += 1
                assert len({tuple(map(tuple, s.zones.values())) for s in samples}) > 1
            apply_action(st, rng.below(len(st.pending.options)))
    assert checked > 1000
