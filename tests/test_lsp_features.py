"""The language server's features on their own: where the cursor stands, what hover shows, what
completion offers, how positions reach the editor (no server process here: see test_lsp_server.py)."""
import sys
import time
from itertools import accumulate

import pytest

pytest.importorskip("pygls")

from lsprotocol import types  # noqa: E402

from rulelang.constructs.catalogue import BLOCKS, FUNCTIONS, SECTIONS, STATEMENTS  # noqa: E402
from rulelang.errors import Position  # noqa: E402
from rulelang.lsp.checking import CheckingProcess, checked  # noqa: E402
from rulelang.lsp.completion import completions  # noqa: E402
from rulelang.lsp.context import spot  # noqa: E402
from rulelang.lsp.examine import examine  # noqa: E402
from rulelang.lsp.hover import hover_text  # noqa: E402
from rulelang.lsp.declarations import ZONE, Declaration, Outline  # noqa: E402
from rulelang.lsp.source import Source  # noqa: E402
from rulelang.lsp.symbols import definitions, document_symbols  # noqa: E402

GAME = """\
name: Features
players: [2, 3]
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
  discard: {visibility: public}
  hand: {per_player: true, visibility: owner}
vars:
  stage: 1
constants:
  limit: 7
player_vars:
  score: 0
zone_vars:
  won: false
card_props:
  value: "it.rank if it.rank <= 10 else 10"
functions:
  "worth(c)": "c.value * 2"
procedures:
  "deal(p)": ["draw 1 from draw to p.hand"]
turn:
  do:
    - draw 1 from draw to me.hand
    - choose move: [pass, play]
    - if: "count(me.hand) > 5 and worth(first(me.hand)) > 2"
      then: ["call deal(me)", "set stage += 1", "set me.score += 1", "set discard.won = true"]
moves:
  pass: {label: Pass, do: []}
  play: {do: ["move first(me.hand) to discard"]}
end:
  - when: "count(me.hand) == 0 or stage > limit"
    winner: me
"""
PATH = "/nowhere/features.yaml"
OUTLINE = examine(PATH, GAME, ()).outline


def at(text: str, marker: str = "|"):
    """(text without the marker, its Spot at the marker, its Source, the marker's line)."""
    offset = text.index(marker)
    text = text.replace(marker, "", 1)
    row = text.count("\n", 0, offset)
    column = offset - (text.rindex("\n", 0, offset) + 1 if row else 0)
    return text, spot(text, row, column), Source(PATH, text), row


def labels(text: str) -> list:
    """The labels completion offers at the marker of a rule file text (with the outline of GAME)."""
    _, here, source, row = at(text)
    return [item.label for item in completions(here, OUTLINE, source, row)]


def shown(text: str) -> str | None:
    """What hover shows at the marker."""
    _, here, _, _ = at(text)
    return hover_text(here, OUTLINE, PATH)


def test_the_example_game_checks_clean_and_declares_its_names():
    found = examine(PATH, GAME, ())
    assert found.diagnostics == ()
    assert {(d.name, d.what) for d in found.outline.declarations} >= {
        ("draw", "zone"), ("hand", "zone per player"), ("stage", "game variable"), ("score", "player variable"),
        ("won", "zone variable"), ("value", "card property"), ("worth", "function"), ("deal", "procedure"),
        ("pass", "move"), ("QS", "card"), ("limit", "constant")}
    assert found.outline.named("worth")[0].summary() == "function worth(c), gives a number"
    assert found.outline.named("limit")[0].summary() == "constant = 7, a number"


def test_a_constant_is_completed_shown_found_and_outlined():
    assert "limit" in labels("turn:\n  do:\n    - move x to |")
    assert "**limit**: constant = 7, a number" in shown("end:\n  - when: \"stage > li|mit\"")
    _, here, _, row = at("end:\n  - when: \"stage > li|mit\"")
    (found,) = definitions(here, OUTLINE, Source(PATH, GAME), row, (), lambda path: path)
    assert (found.uri, found.range.start.line, found.range.start.character) == (PATH, 10, 2)   # `limit:`, line 11
    section = next(s for s in document_symbols(OUTLINE, Source(PATH, GAME)) if s.name == "constants")
    assert [(c.name, c.kind) for c in section.children] == [("limit", types.SymbolKind.Constant)]


