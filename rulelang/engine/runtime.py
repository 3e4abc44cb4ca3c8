"""Run stage: drive a game from setup through rounds and turns, asking agents at each decision.

The flow is layered: setup, then rounds (one, unless the ruleset declares `rounds:`), each a
series of turns; after a turn's program its `after` block runs. At every check point — before
a decision, at the end of a move, at the start and end of a turn — end conditions, the round's
end, capacities and condition triggers are checked, in that order. `on: moved` triggers run
right after the statement that moved a card.
"""
from __future__ import annotations

import time
from operator import attrgetter

from ..errors import GameError
from .choices import start_move
from .decisions import announce
from .events import MAX_TRIGGER_CHAIN, fire_events, push_events
from .frames import CREDIT, Frame
from .memo import (
    KEEPS_NOTHING,
    MAX_LISTED,
    current_inputs,
    forget_changes,
    hashable,
    list_changes,
    lookup,
    note,
    remembered,
)
from .ops import place
from .state import Anytime, GameState
from .tricks import new_round
from .values import Player, pretty

ALL_QUIET = ("quiet", "all")  # remembered: no end rule or condition trigger holds (see settle)
TRIGGER_OF = attrgetter("trigger")  # a frame's (trigger key, binding), or None
NONE_RUNNING = frozenset()


def new_game(game, players: int, seed: int, debug: bool = False, prepare=None, quiet: bool = False,
             recall: bool = False) -> GameState:
    """A game at its first decision (or its end). `prepare(st)` may stack it before setup runs.

    A quiet game makes no log text (for simulations and bots' playouts); it plays the same.
    A game that `recall`s keeps where each seat saw cards go out of its sight (`GameState.recalls`,
    for search bots' samples); it plays the same, a little slower.
    """
    if not game.min_players <= players <= game.max_players:
        raise GameError(f"{game.name} is for {game.min_players}-{game.max_players} players, not {players}")
    st = GameState.start(game, players, seed)
    st.debug = debug
    if debug:
        st.answers = KEEPS_NOTHING  # a debug game works every answer out afresh
    st.quiet = quiet
    st.recalling = recall
    st.fire_now = fire_events if game.events_at_once else None
    if prepare is not None:
        prepare(st)
    advance(st)
    return st


def advance(st: GameState) -> None:
    """Run effects until the game needs a decision or is over.

    An error that knows no position gets the position of the statement being run.
    """
    steps, limit, first_turn = 0, st.game.limits.steps, st.turn_number
    frames = st.frames  # a state keeps its list of frames (a clone gets its own)
    node = None
    try:
        while st.result is None and st.pending is None and not st.held:
            steps += 1
            if steps > limit:
                _runaway(st, limit, st.turn_number - first_turn)
            if not frames:
                node = None
                _next_program(st)
                continue
            frame = frames[-1]
            pc = frame.pc
            if pc >= frame.end:
                node = None
                if frame.loop is not None and frame.loop.again(st, frame.env):
                    frame.pc = 0
                else:
                    frames.pop()
                continue
            node = frame.block[pc]
            if node.settles_first:
                if ((st.version != st.quiet_version or st.trigger_frames or st.quiet_running is not NONE_RUNNING)
                        and settle(st)):  # (what settle would find at once, found without the call: `unsettled`)
                    continue
                node.run(st, frame)
            else:
                frame.pc = pc + 1
                node.run(st, frame)
            if st.events:
                push_events(st)
            elif frame.pc == frame.end and frame.loop is None and frames[-1] is frame:
                frames.pop()  # (the step that would find the frame done, taken now)
                steps += 1
        st.game_budget -= steps  # (the whole game's budget counts steps too; apply_action checks it)
    except GameError as err:
        if err.position is None and node is not None and node.pos is not None and node.pos.line:
            raise GameError(str(err), node.pos) from None
        raise


def _runaway(st, limit: int, turns: int) -> None:
    """Stop a game that ran `limit` steps without a decision, blaming what kept it going.

    Over many turns that is a game whose end rules never hold (positioned at them); within a
    turn, a loop of statements (positioned at the statement running).
    """
    if turns > 1:
        raise GameError(f"the game played {turns:,} turns ({limit:,} steps) without a decision and no end "
                        f"rule held (limits: steps; a ruleset may raise it up to "
                        f"{st.game.limits.RANGES['steps'][1]:,})", st.game.end_position)
    raise GameError(f"the game ran {limit:,} steps without a decision (limits: steps): "
                    f"a loop that never asks anything? {_where(st)}")


def _where(st) -> str:
    """Where the interpreter is, for an error about a runaway game."""
    for frame in reversed(st.frames):
        if frame.pc < len(frame.block) and frame.block[frame.pc].pos.line:
            return f"(at {frame.block[frame.pc].pos})"
    return f"(in turn {st.turn_number})"


