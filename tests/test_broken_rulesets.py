"""Broken copies of every packaged ruleset are reported at the line that holds the mistake."""
import re
from pathlib import Path

import pytest

from rulelang.api import check, load_document, packaged_rulesets

RULESETS = sorted((name, Path(path)) for name, path in packaged_rulesets().items())

# (what is broken, a pattern that finds a line to break, how to break it, the expected message as a regex)
BREAKAGES = [
    ("unknown key", r"^(\s*)do:", lambda m: f"{m.group(1)}doo:", "unknown key 'doo'"),
    ("unclosed parenthesis", r'(count\()', lambda m: "count((", "ends too early|unexpected"),
    ("misspelled name", r"\bme\.hand\b", lambda m: "me.hnad", r"unknown attribute 'hnad' \(did you mean 'hand'\?\)"),
    ("malformed dice", r"\b([12])([dT])(\d+)\b", lambda m: f"{m.group(1)}{m.group(2)}", "dice need a number of sides"),
    ("dice without a count", r"\b[12]([dT]\d+)\b", lambda m: m.group(1), "need a count"),
    ("absurd dice", r"\b[12]([dT])\d+\b", lambda m: f"1000000{m.group(1)}10", "between 1 and 100 dice"),
    ("tab indentation", r"^  (\S)", lambda m: f"\t{m.group(1)}", "YAML"),
    ("foreign YAML tag", r"^(name: )", lambda m: f"{m.group(1)}!!python/object:os.system ", "not allowed"),
]


def break_once(text, pattern, change):
    """Break the first line the pattern matches; return (text, 1-based line number) or None.

    Comments and text for players (`rules`, `help`, `description`) are never broken: they hold
    no rules to check, only words like "2T10".
    """
    lines = text.split("\n")
    prose = players_text(lines)
    for number, line in enumerate(lines):
        if line.lstrip().startswith("#") or number in prose:
            continue
        found = re.search(pattern, line)
        if found:
            lines[number] = line[:found.start()] + change(found) + line[found.end():]
            return "\n".join(lines), number + 1
    return None


def players_text(lines) -> set:
    """The numbers of the lines that hold text for players."""
    out, indent = set(), None
    for number, line in enumerate(lines):
        depth = len(line) - len(line.lstrip())
        if indent is not None and (depth > indent or not line.strip()):
            out.add(number)
            continue
        indent = None
        if re.match(r"^\s*(rules|help|description):", line):
            out.add(number)
            indent = depth
    return out


CASES = [(name, path, *breakage) for name, path in RULESETS for breakage in BREAKAGES
         if break_once(path.read_text(encoding="utf-8"), breakage[1], breakage[2]) is not None]


@pytest.mark.parametrize("name, path, what, pattern, change, message", CASES,
                         ids=[f"{case[0]}-{case[2]}" for case in CASES])
def test_a_broken_copy_is_reported_at_its_line(tmp_path, name, path, what, pattern, change, message):
    text, line = break_once(path.read_text(encoding="utf-8"), pattern, change)
    copy = tmp_path / f"{name}.yaml"
    copy.write_text(text, encoding="utf-8")
    for source, source_text in load_document(str(path)).sources:  # a variant finds the bases it extends beside it
        if Path(source) != path:
            (tmp_path / Path(source).name).write_text(source_text, encoding="utf-8")
    errors = [d for d in check(str(copy)) if d.severity == "error"]
    assert errors, f"{what} in {name} was not reported"
    assert any(re.search(message, d.message) and d.position.line == line for d in errors), \
        [d.format() for d in errors]


def test_every_kind_of_breakage_is_tried_on_some_ruleset():
    assert {case[2] for case in CASES} == {b[0] for b in BREAKAGES}
