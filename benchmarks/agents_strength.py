"""How well the bots play: `mcts` against `random` and `greedy` in every shipped ruleset, and
every bot's distance from an equilibrium in the small poker games.

    python benchmarks/agents_strength.py [--games N] [--rulesets NAME ...] [--mcts SPEC]
                                         [--seed N] [--workers N] [--markdown]
                                         [--records FILE [--recorded]]
                                         [--poker NAME ...] [--poker-bots SPEC ...] [--poker-seeds N]
    python benchmarks/agents_strength.py --every [GAME ...] [--ceiling] [--against SPEC | --halves SPEC] [...]

With --every: every shipped game with real decisions (`EVERY`, at the seats given there), one
`mcts` seat against `random` seats, moved seat by seat: the win rate from each seat and in all
(a team's result in team games), the rate of a `random` seat in the same seats (the chance rate,
from ten times the games), the bar of issue 40 (70% with two seats, 1.8 times the chance rate
with more; a game of two teams is judged as two sides too, against 70%) and, with --ceiling, the rate of `mcts:peek=1`, which sees every hand (not the
stock's order: that is luck still to come): where the fair bot falls short of the bar, the
ceiling tells whether the game's luck caps it. With --against SPEC the other seats play SPEC
instead of `random` (say an earlier commit's mcts, `benchmarks/agents/mcts_at.py:MctsAt:rev=COMMIT`),
and the rate of a SPEC seat in the measured seat's place, on the same deals, stands beside it:
what the bot gained over SPEC, seat by seat. The last column is the share of the bot's searched
decisions in which every option came out exactly alike, neither all won nor all lost: nothing
the search reached told them apart, a sign that the ruleset's `bots: evaluate` changes too late
for the search to see.

With --halves SPEC (after --every) half the seats play `mcts` and half SPEC, alternating seat by
seat, and each deal is played both ways round: the share of the wins the `mcts` seats took (50%
when the two are as strong): every game's winner counts, not only whether one seat won. In a
team game, partners sit opposite, so it is team against team.

Poker (`--poker`, default Kuhn and Leduc): for each bot of `--poker-bots`, its policy at every
information set asked of `--poker-seeds` fresh bots, then exactly on the whole game
(`benchmarks/poker_bots.py`): its exploitability and, per seat, what it loses against an
equilibrium (Kuhn: the Nash agent of benchmarks/agents/kuhn_nash.py; Leduc: CFR+'s), with 95%
intervals from resampling its choices. Leduc has 936 information sets: a few seeds each is
already many searches.

Two-player rulesets: `mcts` against `random`, then against `greedy`, seats alternated game by
game. Høyers trappe, Go Fish and Crazy Eights: `mcts` against two `random` bots at three
players, `mcts` in each seat in turn (the win rate from each seat is shown too). Houska Castle
(solo): the monsters `mcts`, `greedy` and `random` defeat per game. Per
match it prints the games played, `mcts`'s win rate (or the mean defeated) with a 95% interval
(Wilson for rates, normal for means), and the CPU seconds `mcts` spent per decision it searched
(mean and worst; decisions with one option are not searched). Games are seeded: the same
arguments give the same games, and game i of a match is the same game whatever --games says.

With --records FILE every finished game is appended to FILE (JSON lines), and games already
there are not played again: a long run can be stopped and resumed, or widened from 100 games to
200 by playing only the second hundred. With --recorded it plays nothing and sums up each match
over the games recorded so far (from game 0 on, in a row): a table of a run still going.
"""
from __future__ import annotations

import argparse
import json
import math
import time
from concurrent.futures import ProcessPoolExecutor

from poker_bots import KUHN_NASH, REFERENCE_ITERATIONS, agent_policy, bot_figures
from rulelang.agents import build_agent, parse_agent_spec
from rulelang.agents.gametree import GameTree
from rulelang.agents.solve import CfrPlus
from rulelang.api import load_game
from rulelang.engine.rng import derive_seed
from rulelang.engine.session import play_game

