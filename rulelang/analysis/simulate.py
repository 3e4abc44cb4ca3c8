"""Play many seeded games with bots and summarise the results, optionally in parallel."""
from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor

from ..agents import random_agents
from ..engine.rng import derive_seed
from ..engine.session import play_game, scores
from ..errors import RulelangError


def run_chunk(path: str, players: int, seed: int, indexes: list, debug: bool, allow: tuple = ()) -> list:
    """Play the games with these indexes; one record per game (a worker rebuilds the ruleset)."""
    from ..api import load_game
    game = load_game(path, allow)
    records = []
    for index in indexes:
        game_seed = derive_seed(seed, index)
        try:  # a game whose play, scores or report fail is recorded with its seed; the others go on
            st = play_game(game, random_agents(players, game_seed), game_seed, debug=debug, quiet=True)
            records.append({"index": index, "seed": game_seed, "outcome": list(st.result),
                            "scores": scores(st), "actions": st.actions,
                            "report": {k: f(st, {"me": None}) for k, f in game.report.items()}})
        except RulelangError as err:
            records.append({"index": index, "seed": game_seed, "error": str(err)})
    return records


def simulate(path: str, games: int, players: int, seed: int = 0, workers: int = 1,
             debug: bool = False, allow: tuple = ()) -> dict:
    """Play `games` random games; the summary keys are fixed by DESIGN.md."""
    started = time.perf_counter()
    indexes = list(range(games))
    if workers <= 1 or games < 2:
        records = run_chunk(path, players, seed, indexes, debug, allow)
    else:
        chunks = [indexes[i::workers] for i in range(workers)]
        with ProcessPoolExecutor(max_workers=workers) as pool:
            parts = pool.map(run_chunk, [path] * workers, [players] * workers, [seed] * workers,
                             chunks, [debug] * workers, [allow] * workers)
            records = sorted((r for part in parts for r in part), key=lambda r: r["index"])
    return summarise(records, players, time.perf_counter() - started)


def summarise(records: list, players: int, elapsed: float) -> dict:
    """Totals per seat (wins, losses, draws, mean score), errors with their seeds, figures."""
    played = [r for r in records if "error" not in r]
    errors = [r for r in records if "error" in r]
    results = []
    for seat in range(players):
        outcomes = [r["outcome"][seat] for r in played]
        results.append({
            "seat": f"P{seat + 1}",
            "wins": outcomes.count("win"),
            "losses": outcomes.count("loss"),
            "draws": outcomes.count("draw"),
            "mean_score": round(sum(r["scores"][seat] for r in played) / len(played), 3) if played else 0,
        })
    report = {}
    for key in (played[0]["report"] if played else {}):
        values = [r["report"][key] for r in played]
        report[key] = {"mean": round(sum(values) / len(values), 3), "per_game": values}
    return {
        "games": len(records),
        "errors": len(errors),
        "error_details": [{"game": r["index"], "seed": r["seed"], "error": r["error"]} for r in errors],
        "actions": sum(r["actions"] for r in played),
        "elapsed_s": round(elapsed, 3),
        "results": results,
        "report": report,
    }
