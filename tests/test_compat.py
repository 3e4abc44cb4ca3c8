"""The compatibility corpus (tests/compat/): rule files as users wrote them keep validating and play
the same seeded games, and rule test files keep validating and their tests the same outcomes.

Each file of the corpus is played twice (seeds 1 and 2, in its fewest seats, at most DECISIONS
decisions) with choices drawn from the seed alone, and the game is compared with the one
recorded in tests/compat/games.json: how many decisions, a digest of the labels chosen, the
result (or the error that stopped it). A change that alters them on purpose says why in
CHANGELOG.md and writes the record again: `python tests/test_compat.py --write`.
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from rulelang.analysis.ruletests import read_tests, run_test
from rulelang.analysis.testcheck import check_test_file
from rulelang.api import check, load_game
from rulelang.engine.runtime import apply_action, new_game
from rulelang.errors import GameError

CORPUS = Path(__file__).resolve().parent / "compat"
RECORD = CORPUS / "games.json"
SEEDS = (1, 2)
DECISIONS = 300
RULE_FILES = sorted(p for p in CORPUS.glob("*/*.yaml") if not p.name.endswith(".test.yaml"))
TEST_FILES = sorted(CORPUS.glob("*/*.test.yaml"))


def name_of(path: Path) -> str:
    """A corpus file's name in the record: its folder and file name."""
    return f"{path.parent.name}/{path.name}"


def game_of(path: Path, seed: int) -> dict:
    """One seeded game of a rule file, as the record keeps it."""
    game = load_game(str(path))
    picks, labels = random.Random(seed), []
    try:
        st = new_game(game, game.min_players, seed)
        while st.result is None and len(labels) < DECISIONS:
            options = st.pending.options
            index = int(picks.random() * len(options))
            labels.append(str(options[index].label))
            apply_action(st, index)
    except GameError as err:
        return {"seed": seed, "decisions": len(labels), "error": str(err).replace(str(path.parent) + "/", "")}
    digest = hashlib.sha256("\n".join(labels).encode()).hexdigest()[:16]
    return {"seed": seed, "decisions": len(labels), "choices": digest,
            "result": list(st.result) if st.result is not None else None}


def failed_tests(path: Path) -> list:
    """The names of a rule test file's tests that fail now."""
    return [test.name for test in read_tests(str(path)) if not run_test(test).passed]


def recorded() -> dict:
    return json.loads(RECORD.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", RULE_FILES, ids=name_of)
def test_a_rule_file_keeps_validating_and_plays_the_same_games(path):
    assert [d for d in check(str(path)) if d.severity == "error"] == []
    assert [game_of(path, seed) for seed in SEEDS] == recorded()["games"][name_of(path)]


@pytest.mark.parametrize("path", TEST_FILES, ids=name_of)
def test_a_rule_test_file_keeps_validating_and_its_tests_their_outcomes(path):
    assert check_test_file(str(path)) == []
    assert failed_tests(path) == recorded()["failing tests"].get(name_of(path), [])


def test_the_record_names_every_file_of_the_corpus():
    record = recorded()
    assert sorted(record["games"]) == sorted(map(name_of, RULE_FILES))
    assert set(record["failing tests"]) <= set(map(name_of, TEST_FILES))


def write_record() -> None:
    """Play and run the whole corpus and write what it gives as the record."""
    games = {name_of(path): [game_of(path, seed) for seed in SEEDS] for path in RULE_FILES}
    failing = {name_of(path): failed for path in TEST_FILES if (failed := failed_tests(path))}
    RECORD.write_text(json.dumps({"games": games, "failing tests": failing}, indent=1, sort_keys=True) + "\n",
                      encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/test_compat.py --write")
    write_record()
