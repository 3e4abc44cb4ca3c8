"""The sections of a rule file that declare what a game is made of: its name, seats, deck, zones,
values, card properties, functions and procedures.

Each section is one class: its key, the kind of its value and the keys it holds (with their
help; read by the shape check and the JSON Schema), its documentation, and what it gives the
compiled game. A section that declares names (`declare`) is read before any rule is compiled;
every section then gives its part of the game (`compile`, returning `Game` fields).
"""
from __future__ import annotations

import re

from ..engine.decks import PACKS, STANDARD_ATTRIBUTES, copies_by_face, custom_deck, made_deck, standard_deck
from ..engine.game import ZoneSpec
from ..errors import Diagnostic
from ..kit.names import OWN_NAMES
from .base import (
    EFFECTS,
    EXPR,
    FLAG,
    MAPPING,
    NAMES,
    NUMBER,
    SEQUENCE,
    TEXT,
    Construct,
    Key,
    family_of,
)

PLAYERS, VALUE, VARIABLE, CARDS, FIGURES, CONSTANT, HEADED = (  # kinds of their own
    "players", "value", "variable", "cards", "figures", "constant", "headed text")
NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
SIGNATURE = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(\s*([A-Za-z_][A-Za-z0-9_]*(?:\s*,\s*[A-Za-z_][A-Za-z0-9_]*)*)?\s*\)\s*$")


@family_of
class Section(Construct):
    """A top-level section of a rule file."""

    family = "section"
    example_kind = "section"
    kind = MAPPING  # the kind of its value
    required = False
    fields: dict = {}  # a mapping with keys of its own: key -> Key
    entry: dict = {}  # a mapping by name (or a list) of entries, each a mapping with these keys
    entry_kind = ""  # a mapping by name of values of this kind (expressions, effects, variables ...)
    entry_what = ""  # how the shape check names an entry: "zone", "an entry of triggers"
    variables = False  # it declares values by name (vars:, player_vars: ...), each maybe with a label
    removable = False  # in a variant, an entry `{name: ..., remove: true}` drops the base's entry of that name

    def check(self, value, out: list) -> None:
        """Shape problems particular to the section, beyond its keys and their kinds (added to `out`)."""

    def declare(self, compiler) -> None:
        """Note what the section declares, before any rule is compiled."""

    def compile(self, compiler) -> dict:
        """The section's part of the compiled game, as `Game` fields."""
        return {}

    def analysed(self, compiler) -> dict:
        """Expressions of the section that built-in functions evaluate, by a key no function can take
        (`tricks.trump`): the dependency analysis works out what each reads, as for a rule function."""
        return {}


class GameName(Section):
    """The game's name, as players read it (required)."""

    keyword = "name"
    kind, required = TEXT, True
    syntax = ("name: TEXT",)
    example = "name: Reference bed, played again"

    def compile(self, compiler):
        return {"name": str(compiler.doc.get("name", "?"))}


class Description(Section):
    """A paragraph saying what the game is about; `{…}` in it may hold constants."""

    keyword = "description"
    kind = TEXT
    syntax = ("description: TEXT",)
    example = "description: Every construct of the language, tried at once."

    def compile(self, compiler):
        doc = compiler.doc
        text = doc.get(self.keyword, "")
        return {self.keyword: compiler.fixed_text(text, doc.value_pos.get(self.keyword, doc.pos), "the description")
                if isinstance(text, str) else ""}


class Rules(Section):
    """The rules for players, in Markdown: `rulelang rules` prints them, and `?` shows them while playing.

    Written as one text, or as sections by heading, which a variant replaces one by one (or
    removes with `none`); `{…}` in them may hold constants, so a variant that changes a constant
    changes what the rules say.
    """

    keyword = "rules"
    kind = HEADED
    syntax = ("rules: TEXT", "rules: {HEADING: TEXT}")
    example = "rules:\n  Your turn: Play a card, then draw up to {hand_size}.\nconstants:\n  hand_size: 5"

    def compile(self, compiler):
        doc = compiler.doc
        value, pos = doc.get(self.keyword), doc.value_pos.get(self.keyword, doc.pos)
        if isinstance(value, str):
            return {self.keyword: compiler.fixed_text(value, pos, "the rules text")}
        if not isinstance(value, dict):
            return {self.keyword: ""}
        return {self.keyword: "\n\n".join(
            f"## {compiler.fixed_text(heading, value.key_pos[heading], 'a heading of the rules')}\n"
            + compiler.fixed_text(text, value.value_pos[heading], "the rules text").strip()
            for heading, text in value.items() if isinstance(text, str)) + "\n"}


