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
from ..constructs.catalogue import BLOCKS
from ..engine.effects import CHECK_POINT, For, If, Return, While
from ..engine.ops import listing
from ..engine.values import pretty
from ..errors import UNKNOWN, Diagnostic, GameError, Position, RuleError, RulelangError
from ..language.documents import YList, YMap, position_of
from ..language.kinds import declared_kinds
from ..language.names import Names, suggest
from ..language.schema import STATEMENT_KEYWORDS, VARIABLE_SECTIONS, effect_form
from ..language.syntax import parse
from ..language.trees import Tree
from .blocks import lower_game
from .callgraph import recursive_functions
from .codegen import Program
from .decks import STANDARD_ATTRIBUTES, STANDARD_SIZES, custom_deck, standard_deck
from .dependencies import Dependencies
from .expressions import ExpressionCompiler, depends_only_on_printed, numeric
from .namespace import namespace as helpers
from .ruleset import (
    Bots,
    EndRule,
    Game,
    Limits,
    Move,
    Procedure,
    RoundSpec,
    Trigger,
    TurnSpec,
    ZoneSpec,
    watched_origins,
)
from .statements import StatementCompiler

SIGNATURE = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(\s*([A-Za-z_][A-Za-z0-9_]*(?:\s*,\s*[A-Za-z_][A-Za-z0-9_]*)*)?\s*\)\s*$")
NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class Compiler:
    """Compiles one rule file; `diagnostics` collects every error found."""

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

    # ------------------------------------------------------------------ whole file
    def compile(self) -> Game:
        """The Game, or a RuleError carrying every diagnostic."""
        doc = self.doc
        cards, printed, attributes, deck_zone = self.deck()
        zones = self.zones()
        if deck_zone not in zones or zones[deck_zone].per_player:
            self.error(doc["deck"].value_pos.get("start", doc.pos) if isinstance(doc.get("deck"), YMap) else doc.pos,
                       f"the deck must start in a shared zone; '{deck_zone}' is not one")
        low, high = self.players()
        functions_decl = self.signatures("functions")
        procedures_decl = self.signatures("procedures")
        props = self.section("card_props")
        constant = self.constant_props(props, printed)
        names = Names(
            shared_zones=frozenset(n for n, z in zones.items() if not z.per_player),
            player_zones=frozenset(n for n, z in zones.items() if z.per_player),
            game_vars=frozenset(self.section("vars")),
            player_vars=frozenset(self.section("player_vars")),
            card_vars=frozenset(self.section("card_vars")),
            card_defaults=self.plain_values("card_vars"),
            zone_vars=frozenset(self.section("zone_vars")),
            zone_lists=frozenset(n for n, z in zones.items() if z.row or z.count is not None),
            card_props=frozenset(props),
            constant_props=constant,
            card_attributes=printed,
            common_attributes=frozenset.intersection(*(frozenset(c.attributes) for c in cards)) if cards else frozenset(),
            attribute_names=attributes,
            card_names=frozenset(c.name for c in cards),
            functions={name: len(params) for name, (params, _, _) in functions_decl.items()},
            procedures={name: len(params) for name, (params, _, _) in procedures_decl.items()},
            max_players=high,
        )
        program = Program(self.path, helpers(cards, high))
        self.expressions = ExpressionCompiler(names, program)
        card_props = {name: self.guard(self.expressions.define_prop, name, text, props.value_pos[name])
                      for name, text in props.items()}
        self.remember_facts(cards, constant, card_props)  # constant properties read only printed values
        names = self.number_names(names, cards, {name: body for name, (_, body, _) in functions_decl.items()})
        names = attrs.evolve(names, kinds=declared_kinds(
            names, dict(props), {name: body for name, (_, body, _) in functions_decl.items()}, self.initial_values(),
            {name: params for name, (params, _, _) in functions_decl.items()}))
        self.expressions = ExpressionCompiler(names, program)
        self.statements = StatementCompiler(self.expressions)
        recursive = recursive_functions({name: body for name, (_, body, _) in functions_decl.items()},
                                        {name: text for name, text in props.items()})
        self.dependencies = Dependencies(names, {name: body for name, (_, body, _) in functions_decl.items()},
                                         dict(props), frozenset(recursive))
        self.expressions.uses_chance = lambda tree: self.dependencies.of_tree(tree) is None
        for name, (params, body, pos) in functions_decl.items():
            self.guard(self.expressions.define_function, name, params, body, pos, name in recursive)
        moves = self.moves()
        procedures = {name: self.procedure(name, params, body, pos) for name, (params, body, pos) in procedures_decl.items()}
        event_triggers = self.triggers(on_event=True)
        game = Game(
            name=str(doc.get("name", "?")), path=self.path, min_players=low, max_players=high,
            cards=cards, card_by_name={c.name: c for c in cards}, deck_zone=deck_zone, zones=zones,
            game_vars=self.plain_values("vars"), player_vars=self.plain_values("player_vars"),
            card_vars=self.plain_values("card_vars"), zone_vars=self.plain_values("zone_vars"),
            card_props=card_props, program=program,
            setup=self.block(doc.get("setup", YList()), doc.value_pos.get("setup", doc.pos), {"me"}),
            turn=self.turn(), rounds=self.rounds(), moves=moves, reactions=self.move_list("reactions", moves),
            procedures=procedures,
            triggers=self.triggers(on_event=False), event_triggers=event_triggers,
            watched_origins=watched_origins(event_triggers), anytime=self.move_list("anytime", moves), ends=self.ends(),
            score=self.score(), report=self.report(), display=self.display(zones), names=names,
            digest=self.digest(), description=self.text("description"), rules=self.text("rules"),
            labels=self.variable_labels(),
            bots=self.bots(),
        )
        self.check_move_references(moves)
        limits = self.limits()
        if self.diagnostics:
            raise RuleError(self.diagnostics)
        return lower_game(attrs.evolve(game, refusals=self.statements.refusals, limits=limits), program)

    def digest(self) -> str:
        """A hash of what the rule file says (not where it lies, nor its comments and layout)."""
        text = json.dumps(self.doc, ensure_ascii=False, separators=(",", ":"))
        return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]

    # ------------------------------------------------------------------ declarations
    def deck(self):
        """The deck's cards, their printed attribute names, the nameable attributes and the start zone."""
        deck = self.section("deck")
        start = str(deck.get("start", ""))
        if "cards" in deck:
            if "standard" in deck:
                self.error(deck.key_pos["standard"], "a deck is either standard or a list of cards, not both")
            attributes = tuple(str(a) for a in deck.get("attributes", ()))
            try:
                cards = custom_deck(deck["cards"], attributes)
            except ValueError as err:
                index, message = err.args
                items = deck["cards"]
                self.error(items.item_pos[index] if index < len(items.item_pos) else deck.pos, message)
                return standard_deck(52), STANDARD_ATTRIBUTES, (), start
            printed = frozenset(k for c in cards for k in c.attributes) | set(attributes)
            return cards, printed, attributes, start
        size = deck.get("standard", 54)
        if size not in STANDARD_SIZES:
            self.error(deck.value_pos.get("standard", deck.pos), f"a standard deck has 52 or 54 cards, not {size}")
            size = 54
        return standard_deck(size), STANDARD_ATTRIBUTES, (), start

    def zones(self) -> dict:
        """The declared zones, checking refill references."""
        zones = {}
        section = self.section("zones")
        for name, body in section.items():
            pos = section.key_pos[name]
            if not NAME.match(name):
                self.error(pos, f"zone name '{name}' must be a plain name")
            if not isinstance(body, YMap):
                continue
            if isinstance(body.get("capacity"), int) and body["capacity"] < 0:
                self.error(body.value_pos["capacity"], "a zone's capacity is 0 or more")
            count = body.get("count")
            if count is not None and not (_whole(count) and 1 <= count <= 100):
                self.error(body.value_pos["count"], "a zone's count must be a number from 1 to 100")
                count = None
            capacity = body.get("capacity")
            if capacity is not None and not (_whole(capacity) and 0 <= capacity <= 10_000):
                self.error(body.value_pos["capacity"], "a zone's capacity must be a number from 0 to 10000")
                capacity = None
            refill = body.get("refill")
            zones[name] = ZoneSpec(name, bool(body.get("per_player", False)), str(body.get("visibility", "public")),
                                   capacity, str(refill) if refill is not None else None,
                                   bool(body.get("keep_face_up", False)),
                                   count, bool(body.get("row", False)), pos,
                                   down_seen_by_owner=body.get("face_down", "owner") != "hidden",
                                   label=str(body.get("label", "")))
            if count is not None and body.get("row"):
                self.error(body.value_pos["row"], "a zone is either a row (row: true) or has a count, not both")
        for spec in zones.values():
            if spec.refill is not None and spec.refill not in zones:
                self.error(section[spec.name].value_pos["refill"], f"refill names unknown zone '{spec.refill}'")
        return zones

    def players(self):
        """The (min, max) number of seats."""
        value = self.doc.get("players", 2)
        if isinstance(value, list) and len(value) == 2:
            return int(value[0]), int(value[1])
        return (value, value) if isinstance(value, int) else (2, 2)

    def plain_values(self, key) -> dict:
        """Initial values of a variables section (numbers, text or none)."""
        section = self.section(key)
        out = {}
        for name, value in section.items():
            if not NAME.match(name):
                self.error(section.key_pos[name], f"'{name}' must be a plain name")
            if isinstance(value, YMap):  # {initial: value, label: text}
                value = value.get("initial")
            if not (value is None or isinstance(value, (int, str, bool))):
                self.error(section.value_pos[name], f"the initial value of '{name}' must be a number, text or none")
            out[name] = value if not isinstance(value, str) else str(value)
        return out

    def initial_values(self) -> dict:
        """(section, name) -> (initial value, its position) of every declared variable."""
        out = {}
        for key, section in (("vars", "var"), ("player_vars", "player_var"), ("card_vars", "card_var")):
            declared = self.section(key)
            out.update(((section, name), (value, declared.value_pos[name])) for name, value in declared.items())
        return out
    def variable_labels(self) -> dict:
        """What players call the variables that have a `label`."""
        return {name: str(value["label"]) for key in VARIABLE_SECTIONS for name, value in self.section(key).items()
                if isinstance(value, YMap) and "label" in value}

    def text(self, key) -> str:
        """A top-level text (`description`, `rules`), or empty."""
        value = self.doc.get(key)
        return str(value) if isinstance(value, str) else ""

    def signatures(self, key) -> dict:
        """name -> (parameters, body, position) for every function or procedure declared."""
        section = self.section(key)
        out = {}
        for signature, body in section.items():
            found = SIGNATURE.match(signature)
            if not found:
                self.error(section.key_pos[signature], f"write a {key[:-1]} as name(param, ...), not '{signature}'")
                continue
            params = tuple(p.strip() for p in (found.group(2) or "").split(",") if p.strip())
            twice = next((p for i, p in enumerate(params) if p in params[:i]), None)
            if twice is not None or "me" in params:
                problem = f"names the parameter '{twice}' twice" if twice is not None else \
                    "has a parameter named 'me', which always names the acting player"
                self.error(section.key_pos[signature], f"{key[:-1]} '{signature}' {problem}: give it another name")
                continue
            out[found.group(1)] = (params, body, section.value_pos[signature])
        return out

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
            if depends_only_on_printed(tree, printed, others):
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
        """Each card's printed values and constant properties, computed now, for fast reading."""
        shadowed = set(card_props) - constant  # a property that changes hides a printed value of its name
        for card in cards:
            card.facts.update((k, v) for k, v in card.attributes.items() if k not in shadowed)
        for name in sorted(constant):
            prop = card_props.get(name)
            if prop is None:
                continue
            for card in cards:
                try:
                    card.facts[name] = prop(None, None, card)
                except RulelangError as err:
                    self.error(self.section("card_props").value_pos[name], f"card property '{name}' "
                                                                          f"cannot be computed for {card.name}: {err}")
                    break

    def moves(self) -> dict:
        """Every declared move, compiled."""
        section = self.section("moves")
        out = {}
        for name, body in section.items():
            if not isinstance(body, YMap):
                continue
            pos = section.key_pos[name]
            legal = self.guard(self.expressions.compile_check, body["if"], body.value_pos["if"], {"me"},
                               default=always) if "if" in body else always
            reads = self.dependencies.of_text(body["if"], body.value_pos["if"]) if "if" in body else frozenset()
            do = self.block(body.get("do", YList()), body.value_pos.get("do", pos), {"me"})
            ask = self.cond(body["ask"], body.value_pos["ask"], {"me"}) if "ask" in body else None
            out[name] = Move(name, str(body.get("label", name)), str(body.get("rule", "")), legal, do, pos, reads,
                             help=str(body.get("help", "")), ask=ask,
                             costly="if" in body and self.dependencies.costly(body["if"]))
        return out

    def procedure(self, name, params, body, pos) -> Procedure:
        """One procedure, compiled: its effects may `return` a value to `let x = call name(...)`."""
        self.statements.procedure = name
        try:
            nodes = self.block(body, pos, set(params) | {"me"})
        finally:
            self.statements.procedure = None
        return Procedure(name, params, nodes, pos, returns=_returns(nodes))

    def move_list(self, key, moves) -> tuple:
        """The moves named by `reactions:` or `anytime:`, checked to exist."""
        section = self.section(key)
        names = section.get("moves", YList())
        for name, pos in zip(names, getattr(names, "item_pos", ())):
            if isinstance(name, str) and name not in moves:  # not text: the shape check says so
                self.error(pos, f"unknown move '{name}'{suggest(name, moves)}")
        return tuple(str(n) for n in names if n in moves)

    def turn(self) -> TurnSpec:
        """The turn: who starts, its program and its after-effects."""
        turn = self.section("turn")
        following = self.expr(turn["next"], turn.value_pos["next"], {"me"}) if "next" in turn else None
        first = None
        if "first" in turn and turn["first"] != "random":
            first = self.expr(turn["first"], turn.value_pos["first"], {"me"})
        body = self.block(turn.get("do", YList()), turn.value_pos.get("do", turn.pos if turn else self.doc.pos), {"me"})
        if not body or not body[0].settles_first:  # a turn that opens with a choice checks there
            body = (CHECK_POINT,) + body  # end conditions and triggers act before every turn
        after = self.block(turn.get("after", YList()), turn.value_pos.get("after", self.doc.pos), {"me"})
        skip = self.cond(turn["skip"], turn.value_pos["skip"], {"me"}) if "skip" in turn else None
        return TurnSpec(first, body, after, skip, following, self.doc.key_pos.get("turn", self.doc.pos))

    def rounds(self):
        """The round structure, or None for a game of a single round."""
        if "rounds" not in self.doc:
            return None
        rounds = self.section("rounds")

        def effects(key):
            return self.block(rounds.get(key, YList()), rounds.value_pos.get(key, rounds.pos), {"me"})
        first = self.expr(rounds["first"], rounds.value_pos["first"], {"me"}) if "first" in rounds else None
        end = self.cond(rounds.get("end", "false"), rounds.value_pos.get("end", rounds.pos), {"me"})
        reads = self.dependencies.of_text(rounds.get("end", "false"), rounds.value_pos.get("end", rounds.pos))
        return RoundSpec(effects("setup"), first, end, effects("after"), reads)

    def binding(self, text, pos, scope):
        """Compile `x in collection` into (x, collection closure)."""
        pos = getattr(text, "pos", pos).shifted(getattr(text, "offset", 0))
        tree = parse(text, "start_expr", pos)
        if not (isinstance(tree, Tree) and tree.data == "in_" and tree.children[0].data == "name"):
            raise RuleError.at(pos, "expected 'name in collection'")
        var = str(tree.children[0].children[0])
        return var, self.expressions.compile_tree(tree.children[1], pos, frozenset(scope))

    def triggers(self, on_event: bool) -> tuple:
        """The condition triggers, or (with on_event) the triggers that wait for an event."""
        out = []
        for item in self.section("triggers", YList):
            if not isinstance(item, YMap) or ("on" in item) != on_event:
                continue
            var, over, scope = self.optional_binding(item)
            if on_event:
                scope = {"me", "card", "origin"}
            when = self.cond(item.get("when", "false"), item.value_pos.get("when", item.pos), scope)
            body = self.block(item.get("do", YList()), item.value_pos.get("do", item.pos), set(scope))
            out.append(Trigger(str(item.get("name", "trigger")), var, over, when, body, item.pos,
                               str(item["on"]) if on_event else None, *self.condition_reads(item),
                               key=("trigger", len(out)),
                               origins=self.dependencies.origins(item.get("when")) if on_event else None))
        return tuple(out)

    def ends(self) -> tuple:
        """Every end condition, compiled."""
        out = []
        for item in self.section("end", YList):
            if not isinstance(item, YMap):
                continue
            var, over, scope = self.optional_binding(item)
            when = self.cond(item.get("when", "false"), item.value_pos.get("when", item.pos), scope)
            winner = self.winner(item, scope)
            out.append(EndRule(str(item.get("name", "")), var, over, when, winner, item.pos, *self.condition_reads(item),
                               key=("end", len(out))))
        return tuple(out)

    def winner(self, item, scope):
        """An end rule's compiled `winner`, or None for `winner: tie` (a draw for every seat)."""
        written, pos = item.get("winner", "[]"), item.value_pos.get("winner", item.pos)
        if isinstance(written, str) and written.strip() == "tie":
            return None
        names = self.expressions.names
        if isinstance(written, str) and written.strip() == "draw" and "draw" not in names.shared_zones | names.game_vars:
            self.error(pos, "unknown name 'draw': a draw is written winner: tie")
            return None
        return self.expr(written, pos, scope)

    def condition_reads(self, item) -> tuple:
        """What a trigger's or end rule's `when` and `for` read, and whether `when` is costly."""
        text, pos = item.get("when", "false"), item.value_pos.get("when", item.pos)
        when = self.dependencies.of_text(text, pos)
        over = self.dependencies.of_text(item["for"], item.value_pos["for"]) if "for" in item else frozenset()
        return when, over, self.dependencies.costly(text)

    def optional_binding(self, item):
        """The (variable, collection, scope) of an optional `for:` key."""
        if "for" not in item:
            return None, None, {"me"}
        var, over = self.guard(self.binding, item["for"], item.value_pos["for"], {"me"}, default=(None, None))
        return var, listing(over, item.value_pos["for"]) if over else None, {"me", var} if var else {"me"}

    def limits(self) -> Limits:
        """The ruleset's `limits:`, each within its range."""
        section = self.section("limits")
        values = {}
        for key, value in section.items():
            if key not in Limits.RANGES:
                continue  # reported by the shape check
            low, high = Limits.RANGES[key]
            if not (_whole(value) and low <= value <= high):
                self.error(section.value_pos[key], f"limits: {key} must be a number from {low:,} to {high:,}")
                continue
            values[key] = value
        return Limits(**values)

    def score(self):
        """The per-seat score expression, or None."""
        results = self.section("results")
        if "score" not in results:
            return None
        return _numbers(self.expr(results["score"], results.value_pos["score"], {"me"}), "a score",
                        results.value_pos["score"])

    def report(self) -> dict:
        """The game-wide figures to report, compiled."""
        report = self.section("results").get("report", YMap())
        if not isinstance(report, YMap):
            return {}
        return {name: _numbers(self.expr(text, report.value_pos[name], {"me"}), f"report '{name}'",
                               report.value_pos[name]) for name, text in report.items()}

    def bots(self):
        """The `bots:` hints (an evaluation seen from `me`, its scale), or None."""
        bots = self.section("bots")
        if "evaluate" not in bots:
            return None
        scale = bots.get("scale", 1)
        if isinstance(scale, int) and scale < 1:
            self.error(bots.value_pos["scale"], "bots: scale must be at least 1")
        pos = bots.value_pos["evaluate"]
        return Bots(self.expr(bots["evaluate"], pos, {"me"}), scale, pos)

    def display(self, zones) -> dict:
        """Summary texts shown beside zones (`it` is the zone), compiled."""
        section = self.section("display")
        out = {}
        for name, text in section.items():
            if name not in zones:
                self.error(section.key_pos[name], f"display names unknown zone '{name}'")
                continue
            out[name] = self.guard(self.statements.interpolation, str(text), section.value_pos[name],
                                   {"it", "me"})
        return {k: v for k, v in out.items() if v is not None}

    def check_move_references(self, moves) -> None:
        """Every `choose move` names declared moves."""
        def walk(block):
            for item, pos in zip(block, getattr(block, "item_pos", [])):
                if isinstance(item, YMap):
                    for name, npos in zip(item.get("choose move", []), getattr(item.get("choose move"), "item_pos", [])):
                        if isinstance(name, str) and name not in moves:  # not text: the shape check says so
                            self.error(npos, f"unknown move '{name}'{suggest(name, moves)}")
                    for key in ("then", "else", "do"):
                        if isinstance(item.get(key), YList):
                            walk(item[key])
        doc = self.doc
        blocks = [doc.get("setup"), self.section("turn").get("do"), self.section("turn").get("after")]
        blocks += [self.section("rounds").get(key) for key in ("setup", "after")]
        blocks += [m.get("do") for m in self.section("moves").values() if isinstance(m, YMap)]
        blocks += [t.get("do") for t in self.section("triggers", YList) if isinstance(t, YMap)]
        blocks += list(self.section("procedures").values())
        for block in blocks:
            if isinstance(block, YList):
                walk(block)

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
        if isinstance(node, (For, While)) and _returns(node.body):
            return True
    return False


def _numbers(figure, what: str, pos):
    """A score or report figure that must come out a number."""
    def checked(st, env):
        value = figure(st, env)
        if not _whole(value):
            raise GameError(f"{what} must be a number, not {pretty(value)}", pos)
        return int(value)
    return checked


def _whole(value) -> bool:
    """An integer, and not true/false."""
    return isinstance(value, int) and not isinstance(value, bool)
