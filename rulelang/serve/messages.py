"""What the server sends a browser: the table as its seat sees it (the presentation layer's scene
of the seat's view), the question when the seat is asked, and how the game ended.

A message is built from the seat's view alone (engine/views.py), so it names no card the seat may
not see; a spectator gets what every seat sees. No card id, no seed and no other seat's options
ever go out. Every text is plain text for the page to show as text; a message is bounded in size
(the newest log lines first to go).
"""
from __future__ import annotations

import json

from ..engine.session import outcome
from ..engine.views import seat_view
from ..presentation.naming import Namer
from ..presentation.scene import card_parts, option_order, scene, selection, selection_text

MAX_LOG = 80  # log lines a message carries (the newest), besides how many came before
MAX_TEXT = 2_000  # characters of any one text
MAX_MESSAGE = 512_000  # bytes of one message: past it the log is cut further


def state_message(table, seat: int | None) -> dict:
    """The table as `seat` (None: a spectator) sees it now."""
    message = {"type": "state", "table": table.id, "game": table.game.name, "version": table.version,
               "seat": None if seat is None else f"P{seat + 1}",
               "seats": [("person" if spec.is_human else spec.text or spec.name) for spec in table.specs],
               "thinking": None if table.thinking is None else f"P{table.thinking + 1}",
               "fault": _text(table.fault) if table.fault else None, "pasted": table.pasted}
    st = table.st
    if st is None:
        return message
    view = seat_view(st, seat)
    namer = table.namers[seat]
    shown = scene(table.game, view, namer, MAX_LOG)
    shown["log"] = [_text(line) for line in shown["log"]]
    message["scene"] = shown
    message["question"] = question(table, seat, view, namer)
    message["over"] = table.over
    if st.result is not None:
        ended = outcome(st)
        message["outcome"] = {"ended_by": ended["ended_by"],
                              "seats": [{"seat": name, "result": result, "score": str(score)}
                                        for name, result, score in ended["seats"]],
                              "figures": [[namer.variable(name), figure] for name, figure in ended["figures"]]}
    return bounded(message)


def question(table, seat: int | None, view: dict, namer: Namer) -> dict | None:
    """What the seat is asked, when it is a person's decision: the prompt and the options (cards
    as their name's parts, with their copy, so the page can offer the cards of the hand), and,
    for a choice of several, the picks so far (not yet taken) and whether it may be confirmed."""
    st = table.st
    if seat is None or table.over or st.pending.seat != seat or seat not in table.people:
        return None
    decision = st.pending
    out = {"prompt": _text(namer.text(decision.prompt) or ""), "many": False}
    options = decision.options
    picking = table.picking(seat)
    if picking is not None:
        options = picking.options
        also = tuple(_said(option) for option in picking.taken)
        found = selection(view, also)
        out.update(many=True, picked=found["picked"], need=found["fewest"], more=found["more"],
                   picks=selection_text(view, also), may_confirm=picking.may_confirm)
    out["options"] = [_option(options[i], i, namer) for i in option_order(view, options)
                      if picking is None or i != picking.done_index]
    return out


def _option(option, index: int, namer: Namer) -> dict:
    """One option: its index (what the browser sends back), its text, and the card it offers."""
    out = {"index": index, "text": _text(namer.text(option.text) or option.label), "alike": option.alike}
    value = option.value
    if hasattr(value, "pretty"):
        out["card"] = {**card_parts(value.pretty()), "copy": getattr(value, "copy", 0)}
    return out


def _said(option) -> str:
    """A picked option as the picks list it."""
    value = option.value
    return value.pretty() if hasattr(value, "pretty") else option.text


def _text(text: str) -> str:
    """A text cut to MAX_TEXT characters."""
    text = str(text)
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT - 1] + "…"


def bounded(message: dict) -> dict:
    """The message within MAX_MESSAGE bytes: the log cut from its oldest lines while it is longer."""
    scene_part = message.get("scene")
    while scene_part and scene_part["log"] and len(json.dumps(message, ensure_ascii=False).encode()) > MAX_MESSAGE:
        cut = max(len(scene_part["log"]) // 2, 1)
        scene_part["earlier"] += cut
        scene_part["log"] = scene_part["log"][cut:]
    return message
