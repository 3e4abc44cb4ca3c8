"""Game records: saved, read back and replayed to the very same game; a changed ruleset is refused."""
import json
import shutil

import pytest

from rulelang.agents import random_agents
from rulelang.api import load_game
from rulelang.engine.record import GameRecord, RecordError, load_record, replay, save_record
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


@pytest.mark.parametrize("content, message", [
    ("not json", "not a rulelang game record"),
    ('{"format": "something else"}', "not a rulelang game record"),
    ('{"format": "rulelang game record", "version": 9}', "version 9"),
    ('{"format": "rulelang game record", "version": 1, "ruleset": "tjugonio", "digest": "x",'
     ' "seed": 1, "players": ["human", "random"], "decisions": [0, -1]}', "counted from 0"),
    ('{"format": "rulelang game record", "version": 1, "ruleset": "tjugonio", "digest": "x",'
     ' "seed": "1", "players": ["human"], "decisions": []}', "'seed' is missing or is not int"),
])
def test_a_broken_record_file_gets_a_clear_error(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(RecordError, match=message) as caught:
        load_record(str(path))
    assert str(caught.value).startswith(f"{path}: ")


def test_a_decision_that_is_not_legal_is_refused():
    game, _, record = played("tjugonio", 6)
    wrong = record.with_decisions((99,) + record.decisions[1:])
    with pytest.raises(RecordError, match="decision 1 of the record takes option 100"):
        replay(game, wrong)
    with pytest.raises(RecordError, match="but the game ended after"):
        replay(game, record.with_decisions(record.decisions + (0,)))
