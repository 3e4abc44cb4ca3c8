"""The warnings about the shape of play, and that finding them takes time in proportion to the file."""
import sys
import time
from pathlib import Path

import pytest

from rulelang.api import check
from rulelang.kit.names import suggest
from rulelang.language.graphs import components, on_cycles

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import validate_speed  # noqa: E402  (the generators of large rule files)

MINIMAL = (Path(__file__).resolve().parent / "data" / "minimal.yaml").read_text(encoding="utf-8")


def warnings_of(tmp_path, extra: str) -> list:
    path = tmp_path / "game.yaml"
    path.write_text(MINIMAL.replace("vars:\n  tricks: 0\n", "vars:\n  tricks: 0\n  x: 0\n  y: 0\n") + extra,
                    encoding="utf-8")
    found = check(str(path))
    assert not [d for d in found if d.severity == "error"]
    return [d.message for d in found if "cycle" in d.message]


def test_one_warning_names_every_trigger_of_a_cycle(tmp_path):
    found = warnings_of(tmp_path, """
procedures:
  "pass_on(n)": ["set tricks = n"]
triggers:
  - {name: a, when: "tricks == 1", do: ["call pass_on(2)"]}
  - {name: b, when: "tricks == 2", do: ["set tricks = 3"]}
  - {name: c, when: "tricks == 3", do: ["set tricks = 1"]}
  - {name: d, when: "tricks == 9", do: ["set tricks = 0"]}
  - {name: e, when: "tricks == 8", do: ["set tricks = 0"]}
  - {name: f, when: "tricks == 7", do: ["set tricks = 0"]}
""")
    assert found == ["triggers 'a', 'b', 'c', 'd', 'e' and 1 more can set each other off in a cycle (through tricks)"]


def test_separate_cycles_are_told_apart_and_a_trigger_alone_is_no_cycle(tmp_path):
    found = warnings_of(tmp_path, """
triggers:
  - {name: a, when: "tricks > 0", do: ["set x = 1"]}
  - {name: b, when: "x > 0", do: ["set tricks = 0"]}
  - {name: c, when: "y > 0", do: ["set y = 0"]}
  - {name: d, when: "y > 0", do: ["set y = 0"]}
  - {name: e, when: "x > 5", do: ["set y = 1"]}
  - {name: alone, when: "count(draw) > 99", do: ["shuffle draw"]}
""")
    assert found == ["triggers 'a' and 'b' can set each other off in a cycle (through tricks, x)",
                     "triggers 'c' and 'd' can set each other off in a cycle (through y)"]


def test_writes_are_followed_through_procedures_that_call_each_other(tmp_path):
    found = warnings_of(tmp_path, """
procedures:
  "ping(n)": [{if: "n > 0", then: ["call pong(n - 1)"]}]
  "pong(n)": ["call ping(n)", "set x = n"]
triggers:
  - {name: a, when: "tricks == 1", do: ["call ping(2)"]}
  - {name: b, when: "x == 2", do: ["set tricks = 1"]}
""")
    assert found == ["triggers 'a' and 'b' can set each other off in a cycle (through tricks, x)"]


@pytest.mark.parametrize("make, size, seconds", [
    (validate_speed.trigger_cycle, 200, 3),
    (validate_speed.procedure_ladder, 40, 2),
    (validate_speed.procedure_ladder, 1000, 6),
])
def test_tangled_files_are_checked_in_time(tmp_path, make, size, seconds):
    path = tmp_path / "tangled.yaml"
    path.write_text(make(size), encoding="utf-8")
    started = time.process_time()
    found = check(str(path))
    assert time.process_time() - started < seconds
    assert all(d.severity == "warning" for d in found)


def test_components_come_callees_first_and_cycles_are_found():
    edges = {"a": ["b"], "b": ["c", "a"], "c": ["d"], "d": [], "e": ["e"]}
    assert components(edges) == [["d"], ["c"], ["a", "b"], ["e"]]
    assert on_cycles(edges) == {"a", "b", "e"}


def test_a_long_chain_needs_no_recursion():
    edges = {i: [i + 1] for i in range(50_000)}
    assert len(components(edges)) == 50_001


@pytest.mark.parametrize("name, candidates, wanted", [
    ("discrd", {"discard", "draw"}, " (did you mean 'discard'?)"),
    ("v99x", {f"v{i}" for i in range(5000)}, " (did you mean 'v99'?)"),
    ("cuont_12", {f"count_{i}" for i in range(5000)}, " (did you mean 'count_12'?)"),
    ("zzz", {f"count_{i}" for i in range(5000)}, ""),
])
def test_suggestions_among_few_and_many_names(name, candidates, wanted):
    assert suggest(name, candidates) == wanted


