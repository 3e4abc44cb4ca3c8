"""What changed in one game, for the checks remembered until what they read changes (engine/memo.py).

A part of `GameState` (engine/state.py). Every change to a state takes a fresh event number
from a counter shared with the state's clones and records it on the parts it changed: a zone
(its `ZoneRef`), a row (`RowRef`), `("v", name)` game variables, `("p", name)` player
variables, `"cvar"` values stored on cards, `"zvars"`, `"attach"` (what lies under what),
`"loc"` (where cards are), `"down"` (face-down cards), `"shown"` (cards revealed to all),
`"current"` (whose turn it is).
"""
from __future__ import annotations


class Changes:
    """Recording the parts of the state that changed."""

    def touch(self, *changed) -> None:
        """Record that these parts of the state changed (see engine/memo.py).

        Written out, with no call, where a change happens most (each marked "`touch`, written
        out"): placing.py's `place`, table.py's variables, ops.py's `set_player_value` and the
        code constructs/statements.py generates for `set p.v`. A change here changes them too."""
        clock = self.clock
        clock[0] = self.version = event = clock[0] + 1
        versions = self.versions
        for key in changed:
            versions[key] = event
        if self.changed_parts is not None:
            self.changed_parts += changed
