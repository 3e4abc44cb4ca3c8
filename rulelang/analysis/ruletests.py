"""Rule tests: YAML scenarios that stack the deck, force dice, play choices and assert state.

A file names its ruleset and lists tests; each test says which rule IDs it covers. See
docs/testing.md for the format.
"""
from __future__ import annotations

import os

import attrs

from ..api import compile_document, load_compiled
from ..compile.expressions import ExpressionCompiler
from ..engine.runtime import advance, apply_action, apply_label, new_game
from ..engine.values import Player, RowRef, ZoneRef
from ..errors import GameError, Position, RuleError, RulelangError
from ..kit.documents import YList, YMap
from ..language.loader import load_yaml
from ..language.reach import Reach
from ..language.variants import resolve_extends
from .forcing import Forced
from .testexplain import explain
from .testnames import ROUND, card, deck, seat, variable, zone_parts
from .testschema import TEST_FILE, check_file

POSITION_CHECKS = ("by", "options", "not_legal", "expect", "visible", "hidden", "game_over")  # in the order written
DECISION_CHECKS = ("by", "options", "not_legal")  # they look at the next decision
MAX_UNWRITTEN = 1000  # decisions of one option taken in a row without a label


class RuleTestFailure(RulelangError):
    """A rule test whose expectations did not hold: each failure at its position, and the recent log."""

    def __init__(self, failures: list, recent: list):
        self.failures = list(failures)
        shown = "\n  ".join(f"{position}: {message}" for position, message in self.failures)
        super().__init__(shown + "\n      recent log:\n        " + "\n        ".join(recent))


@attrs.frozen
class RuleTest:
    """One scenario from a rule test file."""

    name: str
    covers: tuple
    body: YMap = attrs.field(eq=False)
    ruleset: object = attrs.field(eq=False)  # a rule file's path, or an inline variant (a mapping)
    pos: Position
    allow: tuple = ()  # folders besides the ruleset's own that its `extends:` may name files in


@attrs.frozen
class Outcome:
    """How one rule test went."""

    test: RuleTest
    passed: bool
    message: str = ""


def find_test_files(paths: list, allow: tuple = ()) -> list:
    """Rule test files (`*.test.yaml`) among the paths, searching folders.

    A file found in a folder is kept only if it really lies under that folder (or an allowed
    one): a link planted in a folder does not lead the search elsewhere.
    """
    reach, found = Reach(allow), []
    for path in paths:
        if os.path.isdir(path):
            for folder, _, files in sorted(os.walk(path)):
                found += [os.path.join(folder, f) for f in sorted(files)
                          if f.endswith(".test.yaml") and reach.allows(os.path.join(folder, f), path)]
        else:
            found.append(path)
    return found


def read_tests(path: str, allow: tuple = ()) -> list:
    """The tests of one rule test file, every field checked; its ruleset is found with `allow`."""
    doc = load_yaml(path, TEST_FILE)
    problems = check_file(doc)
    if problems:
        raise RuleError(problems)
    ruleset = find_ruleset(doc["ruleset"], doc.value_pos["ruleset"], path, allow)
    tests = doc["tests"]
    return [RuleTest(str(item["name"]), tuple(str(c) for c in item.get("covers", ())), item,
                     find_ruleset(item["ruleset"], item.value_pos["ruleset"], path, allow) if "ruleset" in item
                     else ruleset, pos, allow)
            for item, pos in zip(tests, tests.item_pos)]


def find_ruleset(value, pos, path: str, allow: tuple):
    """What a `ruleset:` names: the path of a rule file, or (a mapping) an inline variant as written."""
    return value if isinstance(value, YMap) else Reach(allow).find(value, path, pos)


def load_ruleset(ruleset, allow: tuple = ()) -> tuple:
    """(merged document, game) of a test's ruleset: a rule file's is loaded and compiled once for
    every test that names it (`api.load_compiled`), an inline variant's (a mapping laid over its
    base) for its test alone."""
    if isinstance(ruleset, YMap):
        document = resolve_extends(ruleset, Reach(allow))
        return document, compile_document(document, allow)
    return load_compiled(ruleset, allow)


