"""Every house rule in examples/ validates, speaks its own rules, and plays 50 seeded random games without error."""
from pathlib import Path

import pytest

from click.testing import CliRunner

from rulelang.agents import parse_players
from rulelang.analysis.simulate import simulate
from rulelang.api import check, load_game
from rulelang.cli.main import main
from rulelang.engine.runtime import new_game
from rulelang.engine.values import ZoneRef

FOLDER = Path(__file__).resolve().parent.parent / "examples"
EXAMPLES = sorted(str(p) for p in FOLDER.glob("*.yaml") if not p.name.endswith(".test.yaml"))


def test_there_is_a_house_rule_for_every_seed_game():
    bases = {load_game(path).name.split(" (")[0].split(",")[0].split(" — ")[0] for path in EXAMPLES}
    assert {"Storma slottet!", "Tjugonio", "Houska Castle", "Høyers trappe", "Supertrumf Fantasy"} <= bases


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: Path(p).stem)
def test_example_validates(path):
    assert check(path) == []


def test_every_rule_test_of_a_house_rule_passes():
    tests = sorted(FOLDER.glob("*.test.yaml"))
    result = CliRunner().invoke(main, ["test", *map(str, tests)])
    assert result.exit_code == 0, result.output
    assert ", 0 failed" in result.output


@pytest.mark.slow
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: Path(p).stem)
def test_example_plays_fifty_games(path):
    game = load_game(path)
    specs = parse_players(",".join(["random"] * game.min_players))
    summary = simulate(path, 50, specs, seed=5, workers=2).as_json()
    assert summary["games"] == 50
    assert summary["errors"] == 0, summary["error_details"][:3]


SPEAKS = [  # (house rule, what its rules now say, what its base's rules say that it must not)
    ("tjugonio_31", "A pile worth **exactly 31** is won", "29"),
    ("blixtduell_six_prizes", "Each of you gets 4 cards in hand and 6 face-down", "all four"),
    ("houska_longer_rest", "you may draw up to 3 cards", "up to 2"),
    ("hoyers_trappe_kings_forever", "The closing rank never drops", "drops by one"),
    ("storma_jokers_heal_anything", "a joker may heal any damaged card", "10 or fewer"),
    ("blackjack_dealer_hits_soft_17", "and\nalso on a soft 17", "stands (also on a soft 17)"),
    ("hearts_omnibus", "the jack of diamonds counts -10", "you score nothing"),
]


@pytest.mark.parametrize("name,says,not_said", SPEAKS, ids=[s[0] for s in SPEAKS])
def test_every_house_rule_speaks_its_own_rules(name, says, not_said):
    game = load_game(str(Path(EXAMPLES[0]).parent / f"{name}.yaml"))
    assert says in game.rules and not_said not in game.rules + game.description


def test_a_house_rule_that_changes_a_constant_changes_the_log_the_trigger_and_the_bots_aim():
    game = load_game(str(Path(EXAMPLES[0]).parent / "tjugonio_31.yaml"))
    assert [t.name for t in game.triggers] == ["a pile worth exactly 31 is won"]
    st = new_game(game, 2, 1)
    piles = [ZoneRef("piles", 0, i) for i in range(3)]
    st.zones[piles[0]][:] = [game.card_by_name[name] for name in ("10C", "10D")]
    st.zones[piles[1]][:] = [game.card_by_name[name] for name in ("10H", "10S", "8C", "2C")]  # 30: too much for 29
    assert game.bots.evaluate(st, {"me": st.seats[0]}) == 20 + 30  # both piles are on the way to 31
    base = load_game("tjugonio")
    assert base.bots.evaluate(st, {"me": st.seats[0]}) == 20  # (the base's bots give up a pile of 30)
