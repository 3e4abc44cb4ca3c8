"""What every game of a valid-looking file would hit, found by `validate`: expressions worked out
for no seat, printed values some cards lack, and the few short seeded games it plays
(analysis/trial.py), each error at the rule to change."""
import textwrap

import pytest
from click.testing import CliRunner

from rulelang.agents import random_agents
from rulelang.api import load_game
from rulelang.cli.main import main
from rulelang.engine.session import play_game

TABLE = """
    name: Table
    players: 2
    deck: {standard: 52, start: draw}
    zones:
      draw: {visibility: hidden}
      hand: {per_player: true, visibility: owner}
      pile: {visibility: public}
    setup:
      - shuffle draw
      - for: p in players
        do: ["draw 3 from draw to p.hand"]
    turn:
      first: P1
      do:
        - choose move: [lay, hold]
    moves:
      lay:
        label: Lay a card
        do:
          - choose: c
            from: me.hand
          - move c to bottom of pile
      hold:
        label: Hold
        if: "count(pile) == 0"
        do: []
    end:
      - when: "count(P2.hand) == 0"
        winner: "trick_winner(pile).owner"
"""


def write(tmp_path, text, *more, name="game.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text) + "".join(textwrap.dedent(part) for part in more))
    return str(path)


def validate(*args):
    result = CliRunner().invoke(main, ["validate", *args])
    assert "Traceback" not in result.output
    return result


def test_a_rule_function_that_names_no_seat_gives_the_trump_suit(tmp_path):
    path = write(tmp_path, TABLE, """
        tricks: {trump: "spades_always()"}
        functions: {"spades_always()": "'spades'"}
    """)
    assert validate(path).exit_code == 0
    st = play_game(load_game(path), random_agents(2, 1), 1)
    assert st.result is not None


def test_the_trump_suit_may_not_read_me_itself_or_through_a_function(tmp_path):
    path = write(tmp_path, TABLE, """
        player_vars: {bid: 0}
        tricks: {trump: "bidders_suit() if me.bid > 0 else 'spades'"}
        functions:
          "bidders_suit()": "'hearts' if bid_of_me() > 1 else 'clubs'"
          "bid_of_me()": "me.bid"
        results:
          report: {bids: "bid_of_me()"}
    """)
    result = validate(path)
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if ": error: " in line]
    assert [line.split(": error: ")[0].rsplit(":", 2)[1:] for line in lines] == [["33", "18"], ["33", "36"],
                                                                                 ["38", "19"]]
    assert lines[0].endswith(f"the trump suit (tricks: trump) is worked out for no seat: bidders_suit() reads me "
                             f"(at {path}:36:19)")
    assert lines[1].endswith("is worked out for no seat: 'me' names no player here")
    assert lines[2].endswith(f"report 'bids', a figure of the whole game, is worked out for no seat: bid_of_me() "
                             f"reads me (at {path}:36:19)")


SUSHI = """
    name: Sushi
    players: 2
    deck:
      start: draw
      cards:
        - {name: Dumpling, kind: dumpling, copies: 4}
        - {name: Maki, kind: maki, value: 3, copies: 6}
    zones:
      draw: {visibility: hidden}
      hand: {per_player: true, visibility: owner}
      tray: {per_player: true, visibility: public}
    setup:
      - shuffle draw
      - for: p in players
        do: ["draw 5 from draw to p.hand"]
    turn:
      first: P1
      do:
        - choose: c
          from: me.hand
        - move c to me.tray
        - log "{me} has {worth(me)}"
    functions:
      "worth(p)": "sum(c in p.tray | c.value)"
    end:
      - when: "count(P2.hand) == 0"
        winner: tie
"""


def test_a_value_some_cards_lack_is_warned_about_where_it_is_read_and_found_in_play(tmp_path):
    path = write(tmp_path, SUSHI)
    result = validate(path)
    assert result.exit_code == 1
    error, warning = [line for line in result.output.splitlines() if line.startswith(path)]
    assert error.startswith(f"{path}:25:16: error: Dumpling has no 'value': give every card of the deck one "
                            f"(deck: {{defaults: {{value: 0}}}}), or read it only of the cards that have it "
                            f"(called at {path}:23:7) — found playing seeded game 1: rulelang play {path} "
                            f"--players random,random --seed 1")
    assert warning == (f"{path}:25:36: warning: this reads 'value', which Dumpling has not: the game stops where "
                       f"a rule reads it of such a card; give every card of the deck a value (deck: {{defaults: "
                       f"{{value: 0}}}}), or read it only of the cards that have it")


def test_a_default_of_the_deck_gives_every_card_the_value(tmp_path):
    path = write(tmp_path, SUSHI.replace("start: draw", "start: draw\n      defaults: {value: 0, kind: plain}"))
    assert validate(path).output.startswith("ok: 1 rule file, no errors\n")
    game = load_game(path)
    assert (game.card_by_name["Dumpling#1"].facts["value"], game.card_by_name["Maki#1"].facts["value"]) == (0, 3)


DISPLAY = """
    functions:
      "held(p)": "count(p.hand)"
    display:
      pile: "{held(first(it))} held"
"""


def test_a_display_line_that_fails_in_play_is_found_by_validate_and_named_as_the_caller(tmp_path):
    path = write(tmp_path, TABLE, DISPLAY)
    result = validate(path)
    assert result.exit_code == 1
    first = result.output.splitlines()[0]
    assert first.startswith(f"{path}:33:15: error: ") and f"has no 'hand' (called at {path}:35:9) — found playing " \
                                                          f"seeded game 1: rulelang play {path}" in first
    assert validate("--no-games", path).exit_code == 0


def test_the_seeded_game_validate_names_is_the_game_play_plays(tmp_path):
    path = write(tmp_path, TABLE, DISPLAY)
    said = validate(path).output.splitlines()[0].split(" — found playing seeded game 1: rulelang ")[0]
    played = CliRunner().invoke(main, ["play", path, "--players", "random,random", "--seed", "1"])
    assert played.exit_code == 1 and said.replace(": error: ", ": ") in played.output


def test_a_results_figure_that_is_no_number_is_found_when_a_seeded_game_ends(tmp_path):
    path = write(tmp_path, TABLE, """
        functions:
          "named(p)": "p.name"
        results:
          score: "named(me)"
    """)
    result = validate(path)
    assert result.exit_code == 1 and f"{path}:35:10: error: a score must be a number, not P1 — found playing seeded game 1" in result.output


@pytest.mark.parametrize("label, message", [
    ("hodl", "no option of Table is labelled 'hodl': a label is a move's name, a card, a seat, a zone, done or "
             "pass, or a value a choice offers (did you mean 'hold'?)"),
])
def test_a_rule_test_step_that_names_no_move_of_the_ruleset_is_an_error(tmp_path, label, message):
    write(tmp_path, TABLE)
    path = write(tmp_path, f"""
        ruleset: game.yaml
        tests:
          - name: a misspelt move
            steps:
              - play: [{label}]
                not_legal: [lay, {label}]
    """, name="game.test.yaml")
    result = validate(path)
    assert result.exit_code == 1
    assert [line for line in result.output.splitlines() if ": error: " in line] == [
        f"{path}:6:16: error: {message}", f"{path}:7:26: error: {message}"]
