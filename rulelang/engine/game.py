"""The compiled product of a rule file: frozen descriptions the interpreter runs."""
from __future__ import annotations

import attrs

from ..errors import Position

# These products are known by identity: attrs writes no __repr__ or __eq__ for them (making
# those costs start-up time, and nothing prints or compares them). A Move keeps both: its
# equality and hash key the options kept for it.


@attrs.frozen(repr=False, eq=False)
class ZoneSpec:
    """A zone declared by a rule file: shared or one per player, with its visibility.

    Visibility is `hidden` (nobody sees the cards, everybody sees the count), `owner` (the
    owning player sees them) or `public`. A face-down card is seen only by the zone's owner,
    or by nobody when `face_down` is `hidden`. `capacity` is checked whenever the game waits
    for a decision; `refill` names the zone shuffled in when a draw finds this one empty.
    """

    name: str
    per_player: bool
    visibility: str
    capacity: int | None
    refill: str | None
    keep_face_up: bool
    count: int | None
    row: bool
    pos: Position
    down_seen_by_owner: bool = True  # `face_down: owner` (the default) or `face_down: hidden`
    label: str = ""  # what players call it (`label:`); empty: its name
    show_last: bool = False  # `show_last: true`: its last cards stay in sight until a card comes in
    spread: bool = False  # `spread: true`: fanned, every card in sight: tables show it whole


@attrs.frozen(repr=False, eq=False)
class SheetSpec:
    """A score sheet each player has: boxes filled once, tallies that add up, named subtotals, bonuses."""

    name: str
    label: str  # what players read for it
    boxes: tuple  # names of the boxes filled once, in order
    tallies: tuple  # names of the boxes that add up whatever is filled into them
    subtotals: dict  # name -> the boxes it adds up
    bonuses: dict  # name -> compiled figure f(st, env) with `me` the owner

    def blank(self) -> dict:
        """A sheet before play: every box open (none), every tally at 0."""
        return {**dict.fromkeys(self.boxes), **dict.fromkeys(self.tallies, 0)}


@attrs.frozen(repr=False, eq=False)
class Limits:
    """How much a game may do: decisions per game, steps between decisions, work per check, work
    in all, and (set by a command's flag only) seconds.

    A ruleset sets them under `limits:`; each, when reached, ends the game with an error that
    names it (`limits: work`). Work is counted in units: one per item a loop or a collection
    condition goes through, ten per call of a rule function that calls itself (a call costs about
    as much as ten loop items); the whole game's also counts one per step.
    """

    decisions: int = 200_000  # decisions in one game (a ruleset may only lower it)
    steps: int = 1_000_000  # effects run between two decisions (a long automatic stretch may need more)
    work: int = 20_000_000  # units of work for one decision or one check point
    game: int = 100_000_000  # units of work and steps in one whole game (a ruleset may only lower it)
    seconds: float | None = None  # wall-clock seconds one game may take (`--game-seconds`; None: no bound)

    RANGES = {"decisions": (1, 200_000), "steps": (100, 100_000_000), "work": (1_000, 1_000_000_000),
              "game": (1_000, 100_000_000)}


@attrs.frozen(repr=False, eq=False)
class Procedure:
    """A named, parameterised list of effects declared under `procedures:`."""

    name: str
    params: tuple
    body: tuple
    pos: Position
    returns: bool = False  # its body holds a `return`


@attrs.frozen(repr=False, eq=False)
class Phrase:
    """A text players read during play: as written (constants filled in), and the function that
    fills in its other `{expressions}` for the player it is about (None: it reads the same always)."""

    text: str
    fill: object = None  # f(st, env) -> str

    def said(self, st, env) -> str:
        """The text for the player `env['me']` now."""
        return self.text if self.fill is None else self.fill(st, env)


