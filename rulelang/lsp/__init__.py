"""`rulelang lsp`: a language server for rule files and rule test files (the `lsp` extra: pygls).

A thin layer over the library: documents are checked by the load and check stages `validate`
uses, in a process of their own within a time bound (checking.py, examine.py); the editor's
features read the positions and the construct catalogue (context.py, lookup.py, declarations.py)
and speak LSP (server.py, diagnostics.py, hover.py, completion.py, symbols.py, source.py).
"""
