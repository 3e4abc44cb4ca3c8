"""The sections of a rule file that say how a game is played: setup, turns, moves, reactions,
triggers, the end, rounds, results, displays, limits and hints for bots.

Each section is one class (see `sections.py` for what a section says of itself); its `compile`
gives its part of the compiled game, with the compiler as the driver that compiles its
expressions and effect lists.
"""
from __future__ import annotations

import re

from ..engine.choices import CHECK_POINT
from ..engine.game import RESULT, Bots, EndRule, Limits, Move, Phrase, RoundSpec, Trigger, TurnSpec, watched_origins
from ..engine.ops import listing, place, players_in
from ..engine.values import pretty
from ..errors import Diagnostic, GameError, RuleError
from ..kit.names import suggest
from ..kit.person import third_person
from .base import EFFECTS, EXPR, NAMES, NUMBER, SEQUENCE, TEXT, Key
from .blocks import always
from .sections import FIGURES, Section, whole
from .tricks import closing

EVENTS = ("moved",)  # what an `on:` trigger may wait for
FINISHES = ("round", "others")  # how an end rule may let play go on before the game ends


class Setup(Section):
    """Effects run once before the first turn; inside, `me` is `P1`."""

    keyword = "setup"
    kind = EFFECTS
    syntax = ("setup: [EFFECTS]",)
    example = "setup:\n  - shuffle draw\n  - for: p in players\n    do: ['draw 5 from draw to p.hand']"

    def compile(self, compiler):
        doc = compiler.doc
        return {"setup": compiler.block(doc.get("setup", ()), doc.value_pos.get("setup", doc.pos), {"me"})}


class Turn(Section):
    """What a turn is (required): `do`, who goes `first`, `after`, who is skipped, who is `next`.

    Turns go round the table clockwise, or to the player `next` names, passing over seats that
    `skip` skips. In `do` and `after`, `me` is the player whose turn it is.
    """

    keyword = "turn"
    required = True
    syntax = ("turn: {first: random|PLAYER, do: [EFFECTS], after: [EFFECTS], skip: COND, next: PLAYER}",)
    example = "turn:\n  first: P1\n  do:\n    - choose move: [example]\n  skip: 'count(me.hand) == 0'"
    fields = {"first": Key(EXPR, False, "Who takes the first turn: `random` or an expression naming a player."),
              "do": Key(EFFECTS, True, "The effects of a turn (required)."),
              "after": Key(EFFECTS, False, "Effects when the turn's `do` is finished."),
              "skip": Key(EXPR, False, "Seats for which this holds are passed over."),
              "next": Key(EXPR, False, "Who moves next (default: the next seat clockwise).")}

    def compile(self, compiler):
        turn, doc = compiler.section("turn"), compiler.doc
        following = compiler.expr(turn["next"], turn.value_pos["next"], {"me"}) if "next" in turn else None
        first = None
        if "first" in turn and turn["first"] != "random":
            first = compiler.expr(turn["first"], turn.value_pos["first"], {"me"})
        body = compiler.block(turn.get("do", ()), turn.value_pos.get("do", turn.pos if turn else doc.pos), {"me"})
        if not body or not body[0].settles_first:  # a turn that opens with a choice checks there
            body = (CHECK_POINT,) + body  # end conditions and triggers act before every turn
        body += closing(compiler)  # a trick complete at the end of a turn goes to its winner
        after = compiler.block(turn.get("after", ()), turn.value_pos.get("after", doc.pos), {"me"})
        skip = compiler.check(turn["skip"], turn.value_pos["skip"], {"me"}) if "skip" in turn else None
        return {"turn": TurnSpec(first, body, after, skip, following, doc.key_pos.get("turn", doc.pos))}