class Players(Section):
    """How many seats (required): a number (2) or a range [min, max], between 1 and 20; the seats are `P1`, `P2` and so on."""

    keyword = "players"
    kind, required = PLAYERS, True
    syntax = ("players: N", "players: [MIN, MAX]")
    example = "players: [2, 4]"

    def declare(self, compiler):
        value = compiler.doc.get("players", 2)
        if isinstance(value, list) and len(value) == 2:
            compiler.seats = int(value[0]), int(value[1])
        else:
            compiler.seats = (value, value) if isinstance(value, int) else (2, 2)

    def compile(self, compiler):
        return {"min_players": compiler.seats[0], "max_players": compiler.seats[1]}


class Extends(Section):
    """A base rule file this one changes: a packaged ruleset's name or a .yaml file under this file's folder.

    Only what differs need be written: mappings merge into the base's, `none` removes a part (a
    name the base lacks is added with the value none), and triggers merge by `name` (`remove:
    true` drops one).
    """

    keyword = "extends"
    kind = TEXT
    syntax = ("extends: NAME_OR_FILE",)
    example = "extends: base.yaml"


class Deck(Section):
    """The cards: `standard: 52` or `54`, a regional `pack`, suits × ranks, or `cards:` of your own; `start:` names the shared zone they start in (required).

    `ranks:` and `suits:` cut a standard deck or a pack to those cards (Euchre's 24: `standard: 52,
    ranks: [9, 10, 11, 12, 13, 1]`); without `standard` or `pack` they make a deck of one card of
    each rank in each suit, named `3 of red`. The packs are `italian` and `spanish` (40 cards:
    coins, cups, swords, batons or clubs; ace to 7, jack, knight, king) and `german` (32 cards:
    acorns, leaves, hearts, bells; 7 to 10, under, over, king, ace), named as players say them
    (`7 of coins`), each with its `rank` number and `suit`.
    A deck may hold several cards alike: `copies: 2` on a card of `cards:` makes two of it, and
    `copies:` of the deck makes that many of every card (two standard decks: `standard: 52,
    copies: 2`). Copies are told apart by their number (`Red 7#1`, `Red 7#2`) and read as their
    face everywhere players look (`Red 7`); a choice offers copies that lie alike once.
    A game of dice alone (see `dice`, or dice rolled in expressions: `2d6`) needs no deck.
    """

    keyword = "deck"
    syntax = ("deck: {standard: 52, start: ZONE}", "deck: {standard: 52, ranks: [RANKS], suits: [SUITS], start: ZONE}",
              "deck: {pack: italian|spanish|german, start: ZONE}", "deck: {suits: [SUITS], ranks: [RANKS], start: ZONE}",
              "deck: {cards: [...], attributes: [...], start: ZONE}",
              "deck: {cards: [{name: NAME, copies: N, ...}], start: ZONE}",
              "deck: {standard: 52, copies: N, start: ZONE}")
    example = "deck: {standard: 52, ranks: [9, 10, 11, 12, 13, 1], start: draw}   # 24 cards: AC, 9C ... KS"
    fields = {"standard": Key(NUMBER, False, "A French deck: 52, or 54 with two jokers."),
              "pack": Key(TEXT, False, "A regional pack: italian or spanish (40 cards), german (32 cards)."),
              "ranks": Key(SEQUENCE, False, "Only the cards of these ranks (numbers) of a standard deck or a pack; "
                                            "with suits and no standard or pack, the ranks of a deck of suits × ranks."),
              "suits": Key(SEQUENCE, False, "Only the cards of these suits of a standard deck or a pack; with ranks "
                                            "and no standard or pack, the suits of a deck of suits × ranks."),
              "cards": Key(CARDS, False, "A deck of your own: one mapping per card, each with a unique `name` and "
                                         "its printed values; `copies: N` makes N cards alike."),
              "attributes": Key(NAMES, False, "The printed values of `cards` a player may name."),
              "defaults": Key(MAPPING, False, "Printed values every card of `cards` has unless it says its own "
                                              "(`defaults: {value: 0}`): a rule may read them of any card."),
              "copies": Key(NUMBER, False, "How many of every card the deck holds (default 1)."),
              "start": Key(TEXT, True, "The shared zone every card starts in (required).")}
    choices = {"pack": tuple(PACKS)}

    def check(self, value, out):
        if "pack" in value and value["pack"] not in PACKS:
            out.append(Diagnostic(value.value_pos["pack"], f"pack must be one of {', '.join(PACKS)}"))

    def declare(self, compiler):
        compiler.dice = ()  # the dice section, read later, says the dice
        if "deck" not in compiler.doc:
            compiler.cards, compiler.printed, compiler.attribute_names, compiler.deck_zone = (), frozenset(), (), None
            return
        compiler.cards, compiler.printed, compiler.attribute_names, compiler.deck_zone = self._cards(compiler)

    @staticmethod
    def _cards(compiler) -> tuple:
        """The deck's cards, their printed attribute names, the nameable attributes and the start zone."""
        deck = compiler.section("deck")
        start = str(deck["start"]) if "start" in deck else None  # (none: the shape check says it is missing)
        copies = deck.get("copies", 1)
        if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
            compiler.error(deck.value_pos.get("copies", deck.pos), "copies must be a whole number of at least 1")
            copies = 1
        if "cards" in deck:
            for key in ("standard", "pack", "ranks", "suits"):
                if key in deck:
                    compiler.error(deck.key_pos[key], f"a deck is either a list of cards or {DECK_KINDS[key]}, not both")
            attributes = tuple(str(a) for a in deck.get("attributes", ()))
            try:
                cards = custom_deck(deck["cards"], attributes, copies, Deck._defaults(compiler, deck))
            except ValueError as err:
                index, message = err.args
                items = deck["cards"]
                compiler.error(items.item_pos[index] if index < len(items.item_pos) else deck.pos, message)
                return standard_deck(52), STANDARD_ATTRIBUTES, (), start
            printed = frozenset(k for c in cards for k in c.attributes) | set(attributes)
            return cards, printed, attributes, start
        if "defaults" in deck:
            compiler.error(deck.key_pos["defaults"], "defaults are printed values of a deck of your own (cards:)")
        try:
            return (*made_deck(deck, copies), (), start)
        except ValueError as err:
            key, message = err.args
            compiler.error(deck.value_pos.get(key, deck.pos), message)
            return standard_deck(52), STANDARD_ATTRIBUTES, (), start

    @staticmethod
    def _defaults(compiler, deck) -> dict:
        """The deck's `defaults:`, each a number, a text or none."""
        defaults = deck.get("defaults")
        if not isinstance(defaults, dict):
            return {}
        for name, value in defaults.items():
            if isinstance(value, bool) or not isinstance(value, (int, str, type(None))):
                compiler.error(defaults.value_pos[name], f"the default '{name}' must be a number, text or none")
        return dict(defaults)

    def compile(self, compiler):
        pieces = compiler.cards + compiler.dice  # every piece of the game: the deck's cards, then the dice
        return {"cards": pieces, "card_by_name": {c.name: c for c in pieces}, "deck_zone": compiler.deck_zone,
                "copies": copies_by_face(compiler.cards)}


