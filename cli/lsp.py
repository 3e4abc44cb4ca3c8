"""`rulelang lsp`: the language server for editors, over stdin and stdout."""
from __future__ import annotations

import importlib.util

import click

from .common import allow_path_option


@click.command()
@click.option("--stdio", is_flag=True, help="Speak over stdin and stdout (the only way; editors may pass it).")
@click.option("--check-seconds", type=click.FloatRange(0.1, 600), default=5.0, show_default=True,
              help="The time bound of one check of a document; a longer one is stopped and reported.")
@allow_path_option
def lsp(stdio, check_seconds, allow):
    """Run the language server for rule files and rule test files (for an editor to start).

    Diagnostics as `validate` gives them, as you type; hover, completion, go to definition and the
    outline. See docs/editors.md for VS Code, Neovim and Helix.
    """
    if importlib.util.find_spec("pygls") is None:
        from .batch import install_hint
        raise click.UsageError(f"the language server needs pygls: {install_hint('lsp')}")
    from rulelang.lsp.server import make_server
    make_server(check_seconds, allow).start_io()
