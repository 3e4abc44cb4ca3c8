"""The operations compiled rules call at run time: collections, arithmetic, attributes, built-ins.

Generated code (see `rulelang/kit/codegen.py`) reaches the game only through these
functions and a few `GameState` fields, so this module is where an expression's meaning lives.
Each function is small and takes the state first where it needs it. Work is charged here:
iterating a collection costs one unit per item from the state's `budget` (see `charge`).
"""
from __future__ import annotations

import re

from ..errors import GameError
from .errorwords import in_rule_words
from .frames import credit_of  # noqa: F401 - a helper of generated code (HELPERS), as the names below are
from .values import Card, Die, Marker, Player, Roll, SheetRef, ZoneRef, describe, is_card, pretty

MAX_TEXT = 100_000  # characters in one text value
MAX_LIST = 100_000  # items in one list value
MAX_INT = 10**18  # magnitude of a number made by multiplying


def over_budget(st, pos):
    """The error for a check or a decision that has used up its work budget."""
    return GameError(f"the rules did more than {st.budget_size:,} steps of work for one decision "
                     f"or check (limits: work)", pos)


CALL_WORK = 10  # work units a call of a self-calling rule function costs: about ten loop items' time


def charge(st, units: int, pos) -> None:
    """Spend `units` of the current work budget; an error at `pos` when it runs out."""
    st.budget -= units
    if st.budget < 0:
        raise over_budget(st, pos)


def iterate(st, value, pos) -> list:
    """A collection's items for a loop, charging one unit of work per item."""
    if value is st.seats:  # (the players: their number known, no call)
        st.budget -= st.n
        if st.budget < 0:
            raise over_budget(st, pos)
        return value
    kind = value.__class__
    if kind is list or kind is tuple:  # (what items() gives, without the call: a tuple is the seats)
        found = value
    elif kind is ZoneRef and st.reads is None:
        found = st.zones.get(value)
        if found is None:
            found = st.items(value)
    else:
        found = st.items(value)
    st.budget -= len(found)
    if st.budget < 0:
        raise over_budget(st, pos)
    return found


def enter(st, limit: int, pos) -> None:
    """A call of a rule function that may call itself: counted, and bounded in depth."""
    if st.depth >= limit:
        raise GameError(f"rule functions call each other more than {limit} deep", pos)
    st.depth += 1
    charge(st, CALL_WORK, pos)


def index(st, value, position):
    """`value[position]`: an item of a collection, or a box of a score sheet."""
    if value.__class__ is SheetRef:
        return st.box(value, position)
    return st.items(value)[position]


def add(st, a, b, pos):
    """`a + b`: numbers add, text joins, collections concatenate (within the size caps)."""
    if a.__class__ is list and b.__class__ is list:  # the common cases first, quickly
        joined = a + b
    elif a.__class__ is int and b.__class__ is int:
        return a + b
    elif isinstance(a, int) and isinstance(b, int) and not isinstance(a, bool) and not isinstance(b, bool):
        return int(a) + int(b)
    elif isinstance(a, str) or isinstance(b, str):
        text = pretty(a) + pretty(b)
        if len(text) > MAX_TEXT:
            raise GameError(f"text longer than {MAX_TEXT:,} characters (limits: text)", pos)
        return text
    else:
        joined = st.items(a) + st.items(b)
    if len(joined) > MAX_LIST:
        raise GameError(f"a list longer than {MAX_LIST:,} items (limits: lists)", pos)
    return joined


def multiply(a, b, pos):
    """`a * b` of two numbers, within the number cap."""
    if not (isinstance(a, int) and isinstance(b, int)):
        raise GameError(f"'*' needs numbers, got {pretty(a)} and {pretty(b)}", pos)
    product = int(a) * int(b)
    if abs(product) > MAX_INT:
        raise GameError(f"a number larger than {MAX_INT:,} (limits: numbers)", pos)
    return product


def divide(a, b, pos):
    """`a // b`, an error when b is 0."""
    if b == 0:
        raise GameError("division by zero", pos)
    try:
        return a // b
    except TypeError:
        raise mismatch("//", a, b, pos) from None


def modulo(a, b, pos):
    """`a % b`, an error when b is 0."""
    if b == 0:
        raise GameError("division by zero", pos)
    try:
        return a % b
    except TypeError:
        raise mismatch("%", a, b, pos) from None


def mismatch(symbol: str, a, b, pos) -> GameError:
    """The error for an operator given values it cannot take, naming them (and where a text was written)."""
    return GameError(f"'{symbol}' needs numbers, not {describe(a)} and {describe(b)}", pos)