DUELS = ["storma_slottet", "tjugonio", "supertrumf", "supertrumf_blixtduell"]
MULTI = {"hoyers_trappe": 3, "go_fish": 3, "crazy_eights": 3}
POKER = ["kuhn_poker", "leduc_poker"]
SOLO = {"houska_castle": "defeated"}  # the ruleset's report or variable to average
EVERY = {"hearts": 4, "spades": 4, "euchre": 4, "uno": 4, "crazy_eights": 3, "go_fish": 3, "texas_holdem": 3,
         "hoyers_trappe": 3, "gin_rummy": 2, "cribbage": 2, "yahtzee": 2, "liars_dice": 2, "blackjack": 2,
         "kuhn_poker": 2, "leduc_poker": 2, "storma_slottet": 2, "tjugonio": 2, "supertrumf": 2,
         "supertrumf_blixtduell": 2, "scopa": 2, "contract_bridge": 4, "sushi_go": 3, "durak": 3,
         "rummy_500": 2}  # game -> seats, one mcts seat against random ones (--every)
CHANCE_GAMES = 10  # random-seat games per mcts game, for the chance rate
Z = 1.96


class Timed:
    """An agent whose searched decisions are timed in CPU seconds, and counted where its search
    was blind (`MctsAgent.blind`: every option came out exactly alike, the game not yet decided)."""

    def __init__(self, agent):
        self.agent = agent
        self.times: list = []
        self.blind = 0
        if hasattr(agent, "view_type"):
            self.view_type = agent.view_type
        self.needs_view = getattr(agent, "needs_view", True)

    def choose(self, view, decision) -> int:
        """The agent's choice, timed when there was something to choose."""
        started = time.process_time()
        index = self.agent.choose(view, decision)
        if len(decision.options) > 1:
            self.times.append(time.process_time() - started)
            if getattr(self.agent, "blind", None) is not None and self.agent.blind():  # mcts
                self.blind += 1
        return index


def play(task) -> dict:
    """One game: (ruleset, specs, seat of the measured bot, seed) -> its outcome and timings."""
    ruleset, texts, measured, seed = task
    game = load_game(ruleset)
    agents = [Timed(build_agent(parse_agent_spec(text), seat, seed, game)) for seat, text in enumerate(texts)]
    st = play_game(game, agents, seed, quiet=True)
    figure = SOLO.get(ruleset)
    return {"seat": measured, "outcome": st.result[measured], "results": list(st.result),
            "times": [round(t, 4) for t in agents[measured].times], "blind": agents[measured].blind,
            "decisions": st.actions,
            "figure": st.vars.get(figure) if figure else None}


def wilson(wins: float, n: int) -> tuple:
    """The 95% Wilson interval of a rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return (centre - half, centre + half)


def mean_interval(values: list) -> tuple:
    """The mean and its 95% normal interval."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = Z * math.sqrt(var / n)
    return mean, mean - half, mean + half


def matches(rulesets: list, mcts: str) -> list:
    """(ruleset, label, seats, kind) of every match to play: kind is rate or mean."""
    out = []
    for name in rulesets:
        if name in SOLO:
            for bot in (mcts, "greedy", "random"):
                out.append((name, bot, [bot], "mean"))
        elif name in MULTI:
            out.append((name, f"{mcts} vs 2 random", [mcts] + ["random"] * (MULTI[name] - 1), "rate"))
        else:
            for other in ("random", "greedy"):
                out.append((name, f"{mcts} vs {other}", [mcts, other], "rate"))
    return out


def tasks(name: str, seats: list, games: int, seed: int) -> list:
    """The games of a match, the measured bot (seats[0]) moved one seat on each game."""
    out = []
    for index in range(games):
        shift = index % len(seats)
        order = seats[-shift:] + seats[:-shift] if shift else list(seats)
        out.append((name, order, shift, derive_seed(seed, index)))
    return out