def out_of_time(st: GameState) -> str:
    """What a game past its time on the clock (`--game-seconds`) is told."""
    return f"the game of seed {st.seed} took longer than {st.game.limits.seconds:g} s (--game-seconds)"


def apply_action(st: GameState, index: int) -> None:
    """Answer the pending decision with option `index`, then run on to the next one."""
    decision = st.pending
    if decision is None:
        raise GameError("no decision is pending")
    if not 0 <= index < len(decision.options):
        raise GameError(f"option {index} is not among the {len(decision.options)} legal options")
    option = decision.options[index]
    st.pending = None
    st.actions += 1
    st.trail = (st.trail, decision.seat, option.label)
    st.trigger_chain = 0
    st.game_budget -= st.budget_size - st.budget  # what the last stretch used counts against the whole game's
    if st.game_budget < 0:
        raise GameError(f"the game of seed {st.seed} did more than {st.game.limits.game:,} units of work in all "
                        f"(limits: game; --game-work changes it)", st.game.end_position)
    st.budget = st.budget_size
    if st.deadline is not None and time.monotonic() > st.deadline:
        raise GameError(out_of_time(st), st.game.end_position)
    if st.changed_parts is not None and len(st.changed_parts) > MAX_LISTED:
        forget_changes(st)  # a long stretch without a quiet check point: answers are checked by their stamps
    player = st.seats[decision.seat]
    if not st.quiet:
        st.say(f"{player.name} chooses {option.text}", seat=decision.seat, actor=False)
    if isinstance(option.value, Anytime):  # the same decision is asked again after the move
        if not st.quiet:
            announce(st, option.value.move, player)
        start_move(st, option.value.move, player, rewind=False)
    else:
        decision.node.resume(st, st.frames[decision.frame_index], option)
    advance(st)
    if st.debug:
        st.check_conservation()


def apply_label(st: GameState, label: str) -> None:
    """Answer the pending decision with the option that has this label."""
    labels = st.pending.labels() if st.pending else []
    if label not in labels:
        raise GameError(f"'{label}' is not a legal choice now; legal: {', '.join(labels) or 'none'}")
    apply_action(st, labels.index(label))


def _next_program(st: GameState) -> None:
    """Push what comes next when nothing is running: setup, a round, a turn, or the next turn."""
    game = st.game
    if st.stage == "start":
        st.stage = "setup"
        if game.setup:
            st.frames.append(Frame(game.setup, {"me": st.seats[0]}))
    elif st.stage in ("setup", "round_end"):
        if st.stage == "round_end" and _last_round_over(st):
            return
        if st.stage == "round_end" and _hold(st, round_end=True):
            return
        if st.stage == "round_end" and st.finishing is not None:  # the last turns end with the round
            _end_by(st, *st.finishing[:2])
            return
        _begin_round(st)
    elif st.stage == "round":
        st.stage = "turn"
        st.current = st.round_first = _first_player(st)
        st.touch("current")
        _start_turn(st)
    elif not st.turn_closing and game.turn.after:
        st.turn_closing = True
        st.frames.append(Frame(game.turn.after, {"me": st.seats[st.current]}))
    elif not (unsettled(st) and settle(st)) and not _hold(st):
        seat = _next_seat(st, _following(st))
        if st.finishing is not None and _last_turns_over(st, seat):
            _end_by(st, *st.finishing[:2])
            return
        st.current = seat
        st.touch("current")
        _start_turn(st)


def _last_turns_over(st, seat: int) -> bool:
    """Whether the turns an end rule with `finish` lets play on for are over when `seat` would play
    next: play has come round to the seat it stops before (passing over it counts)."""
    stop = st.finishing[2]
    steps = (seat - st.current) % st.n
    if st.n == 1:
        return True
    return any((st.current + step) % st.n == stop for step in range(1, steps + 1))


def _finish_later(st, end, env) -> None:
    """An end rule with `finish` holds: play goes on to the end of the round of turns, or until every
    other player has taken a last turn; then the game ends with the rule's `winner` worked out then."""
    stop = st.round_first if end.finish == "round" else st.current
    st.finishing = (end, env, stop)
    if not st.quiet:
        why = f"{end.name}: " if end.name else ""
        rest = "play goes on to the end of the round" if end.finish == "round" else \
            f"every player but {Player(st.current).name} takes one last turn"
        st.say(f"{why}{rest}, then the game ends", actor=False)


def _end_by(st, end, env) -> None:
    """End the game by an end rule that held with `env`: its winners win (none: a draw)."""
    st.ended_by = end
    if end.winner is None:
        st.finish([], tie=True)
        return
    try:
        winners = st.items(end.winner(st, env))
    except GameError as err:
        raise place(err, end.pos) from None
    st.finish([p.seat for p in winners])


