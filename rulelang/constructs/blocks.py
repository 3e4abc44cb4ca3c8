"""The blocks of effect lists, written as YAML mappings: `if`, `elif`, `for`, `while`, `choose`, `choose move`.

Each block is one class: the keys of its mapping (with their kinds and help, read by the shape
check and the JSON Schema) and how it is compiled into effect nodes (`compile`), with the
compiler (`compile/compiler.py`) as the driver that compiles its expressions and inner lists.
The nodes are the interpreter's own (`engine/effects.py`, `choices.py`): their `run` is the blocks' plain
meaning, which the reference interpreter runs as it is and the optimizer (`compile/blocks.py`)
turns into Python's own `if`, `for` and `while` where nothing waits.
"""
from __future__ import annotations

import re

import attrs

from ..engine import ops
from ..engine.choices import Choose, ChooseMove
from ..engine.effects import Break, For, If, Repeat, Statement, While
from ..errors import RuleError
from ..kit.names import suggest
from .base import EFFECTS, EXPR, NAMES, TEXT, Construct, Key, family_of

NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@family_of
class Block(Construct):
    """A block of an effect list: a YAML mapping named by its first key."""

    family = "block"
    example_kind = "effects"
    keys: dict = {}  # key -> Key: what the mapping may hold
    follows: tuple = ()  # the blocks it must come right after in its list (none: anywhere)
    misplaced = ""  # the error for one that does not

    def compile(self, compiler, item, pos, scope: set, following: list):
        """The effect node(s) of the block; `following` are the (item, position) after it in its list."""
        raise NotImplementedError  # pragma: no cover - every block says


def keep_all(st, env, items):
    """A `where` that keeps every item (what an erroneous one compiles to, after its error is noted)."""
    return list(items)


def always(st, env):
    """A condition that holds (what an erroneous one compiles to, after its error is noted)."""
    return True


class IfBlock(Block):
    """Run `then` when the condition holds, else `else`; `elif`s after it make a chain where the first that holds runs."""

    keyword = "if"
    syntax = ("if: COND\nthen: [...]\nelse: [...]",)
    example = "- if: 'count(me.hand) > 5'\n  then: ['move first(me.hand) to discard']\n  else: ['draw 1 from draw to me.hand']"
    keys = {"if": Key(EXPR, True, "A condition; `then` runs when it holds, `else` otherwise."),
            "then": Key(EFFECTS, True, "Effects when the condition holds (required)."),
            "else": Key(EFFECTS, False, "Effects when it does not.")}

    def compile(self, compiler, item, pos, scope, following):
        chain = [(item, "if", pos)] + [(other, "elif", other_pos) for other, other_pos in _elifs(following)]
        for (branch, _, _), _ in zip(chain, chain[1:]):
            if "else" in branch:
                compiler.error(branch.key_pos["else"], "this 'else' comes before an 'elif'; put it on the last 'elif'")
        last, _, last_pos = chain[-1]
        otherwise = compiler.block(last.get("else", ()), last_pos, scope)
        for branch, key, branch_pos in reversed(chain):
            otherwise = (If(compiler.cond(branch[key], branch.value_pos[key], scope),
                            compiler.block(branch.get("then", ()), branch_pos, scope), otherwise, branch_pos),)
        return otherwise[0]


def _elifs(entries: list) -> list:
    """The `elif` items at the start of `entries` (the rest of an effect list after an `if`)."""
    out = []
    for item, pos in entries:
        if not (isinstance(item, dict) and block_form(item) == "elif"):
            break
        out.append((item, pos))
    return out


