"""Decisions: what a player is asked, and the legal options, each with a stable label.

Every decision is one pick from a finite list of options (see docs/language.md). Options that
read the same whenever they are offered are made once per game and kept.
"""
from __future__ import annotations

from .memo import remembered
from .values import Card, Die, Marker, Player, ZoneRef, pretty

MAX_KEPT_OPTIONS = 10_000  # options kept per game for reuse (see options_for)
MOVES = object()  # kept options of moves are under (MOVES, name)
MOVE_SETS = object()  # ... and the options of a set of moves in a quiet game under (MOVE_SETS, name, ...)


class Option:
    """One legal answer to a decision: a stable label, a description, and its value.

    The description of a card (with the values stored on it) is made when first read. `alike`
    counts the copies of a card the option stands for (see `_alike_once`).
    """

    __slots__ = ("label", "value", "_text", "_stored", "alike")

    def __init__(self, label: str, text: str | None, value, stored: dict | None = None, alike: int = 1):
        self.label = label
        self.value = value
        self._text = text
        self._stored = stored
        self.alike = alike

    @property
    def text(self) -> str:
        """How the option reads for the deciding player."""
        if self._text is None:
            stored = self._stored
            extra = " (" + ", ".join(f"{k} {pretty(v)}" for k, v in stored.items()) + ")" if stored else ""
            return pretty(self.value) + extra
        return self._text

    def __repr__(self) -> str:
        return f"Option({self.label!r}, {self.text!r})"


class Decision:
    """A choice the game waits for: who decides, what is asked, and the legal options.

    The prompt is made only when someone reads it (bots that search never do).
    """

    __slots__ = ("seat", "options", "node", "frame_index", "_prompt")

    def __init__(self, seat: int, prompt, options: tuple, node, frame_index: int):
        self.seat = seat
        self._prompt = prompt  # the text, or a function making it
        self.options = options
        self.node = node
        self.frame_index = frame_index

    @property
    def prompt(self) -> str:
        """What the deciding player is asked."""
        if not isinstance(self._prompt, str):
            self._prompt = self._prompt()
        return self._prompt

    def labels(self) -> list:
        """The option labels, in order."""
        return [o.label for o in self.options]

    def with_options(self, options: tuple) -> "Decision":
        """The same decision with other options."""
        return Decision(self.seat, self._prompt, options, self.node, self.frame_index)

    def __repr__(self) -> str:
        return f"Decision(seat={self.seat}, prompt={self.prompt!r}, options={self.options!r})"


def options_for(st, values: list, seat: int | None = None) -> list:
    """The options offering each value, labelled as players and rule tests name them.

    An option that reads the same whenever it is offered (a card with nothing stored on it, a
    player, a text, a number) is made once per game and kept in `game.caches.options` (a card under
    itself; any other value, as a move, under its kind and value). A card is labelled by its face,
    a die by the face it shows; copies of a card and dice that the deciding `seat` sees lying alike
    are offered once (see `_alike_once`).
    """
    options = []
    positions = None
    kept = st.game.caches.options
    kept = kept if len(kept) < MAX_KEPT_OPTIONS else {}
    cards_only, whole_lists = True, False
    looks = {}  # the place of each option of a die among the options -> how the seat sees it (see _die_look)
    for value in values:
        kind = value.__class__
        if kind is Card or kind is Die:  # the common case first (a die shows its face as a stored value)
            stored = st.cvars.get(value.id)
            if stored is not None:
                if kind is Die:
                    option, look = _die_offered(st, value, stored, seat)
                    if look is not None:
                        looks[len(options)] = look
                    options.append(option)
                else:
                    options.append(Option(value.printed, None, value, stored))
                continue
            option = kept.get(value)
            if option is None:
                option = kept[value] = Option(value.printed, None, value)
            options.append(option)
            continue
        cards_only = False
        if kind is ZoneRef:
            place = None
            if value.index is not None and value.name in st.row_names:  # a pile is named by its place
                positions = positions if positions is not None else {}
                place = st.places(value, positions)
            option = kept.get((value, place))
            if option is None:
                label = st.zone_label(value, place)
                option = kept[(value, place)] = Option(label, label, value)
            options.append(option)
            continue
        if kind is Marker:
            label = st.marker_label(value)
            options.append(Option(label, label, value))
            continue
        if kind is list:
            options.append(Option(_list_label(st, value, seat), None, value))
            whole_lists = True  # (a list may be a set of dice alike with another)
            continue
        option = kept.get((kind, value))
        if option is None:
            option = kept[(kind, value)] = Option(_label(value, kind), None, value)
        options.append(option)
    if st.game.copies or looks or whole_lists:
        options = _alike_once(st, options, seat, looks)
    elif cards_only and len(set(values)) == len(options):  # every card has its own name
        return options
    return _numbered(options)


