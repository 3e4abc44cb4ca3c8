"""How a rule file's YAML is read into values with positions (the load stage's YAML part).

Imported only when a file must be read afresh: a file loaded before comes from its stored
document (docstore.py), without importing PyYAML. See loader.py for the dialect.
"""
from __future__ import annotations

import re

import yaml
from yaml.events import AliasEvent

from ..errors import Diagnostic, Position, RuleError, printable
from ..kit.documents import BLOCK_STYLES, MAX_DEPTH, MAX_DIGITS, YList, YMap, YStr
from .textcheck import FREE_TEXT_KEYS, text_problem
from .yamlhints import duplicate_key, yaml_problem
from .yamlrepair import MAX_MENDED, mendable, mended, put_back

QUOTES = ("\"", "'")


class _Resolver(yaml.resolver.Resolver):
    """Plain scalars: YAML 1.2 booleans and null, decimal integers, everything else text."""


_Resolver.yaml_implicit_resolvers = {}
_Resolver.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)
_Resolver.add_implicit_resolver("tag:yaml.org,2002:int", re.compile(r"^[-+]?[0-9]+$"), list("-+0123456789"))
_Resolver.add_implicit_resolver("tag:yaml.org,2002:null", re.compile(r"^(?:~|null|Null|NULL|none|None|)$"),
                                ["~", "n", "N", ""])


class _Building(yaml.composer.Composer, yaml.constructor.SafeConstructor, _Resolver):
    """Builds YStr/YMap/YList values from parser events, refusing aliases and deep nesting."""

    def _start(self, path: str, text: str):
        yaml.composer.Composer.__init__(self)
        yaml.constructor.SafeConstructor.__init__(self)
        _Resolver.__init__(self)
        self.path = path
        self.lines = text.split("\n")
        self.depth = 0
        self.free_text = False  # whether the text being built is free text (see textcheck.py)
        self.later: list[Diagnostic] = []  # problems that quote the file: told once it has loaded

    def position(self, mark) -> Position:
        """A yaml mark as a 1-based Position in this file."""
        return Position(self.path, mark.line + 1, mark.column + 1)

    def compose_node(self, parent, index):
        """Refuse aliases, anchors and deep nesting while composing."""
        if self.check_event(AliasEvent):
            event = self.peek_event()
            raise RuleError.at(self.position(event.start_mark),
                               "YAML aliases (*name) are not allowed in rule files")
        event = self.peek_event()
        if getattr(event, "anchor", None):
            raise RuleError.at(self.position(event.start_mark),
                               "YAML anchors (&name) are not allowed in rule files")
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise RuleError.at(self.position(event.start_mark),
                               f"nesting deeper than {MAX_DEPTH} levels")
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1

    def construct_object(self, node, deep=False):
        """Build a value; text remembers where it was written."""
        value = super().construct_object(node, deep=True)
        if isinstance(value, str):
            pos = self.position(node.start_mark)
            problem = text_problem(value, self.free_text)
            if problem:
                raise RuleError.at(pos, problem)
            text = YStr(value)
            text.pos = pos
            text.offset = 1 if node.style in ("'", '"') else 0
            if node.style in BLOCK_STYLES:
                text.pos = Position(pos.path, pos.line + 1, pos.column)
            return text
        return value

    def construct_yaml_map(self, node):
        """A YMap with the positions of its keys and values; duplicate keys are errors."""
        data = YMap()
        data.pos = self.position(node.start_mark)
        data.key_pos, data.value_pos = {}, {}
        yield data
        blank = []  # keys written with no value, in order: a key indented too far often has none
        for key_node, value_node in node.value:
            key = self.construct_object(key_node)
            if not isinstance(key, str):
                raise RuleError.at(self.position(key_node.start_mark), "mapping keys must be text")
            if key in data:
                later = list(data)[list(data).index(key) + 1:]
                cause = next(((k, data.key_pos[k].line) for k in blank if k in later), None)
                if cause is not None:
                    blank.remove(cause[0])  # told once, at the first key it made repeat
                self.later.append(Diagnostic(self.position(key_node.start_mark),
                                             duplicate_key(key, data.key_pos[key], cause)))
                continue
            if value_node.tag == "tag:yaml.org,2002:null" and value_node.value == "" and not value_node.style:
                blank.append(key)
            self.free_text = key in FREE_TEXT_KEYS
            try:
                value = data[key] = self.construct_object(value_node)
            finally:
                self.free_text = False
            data.key_pos[key] = key.pos if getattr(key_node, "style", None) not in BLOCK_STYLES \
                else self.position(key_node.start_mark)
            known = getattr(value, "pos", None) if getattr(value_node, "style", None) not in BLOCK_STYLES else None
            data.value_pos[key] = known or self.position(value_node.start_mark)  # the node's start, as for text

    def construct_yaml_seq(self, node):
        """A YList with the positions of its items."""
        data = YList()
        data.pos = self.position(node.start_mark)
        data.item_pos = []
        yield data
        for item in node.value:
            statement = self.split_statement(item)
            data.append(statement if statement is not None else self.construct_object(item))
            data.item_pos.append(self.position(item.start_mark))

    def split_statement(self, node) -> YStr | None:
        """A list item that YAML split at the `: ` inside its quoted text (`- log "Roll: again"`
        read as a mapping of `log "Roll` to `again"`), read back from its line as the text it is."""
        if not isinstance(node, yaml.MappingNode) or node.flow_style or len(node.value) != 1:
            return None
        key, value = node.value[0]
        plain = all(isinstance(part, yaml.ScalarNode) and not part.style for part in (key, value))
        if not plain or not any(quote in key.value for quote in QUOTES):
            return None
        line = key.start_mark.line
        if value.start_mark.line != line or key.end_mark.line != line or value.end_mark.line != line:
            return None
        text = YStr(self.lines[line][key.start_mark.column:value.end_mark.column])
        text.pos, text.offset = self.position(key.start_mark), 0
        problem = text_problem(text)
        if problem:
            raise RuleError.at(text.pos, problem)
        return text

    def construct_decimal(self, node):
        """Integers are decimal: `0777` is 777, not an octal 511; at most MAX_DIGITS digits."""
        text = self.construct_scalar(node)
        if not re.fullmatch(r"[-+]?[0-9]+", text):
            raise RuleError.at(self.position(node.start_mark), "a whole number is written in decimal digits")
        if len(text.lstrip("+-").lstrip("0")) > MAX_DIGITS:
            raise RuleError.at(self.position(node.start_mark), f"a number has at most {MAX_DIGITS} digits")
        return int(text, 10)

    def construct_flag(self, node):
        """`true` or `false`, also under an explicit `!!bool` tag."""
        text = self.construct_scalar(node)
        if text not in ("true", "True", "TRUE", "false", "False", "FALSE"):
            raise RuleError.at(self.position(node.start_mark), "true or false is written true or false")
        return text.lower() == "true"

    def construct_undefined(self, node):
        """Any tag we do not allow is an error."""
        raise RuleError.at(self.position(node.start_mark),
                           f"YAML tag {node.tag} is not allowed in rule files")


