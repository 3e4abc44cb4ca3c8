"""What each person at the table has seen so far, and after which decisions they saw something new:
undo never goes back past such a decision, so that nobody sees a draw, a roll or a bot's card,
takes it back and chooses again knowing it.

New is a card the seat had not seen before (drawn, turned up, played by another seat), a die's
face it had not seen, or anything chance decided (the game's generator drew numbers: a roll, a
random pick, a shuffle) — looked at each decision, for every seat a person plays.
"""
from __future__ import annotations

from rulelang.engine.values import Die


class Sightings:
    """For each person's seat, what it has seen and the positions at which it first saw something."""

    def __init__(self, seats):
        self.seen: dict[int, set] = {seat: set() for seat in seats}
        self.news: dict[int, list] = {seat: [] for seat in seats}  # positions, in order
        self.chance = None  # the game's generator when last looked at

    def look(self, st, position: int) -> None:
        """Note what each person's seat sees after `position` decisions."""
        drawn = self.chance is not None and st.rng.state != self.chance
        self.chance = st.rng.state
        for seat, seen in self.seen.items():
            new = {sighting(st, piece) for piece in st.game.cards if st.visible_to(piece, seat)} - seen
            if new or drawn:
                seen |= new
                self.news[seat].append(position)

    def new_since(self, seat: int, position: int) -> bool:
        """Whether the seat saw something new after `position` decisions."""
        news = self.news[seat]
        return bool(news) and news[-1] > position


def sighting(st, piece):
    """What seeing a piece tells: which card it is, or which die and the face it shows."""
    if piece.__class__ is Die:
        return piece.id, st.cvars.get(piece.id, {}).get("face")
    return piece.id