def _die_offered(st, die, stored: dict, seat: int | None) -> tuple:
    """A die offered, and how the seat sees it (see `_die_look`): labelled by the face it shows
    where that is all it shows, by its name with its stored values otherwise, and by its name
    alone where the seat cannot see it."""
    look = _die_look(st, die, stored, seat)
    if look is None:
        return Option(die.printed, None, die, stored), None
    if not look:
        return Option(die.name, die.name, die), None
    face = str(look[0])
    return Option(face, face, die), look


def _die_look(st, die, stored: dict, seat: int | None):
    """How the seat sees a die: (its face, where it lies, face down) when it sees the die with
    nothing but its face stored on it and nothing under it (dice alike share it), None when the
    die shows something more, () when the seat does not see it."""
    place = st.loc[die.id]
    if seat is not None and place[0] == "z":  # (what visible_to says, most often at once)
        zone = place[1]
        face_up, face_down = st.sight[zone.name, zone.seat == seat]
        if not (face_down if die.id in st.down else face_up) and not st.visible_to(die, seat):
            return ()
    elif seat is not None and not st.visible_to(die, seat):
        return ()
    if len(stored) != 1 or "face" not in stored or stored["face"] is None or die.id in st.under_of:
        return None
    return stored["face"], place, die.id in st.down


def _list_label(st, value: list, seat: int | None) -> str:
    """How a list offered whole is labelled: a set of dice the seat sees by the faces they show
    (`[5, 1]`), any other list as written (`[QS, 5H]`)."""
    if value and all(item.__class__ is Die for item in value):
        looks = [_die_look(st, die, st.cvars.get(die.id) or {}, seat) for die in value]
        if all(looks):
            return f"[{', '.join(str(look[0]) for look in looks)}]"
    return _label(value, list)


def _alike_once(st, options: list, seat: int | None, looks: dict) -> list:
    """Options the seat cannot tell apart are one: copies of a card (nothing stored on them or
    lying under them), dice showing the same face (nothing else stored on them: `looks`, by
    option), and lists of such dice, in the same place, face up or down alike, and seen by the
    seat. The option takes the first of them and counts them in `alike` (the terminal lists it
    as `Red 7 ×2`, `5 ×2`). Copies and dice that can be told apart keep an option each, labelled
    by their own names (`Red 7#2`, `D3 (face 5)`)."""
    out, first, alike = [], {}, {}
    for index, option in enumerate(options):
        value = option.value
        kind = value.__class__
        if kind is Card:  # (the common case, written out)
            key = (value.printed, st.loc.get(value.id), value.id in st.down) \
                if value.copy and option._stored is None and not st.under_of.get(value.id) \
                and (seat is None or st.visible_to(value, seat)) else None
        else:
            key = looks.get(index) if kind is Die else _dice_look(st, value, seat) if kind is list else None
        if key:
            if key in first:
                alike[key] += 1
                continue
            first[key], alike[key] = len(out), 1
        out.append(option)
    for key, count in alike.items():
        if count > 1:
            option = out[first[key]]
            out[first[key]] = Option(option.label, option._text, option.value, option._stored, alike=count)
    labels = [o.label for o in out if o.value.__class__ is Card or o.value.__class__ is Die]
    if len(set(labels)) < len(labels):  # copies and dice told apart: each by its own name
        shared = {label for label in labels if labels.count(label) > 1}
        out = [_by_name(st, o) if (o.value.__class__ is Card or o.value.__class__ is Die) and o.label in shared else o
               for o in out]
    return out


def _by_name(st, option: Option) -> Option:
    """An option of a copy or a die told apart from others alike: labelled by its own name (a die
    read with its face: `D3 (face 5)`)."""
    value = option.value
    if value.__class__ is Die:
        return Option(value.name, None, value, st.cvars.get(value.id), option.alike)
    return Option(value.name, option._text, value, option._stored, option.alike)


def _dice_look(st, value: list, seat: int | None):
    """How the seat sees a list of dice offered whole, as a key that alike lists share (each die's
    look, see `_die_look`); None for any other list, or one with a die told apart."""
    if not value or value[0].__class__ is not Die:
        return None
    looks = tuple(_die_look(st, die, st.cvars.get(die.id) or {}, seat) if die.__class__ is Die else None
                  for die in value)
    return looks if all(looks) else None


