"""Rule test files: the shape of every field, checked when the file is read (see docs/testing.md).

A rule test file is as untrusted as a rule file: each field must have its kind (`seed: abc`,
`dice: [x]`, `steps: 5` are errors at their place), so that running a test meets only values
it can use. What needs the ruleset (zone, card and seat names) is checked when the test runs,
or without running it by `rulelang validate` (analysis/testcheck.py).
"""
from __future__ import annotations

from ..errors import Diagnostic
from ..kit.documents import YList, YMap
from ..kit.names import suggest
from ..language.loader import FileKind

TEST_FILE = FileKind("rule test file", frozenset({"ruleset", "tests"}))
MAX_TURNS = 10_000  # turns one step may play (`turns:`): a whole game of Hearts takes some 600, and 10,000 under 1 s


def _label(value) -> str | None:
    """A name written in a test: a card, a seat, a zone, an option (text, or a number)."""
    return None if isinstance(value, str) or _is_number(value) else "must be text"


def _text(value) -> str | None:
    return None if isinstance(value, str) else "must be text"


def _number(value) -> str | None:
    return None if _is_number(value) else "must be a whole number"


def _flag(value) -> str | None:
    return None if isinstance(value, bool) else "must be true or false"


def _start(value) -> str | None:
    return None if value in ("setup", "turn") else "must be setup or turn"


def _plain(value) -> str | None:
    """A value for a variable: a number, text, true/false or none."""
    return None if value is None or isinstance(value, (str, int)) else "must be a number, text, true/false or none"