_Building.add_constructor("tag:yaml.org,2002:map", _Building.construct_yaml_map)
_Building.add_constructor("tag:yaml.org,2002:seq", _Building.construct_yaml_seq)
_Building.add_constructor("tag:yaml.org,2002:int", _Building.construct_decimal)
_Building.add_constructor("tag:yaml.org,2002:bool", _Building.construct_flag)
_Building.add_constructor(None, _Building.construct_undefined)
for _tag in ("binary", "timestamp", "set", "omap", "pairs", "float"):
    _Building.add_constructor(f"tag:yaml.org,2002:{_tag}", _Building.construct_undefined)


class _Loader(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, _Building):
    """The safe loader in pure Python: its error messages are the ones rule files are checked against."""

    def __init__(self, stream, path: str):
        yaml.reader.Reader.__init__(self, stream)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        self._start(path, stream)


try:
    from yaml.cyaml import CParser
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    _FastLoader = None
else:
    class _FastLoader(_Building, CParser):
        """The same loader on libyaml's parser (several times faster); used first, for valid files.

        Only libyaml's events are used: nodes are composed by `_Building` (in Python), so aliases,
        anchors and deep nesting are refused exactly as by the pure-Python loader.
        """

        def __init__(self, stream, path: str):
            CParser.__init__(self, stream)
            self._start(path, stream)



def parse(text: str, path: str) -> tuple:
    """The document, and the problems to tell once it has loaded (they quote it).

    libyaml's parser reads first; when it fails, the pure-Python loader says what is wrong, in its
    words, unless the line it stops at holds ordinary text that can be mended (yamlrepair.py).
    """
    if _FastLoader is not None:
        fast = _FastLoader(text, path)
        try:
            document = fast.get_single_data()
        except (yaml.YAMLError, RecursionError):
            document = None
        finally:
            fast.dispose()
        if isinstance(document, YMap):
            return document, fast.later
    reading = text
    for _ in range(MAX_MENDED + 1):
        document, later, again = _read_slowly(text, reading, path)
        if again is None:
            return (document if reading is text else put_back(document)), later
        reading = again
    raise RuleError.at(Position(path, 1, 1), f"YAML: more than {MAX_MENDED} lines to mend")  # pragma: no cover


def _read_slowly(text: str, reading: str, path: str) -> tuple:
    """(document, problems to tell, None) of `reading` (the text, or a mended copy of it) read by the
    pure-Python loader; or (None, None, a copy mended further) where it stops at a line that can be."""
    loader = None
    try:
        loader = _Loader(reading, path)
        return loader.get_single_data(), loader.later, None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        problem = str(err.problem or err.context)
        again = mended(reading, mark.line, mark.column, problem) if mark and mendable(text) else None
        if again is not None:
            return None, None, again
        where = Position(path, mark.line + 1, mark.column + 1) if mark else Position(path, 1, 1)
        raise RuleError.at(*yaml_problem(text, where, printable(problem))) from None
    except yaml.reader.ReaderError as err:
        raise RuleError.at(Position(path, 1, 1), f"character {err.character!r} is not allowed in YAML") from None
    except yaml.YAMLError as err:
        raise RuleError.at(Position(path, 1, 1), f"YAML: {printable(str(err))}") from None
    except RecursionError:
        raise RuleError.at(Position(path, 1, 1), "nesting too deep") from None
    finally:
        if loader is not None:
            loader.dispose()
