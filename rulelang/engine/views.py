"""What one seat may see: zones with visible cards named and hidden ones only counted."""
from __future__ import annotations

from ..errors import GameError
from .choices import Choose
from .values import Card, Player, RowRef, ZoneRef, is_card, pretty

SUIT_ORDER = ("spades", "hearts", "clubs", "diamonds")  # a hand's suits, colours alternating (after trump)


def seat_view(st, seat: int | None) -> dict:
    """A plain-data view of the game for one seat; it never names a card the seat cannot see.
    With seat None, a spectator's: what every seat sees, the log's lines for all.

    A zone's `display` summary is shown only for a non-empty zone whose every card the seat sees.
    A variable holding a card the seat cannot see reads `none`. A zone that shows its last cards
    (`show_last`) names who played each card in it (`played_by`), and has its last cards under
    `last`, as the seat saw them there, with who played them and where they went; `taken` counts,
    for each zone that holds some, the times such a zone was emptied into it (tricks taken).
    `asked` names the seat whose decision is pending (and, for that seat, the picks of a choice
    of several so far; of a choice made at once, `at_once`: who is asked, who has answered, and
    the seat's own answer, never another's); `order` gives, for each of the seat's hands and each
    hand it sees whole (a dummy laid face up), the order to show it in (suits together, trump
    first, by rank; positions in the zone, hidden cards last).
    """
    zones, summaries, order, taken = {}, {}, {}, {}
    game = st.game
    looker, seat = (st.n, None) if seat is None else (seat, seat)  # (a spectator: a seat beyond all others)
    unseen = not st.shown and not st.known  # (nothing revealed or shown: a hidden zone's cards are all unseen)
    for zone in _zones_in_order(st):
        cards = st.zones[zone]
        label = st.zone_label(zone)
        if unseen and game.zones[zone.name].visibility == "hidden":
            zones[label] = pieces = [{"card": None} for _ in cards]
        else:
            zones[label] = pieces = [_piece(st, card, looker) for card in cards]
        if zone.name in st.show_last:
            _played_by(st, cards, pieces)
        if game.zones[zone.name].visibility == "owner" and len(cards) > 1 and zone.seat is not None \
                and (zone.seat == seat or all(st.visible_to(card, looker) for card in cards)):  # (a hand shown: a dummy)
            order[label] = hand_order(st, cards, looker)
        if st.swept:
            found = len({st.swept[card.id] for card in cards if card.id in st.swept})
            if found:
                taken[label] = found
        render = game.display.get(zone.name)
        if render is not None and cards and all(st.visible_to(card, looker) for card in cards):
            summary = _summary(render, st, zone, seat)
            if summary is not None:
                summaries[label] = summary
    return {
        "seat": seat,
        "turn": st.turn_number,
        "current": Player(st.current).name,
        "vars": _values(st, st.vars, looker),
        "players": [{"name": Player(s).name, **_values(st, st.pvars[s], looker)} for s in range(st.n)],
        "zones": zones,
        "zone_vars": {st.zone_label(zone): _values(st, stored, looker) for zone, stored in st.zvars.items() if stored},
        "sheets": {repr(sheet): sheet_lines(st, sheet) for sheet in st.sheets},
        "summaries": summaries,
        "last": _last_shown(st, looker),
        "taken": taken,
        "order": order,
        "asked": _asked(st, seat),
        "teams": _teams(st),
        "log": seat_log(st.log, seat),
    }


def seat_log(lines, seat: int | None) -> list:
    """The texts of log lines (all of a log, or a stretch of it) that a seat reads (None: a
    spectator, who reads the lines for all)."""
    return [text for audience, text in lines if audience is None or audience == seat]


def _summary(render, st, zone, seat: int | None):
    """A zone's `display` summary for a seat; for a spectator, with no `me`, and none when it
    needs one."""
    if seat is not None:
        return render(st, {"it": zone, "me": Player(seat)})
    try:
        return render(st, {"it": zone})
    except GameError:
        return None


def _played_by(st, cards: list, pieces: list) -> None:
    """Name who played each card of a `show_last` zone (known to all who see the zone)."""
    played = st.played
    for card, piece in zip(cards, pieces):
        by = played.get(card.id)
        if by is not None:
            piece["played_by"] = Player(by).name


def _asked(st, seat: int) -> dict | None:
    """Whose decision is pending; for that seat, what a choice of several has picked so far and
    how many picks it takes (`fewest`, `most`: None for no most)."""
    decision = st.pending
    if decision is None:
        return None
    out = {"seat": Player(decision.seat).name}
    together = _at_once(st, seat)
    if together is not None:
        out["at_once"] = together
    node = decision.node
    if decision.seat == seat and node.__class__ is Choose and node.many:
        env = st.frames[decision.frame_index].env
        fewest, most = node.bounds(st, env)
        picked = [seen(st, item, seat) for item in env.get(node.var, ())]
        out.update(picked=[None if item is None else pretty(item) for item in picked], fewest=fewest, most=most)
    return out


