"""A Nash equilibrium of Kuhn poker as a file agent (`benchmarks/agents/kuhn_nash.py:KuhnNash`).

Kuhn (1950): the first player bets a Jack with probability alpha (0 to 1/3), a King with
3 * alpha, never a Queen; after checking and facing a bet it calls with a Queen with probability
alpha + 1/3, always with a King. The second player bets a King, bluffs a Jack a third of the
time after a check, and calls a bet with a Queen a third of the time, always with a King. Every
alpha gives the first player -1/18 chips per hand. The agent reads its card and the betting so
far from its view of rulesets/kuhn_poker.yaml: the card in its hand, and the other's bet.
"""
from rulelang.engine.rng import Rng


class KuhnNash:
    """Plays the equilibrium with the given alpha (default 1/3)."""

    def __init__(self, seed, alpha="0.3333333333333333"):
        self.rng = Rng(seed)
        self.alpha = float(alpha)

    def bet_probability(self, card: str, history: str) -> float:
        """The probability of betting (or calling) with `card` after `history`."""
        a = self.alpha
        table = {"": {"J": a, "Q": 0.0, "K": 3 * a},
                 "pb": {"J": 0.0, "Q": a + 1 / 3, "K": 1.0},
                 "p": {"J": 1 / 3, "Q": 0.0, "K": 1.0},
                 "b": {"J": 0.0, "Q": 1 / 3, "K": 1.0}}
        return table[history][card]

    def probabilities(self, view, decision) -> list:
        """The probability of each option (pass, bet) at this decision: the policy, exactly."""
        card = view["zones"][f"P{decision.seat + 1}.hand"][0]["card"]
        bet = self.bet_probability(card, betting(view, decision.seat))
        return [bet if option.label == "bet" else 1 - bet for option in decision.options]

    def choose(self, view, decision) -> int:
        """Bet (call) or pass (fold) with the equilibrium's probability."""
        draw = self.rng.next64() / 2 ** 64
        for index, p in enumerate(self.probabilities(view, decision)):
            draw -= p
            if draw < 0:
                return index
        return len(decision.options) - 1


def betting(view, seat: int) -> str:
    """The betting so far (`p` pass, `b` bet), from whose turn it is and the other's bet."""
    other_bet = view["players"][1 - seat]["bet"]
    if seat == 0:
        return "pb" if other_bet else ""
    return "b" if other_bet else "p"
