"""Analysis: many games at once (simulate, playouts) and rule tests, built on the engine.

In: a rule file and seeds. Out: summaries, problems with the seed that reproduces them, test outcomes.
"""
