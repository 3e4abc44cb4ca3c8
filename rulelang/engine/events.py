"""Events: the cards moved since the last look, and the `on: moved` triggers they set off.

The interpreter pushes the triggers' bodies to run in the order the cards moved
(`push_events`); where every such body never waits, the compiled game runs them at once, right
after the statement that moved the cards (`fire_events`, see compile/blocks.py).
"""
from __future__ import annotations

from ..errors import GameError
from .frames import CREDIT, DrawLoop, Frame

MAX_TRIGGER_CHAIN = 200  # triggers in a row without a decision


def push_events(st) -> None:
    """Push the `on: moved` triggers of the cards just moved, to run in the order they moved (a
    draw logs what it drew so far before they act)."""
    fired = _fired(st)
    loop = st.frames[-1].loop if fired and st.frames else None
    if loop.__class__ is DrawLoop and not st.quiet:
        loop.log(st)
    st.frames.extend(reversed([Frame(trigger.body, env) for trigger, env in fired]))


def fire_events(st, first=None) -> None:
    """Run the `on: moved` triggers of the cards just moved now (their bodies never wait).

    `first()` runs before the first trigger does, if any fires (a draw logs what it drew so far).
    """
    fired = _fired(st)
    if fired and first is not None:
        first()
    for trigger, env in fired:
        if trigger.run_now is not None:
            outer, st.credit = st.credit, trigger.credit
            try:
                trigger.run_now(st, env)
            finally:
                st.credit = outer
            if st.result is not None:
                return


def _fired(st) -> list:
    """The event triggers whose condition holds for the moves not yet seen, with their bindings."""
    events, st.events = st.events, []
    fired = []
    me = st.seats[st.current]
    for card, origin in events:
        for trigger in st.game.event_triggers:
            if trigger.origins is not None and origin.name not in trigger.origins:
                continue
            env = {"me": me, "card": card, "origin": origin, CREDIT: trigger.credit}
            if trigger.when(st, env):
                st.trigger_chain += 1
                if st.trigger_chain > MAX_TRIGGER_CHAIN:
                    raise GameError(f"triggers fired {MAX_TRIGGER_CHAIN} times without a decision "
                                    f"(last: '{trigger.name}')", trigger.pos)
                fired.append((trigger, env))
    return fired
