"""Choices made at once: `choose together` seals each pick until all are made and reveals them
together, `rotate` passes every hand at once, `first come` lets any player act and decides who
comes first fairly (ties go round the table) and deterministically; views, logs and search
samples show a seat no answer but its own."""
import re

import pytest

from rulelang.agents.determinization import Redeal
from rulelang.engine.rng import Rng
from rulelang.engine.runtime import apply_label, new_game
from rulelang.engine.values import ZoneRef
from rulelang.engine.views import seat_view
from rulelang.errors import RuleError

BASE = """
name: Together
players: [2, 4]
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
  hand: {per_player: true, visibility: owner}
  played: {per_player: true, visibility: public}
player_vars: {claims: 0}
setup:
  - for: p in players
    do: ["draw 4 from draw to p.hand"]
turn:
  first: P1
  do:
    {turn}
moves:
  claim:
    if: "count(me.hand) > 0"
    do: ["move first(me.hand) to me.played", "set me.claims += 1"]
  wait:
    do: []
end:
  - when: "count(draw) < 8"
    winner: P1
"""
TOGETHER = """
- choose together: c
  from: me.hand
  prompt: "Play which card?"
  {extra}
  do: ["move c to me.played"]
"""


@pytest.fixture
def together(rule_file):
    def make(turn=None, extra="by: players"):
        return rule_file(BASE, turn=turn or TOGETHER.replace("{extra}", extra))
    return make


def hand(st, seat):
    return st.zones[ZoneRef("hand", seat)]


def test_every_player_chooses_in_turn_sealed_and_all_are_revealed_together(together):
    st = new_game(together(), 3, 1)
    picks = [hand(st, seat)[1] for seat in range(3)]
    assert st.pending.seat == 0 and st.pending.prompt == "Play which card?"
    apply_label(st, picks[0].name)
    assert st.pending.seat == 1 and picks[0] in hand(st, 0)  # nothing moves until all have chosen
    view = seat_view(st, 1)
    assert view["asked"]["at_once"] == {"kind": "together", "players": ["P1", "P2", "P3"], "answered": ["P1"]}
    assert seat_view(st, 0)["asked"]["at_once"]["yours"] == picks[0].pretty()
    assert not any(picks[0].pretty() in text for text in view["log"])  # the log tells P1 alone what P1 chose
    apply_label(st, picks[1].name)
    apply_label(st, picks[2].name)
    assert [st.zones[ZoneRef("played", seat)] for seat in range(3)] == [[p] for p in picks]
    shown = " · ".join(f"P{seat + 1} {card.pretty()}" for seat, card in enumerate(picks))
    assert ("all reveal together: " + shown) in [text for _, text in st.log]


def test_a_secret_pass_is_not_revealed(together):
    st = new_game(together(extra="reveal: false"), 2, 1)
    apply_label(st, hand(st, 0)[0].name)
    apply_label(st, hand(st, 1)[0].name)
    assert not any("reveal" in text for _, text in st.log)


def test_only_the_players_named_choose(together):
    st = new_game(together(extra="by: \"[P3, P1]\""), 3, 1)
    assert st.pending.seat == 0
    apply_label(st, hand(st, 0)[0].name)
    assert st.pending.seat == 2


def test_a_search_sample_draws_the_others_sealed_picks_afresh_and_keeps_its_own(together):
    st = new_game(together(), 2, 1)
    first_hand = list(hand(st, 0))
    apply_label(st, first_hand[3].name)
    drawn = set()
    for seed in range(40):
        sample = Redeal(st, 1).sample(Rng(seed))
        (_, node, _), = sample.sealed_answers()
        _, answers = node.answers(sample.frames[0].env)
        assert answers[0][1] in sample.zones[ZoneRef("hand", 0)]  # a card P1 holds in the sample
        drawn.add(answers[0][1])
    assert len(drawn) > 2  # not kept: drawn among the cards P1 may hold
    own = Redeal(st, 0).sample(Rng(3))
    assert own.sealed_answers() and node.answers(own.frames[0].env)[1] == ((0, first_hand[3]),)