@pytest.mark.parametrize("text, expected, absent", [
    ("na|", set(SECTIONS), {"hand"}),
    ("zones:\n  hand: {per_player: true, vis|}", {"visibility", "capacity"}, {"name"}),
    ("zones:\n  hand:\n    vis|", {"visibility", "per_player"}, {"name"}),
    ("turn:\n  do:\n    - |", set(STATEMENTS) | set(BLOCKS), {"count"}),
    ("turn:\n  do: [\"mo|\"]", set(STATEMENTS), {"count"}),
    ("turn:\n  do:\n    - if: x\n      th|", {"then", "else"}, {"move"}),
    ("turn:\n  do:\n    - move first(me.|", {"hand", "score", "seat"}, {"value", "draw"}),
    ("turn:\n  do:\n    - move first(P3.|", {"hand", "score"}, {"value"}),
    ("turn:\n  do:\n    - move first(c.|", {"value", "rank", "suit", "zone"}, {"hand"}),
    ("turn:\n  do:\n    - set discard.|", {"won"}, {"hand", "value"}),
    ("turn:\n  do:\n    - move x to |", {"draw", "discard", "stage", "worth", "count", "me", "P1", "P3"},
     {"hand", "P4", "deal", "move"}),
    ("turn:\n  do:\n    - call |", {"deal"}, {"draw", "count"}),
    ("turn:\n  do:\n    - choose move: [pass, |", {"pass", "play"}, {"draw"}),
    ("reactions:\n  moves:\n    - |", {"pass", "play"}, {"draw"}),
    ("end:\n  - when: \"card('|", {"QS", "10H"}, {"draw"}),
    ("moves:\n  pass:\n    if: \"count(|", {"hand", "draw"} - {"hand"} | {"count", "me"}, {"move"}),
])
def test_completion_offers_what_belongs_where_the_cursor_stands(text, expected, absent):
    found = set(labels(text))
    assert expected <= found and not (absent & found)


def test_a_card_name_completes_over_what_is_typed_inside_the_quotes():
    _, here, source, row = at("end:\n  - when: \"card('Q|")
    item = next(i for i in completions(here, OUTLINE, source, row) if i.label == "QS")
    assert item.text_edit.range == types.Range(types.Position(1, 17), types.Position(1, 18))


@pytest.mark.parametrize("text, says", [
    ("zon|es:\n  hand: {}", SECTIONS["zones"].summary()),
    ("turn:\n  do:\n    - dr|aw 1 from draw to me.hand", STATEMENTS["draw"].summary()),
    ("turn:\n  do:\n    - draw 1 from dr|aw to me.hand", "**draw**: zone (visibility: hidden)"),
    ("turn:\n  do: [\"mo|ve first(me.hand) to discard\"]", STATEMENTS["move"].summary()),
    ("turn:\n  do:\n    - i|f: x", BLOCKS["if"].summary()),
    ("turn:\n  do:\n    - choose mo|ve: [pass]", BLOCKS["choose move"].summary()),
    ("turn:\n  do:\n    - choose move: [pa|ss]", "**pass**: move (label: Pass)"),
    ("turn:\n  do:\n    - lo|g: \"a: b\"", STATEMENTS["log"].summary()),
    ("end:\n  - when: \"cou|nt(me.hand) == 0\"", FUNCTIONS["count"].summary()),
    ("end:\n  - when: \"count(me.ha|nd) == 0\"", "**hand**: zone per player (visibility: owner)"),
    ("end:\n  - when: \"wor|th(c) > 1 an|d x\"", "**worth**: function worth(c), gives a number"),
    ("end:\n  - when: \"x > 1 an|d y\"", "`A and B`"),
    ("end:\n  - when: \"card('Q|S') in me.hand\"", "**QS**: card (of the standard deck of 52: rank: 12"),
    ("zones:\n  hand: {visi|bility: owner}", None),
    ("zones:\n  hand:\n    visi|bility: owner", "**visibility** (text, required): Who sees"),
    ("zones:\n  ha|nd: {visibility: owner}", "Declared at line 7."),
])
def test_hover_shows_the_catalogue_or_the_declaration(text, says):
    found = shown(text)
    assert (found is None) if says is None else (says in found)