def _at_once(st, seat: int | None) -> dict | None:
    """Of a choice made at once being asked (`choose together`, `first come`): its kind, the players
    asked, those who have answered, and the seat's own answer when it gave one (`yours`): never
    another's (the knowledge room's `sees_answer`)."""
    for frame in reversed(st.frames):
        node = frame.block[frame.pc] if frame.pc < len(frame.block) else None
        if not getattr(node, "sealed", False):
            continue
        seats, answers = node.answers(frame.env)
        if not seats:
            return None
        out = {"kind": node.kind, "players": [Player(s).name for s in seats],
               "answered": [Player(s).name for s, _ in answers]}
        for chooser, answer in answers:
            if st.sees_answer(chooser, seat):
                out["yours"] = node.answer_text(answer)
        return out
    return None


def _teams(st) -> list:
    """The players of each team of several (partners), when the game has teams."""
    if st.game.teams is None:
        return []
    teams: dict = {}
    for seat, team in enumerate(st.team_of):
        teams.setdefault(team, []).append(Player(seat).name)
    return [names for names in teams.values() if len(names) > 1]


def hand_order(st, cards: list, seat: int) -> list:
    """The positions of a hand's cards in the order to show them: the cards the seat sees with
    a suit, the trump suit first (the suit a card counts as in tricks, `tricks:`), then spades,
    hearts, clubs, diamonds (other suits, as of a regional pack, by name), each suit by rank (as
    tricks rank them); then the others as they lie."""
    tricks = st.game.tricks
    me = Player(seat)
    trump = None
    try:
        if tricks is not None:
            trump = tricks.trump(st, {"me": me})
        keys = {}
        for place, card in enumerate(cards):
            if card.__class__ is Card and "suit" in card.attributes and st.visible_to(card, seat):
                suit = st.attribute(card, tricks.suit, me) if tricks is not None else card.attributes["suit"]
                rank = st.attribute(card, tricks.rank, me) if tricks is not None else card.attributes.get("rank")
                group = (0,) if suit == trump and trump is not None else (1, _suit_place(suit), str(suit))
                keys[place] = (group, rank if isinstance(rank, int) else 0)
    except GameError:  # a card value that cannot be worked out now: the hand as it lies
        return list(range(len(cards)))
    return sorted(keys, key=keys.__getitem__) + [place for place in range(len(cards)) if place not in keys]


def _suit_place(suit) -> int:
    return SUIT_ORDER.index(suit) if suit in SUIT_ORDER else len(SUIT_ORDER)


def sheet_lines(st, sheet) -> dict:
    """A score sheet as everyone sees it: each box (none while open), tally, subtotal and bonus, and the total."""
    spec = st.game.sheets[sheet.name]
    boxes = dict(st.sheets[sheet])
    subtotals = {name: st.sheet_total(sheet, members) for name, members in spec.subtotals.items()}
    bonuses = st.sheet_bonuses(sheet)
    return {**boxes, **subtotals, **bonuses, "total": st.sheet_total(sheet) + sum(bonuses.values())}


def _last_shown(st, seat: int) -> dict:
    """The cards that each `show_last` zone held when it was last emptied, as runs that went to one place:
    `[{"cards": ["2♣", None], "to": "P3.taken", "played_by": ["P1", "P2"]}]` (None: a card the seat
    did not see there; a card played by no player)."""
    out = {}
    for zone, left in st.last_shown.items():
        if zone not in st.zones:  # (a pile of a row that is gone)
            continue
        runs: list = []
        for card, target, seers, by in left:
            if target.__class__ is not ZoneRef:
                to = f"under {pretty(target)}"
            else:
                to = st.zone_label(target) if target in st.zones else pretty(target)  # (a pile of a row may be gone)
            if not runs or runs[-1]["to"] != to:
                runs.append({"cards": [], "to": to, "played_by": []})
            runs[-1]["cards"].append(pretty(card) if seat in seers else None)
            runs[-1]["played_by"].append(None if by is None else Player(by).name)
        out[st.zone_label(zone)] = runs
    return out


def _zones_in_order(st) -> list:
    """Zones as declared; the piles of a row in row order, where the row is declared (without rows,
    the same for every game of this many players: found once)."""
    if not st.rows:
        kept = st.game.caches.zone_orders
        order = kept.get(st.n)
        if order is None:
            order = kept[st.n] = _found_in_order(st)
        return order
    return _found_in_order(st)


def _found_in_order(st) -> list:
    order = []
    for name, spec in st.game.zones.items():
        for seat in (range(st.n) if spec.per_player else (None,)):
            if spec.row:
                order += st.items(RowRef(name, seat))
            else:
                order += [z for z in st.zones if z.name == name and z.seat == seat]
    return order


def seen(st, value, seat: int):
    """A value as a seat sees it: a card it cannot see (also inside a list) becomes none."""
    if is_card(value):
        return value if st.visible_to(value, seat) else None
    if value.__class__ is list or value.__class__ is tuple:  # not players and zones, which are tuples too
        return [seen(st, item, seat) for item in value]
    return value


def _values(st, values: dict, seat: int) -> dict:
    return {name: seen(st, value, seat) for name, value in values.items()}


def _piece(st, piece, seat: int) -> dict:
    if not st.visible_to(piece, seat):
        return {"card": None}
    out = {"card": pretty(piece)}
    if getattr(piece, "copy", 0):
        out["copy"] = piece.copy  # which of the cards alike it is (they read the same)
    if piece.id in st.down:
        out["face_down"] = True
    stored = st.cvars.get(piece.id)
    if stored:
        out.update(_values(st, stored, seat))
    under = st.under_of.get(piece.id)
    if under:
        out["under"] = [_piece(st, p, seat) for p in under]
    return out