def test_a_choice_of_several_made_together_binds_a_list(together):
    st = new_game(together(extra="min: 2\n  max: 2"), 2, 1)
    mine, theirs = hand(st, 0)[:2], hand(st, 1)[:2]
    for card in mine + theirs:
        apply_label(st, card.name)
    assert set(st.zones[ZoneRef("played", 0)]) == set(mine) and set(st.zones[ZoneRef("played", 1)]) == set(theirs)


@pytest.mark.parametrize("by, said, order", [
    ("", "P1's to P2, P2's to P3, P3's to P1", [2, 0, 1]),
    (" by -1", "P1's to P3, P2's to P1, P3's to P2", [1, 2, 0]),
])
def test_rotate_passes_every_hand_at_once(together, by, said, order):
    st = new_game(together(turn=f"- choose move: [wait]\n- rotate hand{by}"), 3, 1)
    first = [list(hand(st, seat)) for seat in range(3)]
    apply_label(st, "wait")
    assert [hand(st, seat) for seat in range(3)] == [first[i] for i in order]
    assert f"every hand is passed on: {said}" in [text for _, text in st.log]


def test_rotate_takes_a_zone_each_player_has(together):
    with pytest.raises(RuleError, match="rotate passes a zone every player has one of"):
        together(turn="- rotate draw\n- choose move: [wait]")


FIRST_COME = """
- first come: [claim]
  by: players
  prompt: "Claim it?"
  until: "sum(p in players | p.claims) >= {most}"
- choose move: [wait]
"""


def test_first_come_asks_every_player_who_may_act_sealed_and_the_one_first_acts(together):
    st = new_game(together(turn=FIRST_COME.format(most=1)), 3, 1)
    assert (st.pending.seat, st.pending.labels(), st.pending.prompt) == (0, ["claim", "pass"], "Claim it?")
    apply_label(st, "pass")
    view = seat_view(st, 1)["asked"]["at_once"]
    assert view == {"kind": "first come", "players": ["P1", "P2", "P3"], "answered": ["P1"]}
    apply_label(st, "claim")
    apply_label(st, "claim")
    assert [p["claims"] for p in st.pvars] == [0, 1, 0]  # P2 and P3 at once: from P1 on, P2 comes first
    assert "P2, P3 act at once: P2 comes first" in [text for _, text in st.log]
    assert st.pending.labels() == ["wait"]  # the window closed: `until` held when it opened again


def test_ties_in_first_come_go_round_the_table(together):
    st = new_game(together(turn=FIRST_COME.format(most=6)), 3, 1)
    firsts = []
    while len(firsts) < 6:
        before = [p["claims"] for p in st.pvars]
        for _ in range(3):
            apply_label(st, "claim")
        firsts.append(next(s for s in range(3) if st.pvars[s]["claims"] > before[s]))
    assert firsts == [0, 1, 2, 0, 1, 2]


def test_first_come_closes_when_all_pass_and_is_the_same_game_for_the_same_choices(together):
    game = together(turn=FIRST_COME.format(most=99))
    logs = []
    for _ in range(2):
        st = new_game(game, 2, 5)
        for label in ["claim", "claim", "claim", "pass", "pass", "pass"]:
            apply_label(st, label)
        assert st.pending.labels() == ["wait"]
        logs.append(st.log)
    assert logs[0] == logs[1]


@pytest.mark.parametrize("turn, message", [
    ("- choose together: c\n  from: me.hand\n  by: 3\n  do: []", "'by' must name a player or a list of players, not a number"),
    ("- first come: [claim]\n  by: \"'P1'\"", "'by' must name a player or a list of players, not text"),
    ("- rotate hand by 'left'\n- choose move: [wait]", "'rotate ... by' needs a number, not text"),
])
def test_who_chooses_and_how_far_hands_pass_are_checked_before_play(together, turn, message):
    with pytest.raises(RuleError, match=re.escape(message)):
        together(turn=turn)