@attrs.frozen(cache_hash=True)  # a move is a value of options (its hash, when taken, made once)
class Move:
    """A named move: when it is legal and what it does, and how players read it.

    `label` is the move as the player who makes it reads it ("End your turn", maybe holding
    `{expressions}` still to fill in: see `offered`); `told` is how everyone else and the log
    read it, in the third person after the player's name ("ends their turn").
    """

    name: str
    label: str
    rule: str
    legal: object = attrs.field(eq=False)
    body: tuple = attrs.field(eq=False)
    pos: Position
    reads: frozenset | None = frozenset()  # what `legal` reads (see engine/memo.py); None: always check
    help: str = ""  # what the move does, in players' words (`help:`)
    ask: object = attrs.field(eq=False, default=None)  # cond(st, env): a reaction worth asking a person about
    costly: bool = attrs.field(eq=False, default=False)  # `legal` loops: worth remembering (engine/memo.py)
    offered: Phrase = attrs.field(eq=False, default=None)  # the label, filled in for the player offered it
    told: Phrase = attrs.field(eq=False, default=None)  # the third person, filled in for the player who made it
    settled: tuple = attrs.field(eq=False, default=())  # the body, then the check point after it (engine/choices.start_move)
    params: tuple = attrs.field(eq=False, default=())  # `meld(card)`: the values `choose move: [meld(c)]` hands it


@attrs.frozen(repr=False, eq=False)
class Trigger:
    """Effects that run when a condition holds, once per binding of `for`.

    A trigger with `on: moved` runs instead right after a card moves and `when` holds for it
    (`card` is the card, `origin` the zone it left).
    """

    name: str
    var: str | None
    over: object
    when: object
    body: tuple
    pos: Position
    reads: frozenset | None = None  # what `when` reads (see engine/memo.py); None: always check
    over_reads: frozenset | None = None  # what `over` reads
    costly: bool = False  # worth remembering for each binding (it calls functions or loops)
    run_now: object = None  # an event trigger's straight body, or None
    key: tuple = ()  # names it in remembered checks: ("trigger", its place among the triggers)
    origins: frozenset | None = None  # an event trigger: the zones a card must leave to set it off (None: any)

    @property
    def credit(self) -> str:
        """How the log credits the trigger's effects: `a face card is defeated: moves ...`."""
        return f"{self.name}:"


@attrs.frozen(repr=False, eq=False)
class EndRule:
    """The game ends when `when` holds; `winner` names the winning player or players (None: a draw)."""

    name: str  # why the game ends, in players' words; empty if the rule file gives none
    var: str | None
    over: object
    when: object
    winner: object
    pos: Position
    reads: frozenset | None = None  # what `when` reads (see engine/memo.py); None: always check
    over_reads: frozenset | None = None  # what `over` reads
    costly: bool = False  # worth remembering for each binding (it calls functions or loops)
    key: tuple = ()  # names it in remembered checks: ("end", its place among the end rules)
    finish: str | None = None  # None: at once; "round": at the end of the round of turns; "others": after
    # every other player's last turn (see runtime.settle)


@attrs.frozen(repr=False, eq=False)
class TurnSpec:
    """Who starts, who is skipped, and the program each turn runs."""

    first: object  # None for a seeded random first player
    body: tuple  # opens with a check point, or a choice (which checks first)
    after: tuple
    skip: object  # None, or cond(st, env) with me = the candidate
    following: object = None  # None (clockwise), or the next player
    pos: Position | None = None  # where `turn:` is written, for errors about whose turn it is


@attrs.frozen(repr=False, eq=False)
class RoundSpec:
    """A game played in rounds: what starts each, who begins, when it ends, what follows."""

    setup: tuple
    first: object
    end: object
    after: tuple
    end_reads: frozenset | None = None  # what `end` reads (see engine/memo.py); None: always check
    count: int | None = None  # `count:` the game is over after this many rounds (None: no limit)
    winner: object = None  # who wins then: winner(st, env), or None for the highest `results` score


def watched_origins(event_triggers: tuple) -> frozenset | None:
    """The zones whose moves some `on: moved` trigger may answer (None: every zone)."""
    origins = [trigger.origins for trigger in event_triggers]
    return None if None in origins else frozenset().union(*origins)


RESULT = "result"  # `bots: payoff: result`: bots play for the win (1), the draw (1/2), not the loss (0)


@attrs.frozen(repr=False, eq=False)
class Bots:
    """Hints for bots: `evaluate(st, {"me": player})`, how well a seat stands (higher is better),
    or None; `scale`, how much of it makes a clear step forward; `payoff`, what a seat plays for
    (`payoff(st, {"me": player})` when the game is over, RESULT, or None for the default)."""

    evaluate: object
    scale: int
    pos: Position
    payoff: object = None
    payoff_pos: Position | None = None