DECK_KINDS = {"standard": "a standard deck", "pack": "a pack", "ranks": "a deck cut to some ranks",
              "suits": "a deck cut to some suits"}


VISIBILITIES = ("hidden", "owner", "public")
FACE_DOWN = ("owner", "hidden")  # who sees a face-down card in the zone


class Zones(Section):
    """The piles cards lie in, by name, top first: shared, or one per player (`per_player: true`), each with its visibility."""

    keyword = "zones"
    syntax = ("zones: {NAME: {visibility: hidden|owner|public, per_player: BOOL, ...}}",)
    example = "zones:\n  pool: {visibility: public, capacity: 3}\n  piles: {per_player: true, visibility: public, count: 3}"
    entry_what = "zone"
    entry = {"per_player": Key(FLAG, False, "true: one such zone per seat (`me.hand`); otherwise shared."),
             "visibility": Key(TEXT, True, "Who sees which cards lie there (required): hidden (nobody), owner, "
                                           "public (everybody)."),
             "capacity": Key(NUMBER, False, "At most this many cards, checked whenever the game waits for a decision."),
             "refill": Key(TEXT, False, "When a card must be drawn and this zone is empty, the zone named here is "
                                        "shuffled into it."),
             "keep_face_up": Key(FLAG, False, "With `refill`: face-up cards stay behind."),
             "count": Key(NUMBER, False, "Make this many zones (per player, or shared): `p.piles[0]` is one of them."),
             "row": Key(FLAG, False, "true: a row of piles that grows and shrinks during play."),
             "face_down": Key(TEXT, False, "Who sees a face-down card here: owner, or hidden (nobody)."),
             "label": Key(TEXT, False, "What players read for the zone."),
             "show_last": Key(FLAG, False, "true: the cards it held when last emptied stay in sight beside it, with "
                                           "where they went, until it is emptied again (the last trick, and who "
                                           "took it)."),
             "spread": Key(FLAG, False, "true: its cards lie fanned so every one shows (a discard pile players "
                                        "may take from anywhere): the table shows it whole, not only its top.")}
    choices = {"visibility": VISIBILITIES, "face_down": FACE_DOWN}

    def check(self, value, out):
        for body in value.values():
            for key, allowed in self.choices.items():
                if isinstance(body, dict) and key in body and body[key] not in allowed:
                    out.append(Diagnostic(body.value_pos[key], f"{key} must be one of {', '.join(allowed)}"))

    def declare(self, compiler):
        compiler.zones = self._zones(compiler)
        deck_zone = compiler.deck_zone
        if deck_zone is not None and (deck_zone not in compiler.zones or compiler.zones[deck_zone].per_player):
            doc = compiler.doc
            compiler.error(doc["deck"].value_pos.get("start", doc.pos) if isinstance(doc.get("deck"), dict)
                           else doc.pos, f"the deck must start in a shared zone; '{deck_zone}' is not one")

    @staticmethod
    def _zones(compiler) -> dict:
        """The declared zones, checking refill references."""
        zones = {}
        section = compiler.section("zones")
        for name, body in section.items():
            pos = section.key_pos[name]
            if not NAME.match(name):
                compiler.error(pos, f"zone name '{name}' must be a plain name")
            if not isinstance(body, dict):
                continue
            if isinstance(body.get("capacity"), int) and body["capacity"] < 0:
                compiler.error(body.value_pos["capacity"], "a zone's capacity is 0 or more")
            count = body.get("count")
            if count is not None and not (whole(count) and 1 <= count <= 100):
                compiler.error(body.value_pos["count"], "a zone's count must be a number from 1 to 100")
                count = None
            capacity = body.get("capacity")
            if capacity is not None and not (whole(capacity) and 0 <= capacity <= 10_000):
                compiler.error(body.value_pos["capacity"], "a zone's capacity must be a number from 0 to 10000")
                capacity = None
            refill = body.get("refill")
            zones[name] = ZoneSpec(name, bool(body.get("per_player", False)), str(body.get("visibility", "public")),
                                   capacity, str(refill) if refill is not None else None,
                                   bool(body.get("keep_face_up", False)),
                                   count, bool(body.get("row", False)), pos,
                                   down_seen_by_owner=body.get("face_down", "owner") != "hidden",
                                   label=str(body.get("label", "")), show_last=bool(body.get("show_last", False)),
                                   spread=bool(body.get("spread", False)))
            if count is not None and body.get("row"):
                compiler.error(body.value_pos["row"], "a zone is either a row (row: true) or has a count, not both")
            if body.get("show_last") and body.get("row"):
                compiler.error(body.value_pos["show_last"], "a row's piles leave it when emptied: show_last is for "
                                                            "other zones")
        for spec in zones.values():
            if spec.refill is not None and spec.refill not in zones:
                compiler.error(section[spec.name].value_pos["refill"], f"refill names unknown zone '{spec.refill}'")
        return zones

    def compile(self, compiler):
        return {"zones": compiler.zones}


