"""How big a rule file's environment would be, counted before any of it is built, and its bound.

An observation holds a figure for each card in each place, each value stored on each card,
and so on (see layout.py): a short rule file with a large deck and many places (a row has a
place per card, for every seat) could ask for gigabytes. So an environment counts its figures
first — the observation vector's and the action catalogue's places — and refuses a file that
would need more than `max_observation` of them, pointing at the part of the file that makes
the biggest block big (a zone, the deck, a table of variables).
"""
from __future__ import annotations

import attrs

from ..errors import UNKNOWN, Position, RuleError
from .offers import choice_points, uses_markers

MAX_OBSERVATION = 1_000_000  # figures of one observation vector (4 MB as float32), and of the action catalogue


@attrs.frozen
class Factor:
    """What one side of a block counts (`cards`, `places` ...), how many, and where the file makes them."""

    what: str
    count: int
    position: Position


@attrs.frozen
class Block:
    """A block of the observation: its name and the factors whose product is its size."""

    name: str
    factors: tuple

    @property
    def size(self) -> int:
        """How many figures the block holds."""
        size = 1
        for factor in self.factors:
            size *= factor.count
        return size

    def biggest(self) -> Factor:
        """The factor that makes the block big."""
        return max(self.factors, key=lambda factor: factor.count)


def blocks(game, doc, players: int) -> list:
    """The blocks of the observation of `game` for `players` seats, in layout.py's order, counted."""
    at = doc.value_pos.get

    def section(key: str, names) -> Factor:
        return Factor(f"{key} ({', '.join(list(names)[:3])}{', ...' if len(names) > 3 else ''})",
                      sum(1 for name in names if not name.startswith("_")), at(key, doc.pos))

    seats = Factor("seats", players, at("players", doc.pos))
    cards = Factor("cards", len(game.cards), at("deck", doc.pos))
    places = zone_places(game, players)
    card_vars = section("card_vars", game.card_vars)
    decisions = Factor("choices", len(choice_points(doc)) + 1, doc.pos)
    found = [Block("seat", (seats,)), Block("current", (seats,)), Block("decision", (decisions,)),
             Block("count", (places,)), Block("at", (cards, places)), Block("face_down", (cards,)),
             Block("attached", (cards,)), Block("top", (cards,)), Block("card_vars", (cards, card_vars))]
    if uses_markers(doc):
        found += [Block("markers", (cards,)), Block("marker_vars", (cards, card_vars))]
    found += [Block("vars", (section("vars", game.game_vars),)),
              Block("player_vars", (seats, section("player_vars", game.player_vars))),
              Block("zone_vars", (places, section("zone_vars", game.zone_vars)))]
    if game.sheets:
        boxes = [box for spec in game.sheets.values() for box in spec.boxes + spec.tallies]
        found.append(Block("sheets", (seats, Factor(f"boxes of sheets ({', '.join(game.sheets)})", len(boxes),
                                                     at("sheets", doc.pos)))))
    return found


def zone_places(game, seats: int) -> Factor:
    """The places cards can lie in with `seats` seats (see catalogue.place_labels), with the zone
    that makes the most of them."""
    counts = {}
    for name, spec in game.zones.items():
        each = len(game.cards) if spec.row else spec.count if spec.count is not None else 1
        counts[name] = each * (seats if spec.per_player else 1)
    if not counts:  # a game of dice rolled in expressions alone: nothing lies anywhere
        return Factor("places (no zones)", 0, UNKNOWN)
    most = max(counts, key=counts.get)
    return Factor(f"places (zone '{most}' makes {counts[most]:,})", sum(counts.values()), game.zones[most].pos)


def check_size(game, doc, players: int, limit: int = MAX_OBSERVATION) -> None:
    """Refuse (RuleError at the part of the file to blame) an environment whose observation, or
    whose action catalogue's places, would hold more than `limit` figures."""
    found = blocks(game, doc, players)
    total = 1 + sum(block.size for block in found)  # 1: the turn number
    if total > limit:
        block = max(found, key=lambda block: block.size)
        sides = " × ".join(f"{factor.count:,} {factor.what}" for factor in block.factors)
        raise RuleError.at(block.biggest().position,
                           f"an observation of this game would hold {total:,} figures, more than the "
                           f"{limit:,} an environment allows (max_observation=): its biggest block, "
                           f"'{block.name}', holds {block.size:,} ({sides})")
    places = zone_places(game, game.max_players)
    if places.count > limit:
        raise RuleError.at(places.position, f"the actions of this game would name {places.count:,} "
                                            f"{places.what}, more than the {limit:,} an environment allows "
                                            f"(max_observation=)")