class GameCaches:
    """What playing a game makes once and keeps for its next games: the only part of a compiled
    `Game` that changes (so the game itself stays as it was compiled)."""

    def __init__(self):
        self.options: dict = {}  # options that never change, made once (engine/decisions.py)
        self.layouts: dict = {}  # players -> the table before setup, made once (engine/state.py)
        self.blanks: dict = {}  # players -> a state before setup, copied for each new game (GameState.start)
        self.zone_orders: dict = {}  # players -> the zones in the order views list them, in a game without rows


@attrs.frozen(repr=False, eq=False)
class TeamSpec:
    """Which seats play together (`teams:`): `count` teams with partners across the table, or the
    `seats` of each team; the player variables partners `share`."""

    count: int | None
    seats: tuple | None  # one tuple of seat indexes (from 0) per team
    shared: frozenset

    def team_of(self, players: int) -> tuple:
        """The team (from 0) of each seat of a game of this many players."""
        if self.seats is None:
            return tuple(seat % self.count for seat in range(players))
        found = {seat: team for team, seats in enumerate(self.seats) for seat in seats}
        return tuple(found.get(seat, len(self.seats) + seat) for seat in range(players))


@attrs.frozen(repr=False, eq=False)
class TrickSpec:
    """How tricks are won (`tricks:`): the trump suit now, the card values that say which suit a
    card counts as and how high it ranks, and where tricks are played and taken when they close
    by themselves."""

    trump: object  # trump(st, env): the trump suit now, or none
    suit: str  # the name of the card value a card's suit in play is
    rank: str  # the name of the card value a card's rank in a trick is
    zone: str | None = None  # the shared zone tricks are played to and close in (None: the file closes them)
    to: str | None = None  # the zone a trick is taken into (of each player: the winner's)


@attrs.frozen(repr=False, eq=False)
class Game:
    """A complete ruleset, ready to run: every expression and effect already compiled."""

    name: str
    path: str
    min_players: int
    max_players: int
    cards: tuple
    card_by_name: dict
    deck_zone: str
    copies: dict  # face -> its copies in deck order, for each card the deck holds several of
    zones: dict
    game_vars: dict
    player_vars: dict
    card_vars: dict
    zone_vars: dict
    card_props: dict  # name -> compiled property p(st, me, card)
    program: object  # the namespace every compiled rule of this file shares
    setup: tuple
    turn: TurnSpec
    rounds: object  # a RoundSpec, or None for a game of one round
    moves: dict
    reactions: tuple
    anytime: tuple
    procedures: dict
    triggers: tuple
    event_triggers: tuple
    ends: tuple
    score: object
    report: dict
    display: dict  # zone name -> render(st, env) of a summary line
    names: object  # the Names expressions may use, for rule tests
    caches: GameCaches = attrs.field(factory=lambda: GameCaches())  # what playing it makes once and keeps
    refusals: bool = False  # some move can be refused (so a choice of a move may come back unchanged)
    watched_origins: frozenset | None = frozenset()  # moves from these zones are events (None: all)
    events_at_once: bool = False  # every `on: moved` trigger's body never waits: they run at once
    limits: Limits = Limits()
    digest: str = ""  # a hash of the rule file's content (extends resolved); game records check it
    description: str = ""
    rules: str = ""  # the rules for players, in Markdown (`rules:`)
    labels: dict = attrs.field(factory=dict)  # variable name -> what players call it (`label:`)
    bots: Bots | None = None  # the `bots:` section, or None
    dice_zone: str | None = None  # the shared zone the dice lie in at the start (`dice:`)
    sheets: dict = attrs.field(factory=dict)  # name -> SheetSpec of each player's score sheets (`sheets:`)
    teams: TeamSpec | None = None  # the `teams:` section, or None: every seat plays alone
    tricks: TrickSpec | None = None  # the `tricks:` section, or None: printed suits and ranks, no trump
    checks: int = attrs.field(init=False)  # end rules and condition triggers: what a check point checks

    @checks.default
    def _checks(self) -> int:
        return len(self.ends) + len(self.triggers)

    @property
    def end_position(self) -> Position | None:
        """Where the rules that should end a game are written (for errors about a game that runs on)."""
        return self.ends[0].pos if self.ends else self.turn.pos