def card_fact(st, card, name, me):
    """`card.name` for a printed value or a property computed once per card."""
    if card.__class__ is Card:
        return card.facts[name]
    return st.attribute(card, name, me)


def card_var(st, card, name, me):
    """`card.name` for a value stored on cards (card_vars)."""
    kind = card.__class__
    if kind is Card or kind is Marker:
        stored = st.cvars.get(card.id)
        if stored is not None and name in stored:
            return stored[name]
        return st.game.card_vars[name]
    return st.attribute(card, name, me)


def card_zone(st, card, me):
    """`card.zone`: the zone a card lies in (for an attached card, its root's zone)."""
    if card.__class__ is Card:
        return st.root(card)
    return st.attribute(card, "zone", me)


def card_owner(st, value, me):
    """`x.owner`: the player a zone belongs to, or whose zone a card lies in; none for shared ones."""
    kind = value.__class__
    if kind is Card or kind is ZoneRef:
        seat = (st.root(value) if kind is Card else value).seat
        return None if seat is None else st.seats[seat]
    return st.attribute(value, "owner", me)


def zone_var(st, zone, name, me):
    """`zone.name` for a value stored on zones (zone_vars)."""
    if zone.__class__ is ZoneRef:
        stored = st.zvars.get(zone)
        if stored is not None and name in stored:
            return stored[name]
        return st.game.zone_vars[name]
    return st.attribute(zone, name, me)


def zone_index(st, zone, me):
    """`zone.index`: a pile's place in its row (from 0), or the index of a zone with a count."""
    if zone.__class__ is ZoneRef:
        return st.position_in_row(zone) if zone.name in st.row_names else zone.index
    return st.attribute(zone, "index", me)


def player_var(st, player, name, me):
    """`player.name` for a player variable."""
    if player.__class__ is Player:
        return st.pvars[player[0]][name]
    return st.attribute(player, name, me)


def player_zone(st, player, name, me):
    """`player.name` for a zone of each player (a row, or zones with a count)."""
    if player.__class__ is Player:
        return st.families[(name, player[0])]  # (zone_family, written out)
    return st.attribute(player, name, me)


def attribute(st, value, name, me):
    """`value.name` when the compiler cannot tell which kind of value it is."""
    return st.attribute(value, name, me)


def players(st) -> list:
    """Every player, in seat order."""
    return list(st.seats)


def stored(value):
    """A value as a variable keeps it: a dice roll keeps only its total."""
    return int(value) if value.__class__ is Roll else value


def zone(value, what: str, pos) -> ZoneRef:
    """A value that must be a zone, for `move`, `draw` and `shuffle`."""
    if value.__class__ is not ZoneRef:
        raise GameError(f"{what} must be a zone, got {pretty(value)}", pos)
    return value


def place(err: GameError, pos) -> GameError:
    """A game error with the position of the rule it came from, if it has none yet; else noting
    that rule as a caller of the one it went wrong in."""
    if err.position is None:
        return GameError(str(err), pos)
    return err.called_at(pos)


def evaluation_error(err: Exception, pos) -> GameError:
    """A Python error inside compiled rules, said in rulelang's words at the rule's position."""
    if isinstance(err, KeyError) and err.args and isinstance(err.args[0], str):
        return GameError(f"'{err.args[0]}' has no value here", pos)
    if isinstance(err, UnboundLocalError):  # a procedure's local read before it was set (compile/localize.py)
        unset = re.search(UNSET_LOCAL, str(err))
        return GameError(f"'{unset.group(1) if unset else 'a local'}' has no value here", pos)
    if isinstance(err, RecursionError):
        return GameError("rules call each other too deeply", pos)
    worded = in_rule_words(err) if isinstance(err, TypeError) else None
    if worded is not None:
        return GameError(worded, pos)
    return GameError(f"cannot evaluate expression: {err}", pos)


EVALUATION_ERRORS = (TypeError, ValueError, KeyError, IndexError, AttributeError, ZeroDivisionError,
                     RecursionError, UnboundLocalError)
UNSET_LOCAL = r"'l_(\w+)'"  # the rule name in Python's message about local `l_name`


# ---------------------------------------------------------------- effects (one-line statements)
def combine(op: str, old, new, pos):
    """The new value of `set x += v` or `set x -= v`, with an error in rulelang's words."""
    if old.__class__ is int and new.__class__ is int:  # the common case, quickly
        return old + new if op == "+=" else old - new
    if not (isinstance(old, int) and isinstance(new, int)) or isinstance(old, bool) or isinstance(new, bool):
        verb = "add" if op == "+=" else "subtract"
        raise GameError(f"'{op}' can only {verb} numbers: the value is {pretty(old)}, "
                        f"the change {pretty(new)}", pos)
    return int(old) + int(new) if op == "+=" else int(old) - int(new)