class ElifBlock(Block):
    """A condition tried when the `if` (or `elif`) just before it in the list did not hold."""

    keyword = "elif"
    syntax = ("elif: COND\nthen: [...]\nelse: [...]",)
    example = ("- if: 'count(me.hand) > 5'\n  then: ['move first(me.hand) to discard']\n"
               "- elif: 'count(me.hand) < 2'\n  then: ['draw 2 from draw to me.hand']")
    keys = {"elif": Key(EXPR, True, "A condition tried when the `if` (or `elif`) just before it did not hold."),
            "then": IfBlock.keys["then"], "else": IfBlock.keys["else"]}
    follows = ("if", "elif")
    misplaced = "'elif' goes right after an 'if' (or another 'elif') in the same list"

    def compile(self, compiler, item, pos, scope, following):
        return None  # compiled with the `if` it belongs to


class ForBlock(Block):
    """Run `do` once per item of a collection, with the name bound to the item."""

    keyword = "for"
    syntax = ("for: x in COLL\ndo: [...]",)
    example = "- for: c in me.hand\n  do: ['set c.dmg = 1']"
    keys = {"for": Key(EXPR, True, "`x in LIST`: run `do` once per item."),
            "do": Key(EFFECTS, True, "The effects to run.")}

    def compile(self, compiler, item, pos, scope, following):
        var, over = compiler.binding(item["for"], item.value_pos["for"], scope)
        scope.add(var)
        return For(var, over, compiler.block(item.get("do", ()), pos, scope), pos)


class WhileBlock(Block):
    """Run `do` as long as the condition holds (at most 1000 rounds)."""

    keyword = "while"
    syntax = ("while: COND\ndo: [...]",)
    example = "- while: 'count(me.hand) < 5'\n  do: ['draw 1 from draw to me.hand']"
    keys = {"while": Key(EXPR, True, "Run `do` as long as this holds (bounded)."),
            "do": Key(EFFECTS, True, "The effects to run.")}

    def compile(self, compiler, item, pos, scope, following):
        return While(compiler.cond(item["while"], item.value_pos["while"], scope),
                     compiler.block(item.get("do", ()), pos, scope), pos)


class RepeatBlock(Block):
    """Run the effects again and again until one of them, or a move they make, says `end repeat` (or `end turn`).

    "Meld and lay off as often as you like, then discard": the moves offered again after each,
    the discard ending the turn. Use it instead of a `while` on a flag that a move sets: the move
    that ends it says so itself. At most 1000 rounds (each should ask something).
    """

    keyword = "repeat"
    syntax = ("repeat: [...]",)
    example = "- repeat:\n    - choose move: [example]"
    keys = {"repeat": Key(EFFECTS, True, "The effects run again and again, until `end repeat` (or `end turn`).")}

    def compile(self, compiler, item, pos, scope, following):
        return Repeat(compiler.block(item.get("repeat", ()), item.value_pos.get("repeat", pos), scope), pos)


