"""The mutable state of one game, made of its parts by job: the table (`table.py`: zones, cards,
attachments, stored values, variables) and the placing of cards on it (`placing.py`), what each
seat knows of them (`knowledge.py`), chance (`chance.py`), the flow of turns and decisions (`flow.py`), the log (`logbook.py`), and the
record of what changed, for the remembered checks (`changes.py`, `memo.py`).

The parts are one object, so that compiled rules read `st.zones` or `st.pvars` with no further
step; each part's fields are set here, where `clone()` copies them. Only these modules and the
interpreter change a state. `clone()` is cheap enough for bots that search: everything is flat
dicts and lists of immutable values.
"""
from __future__ import annotations

import time

from .chance import Chance
from .changes import Changes
from .flow import Anytime, Flow  # noqa: F401 - Anytime: the option of an any-time move, known here to its users
from .knowledge import Knowledge, zone_sight
from .logbook import Logbook
from .memo import Answers
from .placing import Placing
from .rng import Rng
from .table import Table
from .values import Die, Player, RowRef, SheetRef, ZoneRef


class Layout:
    """The table of a game for some number of players before setup: its zones and rows, and the
    whole deck in its start zone, the dice in theirs. Made once per game and player count; each new state copies it."""

    def __init__(self, game, players: int):
        self.zones: dict[ZoneRef, list] = {}
        self.rows: list[RowRef] = []
        for name, spec in game.zones.items():
            for seat in range(players) if spec.per_player else (None,):
                if spec.row:
                    self.rows.append(RowRef(name, seat))
                    continue
                for index in range(spec.count) if spec.count is not None else (None,):
                    self.zones[ZoneRef(name, seat, index)] = []
        self.row_names = frozenset(name for name, spec in game.zones.items() if spec.row)
        self.show_last = frozenset(name for name, spec in game.zones.items() if spec.show_last)
        self.sight = {(name, own): zone_sight(spec, own) for name, spec in game.zones.items() for own in (False, True)}
        self.families = {(name, seat): RowRef(name, seat) if spec.row else ZoneRef(name, seat) if spec.count is None
                         else tuple(ZoneRef(name, seat, i) for i in range(spec.count))
                         for name, spec in game.zones.items()
                         for seat in (range(players) if spec.per_player else (None,))}
        self.capped = tuple(zone for zone in self.zones if game.zones[zone.name].capacity is not None)
        self.capped_rows = tuple(row for row in self.rows if game.zones[row.name].capacity is not None)
        self.loc = {}
        for start, pieces in ((game.deck_zone, [c for c in game.cards if c.__class__ is not Die]),
                              (game.dice_zone, [c for c in game.cards if c.__class__ is Die])):
            if start is not None:
                home = ZoneRef(start)
                self.zones[home] = self.zones.get(home, []) + pieces
                self.loc.update((piece.id, ("z", home)) for piece in pieces)


