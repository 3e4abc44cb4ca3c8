"""Pictures of runs (`--plot`): how long games last, how scores spread, and, for a comparison,
each seat's win rate with its 95% interval, file beside file. A .png, or an .html page that
holds the same drawing as inline SVG. Needs matplotlib (the `plot` extra).
"""
from __future__ import annotations

import html
import io
from pathlib import Path

MAX_BARS = 60  # a distribution is drawn in at most this many bins


def plot_runs(path: str, runs: list) -> None:
    """Draw one run (simulate) or a base and its variants (compare) to `path` (.png or .html)."""
    figure = _figure(runs)
    if Path(path).suffix.lower() == ".html":
        Path(path).write_text(_page(figure, runs), encoding="utf-8")
    else:
        figure.savefig(path, format="png", dpi=100)


def _figure(runs: list):
    from matplotlib.figure import Figure
    scored = any(tally.squares for run in runs for tally in run.totals.scores)
    panels = [_lengths] + ([_scores] if scored else []) + ([_win_rates] if len(runs) > 1 else [])
    figure = Figure(figsize=(6.4 * len(panels), 4.4), layout="constrained")
    for axes, draw in zip(figure.subplots(1, len(panels), squeeze=False)[0], panels):
        draw(axes, runs)
    figure.suptitle(_text(_title(runs)))
    return figure


def _lengths(axes, runs: list) -> None:
    _distributions(axes, [(_name(run, runs), run.totals.histograms.get("decisions"), run.totals.games)
                          for run in runs])
    axes.set(title="game length", xlabel="decisions per game", ylabel="share of games")


def _scores(axes, runs: list) -> None:
    curves = []
    for run in runs:
        for seat in range(run.totals.seats):
            label = f"{_name(run, runs)} P{seat + 1}" if len(runs) > 1 else f"P{seat + 1}"
            curves.append((label, run.totals.histograms.get(f"score {seat}"), run.totals.games))
    _distributions(axes, curves)
    axes.set(title="final scores", xlabel="score", ylabel="share of games")


def _win_rates(axes, runs: list) -> None:
    seats = min(run.totals.seats for run in runs)
    width = 0.8 / len(runs)
    for number, run in enumerate(runs):
        rows = {row.key: row.estimate for row in run.rows()}
        rates = [rows[f"P{seat + 1}.win_rate"] for seat in range(seats)]
        places = [seat + (number - (len(runs) - 1) / 2) * width for seat in range(seats)]
        errors = [[r.value - r.low for r in rates], [r.high - r.value for r in rates]]
        axes.bar(places, [r.value for r in rates], width, yerr=errors, capsize=4, label=_name(run, runs))
    axes.set_xticks(range(seats), [f"P{seat + 1}" for seat in range(seats)])
    axes.set(title="win rate per seat (95% interval)", ylabel="share of games", ylim=(0, 1))
    axes.legend(fontsize="small")


def _distributions(axes, curves: list) -> None:
    """Step curves of `(label, histogram, games)`, all over the same bins."""
    curves = [curve for curve in curves if curve[1] and curve[1].counts]
    if not curves:
        return
    bars = [bar for _, histogram, _ in curves for bar in histogram.bars()]
    # widths are powers of two: slots of a multiple of the widest, aligned to it, hold whole
    # bins of every histogram (else slots of 6 and 7 bins alternate and the curve zigzags)
    widest = max(histogram.width for _, histogram, _ in curves)
    first, last = min(bar[0] for bar in bars) // widest * widest, max(bar[1] for bar in bars)
    step = widest * max(1, -(-(last - first) // (MAX_BARS * widest)))
    slots = -(-(last - first) // step)
    edges = [first + step * k for k in range(slots + 1)]
    for label, histogram, games in curves:
        shares = [0.0] * slots
        for low, _, count in histogram.bars():
            shares[(low - first) // step] += count / games
        axes.stairs(shares, edges, label=_text(label))
    axes.legend(fontsize="small")


def _name(run, runs: list) -> str:
    return Path(run.ruleset).stem if len(runs) > 1 else f"{run.totals.games:,} games"


def _title(runs: list) -> str:
    names = [Path(run.ruleset).stem for run in runs]
    agents = ", ".join(spec.text or spec.name for spec in runs[0].specs)
    return f"{names[0]}{' against ' + ', '.join(names[1:]) if len(names) > 1 else ''} ({agents})"


def _text(label: str) -> str:
    return label.replace("$", r"\$")  # names from files are text, never matplotlib math


def _page(figure, runs: list) -> str:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg")
    svg = buffer.getvalue()
    svg = svg[svg.index("<svg"):]
    title = html.escape(_title(runs))
    return (f"<!DOCTYPE html>\n<html lang=\"en\">\n"
            f"<head><meta charset=\"utf-8\"><title>{title}</title></head>\n"
            f"<body>\n<h1>{title}</h1>\n{svg}\n</body>\n</html>\n")