class ChooseBlock(Block):
    """A player picks an item (or, with `min`/`max`, several, one at a time), bound to the name.

    `where` keeps the items it holds for (`it` is the item; in a choice of several the name holds
    the picks so far). `optional` offers `done` (binding none). With `do`, each pick is acted on
    before the next: `done` is offered once `min` are picked, and it ends at `max` picks, at
    `done`, when nothing more can be picked, or at a `break` in `do`.
    """

    keyword = "choose"
    syntax = ("choose: x\nfrom: COLL\nwhere: COND\nmin: N\nmax: N\nby: P\nprompt: TEXT\noptional: COND\ndo: [...]",)
    example = "- choose: c\n  from: me.hand\n  where: 'it.rank > 1'\n  prompt: 'Discard which card?'\n  optional: 'true'"
    keys = {"choose": Key(TEXT, True, "The name the chosen items are bound to."),
            "from": Key(EXPR, True, "What to choose from (required)."),
            "where": Key(EXPR, False, "Only items for which this holds (`it` is the item)."),
            "min": Key(EXPR, False, "Pick several, one at a time: at least this many."),
            "max": Key(EXPR, False, "Pick several, one at a time: at most this many (none: no limit)."),
            "optional": Key(EXPR, False, "When this holds, `done` (choosing nothing) is offered too."),
            "prompt": Key(TEXT, False, "What the chooser reads; may hold {expressions}."),
            "by": Key(EXPR, False, "The player who chooses (default: me)."),
            "do": Key(EFFECTS, False, "Effects after each pick, with the name bound to the item just picked.")}

    def compile(self, compiler, item, pos, scope, following):
        var = str(item["choose"])
        if not NAME.match(var):
            raise RuleError.at(item.value_pos["choose"], f"'choose' names the variable to bind, not '{var}'")
        many = "min" in item or "max" in item
        inner = set(scope) | {"it", var}

        def optional_expr(key, default=None):
            return compiler.expr(item[key], item.value_pos[key], inner) if key in item else default
        prompt = None
        if "prompt" in item:
            prompt = compiler.guard(compiler.statements.interpolation, str(item["prompt"]), item.value_pos["prompt"],
                                    inner)
        steady, where = self._filters(compiler, item, inner, many and "do" not in item)
        node = Choose(var=var, source=compiler.expr(item["from"], item.value_pos["from"], scope), where=where,
                      steady=steady, by=optional_expr("by"), prompt=prompt, optional=optional_expr("optional"),
                      many=many, min=self._bound(compiler, item, "min", 0, inner),
                      max=self._bound(compiler, item, "max", None, inner), pos=pos)
        scope.add(var)
        if "do" in item:
            return self._each(compiler, item, node, pos, scope)
        return node

    @staticmethod
    def _bound(compiler, item, key: str, default, inner):
        """`min` or `max`: a number written as such is kept as it is (see Choose.bounds)."""
        if key not in item:
            return default
        written = item[key]
        if isinstance(written, bool) or not isinstance(written, (int, str)):
            compiler.error(item.value_pos[key], f"'{key}' takes a number of picks (or an expression giving one)")
            return default
        if isinstance(written, int):
            return int(written)
        return compiler.guard(compiler.expressions.compile, written, item.value_pos[key], frozenset(inner), False,
                              f"'{key}'", default=always)

    @staticmethod
    def _filters(compiler, item, inner, picks_many: bool) -> tuple:
        """A choice's `where` as `(steady, where)` filters (see `Choose.steady`). A choice of several
        items asks `where` again after each pick, though only the picks changed: the leading `and`
        parts that read neither them nor chance are checked once, while the state stays the same."""
        if "where" not in item:
            return None, None
        var, text, pos = str(item["choose"]), item["where"], item.value_pos["where"]
        if not (picks_many and compiler.dependencies.steady(item["from"], var)):
            return None, compiler.guard(compiler.expressions.compile_filter, text, pos, inner, default=keep_all)
        return compiler.guard(compiler.expressions.compile_split_filter, text, pos, inner,
                              lambda part: compiler.dependencies.steady(part, var), default=(None, keep_all))

    @staticmethod
    def _each(compiler, item, choice: Choose, pos, scope) -> tuple:
        """`choose` with `do:`, written as the loop it stands for: set the count to 0; while more may
        be picked, choose (optionally once `min` are picked), leave on `done`, count, run `do`."""
        if "optional" in item:
            compiler.error(item.key_pos["optional"], "a choice with 'do' offers 'done' once 'min' items are picked; "
                                                      "it takes no 'optional'")
        count, var = f"#picked:{pos.line}:{pos.column}", choice.var

        def start(st, env):
            env[count], env[var] = 0, None

        def more(st, env):
            picked, (fewest, most) = env[count], choice.bounds(st, env)
            if most is not None and picked >= most:
                return False
            return picked < fewest or bool(choice.candidates(st, env, None))

        def tally(st, env):
            env[count] += 1

        def none_picked(st, env):
            return env[var] is None
        ask = attrs.evolve(choice, many=False, optional=lambda st, env: env[count] >= choice.bounds(st, env)[0],
                           min=0, max=None)
        body = (ask, If(none_picked, (Break(pos),), (), pos), Statement(tally, pos))
        body += compiler.block(item["do"], item.value_pos["do"], scope)
        return Statement(start, pos), While(more, body, pos)