class GameState(Table, Placing, Knowledge, Chance, Flow, Logbook, Changes):
    """Everything that changes during one game."""

    def __init__(self, game, players: int, seed: int):
        self.game = game
        self.n = players
        self.everyone = frozenset(range(players))  # every seat (who sees what all see)
        # the table
        layout = game.caches.layouts.get(players)
        if layout is None:
            layout = game.caches.layouts[players] = Layout(game, players)
        self.zones = {key: list(cards) for key, cards in layout.zones.items()}
        self.rows = {key: [] for key in layout.rows}
        self.loc = dict(layout.loc)
        self.row_names = layout.row_names
        self.show_last = layout.show_last
        self.sight = layout.sight
        self.families = layout.families
        self.capped = layout.capped
        self.capped_rows = layout.capped_rows
        self.zvars: dict[ZoneRef, dict] = {}
        self.next_pile = 0
        self.under_of: dict[int, list] = {}
        self.cvars: dict[int, dict] = {}
        self.down: set[int] = set()
        # what each seat knows (knowledge.py)
        self.shown: dict = {}  # card id -> (its zone, the reveal's event number) when revealed to all (`reveal`)
        self.known: dict = {}  # card id -> (its zone, the seats shown it, the event number, the decisions
        # answered before it) (`show`)
        self.recalled: dict = {}  # card id -> (its zone, the seats that saw it go there) (`watch_arrived`)
        self.traced: dict = {}  # card id -> {seat: the zones it may lie in} for seats that lost its place (ditto)
        self.recalling = False  # whether cards seen going out of sight are recalled (for search bots' samples)
        self.ruled_out: dict = {}  # card id -> ((seats told, ids of cards it is not), ...) (`rule_out`)
        self.played: dict = {}  # card id -> the seat that played it, for cards in show_last zones (`watch_leaving`)
        self.last_shown: dict = {}  # zone -> ((card, where it went, seats that saw it, who played it), ...) ...
        self.leaving: dict = {}  # ... and those that left it since, while it is not yet empty
        self.swept: dict = {}  # card id -> the sweep of a show_last zone that took it where it lies
        self.sweeps = 0  # sweeps so far
        self.revealed_at = 0  # the event number of the last reveal (no change to what rules read, but to views)
        self.next_marker = 1_000_000
        self.vars = dict(game.game_vars)
        self.pvars = [dict(game.player_vars) for _ in range(players)]
        self.sheets = {SheetRef(name, seat): spec.blank()
                       for name, spec in game.sheets.items() for seat in range(players)}
        self.events: list[tuple] = []  # (card, origin zone) of moves not yet seen by `on: moved` triggers
        self.fire_now = None  # runs `on: moved` triggers at once, when all their bodies never wait
        # chance
        self.rng = Rng(seed)
        self.forced = None  # what a rule test forces (analysis/forcing.py), or None
        # the flow
        self.seats = tuple(Player(seat) for seat in range(players))
        # the team of each seat (`teams:`); without teams every seat is a team of its own
        self.team_of = game.teams.team_of(players) if game.teams is not None else tuple(range(players))
        self.teammates = tuple(tuple(other for other, found in enumerate(self.team_of) if found == team)
                               for team in self.team_of)  # the seats of each seat's team (`team_seats`)
        self.tricks_taken = [0] * players  # the tricks each seat took in this round (engine/tricks.py; replaced,
        # never changed in place: clones share it)
        self.current = 0
        self.turn_number = 0
        self.round_number = 0
        self.stage = "start"
        self.turn_closing = False
        self.next_turn = None  # the seat a `next turn` statement named for the turn after this one
        self.round_first = 0  # the seat that took the first turn of this round (or of the game)
        self.finishing = None  # (end rule, its env, the seat play stops before) once a rule with `finish` held
        self.first_come = None  # the seat that came first when several acted at once in a `first come` window
        self.frames: list = []
        self.pending = None
        self.result = None
        self.ended_by = None  # the end rule that ended the game, if one did (not an effect)
        self.held = False  # the game stopped between turns for a rule test; advance() resumes it
        self.actions = 0
        self.trail = None  # the decisions taken, last first: (the trail before, seat, label of the option taken)
        self.refusals = 0  # moves refused so far (search bots steer clear of options that are refused)
        self.depth = 0  # rule functions on a call cycle, nested now
        self.nesting = 0  # straight procedures, nested now
        self.budget_size = game.limits.work
        self.budget = self.budget_size  # units of work left for this decision or check (see ops.charge)
        self.game_budget = game.limits.game  # units of work and steps left for the whole game (runtime.apply_action)
        self.deadline = None if game.limits.seconds is None else time.monotonic() + game.limits.seconds
        self.seed = seed
        self.trigger_chain = 0
        self.debug = False  # True: every step is checked (conservation, remembered answers)
        # the log
        self.log: list[tuple] = []
        self.log_size = 0  # characters in the log's lines (logbook.MAX_LOG_CHARS)
        self.quiet = False  # True: no log text is made (simulations and bots' playouts)
        self.credit = None  # whom the log credits effects to while a straight procedure or trigger runs
        # what changed, and what is remembered until it changes (changes.py, memo.py)
        self.clock = [0]  # the last event number, in a cell shared by clones: an event number is never used twice
        self.version = 0  # the number of the last change to this state
        self.versions: dict = {}  # what changed (a zone, ("v", name), "attach" ...) -> its last event
        self.memo: dict = {}  # remembered checks, shared by clones (safe: event numbers are unique)
        self.answers = Answers()  # answers of rule functions by the version they were found at (compile/answers.py), ditto
        self.reads: set | None = None  # zones and rows read, while a remembered check runs
        self.quiet_version = None  # the version of the last check point where nothing happened ...
        self.quiet_running = None  # ... and the condition triggers running then
        self.changed_since = None  # a version after which the parts that change are listed ...
        self.changed_parts: list | None = None  # ... here (by `touch`; None: not listed)
        self.trigger_frames = 0  # condition triggers' frames pushed since none was last found (runtime.settle)
        self.capped_lists = None  # (zones, ((cards, capacity, zone) of each capped zone)), see check_capacity
        self.conservation_stamp = None  # the changes of where cards are when last found conserved

    @staticmethod
    def start(game, players: int, seed: int) -> GameState:
        """A new game's state before setup: a copy of one made once per game and player count
        (copying its parts costs less than making them), with its own chance, clock and memory."""
        blank = game.caches.blanks.get(players)
        if blank is None or blank.game is not game:  # (games told apart by their limits share caches)
            blank = game.caches.blanks[players] = GameState(game, players, 0)
        other = blank.copied()
        other.rng, other.seed = Rng(seed), seed
        other.clock, other.memo, other.answers = [0], {}, Answers()
        if game.limits.seconds is not None:
            other.deadline = time.monotonic() + game.limits.seconds
        return other

    def clone(self) -> GameState:
        """An independent copy: same position, same chance to come."""
        other = self.copied()
        other.rng = self.rng.clone()
        return other

    def copied(self) -> GameState:
        """A copy with parts of its own, sharing the clock, the memory and the generator (see clone)."""
        other = object.__new__(GameState)
        other.__dict__.update(self.__dict__)
        other.forced = None if self.forced is None else self.forced.clone()
        zones, rows = self.zones, self.rows  # (each part copied by C loops: a search clones thousands of times)
        other.zones = dict(zip(zones, map(list.copy, zones.values())))
        other.zvars = {k: dict(v) for k, v in self.zvars.items()} if self.zvars else {}
        other.rows = dict(zip(rows, map(list.copy, rows.values()))) if rows else {}
        other.under_of = dict(zip(self.under_of, map(list.copy, self.under_of.values()))) if self.under_of else {}
        other.loc = self.loc.copy()
        other.cvars = dict(zip(self.cvars, map(dict.copy, self.cvars.values()))) if self.cvars else {}
        other.down = self.down.copy()
        other.shown = self.shown.copy()
        other.known = self.known.copy()
        other.recalled = self.recalled.copy()
        other.traced = self.traced.copy()  # (each entry is replaced, never changed in place)
        other.ruled_out = self.ruled_out.copy()
        other.played = self.played.copy()
        other.last_shown = self.last_shown.copy()
        other.leaving = self.leaving.copy()
        other.swept = self.swept.copy()
        other.vars = self.vars.copy()
        other.pvars = list(map(dict.copy, self.pvars))
        other.sheets = dict(zip(self.sheets, map(dict.copy, self.sheets.values()))) if self.sheets else {}
        envs: dict[int, dict] = {}
        other.frames = [frame.copy(envs) for frame in self.frames]
        other.log = self.log.copy()
        other.events = self.events.copy()
        other.versions = self.versions.copy()
        other.changed_parts = None if self.changed_parts is None else self.changed_parts.copy()
        return other