class Records:
    """Finished games kept in a JSON-lines file, keyed by ruleset, seats and seed."""

    def __init__(self, path: str | None):
        self.path = path
        self.known: dict = {}
        if path:
            try:
                with open(path, encoding="utf-8") as lines:
                    for line in lines:
                        record = json.loads(line)
                        self.known[record.pop("key")] = record
            except FileNotFoundError:
                pass

    @staticmethod
    def key(task) -> str:
        """The identity of one game: ruleset, seats in order, seed."""
        ruleset, order, _, seed = task
        return f"{ruleset}|{','.join(order)}|{seed}"

    def recorded(self, work: list) -> list:
        """The records of the games of `work` recorded in a row from its first (nothing is played)."""
        found = []
        for task in work:
            if self.key(task) not in self.known:
                break
            found.append(self.known[self.key(task)])
        return found

    def play_all(self, work: list, pool) -> list:
        """The records of every game in work, playing only those not yet recorded."""
        missing = [task for task in work if self.key(task) not in self.known]
        played = pool.map(play, missing, chunksize=1) if pool else map(play, missing)
        for task, record in zip(missing, played):
            self.known[self.key(task)] = record
            if self.path:
                with open(self.path, "a", encoding="utf-8") as out:
                    out.write(json.dumps({"key": self.key(task), **record}) + "\n")
        return [self.known[self.key(task)] for task in work]


def run(name, label, seats, kind, games, seed, pool, records: Records, play_none: bool = False) -> dict | None:
    """Play one match and sum it up (`play_none`: sum up the games recorded so far; None if none are)."""
    started = time.perf_counter()
    work = tasks(name, seats, games, seed)
    records = records.recorded(work) if play_none else records.play_all(work, pool)
    if not records:
        return None
    games = len(records)
    times = [t for r in records for t in r["times"]]
    row = {"ruleset": name, "match": label, "games": games,
           "s_per_decision": sum(times) / len(times) if times else 0.0, "worst_s": max(times, default=0.0),
           "wall_s": time.perf_counter() - started,
           "blind": sum(r["blind"] for r in records) / len(times) if times and all("blind" in r for r in records)
           else None}
    if kind == "mean":
        row["mean"] = mean_interval([r["figure"] for r in records])
    else:
        wins = sum(score(r) for r in records)
        row["rate"] = (wins / games, *wilson(wins, games))
        seats = sorted({r.get("seat", 0) for r in records})
        if len(seats) > 1:
            by_seat = [[score(r) for r in records if r.get("seat", 0) == seat] for seat in seats]
            row["by_seat"] = [sum(got) / len(got) for got in by_seat]
    return row


def score(record: dict) -> float:
    """A game's worth to the measured bot: 1 a win, 1/2 a draw, 0 a loss."""
    return 1.0 if record["outcome"] == "win" else 0.5 if record["outcome"] == "draw" else 0.0


def show(row: dict, markdown: bool) -> str:
    """One line of the table."""
    if "rate" in row:
        value, low, high = row["rate"]
        figure = f"{100 * value:.0f}% wins [{100 * low:.0f}%, {100 * high:.0f}%]"
        if "by_seat" in row:
            figure += " (by seat: " + ", ".join(f"{100 * rate:.0f}%" for rate in row["by_seat"]) + ")"
    else:
        value, low, high = row["mean"]
        figure = f"{value:.2f} defeated [{low:.2f}, {high:.2f}]"
    timing = f"{row['s_per_decision']:.3f} s (worst {row['worst_s']:.2f} s)" if row["s_per_decision"] else "-"
    cells = [row["ruleset"], row["match"], str(row["games"]), figure, timing]
    return "| " + " | ".join(cells) + " |" if markdown else "  ".join(cells)


