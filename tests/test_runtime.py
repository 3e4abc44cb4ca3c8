"""The interpreter's bounds and checks: runaway rule files end in a GameError, never a hang."""
import textwrap

import pytest

from rulelang.agents import random_agents
from rulelang.api import load_game
from rulelang.engine.runtime import apply_label, new_game
from rulelang.engine.session import play_game
from rulelang.engine.values import ZoneRef
from rulelang.errors import GameError

BASE = """
name: Test
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
  hand: {per_player: true, visibility: owner}
  slot: {per_player: true, visibility: public, capacity: 1}
vars: {n: 0}
turn:
  do:
{turn}
triggers:
{triggers}
end:
  - when: "n >= 3"
    winner: P1
"""


def game_from(tmp_path, turn, triggers="  []"):
    text = BASE.replace("{turn}", textwrap.indent(textwrap.dedent(turn).strip(), "    "))
    text = text.replace("{triggers}", textwrap.indent(textwrap.dedent(triggers).strip(), "  "))
    path = tmp_path / "game.yaml"
    path.write_text(text.replace("triggers:\n  []", "triggers: []"))
    return load_game(str(path))


def test_a_game_runs_to_its_end_condition(tmp_path):
    game = game_from(tmp_path, """
        - choose: c
          from: draw
        - set n += 1
    """)
    st = play_game(game, random_agents(2, 1), 1, debug=True)
    assert st.result == ("win", "loss") and st.actions == 3


def test_overfull_zone_is_an_error_at_the_next_decision(tmp_path):
    game = game_from(tmp_path, """
        - draw 2 from draw to me.slot
        - choose: c
          from: draw
    """)
    with pytest.raises(GameError, match="capacity 1"):
        new_game(game, 2, 1)


def test_endless_while_is_stopped(tmp_path):
    game = game_from(tmp_path, """
        - while: "true"
          do: ["set n -= 1"]
    """)
    with pytest.raises(GameError, match="loop ran 1000 times"):
        new_game(game, 2, 1)


def test_turns_without_decisions_are_stopped(tmp_path):
    game = game_from(tmp_path, "- set n -= 1")
    with pytest.raises(GameError, match="steps without a decision"):
        new_game(game, 2, 1)


def test_a_trigger_that_keeps_firing_is_stopped(tmp_path):
    game = game_from(tmp_path, """
        - choose: c
          from: draw
    """, triggers="""
        - name: forever
          when: "true"
          do: ["set n -= 1"]
    """)
    with pytest.raises(GameError, match="triggers fired 200 times"):
        new_game(game, 2, 1)


def test_a_choice_without_options_is_a_stall(tmp_path):
    game = game_from(tmp_path, """
        - choose: c
          from: me.hand
    """)
    with pytest.raises(GameError, match="no legal option"):
        new_game(game, 2, 1)


def test_optional_choice_offers_done_and_binds_none(tmp_path):
    game = game_from(tmp_path, """
        - choose: c
          from: me.hand
          optional: "true"
        - if: "c == none"
          then: ["set n += 3"]
    """)
    st = new_game(game, 2, 1)
    assert st.pending.labels() == ["done"]
    apply_label(st, "done")
    assert st.result == ("win", "loss")


def test_multi_choice_respects_min_and_max(tmp_path):
    game = game_from(tmp_path, """
        - choose: cs
          from: draw
          where: "it.suit == 'hearts'"
          min: 1
          max: 2
        - move cs to me.hand
        - set n += 3
    """)
    st = new_game(game, 2, 1)
    assert "done" not in st.pending.labels() and len(st.pending.labels()) == 13
    apply_label(st, "AH")
    assert "done" in st.pending.labels() and "AH" not in st.pending.labels()
    apply_label(st, "2H")
    assert st.result is not None
    assert [c.name for c in st.zones[ZoneRef("hand", st.current)]] == ["AH", "2H"]


def test_dice_bounds_are_compile_errors(tmp_path):
    from rulelang.errors import RuleError
    with pytest.raises(RuleError, match="between 1 and 100 dice"):
        game_from(tmp_path, "- let r = 500T10")


def test_a_refused_any_time_move_leaves_the_pending_decision_as_it_was():
    st = new_game(load_game("tests/data/anytime_refused.yaml"), 1, 1)
    hand = ZoneRef("hand", 0)
    for _ in range(3):
        assert st.pending.labels() == ["AC", "peek"]
        apply_label(st, "peek")
    assert st.pending.labels() == ["AC", "peek"] and len(st.zones[hand]) == 1  # nothing was run again
    assert [text for _, text in st.log].count("P1 is refused: not now") == 3