class Moves(Section):
    """The moves, by name: each offered by `choose move` when its `if` holds, and then running its `do` with `me` as the player."""

    keyword = "moves"
    syntax = ("moves: {NAME: {label: TEXT, third_person: TEXT, if: COND, do: [EFFECTS], help: TEXT, rule: ID, "
              "ask: COND}}", "moves: {NAME(a, ...): {...}}")
    example = "moves:\n  pass:\n    label: Pass\n    if: 'count(me.hand) > 0'\n    do: ['log \"passes\"']"
    entry_what = "move"
    entry = {"label": Key(TEXT, False, "What the player offered the move reads, in the second person imperative "
                                        "('End your turn'); may hold {expressions}."),
             "third_person": Key(TEXT, False, "What everyone else and the log read when a player makes the move, "
                                              "after the player's name ('ends their turn'); by default made from "
                                              "`label`."),
             "rule": Key(TEXT, False, "The rule ID the move implements."),
             "if": Key(EXPR, False, "The move is offered only when this holds (default: true)."),
             "do": Key(EFFECTS, True, "The move's effects (required); `me` is the player who chose it."),
             "help": Key(TEXT, False, "What the move does, in players' words; `{…}` may hold constants."),
             "ask": Key(EXPR, False, "For a reaction move: ask a person about it only when this holds.")}

    def declare(self, compiler):
        compiler.move_params = {}
        section = compiler.section("moves")
        for key, body in section.items():
            if isinstance(body, dict):
                name, params = compiler.guard(move_signature, key, section.key_pos[key], default=(key, ()))
                compiler.move_params[name] = params
        compiler.move_names = set(compiler.move_params)

    def compile(self, compiler):
        section, out = compiler.section("moves"), {}
        for key, body in section.items():
            if not isinstance(body, dict):
                continue
            pos = section.key_pos[key]
            name, params = compiler.guard(move_signature, key, pos, default=(key, ()))
            scope = {"me", *params}
            legal = compiler.guard(compiler.expressions.compile_check, body["if"], body.value_pos["if"], scope,
                                   default=always) if "if" in body else always
            reads = compiler.dependencies.of_text(body["if"], body.value_pos["if"]) if "if" in body else frozenset()
            do = compiler.block(body.get("do", ()), body.value_pos.get("do", pos), scope)
            ask = compiler.cond(body["ask"], body.value_pos["ask"], scope) if "ask" in body else None
            offered, told = self._phrases(compiler, name, body, pos, scope)
            out[name] = Move(name, offered.text, str(body.get("rule", "")), legal, do, pos, reads,
                             help=compiler.fixed_text(body.get("help", ""), body.value_pos.get("help", pos),
                                                      "a move's help"), ask=ask,
                             costly="if" in body and compiler.dependencies.costly(body["if"]), offered=offered,
                             told=told, params=params)
        return {"moves": out}

    @staticmethod
    def _phrases(compiler, name: str, body, pos, scope) -> tuple:
        """How the player who makes a move reads it (its label), and how the others do (its third person)."""
        label = body.get("label", name)
        before = len(compiler.diagnostics)
        offered = compiler.phrase(label, body.value_pos.get("label", pos), scope, "a move's label")
        if "third_person" in body:
            told = compiler.phrase(body["third_person"], body.value_pos["third_person"], scope, "a move's third person")
        elif len(compiler.diagnostics) > before:  # its fields are wrong, and said so once
            told = Phrase(third_person(str(label)))
        else:
            told = compiler.phrase(third_person(str(label)), body.value_pos.get("label", pos), scope, "a move's label")
        return offered, told


SIGNATURE = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:\(([^()]*)\))?\s*$")


def move_signature(key: str, pos) -> tuple:
    """A move's name and parameters, from its key in `moves:` (`meld` or `meld(card)`)."""
    found = SIGNATURE.match(str(key))
    written = found.group(2).strip() if found and found.group(2) is not None else ""
    params = tuple(p.strip() for p in written.split(",")) if written else ()
    if found is None or any(not p.isidentifier() for p in params) or len(set(params)) < len(params) \
            or "me" in params:
        raise RuleError.at(pos, f"a move is named `name` or `name(a, b)` with distinct parameters other than me, "
                                f"not '{key}'")
    return found.group(1), params


class Reactions(Section):
    """Moves other players may make after every move: a reaction window where priority passes until all pass."""

    keyword = "reactions"
    syntax = ("reactions: {moves: [NAMES]}",)
    example = "reactions:\n  moves: [example]"
    fields = {"moves": Key(NAMES, True, "The names of the moves.")}

    def compile(self, compiler):
        section = compiler.section(self.keyword)
        names, known = section.get("moves", ()), compiler.move_names
        for name, pos in zip(names, getattr(names, "item_pos", ())):
            if isinstance(name, str) and name not in known:  # not text: the shape check says so
                compiler.error(pos, f"unknown move '{name}'{suggest(name, known)}")
            elif isinstance(name, str) and compiler.move_params[name]:
                compiler.error(pos, f"move '{name}' takes values ({', '.join(compiler.move_params[name])}): "
                                    f"{self.keyword} offers moves without, so offer it with 'choose move'")
        return {self.keyword: tuple(str(n) for n in names if n in known)}