def test_a_name_declared_in_a_base_file_is_shown_with_the_base_s_position(tmp_path):
    (tmp_path / "base.yaml").write_text(GAME, encoding="utf-8")
    path = str(tmp_path / "variant.yaml")
    variant = "extends: base.yaml\nname: A variant\nturn:\n  do: [\"move first(me.hand) to discard\"]\n"
    outline = examine(path, variant, ()).outline
    text, here, _, _ = at(variant.replace("to discard", "to disc|ard"))
    assert f"Declared at `{tmp_path / 'base.yaml'}:6:3`." in hover_text(here, outline, path)


def test_columns_reach_the_editor_in_its_units():
    text = "name: '🂡 x'\nplayers: 2\n"
    assert Source(PATH, text).position(0, 10) == types.Position(0, 11)
    assert Source(PATH, text, types.PositionEncodingKind.Utf8).position(0, 10) == types.Position(0, 13)
    assert Source(PATH, text, types.PositionEncodingKind.Utf32).position(0, 10) == types.Position(0, 10)
    assert Source(PATH, text).column(types.Position(0, 11)) == 10


@pytest.mark.parametrize("position, expected", [
    (Position(PATH, 2, 1), (1, 0, 7)),  # a whole name
    (Position(PATH, 2, 11), (1, 10, 11)),  # a whole number
    (Position(PATH, 2, 10), (1, 9, 10)),  # one character that is no name
    (Position(PATH, 2, 40), (1, 19, 20)),  # past the end of its line: its last character
    (Position(PATH, 0, 0), (0, 0, 9)),  # the whole file: the first line
])
def test_a_diagnostic_covers_its_token(position, expected):
    found = Source(PATH, "name: one\nplayers: [2, 3]  # x\n").token(position)
    assert (found.start.line, found.start.character, found.end.character) == expected


def test_a_check_longer_than_its_bound_is_stopped_and_the_next_one_runs():
    slow = CheckingProcess(0.5, command=(sys.executable, "-c", "import time; time.sleep(60)"))
    started = time.monotonic()
    found = checked(slow, PATH, GAME, ())
    assert time.monotonic() - started < 30  # a guard against a hang, not a measure
    assert "did not finish within 0.5 seconds" in found.diagnostics[0].message and found.outline is None
    slow.command = CheckingProcess().command
    slow.seconds = 60  # the real check may be slow to start on a loaded machine
    assert checked(slow, PATH, GAME, ()).outline == OUTLINE
    slow.close()


@pytest.mark.parametrize("line", [
    "a" + " " * 200_000 + "b",  # a key's words, then spaces without a colon
    "  x: \"" + "card('" * 40_000,  # many calls that never close
    "  x: " + "me.a" * 50_000 + ".",  # a chain of attributes
    "- " * 100_000,  # list dashes
])
def test_a_hostile_line_is_answered_in_bounded_time(line):
    text = f"zones:\n{line}\n"
    started = time.monotonic()
    for column in (0, len(line) // 2, len(line)):
        here, source = spot(text, 1, column), Source(PATH, text)
        completions(here, OUTLINE, source, 1)
        hover_text(here, OUTLINE, PATH)
    assert time.monotonic() - started < 10  # a guard against quadratic work, not a measure


def test_the_outline_of_32000_names_on_one_line_is_made_in_time_linear_in_the_file():
    names = [f"z{i:05}" for i in range(32_000)]  # 949 KB, on one line: each name's column counts its line's start
    entries = [f"{n}: {{visibility: public}}" for n in names]
    line = "zones: {draw: {label: 'pioché'}, " + ", ".join(entries) + "}"
    text = f"name: big\n{line}\n"
    columns = accumulate((len(e) + 2 for e in entries), initial=line.index("z00000") + 1)
    declared = tuple(Declaration(n, ZONE, Position(PATH, 2, column)) for n, column in zip(names, columns))
    source = Source(PATH, text)
    started = time.process_time()
    outline = document_symbols(Outline(declarations=declared), source)
    assert time.process_time() - started < 3  # a guard against quadratic work (it took 30 s), not a measure
    zones = next(s for s in outline if s.name == "zones")
    assert len(zones.children) == 5_001 and zones.children[-1].name == "… 27,000 more"
    assert zones.children[1].name == "z00001" and zones.children[1].range.start.character == line.index("z00001")