def test_a_hidden_variable_that_keeps_a_cards_value_is_warned_about(tmp_path):
    """Search bots' samples re-deal hidden cards but keep `_` variables: a rank kept in one leaks."""
    path = tmp_path / "game.yaml"
    path.write_text(MINIMAL.replace("vars:\n  tricks: 0\n", "vars:\n  tricks: 0\n  _seen: 0\n  _kept: none\n")
                    .replace("      - move c to me.table\n",
                             "      - set _seen = c.rank\n"          # a printed value: warned
                             "      - set _seen += best(me)\n"       # a function that reads a card property
                             "      - set _kept = c\n"               # the card itself: re-dealt in samples
                             "      - set _seen = count(me.hand)\n"  # no card's value
                             "      - move c to me.table\n"), encoding="utf-8")
    found = [d for d in check(str(path)) if "keeps a card's value" in d.message]
    lines = path.read_text(encoding="utf-8").splitlines()
    assert [(lines[d.position.line - 1].strip(), d.severity) for d in found] == [
        ("- set _seen = c.rank", "warning"), ("- set _seen += best(me)", "warning")]
    assert "(rank)" in found[0].message and "(best())" in found[1].message
    assert "keep the card itself (set _seen = c)" in found[0].message


def test_a_card_value_read_through_a_chain_of_functions_is_found(tmp_path):
    def leaks_through(depth: int) -> int:
        chain = "".join(f'  "f{i}(p)": "f{i + 1}(p) + 1"\n' for i in range(depth)) + f'  "f{depth}(p)": "best(p)"\n'
        path = tmp_path / f"chain{depth}.yaml"
        path.write_text(MINIMAL.replace("vars:\n  tricks: 0\n", "vars:\n  tricks: 0\n  _seen: 0\n")
                        .replace("functions:\n", "functions:\n" + chain)
                        .replace("      - move c to me.table\n", "      - set _seen = f0(me)\n      - move c to me.table\n"),
                        encoding="utf-8")
        return len([d for d in check(str(path)) if "keeps a card's value (f0())" in d.message])
    assert leaks_through(5) == 1
    assert leaks_through(400) == 1  # four hundred calls down, the card's value is still found


def test_a_constant_nothing_reads_or_says_is_warned_about(tmp_path):
    """A house rule that sets a constant its base lacks (or misspells one) would change nothing."""
    base = tmp_path / "base.yaml"
    base.write_text(MINIMAL.replace("vars:\n  tricks: 0\n", "vars:\n  tricks: 0\nconstants:\n  target: 3\n  said: 2\n")
                    .replace("      - move c to me.table\n", "      - set tricks = target\n      - move c to me.table\n")
                    .replace("name: ", "rules: 'Play {said} cards.'\nname: ", 1), encoding="utf-8")
    assert not [d for d in check(str(base)) if "constant" in d.message or d.severity == "error"]  # read; said
    house = tmp_path / "house.yaml"
    house.write_text("extends: base.yaml\nconstants:\n  targt: 5\n", encoding="utf-8")
    found = [d for d in check(str(house)) if "constant" in d.message]
    assert [(d.position.path.endswith("house.yaml"), d.position.line, d.severity) for d in found] == [
        (True, 3, "warning")]
    assert found[0].message == ("constant 'targt' is never used: no rule reads it and no text says {targt}, "
                                "so changing it changes nothing (did you mean 'target'?)")


def test_a_house_rule_s_unused_variable_or_function_is_warned_but_not_its_base_s(tmp_path):
    base = tmp_path / "base.yaml"
    base.write_text(MINIMAL.replace("functions:\n", "functions:\n  \"spare(p)\": \"count(p.hand)\"\n")
                    .replace('  "best(p)": "max(c in p.table | c.value)"\n', '  "best(p)": "spare(p)"\n'),
                    encoding="utf-8")
    house = tmp_path / "house.yaml"  # its `best` no longer calls the base's `spare`: the base's business
    house.write_text('extends: base.yaml\nplayer_vars:\n  pionts: {initial: 3}\nvars:\n  trikcs: none\n'
                     'functions:\n  "best(p)": "max(c in p.table | c.value)"\n  "twise(x)": "x + x"\n',
                     encoding="utf-8")
    found = sorted((d.position.line, d.message) for d in check(str(house)) if "never used" in d.message)
    assert found == [(3, "player variable 'pionts' is never used: no rule reads or sets it (did you mean 'points'?)"),
                     (5, "variable 'trikcs' is never used: no rule reads or sets it (did you mean 'tricks'?)"),
                     (8, "function 'twise' is never used: no rule calls it")]


OVERDEALT = """name: Dealt whole
players: [2, 4]
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
  hand: {per_player: true, visibility: owner}
  up: {visibility: public}
setup:
  - for: p in players
    do: ["draw 13 from draw to p.hand"]
  - if: "count(draw) > 0"
    then: ["draw 1 from draw to up"]
{more}
turn:
  do:
    - choose: c
      from: me.hand
    - move c to up
end:
  - when: "count(me.hand) == 0"
    winner: me
"""


def test_a_draw_an_if_guards_is_not_counted_against_the_deck_but_a_draw_after_it_is(tmp_path):
    path = tmp_path / "dealt.yaml"
    path.write_text(OVERDEALT.replace("{more}\n", ""))
    assert [d.message for d in check(str(path)) if d.severity == "error"] == []  # four hands of 13: the if finds none left
    path.write_text(OVERDEALT.replace("{more}", '  - draw 1 from draw to up'))
    assert [(d.position.line, d.message) for d in check(str(path)) if d.severity == "error"] == [
        (13, "the setup deals 53 cards by here, but the deck has 52")]
