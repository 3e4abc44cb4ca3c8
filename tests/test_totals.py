"""Running totals: exact, and the same whatever order chunks are merged in."""
import random
from fractions import Fraction

from rulelang.analysis.totals import MAX_BINS, MAX_ERROR_DETAILS, Histogram, Tally, Totals


def record(index, outcome=("win", "loss"), scores=(3, 1), decisions=10, report=None):
    return {"index": index, "seed": index * 7, "outcome": list(outcome), "scores": list(scores),
            "figures": {"decisions": decisions, "turns": decisions // 2, "decisive": 1},
            "report": report or {}}


def merged(parts):
    total = Totals(2)
    for part in parts:
        total.merge(part)
    return total


def test_tallies_are_exact_even_for_floats():
    tally = Tally()
    for value in (0.1, 0.2, 0.7, True):
        tally.add(value)
    assert tally.n == 4
    assert tally.total == Fraction(0.1) + Fraction(0.2) + Fraction(0.7) + 1
    assert isinstance(Tally().total, int)


def test_histograms_double_their_bins_the_same_way_in_any_merge_order():
    rng = random.Random(5)
    values = [rng.randrange(0, 5000) for _ in range(3000)]
    whole = Histogram()
    for value in values:
        whole.add(value)
    parts = []
    for start in range(0, len(values), 700):
        part = Histogram()
        for value in values[start:start + 700]:
            part.add(value)
        parts.append(part)
    rng.shuffle(parts)
    joined = Histogram()
    for part in parts:
        joined.merge(part)
    assert len(whole.counts) <= MAX_BINS and whole.width > 1
    assert (joined.width, joined.counts) == (whole.width, whole.counts)
    assert sum(count for _, _, count in whole.bars()) == len(values)


def test_totals_merged_in_any_order_equal_totals_counted_at_once():
    rng = random.Random(3)
    records = [record(i, rng.choice([("win", "loss"), ("loss", "win"), ("draw", "draw")]),
                      (rng.random() * 10, rng.randrange(9)), rng.randrange(5, 400), {"r": rng.random()})
               for i in range(500)]
    at_once = Totals(2)
    for one in records:
        at_once.add(one)
    chunks = []
    for start in range(0, 500, 37):
        chunk = Totals(2)
        for one in records[start:start + 37]:
            chunk.add(one)
        chunks.append(chunk)
    rng.shuffle(chunks)
    together = merged(chunks)
    assert together.outcomes == at_once.outcomes
    sums = [[(t.n, t.total, t.squares) for t in totals.scores] for totals in (together, at_once)]
    assert sums[0] == sums[1]
    assert together.report["r"].mean() == at_once.report["r"].mean()
    assert together.figures["decisions"].mean() == at_once.figures["decisions"].mean()
    assert together.actions == at_once.actions == sum(r["figures"]["decisions"] for r in records)


def test_failing_games_are_counted_and_the_first_ones_kept_with_their_seeds():
    parts = []
    for start in (300, 0, 150):
        part = Totals(2)
        for index in range(start, start + 150):
            part.add({"index": index, "seed": index * 7, "error": f"boom {index}"})
        parts.append(part)
    total = merged(parts)
    assert total.games == total.errors == 450
    assert total.error_details == [(i, i * 7, f"boom {i}") for i in range(MAX_ERROR_DETAILS)]