def number(value, what: str, pos) -> int:
    """A value that must be a whole number (a count to draw, a value to mark)."""
    if value.__class__ is int:
        return value
    if not isinstance(value, int) or isinstance(value, bool):
        raise GameError(f"{what} must be a number, got {pretty(value)}", pos)
    return int(value)


def set_attribute(st, owner, attribute: str, op: str, value, pos) -> None:
    """`set owner.attribute op value` for a player, card or zone variable."""
    names = st.game.names
    if isinstance(owner, Player) and attribute in names.player_vars:
        if op != "=":
            value = combine(op, st.pvars[owner.seat][attribute], value, pos)
        st.set_player_var(owner, attribute, value)
    elif is_card(owner) and attribute in names.card_vars:
        if op != "=":
            value = combine(op, st.attribute(owner, attribute, None), value, pos)
        st.set_card_var(owner, attribute, value)
    elif isinstance(owner, ZoneRef) and attribute in names.zone_vars:
        if op != "=":
            value = combine(op, st.attribute(owner, attribute, None), value, pos)
        st.set_zone_var(owner, attribute, value)
    else:
        raise GameError(f"cannot set '{attribute}' on {pretty(owner)}", pos)


def set_player_value(st, owner, attribute: str, op: str, value, pos) -> None:
    """`set owner.attribute op value` where `attribute` names only a player variable, the value
    kept as a variable keeps it (`stored`): a player's value set with no further call (what
    `set_attribute` and `set_player_var` do, written out); any other owner goes through
    `set_attribute` (and its error), partners sharing a value through `set_player_var`."""
    if value.__class__ is Roll:
        value = int(value)
    if owner.__class__ is not Player:
        return set_attribute(st, owner, attribute, op, value, pos)
    values = st.pvars[owner[0]]
    if op != "=":
        old = values[attribute]
        if old.__class__ is int and value.__class__ is int:
            value = old + value if op == "+=" else old - value
        else:
            value = combine(op, old, value, pos)
    if values[attribute] is value:  # (the very value it holds: no change to record)
        return None
    if st.game.teams is not None:
        return st.set_player_var(owner, attribute, value)
    values[attribute] = value
    clock = st.clock  # (`touch`, written out)
    clock[0] = st.version = st.versions[("p", attribute)] = clock[0] + 1
    if st.changed_parts is not None:
        st.changed_parts.append(("p", attribute))
    return None


def set_card_value(st, owner, attribute: str, value, pos) -> None:
    """`set owner.attribute = value` where `attribute` names only a card variable: stored
    straight on a card or marker; any other owner goes through `set_attribute` (and its error)."""
    if owner.__class__ is Card or owner.__class__ is Marker:
        st.set_card_var(owner, attribute, value)
    else:
        set_attribute(st, owner, attribute, "=", value, pos)


def reveal(st, value) -> None:
    """Show cards to every player: in the log, and in their views while the cards lie where they were shown."""
    cards = st.items(value)
    st.reveal(cards)
    if not st.quiet:
        st.say(f"reveals {st.faces(cards)}")


def show_to(st, value, who, pos) -> None:
    """Show cards to some players (known to them while each lies where it lies), and say so."""
    cards = [card for card in st.items(value) if isinstance(card, Card)]  # cards and dice, not markers
    try:
        seers = players_in(st, who, "show ... to")
    except GameError as err:
        raise place(err, pos) from None
    seats = sorted({player.seat for player in seers})
    st.show(cards, seats)
    if st.quiet or not cards:
        return
    if len(seats) == st.n:
        st.say(f"shows {st.faces(cards)} to everyone")
        return
    st.say(f"shows {len(cards)} card{'s' if len(cards) != 1 else ''} to {', '.join(Player(s).name for s in seats)}")
    for seat in seats:
        st.say(f"(you see: {st.faces(cards)})", seat=seat, actor=False)