class Anytime(Reactions):
    """Moves a player may make at any of their decisions (during turns); after one, the same decision is asked again."""

    keyword = "anytime"
    syntax = ("anytime: {moves: [NAMES]}",)
    example = "anytime:\n  moves: [example]"


class Triggers(Section):
    """Rules that act by themselves: when `when` holds (for an item of `for`, if given) at a check point, `do` runs.

    A trigger with `on: moved` waits for an event instead: right after a card moves, with `card`
    bound to the card and `origin` to the zone it left.
    """

    keyword = "triggers"
    kind = SEQUENCE
    syntax = ("triggers: [{name: TEXT, for: x in COLL, when: COND, do: [EFFECTS]}]",
              "triggers: [{name: TEXT, on: moved, when: COND, do: [EFFECTS]}]")
    example = ("triggers:\n  - name: a hand of ten is cut\n    for: p in players\n    when: 'count(p.hand) > 10'\n"
               "    do: ['move first(p.hand) to discard']")
    entry_what = "an entry of triggers"
    entry = {"name": Key(TEXT, True, "What happened, in players' words (required); a variant replaces a trigger "
                                     "by its name."),
             "rule": Key(TEXT, False, "The rule ID the trigger implements."),
             "for": Key(EXPR, False, "`x in LIST`: check `when` for each item."),
             "when": Key(EXPR, True, "The trigger fires when this holds (required)."),
             "do": Key(EFFECTS, True, "The effects when it fires (required)."),
             "on": Key(TEXT, False, "An event to wait for instead of a check point: `moved` (binds `card` and "
                                    "`origin`).")}
    choices = {"on": EVENTS}
    removable = True  # in a variant, `{name: ..., remove: true}` drops the base's trigger of that name

    def check(self, value, out):
        for item in value:
            if not isinstance(item, dict):
                continue
            if item.get("on", EVENTS[0]) not in EVENTS:
                out.append(Diagnostic(item.value_pos["on"], f"unknown event '{item['on']}'; known: {', '.join(EVENTS)}"))
            if "on" in item and "for" in item:
                out.append(Diagnostic(item.key_pos["for"], "a trigger with 'on' binds card and origin; "
                                                           "it takes no 'for'"))

    def compile(self, compiler):
        events = self._triggers(compiler, on_event=True)
        return {"triggers": self._triggers(compiler, on_event=False), "event_triggers": events,
                "watched_origins": watched_origins(events)}

    @staticmethod
    def _triggers(compiler, on_event: bool) -> tuple:
        """The condition triggers, or (with on_event) the triggers that wait for an event."""
        out = []
        for item in compiler.section("triggers", list):
            if not isinstance(item, dict) or ("on" in item) != on_event:
                continue
            var, over, scope = optional_binding(compiler, item)
            if on_event:
                scope = {"me", "card", "origin"}
            when = compiler.check(item.get("when", "false"), item.value_pos.get("when", item.pos), scope)
            body = compiler.block(item.get("do", ()), item.value_pos.get("do", item.pos), set(scope))
            name = compiler.fixed_text(item.get("name", "trigger"), item.value_pos.get("name", item.pos),
                                       "a trigger's name")
            out.append(Trigger(name, var, over, when, body, item.pos, *condition_reads(compiler, item),
                               key=("trigger", len(out)),
                               origins=compiler.dependencies.origins(item.get("when")) if on_event else None))
        return tuple(out)


