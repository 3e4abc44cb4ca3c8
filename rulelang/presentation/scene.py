"""A seat's view laid out for people, the same at the terminal and in the browser: who is asked to
decide, the players with their partners, hands in order (suits together, trump first), the
trick in play with who played each card and who led, the last trick and who took it, tricks
counted as tricks, the picks of a choice of several so far, and what a choice made at once means.

Everything here reads a seat's view (engine/views.py) and the rule file's names, nothing else,
so it can only show what the seat may see. The terminal draws it with rich (cli/screen.py), the
browser table from `scene` as JSON (rulelang/serve).
"""
from __future__ import annotations

import re

from ..engine.values import pretty
from .naming import ZONE_LABEL, Namer, spoken

SUIT_COLOURS = {"♥": "red", "♦": "red", "♣": "black", "♠": "black"}
FACE = re.compile(r"^(10|[2-9AJQK])([♣♦♥♠])$")


def header(game, view: dict) -> str:
    """The line above the table: the game, the turn, and who is asked to decide (you, or a
    player), with whose turn it is when someone else decides (a reaction, a card to each trick):
    `Euchre · turn 16 · P2's turn, you to decide`."""
    asked = view.get("asked")
    when = f"turn {view['turn']}" if view["turn"] else "setting up"
    if asked is None:
        return f"{game.name} · {when}"
    me = _name(view)
    who = "you" if asked["seat"] == me else asked["seat"]
    together = asked.get("at_once")
    if together is not None:  # (whose turn it is says nothing when all choose at once)
        everyone = "everyone chooses at once" if together["kind"] == "together" else "anyone may act, first come"
        return f"{game.name} · {when} · {everyone}, {who} to decide"
    if view["turn"] and asked["seat"] != view["current"]:
        current = "your" if view["current"] == me else f"{view['current']}'s"
        return f"{game.name} · {when} · {current} turn, {who} to decide"
    return f"{game.name} · {when} · {who} to play" if view["turn"] else f"{game.name} · {when} · {who} to decide"


def ordered(view: dict, label: str) -> list:
    """A zone's pieces in the order to show them: a hand of the seat's sorted (the view's `order`),
    any other zone as it lies."""
    pieces = view["zones"][label]
    order = view.get("order", {}).get(label)
    return [pieces[place] for place in order] if order else pieces


def option_order(view: dict, options) -> list:
    """The positions of a decision's options in the order to list them: cards of the seat's hands
    as the hands are shown (suits together), then the others as offered."""
    places = {}
    for label in view.get("order", {}):
        for place, piece in enumerate(ordered(view, label)):
            places.setdefault((piece["card"], piece.get("copy", 0)), (len(places), place))
    found = {}
    for index, option in enumerate(options):
        card = option.value
        key = (card.pretty(), getattr(card, "copy", 0)) if hasattr(card, "pretty") else None
        if key in places:
            found[index] = places[key]
    return sorted(found, key=found.__getitem__) + [i for i in range(len(options)) if i not in found]


def partners(view: dict, player: str) -> list:
    """The player's partners (the others of its team), in seat order."""
    for team in view.get("teams", ()):
        if player in team:
            return [other for other in team if other != player]
    return []


def plays(view: dict, label: str) -> list:
    """The cards of a trick in play as (who played it, the card's name or None when hidden), in
    the order played (the first led): for a zone that names who played its cards."""
    return [(piece.get("played_by"), piece["card"]) for piece in view["zones"][label]]


def is_trick(view: dict, label: str) -> bool:
    """Whether a zone holds cards played by the players (a `show_last` zone: a trick, a table)."""
    return any("played_by" in piece for piece in view["zones"][label]) or label in view.get("last", {})


def last_plays(view: dict, label: str) -> list:
    """The last cards a `show_last` zone held, as runs of (who took them: the owner of the zone they
    went to, or None; where they went; ((who played, card), ...))."""
    out = []
    for run in view.get("last", {}).get(label, ()):
        found = ZONE_LABEL.match(run["to"])
        taker = f"P{found.group(1)}" if found and found.group(1) else None
        out.append((taker, run["to"], tuple(zip(run.get("played_by", [None] * len(run["cards"])), run["cards"]))))
    return out