class CardProps(Section):
    """Derived values of a card, by name: expressions with `it` as the card, read like printed values (`c.value`).

    A property that reads only printed values is worked out once per card; any other whenever it is read.
    """

    keyword = "card_props"
    syntax = ("card_props: {NAME: EXPRESSION}",)
    example = "card_props:\n  value: 'it.rank if it.rank <= 10 else 10'"
    entry_kind = EXPR

    def compile(self, compiler):
        return {"card_props": compiler.card_props}


class VariableSection(Section):
    """A section of values by name, each with its starting value (or `{initial: ..., label: ...}`)."""

    entry_kind = VARIABLE
    variables = True
    entry_what = "variable"
    entry = {"initial": Key(VALUE, False, "The starting value: a number, text, true/false, none, or a list of "
                                          "them (`[]`)."),
             "label": Key(TEXT, False, "What players read for the variable on the table.")}
    field = ""  # the Game field of its values

    def compile(self, compiler):
        return {self.field: compiler.plain_values(self.keyword)}


class CardVars(VariableSection):
    """Values stored on cards (and markers), by name, with their defaults; a card forgets them when it moves to another zone."""

    keyword = "card_vars"
    syntax = ("card_vars: {NAME: VALUE}",)
    example = "card_vars:\n  flipped: false"
    field = "card_vars"


class PlayerVars(VariableSection):
    """Values per seat, by name, with their starting values: `me.score`, `p.bid`."""

    keyword = "player_vars"
    syntax = ("player_vars: {NAME: VALUE}",)
    example = "player_vars:\n  score: 0\n  bid: {initial: none, label: tricks bid}"
    field = "player_vars"


