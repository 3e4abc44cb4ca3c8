"""The commands of the `rulelang` group: each command's name, and the module and function that
hold it (imported only when the command runs, or when `--help` lists them all)."""
from __future__ import annotations

COMMANDS = {
    "compare": ("compare", "compare"),
    "lsp": ("lsp", "lsp"),
    "play": ("play", "play"),
    "replay": ("replay", "replay"),
    "rules": ("rules", "rules"),
    "schema": ("schema", "schema"),
    "serve": ("serve", "serve"),
    "simulate": ("simulate", "simulate"),
    "test": ("testing", "test_command"),
    "validate": ("validate", "validate"),
}
