"""compare: the same seeds and agents for every file, differences with intervals and sentences,
plots that are real PNG and HTML files, a progress bar only on a terminal."""
import io
import json
from html.parser import HTMLParser

import pytest
from click.testing import CliRunner
from rich.console import Console

from rulelang.agents import parse_players
from rulelang.analysis.compare import compare
from rulelang.analysis.plot import _distributions
from rulelang.analysis.stats import Estimate, wilson
from rulelang.analysis.totals import Histogram
from rulelang.analysis.wording import nice_below, round_up, shown, shown_whole, verdict
from rulelang.cli.main import main
from rulelang.cli.progress import progress_bar

MINIMAL = "tests/data/minimal.yaml"
TWO = parse_players("random,random")


def invoke(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture
def longer(tmp_path):
    """A house rule of the minimal game: eight tricks instead of five."""
    path = tmp_path / "longer.yaml"
    path.write_text(open(MINIMAL).read().replace("tricks >= 5", "tricks >= 8"))
    return str(path)


def test_a_file_against_itself_plays_the_same_games_and_finds_no_difference():
    comparison = compare([MINIMAL, MINIMAL], 30, TWO, seed=9)
    base, same = (run.as_json() for run in comparison.runs)
    assert base["results"] == same["results"] and base["figures"] == same["figures"]
    differences = comparison.differences(comparison.runs[1])
    assert differences and not any(d.real for d in differences)
    assert all(d.difference.value == 0 for d in differences)


def test_a_longer_game_is_a_real_difference_in_words(longer):
    comparison = compare([MINIMAL, longer], 40, TWO, seed=1)
    by_key = {d.row.key: d for d in comparison.differences(comparison.runs[1])}
    decisions = by_key["decisions"]
    assert decisions.real and decisions.difference.low > 0
    assert decisions.sentence().startswith("A game takes 32 ± 0 decisions instead of 20 ± 0")
    assert "decisive" not in by_key or "the same in every game" in by_key["decisive"].sentence()


def test_compare_json_has_intervals_and_differences(longer):
    result = invoke("compare", MINIMAL, longer, "--games", "20", "--seed", "5", "--json")
    data = json.loads(result.output)
    assert result.exit_code == 0 and data["games"] == 20 and data["confidence"] == 0.95
    assert [run["ruleset"] for run in data["rulesets"]] == [MINIMAL, longer]
    assert set(data["rulesets"][1]["results"][0]["win_rate"]) == {"value", "low", "high"}
    (variant,) = data["differences"]
    assert variant["base"] == MINIMAL and variant["ruleset"] == longer
    figure = next(f for f in variant["figures"] if f["figure"] == "P1.win_rate")
    assert figure["difference"]["low"] <= figure["difference"]["value"] <= figure["difference"]["high"]
    assert figure["sentence"].startswith("P1 wins ")


def test_compare_table_prints_each_file_and_the_sentences(longer):
    result = invoke("compare", MINIMAL, longer, "--games", "20")
    assert result.exit_code == 0
    assert "longer against minimal" in result.output
    assert "* A game takes 32 ± 0 decisions instead of 20 ± 0: a real difference" in result.output


def test_compare_refuses_a_player_count_a_variant_cannot_seat(tmp_path):
    two_only = tmp_path / "two.yaml"
    two_only.write_text(open(MINIMAL).read().replace("players: [2, 4]", "players: [2, 2]"))
    result = invoke("compare", MINIMAL, str(two_only), "--games", "2", "--players", "random,random,random")
    assert result.exit_code == 2 and "takes 2 players, not 3" in result.output


def test_plots_are_valid_png_and_html(tmp_path, longer):
    png, page = tmp_path / "c.png", tmp_path / "c.html"
    assert invoke("compare", MINIMAL, longer, "--games", "15", "--plot", str(png)).exit_code == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert invoke("simulate", MINIMAL, "--games", "15", "--plot", str(page)).exit_code == 0
    text = page.read_text(encoding="utf-8")
    tags = TagCounter()
    tags.feed(text)
    assert text.startswith("<!DOCTYPE html>") and tags.opened == tags.closed
    assert tags.opened["svg"] == 1 and tags.opened["html"] == 1


class Stairs:
    """Axes that keep what is drawn on them."""

    def __init__(self):
        self.drawn = []

    def stairs(self, shares, edges, label):
        self.drawn.append((shares, edges))

    def legend(self, **options):
        pass


def test_plot_slots_hold_whole_bins_so_an_even_spread_draws_flat():
    histogram = Histogram()
    for value in range(1000):  # more than MAX_BINS values: bins two wide
        histogram.add(value)
    axes = Stairs()
    _distributions(axes, [("all", histogram, 1000)])
    (shares, edges), = axes.drawn
    assert histogram.width == 2 and len(set(shares[:-1])) == 1 and len(edges) == len(shares) + 1
    assert sum(shares) == pytest.approx(1)


class TagCounter(HTMLParser):
    """Counts opened and closed tags (void tags aside)."""

    VOID = {"meta", "br", "img", "input", "link"}

    def __init__(self):
        super().__init__()
        self.opened, self.closed = {}, {}

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            self.opened[tag] = self.opened.get(tag, 0) + 1

    def handle_endtag(self, tag):
        self.closed[tag] = self.closed.get(tag, 0) + 1


def test_the_progress_bar_shows_games_on_a_terminal_and_nothing_elsewhere():
    screen = io.StringIO()
    terminal = Console(file=screen, force_terminal=True, width=100)
    with progress_bar(5, "simulating", console=terminal) as advance:
        for _ in range(5):
            advance(1)
    assert "simulating" in screen.getvalue() and "5/5" in screen.getvalue()
    pipe = io.StringIO()
    with progress_bar(5, "simulating", console=Console(file=pipe, force_terminal=False)) as advance:
        assert advance is None
    terminal = Console(file=pipe, force_terminal=True)
    with progress_bar(5, "simulating", show=False, console=terminal) as advance:
        assert advance is None
    assert pipe.getvalue() == ""


@pytest.mark.parametrize("estimate,kind,text", [
    (Estimate(0.58, 0.56, 0.60), "rate", "58% ± 2"),
    (Estimate(0.513, 0.509, 0.517), "rate", "51.3% ± 0.4"),
    (Estimate(0.0, 0.0, 0.09), "rate", "0% (0–9%)"),
    (Estimate(312.4, 307.1, 317.7), "mean", "312 ± 5"),
    (Estimate(3.276, 3.155, 3.397), "mean", "3.28 ± 0.12"),
    (Estimate(0.05, -0.01, 0.11), "share", "+5% ± 6"),
    (Estimate(-0.001, -0.04, 0.038), "share", "+0% ± 4"),
    (Estimate(16126, 15060, 17192), "mean", "16,100 ± 1,100"),
    (Estimate(0.0005, -0.0005, 0.0015), "mean", "0.0005 ± 0.0010"),
])
def test_figures_are_shown_with_as_many_digits_as_the_interval_allows(estimate, kind, text):
    assert shown(estimate, kind) == text


@pytest.mark.parametrize("wins, losses, draws", [(1, 1, 4), (17, 23, 0), (3, 3, 3)])
def test_a_seats_wins_losses_and_draws_are_shown_adding_up_to_100_percent(wins, losses, draws):
    games = wins + losses + draws
    narrow = [Estimate(n / games, n / games - 0.03, n / games + 0.03) for n in (wins, losses, draws)]  # to units
    for estimates in (narrow, [wilson(n, games) for n in (wins, losses, draws)]):
        texts = shown_whole(estimates)
        assert sum(float(text.split("%")[0]) for text in texts) == 100, texts


def test_the_verdict_says_how_many_games_would_find_a_difference():
    assert verdict(Estimate(0.07, 0.04, 0.10), "rate", 2000) == "a real difference"
    assert verdict(Estimate(0.01, -0.02, 0.04), "rate", 2000) == (
        "no difference found at this sample size; 18,000 games would detect ±1%")
    assert (nice_below(1.5), nice_below(0.45), nice_below(7)) == (1, 0.2, 5)
    assert (round_up(99), round_up(1234), round_up(19_137)) == (99, 1300, 20_000)