class ZoneVars(VariableSection):
    """Values stored on zones, by name, with their defaults: `pile.won`."""

    keyword = "zone_vars"
    syntax = ("zone_vars: {NAME: VALUE}",)
    example = "zone_vars:\n  won: false"
    field = "zone_vars"


class GameVars(VariableSection):
    """Values for the whole game, by name, with their starting values (numbers, text or none).

    Any variable may be written with a label, which is what players read for it on the table.
    """

    keyword = "vars"
    syntax = ("vars: {NAME: VALUE}", "vars: {NAME: {initial: VALUE, label: TEXT}}")
    example = "vars:\n  stake: {initial: 1, label: stake}"
    field = "game_vars"


class Constants(Section):
    """Named values fixed for the whole game (a number, text or true/false), read by name like variables.

    A text players read outside play (`rules`, `description`, a move's `help`, the `name` of a
    trigger or an end rule) may hold them as `{name}`, so a house rule that changes a constant
    changes every rule and every text that says it, in one place.
    """

    keyword = "constants"
    syntax = ("constants: {NAME: VALUE}",)
    example = "constants:\n  hand_size: 5"
    entry_kind = CONSTANT
    entry_what = "constant"

    def check(self, value, out):
        for name, constant in value.items():
            if not isinstance(constant, (int, str)):  # (true and false are ints too)
                out.append(Diagnostic(value.value_pos[name], f"constant '{name}' must be a number, text or true/false"))

    def declare(self, compiler):
        section, taken = compiler.section(self.keyword), names_taken(compiler)
        compiler.constants = {}
        for name, value in section.items():
            if not NAME.match(name):
                compiler.error(section.key_pos[name], f"constant name '{name}' must be a plain name")
            elif name in taken or re.fullmatch(r"P[0-9]+", name):
                compiler.error(section.key_pos[name], f"'{name}' is already {taken.get(name, 'a seat')}: give the "
                                                      f"constant another name")
            elif isinstance(value, (int, str)):
                compiler.constants[name] = str(value) if isinstance(value, str) else value


def names_taken(compiler) -> dict:
    """Names a constant may not take, with what they already name."""
    taken = {name: "a name of the language" for name in (*OWN_NAMES, "true", "false", "none")}
    taken.update((name, "a shared zone") for name, spec in compiler.zones.items() if not spec.per_player)
    taken.update((name, "a game variable (vars:)") for name in compiler.section("vars"))
    return taken


class Functions(Section):
    """Named expressions with parameters (`"damage(c)": "..."`), called like built-in functions (and in place of a built-in of the same name); inside, `me` is the caller's."""

    keyword = "functions"
    syntax = ('functions: {"NAME(PARAMS)": EXPRESSION}',)
    example = 'functions:\n  "worth(c)": "10 if c.rank > 10 else c.rank"'
    entry_kind = EXPR

    def declare(self, compiler):
        compiler.functions_declared = signatures(compiler, self.keyword)


class Procedures(Section):
    """Named effect lists with parameters (`"play(c)": [...]`), run with `call play(c)`; inside, `me` is the caller's."""

    keyword = "procedures"
    syntax = ('procedures: {"NAME(PARAMS)": [EFFECTS]}',)
    example = 'procedures:\n  "discard_all(p)": ["move p.hand to discard"]'
    entry_kind = EFFECTS

    def declare(self, compiler):
        compiler.procedures_declared = signatures(compiler, self.keyword)

    def compile(self, compiler):
        return {"procedures": {name: compiler.procedure(name, params, body, pos)
                               for name, (params, body, pos) in compiler.procedures_declared.items()}}


def signatures(compiler, key: str) -> dict:
    """name -> (parameters, body, position) of every function or procedure a section declares."""
    section = compiler.section(key)
    out = {}
    for signature, body in section.items():
        found = SIGNATURE.match(signature)
        if not found:
            compiler.error(section.key_pos[signature], f"write a {key[:-1]} as name(param, ...), not '{signature}'")
            continue
        params = tuple(p.strip() for p in (found.group(2) or "").split(",") if p.strip())
        twice = next((p for i, p in enumerate(params) if p in params[:i]), None)
        if twice is not None or "me" in params:
            problem = f"names the parameter '{twice}' twice" if twice is not None else \
                "has a parameter named 'me', which always names the acting player"
            compiler.error(section.key_pos[signature], f"{key[:-1]} '{signature}' {problem}: give it another name")
            continue
        out[found.group(1)] = (params, body, section.value_pos[signature])
    return out


def whole(value) -> bool:
    """An integer, and not true/false."""
    return isinstance(value, int) and not isinstance(value, bool)

