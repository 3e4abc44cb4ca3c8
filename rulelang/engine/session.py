"""Play one game to its end with a set of agents, each seeing only its own seat's view."""
from __future__ import annotations

from ..errors import GameError
from .choices import ReactionWindow
from .runtime import apply_action, new_game
from .together import FirstCome
from .values import Player, pretty
from .views import seat_view

DEFAULT_MAX_DECISIONS = 200_000


def play_game(game, agents: list, seed: int, debug: bool = False,
              max_decisions: int = DEFAULT_MAX_DECISIONS, on_decision=None, quiet: bool = False,
              decisions: list | None = None):
    """Run a game until it ends; returns the final state. Raises GameError past the step bound.

    A quiet game keeps no log (see `new_game`). `decisions`, if given, receives the index of
    every option taken, in order (what a game record keeps, see engine/record.py).
    `on_decision(st)`, when given, is called before each decision is put to its agent (it may
    look at the state, never change it).
    """
    makers = [view_maker(agent) for agent in agents]
    st = new_game(game, len(agents), seed, debug=debug, quiet=quiet, recall=needs_recall(agents))
    if debug:
        st.check_conservation()
    bound = decision_bound(st, max_decisions)
    while st.result is None:
        if st.actions >= bound:
            raise _no_result(st, bound)
        if on_decision is not None:
            on_decision(st)
        decision = st.pending
        seat = decision.seat
        maker = makers[seat]
        index = agents[seat].choose(maker(st, seat) if maker is not None else None, decision)
        if decisions is not None:
            decisions.append(index)
        apply_action(st, index)
    return st


def check_decisions(st, max_decisions: int = DEFAULT_MAX_DECISIONS) -> None:
    """A GameError once a game has taken its bound of decisions (the smaller of `max_decisions`
    and the rule file's `limits: decisions`) without a result."""
    bound = decision_bound(st, max_decisions)
    if st.actions >= bound:
        raise _no_result(st, bound)


def decision_bound(st, max_decisions: int = DEFAULT_MAX_DECISIONS) -> int:
    """The decisions a game may take without a result: `max_decisions` or the rule file's lower limit."""
    return min(max_decisions, st.game.limits.decisions)


def _no_result(st, bound: int) -> GameError:
    return GameError(f"no result after {bound:,} decisions (limits: decisions)", st.game.end_position)


def view_for(agent, st, seat: int):
    """What an agent is shown: nothing (`needs_view = False`), the view type it names
    (`view_type`, called with the state and the seat), or else the seat's view (`seat_view`)."""
    maker = view_maker(agent)
    return maker(st, seat) if maker is not None else None


def needs_recall(agents) -> bool:
    """Whether a game with these agents should keep what each seat recalls (`new_game`): when
    some agent's view type samples the game as its seat knows it (`recalls`, see SeatView)."""
    return any(getattr(view_maker(agent), "recalls", False) for agent in agents)


def view_maker(agent):
    """How an agent's view is made from the state and its seat (see `view_for`); None for none."""
    if not getattr(agent, "needs_view", True):
        return None
    return getattr(agent, "view_type", seat_view)


def scores(st) -> list:
    """Each seat's score by the ruleset's `results: score`, or 0 without one."""
    if st.game.score is None:
        return [0] * st.n
    return [st.game.score(st, {"me": Player(seat)}) for seat in range(st.n)]


def outcome(st) -> dict:
    """A finished game for people: why it ended (the end rule's name, or none), each seat's
    result and score, and the figures the ruleset reports (its `results:`), as texts."""
    points = scores(st)
    return {"ended_by": st.ended_by.name if st.ended_by is not None else None,
            "seats": [(Player(seat).name, st.result[seat], points[seat]) for seat in range(st.n)],
            "figures": [(name, pretty(figure(st, {"me": None}))) for name, figure in st.game.report.items()]}


def worth_asking(st, decision, auto_pass: bool = True) -> bool:
    """Whether a person should be asked this decision: False for a reaction prompt that
    `auto_pass` answers for them, where no offered reaction's `ask` holds (see `pass_index`), and
    for a `first come` window where every offered move has an `ask` and none holds."""
    kind = decision.node.__class__
    if not auto_pass or (kind is not ReactionWindow and kind is not FirstCome):
        return True
    me = st.seats[decision.seat]
    moves = [getattr(o.value, "move", o.value) for o in decision.options if o.value is not None]
    if kind is FirstCome:
        return any(move.ask is None or move.ask(st, {"me": me}) for move in moves)
    return any(move.ask is not None and move.ask(st, {"me": me}) for move in moves)


def pass_index(decision) -> int:
    """The option that passes in a reaction prompt or a `first come` window."""
    return next(i for i, o in enumerate(decision.options) if o.value is None)
