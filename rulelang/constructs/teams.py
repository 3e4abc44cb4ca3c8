"""Partnerships: the `teams:` section (which seats play together, which values partners share)
and the functions that name a player's team and partner.

In a game with teams a player wins and loses with their team: `win p`, `lose p` and an end
rule's `winner` take in every partner, so results stay per seat and every member of a winning
team wins.
"""
from __future__ import annotations

import re

from ..engine.game import TeamSpec
from ..engine.values import Player, pretty
from ..errors import GameError
from .base import NAMES, NUMBER, SEQUENCE, Key
from .functions import Function
from .kinds import LIST, PLAYER
from .sections import Section, whole

SEAT = re.compile(r"^P([1-9][0-9]?)$")


class Teams(Section):
    """Which seats play together: `count` teams, partners across the table, or the `seats` of each team; `shared` values.

    With `count: 2` in a game of four, P1 and P3 play against P2 and P4 (seat `i` is in team
    `i mod count`). `shared` names player variables partners share: setting one for a player
    sets it for the whole team, so `me.points` is the team's points. A player wins and loses
    with their team (`win p`, `lose p`, an end rule's `winner`); `simulate` still reports
    each seat.
    """

    keyword = "teams"
    syntax = ("teams: {count: N, shared: [PLAYER_VAR, ...]}", "teams: {seats: [[P1, P3], [P2, P4]], shared: [...]}")
    example = "teams:\n  count: 2\n  shared: [points]\nplayer_vars:\n  points: 0"
    fields = {"count": Key(NUMBER, False, "How many teams; seats take turns joining them, so partners sit across "
                                          "the table."),
              "seats": Key(SEQUENCE, False, "The seats of each team, as lists: [[P1, P3], [P2, P4]]."),
              "shared": Key(NAMES, False, "Player variables partners share: setting one sets it for the team.")}

    def compile(self, compiler):
        section = compiler.section(self.keyword)
        if not section:
            return {"teams": None}
        count, seats = section.get("count"), self._seats(compiler, section)
        if (count is None) == (seats is None):
            compiler.error(compiler.doc.key_pos["teams"], "teams: give either `count` (teams by seat) or `seats` (the seats of each team)")
            return {"teams": None}
        if count is not None and not (whole(count) and 1 <= count <= 20):
            compiler.error(section.value_pos["count"], "teams: count must be a number from 1 to 20")
            return {"teams": None}
        declared = compiler.section("player_vars")
        shared = [str(name) for name in section.get("shared", ())]
        for name in shared:
            if name not in declared:
                compiler.error(section.value_pos["shared"], f"teams: '{name}' is not a player_vars name")
        return {"teams": TeamSpec(count, seats, frozenset(shared))}

    @staticmethod
    def _seats(compiler, section):
        """The seat indexes of each team under `seats`, or None (each seat in one team at most)."""
        if "seats" not in section:
            return None
        pos, teams, taken = section.value_pos["seats"], [], set()
        for team in section["seats"]:
            found = [SEAT.match(str(seat)) for seat in team] if isinstance(team, list) else [None]
            if not all(found):
                compiler.error(pos, "teams: seats lists the seats of each team, like [[P1, P3], [P2, P4]]")
                return None
            members = tuple(int(match.group(1)) - 1 for match in found)
            if taken & set(members) or len(set(members)) < len(members):
                compiler.error(pos, "teams: a seat plays in one team only")
                return None
            taken |= set(members)
            teams.append(members)
        if taken != set(range(compiler.seats[1])) or compiler.seats[0] != compiler.seats[1]:
            compiler.error(pos, "teams: seats must name every seat once, in a game of a fixed number of players")
            return None
        return tuple(teams)


class Team(Function):
    """The players of a player's team, in seat order (the player alone in a game without teams)."""

    keyword = "team"
    syntax = ("team(p)",)
    example = "sum(p in team(me) | count(p.hand))"
    usage = "one player"
    gives = LIST
    helper = "team"

    @staticmethod
    def meaning(st, player):
        """The players of the player's team."""
        return [st.seats[seat] for seat in st.team_seats(_seat(player, "team"))]


class Partner(Function):
    """A player's partner: the next player of their team clockwise, `none` for one who plays alone."""

    keyword = "partner"
    guessed = ('teammate',)
    syntax = ("partner(p)",)
    example = "partner(me).hand"
    usage = "one player"
    gives = PLAYER
    helper = "partner"

    @staticmethod
    def meaning(st, player):
        """The next player of the team clockwise, or none."""
        seat = _seat(player, "partner")
        seats = st.team_seats(seat)
        if len(seats) == 1:
            return None
        later = [other for other in seats if other > seat]
        return st.seats[later[0] if later else seats[0]]


def _seat(player, what: str) -> int:
    """The seat of a value that must be a player."""
    if player.__class__ is not Player:
        raise GameError(f"{what}() takes a player, not {pretty(player)}")
    return player.seat
