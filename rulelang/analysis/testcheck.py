"""Static checks of a rule test file, for `rulelang validate`: nothing is run.

Each test's names (seats, zones, cards, variables), expressions and forced dice are checked
against its ruleset; running the tests is `rulelang test`.
"""
from __future__ import annotations

import re

from ..compile.expressions import ExpressionCompiler
from ..errors import Diagnostic, Position, RuleError
from ..kit.documents import YList, YMap
from ..language.loader import load_text, load_yaml
from .ruletests import find_ruleset, load_ruleset
from .testlabels import Labels
from .testnames import card, deck, seat, variable, zone_parts
from .testschema import TEST_FILE, check_file

DICE = re.compile(r"(?<![A-Za-z0-9_])([0-9]+)([dT])([0-9]+)(?![A-Za-z0-9_])")  # as the grammar's DICE
NOT_SEATS = ("draw", "none", None)  # what `winner:` may say besides seats (None: it is not given)


def check_test_file(path: str, allow: tuple = (), text: str | None = None) -> list[Diagnostic]:
    """Every problem found in a rule test file without running it; an empty list when it is clean.

    `text`: the file's text when it is not the saved file's (an editor's buffer); the rulesets its
    tests name are read from their files.
    """
    doc = None
    try:
        doc = load_yaml(path, TEST_FILE) if text is None else load_text(path, text, TEST_FILE)
        problems = check_file(doc)
        if problems:
            return problems
        out: list = []
        rulesets = _Rulesets(path, allow, out)
        for item in doc["tests"]:
            where = item if "ruleset" in item else doc
            checker = rulesets.checker(where["ruleset"], where.value_pos["ruleset"])
            if checker is not None:
                checker.test(item)
        return out
    except RuleError as err:
        return err.diagnostics
    except RecursionError:
        return [Diagnostic(getattr(doc, "pos", None) or Position(path, 1, 1), "the rule test file nests too deeply")]


class _Rulesets:
    """The rulesets a test file names, each loaded once; one that does not load is reported once."""

    def __init__(self, path: str, allow: tuple, out: list):
        self.path, self.allow, self.out = path, allow, out
        self.loaded: dict = {}

    def checker(self, value, pos):
        """The checker of tests against the ruleset `value` names, or None if it does not load."""
        key = id(value) if isinstance(value, YMap) else value
        if key not in self.loaded:
            self.loaded[key] = self._load(value, pos)
        return self.loaded[key]

    def _load(self, value, pos):
        try:
            document, game = load_ruleset(find_ruleset(value, pos, self.path, self.allow), self.allow)
            return _TestChecker(game, dice_faces(document), Labels(game, document), self.out)
        except RuleError as err:
            mine = [d for d in err.diagnostics if d.position.path == self.path]
            if mine or not err.diagnostics:
                self.out.extend(mine)
            else:
                first = err.diagnostics[0]
                self.out.append(Diagnostic(pos, f"the ruleset has errors (first, at {first.position}: "
                                                f"{first.message})"))
            return None


def dice_faces(document) -> frozenset:
    """Every face a die the ruleset rolls can show (`1T10` shows 0 to 9, `1d6` 1 to 6)."""
    faces: set = set()
    todo = [document]
    while todo:
        value = todo.pop()
        if isinstance(value, dict):
            todo.extend(value.values())
        elif isinstance(value, list):
            todo.extend(value)
        elif isinstance(value, str):
            for match in DICE.finditer(value):
                sides = int(match.group(3)[:4])
                faces.update(range(sides) if match.group(2) == "T" else range(1, sides + 1))
    return frozenset(faces)


