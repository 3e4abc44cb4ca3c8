"""The action catalogue: every option of every shipped game has its action, and nothing maps silently."""
from pathlib import Path

import pytest

from rulelang.api import packaged_rulesets
from rulelang.engine.decisions import Decision, Option
from rulelang.engine.rng import Rng
from rulelang.engine.runtime import apply_action, new_game
from rulelang.engine.values import Marker
from rulelang.env.catalogue import MARKER_SLOTS, ActionError
from rulelang.env.episode import load_ruleset

EXAMPLES = sorted(str(path) for path in Path(__file__).resolve().parent.parent.joinpath("examples").glob("*.yaml")
                  if not path.name.endswith(".test.yaml"))
RULE_FILES = sorted(packaged_rulesets()) + EXAMPLES
DECISIONS = [(1, 1000), pytest.param(1001, 5000, marks=pytest.mark.slow)]  # (first seed, decisions) per rule file and
# number of players: 1,000 in the quick run, 5,000 more in the whole suite


def random_decisions(game, players: int, seed: int, limit: int):
    """The decisions of random games, until `limit` of them have been made."""
    made = games = 0
    while made < limit:  # a game may end before its first decision (a dealt natural): count games too
        st = new_game(game, players, seed + games, quiet=True)
        rng = Rng(seed + games)
        games += 1
        while st.result is None and made < limit:
            yield st.pending
            apply_action(st, rng.below(len(st.pending.options)))
            made += 1


@pytest.mark.parametrize("seed, decisions", DECISIONS, ids=["quick", "more"])
@pytest.mark.parametrize("name", RULE_FILES)
def test_every_option_of_random_games_has_the_action_of_its_label(name, seed, decisions):
    game, catalogue = load_ruleset(name)
    markers = set(catalogue.markers)
    for players in sorted({game.min_players, game.max_players}):
        for decision in random_decisions(game, players, seed, decisions):
            actions = catalogue.actions(decision)
            assert len(set(actions)) == len(actions) == len(decision.options)
            for action, option in zip(actions, decision.options):
                assert catalogue.labels[action] == option.label or action in markers


def test_the_catalogue_holds_moves_cards_players_zones_and_the_values_choices_offer():
    game, catalogue = load_ruleset("storma_slottet")
    labels = catalogue.labels
    assert labels[:5] == ("exchange", "attack", "heal", "retreat", "pass")
    assert {"done", "AS", "JK2", "P1", "P2", "draw", "P2.infirmary", "hearts", "spades"} <= set(labels)
    assert "10" not in labels  # a number in a condition or a draw is not something a choice offers
    assert len(catalogue.markers) == MARKER_SLOTS  # Storma marks cards with wounds
    assert len(labels) == len(set(labels)) == len(catalogue.index)


@pytest.mark.parametrize("name, offered", [
    ("houska_castle", ["0", "1", "2"]),  # select(k in [0, 1, 2] | ...)
    ("examples/houska_longer_rest.yaml", ["0", "1", "2", "3"]),  # the variant's own list
    ("hoyers_trappe", ["closing pile", "new pile", "row[0]", "row[51]"]),  # through a rule function; piles by place
    ("supertrumf", ["strength", "physique", "magic", "wisdom", "speed"]),  # `attributes`
    ("tjugonio", ["bench", "board", "P1.piles[0]", "P2.piles[2]"]),
])
def test_values_a_choice_offers_are_found_in_the_file(name, offered):
    _, catalogue = load_ruleset(name)
    assert set(offered) <= set(catalogue.labels)
    assert not catalogue.markers


def write(tmp_path, choose_from: str) -> str:
    path = tmp_path / "offers.yaml"
    path.write_text(f"""name: Offers
players: 1
deck: {{standard: 52, start: draw}}
zones:
  draw: {{visibility: hidden}}
  hand: {{per_player: true, visibility: owner}}
setup:
  - draw 2 from draw to P1.hand
turn:
  first: P1
  do:
    - choose: n
      from: "{choose_from}"
    - win P1
end: []
""")
    return str(path)


def test_an_option_outside_the_catalogue_is_an_error_that_points_at_the_choice(tmp_path):
    game, catalogue = load_ruleset(write(tmp_path, "[count(P1.hand) * 5]"))  # offers 10, written nowhere
    st = new_game(game, 1, 1, quiet=True)
    with pytest.raises(ActionError, match=r"offers\.yaml:12:7: 'choose n' offers '10', which is not one of"):
        catalogue.actions(st.pending)


def test_two_options_alike_are_an_error(tmp_path):
    game, catalogue = load_ruleset(write(tmp_path, "[1, 1]"))
    st = new_game(game, 1, 1, quiet=True)
    assert st.pending.labels() == ["1", "1 (2)"]  # the engine numbers the second
    with pytest.raises(ActionError, match=r"offers '1 \(2\)', which is not one of"):
        catalogue.actions(st.pending)


def test_two_options_on_one_action_are_an_error(tmp_path):
    path = tmp_path / "passes.yaml"  # a reaction move named `pass`, beside the reaction window's own pass
    path.write_text("""name: Passes
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
turn:
  first: P1
  do:
    - choose move: [go]
moves:
  go: {do: []}
  pass: {do: ["win me"]}
reactions: {moves: [pass]}
end: []
""")
    game, catalogue = load_ruleset(str(path))
    st = new_game(game, 2, 1, quiet=True)
    apply_action(st, 0)
    assert st.pending.labels() == ["pass", "pass"]
    with pytest.raises(ActionError, match="offers 'pass' twice"):
        catalogue.actions(st.pending)


def test_markers_take_the_marker_actions_in_the_order_offered():
    _, catalogue = load_ruleset("storma_slottet")
    marks = [Option(f"marker{1_000_000 + n}", None, Marker(1_000_000 + n)) for n in range(3)]
    decision = Decision(0, "remove which?", (Option("5H", None, None), *marks), None, 0)
    actions = catalogue.actions(decision)
    assert actions == (catalogue.index["5H"], *catalogue.markers[:3])
    too_many = Decision(0, "remove which?", tuple(
        Option(f"marker{n}", None, Marker(n)) for n in range(MARKER_SLOTS + 1)), None, 0)
    with pytest.raises(ActionError, match=f"more than {MARKER_SLOTS} markers"):
        catalogue.actions(too_many)