class End(Section):
    """The game ends as soon as a `when` holds at a check point (required): `winner` is a player or a list of players, or `tie`.

    All other players lose; `name` says why the game ended, in players' words.
    """

    keyword = "end"
    kind, required = SEQUENCE, True
    syntax = ("end: [{name: TEXT, for: x in COLL, when: COND, winner: PLAYERS|tie}]",
              "end: [{when: COND, finish: round|others, winner: PLAYERS}]")
    example = "end:\n  - name: a hand is empty\n    for: p in players\n    when: 'count(p.hand) == 0'\n    winner: p"
    entry_what = "an entry of end"
    entry = {"rule": Key(TEXT, False, "The rule ID of the end condition."),
             "name": Key(TEXT, False, "Why the game ended, in players' words."),
             "for": Key(EXPR, False, "`x in LIST`: check `when` for each item."),
             "when": Key(EXPR, True, "The game ends when this holds (required)."),
             "winner": Key(EXPR, True, "A player or a list of players who win (required); all others lose."),
             "finish": Key(TEXT, False, "Play on before the game ends: `round`, to the end of the round of turns "
                                        "(everyone has had as many turns); `others`, until every other player has "
                                        "taken one last turn. `winner` is worked out then.")}
    choices = {"finish": FINISHES}

    def check(self, value, out):
        for item in value:
            if isinstance(item, dict) and "finish" in item and item["finish"] not in FINISHES:
                out.append(Diagnostic(item.value_pos["finish"], f"finish must be one of {', '.join(FINISHES)}"))

    def compile(self, compiler):
        out = []
        for item in compiler.section("end", list):
            if not isinstance(item, dict):
                continue
            var, over, scope = optional_binding(compiler, item)
            when = compiler.check(item.get("when", "false"), item.value_pos.get("when", item.pos), scope)
            winner = self._winner(compiler, item, scope)
            name = compiler.fixed_text(item.get("name", ""), item.value_pos.get("name", item.pos),
                                       "an end rule's name")
            out.append(EndRule(name, var, over, when, winner, item.pos,
                               *condition_reads(compiler, item), key=("end", len(out)),
                               finish=item.get("finish") if item.get("finish") in FINISHES else None))
        return {"ends": tuple(out)}

    @staticmethod
    def _winner(compiler, item, scope):
        """An end rule's compiled `winner`, or None for `winner: tie` (a draw for every seat)."""
        written, pos = item.get("winner", "[]"), item.value_pos.get("winner", item.pos)
        if isinstance(written, str) and written.strip() == "tie":
            return None
        names = compiler.expressions.names
        if isinstance(written, str) and written.strip() == "draw" and "draw" not in names.shared_zones | names.game_vars:
            compiler.error(pos, "unknown name 'draw': a draw is written winner: tie")
            return None
        compiler.check_kind("players", written, pos, scope, "a winner must be")
        return compiler.expr(written, pos, scope)


def condition_reads(compiler, item) -> tuple:
    """What a trigger's or end rule's `when` and `for` read, and whether `when` is costly."""
    text, pos = item.get("when", "false"), item.value_pos.get("when", item.pos)
    when = compiler.dependencies.of_text(text, pos)
    over = compiler.dependencies.of_text(item["for"], item.value_pos["for"]) if "for" in item else frozenset()
    return when, over, compiler.dependencies.costly(text)


def optional_binding(compiler, item):
    """The (variable, collection, scope) of an optional `for:` key."""
    if "for" not in item:
        return None, None, {"me"}
    var, over = compiler.guard(compiler.binding, item["for"], item.value_pos["for"], {"me"}, default=(None, None))
    return var, listing(over, item.value_pos["for"]) if over else None, {"me", var} if var else {"me"}


MAX_ROUNDS = 10_000  # rounds a game of `rounds: count:` may last


