"""No message of the browser table tells a seat (or a spectator) what it may not see: over random
games of the games with the most hidden cards, every message the server would send, to every
seat and to spectators after every decision, is checked against that seat's view."""
import json
import re

import pytest

pytest.importorskip("starlette")

from rulelang.api import load_game  # noqa: E402
from rulelang.engine.rng import Rng  # noqa: E402
from rulelang.engine.views import seat_view  # noqa: E402
from rulelang.presentation.naming import Namer  # noqa: E402
from rulelang.serve.messages import MAX_LOG  # noqa: E402
from rulelang.serve.store import SqliteStore, StoredTable  # noqa: E402
from rulelang.serve.tables import LiveTable  # noqa: E402

GAMES = ["hearts", "euchre", "texas_holdem", "gin_rummy", "cribbage", "liars_dice"]
MOST = 300  # decisions of a game checked (random Gin Rummy can go on for thousands)
QUICK = 60  # ... in the quick run (`-m "not slow"`)


def table_of(name: str, seed: int) -> LiveTable:
    """A table of people only (each seat gets its questions), on a store in memory."""
    game = load_game(name)
    players = min(max(game.min_players, 3), game.max_players)
    stored = StoredTable(f"t{seed}", name, None, seed, ("human",) * players, 0.0, False)
    store = SqliteStore(":memory:")
    store.create(stored, {seat: f"token-{seat}" for seat in range(players)})
    return LiveTable(stored, game, name, store, 0)


def names_pattern(faces) -> re.Pattern:
    """The cards' names as words of a text, found at every place (`D1` is not part of `D10`, nor
    `0♠` of `10♠`; the longest name first where two start alike)."""
    words = "|".join(map(re.escape, sorted(set(faces), key=len, reverse=True)))
    return re.compile(rf"(?=(?<![0-9A-Za-z])({words})(?![0-9A-Za-z]))")


def check(table: LiveTable, seat: int | None, pattern: re.Pattern) -> None:
    """The message for `seat` names only what its view names, zone by zone, and no card hidden from
    the seat that its view never names; its options offer only cards the seat sees."""
    st = table.st
    message = table.message(seat)
    view = seat_view(st, seat)
    text, seen_text = json.dumps(message, ensure_ascii=False), json.dumps(view, ensure_ascii=False)
    looker = st.n if seat is None else seat
    named, seen = set(pattern.findall(text)), set(pattern.findall(seen_text))
    for card in st.game.cards:
        if card.id in st.loc and not st.visible_to(card, looker) and card.pretty() not in seen:
            assert card.pretty() not in named, f"{card.pretty()} hidden from {seat} is in its message"
    scene = message["scene"]
    zones = [zone for player in scene["players"] for zone in player["zones"]] + scene["table"]["zones"]
    for zone in zones:
        assert sorted(c["face"] or "" for c in zone["cards"]) == \
            sorted(p["card"] or "" for p in view["zones"][zone["label"]])
    namer = Namer(st.game, seat)
    assert scene["log"] == [line for line in map(namer.text, view["log"][-MAX_LOG:]) if line is not None]
    assert "seed" not in text and '"id"' not in text
    question = message["question"]
    if question is not None:
        offered = table.picking(seat).options if question["many"] else st.pending.options
        for option in question["options"]:
            value = offered[option["index"]].value
            assert not hasattr(value, "pretty") or st.visible_to(value, seat)


def play_and_check(name: str, seed: int, most: int = MOST) -> int:
    """A random game of people at a table, every message checked (up to `most` decisions); the
    messages checked."""
    table = table_of(name, seed)
    pattern = names_pattern(card.pretty() for card in table.game.cards)
    rng, checked = Rng(seed), 0
    while not table.over and table.version < most:
        for seat in [*range(table.st.n), None]:
            check(table, seat, pattern)
            checked += 1
        seat = table.st.pending.seat
        picking = table.picking(seat)
        if picking is None:
            table.act(seat, {"type": "act", "version": table.version, "option": rng.below(len(table.st.pending.options))})
        elif picking.may_confirm and (picking.done or rng.below(2)):
            table.act(seat, {"type": "confirm", "version": table.version})
        else:
            choices = [i for i in range(len(picking.options)) if i != picking.done_index]
            table.act(seat, {"type": "pick", "version": table.version, "option": choices[rng.below(len(choices))]})
    assert table.fault is None
    return checked


@pytest.mark.parametrize("name", GAMES)
def test_no_message_tells_a_seat_what_it_may_not_see(name):
    assert play_and_check(name, 0, QUICK) > 50


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_no_message_tells_a_seat_what_it_may_not_see_over_many_games(name):
    assert sum(play_and_check(name, seed) for seed in range(1, 13)) > 300