class _TestChecker:
    """Checks the tests of one ruleset; each problem found goes to `out`, at its place."""

    def __init__(self, game, faces: frozenset, labels: Labels, out: list):
        self.game, self.faces, self.known, self.out = game, faces, labels, out
        self.expressions = ExpressionCompiler(game.names, game.program.child())

    def test(self, body: YMap):
        """Check one test: its layout, variables, dice, steps, expectations and winner."""
        pos = body.value_pos
        if "players" in body and not self.game.min_players <= body["players"] <= self.game.max_players:
            self.problem(pos["players"], f"{self.game.name} is for {self.game.min_players}-"
                                         f"{self.game.max_players} players, not {body['players']}")
        self.guard(seat, self.game, body.get("first", "P1"), pos.get("first", body.pos))
        placed: set = set()
        for key in ("stack", "zones"):
            for zone, cards in body.get(key, YMap()).items():
                self.guard(zone_parts, self.game, zone, body[key].key_pos[zone])
                self.cards(cards, placed)
        self.rest(body.get("rest"), pos.get("rest"))
        for name in body.get("vars", YMap()):
            self.guard(variable, self.game, name, body["vars"].key_pos[name])
        if "tricks" in body:
            self.tricks_taken(body["tricks"], body.key_pos["tricks"])
        self.dice(body.get("dice"))
        for step in body.get("steps", YList()):
            self.step(step)
        self.expect(body.get("expect"), pos.get("expect"))
        if body.get("winner") not in NOT_SEATS:
            self.seats(body["winner"], pos["winner"])

    def tricks_taken(self, taken: YMap, pos):
        """The tricks taken before a test: seats of a game whose tricks close."""
        tricks = self.game.tricks
        if tricks is None or tricks.zone is None:
            self.problem(pos, "tricks: the game's tricks do not close by themselves (tricks: zone), so none are "
                              "counted")
        for who in taken:
            self.guard(seat, self.game, who, taken.key_pos[who])

    def step(self, step: YMap):
        """Check one step's labels, seats, cards, expressions and dice."""
        pos = step.value_pos
        self.dice(step.get("dice"))
        options = step.get("options")
        for key, labels in (("play", step.get("play")), ("not_legal", step.get("not_legal")),
                            ("options", options["any_order"] if isinstance(options, YMap) else options)):
            self.labels(labels, pos.get(key))
        if "by" in step:
            self.guard(seat, self.game, step["by"], pos["by"])
        for key in ("visible", "hidden"):
            for name, cards in step.get(key, YMap()).items():
                self.guard(seat, self.game, name, step[key].key_pos[name])
                for item, item_pos in _items(cards, step[key].value_pos[name]):
                    self.guard(card, self.game, item, item_pos)
        for item in step.get("log", ()):
            if isinstance(item, YMap) and "seen_by" in item:
                self.seats(item["seen_by"], item.value_pos["seen_by"])
        self.expect(step.get("expect"), pos.get("expect"))

    def cards(self, cards: YList, placed: set):
        """Cards laid out, with what lies under them: names in the deck, each once, variables declared."""
        for spec, pos in zip(cards, cards.item_pos):
            if isinstance(spec, YMap) and "marker" in spec:
                for key in spec["marker"]:
                    if key not in self.game.card_vars:
                        self.problem(spec["marker"].key_pos[key], f"'{key}' is not a card_vars name")
                continue
            name = str(spec["card"] if isinstance(spec, YMap) else spec)
            found = self.guard(card, self.game, name, pos, placed)
            if found is not None:
                if found.name in placed:
                    self.problem(pos, f"card {name} is laid out twice")
                placed.add(found.name)
            if isinstance(spec, YMap):
                for key in spec:
                    if key not in ("card", "under", "face_down") and key not in self.game.card_vars:
                        self.problem(spec.key_pos[key], f"'{key}' is not a card_vars name")
                self.cards(spec.get("under", YList()), placed)

    def rest(self, value, pos):
        """The zones of `rest:`, and a deck for it to deal from."""
        if value is not None:
            self.guard(deck, self.game, pos)
        for part, part_pos in _items(value, pos):
            zone = part.get("zone") if isinstance(part, YMap) else part
            if zone is not None:
                self.guard(zone_parts, self.game, str(zone), part_pos)

    def dice(self, values):
        """Forced dice: each a face some die of the ruleset can show."""
        for value, pos in _items(values, None):
            if value not in self.faces:
                shown = f"its dice show {min(self.faces)} to {max(self.faces)}" if self.faces else "it rolls no dice"
                self.problem(pos, f"forced die {value} cannot come up in {self.game.name}: {shown}")

    def labels(self, values, pos):
        """Option labels as the engine writes them: not empty, no spaces around them, and one the
        ruleset can offer."""
        for value, item_pos in _items(values, pos):
            text = str(value)
            if not text.strip() or text != text.strip():
                self.problem(item_pos, f"'{text}' is not an option label: a label is not empty and has no "
                                       f"spaces around it, like 'attack', 'QS' or 'P2'")
            elif self.known.problem(text):
                self.problem(item_pos, self.known.problem(text))

    def seats(self, values, pos):
        """Seat names (`P1`)."""
        for value, item_pos in _items(values, pos):
            self.guard(seat, self.game, value, item_pos)

    def expect(self, value, pos):
        """Expressions compile against the ruleset's names."""
        for text, item_pos in _items(value, pos):
            self.guard(self.expressions.compile, text, getattr(text, "pos", item_pos), frozenset())

    def guard(self, check, *args):
        """Run a check that raises RuleError; its problems are noted. Returns the check's value or None."""
        try:
            return check(*args)
        except RuleError as err:
            self.out.extend(err.diagnostics)
            return None

    def problem(self, pos, message):
        """Note one problem."""
        self.out.append(Diagnostic(pos, message))


def _items(value, pos) -> list:
    """(item, position) pairs of a value that is a list or one item (none: no pairs)."""
    if value is None:
        return []
    if isinstance(value, YList):
        return list(zip(value, value.item_pos))
    return [(value, getattr(value, "pos", pos))]