class Rounds(Section):
    """Play round after round: the round's `setup`, then turns until `end` holds at a check point (required), then `after`.

    Whatever was running then stops; the next round starts unless an effect ended the game.
    With `count: N` the game is over once the Nth round's `after` has run (unless an effect ended
    it before): `winner` wins, by default the players with the highest `results` score. The
    round being played is `round` (from 1), in every rule.
    """

    keyword = "rounds"
    syntax = ("rounds: {setup: [EFFECTS], first: PLAYER, end: COND, after: [EFFECTS], count: N, winner: PLAYERS}",)
    example = ("rounds:\n  setup: ['draw 5 from draw to me.hand']\n  end: 'count(draw) < 10'\n"
               "  after: ['move me.hand to discard']\n  count: 3\n  winner: 'most(p in players | count(p.hand))'")
    fields = {"setup": Key(EFFECTS, False, "Effects at the start of every round."),
              "first": Key(EXPR, False, "Who begins each round (default: turn.first)."),
              "end": Key(EXPR, True, "The round ends when this holds at a check point (required)."),
              "after": Key(EFFECTS, False, "Effects when a round ends: scoring, the match end."),
              "count": Key(NUMBER, False, "The game is over after this many rounds."),
              "winner": Key(EXPR, False, "With `count`: who wins when the last round is over (default: the "
                                         "highest `results` score).")}

    def compile(self, compiler):
        if "rounds" not in compiler.doc:
            return {"rounds": None}
        rounds = compiler.section("rounds")

        def effects(key):
            return compiler.block(rounds.get(key, ()), rounds.value_pos.get(key, rounds.pos), {"me"})
        first = compiler.expr(rounds["first"], rounds.value_pos["first"], {"me"}) if "first" in rounds else None
        end = compiler.check(rounds.get("end", "false"), rounds.value_pos.get("end", rounds.pos), {"me"})
        reads = compiler.dependencies.of_text(rounds.get("end", "false"), rounds.value_pos.get("end", rounds.pos))
        count, winner = self._last(compiler, rounds)
        return {"rounds": RoundSpec(effects("setup"), first, end, effects("after"), reads, count, winner)}

    @staticmethod
    def _last(compiler, rounds) -> tuple:
        """The number of rounds a game lasts (None: no limit), and who wins after the last (None: the
        highest score)."""
        count = rounds.get("count")
        if count is not None and not (whole(count) and 1 <= count <= MAX_ROUNDS):
            compiler.error(rounds.value_pos["count"], f"rounds: count must be a number from 1 to {MAX_ROUNDS:,}")
            count = None
        if "winner" not in rounds:
            if count is not None and "score" not in compiler.section("results"):
                compiler.error(rounds.value_pos["count"], "rounds: count needs a winner (rounds: winner), or a "
                                                          "results: score to rank the players by")
            return count, None
        if count is None and "count" not in rounds:
            compiler.error(rounds.key_pos["winner"], "rounds: winner says who wins after the last round: "
                                                     "give the number of rounds (rounds: count)")
        pos = rounds.value_pos["winner"]
        compiler.check_kind("players", rounds["winner"], pos, {"me"}, "a winner must be")
        winner = compiler.expr(rounds["winner"], pos, {"me"})

        def winners(st, env) -> list:
            try:
                return players_in(st, winner(st, env), "rounds: winner")
            except GameError as err:
                raise place(err, pos) from None
        return count, winners


class Results(Section):
    """Figures `rulelang simulate` reports: a `score` per seat (`me`) and game-wide figures (`report`), each a number."""

    keyword = "results"
    syntax = ("results: {score: EXPRESSION, report: {NAME: EXPRESSION}}",)
    example = "results:\n  score: 'count(me.hand)'\n  report: {left: 'count(draw)'}"
    fields = {"score": Key(EXPR, False, "A number per seat (`me`), reported as mean_score by simulate."),
              "report": Key(FIGURES, False, "Game-wide figures, by name: expressions reported by simulate.")}

    def compile(self, compiler):
        results = compiler.section("results")
        score = None
        if "score" in results:
            score = figure(compiler, results["score"], results.value_pos["score"], "a score")
        report = results.get("report", {})
        figures = {} if not isinstance(report, dict) else {
            name: figure(compiler, text, report.value_pos[name], f"report '{name}'") for name, text in report.items()}
        for name, text in figures and report.items():
            compiler.check_seatless(text, report.value_pos[name], f"report '{name}', a figure of the whole game,")
        return {"score": score, "report": figures}


def figure(compiler, text, pos, what: str):
    """A score or report figure, compiled: surely a number by its kind, and checked to be one as it runs."""
    compiler.check_kind("figure", text, pos, {"me"}, what)
    return _numbers(compiler.expr(text, pos, {"me"}), what, pos)


def _numbers(figure, what: str, pos):
    """A score or report figure that must come out a number."""
    def checked(st, env):
        value = figure(st, env)
        if not whole(value):
            raise GameError(f"{what} must be a number, not {pretty(value)}", pos)
        return int(value)
    return checked