def show_none(st, value, holds, env, who, told: str, say, pos) -> None:
    """Tell some players that no card among `value` meets a condition (`holds(st, env)`, with `it`
    bound to the card): an error if one does. In a game that keeps what seats recall, the cards
    of the game that would meet it are ruled out for those cards (`GameState.rule_out`). `say`
    (None, or f(st, env) giving a text) is what the players told read in the log."""
    cards = [card for card in st.items(value) if card.__class__ is Card]
    try:
        seats = sorted({player.seat for player in players_in(st, who, "show none ... to")})
    except GameError as err:
        raise place(err, pos) from None
    outer = env.get("it", _UNBOUND)
    try:
        for card in cards:
            env["it"] = card
            if holds(st, env):
                raise GameError(f"'show none' tells that no card meets '{told}', but {pretty(card)} does", pos)
        if st.recalling and cards and seats:
            st.rule_out(cards, seats, _meeting(st, holds, env))
    finally:
        if outer is _UNBOUND:
            env.pop("it", None)
        else:
            env["it"] = outer
    if st.quiet or say is None or not seats:
        return
    text = say(st, env)
    if len(seats) == st.n:
        st.say(text, actor=False)
        return
    for seat in seats:
        st.say(text, seat=seat, actor=False)


def _meeting(st, holds, env) -> frozenset:
    """The ids of the game's cards that meet the condition now (`it` bound to each in `env`): the
    bots' bookkeeping, not the rules' work, so it spends none of the budget, and a card the
    condition cannot be asked of (it has no suit, say) is not ruled out."""
    budget, ruled = st.budget, []
    for card in st.game.cards:
        env["it"] = card
        try:
            if holds(st, env):
                ruled.append(card.id)
        except GameError:
            continue
    st.budget = budget
    return frozenset(ruled)


_UNBOUND = object()  # (a name not bound in an env)


def roll_dice(st, value, pos) -> None:
    """Roll dice of the game's pool (a die, a list, or a zone's dice) and say what each seat sees."""
    dice = st.items(value)
    for piece in dice:
        if piece.__class__ is not Die:
            raise GameError(f"only dice are rolled, not {describe(piece)}", pos)
    if dice:
        st.roll_pool(list(dice))


def fill_box(st, sheet, box, value, pos) -> None:
    """Fill a box of a score sheet, and say so."""
    try:
        st.fill(sheet, box, value)
    except GameError as err:
        raise place(err, pos) from None
    if not st.quiet:
        st.say(f"scores {value} in {box} of {sheet!r}")


def shuffle(st, ref) -> None:
    """Shuffle a zone and say so."""
    st.shuffle(ref)
    if not st.quiet:
        st.say(f"shuffles {pretty(ref)}")


def rotate_zone(st, name: str, by, pos) -> None:
    """`rotate Z by N`: every player's zone Z passes N seats on at once."""
    st.rotate(name, number(by, "'rotate ... by'", pos))


def players_in(st, who, what: str) -> list:
    """The players a `win` or `lose` names: a player or a collection of players."""
    found = st.items(who)
    for item in found:
        if item.__class__ is not Player:
            raise GameError(f"'{what}' takes players, not {pretty(item)}")
    return found


def win(st, who) -> None:
    """The given players win; everyone else loses."""
    st.finish([p.seat for p in players_in(st, who, "win")])


def lose(st, who) -> None:
    """The given players (and their partners) lose; everyone else wins."""
    losers = {seat for p in players_in(st, who, "lose") for seat in st.team_seats(p.seat)}  # with their team
    st.finish([s for s in range(st.n) if s not in losers])



def listed(st, value) -> list:
    """A collection's items, copied before a loop runs over them (the loop may move them)."""
    return list(value if value.__class__ is list else st.items(value))


def loop_error(limit: int, pos) -> GameError:
    """The error for a `while` that ran too often."""
    return GameError(f"loop ran {limit} times without ending", pos)


def nest_error(limit: int, procedure: str, pos) -> GameError:
    """The error for straight procedures calling each other more than `limit` deep."""
    return GameError(f"effects nested more than {limit} deep (calling '{procedure}')", pos)


def listing(collection, pos):
    """A function listing a collection's items as a tuple (a copy: a zone's cards change in play)."""
    def listed(st, env):
        try:
            return tuple(st.items(collection(st, env)))
        except GameError as err:
            raise place(err, pos) from None
    return listed


# ---------------------------------------------------------------- what generated code sees
HELPERS = ("over_budget", "charge", "iterate", "enter", "index", "add", "multiply", "divide", "modulo",
           "card_fact", "card_var", "card_zone", "card_owner", "zone_var", "zone_index", "player_var", "player_zone",
           "attribute", "stored", "zone", "place", "evaluation_error", "combine", "number", "set_attribute",
           "set_player_value", "set_card_value", "reveal", "show_to", "roll_dice", "fill_box", "rotate_zone", "shuffle", "win", "lose", "pretty", "listed",
           "loop_error", "nest_error", "credit_of")


def helpers() -> dict:
    """The helpers above, by the names generated code calls them by."""
    found = globals()
    return {key: found[key] for key in HELPERS}
