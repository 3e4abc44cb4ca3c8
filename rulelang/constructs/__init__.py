"""The language as a catalogue of constructs: each function, statement, block, section and operator
is one small class that carries its keyword, how it is written, its kind rule, what it reads,
its plain meaning, its generated code and its documentation with an example.

The kind checker, the compiler, the dependency analysis, the reference interpreter and the
generated `docs/reference.md` read the catalogue; nothing else lists constructs.
"""
