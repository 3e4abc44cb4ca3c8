"""The reference interpreter beside the compiled game: the same states after every decision.

Every shipped ruleset and example is played a few seeds both ways (benchmarks/differential.py
plays many more); a test breaks the optimizer on purpose to show that a difference is found.
"""
from __future__ import annotations

import glob
import os

import pytest

from rulelang.analysis.differential import compare_game, reference_game
from rulelang.api import load_game
from rulelang.constructs.operators import Arithmetic

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULE_FILES = sorted(path for folder in ("rulesets", "examples") for path in glob.glob(os.path.join(ROOT, folder, "*.yaml"))
                    if not path.endswith(".test.yaml"))
# (seeds, at the fewest players, at the most): seed 0 at the fewest in the quick run, the rest in the whole suite
SEEDS = [(range(1), True, False), pytest.param(range(1), False, True, marks=pytest.mark.slow),
         pytest.param(range(1, 3), True, True, marks=pytest.mark.slow)]
DECISIONS = 400  # per game: the long games (Høyers trappe) are cut there


@pytest.mark.parametrize("seeds, fewest, most", SEEDS, ids=["seed 0, fewest", "seed 0, most", "seeds 1-2"])
@pytest.mark.parametrize("path", RULE_FILES, ids=[os.path.basename(p) for p in RULE_FILES])
def test_the_compiled_game_plays_as_the_reference_interpreter(path, seeds, fewest, most):
    game, reference = load_game(path), reference_game(path)
    counts = [game.min_players] * fewest + [game.max_players] * (most and game.max_players != game.min_players)
    for players in counts:
        for seed in seeds:
            compare_game(game, reference, players, seed, DECISIONS)


def test_a_difference_is_found(monkeypatch, tmp_path):
    path = tmp_path / "sum.yaml"
    path.write_text(SUMS, encoding="utf-8")
    reference = reference_game(str(path))
    original = Arithmetic.code

    def wrong(self, gen, tree, scope, as_bool):  # the compiler's `+` of two numbers subtracts
        code = original(self, gen, tree, scope, as_bool)
        if str(tree.children[1]) == "+" and code.__class__.__name__ == "BinOp":
            code.op = __import__("ast").Sub()
        return code
    monkeypatch.setattr(Arithmetic, "code", wrong)
    with pytest.raises(AssertionError, match="vars differ"):
        compare_game(load_game(str(path)), reference, 2, 0, DECISIONS)


SUMS = """
name: Sums
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
  hand: {per_player: true, visibility: owner}
vars: {total: 0}
turn:
  do:
    - choose move: [add]
moves:
  add:
    do: ["set total = count(me.hand) + 2", "draw 1 from draw to me.hand"]
end:
  - when: "count(draw) == 0"
    winner: me
"""
