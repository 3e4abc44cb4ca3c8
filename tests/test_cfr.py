"""The `cfr` bot: a small game walked whole, CFR+ on it, exact exploitability, the policy kept."""
import json
import sys
from pathlib import Path

import pytest

from rulelang.agents import build_agent, cfr, parse_agent_spec
from rulelang.agents.determinization import SeatView
from rulelang.agents.gametree import GameTree, TooBig
from rulelang.agents.solve import CfrPlus, exploitability, values
from rulelang.api import bounded, load_game
from rulelang.engine.runtime import apply_label, new_game
from rulelang.engine.session import play_game
from rulelang.errors import GameError

sys.path.insert(0, str(Path(__file__).resolve().parent / "hostile"))
from harness import run_guarded  # noqa: E402

KUHN = "rulesets/kuhn_poker.yaml"
FIGURES = Path(__file__).resolve().parent / "data" / "openspiel_cfr_plus.json"
EIGHT = "tests/data/eight_cards.yaml"


@pytest.fixture(scope="module")
def kuhn_tree():
    return GameTree(load_game(KUHN), 2)


def test_kuhn_walks_into_its_twelve_information_sets(kuhn_tree):
    assert len(kuhn_tree.deals) == 6 and len(kuhn_tree.keys) == 12
    assert sum(chance for chance, _ in kuhn_tree.deals) == pytest.approx(1.0)


def test_the_uniform_policy_is_as_exploitable_as_openspiel_counts_it(kuhn_tree):
    uniform = [[0.5, 0.5] for _ in kuhn_tree.keys]
    assert exploitability(kuhn_tree, uniform) == pytest.approx(11 / 24)  # OpenSpiel: 0.458333


def test_cfr_plus_converges_to_kuhns_equilibrium(kuhn_tree):
    solver = CfrPlus(kuhn_tree)
    solver.run(200)
    policy = solver.average()
    assert exploitability(kuhn_tree, policy) <= 0.005
    assert values(kuhn_tree, policy)[0] == pytest.approx(-1 / 18, abs=0.005)


def openspiel_figures(name: str, iterations: int) -> list:
    """OpenSpiel's CFR+ exploitability after each of its first iterations: measured now when
    OpenSpiel is installed, else as stored (tests/data/openspiel_cfr_plus.json, OpenSpiel 2.0.2)."""
    try:
        import pyspiel
    except ImportError:
        return json.loads(FIGURES.read_text())[name][:iterations]
    game = pyspiel.load_game(name)
    solver, found = pyspiel.CFRPlusSolver(game), []
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
        found.append(pyspiel.exploitability(game, solver.average_policy()))
    return found


# (Leduc's walk alone takes about 3 s: the whole suite runs it; Kuhn already tells the two
# ways of counting the averages apart)
@pytest.mark.parametrize("name, iterations", [("kuhn_poker", 100),
                                              pytest.param("leduc_poker", 30, marks=pytest.mark.slow)])
def test_cfr_plus_makes_openspiels_policy_at_every_iteration(name, iterations, kuhn_tree):
    # Where the other seat never goes, a seat's average policy still counts its own reach, as
    # OpenSpiel counts it; skipping those options made Leduc need 460 iterations, not 200.
    tree = kuhn_tree if name == "kuhn_poker" else GameTree(load_game(name), 2)
    solver, found = CfrPlus(tree), []
    for _ in range(iterations):
        solver.run(1)
        found.append(exploitability(tree, solver.average()))
    assert found == pytest.approx(openspiel_figures(name, iterations), rel=1e-9)


def test_the_cfr_bot_bets_a_king_after_a_check_and_folds_a_jack_to_a_bet():
    game = load_game(KUHN)
    agent = build_agent(parse_agent_spec("cfr:iterations=200"), 1, 7, game)
    for seed in range(1, 40):
        st = new_game(game, 2, seed, quiet=True)
        card = SeatView(st, 1)["zones"]["P2.hand"][0]["card"]
        if card in ("J", "K"):
            apply_label(st, "bet" if card == "J" else "pass")
            choice = st.pending.options[agent.choose(SeatView(st, 1), st.pending)].label
            assert choice == ("pass" if card == "J" else "bet")
    assert agent.unknown == 0


def test_a_policy_is_made_once_per_ruleset_and_kept(monkeypatch):
    game = load_game(KUHN)
    made = cfr.policy(game, 2, 30)
    assert cfr.policy(game, 2, 30) is made
    cfr.POLICIES.clear()
    monkeypatch.setattr(cfr, "solved", None)  # read back from the cache folder, not solved again
    assert cfr.policy(game, 2, 30) == made


def test_a_game_drawing_on_chance_after_the_deal_is_refused(tmp_path):
    with open(KUHN, encoding="utf-8") as base:
        text = base.read()
    path = tmp_path / "dice.yaml"
    folding = 'then: ["set me.folded = true"]'
    assert folding in text
    path.write_text(text.replace(folding, 'then: ["set me.folded = true", "log \'{me} folds {1d6}\'"]'),
                    encoding="utf-8")
    with pytest.raises(TooBig, match="chance after its first decision"):
        GameTree(load_game(str(path)), 2)


def test_a_game_with_many_hidden_cards_is_refused():
    with pytest.raises(TooBig, match="deals"):
        GameTree(load_game("rulesets/go_fish.yaml"), 2)


def test_a_game_too_big_to_walk_is_refused_from_its_first_deal_in_a_moment():
    report = run_guarded(["play", EIGHT, "--players", "cfr,random", "--seed", "1"], cpu=20)  # (it ran 300 s)
    assert report.exit_code == 1 and report.cpu < 5, report.output[-300:]
    assert ("cannot be walked whole to solve it (as cfr does): about 1,249,920 decisions and ends to walk "
            "(40,320 deals of about 31), more than 500,000") in report.output


def test_a_game_out_of_time_while_cfr_solves_it_says_so_with_its_own_seed(monkeypatch):
    monkeypatch.setattr(cfr, "_stored", lambda key: None)  # solved afresh, not read from a cache
    monkeypatch.setattr(cfr, "POLICIES", {})
    game = bounded(load_game("leduc_poker"), seconds=0.5)  # (walking it takes about 5 s)
    agents = [build_agent(parse_agent_spec("cfr"), 0, 1, game), build_agent(parse_agent_spec("random"), 1, 2, game)]
    with pytest.raises(GameError, match=r"^the game of seed 7 took longer than 0.5 s \(--game-seconds\) while cfr "
                                        r"solved it: [\d,]+ of about 61,200 decisions and ends walked$") as err:
        play_game(game, agents, 7)
    assert err.value.position is None  # no rule of the game's was at fault
