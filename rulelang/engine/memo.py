"""Checks remembered until what they read changes: end conditions, triggers, legality of moves.

A check's inputs are the parts of the state it reads: what the compiler saw in it (variables,
attachments, card locations, the current player; see `compile/dependencies.py`) and the zones
and rows it touched while running (noted by `GameState.items`). Every change to a state takes a
new event number and records it on the parts it changed (`GameState.touch`). A remembered answer
stands while every input still carries the event number it had when the answer was computed.
Event numbers come from one counter shared by a state and all its clones, so a number is never
reused: an answer remembered in one clone is valid in another exactly when they agree on every
input. Checks that use chance (dice, `random()`) are never remembered: skipping them would
change the random sequence.

Reading every input's number is most of a look-up's cost, so a check point that finds nothing
to do also starts a list of the parts that change from then on (`list_changes`; a state's own
list, copied by its clones). At the next check point, an answer that stood at that version
stands exactly when none of its inputs is on the list.
"""
from __future__ import annotations

from ..errors import GameError

MAX_REMEMBERED = 50_000  # answers kept per game (and its clones) before the memory starts afresh
MAX_LISTED = 1_000  # changes listed since a quiet check point (more: answers are checked by their stamps)


STALE = (None, None, None)  # (version, me, answer) of a rule function not kept yet: no version is None


class Answers(dict):
    """The kept answers of rule functions, (version, me, answer) by function (compile/answers.py):
    one not kept yet reads as STALE, so generated code looks an answer up by subscript, with no call."""

    def __missing__(self, key):
        return STALE


class _KeepsNothing(Answers):
    """The answers of a debug game: nothing is kept, so every answer is worked out afresh."""

    def __setitem__(self, key, value) -> None:
        pass


KEEPS_NOTHING = _KeepsNothing()


def lookup(st, key) -> tuple:
    """(True, answer) when a remembered answer for `key` still stands, else (False, None)."""
    entry = st.memo.get(key)
    if entry is None:
        return False, None
    version, inputs, stamps, answer = entry
    if version != st.version:
        if version == st.changed_since:  # what changed since then is listed: is an input among it?
            if not inputs.isdisjoint(st.changed_parts):
                return False, None
        elif tuple(map(st.versions.get, inputs)) != stamps:  # a part never changed reads as None
            return False, None
        st.memo[key] = (st.version, inputs, stamps, answer)  # next time, the quick test suffices
    if st.reads is not None:  # a check that is itself being remembered depends on these too
        st.reads.update(inputs)
    return True, answer


def list_changes(st) -> None:
    """At a check point that found nothing to do: list the parts that change from now on, so that
    the next check point can tell whether an answer valid now still stands without reading each
    of its inputs' stamps (only worth it when something is remembered)."""
    if st.memo:
        st.changed_since, st.changed_parts = st.version, []
    else:
        st.changed_since = st.changed_parts = None


def forget_changes(st) -> None:
    """Stop listing changes (the list grew past MAX_LISTED: a long stretch without a quiet check
    point); answers are then checked by their stamps until the next quiet check point."""
    st.changed_since = st.changed_parts = None


def current_inputs(st, key) -> frozenset | None:
    """The inputs of the answer for `key` if it was noted or looked up at the state's current
    version (so it stands now), else None."""
    entry = st.memo.get(key)
    return entry[1] if entry is not None and entry[0] == st.version else None


def note(st, key, inputs, answer) -> None:
    """Remember `answer` for `key` until one of `inputs` changes."""
    memo = st.memo
    if len(memo) >= MAX_REMEMBERED:
        memo.clear()
    inputs = frozenset(inputs)  # (its stamps are in its order: a frozenset keeps its order)
    memo[key] = (st.version, inputs, tuple(map(st.versions.get, inputs)), answer)


def remembered(st, key, reads, check, env):
    """`check(st, env)`, or its remembered answer when nothing it read has changed since.

    `key` names the check and its binding (it must be hashable); `reads` are the inputs the
    compiler found, or None for a check that must always run.
    """
    if reads is None:
        return check(st, env)
    found, answer = lookup(st, key)
    if found:
        if st.debug:
            verify(st, key, check, env, answer)
        return answer
    outer, st.reads = st.reads, set()
    try:
        answer = check(st, env)
        seen = st.reads
    finally:
        st.reads = outer
    if outer is not None:
        outer |= seen
    note(st, key, reads | seen, answer)
    return answer


def verify(st, key, check, env, answer) -> None:
    """In debug games: a remembered answer must equal a fresh one (else the memo has a bug)."""
    fresh = check(st, env)
    if fresh != answer:
        raise GameError(f"internal error: the remembered answer of {key!r} is {answer!r} but the check now "
                        f"says {fresh!r}, though nothing it reads has changed (a bug in rulelang)")


def hashable(value) -> bool:
    """Whether a binding can be part of a memo key."""
    try:
        hash(value)
    except TypeError:
        return False
    return True