class BiddingBlock(Block):
    """Bids go round the bidders in order, again and again, until every bidder still in has bid since the standing bid last changed.

    Each bid runs `do` with the name bound to the bidder. Without `high`, that is one bid each (a
    round of bids); with it, a bid that changes `high` reopens the bidding for every other
    bidder (a raise), so the bidding ends when all have passed or called since the last raise.
    Bidders for whom `skip` holds bid no more (folded, all in); `until` ends the bidding at once
    when it holds after a bid (a challenge, a single player left). At most 1000 bids.
    """

    keyword = "bidding"
    syntax = ("bidding: p in ORDER\nskip: COND\nhigh: EXPR\nuntil: COND\ndo: [...]",)
    example = ("- bidding: p in clockwise(next(me))\n  skip: 'count(p.hand) == 0'\n  high: 'max(q in players | q.score)'\n"
               "  do:\n    - choose move: [example]\n      by: p")
    keys = {"bidding": Key(EXPR, True, "`p in ORDER`: the bidders, in the order they bid; the bidding goes round them."),
            "do": Key(EFFECTS, True, "One bid, with the name bound to the bidder."),
            "skip": Key(EXPR, False, "A bidder for whom this holds bids no more (folded, all in)."),
            "high": Key(EXPR, False, "The standing bid: a bid that changes it reopens the bidding for the others."),
            "until": Key(EXPR, False, "The bidding ends at once when this holds after a bid.")}

    def compile(self, compiler, item, pos, scope, following):
        var, over = compiler.binding(item["bidding"], item.value_pos["bidding"], scope)
        outer = set(scope)
        scope.add(var)

        def optional(key, inner, cond=False):  # (called by `more` alone: short code, see Compiler.check)
            if key not in item:
                return None
            return compiler.check(item[key], item.value_pos[key], inner, cond)
        skip, until = optional("skip", scope, cond=True), optional("until", outer, cond=True)
        high = optional("high", outer)
        key = f"#bidding:{pos.line}:{pos.column}"

        def start(st, env):  # (bidders, where the next is looked for, who bid since the last change, the
            # standing bid, whether a bid was made since the last look for the next bidder)
            env[key] = (tuple(st.items(over(st, env))), 0, frozenset(), None if high is None else high(st, env), False)

        def more(st, env):
            bidders, at, since, standing, bid = env[key]
            if bid:  # the bid just made: a change of the standing bid asks everyone else again
                now = None if high is None else high(st, env)
                since, standing = frozenset((env[var],)) if now != standing else since | {env[var]}, now
            if until is not None and until(st, env):
                return False
            bidding = len(bidders)
            for step in range(bidding):
                bidder = bidders[(at + step) % bidding]
                if bidder in since:
                    continue
                env[var] = bidder
                if skip is None or not skip(st, env):
                    env[key] = (bidders, at + step + 1, since, standing, True)
                    return True
            return False
        body = compiler.block(item.get("do", ()), item.value_pos.get("do", pos), scope)
        return Statement(start, pos), While(more, body, pos)


class ChooseMoveBlock(Block):
    """The player picks one of the named moves whose `if` holds, which then runs.

    A move declared with parameters (`meld(card)`) is offered with the values handed to them,
    worked out where the choice stands: `choose move: [meld(drawn), discard]`.
    """

    keyword = "choose move"
    syntax = ("choose move: [a, b, ...]\nby: P", "choose move: [a(x), b]")
    example = "- choose move: [example]"
    keys = {"choose move": Key(NAMES, True, "The moves offered; the player picks one of those whose `if` holds "
                                            "(`name(values)` for a move with parameters)."),
            "by": Key(EXPR, False, "The player who chooses (default: me).")}

    def compile(self, compiler, item, pos, scope, following):
        names, args = offered_moves(compiler, item["choose move"], scope)
        by = compiler.expr(item["by"], item.value_pos["by"], scope) if "by" in item else None
        written = str(item["by"]).strip() if "by" in item else ""
        return ChooseMove(names, by, pos, args, written if written in scope else None)