def taken(game, view: dict, label: str) -> int | None:
    """How many tricks a zone holds, counted as tricks (the times a trick was swept into it), in a
    game of tricks (`tricks:`); None otherwise, or when it holds none."""
    if game.tricks is None:
        return None
    return view.get("taken", {}).get(label)


def team_taken(game, view: dict, label: str) -> int | None:
    """How many tricks a player's zone and their partners' zones of the same name hold together, in
    a game of tricks with teams; None otherwise (a shared zone, a player who plays alone, no tricks)."""
    owner, name, index = ZONE_LABEL.match(label).groups()
    if game.tricks is None or owner is None:
        return None
    team = [f"P{owner}", *partners(view, f"P{owner}")]
    if len(team) == 1:
        return None
    where = name if index is None else f"{name}[{index}]"
    counts = view.get("taken", {})
    return sum(counts.get(f"{player}.{where}", 0) for player in team) or None


def tricks_text(game, view: dict, label: str) -> str:
    """The tricks a zone holds as players read them, `3 tricks`, with the team's when its owner has
    partners (`3 tricks, team 5`); empty for none."""
    tricks = taken(game, view, label)
    if not tricks:
        return ""
    team = team_taken(game, view, label)
    return f"{tricks} trick{'s' if tricks != 1 else ''}" + (f", team {team}" if team else "")


def selection(view: dict, also: tuple = ()) -> dict | None:
    """What a choice of several the seat is making has picked so far (with `also`, picks made
    since, not yet taken), and how many more picks it takes: `{"picked": [...], "fewest": 1,
    "more": 2}` (`more` None: no most); None when the seat is making no such choice."""
    asked = view.get("asked")
    if asked is None or "picked" not in asked:
        return None
    picked, fewest, most = [*asked["picked"], *also], asked["fewest"], asked["most"]
    return {"picked": picked, "fewest": max(fewest - len(picked), 0),
            "more": None if most is None else most - len(picked)}


def selection_text(view: dict, also: tuple = ()) -> str | None:
    """The picks so far in words: `picked 4♠, 7♠: pick 1 more` (None when nothing is being picked)."""
    found = selection(view, also)
    if found is None:
        return None
    picked = ", ".join(card or "a hidden card" for card in found["picked"]) or "nothing yet"
    need, more = found["fewest"], found["more"]
    if need:
        rest = f"pick {need} more" + ("" if more == need else f" (up to {more})" if more is not None else " or more")
    elif more == 0:
        rest = "done"
    else:
        rest = "done, or pick " + (f"up to {more} more" if more is not None else "more")
    return f"picked {picked}: {rest}"


def at_once_text(view: dict) -> str | None:
    """What a choice made at once means for the seat asked, in words: `everyone chooses at once:
    nobody sees your choice until all have chosen, then all are revealed; P1 has chosen, P3 still
    to choose`; None otherwise."""
    asked = view.get("asked")
    found = asked.get("at_once") if asked else None
    if found is None:
        return None
    verb = "answer" if found["kind"] == "first come" else "choose"
    answered = found["answered"]
    waiting = [name for name in found["players"] if name not in answered and name != asked["seat"]]
    parts = []
    if answered:
        parts.append(f"{', '.join(answered)} {'has' if len(answered) == 1 else 'have'} "
                     f"{'answered' if verb == 'answer' else 'chosen'}")
    if waiting:
        parts.append(f"{', '.join(waiting)} still to {verb}")
    if found["kind"] == "first come":
        text = "anyone may act, and the first to come does: nobody sees your answer until all have answered"
    else:
        text = "everyone chooses at once: nobody sees your choice until all have chosen, then all are revealed"
    if "yours" in found:
        parts.insert(0, f"yours: {found['yours']}")
    return "; ".join([text, ", ".join(parts)] if parts else [text])


def card_parts(face: str | None) -> dict:
    """A card's name as its parts for drawing: `{"face": "Q♠", "rank": "Q", "suit": "♠", "colour":
    "black"}`; other names (custom cards, dice) whole, with no suit."""
    if face is None:
        return {"face": None}
    found = FACE.match(face)
    if not found:
        return {"face": face, "rank": face, "suit": "", "colour": ""}
    return {"face": face, "rank": found.group(1), "suit": found.group(2), "colour": SUIT_COLOURS[found.group(2)]}


