"""`rulelang`: the click group. Each command lives in its own module and imports the library
only when it runs, so `rulelang --help` stays quick."""
from __future__ import annotations

import sys

import click

from .commands import COMMANDS


class GuardedGroup(click.Group):
    """A command group that never shows a Python traceback unless asked with --debug."""

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
            if "--debug" in sys.argv:
                raise
            click.echo(printable(f"rulelang: internal error: {type(err).__name__}: {err}") +
                       "\n(this is a bug in rulelang; run the command again with --debug to see where)",
                       err=True)
            sys.exit(1)


@click.group(cls=GuardedGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="rulelang")
def main():
    """rulelang: play, validate, test and simulate card games written as rule files.

    RULESET is a path to a rule file or the name of a packaged ruleset
    (see `rulelang play --help` for the list).
    """


for _command in COMMANDS:
    main.add_command(_command)
