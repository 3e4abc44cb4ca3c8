"""Text for players in a rule file: `rules`, zone and variable `label`s, a move's `help` and `ask`,
an end rule's `name` — compiled onto the Game, and checked like every other part."""
import re
from pathlib import Path

import pytest

from rulelang.api import load_game
from rulelang.engine.record import GameRecord
from rulelang.engine.runtime import apply_action, new_game
from rulelang.engine.values import Player
from rulelang.errors import RuleError

MINIMAL = Path("tests/data/minimal.yaml").read_text()
LABELLED = (MINIMAL
            .replace("name: Minimal\n", "name: Minimal\nrules: |\n  Play your **highest** card.\n")
            .replace("  table: {per_player: true, visibility: public}",
                     "  table: {per_player: true, visibility: public, label: cards in play}")
            .replace("  points: 0", "  points: {initial: 0, label: tricks won}")
            .replace("  play:\n", '  play:\n    help: Lay one card from your hand.\n    ask: "count(me.hand) > 1"\n')
            .replace("  - when: \"tricks >= 5\"", "  - name: five tricks are played\n    when: \"tricks >= 5\""))


def load(tmp_path, text):
    path = tmp_path / "game.yaml"
    path.write_text(text)
    return load_game(str(path))


def test_players_text_is_compiled_onto_the_game(tmp_path):
    game = load(tmp_path, LABELLED)
    assert game.rules == "Play your **highest** card.\n"
    assert game.zones["table"].label == "cards in play" and game.zones["hand"].label == ""
    assert game.labels == {"points": "tricks won"} and game.player_vars["points"] == 0
    assert game.moves["play"].help == "Lay one card from your hand."
    assert [end.name for end in game.ends] == ["five tricks are played"]


def test_a_moves_ask_is_a_condition_on_the_player_asked(tmp_path):
    game = load(tmp_path, LABELLED)
    st = new_game(game, 2, 1)
    ask = game.moves["play"].ask
    assert ask(st, {"me": Player(0)}) is True
    st.zones[next(z for z in st.zones if z.name == "hand" and z.seat == 0)][1:] = []
    assert ask(st, {"me": Player(0)}) is False
    assert load(tmp_path, MINIMAL).moves["play"].ask is None


def test_the_end_rule_that_ended_a_game_is_remembered(tmp_path):
    game = load(tmp_path, LABELLED)
    st = new_game(game, 2, 1)
    while st.result is None:
        apply_action(st, 0)
    assert st.ended_by is game.ends[0] and st.ended_by.name == "five tricks are played"


def test_labels_and_texts_do_not_change_how_the_game_plays(tmp_path):
    plain, labelled = load(tmp_path, MINIMAL), load(tmp_path, LABELLED)
    assert plain.digest != labelled.digest  # the record knows the file changed ...
    games = []
    for game in (plain, labelled):
        st = new_game(game, 3, 8)
        while st.result is None:
            apply_action(st, st.actions % len(st.pending.options))
        games.append(st.log)
    assert games[0] == games[1]  # ... but the game is the same
    assert GameRecord.start(plain, "x", 8, ["random"] * 3).digest == plain.digest


@pytest.mark.parametrize("change, message", [
    (("  table: {per_player: true, visibility: public}",
      "  table: {per_player: true, visibility: public, label: [a]}"), "'label' must be text"),
    (("  points: 0", "  points: {initial: 0, lable: x}"),
     "unknown key 'lable' in variable 'points' (did you mean 'label'?)"),
    (("  points: 0", "  points: {initial: {a: 0}}"), "the initial value of 'points' must be a number, text, "
                                                     "true/false, none or a list of them"),
    (("name: Minimal\n", "name: Minimal\nrules: [a, b]\n"), "'rules' must be text"),
    (("  play:\n", "  play:\n    ask: \"count(me.hnd) > 1\"\n"), "unknown attribute 'hnd'"),
    (("  play:\n", "  play:\n    help: {a: b}\n"), "'help' must be text"),
])
def test_players_text_in_the_wrong_shape_is_an_error(tmp_path, change, message):
    with pytest.raises(RuleError, match=re.escape(message)):
        load(tmp_path, MINIMAL.replace(*change))


def test_every_shipped_ruleset_has_rules_for_players_and_labels():
    from rulelang.catalog import packaged_rulesets
    for name in packaged_rulesets():
        game = load_game(name)
        assert len(game.rules) > 400, name
        assert not re.search(r"\b[A-Z]{2}-[0-9]+\b", game.rules), f"{name}: players' text, not rule IDs"
        for end in game.ends:
            assert end.name, (name, end)
        for move in game.moves.values():
            assert move.help, (name, move.name)


