"""The one place that wires the stages together: find → load → check → compile."""
from __future__ import annotations

import os

import attrs

from .catalog import packaged_rulesets, resolve
from .compile.compiler import Compiler
from .compile.gamecache import GameCache
from .engine.game import Game
from .errors import Diagnostic, Position, RuleError
from .kit.collector import uncollected
from .kit.documents import YMap
from .language.blame import blame_house_rule
from .language.loader import load_text, load_yaml
from .language.reach import Reach
from .language.schema import RULE_FILE, check_shape
from .language.structure import deck_arithmetic, structure_warnings
from .language.variants import resolve_extends

__all__ = ["bounded", "check", "check_text", "load_game", "packaged_rulesets", "resolve"]

COMPILED = GameCache()


def check(name_or_path: str, allow: tuple = ()) -> list[Diagnostic]:
    """All diagnostics of a rule file, errors and warnings; an empty list when it is clean.

    `allow` lists folders (besides each file's own) that `extends:` may name files in.
    """
    try:
        doc, _ = load_compiled(name_or_path, allow)
    except RuleError as err:
        return err.diagnostics
    except RecursionError:  # a last guard: every nesting the language allows is bounded before this
        return [_too_deep(name_or_path)]
    return structure_warnings(doc)


@attrs.frozen
class Inspection:
    """What checking a rule file's text found: its merged document and its compiled game (None
    when they did not come about), and every diagnostic, errors and warnings."""

    document: YMap | None
    game: Game | None
    diagnostics: tuple


def check_text(path: str, text: str, allow: tuple = ()) -> list[Diagnostic]:
    """All diagnostics of a rule file whose text is given (an editor's unsaved buffer), as `check`
    gives them for the file at `path`; the file need not exist.

    `extends:` is resolved from the folder of `path`, confined as for a file on disk.
    """
    return list(inspect_text(path, text, allow).diagnostics)


def inspect_text(path: str, text: str, allow: tuple = ()) -> Inspection:
    """Load, check and compile a rule file's text (see `check_text`), keeping what came about."""
    document = None
    try:
        document = resolve_extends(load_text(path, text, RULE_FILE), Reach(allow))
        game = compile_document(document, allow)
    except RuleError as err:
        return Inspection(document, None, tuple(err.diagnostics))
    except RecursionError:
        return Inspection(document, None, (_too_deep(path),))
    return Inspection(document, game, tuple(structure_warnings(document)))


def _too_deep(path: str) -> Diagnostic:
    """The last guard's diagnostic: every nesting the language allows is bounded before it."""
    return Diagnostic(Position(path, 0, 0), "the rule file nests too deeply")


def load_game(name_or_path: str, allow: tuple = ()) -> Game:
    """Load, check and compile a rule file; raises RuleError with every diagnostic."""
    return load_compiled(name_or_path, allow)[1]


def bounded(game: Game, work: int | None = None, seconds: float | None = None) -> Game:
    """The game with a person's bounds on each whole game: its work and steps (`--game-work`, in
    place of its `limits: game`) and its seconds on the clock (`--game-seconds`)."""
    if work is None and seconds is None:
        return game
    limits = game.limits
    return attrs.evolve(game, limits=attrs.evolve(limits, game=limits.game if work is None else work,
                                                  seconds=seconds))


def load_compiled(name_or_path: str, allow: tuple = ()) -> tuple[YMap, Game]:
    """A rule file's merged document and its compiled game (see `load_game`).

    A file loaded before, whose files all still read the same, gives what was compiled then.
    """
    path = resolve(name_or_path)
    key = (os.path.abspath(path), path, Reach(allow).allowed)  # the path as written: errors name it so
    compiled = COMPILED.get(key)
    if compiled is None:
        with uncollected():
            doc = load_document(path, allow)
            compiled = doc, compile_document(doc, allow)
        COMPILED.put(key, doc.sources, compiled)
    return compiled


def load_document(name_or_path: str, allow: tuple = ()) -> YMap:
    """A rule file loaded and merged with the bases it extends (which may lie in `allow` too)."""
    return resolve_extends(load_yaml(resolve(name_or_path), RULE_FILE), Reach(allow))


def compile_document(doc: YMap, allow: tuple = ()) -> Game:
    """Check and compile a loaded rule file; raises RuleError with every diagnostic.

    Errors a house rule makes in a base that is clean on its own are told at the house rule's
    line (the bases it extends may lie in `allow` too).
    """
    with uncollected():  # (many objects made and kept: see kit/collector.py)
        return _compiled(doc, allow)


def _compiled(doc: YMap, allow: tuple) -> Game:
    """`compile_document`'s work, the collector paused around it."""
    problems = check_shape(doc)
    try:
        game = Compiler(doc).compile()
    except RuleError as err:
        raise RuleError(_blamed(doc, _unique(problems + err.diagnostics), allow)) from None
    except Exception:
        if problems:  # a malformed file can trip the compiler; the shape errors explain it
            raise RuleError(_blamed(doc, problems, allow)) from None
        raise
    problems += deck_arithmetic(doc, len(game.cards), game.max_players)
    if problems:
        raise RuleError(_blamed(doc, problems, allow))
    return game


def _blamed(doc: YMap, diagnostics: list, allow: tuple) -> list:
    """The diagnostics, a house rule's errors in its base told at its own lines (language/blame.py)."""
    if not doc.changes and len(doc.sources) < 2:
        return diagnostics
    return blame_house_rule(doc, diagnostics, lambda path: _errors_of(path, allow))


def _errors_of(path: str, allow: tuple) -> list:
    """The errors of a rule file checked on its own."""
    try:
        load_compiled(path, allow)
    except RuleError as err:
        return [d for d in err.diagnostics if d.severity == "error"]
    return []


def _unique(diagnostics: list) -> list:
    """The diagnostics without repeats, in their first order."""
    seen, out = set(), []
    for diagnostic in diagnostics:
        if diagnostic not in seen:
            seen.add(diagnostic)
            out.append(diagnostic)
    return out