class Display(Section):
    """A line shown beside a zone when playing, by zone name (`it` is the zone, `me` the viewing seat); may hold {expressions}.

    It is shown only for a non-empty zone whose every card the viewing seat can see.
    """

    keyword = "display"
    syntax = ("display: {ZONE: TEXT}",)
    example = "display:\n  discard: 'top: {first(it)}'"
    entry_kind = TEXT

    def compile(self, compiler):
        section, zones, out = compiler.section("display"), compiler.zones, {}
        for name, text in section.items():
            if name not in zones:
                compiler.error(section.key_pos[name], f"display names unknown zone '{name}'")
                continue
            out[name] = compiler.guard(compiler.statements.interpolation, str(text), section.value_pos[name],
                                       {"it", "me"})
        return {"display": {k: v for k, v in out.items() if v is not None}}


class LimitsSection(Section):
    """Bounds on one game, each within its range: `decisions` in a game, `steps` between decisions, `work` per check, `game` work in all."""

    keyword = "limits"
    syntax = ("limits: {decisions: N, steps: N, work: N, game: N}",)
    example = "limits:\n  work: 1000000"
    fields = {"decisions": Key(NUMBER, False, "At most this many decisions in one game."),
              "steps": Key(NUMBER, False, "At most this many steps in one game."),
              "work": Key(NUMBER, False, "At most this much work for one decision or check point."),
              "game": Key(NUMBER, False, "At most this much work and this many steps in one whole game.")}

    def compile(self, compiler):
        section, values = compiler.section("limits"), {}
        for key, value in section.items():
            if key not in Limits.RANGES:
                continue  # reported by the shape check
            low, high = Limits.RANGES[key]
            if not (whole(value) and low <= value <= high):
                compiler.error(section.value_pos[key], f"limits: {key} must be a number from {low:,} to {high:,}")
                continue
            values[key] = value
        return {"limits": Limits(**values)}


class BotHints(Section):
    """Hints for bots, not a rule: what they play for (`payoff`), how well `me` stands (`evaluate`), its `scale`.

    `payoff` is a number per seat (`me`) read when a game is over, higher is better (chips won,
    points), or the word `result` (a win is worth 1, a draw 1/2, a loss 0). Without it, bots play
    for the `results` score when the file has one, else for the result.
    """

    keyword = "bots"
    syntax = ("bots: {payoff: EXPRESSION|result, evaluate: EXPRESSION, scale: N}",)
    example = "bots:\n  payoff: 'count(me.hand)'\n  evaluate: 'count(me.hand)'\n  scale: 2"
    fields = {"payoff": Key(EXPR, False, "What bots play for: a number per seat (`me`) when the game is over, or "
                                         "`result` (win 1, draw 1/2, loss 0). Default: the `results` score, if any."),
              "evaluate": Key(EXPR, False, "A number seen from the seat `me` (higher is better) that search bots "
                                           "aim for where they stop looking ahead."),
              "scale": Key(NUMBER, False, "How much of `evaluate` is a clear step forward.")}

    def compile(self, compiler):
        bots = compiler.section("bots")
        if "evaluate" not in bots and "payoff" not in bots:
            return {"bots": None}
        scale = bots.get("scale", 1)
        if isinstance(scale, int) and scale < 1:
            compiler.error(bots.value_pos["scale"], "bots: scale must be at least 1")
        evaluate = compiler.expr(bots["evaluate"], bots.value_pos["evaluate"], {"me"}) if "evaluate" in bots else None
        payoff = None
        if "payoff" in bots:
            written, pos = bots["payoff"], bots.value_pos["payoff"]
            named = isinstance(written, str) and written.strip() == RESULT
            before = len(compiler.diagnostics)
            payoff = RESULT if named else compiler.expr(written, pos, {"me"})
            near = str(written).strip()
            if len(compiler.diagnostics) > before and near.isidentifier() and suggest(near, {RESULT}):
                compiler.diagnostics[before:] = [Diagnostic(pos, f"bots: payoff '{near}' is neither `result` "
                                                                  f"nor a name the file declares (did you mean 'result'?)")]
        pos = bots.value_pos.get("evaluate", bots.value_pos.get("payoff"))
        return {"bots": Bots(evaluate, scale, pos, payoff, bots.value_pos.get("payoff"))}