def offered_moves(compiler, written, scope) -> tuple:
    """The names of the moves a list offers, and per move the functions giving the values handed to
    its parameters (`meld(drawn)`), or None when no move of the list takes any."""
    names, args = [], []
    for entry, entry_pos in zip(written, getattr(written, "item_pos", ())):
        if not isinstance(entry, str):
            continue  # not text: the shape check says so
        found = compiler.guard(_offer, compiler, entry, entry_pos, scope)
        if found is not None:
            names.append(found[0])
            args.append(found[1])
    return tuple(names), (tuple(args) if any(args) else None)


def _offer(compiler, entry: str, pos, scope) -> tuple | None:
    """(the move's name, the functions giving its values) of one entry of a list of moves."""
    name = entry.split("(", 1)[0].strip()
    if name not in compiler.move_names:
        raise RuleError.at(pos, f"unknown move '{name}'{suggest(name, compiler.move_names)}")
    wanted = compiler.move_params[name]
    if "(" not in entry:
        if wanted:
            raise RuleError.at(pos, f"move '{name}' takes {len(wanted)} value(s) ({', '.join(wanted)}): "
                                    f"offer it as {name}({', '.join(wanted)})")
        return name, ()
    where = getattr(entry, "pos", pos).shifted(getattr(entry, "offset", 0))
    tree = compiler.expressions.parse(entry, where)
    given = [c for c in tree.children[1:] if c is not None] if tree.data == "call" else None
    if given is None or len(given) != len(wanted):
        raise RuleError.at(pos, f"move '{name}' takes {len(wanted)} value(s) ({', '.join(wanted) or 'none'}), "
                                f"written {name}({', '.join(wanted)})")
    return name, tuple(compiler.expressions.compile_tree(arg, where, frozenset(scope)) for arg in given)


class ShowNoneBlock(Block):
    """Tell players that none of some cards meets a condition: a player who cannot follow suit shows they hold none of it.

    `where` says it of each card (`it`); the game stops with an error if one of the cards meets
    it. `to` names who is told (default: every player), `say` what they read in the log (by
    default nothing: the action that tells it is logged already). Search bots keep what they were told:
    the cards their samples deal into those places never meet it, as long as each card lies where
    it lay (a move or a shuffle forgets). So write it of what the card is (its rank, suit,
    properties), not of where it lies.
    """

    keyword = "show none"
    syntax = ("show none: CARDS\nwhere: COND\nto: P\nsay: TEXT",)
    example = "- show none: me.hand\n  where: 'it.suit == \"hearts\"'\n  to: players\n  say: '{me} has no hearts'"
    keys = {"show none": Key(EXPR, True, "The cards none of which meets the condition (a hand, say)."),
            "where": Key(EXPR, True, "What none of them is (`it` is the card): written of what a card is."),
            "to": Key(EXPR, False, "The players told (default: every player)."),
            "say": Key(TEXT, False, "What the players told read in the log; may hold {expressions} (default: nothing).")}

    def compile(self, compiler, item, pos, scope, following):
        cards = compiler.expr(item["show none"], item.value_pos["show none"], scope)
        told = str(item.get("where", ""))
        holds = compiler.cond(told, item.value_pos["where"], set(scope) | {"it"}) if "where" in item else always
        to = compiler.expr(item["to"], item.value_pos["to"], scope) if "to" in item else None
        say = None
        if "say" in item:
            say = compiler.guard(compiler.statements.interpolation, str(item["say"]), item.value_pos["say"], scope)

        def show(st, env):
            ops.show_none(st, cards(st, env), holds, env, st.seats if to is None else to(st, env), told, say, pos)
        return Statement(show, pos)


def block_form(item) -> str | None:
    """Which block a mapping effect is (by the first of the blocks' keywords it holds), or None."""
    return next((keyword for keyword in Block.entries if keyword in item), None)
