"""Compile stage: a checked rule file becomes a frozen `Game` of compiled expressions and effect nodes.

In: a `YMap` document from the language stage. Out: a `Game` the engine runs.
"""
