"""Compile stage: turn a shape-checked rule file into a frozen `Game` of closures and nodes.

Every problem found here (unknown names, bad expressions, missing references) becomes a
diagnostic; compilation goes on past an error so that a rule file shows all its mistakes at once.
"""
from __future__ import annotations

import hashlib
import json
import re

import attrs

from ..constructs.blocks import always
from ..constructs.catalogue import BLOCKS, SECTIONS
from ..engine.decks import DIE_PRINTED, DIE_VALUES
from ..engine.effects import For, If, Repeat, Return, While
from ..engine.game import Game, Phrase, Procedure
from ..engine.table import PrintedOnly
from ..engine.values import pretty
from ..errors import UNKNOWN, Diagnostic, GameError, Position, RuleError, RulelangError
from ..kit.codegen import Program
from ..kit.documents import YList, YMap, position_of
from ..kit.names import Names
from ..kit.texts import field_position, template_fields
from ..kit.trees import Tree, node_column
from ..language.kinds import check_figure, check_players, declared_kinds
from ..language.schema import STATEMENT_KEYWORDS, effect_form
from ..language.syntax import parse
from .answers import kept_functions
from .blocks import lower_game
from .callgraph import describe_reader, recursive_functions, seat_readers, seatless_problems
from .dependencies import Dependencies
from .expressions import ExpressionCompiler, depends_only_on_printed, numeric
from .namespace import namespace as helpers
from .statements import StatementCompiler

NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_UNFILLED = object()  # a field of a fixed text that has an error (reported)