def every_game(names: list, mcts: str, games: int, seed: int, pool, records: Records, ceiling: bool,
               play_none: bool, markdown: bool, against: str = "random") -> None:
    """Print, per game, one `mcts` seat's win rate against `against` seats beside the rate of an
    `against` seat in its place (against random seats: the chance rate, from ten times the games),
    the bar (against random seats), and (`ceiling`) a peeking mcts's rate."""
    alone = against == "random"
    head = ["game", "seats", "games", "chance (random seat)" if alone else "the others' bot in that seat [95%]",
            "mcts win rate [95%] (by seat)", "bar", "ceiling (peek) [95%]", "mcts s/decision (worst)",
            "searches blind"]
    print("| " + " | ".join(head) + " |\n|" + "---|" * len(head) if markdown else "  ".join(head))
    for name in names:
        seats = EVERY[name]
        rows = {}
        for label, bot, count in (("chance", against, games * CHANCE_GAMES if alone else games),
                                  ("mcts", mcts, games), ("peek", "mcts:peek=1", games)):
            if label == "peek" and not ceiling:
                continue
            rows[label] = run(name, label, [bot] + [against] * (seats - 1), "rate", count, seed, pool, records,
                              play_none)
        mine, chance = rows["mcts"], rows["chance"]
        if mine is None or chance is None:
            continue
        bar = 0.7 if seats == 2 else 1.8 * chance["rate"][0]
        rate = mine["rate"][0]
        judged = f"{100 * bar:.0f}%: " + ("met" if rate >= bar else "short")
        if seats > 2 and sides(name, seats) == 2:  # two teams: a two-sided game, judged both ways
            judged += "; as two sides, 70%: " + ("met" if rate >= 0.7 else "short")
        cells = [name, str(seats), str(mine["games"]),
                 f"{100 * chance['rate'][0]:.0f}%" if alone else percent_interval(chance["rate"]),
                 percent_interval(mine["rate"]) + " (" +
                 ", ".join(f"{100 * r:.0f}" for r in mine.get("by_seat", ())) + ")",
                 judged if alone else "-",
                 percent_interval(rows["peek"]["rate"]) if rows.get("peek") else "-",
                 f"{mine['s_per_decision']:.3f} ({mine['worst_s']:.2f})",
                 "-" if mine["blind"] is None else f"{100 * mine['blind']:.0f}%"]
        print("| " + " | ".join(cells) + " |" if markdown else "  ".join(cells), flush=True)


