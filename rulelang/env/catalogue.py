"""The fixed action catalogue of a rule file: one action id per label an option can carry.

An option's label is stable: a move's name, a card's name (copies of a card: their face, or a copy's
own name where they are told apart), a die's face (or its name where dice are told apart), a player (`P1`), a zone (`discard`, `P1.piles[0]`, `row[2]`),
`done`, `pass`, `none`, or a value written in a choice (`hearts`, `2`).
The catalogue lists every label the rule file can offer, so an atomic choice maps to the
action whose label is the option's: the same action means the same thing in every decision.
Markers, which have no name (their labels tell their values), are offered by their order in
the decision (`#marker1` is the first marker offered). An option outside the catalogue, or two options of one decision on one
action, raise ActionError: an action never silently means something else.
"""
from __future__ import annotations

import attrs

from ..engine.values import Die, Marker, Player, RowRef, ZoneRef
from ..errors import GameError
from .offers import choice_points, offered_literals, offers_pass, uses_markers

MARKER_SLOTS = 16  # markers one decision may offer


class ActionError(GameError):
    """An option that has no action of its own, or an action that is not legal now."""


@attrs.frozen
class ActionCatalogue:
    """Every label a rule file's decisions can offer, each with its action id (its place here)."""

    labels: tuple  # action id -> label
    index: dict = attrs.field(eq=False)  # label -> action id
    markers: tuple  # action ids of the marker slots, in order
    texts: tuple  # the texts the file's choices offer
    decisions: tuple  # (position, what it chooses) of every choice the file writes

    @classmethod
    def build(cls, game, doc) -> "ActionCatalogue":
        """The catalogue of a compiled game and the document it was compiled from."""
        labels = list(game.moves)
        if game.reactions or offers_pass(doc):
            labels.append("pass")
        labels.append("done")
        labels += [label for card in game.cards for label in (card.printed, card.name)]  # copies: what is printed, each copy
        labels += [str(face) for die in game.cards if die.__class__ is Die  # dice alike: the face they show
                   for face in range(die.low, die.low + die.attributes["sides"])]
        labels += [Player(seat).name for seat in range(game.max_players)]
        labels += place_labels(game, game.max_players)
        labels += [box for sheet in game.sheets.values() for box in sheet.boxes]  # `open_boxes(...)` offers them
        literals = offered_literals(doc, game.names.attribute_names)
        labels += [value_label(value) for value in literals]
        marker_slots = [f"#marker{n}" for n in range(1, MARKER_SLOTS + 1)] if uses_markers(doc) else []
        unique = tuple(dict.fromkeys(labels + marker_slots))
        index = {label: action for action, label in enumerate(unique)}
        return cls(unique, index, tuple(index[label] for label in marker_slots),
                   tuple(value for value in literals if isinstance(value, str)), tuple(choice_points(doc)))

    def __len__(self) -> int:
        return len(self.labels)

    def actions(self, decision) -> tuple:
        """The action of each option of a decision, in the options' order."""
        index = self.index
        out = []
        markers = 0
        for option in decision.options:
            if option.value.__class__ is Marker:  # its label tells its values, not which marker it is
                if markers >= len(self.markers):
                    raise self._unknown(decision, option)
                action = self.markers[markers]
                markers += 1
            else:
                action = index.get(option.label)
                if action is None:
                    raise self._unknown(decision, option)
            out.append(action)
        if len(set(out)) < len(out):
            raise self._clash(decision, out)
        return tuple(out)

    def _unknown(self, decision, option) -> ActionError:
        if option.value.__class__ is Marker:
            reason = f"it offers more than {MARKER_SLOTS} markers at once"
        else:
            reason = ("the actions are the file's moves, cards, dice, players, zones and score boxes, 'done', 'pass', "
                      "and the values written in its choices' from: expressions (see docs/ai.md)")
        return ActionError(f"'{decision.prompt}' offers '{option.label}', which is not one of this rule "
                           f"file's actions: {reason}", getattr(decision.node, "pos", None))

    def _clash(self, decision, actions: list) -> ActionError:
        repeated = sorted({self.labels[a] for a in actions if actions.count(a) > 1})
        return ActionError(f"'{decision.prompt}' offers '{repeated[0]}' twice: two options would be one "
                           f"action", getattr(decision.node, "pos", None))


def place_labels(game, seats: int) -> list:
    """The label of every place a card can lie in, as options and views name them.

    Zones in declaration order, one per seat for a zone of each player; the piles of a row by
    place, as many places as the deck has cards.
    """
    out = []
    for name, spec in game.zones.items():
        for seat in (range(seats) if spec.per_player else (None,)):
            if spec.row:
                out += [f"{RowRef(name, seat)!r}[{place}]" for place in range(len(game.cards))]
            elif spec.count is not None:
                out += [repr(ZoneRef(name, seat, index)) for index in range(spec.count)]
            else:
                out.append(repr(ZoneRef(name, seat)))
    return out


def value_label(value) -> str:
    """An offered value's label, as options carry it."""
    return "none" if value is None else str(value)
