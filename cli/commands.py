"""The commands of the `rulelang` group, in the order `--help` lists them."""
from __future__ import annotations

from .compare import compare
from .play import play
from .replay import replay
from .rules import rules
from .schema import schema
from .simulate import simulate
from .testing import test_command
from .validate import validate

COMMANDS = (play, replay, rules, validate, test_command, simulate, compare, schema)