def _hold(st: GameState, round_end: bool = False) -> bool:
    """Hold the game between turns, or between rounds (`round_end`), if a rule test asked to
    (`hold_at_turn_end`, `hold_at_round_end`); True if it holds."""
    forced = st.forced
    if forced is None or not (forced.hold_at_turn_end or round_end and forced.hold_at_round_end):
        return False
    forced.hold_at_turn_end = forced.hold_at_round_end = False
    st.held = True
    return True


def _following(st: GameState) -> int:
    """The seat to try next: the one `next turn` named this turn, else `turn: next` if the ruleset
    names one, else the next clockwise."""
    if st.next_turn is not None:
        seat, st.next_turn = st.next_turn, None
        return seat
    choose = st.game.turn.following
    if choose is None:
        return st.current + 1
    player = choose(st, {"me": st.seats[st.current]})
    if not isinstance(player, Player):
        raise GameError(f"turn 'next' must be a player, got {pretty(player)}", st.game.turn.pos)
    return player.seat


def _last_round_over(st: GameState) -> bool:
    """End a game of `rounds: count:` once its last round is over: its `winner` wins, by default
    the players with the highest score. True if it ended."""
    rounds = st.game.rounds
    if rounds.count is None or st.round_number < rounds.count:
        return False
    me = {"me": st.seats[st.current]}
    if rounds.winner is not None:
        winners = rounds.winner(st, me)
    else:
        scores = [st.game.score(st, {"me": player}) for player in st.seats]
        winners = [player for player, score in zip(st.seats, scores) if score == max(scores)]
    if not st.quiet:
        st.say(f"the last of {rounds.count} rounds is over", actor=False)
    st.finish([player.seat for player in winners])
    return True


def _begin_round(st: GameState) -> None:
    st.round_number += 1
    st.touch("round")  # (rules read it as `round`)
    if st.game.tricks is not None and st.game.tricks.zone is not None:
        new_round(st)
    st.next_turn = None  # a round begins with its `first` player
    st.stage = "round"
    rounds = st.game.rounds
    if rounds is not None:
        if not st.quiet:
            st.say(f"== round {st.round_number} ==", actor=False)
        if rounds.setup:
            st.frames.append(Frame(rounds.setup, {"me": st.seats[0]}))


def _first_player(st: GameState) -> int:
    forced = st.forced
    if forced is not None and forced.first is not None:
        first, forced.first = forced.first, None
        return first
    rounds = st.game.rounds
    choose = rounds.first if rounds is not None and rounds.first is not None else st.game.turn.first
    if choose is None:
        return _next_seat(st, st.rng.below(st.n))
    player = choose(st, {"me": st.seats[0]})
    if not isinstance(player, Player):
        raise GameError(f"the first player must be a player, got {pretty(player)}", st.game.turn.pos)
    return _next_seat(st, player.seat)


def _next_seat(st: GameState, seat: int) -> int:
    """The first seat from `seat` on, clockwise, that `turn: skip` does not skip."""
    skip = st.game.turn.skip
    for step in range(st.n):
        candidate = (seat + step) % st.n
        if skip is None or not skip(st, {"me": st.seats[candidate]}):
            return candidate
    raise GameError("every player is skipped: nobody can take a turn", st.game.turn.pos)


def _start_turn(st: GameState) -> None:
    st.turn_number += 1
    st.turn_closing = False
    if not st.quiet:
        st.say(f"-- turn {st.turn_number}: {Player(st.current).name} --", actor=False)
    st.frames.append(Frame(st.game.turn.body, {"me": st.seats[st.current]}))  # it opens with a check


def unsettled(st: GameState) -> bool:
    """Whether a check point may find something to do: the state changed since the last quiet one,
    or condition triggers may be running (what `settle` finds at once, found without calling it)."""
    return st.version != st.quiet_version or st.trigger_frames or st.quiet_running is not NONE_RUNNING