def _numbered(options: list) -> list:
    """Options whose labels repeat (two markers alike) are told apart: `dmg 4 on QH (2)`."""
    labels = [o.label for o in options]
    if len(set(labels)) == len(labels):
        return options
    seen: dict = {}
    out = []
    for option in options:
        seen[option.label] = seen.get(option.label, 0) + 1
        if seen[option.label] > 1:
            option = Option(f"{option.label} ({seen[option.label]})", option._text, option.value, option._stored,
                            option.alike)
        out.append(option)
    return out


def _label(value, kind) -> str:
    """How rule tests and logs name an option's value."""
    if kind is Card or kind is Marker or kind is Player:
        return value.name
    return "none" if value is None else str(value)


_DONE = object()
DONE_OPTION = Option("done", "done", _DONE)  # (options are never changed: one of each serves every choice)
NOTHING_OPTION = Option("done", "done (choose nothing)", None)


def move_options(st, moves, player) -> tuple:
    """The options offering these moves to `player` (made once per game, unless a label says
    something of the moment: `Raise {size}`; in a quiet game, where nobody reads the labels,
    the options of each set of moves are made once)."""
    kept = st.game.caches.options
    if st.quiet:
        key = (MOVE_SETS, *[move.name for move in moves])
        options = kept.get(key)
        if options is None:
            options = kept[key] = tuple(_move_option(kept, move) for move in moves)
        return options
    out = []
    for move in moves:
        text = filled_label(st, move, player)
        if text is not None:
            out.append(Option(move.name, text, move))
            continue
        out.append(_move_option(kept, move))
    return tuple(out)


def _move_option(kept: dict, move) -> Option:
    """The option offering a move under its own label (made once per game)."""
    option = kept.get((MOVES, move.name))  # (not under the move: its hash is a Python call)
    if option is None:
        option = kept[(MOVES, move.name)] = Option(move.name, move.label, move)
    return option


def filled_label(st, move, player, env: dict | None = None) -> str | None:
    """A move's label with its `{expressions}` filled in for `player` (and the values `env` hands its
    parameters), or None when it has none to fill (or nobody reads it: a quiet game's labels are never shown)."""
    if move.offered.fill is None or st.quiet:
        return None
    return move.offered.fill(st, env if env is not None else {"me": player})


def announce(st, move, player, reaction: bool = False, values: tuple = ()) -> None:
    """Say in the log that `player` makes a move, as the others read it: `P2 ends their turn`."""
    told = move.told.said(st, move_env(move, player, values) if values else {"me": player})
    st.say(f"{player.name} {'reacts and ' if reaction else ''}{told}", actor=False)


class Offer:
    """A move offered with the values its parameters take (`choose move: [meld(c)]`): an option's value."""

    __slots__ = ("move", "values")

    def __init__(self, move, values: tuple):
        self.move = move
        self.values = values

    def __repr__(self) -> str:
        return f"{self.move.name}({', '.join(pretty(v) for v in self.values)})"


def move_env(move, player, values: tuple = ()) -> dict:
    """The locals of a move made by `player`: `me`, and its parameters bound to the values handed to it."""
    env = {"me": player}
    if values:
        env.update(zip(move.params, values))
    return env


def offered_moves(st, names, args, env: dict, player) -> tuple:
    """The options offering these moves to `player`, where some take values (`args`: per move, the
    functions giving its values from the chooser's locals `env`, or () for none): a move is offered
    when its `if` holds with its parameters bound to them."""
    moves, out = st.game.moves, []
    for name, given in zip(names, args):
        move = moves[name]
        if not given:
            out += move_options(st, legal_moves(st, (name,), player, remember=False), player)
            continue
        values = tuple(value(st, env) for value in given)
        bound = move_env(move, player, values)
        if move.legal(st, bound):
            text = filled_label(st, move, player, bound)
            out.append(Option(move.name, text if text is not None else move.label, Offer(move, values)))
    return tuple(out)


def legal_moves(st, names, player, remember: bool = True) -> list:
    """The moves of `names` that `player` may make now.

    Answers of conditions that loop (`Move.costly`) are remembered (see engine/memo.py) where
    the same question comes back while nothing changes: any-time moves and reactions (asked at
    every decision or move), and the moves of a game with refusals (a refused move asks again).
    A turn's one choice of a move would pay for remembering and never gain, and so would a
    condition that costs less than looking up its answer.
    """
    env = {"me": player}
    moves = st.game.moves
    if not remember:
        return [move for name in names if (move := moves[name]).legal(st, env)]
    return [move for name in names
            if (remembered(st, ("legal", name, player.seat), move.reads, move.legal, env)
                if (move := moves[name]).costly else move.legal(st, env))]
