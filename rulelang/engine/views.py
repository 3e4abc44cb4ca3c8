"""What one seat may see: zones with visible cards named and hidden ones only counted."""
from __future__ import annotations

from .values import Player, RowRef, ZoneRef, is_card, pretty


def seat_view(st, seat: int) -> dict:
    """A plain-data view of the game for one seat; it never names a card the seat cannot see.

    A zone's `display` summary is shown only for a non-empty zone whose every card the seat sees.
    A variable holding a card the seat cannot see reads `none`. A zone that shows its last cards
    (`show_last`) has them under `last`, as the seat saw them there, with where they went.
    """
    zones, summaries = {}, {}
    for zone in _zones_in_order(st):
        cards = st.zones[zone]
        label = st.zone_label(zone)
        zones[label] = [_piece(st, card, seat) for card in cards]
        render = st.game.display.get(zone.name)
        if render is not None and cards and all(st.visible_to(card, seat) for card in cards):
            summaries[label] = render(st, {"it": zone, "me": Player(seat)})
    return {
        "seat": seat,
        "turn": st.turn_number,
        "current": Player(st.current).name,
        "vars": _values(st, st.vars, seat),
        "players": [{"name": Player(s).name, **_values(st, st.pvars[s], seat)} for s in range(st.n)],
        "zones": zones,
        "zone_vars": {st.zone_label(zone): _values(st, stored, seat) for zone, stored in st.zvars.items() if stored},
        "sheets": {repr(sheet): sheet_lines(st, sheet) for sheet in st.sheets},
        "summaries": summaries,
        "last": _last_shown(st, seat),
        "log": seat_log(st.log, seat),
    }


def seat_log(lines, seat: int) -> list:
    """The texts of log lines (all of a log, or a stretch of it) that a seat reads."""
    return [text for audience, text in lines if audience is None or audience == seat]


def sheet_lines(st, sheet) -> dict:
    """A score sheet as everyone sees it: each box (none while open), tally, subtotal and bonus, and the total."""
    spec = st.game.sheets[sheet.name]
    boxes = dict(st.sheets[sheet])
    subtotals = {name: st.sheet_total(sheet, members) for name, members in spec.subtotals.items()}
    bonuses = st.sheet_bonuses(sheet)
    return {**boxes, **subtotals, **bonuses, "total": st.sheet_total(sheet) + sum(bonuses.values())}


def _last_shown(st, seat: int) -> dict:
    """The cards that each `show_last` zone held when it was last emptied, as runs that went to one place:
    `[{"cards": ["2♣", None], "to": "P3.taken"}]` (None: a card the seat did not see there)."""
    out = {}
    for zone, left in st.last_shown.items():
        if zone not in st.zones:  # (a pile of a row that is gone)
            continue
        runs: list = []
        for card, target, seers in left:
            if target.__class__ is not ZoneRef:
                to = f"under {pretty(target)}"
            else:
                to = st.zone_label(target) if target in st.zones else pretty(target)  # (a pile of a row may be gone)
            if not runs or runs[-1]["to"] != to:
                runs.append({"cards": [], "to": to})
            runs[-1]["cards"].append(pretty(card) if seat in seers else None)
        out[st.zone_label(zone)] = runs
    return out


def _zones_in_order(st) -> list:
    """Zones as declared; the piles of a row in row order, where the row is declared."""
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