def scene(game, view: dict, namer: Namer, news: int | None = None) -> dict:
    """The whole table as plain data for the browser: the header, each player (the viewer last)
    with partners, values and zones, the shared zones, tricks in play and the last ones taken,
    the picks so far and the news (its last `news` lines, and how many came `earlier`); every
    text already in players' words."""
    me = _name(view)
    owners: dict = {}
    for label in view["zones"]:
        found = ZONE_LABEL.match(label)
        if not found or found.group(2).startswith("_"):
            continue  # the rule file's bookkeeping
        owner = f"P{found.group(1)}" if found.group(1) else None
        owners.setdefault(owner, []).append(label)
    players = []
    for seat, player in enumerate(view["players"]):
        name = player["name"]
        players.append({"name": name, "you": name == me, "partners": partners(view, name),
                        "facts": facts(((k, v) for k, v in player.items() if k != "name"), namer),
                        "sheets": _sheets(game, view, seat),
                        "zones": [_zone(game, view, namer, label) for label in owners.get(name, ())]})
    asked = view.get("asked")
    return {"game": game.name, "header": header(game, view), "you": me,
            "asked": asked["seat"] if asked else None,
            "players": players,
            "table": {"facts": facts(view["vars"].items(), namer),
                      "zones": [_zone(game, view, namer, label) for label in owners.get(None, ())]},
            "at_once": asked.get("at_once") if asked else None,
            "at_once_text": at_once_text(view),
            "earlier": max(len(view["log"]) - news, 0) if news is not None else 0,
            "log": [line for line in (namer.text(text) for text in view["log"][-news if news else 0:])
                    if line is not None]}


def _zone(game, view: dict, namer: Namer, label: str) -> dict:
    """One zone for the browser: its name, its cards in order (who played each, in a trick), its
    count, tricks taken, `display` summary and last cards."""
    owner, name, index = ZONE_LABEL.match(label).groups()
    pieces = ordered(view, label)
    summary = view["summaries"].get(label)
    return {"label": label, "name": namer.zone(name, None, int(index) if index else None),
            "count": len(pieces), "tricks": tricks_text(game, view, label),
            "trick": is_trick(view, label),
            "spread": game.zones[name].spread,
            "cards": [_card(piece, namer) for piece in pieces],
            "summary": namer.text(summary) if summary else None,
            "last": [{"taker": taker, "to": namer.label(to),
                      "plays": [{"by": by, **card_parts(card)} for by, card in cards]}
                     for taker, to, cards in last_plays(view, label)]}


def _card(piece: dict, namer: Namer) -> dict:
    """One piece for the browser: its name's parts (none when hidden), face down, who played it,
    its stored values, and what lies under it."""
    out = card_parts(piece["card"])
    if piece["card"] is None:
        return out
    out.update(down=bool(piece.get("face_down")), by=piece.get("played_by"),
               facts=facts(((k, v) for k, v in piece.items()
                             if k not in ("card", "under", "copy", "face_down", "played_by")), namer),
               under=[_card(p, namer) for p in piece.get("under", ())])
    return out


def _sheets(game, view: dict, seat: int) -> list:
    """A player's score sheets: each as its label and its boxes (None while open)."""
    out = []
    for label, boxes in view.get("sheets", {}).items():
        found = ZONE_LABEL.match(label)
        if found and int(found.group(1)) - 1 == seat:
            out.append({"name": game.sheets[found.group(2)].label,
                        "boxes": [[spoken(box), value] for box, value in boxes.items()]})
    return out


def facts(pairs, namer: Namer) -> list:
    """Values worth showing, as `label value`: none and false left out, true the label alone,
    and the rule file's bookkeeping (`_` names) never."""
    out = []
    for name, value in pairs:
        if name.startswith("_") or value is None or value is False:
            continue
        label = namer.variable(name)
        out.append(label if value is True else f"{label} {value_text(value)}")
    return out


def value_text(value) -> str:
    """A variable's value as players read it."""
    return spoken(value) if isinstance(value, str) else pretty(value)


def _name(view: dict) -> str | None:
    """The viewing seat's name (None for a spectator)."""
    seat = view["seat"]
    return None if seat is None else view["players"][seat]["name"]
