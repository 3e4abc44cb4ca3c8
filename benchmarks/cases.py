"""The shipped rulesets the speed benchmarks play, each at the player count they measure it at.

speed.py and side_by_side.py measure these; calls_per_decision.py counts them with random seats
(tests/test_calls_per_decision.py checks that every shipped ruleset is here). Høyers trappe is
measured at 2 and 10 players, Supertrumf at 2 and 6.
"""

SEED_GAMES = [("storma_slottet", 2), ("tjugonio", 2), ("houska_castle", 1), ("hoyers_trappe", 2),
              ("hoyers_trappe", 10), ("supertrumf", 2), ("supertrumf", 6), ("supertrumf_blixtduell", 2)]
CLASSIC_GAMES = [("kuhn_poker", 2), ("leduc_poker", 2), ("crazy_eights", 4), ("blackjack", 3), ("go_fish", 4),
                 ("klondike", 1), ("texas_holdem", 4), ("uno", 4), ("spades", 4), ("euchre", 4), ("hearts", 4),
                 ("yahtzee", 3), ("liars_dice", 4), ("gin_rummy", 2), ("cribbage", 2), ("scopa", 2),
                 ("contract_bridge", 4), ("sushi_go", 4), ("durak", 4), ("rummy_500", 3)]
RULESETS = SEED_GAMES + CLASSIC_GAMES
