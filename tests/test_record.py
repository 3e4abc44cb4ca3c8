"""Game records: saved, read back and replayed to the very same game; a changed ruleset is refused."""
import json
import shutil

import pytest

from rulelang.agents import random_agents
from rulelang.api import load_game
from rulelang.engine.record import GameRecord, RecordError, replay
from rulelang.engine.recordfile import load_record, save_record
from rulelang.engine.session import play_game

RULESET = "rulesets/tjugonio.yaml"


def played(name: str, seed: int, players: int = 2):
    """A finished random game and its record."""
    game = load_game(name)
    decisions = []
    st = play_game(game, random_agents(players, seed), seed, decisions=decisions)
    record = GameRecord.start(game, name, seed, ["random"] * players).with_decisions(decisions)
    return game, st, record


def test_a_saved_record_replays_the_same_game(tmp_path):
    game, st, record = played("storma_slottet", 5)
    path = tmp_path / "game.json"
    save_record(record, str(path))
    again = replay(game, load_record(str(path)))
    assert again.log == st.log and again.result == st.result
    assert len(record.decisions) == st.actions > 20


def test_replaying_part_of_a_record_stops_at_that_decision():
    game, _, record = played("tjugonio", 3)
    upto = len(record.decisions) // 2
    seen = []
    st = replay(game, record, upto=upto, on_decision=lambda state, position: seen.append(position))
    assert st.actions == upto and st.pending is not None
    assert seen == list(range(upto))
    assert replay(game, record.with_decisions(record.decisions[:upto])).log == st.log


def test_the_file_is_small_plain_json(tmp_path):
    _, _, record = played("supertrumf", 2)
    path = tmp_path / "game.json"
    save_record(record, str(path))
    data = json.loads(path.read_text())
    assert data["ruleset"] == "supertrumf" and data["seed"] == 2 and data["players"] == ["random", "random"]
    assert data["digest"].startswith("sha256:") and data["decisions"] == list(record.decisions)
    assert path.stat().st_size < 100 + 3 * len(record.decisions) + 200


def test_a_record_of_a_changed_ruleset_is_refused(tmp_path):
    copy = tmp_path / "tj.yaml"
    shutil.copy(RULESET, copy)
    game, _, record = played(str(copy), 4)
    copy.write_text(copy.read_text().replace('draw 5 from draw to p.hand', 'draw 6 from draw to p.hand'))
    with pytest.raises(RecordError, match="has changed since this game was recorded"):
        replay(load_game(str(copy)), record)


def test_comments_and_layout_do_not_change_a_rulesets_hash(tmp_path):
    copy = tmp_path / "tj.yaml"
    shutil.copy(RULESET, copy)
    before = load_game(str(copy)).digest
    copy.write_text("# a new first line\n" + copy.read_text().replace("# TN-4", "#   rule TN-4"))
    assert load_game(str(copy)).digest == before
    copy.write_text(copy.read_text().replace("Build three piles", "Build 3 piles"))
    assert load_game(str(copy)).digest != before


GOOD = ('{"format": "rulelang game record", "version": 1, "ruleset": "tjugonio", "digest": "x",\n'
        ' "seed": 1, "players": ["random", "random"],\n "decisions": [0, 1, 0]}\n')


@pytest.mark.parametrize("content, message, line, column", [
    ("not json", "not JSON: Expecting value", 1, 1),
    ("{\n  \"format\": [1,,]}", "not JSON", 2, 16),
    ('{"format": "something else"}', "not a rulelang game record", 1, 12),
    ('[1, 2]', "not a rulelang game record", 1, 1),
    ('{"format": "rulelang game record", "version": 9}', "version 9", 1, 47),
    (GOOD.replace("[0, 1, 0]", "[0, -1]"), "a decision is an option number counted from 0", 3, 19),
    (GOOD.replace("[0, 1, 0]", "[0, 1, 1e30]"), "a decision is an option number", 3, 22),
    (GOOD.replace("[0, 1, 0]", "[0, true]"), "a decision is an option number", 3, 19),
    (GOOD.replace("[0, 1, 0]", "[0, " + "9" * 5000 + "]"), "a decision is an option number", 3, 19),
    (GOOD.replace("[0, 1, 0]", "[" + "0, " * 200_001 + "0]"), "a game has at most 200,000", 3, 15),
    (GOOD.replace('"seed": 1', '"seed": "1"'), "'seed' must be a whole number", 2, 10),
    (GOOD.replace('"seed": 1', '"seed": 1' + "0" * 30), "'seed' must be a whole number", 2, 10),
    (GOOD.replace('["random", "random"]', '[]'), "'players' must list one agent spec per seat", 2, 24),
    (GOOD.replace('["random", "random"]', '["random", "\\u001b]0;pwned\\u0007"]'),
     "may not hold control or invisible characters ('\\x1b]0;pwned\\x07')", 2, 35),
    (GOOD.replace('"tjugonio"', '"S\\ud800.yaml"'), "may not hold control or invisible characters", 1, 61),
    (GOOD.replace('"digest": "x"', '"digest": 7'), "'digest' must be text", 1, 83),
    (GOOD.replace('"version": 1,', '"version": 1, "run": "evil.py",'), "'run' is not a key of a game record", 1, 57),
])
def test_a_broken_record_file_gets_a_positioned_error(tmp_path, content, message, line, column):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(RecordError) as caught:
        load_record(str(path))
    assert message in str(caught.value)
    assert str(caught.value).startswith(f"{path}:{line}:{column}: error: "), str(caught.value)
    assert str(caught.value).isprintable()


def test_a_good_record_loads():
    record = GameRecord.from_json(json.loads(GOOD))
    assert record.players == ("random", "random") and record.decisions == (0, 1, 0)


def test_a_record_that_is_no_regular_file_or_too_big_is_refused_unread(tmp_path):
    with pytest.raises(RecordError, match=f"^{tmp_path}: error: a game record is a regular file"):
        load_record(str(tmp_path))
    big = tmp_path / "big.json"
    big.write_text(" " * 20_000_001)
    with pytest.raises(RecordError, match=":1:1: error: a game record is at most 20,000,000 bytes"):
        load_record(str(big))


def test_a_decision_that_is_not_legal_is_refused():
    game, _, record = played("tjugonio", 6)
    wrong = record.with_decisions((99,) + record.decisions[1:])
    with pytest.raises(RecordError, match="decision 1 of the record takes option 100"):
        replay(game, wrong)
    with pytest.raises(RecordError, match="but the game ended after"):
        replay(game, record.with_decisions(record.decisions + (0,)))