SECTIONED = (MINIMAL
             .replace("name: Minimal\n", "name: Minimal\ndescription: Five tricks, {cards} cards each.\n"
                                         "constants: {cards: 3, tricks_played: 5}\nrules:\n"
                                         "  The goal: Win the most of {tricks_played} tricks.\n"
                                         "  Your turn: |\n    Play one of your {cards} cards:\n"
                                         "    the highest of {tricks_played * 0 + cards} wins.\n")
             .replace("draw 3 from draw", "draw cards from draw")
             .replace("  play:\n", "  play:\n    help: Lay one of {cards} cards.\n")
             .replace("  - when: \"tricks >= 5\"", "  - name: \"{tricks_played} tricks are played\"\n"
                                                  "    when: \"tricks >= tricks_played\""))


def test_rules_by_heading_and_texts_read_outside_play_say_the_constants(tmp_path):
    game = load(tmp_path, SECTIONED)
    assert game.rules == ("## The goal\nWin the most of 5 tricks.\n\n"
                          "## Your turn\nPlay one of your 3 cards:\nthe highest of 3 wins.\n")
    assert game.description == "Five tricks, 3 cards each."
    assert game.moves["play"].help == "Lay one of 3 cards."
    assert [end.name for end in game.ends] == ["5 tricks are played"]


def test_a_variant_replaces_a_section_of_the_rules_and_a_constant_changes_what_they_say(tmp_path):
    (tmp_path / "base.yaml").write_text(SECTIONED)
    variant = tmp_path / "v.yaml"
    variant.write_text("extends: base.yaml\nname: Longer\nconstants: {tricks_played: 7}\n"
                       "rules:\n  Your turn: Play any card.\n  Scoring: A trick scores 1.\n  The goal: none\n")
    game = load_game(str(variant))
    assert game.rules == "## Your turn\nPlay any card.\n\n## Scoring\nA trick scores 1.\n"
    variant.write_text("extends: base.yaml\nname: Longer\nconstants: {tricks_played: 7}\n")
    assert load_game(str(variant)).rules.startswith("## The goal\nWin the most of 7 tricks.")


@pytest.mark.parametrize("change, message", [
    (("Win the most of {tricks_played}", "Win the most of {tricks}"),
     "game.yaml:6:30: error: the rules text is read outside play, so its {…} may hold only constants "
     "(constants:) and literals, not 'tricks'"),
    (("the highest of {tricks_played * 0 + cards}", "the highest of {cards // 0}"),
     "game.yaml:9:21: error: division by zero"),
    (("help: Lay one of {cards} cards.", "help: Lay one of {count(me.hand)} cards."),
     "error: a move's help is read outside play, so its {…} may hold only constants"),
    (("  The goal: Win the most of {tricks_played} tricks.", "  The goal: [a]"),
     "'rules' must be text, or sections of text by heading"),
])
def test_a_text_read_outside_play_may_not_read_the_game(tmp_path, change, message):
    with pytest.raises(RuleError, match=re.escape(message)):
        load(tmp_path, SECTIONED.replace(*change))


BETTING = (MINIMAL
           .replace("player_vars:\n  points: 0", "player_vars:\n  points: 0\n  stake: 1")
           .replace("    - choose move: [play]", "    - choose move: [play, raise]")
           .replace("moves:\n", "moves:\n  raise:\n    label: \"Raise {me.stake * 2} ({cards} to {P2})\"\n"
                                "    do: [\"set me.stake *= 2\"]\n")
           .replace("name: Minimal\n", "name: Minimal\nconstants: {cards: 3}\n")
           .replace("draw 3 from draw", "draw cards from draw"))


def test_a_label_with_expressions_is_filled_in_for_the_player_offered_it_and_said_in_the_third_person(tmp_path):
    game = load(tmp_path, BETTING.replace("set me.stake *= 2", "set me.stake += me.stake"))
    assert game.moves["raise"].label == "Raise {me.stake * 2} ({cards} to {P2})"
    st = new_game(game, 2, 1)
    assert [(o.label, o.text) for o in st.pending.options] == [("play", "play"), ("raise", "Raise 2 (3 to P2)")]
    apply_action(st, 1)
    assert st.pending.seat == 1 and st.pending.options[1].text == "Raise 2 (3 to P2)"  # P2's own stake
    apply_action(st, 1)
    assert [o.text for o in st.pending.options] == ["play", "Raise 4 (3 to P2)"]  # the label says the moment
    assert "P1 raises 2 (3 to P2)" in [text for _, text in st.log]
    quiet = new_game(game, 2, 1, quiet=True)
    assert quiet.pending.options[1].text == "Raise {me.stake * 2} ({cards} to {P2})"  # nobody reads it


def test_a_move_may_say_its_third_person_itself(tmp_path):
    game = load(tmp_path, BETTING.replace("set me.stake *= 2", "set me.stake += me.stake")
                .replace("    do: [\"set me.stake", "    third_person: \"ups the stake to {me.stake * 2}\"\n"
                                                    "    do: [\"set me.stake"))
    st = new_game(game, 2, 1)
    apply_action(st, 1)
    assert "P1 ups the stake to 2" in [text for _, text in st.log]
