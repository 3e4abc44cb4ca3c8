"""The rule-file language: load (YAML with positions, `extends` resolved), parse (lark) and check.

In: a path. Out: a position-carrying document (`YMap`) and diagnostics; nothing here runs a game.
"""
