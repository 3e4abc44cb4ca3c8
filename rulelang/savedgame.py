"""A saved game opened to go on with (`play --resume`) or to step through (`replay`).

A record is data that may come from anyone (a saved game shared on a forum), so it is checked
whole before anything of it runs, and every error names its place in the record's file:

- the file is read with bounds and every field checked (engine/recordfile.py);
- its seats' agent specs are read with their bounds, and an agent file is never loaded from a
  record: such a seat must be named again on the command line (`--players`);
- its ruleset may lie only where a rule file's `extends:` may: a packaged ruleset, a `.yaml`
  file under the record's own folder, or a folder allowed with `--allow-path` (unless the
  user names the ruleset on the command line); a file that does not load as a rule file is
  refused without a line of it shown;
- every decision is replayed, and one that is not legal where it is taken is refused; a record
  whose game stopped on an error (a bound it broke) opens up to the decision that failed.
"""
from __future__ import annotations

import os

import attrs

from .agents.spec import parse_agent_spec
from .api import load_game
from .engine.record import RecordError, Stop, replay_to_stop
from .engine.recordfile import place_in_json, placed, read_record
from .errors import Position
from .language.reach import Reach


@attrs.frozen
class SavedGame:
    """A record opened: its ruleset's game, the record up to where its game stopped (all of it,
    unless a decision stopped the game on an error: `stop` says which, and why), and its seats' specs."""

    game: object
    record: object
    specs: list
    over: bool  # whether the game in it reached its end
    stop: Stop | None = None


def open_saved_game(path: str, allow: tuple = (), ruleset: str | None = None, players_given: bool = False,
                    debug: bool = False) -> SavedGame:
    """The record file at `path`, checked whole and replayed.

    `ruleset`, named by the user, replaces the record's; `players_given`: the user seats their
    own agents, so the record's may name agent files (which are read, never loaded).
    """
    record, text = read_record(path)
    try:
        specs = record_specs(record, players_given)
        located = ruleset if ruleset is not None else find_ruleset(record.ruleset, path, text, allow)
        game = load_game(located, allow)
        record = attrs.evolve(record, ruleset=os.path.abspath(located) if os.path.exists(located) else located)
        st, stop = replay_to_stop(game, record, debug=debug)
    except RecordError as err:
        raise placed(err, path, text) if err.position is None else err from None
    if stop is not None:
        record = record.with_decisions(record.decisions[:stop.position])
    return SavedGame(game, record, specs, st.result is not None, stop)


def record_specs(record, players_given: bool) -> list:
    """The record's seats' agent specs, each within its bounds; an agent file only when the
    user seats their own agents instead."""
    specs = []
    for seat, text in enumerate(record.players):
        try:
            spec = parse_agent_spec(text, load_files=False)
        except ValueError as err:
            raise RecordError(f"the agent of seat P{seat + 1}: {err}", ("players", seat)) from None
        if spec.path is not None and not players_given:
            raise RecordError(f"seat P{seat + 1} is an agent file ({spec.text}), and a saved game never loads "
                              f"code: to run that agent, name it yourself with --players", ("players", seat))
        specs.append(spec)
    return specs


def find_ruleset(name: str, path: str, text: str, allow: tuple) -> str:
    """The rule file a record names, found where a record may name one (see the module's docstring)."""
    line, column = place_in_json(text, ("ruleset",))
    return Reach(allow).find(name, path, Position(path, line, column))