class Compiler:
    """Compiles one rule file; `diagnostics` collects every error found."""

    expression_compiler = ExpressionCompiler  # how expressions become functions
    statement_compiler = StatementCompiler  # how statements become effect nodes

    def __init__(self, doc: YMap):
        self.doc = doc
        self.path = doc.pos.path
        self.diagnostics: list[Diagnostic] = []

    # ------------------------------------------------------------------ helpers
    def error(self, pos: Position, message: str) -> None:
        """Record an error and go on."""
        self.diagnostics.append(Diagnostic(pos, message))

    def guard(self, fn, *args, default=None):
        """Call fn, turning a RuleError into diagnostics."""
        try:
            return fn(*args)
        except RuleError as err:
            self.diagnostics.extend(err.diagnostics)
            return default

    def section(self, key, kind=YMap):
        """A top-level section if it has the expected type, else an empty one."""
        value = self.doc.get(key)
        return value if isinstance(value, kind) else kind()

    def expr(self, text, pos, scope=frozenset()):
        """Compile an expression; on error record it and return a function that holds."""
        return self.guard(self.expressions.compile, text, pos, frozenset(scope), default=always)

    def cond(self, text, pos, scope=frozenset()):
        """Compile a condition (only its truth is used); on error record it."""
        return self.guard(self.expressions.compile, text, pos, frozenset(scope), True, default=always)

    def check(self, text, pos, scope=frozenset(), as_bool: bool = True):
        """Compile a condition (or a value) that the engine calls on its own, never pasted into a
        block's code (an end rule's `when`, a bidding's `skip`): short code where it uses no chance."""
        return self.guard(self.expressions.compile_check, text, pos, frozenset(scope), as_bool, default=always)

    def check_kind(self, wanted: str, text, pos, scope, what: str) -> None:
        """Check that an expression written at `pos` may give what is `wanted` ("players" or a number,
        "figure"; see language/kinds.py), recording its error (a parse error is recorded where it is compiled)."""
        if isinstance(text, bool):
            text = "true" if text else "false"
        where = getattr(text, "pos", pos).shifted(getattr(text, "offset", 0))
        try:
            tree = parse(str(text), "start_expr", where)
        except RuleError:
            return
        check = check_players if wanted == "players" else check_figure
        self.guard(check, tree, self.expressions.names, where, frozenset(scope), what)

    def check_seatless(self, text, pos, what: str) -> None:
        """Record an error where an expression that is worked out for no seat (`what`: the trump
        suit, a game-wide figure) reads `me`: itself, or through a rule function or card property
        (named with the position of the `me` it reads)."""
        if isinstance(text, (bool, int)):
            return
        where = getattr(text, "pos", pos).shifted(getattr(text, "offset", 0))
        try:
            tree = parse(str(text), "start_expr", where)
        except RuleError:
            return  # reported where it is compiled
        names = self.expressions.names
        for node, reader in seatless_problems(tree, self.seat_readers, names.functions, names.card_props,
                                              names.declares):
            said = (f"'{node.children[0]}' names no player here" if reader is None
                    else f"{describe_reader(reader)} reads me (at {self.seat_readers[reader]})")
            self.error(where.shifted(node_column(node)), f"{what} is worked out for no seat: {said}")

    # ------------------------------------------------------------------ whole file
    def compile(self) -> Game:
        """The Game, or a RuleError carrying every diagnostic."""
        for section in SECTIONS.values():  # what the file declares, before any rule is compiled
            section.declare(self)
        cards, (_, high) = self.cards, self.seats
        functions_decl = self.functions_declared
        props = self.section("card_props")
        constant = self.constant_props(props, self.printed)
        names = self.declared_names(props, constant)
        program = Program(self.path, helpers(cards + self.dice, high))
        self.expressions = self.expression_compiler(names, program)
        self.card_props = {name: self.guard(self.expressions.define_prop, name, text, props.value_pos[name])
                           for name, text in props.items()}
        self.remember_facts(cards, constant, self.card_props)  # constant properties read only printed values
        bodies = {name: body for name, (_, body, _) in functions_decl.items()}
        names = self.number_names(names, cards, bodies)
        names = attrs.evolve(names, kinds=declared_kinds(
            names, dict(props), bodies, self.initial_values(),
            {name: params for name, (params, _, _) in functions_decl.items()}))
        self.expressions = self.expression_compiler(names, program)
        self.statements = self.statement_compiler(self.expressions)
        recursive = recursive_functions(bodies, dict(props))
        self.seat_readers = seat_readers(bodies, dict(props), names.declares)
        analysed = {key: text for section in SECTIONS.values() for key, text in section.analysed(self).items()}
        self.dependencies = self.analysis(names, {**bodies, **analysed}, dict(props), frozenset(recursive))
        self.expressions.uses_chance = lambda tree: self.dependencies.of_tree(tree) is None
        self.expressions.kept = kept_functions(self.dependencies, functions_decl, recursive)
        for name, (params, body, pos) in functions_decl.items():
            self.guard(self.expressions.define_function, name, params, body, pos, name in recursive)
        fields = {}
        for section in SECTIONS.values():
            fields.update(section.compile(self))
        if self.diagnostics:
            raise RuleError(self.diagnostics)
        game = Game(path=self.path, program=program, names=names, digest=self.digest(), labels=self.variable_labels(),
                    refusals=self.statements.refusals, **fields)
        return self.finished(game, program)

    def analysis(self, names, bodies: dict, props: dict, recursive: frozenset) -> Dependencies:
        """What each expression reads (for the checks remembered until it changes)."""
        return Dependencies(names, bodies, props, recursive)

    @staticmethod
    def finished(game: Game, program: Program) -> Game:
        """The compiled game, its straight stretches of effects lowered into single functions."""
        return lower_game(game, program)

    def declared_names(self, props, constant) -> Names:
        """What the file declares that expressions may name (before knowing what is surely a number)."""
        zones, cards, functions, procedures = self.zones, self.cards, self.functions_declared, self.procedures_declared
        return Names(
            shared_zones=frozenset(n for n, z in zones.items() if not z.per_player),
            player_zones=frozenset(n for n, z in zones.items() if z.per_player),
            deck_zone=self.deck_zone,
            game_vars=frozenset(self.section("vars")),
            constants=dict(self.constants),
            player_vars=frozenset(self.section("player_vars")),
            card_vars=frozenset(self.section("card_vars")) | frozenset(self.dice_values),
            card_defaults={**self.plain_values("card_vars"), **self.dice_values},
            zone_vars=frozenset(self.section("zone_vars")),
            zone_lists=frozenset(n for n, z in zones.items() if z.row or z.count is not None),
            card_props=frozenset(props),
            constant_props=constant,
            card_attributes=self.printed | (frozenset(DIE_PRINTED) if self.dice else frozenset()),
            common_attributes=(frozenset.intersection(*(frozenset(c.attributes) for c in cards)) | {"name"}
                               if cards else frozenset()),  # (a card's name is its face: see remember_facts)
            attribute_names=self.attribute_names,
            card_names=frozenset(c.name for c in cards + self.dice),
            functions={name: len(params) for name, (params, _, _) in functions.items()},
            procedures={name: len(params) for name, (params, _, _) in procedures.items()},
            sheets=frozenset(self.section("sheets")),
            max_players=self.seats[1],
            trick_values=self.trick_values,
            rounds="rounds" in self.doc,
        )

    @property
    def dice_values(self) -> dict:
        """The values stored on dice (their face), with their defaults, when the game has dice."""
        return dict(DIE_VALUES) if self.dice else {}

    def digest(self) -> str:
        """A hash of what the rule file says (not where it lies, nor its comments and layout)."""
        text = json.dumps(self.doc, ensure_ascii=False, separators=(",", ":"))
        return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]

    # ------------------------------------------------------------------ declarations
    def plain_values(self, key) -> dict:
        """Initial values of a variables section (numbers, text, true/false, none, or lists of them)."""
        section = self.section(key)
        out = {}
        for name, value in section.items():
            if not NAME.match(name):
                self.error(section.key_pos[name], f"'{name}' must be a plain name")
            if isinstance(value, YMap):  # {initial: value, label: text}
                value = value.get("initial")
            if not plain(value):
                self.error(section.value_pos[name], f"the initial value of '{name}' must be a number, text, "
                                                    f"true/false, none or a list of them")
            out[name] = plain_copy(value)
        return out

    def initial_values(self) -> dict:
        """(section, name) -> (initial value, its position) of every declared variable."""
        out = {}
        for key, section in (("vars", "var"), ("player_vars", "player_var"), ("card_vars", "card_var"),
                             ("constants", "constant")):
            declared = self.section(key)
            out.update(((section, name), (value, declared.value_pos[name])) for name, value in declared.items())
        return out
    def variable_labels(self) -> dict:
        """What players call the variables that have a `label`."""
        return {name: str(value["label"]) for key, section in SECTIONS.items() if section.variables
                for name, value in self.section(key).items() if isinstance(value, YMap) and "label" in value}

    def fixed_text(self, text, pos, what: str) -> str:
        """A text players read outside play (the rules, a move's help, a trigger's name), its
        `{expression}` fields filled in now: they may read only literals and constants."""
        text = str(text) if not isinstance(text, str) else text
        if "{" not in text:
            return str(text)
        pos = getattr(text, "pos", pos).shifted(getattr(text, "offset", 0))
        out, last = [], 0
        for offset, source in template_fields(text):
            out.append(text[last:offset - 1])
            last = offset + len(source) + 1
            where = field_position(text, pos, offset)
            value = self.guard(self._constant_field, source, where, what, default=_UNFILLED)
            out.append("{" + source + "}" if value is _UNFILLED else pretty(value))
        return "".join(out) + text[last:]

    def phrase(self, text, pos, scope, what: str) -> Phrase:
        """A text players read during play (a move's label): filled in now when its `{expressions}`
        read only constants, else each time it is shown (a field with an error is recorded)."""
        text = text if isinstance(text, str) else str(text)
        if "{" not in text:
            return Phrase(text)
        written = getattr(text, "pos", pos).shifted(getattr(text, "offset", 0))
        constants = frozenset(self.constants)
        for offset, source in template_fields(text):
            try:
                tree = parse(source, "start_expr", field_position(text, written, offset))
            except RuleError:
                break  # reported as the text is compiled below
            if not depends_only_on_printed(tree, frozenset(), frozenset(), constants):
                break
        else:
            return Phrase(self.fixed_text(text, pos, what))
        return Phrase(text, self.guard(self.statements.interpolation, text, pos, scope))

    def _constant_field(self, source: str, where: Position, what: str):
        """The value of a `{expression}` of a fixed text, which may read only literals and constants."""
        tree = parse(source, "start_expr", where)
        if not depends_only_on_printed(tree, frozenset(), frozenset(), frozenset(self.constants)):
            raise RuleError.at(where, f"{what} is read outside play, so its {{…}} may hold only constants "
                                      f"(constants:) and literals, not '{source.strip()}'")
        try:
            return self.expressions.compile_tree(tree, where, frozenset())(None, {})
        except GameError as err:  # `{1 // 0}`
            raise RuleError.at(where, str(err).removeprefix(f"{err.position}: ")) from None

    # ------------------------------------------------------------------ rules
    def constant_props(self, props, printed) -> frozenset:
        """The card_props that read only printed attributes: one value per card for the whole game."""
        section = self.section
        others = (frozenset(section("card_vars")) | frozenset(props) | frozenset(section("player_vars"))
                  | frozenset(section("zone_vars")) | frozenset(n for n, z in section("zones").items()
                                                                 if isinstance(z, YMap) and z.get("per_player")))
        out = set()
        for name, text in props.items():
            try:
                tree = parse(text, "start_expr", props.value_pos[name])
            except RuleError:
                continue  # reported when the property is compiled
            if depends_only_on_printed(tree, printed, others, frozenset(self.constants)):
                out.add(name)
        return frozenset(out)

    @staticmethod
    def number_names(names: Names, cards, functions: dict) -> Names:
        """Names with what is surely a number: card values (printed or computed once) that are
        numbers on every card, and rule functions whose every result is a number."""
        facts = frozenset.intersection(*(frozenset(k for k, v in c.facts.items()
                                                   if isinstance(v, int) and not isinstance(v, bool))
                                         for c in cards)) if cards else frozenset()
        names = attrs.evolve(names, numeric_facts=facts)
        trees = {}
        for name, text in functions.items():
            try:
                trees[name] = parse(text, "start_expr", position_of(text, UNKNOWN))
            except RuleError:
                continue  # reported when the function is compiled
        found: set = set()
        while True:  # a function may rely on another: grow the set until it stops growing
            more = {name for name, tree in trees.items() if name not in found and numeric(tree, names)}
            if not more:
                return names
            found |= more
            names = attrs.evolve(names, numeric_functions=frozenset(found))

    def remember_facts(self, cards, constant, card_props) -> None:
        """Each card's printed values, its name (its face: copies read alike) and constant
        properties, computed now, for fast reading."""
        shadowed = set(card_props) - constant  # a property that changes hides a printed value of its name
        for card in cards:
            card.facts.update((k, v) for k, v in card.attributes.items() if k not in shadowed)
            card.facts.setdefault("name", card.printed)
        printed = PrintedOnly()
        for name in sorted(constant):
            prop = card_props.get(name)
            if prop is None:
                continue
            for card in cards:
                try:
                    card.facts[name] = prop(printed, None, card)
                except RulelangError as err:
                    self.error(self.section("card_props").value_pos[name], f"card property '{name}' "
                                                                          f"cannot be computed for {card.name}: {err}")
                    break

    def procedure(self, name, params, body, pos) -> Procedure:
        """One procedure, compiled: its effects may `return` a value to `let x = call name(...)`."""
        self.statements.procedure = name
        try:
            nodes = self.block(body, pos, set(params) | {"me"})
        finally:
            self.statements.procedure = None
        return Procedure(name, params, nodes, pos, returns=_returns(nodes))

    def binding(self, text, pos, scope):
        """Compile `x in collection` into (x, collection closure)."""
        pos = getattr(text, "pos", pos).shifted(getattr(text, "offset", 0))
        tree = parse(text, "start_expr", pos)
        if not (isinstance(tree, Tree) and tree.data == "in_" and tree.children[0].data == "name"):
            raise RuleError.at(pos, "expected 'name in collection'")
        var = str(tree.children[0].children[0])
        return var, self.expressions.compile_tree(tree.children[1], pos, frozenset(scope))

    # ------------------------------------------------------------------ effects
    def block(self, items, pos, scope) -> tuple:
        """Compile a `do:` list; names bound by earlier effects are visible to later ones."""
        scope = set(scope)
        nodes = []
        if not isinstance(items, YList):
            return ()
        entries = list(zip(items, items.item_pos))
        for index, (item, ipos) in enumerate(entries):
            block = BLOCKS.get(effect_form(item)) if isinstance(item, YMap) else None
            if block is not None and block.follows:
                before = entries[index - 1][0] if index else None
                if not (isinstance(before, YMap) and effect_form(before) in block.follows):
                    self.error(ipos, block.misplaced)
            if block is not None:
                node = self.guard(block.compile, self, item, ipos, scope, entries[index + 1:])
            else:
                node = self.guard(self.effect, item, ipos, scope)
            if isinstance(node, tuple):
                nodes.extend(node)
            elif node is not None:
                nodes.append(node)
        return tuple(nodes)

    def effect(self, item, pos, scope):
        """Compile one statement (as text, or in its mapping form)."""
        if isinstance(item, str):
            return self.statements.compile(item, pos, scope)
        form = effect_form(item)
        if form in STATEMENT_KEYWORDS:
            return self.statements.compile_keyed(form, item[form], pos, scope)
        return None


def _returns(nodes) -> bool:
    """Whether a block holds a `return` (in it, or in its `if`, `for` and `while` blocks)."""
    for node in nodes:
        if isinstance(node, Return):
            return True
        if isinstance(node, If) and (_returns(node.then) or _returns(node.otherwise)):
            return True
        if isinstance(node, (For, While, Repeat)) and _returns(node.body):
            return True
    return False


def plain(value) -> bool:
    """A value a variable may start with: a number, text, true/false, none, or a list of such values."""
    if isinstance(value, list):
        return all(plain(item) for item in value)
    return value is None or isinstance(value, (int, str, bool))


def plain_copy(value):
    """A starting value as the game holds it: text as `str`, a list as a `list` (never changed in
    place by a game: `+` makes a new list, so every game may start with the same one)."""
    if isinstance(value, list):
        return [plain_copy(item) for item in value]
    return str(value) if isinstance(value, str) else value
