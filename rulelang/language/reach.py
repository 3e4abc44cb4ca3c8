"""Load stage: which files a rule file may name (`extends:`, a rule test's `ruleset:`).

A rule file is untrusted, so what it names is confined: a packaged ruleset by its plain name
(`my_game`), or a `.yaml` file under the naming file's own folder (`base.yaml`,
`bases/duel.yaml`) — no absolute path, no `..` out of the folder, no symbolic link that leads
out of it. Folders the user names with `--allow-path DIR` are allowed too. Nothing outside
these places is opened, so a rule file cannot make rulelang read (and print) another file.
"""
from __future__ import annotations

import os
import re

import attrs

from ..catalog import packaged_rulesets, ruleset_suggestion
from ..errors import Position, RuleError

SUFFIXES = (".yaml", ".yml")
PLAIN_NAME = re.compile(r"[A-Za-z0-9_-]+")  # a packaged ruleset's name: no folder, no suffix


@attrs.frozen
class Reach:
    """Where named files may lie: the naming file's folder, and the folders the user allowed."""

    allowed: tuple = attrs.field(default=(), converter=lambda dirs: tuple(os.path.realpath(d) for d in dirs))

    def find(self, name, referrer: str, where: Position) -> str:
        """The path of the file `name`, written in the file `referrer` at `where`, or a RuleError."""
        if not isinstance(name, str) or not name.strip():
            raise RuleError.at(where, "name a packaged ruleset or a .yaml file under this file's folder")
        if PLAIN_NAME.fullmatch(name):
            return self.packaged(name, where)
        if not name.endswith(SUFFIXES):
            raise RuleError.at(where, f"'{name}' is not a .yaml file")
        folder = os.path.dirname(referrer) or "."
        path = os.path.normpath(os.path.join(folder, name))
        if not self.inside(path, (os.path.realpath(folder),) + self.allowed):
            raise RuleError.at(where, f"'{name}' is outside this file's folder: a file may name "
                                      f"packaged rulesets and .yaml files under its own folder "
                                      f"(add folders with --allow-path DIR)")
        if not os.path.isfile(path):
            raise RuleError.at(where, f"cannot find '{name}' (a .yaml file under this file's folder, "
                                      f"or a packaged ruleset named without .yaml)")
        return path

    def allows(self, path: str, folder: str) -> bool:
        """Whether a file found in `folder` (by walking it) really lies under it or an allowed folder."""
        return self.inside(path, (os.path.realpath(folder),) + self.allowed)

    @staticmethod
    def inside(path: str, folders: tuple) -> bool:
        """Whether the real path of `path` (links followed) lies under one of the real `folders`."""
        real = os.path.realpath(path)
        return any(os.path.commonpath((real, folder)) == folder for folder in folders)

    @staticmethod
    def packaged(name: str, where: Position) -> str:
        """A packaged ruleset's path from its plain name."""
        shipped = packaged_rulesets()
        if name not in shipped:
            raise RuleError.at(where, f"cannot find '{name}'{ruleset_suggestion(name)}: no packaged ruleset has that name "
                                      f"({', '.join(sorted(shipped))}); a file is named with its .yaml suffix")
        return str(shipped[name])