def run_test(test: RuleTest) -> Outcome:
    """Run one rule test; a failure carries the position of the expectation that failed."""
    try:
        _Runner(load_ruleset(test.ruleset, test.allow)[1], test).run()
    except RuleTestFailure as failure:
        return Outcome(test, False, str(failure))
    except RuleError as err:  # its diagnostics say where they are
        return Outcome(test, False, str(err))
    except RulelangError as err:
        placed = isinstance(err, GameError) and err.position is not None and err.position.line
        return Outcome(test, False, str(err) if placed else f"{test.pos}: {err}")
    return Outcome(test, True)


def as_list(value):
    """A value as a list (a single value becomes a list of one)."""
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def expectations(value, pos=None):
    """(expression, position) pairs of an `expect:` value."""
    if value is None:
        return []
    if isinstance(value, YList):
        return list(zip(value, value.item_pos))
    return [(value, getattr(value, "pos", pos))]


class _Runner:
    def __init__(self, game, test: RuleTest):
        self.game = game
        self.test = test
        self.body = test.body
        self.expressions = ExpressionCompiler(game.names, game.program.child())  # (the game's own code stays as compiled)
        self.placed: set = set()
        self.failures: list = []
        self.st = None
        self.log_mark = 0  # the log lines before this index were written before the current step
        self.dice_ahead = 0  # forced dice of the next step, given when this step made its moves
        self.picks_ahead = 0  # and its forced random picks

    def run(self):
        """Lay out the position, play the steps, check the final expectations."""
        body = self.body
        players = body.get("players", self.game.min_players)
        if not self.game.min_players <= players <= self.game.max_players:
            raise RuleError.at(body.value_pos["players"], f"{self.game.name} is for {self.game.min_players}-"
                                                          f"{self.game.max_players} players, not {players}")
        self.st = new_game(self.game, players, body.get("seed", 1), debug=True, prepare=self.prepare)
        steps = body.get("steps", YList())
        for index, step in enumerate(steps):
            self.step(step, steps[index + 1] if index + 1 < len(steps) else None)
        for text, pos in expectations(body.get("expect")):
            self.expect(text, pos)
        if "winner" in body:
            self.check_winner(body["winner"], body.value_pos["winner"])
        self.check_dice_used(self.test.pos)
        self.raise_failures()

    # ------------------------------------------------------------------ setting up
    def prepare(self, st):
        """Before the game runs: forced dice, skipped setup, stacked and laid-out zones, variables."""
        body = self.body
        st.forced = Forced(body.get("dice", []), picks=[str(label) for label in body.get("random", [])])
        if body.get("start", "setup") == "turn":
            st.stage = "round"  # the setup (and a first round's setup) is skipped: the test lays out the position
            st.round_number = 1
            st.forced.first = self.player(body.get("first", "P1"), body.pos).seat
        for zone, cards in body.get("stack", YMap()).items():
            ref = self.zone(zone, body["stack"].key_pos[zone], st)
            st.forced.stacked.add(ref.name)
            self.lay(st, ref, cards, body["stack"].value_pos[zone])
        for zone, cards in body.get("zones", YMap()).items():
            self.lay(st, self.zone(zone, body["zones"].key_pos[zone], st), cards, body["zones"].value_pos[zone])
        if "rest" in body:
            self.lay_rest(st, body["rest"], body.value_pos["rest"])
        for name, value in body.get("vars", YMap()).items():
            self.set_var(st, name, value, body["vars"].key_pos[name])
        if "tricks" in body:
            st.tricks_taken = list(st.tricks_taken)
            for who, count in body["tricks"].items():
                st.tricks_taken[self.player(who, body["tricks"].key_pos[who]).seat] = count
        st.events.clear()  # laying out the position is not play
        self.log_mark = len(st.log)  # nor is it logged play

    def lay_rest(self, st, value, pos):
        """Deal the cards the test does not lay out, in deck order, to the `rest:` zones in turn."""
        rest = [c for c in st.items(deck(self.game, pos)) if c.name not in self.placed]
        parts = list(zip(value, value.item_pos)) if isinstance(value, YList) else [(value, pos)]
        for part, part_pos in parts:
            spec = part if isinstance(part, YMap) else {"zone": part}
            count = spec.get("count", len(rest))
            taken, rest = rest[:count], rest[count:]
            target = self.zone(str(spec["zone"]), part_pos, st)
            if taken:
                st.move(taken, target, "bottom", face_down=spec.get("face_down"), log=False)

    def zone(self, text: str, pos, st) -> ZoneRef:
        """A zone reference from a test's zone name (`draw`, `P1.hand`, `P2.piles[0]`, `row[1]`).

        The piles of a row are made as they are named, in order: `row[0]`, then `row[1]` ...
        """
        name, seat, index = zone_parts(self.game, text, pos)
        if not self.game.zones[name].row:
            return ZoneRef(name, seat, index)
        piles = st.items(RowRef(name, seat))
        if index > len(piles):
            raise RuleError.at(pos, f"'{text}': name the piles of a row in order, from [0]")
        return piles[index] if index < len(piles) else st.new_pile(RowRef(name, seat), at_start=False)

    def player(self, text, pos) -> Player:
        """A seat from its name (`P1`)."""
        return seat(self.game, text, pos)

    def card(self, name, pos, placed: set | None = None):
        """A card of the deck from its name (of copies, the first not in `placed`)."""
        return card(self.game, name, pos, placed)

    def lay(self, st, ref: ZoneRef, cards, pos):
        """Put the listed cards into a zone, the first on top, each with what lies under it."""
        if not isinstance(cards, YList):
            raise RuleError.at(pos, "list the cards, top first")
        for spec, item_pos in reversed(list(zip(cards, cards.item_pos))):
            self.place(st, spec, item_pos, ref, "top")

    def place(self, st, spec, pos, target, where):
        """Lay one card (with what lies under it and its stored values) or a marker."""
        if isinstance(spec, YMap) and "marker" in spec:
            for key in spec["marker"]:
                if key not in self.game.card_vars:
                    raise RuleError.at(spec["marker"].key_pos[key], f"'{key}' is not a card_vars name")
            st.mark(target, dict(spec["marker"]))
            return
        name = spec["card"] if isinstance(spec, YMap) else spec
        card = self.card(name, pos, self.placed)
        if card.name in self.placed:
            raise RuleError.at(pos, f"card {card.name} is laid out twice")
        self.placed.add(card.name)
        st.move(card, target, where, face_down=bool(spec.get("face_down")) if isinstance(spec, YMap) else None)
        if isinstance(spec, YMap):
            for key, value in spec.items():
                if key in self.game.card_vars:
                    st.set_card_var(card, key, value)
                elif key not in ("card", "under", "face_down"):
                    raise RuleError.at(spec.key_pos[key], f"'{key}' is not a card_vars name")
            for child, child_pos in zip(spec.get("under", YList()), spec.get("under", YList()).item_pos):
                self.place(st, child, child_pos, card, "under")

    def set_var(self, st, name, value, pos):
        """Set a game or player variable from a test's `vars:`, or the round it starts in (`round`)."""
        owner, var = variable(self.game, name, pos)
        if var == ROUND and owner is None and var not in self.game.game_vars:
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise RuleError.at(pos, f"a test starts in round 1 or later, not {value!r}")
            st.round_number = value if st.stage == "round" else value - 1  # (the setup begins a round)
        elif owner is None:
            st.set_var(var, self.value(value, pos))
        else:
            st.set_player_var(Player(owner), var, self.value(value, pos))

    def value(self, value, pos):
        """A variable's value from a test: seat names (`P2`) become players."""
        if isinstance(value, str) and value[:1] == "P" and value[1:].isdigit():
            return self.player(value, pos)
        return value

    # ------------------------------------------------------------------ playing
    def step(self, step, following):
        """Play one step's choices (and turns), checking what it writes above `play:` before they
        are played and the rest against the position reached. `following` is the next step, whose
        forced dice are for the next dice rolled once this step's moves are made."""
        st = self.st
        rolled = st.forced.rolled
        if self.dice_ahead:  # given when the step before made its moves
            self.dice_ahead = 0
        elif "dice" in step:
            st.forced.dice.extend(step["dice"])
        if self.picks_ahead:
            self.picks_ahead = 0
        elif "random" in step:
            st.forced.picks.extend(str(label) for label in step["random"])
        keys = [key for key in step if key in POSITION_CHECKS]
        before = [key for key in keys if "play" in step and list(step).index(key) < list(step).index("play")]
        if before:
            self.resume()
            self.check(step, before)
        self.play_on(step, following)
        self.check(step, [key for key in keys if key not in before])
        if step.get("no_dice") and st.forced.rolled != rolled:
            self.check_failed(step.value_pos["no_dice"], f"expected no die to be rolled, but "
                                                          f"{st.forced.rolled - rolled} were")
        if step.get("dice_used"):
            self.check_dice_used(step.value_pos["dice_used"])
        if "log" in step:
            self.check_log(step["log"], step.value_pos["log"])
        self.log_mark = len(st.log)

    def check(self, step, keys):
        """A step's checks of the position, in the order written. Those of the decision (`by`,
        `options`, `not_legal`) look at the next decision: a game stopped between turns or rounds
        plays on to it first."""
        st = self.st
        for key in keys:
            pos = step.value_pos[key]
            if key in DECISION_CHECKS:
                self.resume()
            if key == "by":
                seat = self.player(step["by"], pos).seat
                if st.pending is None or st.pending.seat != seat:
                    who = "nobody" if st.pending is None else Player(st.pending.seat).name
                    self.check_failed(pos, f"expected {step['by']} to decide, but {who} does")
            elif key == "options":
                self.check_options(step["options"], pos)
            elif key == "not_legal":
                for label in as_list(step["not_legal"]):
                    if str(label) in self.labels():
                        self.check_failed(pos, f"'{label}' is legal, expected it not to be")
            elif key == "expect":
                for text, expect_pos in expectations(step["expect"], pos):
                    self.expect(text, expect_pos)
            elif key in ("visible", "hidden"):
                for seat_name, cards in step[key].items():
                    self.check_sight(seat_name, cards, key == "visible", step[key].value_pos[seat_name])
            elif key == "game_over" and (st.result is not None) != step["game_over"]:
                self.check_failed(pos, "expected the game to be over, but it goes on" if step["game_over"]
                                  else f"expected the game to go on, but it ended: {list(st.result)}")

    def play_on(self, step, following):
        """Play the step's labels; with `turns: N`, go on until N turns have ended.

        A decision with one option that the next label does not name is taken without being
        written. After the step's last label the game plays on to the next decision, but not past
        the end of a round (labels still to play go on into the next); the next step's forced dice
        are given as the last label is played, for the next dice rolled. Within `turns`, a
        decision the labels do not answer takes the first option with `auto: true` and fails the
        test otherwise.
        """
        st = self.st
        plays = as_list(step.get("play"))
        spots = getattr(step.get("play"), "item_pos", None) or [step.value_pos.get("play")] * len(plays)
        queue = list(zip(plays, spots))
        turns = step.get("turns", 0)
        self.resume()
        st.forced.hold_at_turn_end = bool(turns)
        st.forced.hold_at_round_end = not turns
        taken = 0  # decisions of one option taken without a label, since the last label
        while True:
            if st.held and not turns:  # the round ended: labels still to play ask for more
                if not queue:
                    break
                self.resume()
                st.forced.hold_at_round_end = True
            elif st.held:
                turns -= 1
                if turns <= 0:
                    break
                self.resume()
                st.forced.hold_at_turn_end = True
            elif st.result is not None or not (queue or turns):
                break
            elif self.only_option(queue[0][0] if queue else None):
                taken += 1
                if taken > MAX_UNWRITTEN:
                    self.fail(queue[0][1] if queue else step.value_pos["turns"],
                              f"{MAX_UNWRITTEN} decisions of one option came one after another, none of them "
                              f"'{queue[0][0] if queue else ''}'")
                self.run_engine(queue[0][1] if queue else step.value_pos["turns"], apply_action, st, 0)
            elif queue:
                label, label_pos = queue.pop(0)
                taken = 0
                if not queue and not turns:  # the step's last move: the next step's dice are for what follows
                    self.give_dice_ahead(following)
                self.run_engine(label_pos, apply_label, st, str(label))
            elif step.get("auto"):
                self.run_engine(step.value_pos["auto"], apply_action, st, 0)
            else:
                who = Player(st.pending.seat).name
                self.fail(step.value_pos["turns"], f"{who} must decide before the turns end "
                                                   f"(options: {', '.join(self.labels())}): "
                                                   f"give the choice in 'play', or write 'auto: true'")
        st.forced.hold_at_turn_end = st.forced.hold_at_round_end = False
        if queue:
            label, label_pos = queue[0]
            turns = step.get("turns", 0)
            why = ("the game is over" if st.result is not None
                   else "the turn ended first" if turns == 1 else f"the {turns} turns ended first")
            self.fail(label_pos, f"cannot play '{label}': {why}")

    def only_option(self, label) -> bool:
        """Whether the pending decision has one option, and `label` (the next to play, or None) is not it."""
        pending = self.st.pending
        return pending is not None and len(pending.options) == 1 and pending.options[0].label != str(label)

    def give_dice_ahead(self, following):
        """Give the next step's forced dice and random picks now: they are for the next dice rolled
        and the next `random(...)` from here on."""
        if following is not None and "dice" in following:
            self.st.forced.dice.extend(following["dice"])
            self.dice_ahead = len(following["dice"])
        if following is not None and "random" in following:
            self.st.forced.picks.extend(str(label) for label in following["random"])
            self.picks_ahead = len(following["random"])

    def resume(self):
        """Let a game held between turns run on to its next decision."""
        if self.st.held:
            self.st.held = False
            self.run_engine(None, advance, self.st)

    def run_engine(self, pos, action, *args):
        """Run an engine action; a game error fails the test at `pos`."""
        try:
            action(*args)
        except GameError as err:
            self.fail(pos or self.test.pos, str(err))

    def check_options(self, wanted, pos):
        """The options offered now are exactly these (in this order, or in any with `any_order`)."""
        labels = self.labels()
        if isinstance(wanted, YMap):
            wanted = [str(x) for x in wanted["any_order"]]
            if sorted(labels) != sorted(wanted):
                self.check_failed(pos, f"the options offered are not those expected (in any order)"
                                       f"{_values(offered=labels, expected=wanted)}")
        elif labels != [str(x) for x in wanted]:
            self.check_failed(pos, f"the options offered are not those expected"
                                   f"{_values(offered=labels, expected=[str(x) for x in wanted])}")

    def check_dice_used(self, pos):
        """Every forced die and random pick given so far has been used (the next step's, given ahead, aside)."""
        forced = self.st.forced
        left = forced.dice[:max(len(forced.dice) - self.dice_ahead, 0)]
        if left:
            self.check_failed(pos, f"{len(left)} forced {'die was' if len(left) == 1 else 'dice were'} "
                                   f"not used: {list(left)}")
        picks = forced.picks[:max(len(forced.picks) - self.picks_ahead, 0)]
        if picks:
            self.check_failed(pos, f"{len(picks)} forced random {'pick was' if len(picks) == 1 else 'picks were'} "
                                   f"not made: {list(picks)}")

    def check_log(self, wanted, pos):
        """Each fragment appears in a log line written during this step (and is seen by exactly `seen_by`)."""
        lines = self.st.log[self.log_mark:]
        everyone = frozenset(range(self.st.n))
        for item, item_pos in zip(wanted, wanted.item_pos):
            text = str(item["text"] if isinstance(item, YMap) else item)
            seers = set()
            for audience, line in lines:
                if text in line:
                    seers |= everyone if audience is None else {audience}
            if not seers:
                logged = "".join(f"\n        {_audience(a)}{line}" for a, line in lines) or " nothing"
                self.check_failed(item_pos, f"no log line of this step contains '{text}'; the step logged{logged}")
            elif isinstance(item, YMap) and "seen_by" in item:
                named = {self.player(p, item_pos).seat for p in as_list(item["seen_by"])}
                if seers != named:
                    self.check_failed(item_pos, f"'{text}' is seen by {_seats(seers)}, expected {_seats(named)}")

    def check_sight(self, seat_name, cards, wanted: bool, pos):
        """Each named card is (or is not) visible to the seat."""
        seat = self.player(seat_name, pos).seat
        for name in as_list(cards):
            if self.st.visible_to(self.card(name, pos), seat) != wanted:
                self.check_failed(pos, f"{name} is {'hidden from' if wanted else 'visible to'} {seat_name}")

    def labels(self):
        """The labels of the options now offered."""
        return self.st.pending.labels() if self.st.pending else []

    def expect(self, text, pos):
        """Check that the expression holds now; if not, show its parts' values and its cards' places."""
        check = self.expressions.compile(text, pos, frozenset())
        env = {"me": Player(self.st.current)}
        try:
            ok = check(self.st, env)
        except GameError as err:
            self.check_failed(pos, str(err))
            return
        if not ok:
            parts = explain(text, self.st, self.expressions, pos, env)
            self.check_failed(pos, f"expected {text}" + "".join(f"\n        {line}" for line in parts))

    def check_winner(self, wanted, pos):
        """Fail unless the game's result is the one the test names."""
        result = self.st.result
        if wanted is None or wanted == "none":
            if result is not None:
                self.check_failed(pos, f"expected the game to go on, but it ended: {list(result)}")
            return
        if result is None:
            self.check_failed(pos, "expected the game to be over, but it goes on")
            return
        if wanted == "draw":
            expected = tuple("draw" for _ in result)
        else:
            winners = {self.player(w, pos).seat for w in as_list(wanted)}
            expected = tuple("win" if s in winners else "loss" for s in range(len(result)))
        if tuple(result) != expected:
            values = _values(result=list(result), expected=list(expected))
            self.check_failed(pos, f"the result is not the one expected{values}")

    def check_failed(self, pos, message):
        """Note a check that did not hold; the test goes on and fails at its end."""
        self.failures.append((pos, message))

    def fail(self, pos, message):
        """Stop the test here: a failure at a position, after the checks that failed before it."""
        self.failures.append((pos, message))
        self.raise_failures()

    def raise_failures(self):
        """Fail the test with every failure so far and the recent game log, if any failed."""
        if self.failures:
            recent = [text for audience, text in self.st.log[-12:] if audience is None] if self.st else []
            raise RuleTestFailure(self.failures, recent)


def _values(**values) -> str:
    """Values a failure involves, each on its own line: `offered: [a, b]`."""
    width = max(map(len, values)) + 1
    return "".join(f"\n        {f'{name}:':<{width}} {value}" for name, value in values.items())


def _audience(seat) -> str:
    return "" if seat is None else f"(only {Player(seat).name}) "


def _seats(seats) -> str:
    return "[" + ", ".join(Player(s).name for s in sorted(seats)) + "]"