def halves(names: list, mcts: str, other: str, games: int, seed: int, pool, records: Records, play_none: bool,
           markdown: bool) -> None:
    """Print, per game, the share of the wins the `mcts` seats took where half the seats play
    `mcts` and half `other`, seat by seat in turn, each deal played both ways round (so each bot
    holds every seat equally often; in a team game with partners opposite, team against team)."""
    head = ["game", "seats", "games", "wins taken by the mcts seats [95%]", "with mcts in seat 1 / seat 2",
            "mcts s/decision (worst)"]
    print("| " + " | ".join(head) + " |\n|" + "---|" * len(head) if markdown else "  ".join(head))
    for name in names:
        seats = EVERY[name]
        work = []
        for index in range(games):
            turn = index % 2
            order = [mcts if (seat + turn) % 2 == 0 else other for seat in range(seats)]
            work.append((name, order, turn, derive_seed(seed, index // 2)))
        done = records.recorded(work) if play_none else records.play_all(work, pool)
        if not done:
            continue
        shares = [mcts_share(record["results"], task[1], mcts) for record, task in zip(done, work)]
        by_turn = [[share for share, task in zip(shares, work) if task[2] == turn] for turn in (0, 1)]
        times = [t for record in done for t in record["times"]]
        taken = sum(shares)  # (as wins counted with draws: a game shared counts its share)
        cells = [name, str(seats), str(len(done)), percent_interval((taken / len(done), *wilson(taken, len(done)))),
                 " / ".join(f"{100 * sum(got) / len(got):.0f}%" if got else "-" for got in by_turn),
                 f"{sum(times) / len(times):.3f} ({max(times):.2f})" if times else "-"]
        print("| " + " | ".join(cells) + " |" if markdown else "  ".join(cells), flush=True)


def mcts_share(results: list, order: list, mcts: str) -> float:
    """The share of a game's wins (a draw half a win) that went to the seats playing `mcts`."""
    worth = [1.0 if result == "win" else 0.5 if result == "draw" else 0.0 for result in results]
    total = sum(worth)
    return sum(w for w, spec in zip(worth, order) if spec == mcts) / total if total else 0.5


def sides(name: str, seats: int) -> int:
    """How many sides play a game of `name` at this many seats (teams play as one)."""
    teams = load_game(name).teams
    return len(set(teams.team_of(seats))) if teams else seats


def percent_interval(rate: tuple) -> str:
    """A rate and its 95% interval, (rate, low, high), in whole percents: `48% [43, 54]`."""
    value, low, high = rate
    return f"{100 * value:.0f}% [{100 * low:.0f}, {100 * high:.0f}]"


def main() -> None:
    """Parse the arguments, play every match, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per match (default 200)")
    parser.add_argument("--rulesets", nargs="*", default=DUELS + list(MULTI) + list(SOLO))
    parser.add_argument("--poker", nargs="*", default=POKER, help="poker games to measure exactly (none: skip)")
    parser.add_argument("--poker-bots", nargs="*", default=["random", "greedy", "mcts", "cfr"])
    parser.add_argument("--poker-seeds", type=int, default=20, help="fresh bots asked per information set")
    parser.add_argument("--mcts", default="mcts", help="the spec of the bot measured (default: mcts)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes to play in")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    parser.add_argument("--records", help="JSON-lines file of finished games, to resume or widen a run")
    parser.add_argument("--recorded", action="store_true",
                        help="play nothing: sum up each match over its games in --records so far "
                             "(game 0 on, in a row, at most --games)")
    parser.add_argument("--every", nargs="*", metavar="GAME",
                        help="one mcts seat against randoms in these games (none named: all of EVERY), "
                             "in place of the matches above")
    parser.add_argument("--ceiling", action="store_true", help="with --every: the rate of mcts:peek=1 too")
    parser.add_argument("--against", default="random", metavar="SPEC",
                        help="with --every: the bot in the other seats (default random), e.g. an earlier "
                             "commit's mcts: benchmarks/agents/mcts_at.py:MctsAt:rev=COMMIT")
    parser.add_argument("--halves", metavar="SPEC",
                        help="with --every: half the seats mcts, half SPEC, seat by seat in turn, each deal "
                             "both ways round; the share of the wins the mcts seats took")
    args = parser.parse_args()
    if args.every is not None:
        pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
        try:
            if args.halves:
                halves(args.every or list(EVERY), args.mcts, args.halves, args.games, args.seed, pool,
                       Records(args.records), args.recorded, args.markdown)
            else:
                every_game(args.every or list(EVERY), args.mcts, args.games, args.seed, pool,
                           Records(args.records), args.ceiling, args.recorded, args.markdown, args.against)
        finally:
            if pool:
                pool.shutdown()
        return
    if args.markdown:
        print("| ruleset | match | games | mcts result (95% interval) | mcts CPU s per decision |")
        print("|---|---|---|---|---|")
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        records = Records(args.records)
        for name, label, seats, kind in matches(args.rulesets, args.mcts):
            row = run(name, label, seats, kind, args.games, args.seed, pool, records, play_none=args.recorded)
            if row is not None:
                print(show(row, args.markdown), flush=True)
    finally:
        if pool:
            pool.shutdown()
    for name in args.poker:
        poker_table(name, args.poker_bots, args.poker_seeds, args.seed, args.markdown)


def poker_table(name: str, bots: list, seeds: int, seed: int, markdown: bool) -> None:
    """Print each bot's exploitability and its loss against an equilibrium per seat in a poker game."""
    game = load_game(name)
    tree = GameTree(game, 2, keep_states=True)
    solver = CfrPlus(tree)
    solver.run(REFERENCE_ITERATIONS)
    opponent = KUHN_NASH if name == "kuhn_poker" else "cfr"
    reference = agent_policy(tree, game, opponent) or solver.average()
    print(f"\n{name}: loss against an equilibrium ({opponent}), chips per hand, with 95% intervals")
    if markdown:
        print("| bot | exploitability | loss as P1 | loss as P2 | CPU s per decision |")
        print("|---|---|---|---|---|")
    for bot in bots:
        figures, spread, cost = bot_figures(tree, game, bot, reference, seeds, seed, 300)
        cells = [bot, _interval(figures["exploitability"], spread["exploitability"])]
        cells += [_interval(row["loss_to_equilibrium"], spread[seat]) for seat, row in enumerate(figures["seats"])]
        cells.append("exact" if cost is None else f"{cost:.3f}")
        print("| " + " | ".join(cells) + " |" if markdown else "  ".join(cells), flush=True)


def _interval(value: float, bounds: tuple) -> str:
    return f"{value:+.4f} [{bounds[0]:+.4f}, {bounds[1]:+.4f}]"


if __name__ == "__main__":
    main()
