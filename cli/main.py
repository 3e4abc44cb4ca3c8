"""`rulelang`: the click group. Each command lives in its own module, imported only when that
command runs (or `--help` lists them), and imports the library only when it runs: so `rulelang
--help` and `rulelang validate` stay quick."""
from __future__ import annotations

import importlib
import sys

import click

from .commands import COMMANDS


class GuardedGroup(click.Group):
    """A command group that loads a command when it is asked for, and never shows a Python
    traceback unless asked with --debug."""

    def list_commands(self, ctx) -> list:
        """The commands' names, as `--help` lists them."""
        return sorted(COMMANDS)

    def get_command(self, ctx, name: str):
        """The command called `name` (its module imported now), or None."""
        if name not in COMMANDS:
            return None
        module, function = COMMANDS[name]
        return getattr(importlib.import_module(f"{__package__}.{module}"), function)

    def invoke(self, ctx):
        from rulelang.errors import RulelangError, printable
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit):
            raise
        except RulelangError as err:
            click.echo(printable(str(err)), err=True)
            sys.exit(1)
        except RecursionError:
            click.echo("rulelang: error: the rule file nests too deeply", err=True)
            sys.exit(1)
        except Exception as err:  # a bug in rulelang: say so plainly
            if ctx.params.get("debug") or "--debug" in sys.argv[1:]:  # `rulelang --debug CMD`, or a command's own
                raise
            click.echo(printable(f"rulelang: internal error: {type(err).__name__}: {err}") +
                       "\n(this is a bug in rulelang; run it again as `rulelang --debug ...` to see where)",
                       err=True)
            sys.exit(1)


@click.group(cls=GuardedGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="rulelang")
@click.option("--debug", is_flag=True, help="Show where an internal error happened (a Python traceback), for a bug report.")
def main(debug):  # the flag is read by GuardedGroup.invoke
    """rulelang: play, validate, test and simulate card games written as rule files.

    RULESET is a path to a rule file or the name of a packaged ruleset
    (see `rulelang play --help` for the list).
    """