def settle(st: GameState) -> bool:
    """Check end conditions, then condition triggers; True if the game ended or a trigger fired.

    Each check is remembered until something it reads changes (see engine/memo.py), and a
    check point that sees the state of the last quiet one (same changes, same triggers running)
    has nothing to do. A debug game skips it too, so that it plays exactly the same game (a check
    may roll dice); a change that was not recorded still shows at its next check point, where
    every remembered answer is checked afresh. Once every end rule and trigger was found quiet,
    one remembered answer (ALL_QUIET) stands for them all.
    """
    if st.stage != "turn":
        return False
    game = st.game
    running = _running(st) if st.trigger_frames else NONE_RUNNING
    if st.quiet_version == st.version and st.quiet_running == running:
        return False
    st.game_budget -= st.budget_size - st.budget  # (counted against the whole game's; the next decision checks it)
    st.budget = st.budget_size
    several = game.checks
    if not several and game.rounds is None and not st.capped and not st.capped_rows:  # nothing to check
        st.quiet_version, st.quiet_running = st.version, running
        if st.memo or st.changed_parts is not None:
            list_changes(st)
        return False
    me = st.seats[st.current]
    several = several > 1
    all_quiet = several and not st.debug and lookup(st, ALL_QUIET)[0]
    for end in () if all_quiet else game.ends:
        if end.finish is not None and st.finishing is not None:  # the game ends after the last turns already
            continue
        env = _first_holding(st, end, me, running, several)
        if env is not None:
            if end.finish is not None:
                _finish_later(st, end, env)
                continue
            _end_by(st, end, env)
            return True
    rounds = game.rounds
    if rounds is not None and remembered(st, ("round end",), rounds.end_reads, rounds.end, {"me": me}):
        st.end_round(me)
        return True
    if st.capped or st.capped_rows:
        st.check_capacity()
    for trigger in () if all_quiet else game.triggers:
        env = _first_holding(st, trigger, me, running, several)
        if env is not None:
            st.trigger_chain += 1
            if st.trigger_chain > MAX_TRIGGER_CHAIN:
                raise GameError(f"triggers fired {MAX_TRIGGER_CHAIN} times without a decision "
                                f"(last: '{trigger.name}')", trigger.pos)
            env[CREDIT] = trigger.credit
            st.frames.append(Frame(trigger.body, env, trigger=(trigger.key, env.get(trigger.var))))
            st.trigger_frames += 1
            return True
    if several and not all_quiet:
        _note_all_quiet(st, game.ends + game.triggers)
    st.quiet_version, st.quiet_running = st.version, running
    if st.memo or st.changed_parts is not None:  # (a game that remembers nothing lists nothing)
        list_changes(st)
    return False


def _running(st) -> frozenset:
    """The condition triggers whose bodies are running, as (trigger key, binding): only they push
    frames that say so. When none is left, the next check points need not look until one is pushed."""
    running = frozenset(filter(None, map(TRIGGER_OF, st.frames)))
    if not running:
        st.trigger_frames = 0
        return NONE_RUNNING  # (the one empty set: `advance` tells a quiet check point by it)
    return running


def _note_all_quiet(st, rules) -> None:
    """Remember that no end rule or trigger holds, until an input of one of them changes, if
    each was just found quiet as a whole: the next check point then looks up one answer, not one per rule."""
    inputs = set()
    for rule in rules:
        found = current_inputs(st, ("quiet", rule.key))
        if found is None:
            return
        inputs.update(found)
    note(st, ALL_QUIET, inputs, True)


def _first_holding(st, rule, me, running, several: bool):
    """The first binding for which a trigger's or end rule's condition holds, or None.

    A rule none of whose bindings held is remembered as quiet until one of their inputs changes,
    unless it is the game's only rule, without bindings and not costly: then looking up its
    answer would cost about what checking it costs (with several rules, the answers that each is
    quiet make up the one that they all are, see `_note_all_quiet`).
    """
    key = rule.key
    if not several and rule.var is None and not rule.costly and not (running and (key, None) in running):
        env = {"me": me}
        return env if rule.when(st, env) else None
    quiet = ("quiet", key)
    if not st.debug and lookup(st, quiet)[0]:  # a debug game checks every binding's remembered answer
        return None
    if rule.reads is None or rule.over_reads is None:  # chance is involved: check everything, every time
        return next((env for env in _bindings(st, rule, me)
                     if not (running and (key, env.get(rule.var)) in running) and rule.when(st, env)), None)
    complete = True
    outer, st.reads = st.reads, set()
    try:
        for env in _bindings(st, rule, me):
            binding = env.get(rule.var)
            if running and (key, binding) in running:
                complete = False  # running now: not checked, so not known to be quiet
                continue
            if rule.costly and hashable(binding):
                held = remembered(st, (key, binding), rule.reads, rule.when, env)
            else:
                held = rule.when(st, env)
            if held:
                return env
        inputs = st.reads
    finally:
        st.reads = outer
    if complete:
        note(st, quiet, inputs | rule.reads | rule.over_reads, True)
    return None


def _bindings(st, rule, me):
    """The environments a trigger or end rule is checked in: one per item of its `for`."""
    if rule.var is None:
        return ({"me": me},)
    items = remembered(st, (rule.key, "over"), rule.over_reads, rule.over, {"me": me})
    return [{"me": me, rule.var: item} for item in items]
