"""What shipped games ask players: the prompt of a pending decision, as a person reads it."""
from rulelang.api import load_game
from rulelang.engine.rng import Rng
from rulelang.engine.runtime import apply_action, new_game
from rulelang.engine.values import ZoneRef


def test_crazy_eights_asks_for_the_rank_in_words_and_for_no_rank_after_an_eight():
    """`(spades or kings, or an eight)`, not `13s`; after an eight only the suit named counts."""
    game, rng = load_game("crazy_eights"), Rng(5)
    asked = {}
    for seed in range(40):
        st = new_game(game, 3, seed, quiet=True)
        while st.result is None:
            top_rank = st.zones[ZoneRef("discard")][0].attributes["rank"]
            if "Play which card?" in st.pending.prompt:
                asked.setdefault(top_rank, st.pending.prompt)
            apply_action(st, rng.below(len(st.pending.options)))
    assert "kings, or an eight)" in asked[13] and "aces, or an eight)" in asked[1]
    assert "or eights" not in asked[8] and asked[8].endswith(", or an eight)")
    assert all(str(rank) + "s" not in prompt for rank, prompt in asked.items())
