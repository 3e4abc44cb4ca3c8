"""One seeded game played for analysis, described as a plain record (what `--out` writes).

Game `index` of a run with master seed `seed` is played from `derive_seed(seed, index)`, with
the seats' agents built from their specs, so any worker (or cluster node) plays the same game.
A game that fails is a record too: its error, or "internal error" with the Python exception's
type when rulelang itself broke, so one bad game never stops a run.
"""
from __future__ import annotations

from ..agents import build_agent
from ..engine.rng import derive_seed
from ..engine.session import play_game, scores
from ..errors import RulelangError

# The figures every game reports beside the ruleset's own `report:`: name -> (kind, label,
# sentence). A kind is how the figure is summed up and read (see `wording.py`).
FIGURES = {
    "decisions": ("mean", "decisions", "a game takes {} decisions"),  # by the agents; chance not counted
    "turns": ("mean", "turns", "a game lasts {} turns"),
    "decisive": ("rate", "decided (not drawn)", "{} of games are decided (not drawn)"),
    # fairness: P1's win (1 or 0) minus the other seats' mean
    "seat_advantage": ("share", "P1's edge", "P1's edge over the other seats is {}"),
    # how often a different seat took the lead by score, looked at as each turn starts
    "lead_changes": ("mean", "lead changes", "the lead changes {} times a game"),
}


class GameRunner:
    """A compiled ruleset and its seats' agent specs, ready to play games of a run by index."""

    def __init__(self, game, ruleset: str, specs: list, seed: int, debug: bool = False):
        self.game = game
        self.ruleset = ruleset  # as the run names it, for the records
        self.specs = tuple(specs)
        self.seed = seed
        self.debug = debug

    def play(self, index: int) -> dict:
        """The record of game `index`: its outcome and figures, or its error."""
        seed = derive_seed(self.seed, index)
        record = {"ruleset": self.ruleset, "index": index, "seed": seed,
                  "agents": [spec.text or spec.name for spec in self.specs]}
        try:
            record.update(self._play(seed))
        except RulelangError as err:
            record["error"] = str(err)
        except Exception as err:  # a bug in rulelang: recorded with the seed that shows it
            record["error"] = f"internal error: {type(err).__name__}: {err}"
        return record

    def _play(self, seed: int) -> dict:
        game, seats = self.game, len(self.specs)
        agents = [build_agent(spec, seat, seed, game) for seat, spec in enumerate(self.specs)]
        lead = LeadCount() if game.score is not None and seats > 1 else None
        st = play_game(game, agents, seed, debug=self.debug, quiet=True, on_decision=lead)
        final = scores(st)  # numbers: the compiler checks a score's and a report's kind
        outcome = list(st.result)
        figures = {"decisions": st.actions, "turns": st.turn_number, "decisive": int("draw" not in outcome)}
        if seats > 1:
            others = sum(result == "win" for result in outcome[1:]) / (seats - 1)
            figures["seat_advantage"] = int(outcome[0] == "win") - others
        if lead is not None:
            lead.look(final)
            figures["lead_changes"] = lead.changes
        report = {name: figure(st, {"me": None}) for name, figure in game.report.items()}
        return {"outcome": outcome, "scores": final, "figures": figures, "report": report}


class LeadCount:
    """Counts lead changes: the seat alone at the top of the score, looked at as each turn starts."""

    def __init__(self):
        self.turn = -1
        self.leader = None
        self.changes = 0

    def __call__(self, st) -> None:
        """Called before each decision; looks at the scores when a new turn has begun."""
        if st.turn_number == self.turn:
            return
        self.turn = st.turn_number
        state = st.rng.state  # a score that draws chance must not change the game
        try:
            values = scores(st)
        except RulelangError:
            return  # a score that cannot be read yet: no leader this turn
        finally:
            st.rng.state = state
        self.look(values)

    def look(self, values: list) -> None:
        """Note who leads with these scores."""
        best = max(values)
        leaders = [seat for seat, value in enumerate(values) if value == best]
        if len(leaders) == 1:
            if self.leader is not None and leaders[0] != self.leader:
                self.changes += 1
            self.leader = leaders[0]