def _is_number(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_file(doc: YMap) -> list[Diagnostic]:
    """Every shape problem of a loaded rule test file (its `ruleset:` and `tests:`)."""
    out: list[Diagnostic] = []
    if not isinstance(doc.get("ruleset"), (str, YMap)):
        out.append(Diagnostic(doc.value_pos.get("ruleset", doc.pos), "a rule test file needs 'ruleset: NAME-OR-PATH'"))
    tests = doc.get("tests")
    if not isinstance(tests, YList):
        out.append(Diagnostic(doc.value_pos.get("tests", doc.pos), "a rule test file needs a 'tests:' list"))
        return out
    for item, pos in zip(tests, tests.item_pos):
        if not isinstance(item, YMap) or "name" not in item:
            out.append(Diagnostic(pos, "each test is a mapping with a 'name'"))
            continue
        _fields(item, TEST_FIELDS, "a rule test", out)
    return out


def _fields(mapping: YMap, fields: dict, what: str, out: list) -> None:
    """Check each key of a mapping with its field's check; unknown keys are errors."""
    for key, value in mapping.items():
        check = fields.get(key)
        if check is None:
            out.append(Diagnostic(mapping.key_pos[key], f"unknown key '{key}' in {what}{suggest(key, fields)}"))
        else:
            check(value, mapping.value_pos[key], key, out)


def _one(check):
    """A field holding one value that `check` accepts."""
    def field(value, pos, key, out):
        problem = check(value)
        if problem:
            out.append(Diagnostic(pos, f"'{key}' {problem}"))
    return field


def _many(check, single: bool = False):
    """A field holding a list of values `check` accepts (or, with `single`, one such value)."""
    def field(value, pos, key, out):
        if not isinstance(value, YList):
            if single and not isinstance(value, YMap):
                return _one(check)(value, pos, key, out)
            out.append(Diagnostic(pos, f"'{key}' must be a list"))
            return
        for item, item_pos in zip(value, value.item_pos):
            problem = check(item)
            if problem:
                out.append(Diagnostic(item_pos, f"each item of '{key}' {problem}"))
    return field


def _table(field):
    """A field holding a mapping whose every value is checked by `field`."""
    def check(value, pos, key, out):
        if not isinstance(value, YMap):
            out.append(Diagnostic(pos, f"'{key}' must be a mapping"))
            return
        for name, item in value.items():
            field(item, value.value_pos[name], name, out)
    return check


def _cards(value, pos, key, out) -> None:
    """Cards laid into a zone, top first: names, or mappings with what lies under them."""
    if not isinstance(value, YList):
        out.append(Diagnostic(pos, f"'{key}': list the cards, top first"))
        return
    for item, item_pos in zip(value, value.item_pos):
        _card(item, item_pos, out)


def _card(item, pos, out) -> None:
    """One card (a name or `{card: NAME, under: [...], face_down: true, VAR: value}`) or a marker."""
    if not isinstance(item, YMap):
        problem = _label(item)
        if problem:
            out.append(Diagnostic(pos, f"a card {problem}: its name, or a mapping with 'card' or 'marker'"))
        return
    if "marker" in item:
        _table(_one(_number))(item["marker"], item.value_pos["marker"], "marker", out)
        return
    if "card" not in item:
        out.append(Diagnostic(pos, "a card laid out as a mapping needs 'card' (or 'marker')"))
    for key, value in item.items():
        check = CARD_FIELDS.get(key, _one(_plain))
        check(value, item.value_pos[key], key, out)


def _steps(value, pos, key, out) -> None:
    """The steps of a test: a list of mappings."""
    if not isinstance(value, YList):
        out.append(Diagnostic(pos, "'steps' must be a list of steps"))
        return
    for step, step_pos in zip(value, value.item_pos):
        if not isinstance(step, YMap):
            out.append(Diagnostic(step_pos, f"a step is a mapping: {', '.join(STEP_FIELDS)}"))
            continue
        _fields(step, STEP_FIELDS, "a step", out)
        if "auto" in step and "turns" not in step:
            out.append(Diagnostic(step.key_pos["auto"], "'auto' goes with 'turns': it answers the decisions "
                                                        "met while the turns are played"))


def _options(value, pos, key, out) -> None:
    """The exact options, in order (a list), or in any order (`{any_order: [...]}`)."""
    if isinstance(value, YMap):
        if set(value) != {"any_order"}:
            out.append(Diagnostic(pos, "'options' is a list, or {any_order: [...]}"))
            return
        value, pos, key = value["any_order"], value.value_pos["any_order"], "any_order"
    _many(_label)(value, pos, key, out)


def _log(value, pos, key, out) -> None:
    """Log fragments: text, or `{text: ..., seen_by: [P1, ...]}`."""
    if not isinstance(value, YList):
        out.append(Diagnostic(pos, "'log' must be a list"))
        return
    for item, item_pos in zip(value, value.item_pos):
        if isinstance(item, YMap):
            if "text" not in item:
                out.append(Diagnostic(item_pos, "a log item as a mapping needs 'text' (and 'seen_by')"))
            _fields(item, LOG_FIELDS, "a log item", out)
        elif not isinstance(item, str):
            out.append(Diagnostic(item_pos, "each item of 'log' must be text, or {text: ..., seen_by: [...]}"))


def _count(value) -> str | None:
    return None if _is_number(value) and value >= 0 else "must be a whole number, 0 or more"


def _turns(value) -> str | None:
    return None if _is_number(value) and 1 <= value <= MAX_TURNS else (
        f"must be a whole number from 1 to {MAX_TURNS:,} (a test plays a few turns, not a game without end)")


def _ruleset(value, pos, key, out) -> None:
    """A ruleset's name or path, or an inline variant (a mapping, checked as a rule file when loaded)."""
    if not isinstance(value, (str, YMap)):
        out.append(Diagnostic(pos, "'ruleset' names a ruleset, or is a mapping: an inline variant"))


def _rest(value, pos, key, out) -> None:
    """A zone, `{zone: Z, count: N, face_down: true}`, or a list of these (only the last without count)."""
    parts = list(zip(value, value.item_pos)) if isinstance(value, YList) else [(value, pos)]
    for index, (part, part_pos) in enumerate(parts):
        if isinstance(part, YMap):
            if "zone" not in part:
                out.append(Diagnostic(part_pos, "a part of 'rest' as a mapping needs 'zone'"))
            _fields(part, REST_FIELDS, "a part of 'rest'", out)
            counted = "count" in part
        else:
            _one(_text)(part, part_pos, "rest", out)
            counted = False
        if not counted and index < len(parts) - 1:
            out.append(Diagnostic(part_pos, "only the last part of 'rest' may go without 'count': "
                                            "it takes every card left"))


def _winner(value, pos, key, out) -> None:
    """`P1`, a list of seats, `draw` or `none`."""
    if value is not None:
        _many(_label, single=True)(value, pos, key, out)


CARD_FIELDS = {"card": _one(_label), "under": _cards, "face_down": _one(_flag)}
REST_FIELDS = {"zone": _one(_text), "count": _one(_count), "face_down": _one(_flag)}
LOG_FIELDS = {"text": _one(_text), "seen_by": _many(_label, single=True)}
STEP_FIELDS = {
    "play": _many(_label, single=True), "by": _one(_text), "not_legal": _many(_label, single=True),
    "options": _options, "expect": _many(_text, single=True), "dice": _many(_number), "random": _many(_label),
    "visible": _table(_many(_label, single=True)), "hidden": _table(_many(_label, single=True)),
    "turns": _one(_turns), "auto": _one(_flag), "game_over": _one(_flag), "log": _log,
    "no_dice": _one(_flag), "dice_used": _one(_flag),
}
TEST_FIELDS = {
    "name": _one(_label), "covers": _many(_label), "seed": _one(_number), "players": _one(_number),
    "start": _one(_start), "first": _one(_text), "stack": _table(_cards), "zones": _table(_cards),
    "rest": _rest, "ruleset": _ruleset, "vars": _table(_one(_plain)), "dice": _many(_number),
    "random": _many(_label), "tricks": _table(_one(_count)), "steps": _steps,
    "expect": _many(_text, single=True), "winner": _winner,
}
