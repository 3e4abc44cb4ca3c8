"""The engine: the state of one game, the interpreter that runs it, chance, views and sessions.

In: a compiled `Game`, a seed and agents' answers. Out: states, decisions, views, logs and results.
"""
