"""Every code example of the docs runs: each fenced block of README.md and docs/*.md is taken out
and checked by its language, so an example that names a function only one game defines, or an
option a command lost, fails here rather than in a reader's hands.

- `yaml`: validated (`rulelang validate`: no error). A whole rule file, house rule or rule test
  file is checked as it is; a test file's tests are also run. A part of a file says where it
  belongs in an HTML comment on the line before the block:
  `<!-- example: over NAME -->` (sections laid over the packaged ruleset NAME, as a house rule
  would), `<!-- example: over NAME, in KEY -->` (entries of the section KEY),
  `<!-- example: effects over NAME, with a, b -->` (an effect list, with the local names a and b),
  `<!-- example: test over NAME -->` (the keys of one rule test of NAME), `<!-- example: step
  over NAME -->` (the keys of one step); NAME may be a file of the project (`examples/x.yaml`).
  `<!-- example: excerpt of PATH -->`: the block's lines are lines of that file, in order.
- `python`: a page's blocks run in order in one namespace, in a fresh folder; `>>>` blocks are
  doctests of that namespace; a block followed by a `text` block prints exactly that text; an
  excerpt (as for YAML) is compared with its file, not run.
- `sh` and `console` (lines after `$ `): each `rulelang …` command parses as the command line
  would parse it (it is not run: some take minutes); a `python FILE` names a file of the
  project; `pip install -e ".[EXTRA]"` names an extra of pyproject.toml.
- `json`, `toml`: they parse. `lua`: it compiles, in Neovim when installed. `elisp`: its brackets
  balance.
- `text`: what a program shows (a screen, an output): not code, not run.

The examples of the statements table of docs/language.md validate too, each in a procedure of
the guide's game (or the game with score sheets, or the reference's neutral bed).

Every block names its language. docs/tutorial.md (tests/test_tutorial.py runs it) and
docs/reference.md (made from the catalogue, whose examples tests/test_constructs.py validates)
have tests of their own.
"""
from __future__ import annotations

import contextlib
import doctest
import io
import json
import os
import re
import shlex
import shutil
import subprocess
import textwrap
import tomllib
from pathlib import Path

import click
import pytest
import yaml
from click.testing import CliRunner

from rulelang.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").glob("*.md")
                                     if p.name not in ("tutorial.md", "reference.md"))]
FENCE = re.compile(r"^(?P<indent> *)```(?P<info>[^\n`]*)\n(?P<body>.*?)^(?P=indent)```[ \t]*$", re.M | re.S)
NOTE = re.compile(r"<!--\s*example:\s*(?P<note>.*?)\s*-->\s*\n *$")
LANGUAGES = ("yaml", "python", "sh", "console", "json", "toml", "lua", "elisp", "text")


class Block:
    """A fenced block of a page: its language, its text (unindented), the note before it, its line."""

    def __init__(self, page: Path, found: re.Match, text: str):
        self.page, self.language = page, found["info"].strip().split(" ")[0]
        self.body = textwrap.dedent(found["body"])
        self.line = text.count("\n", 0, found.start()) + 1
        note = NOTE.search(text[:found.start()][-400:])
        self.note = note["note"] if note else ""

    def __repr__(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks(page: Path) -> list[Block]:
    """The fenced blocks of a page, in order."""
    text = page.read_text(encoding="utf-8")
    return [Block(page, found, text) for found in FENCE.finditer(text)]


EVERY = [block for page in PAGES for block in blocks(page)]


def of(*languages: str) -> list[Block]:
    return [block for block in EVERY if block.language in languages]


def test_every_block_names_its_language():
    assert [block for block in EVERY if block.language not in LANGUAGES] == []


# ---------------------------------------------------------------------------------------- yaml
def validate(path: Path) -> str:
    """`rulelang validate PATH`: its output; fails the test on an error."""
    result = CliRunner().invoke(main, ["validate", str(path)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def laid_out(block: Block, folder: Path) -> Path:
    """The file a YAML block is checked as: itself, or the file its note says it belongs in."""
    note = block.note
    form = re.fullmatch(r"(?:(?P<form>effects|test|step) )?over (?P<base>[\w./-]+)(?:, in (?P<key>\w+))?"
                        r"(?:, with (?P<names>[\w, ]+))?", note)
    if not note:
        data = yaml.safe_load(block.body)
        name = "example.test.yaml" if isinstance(data, dict) and "tests" in data else "example.yaml"
        for key in ("ruleset", "extends"):  # a file named beside it is a shipped ruleset's
            named = data.get(key) if isinstance(data, dict) else None
            if isinstance(named, str) and named.endswith(".yaml"):
                shutil.copy(ROOT / "rulesets" / named, folder / named)
        path = folder / name
        path.write_text(block.body, encoding="utf-8")
        return path
    assert form, f"{block}: cannot read the note {note!r}"
    base, kind = form["base"], form["form"]
    if base.endswith(".yaml"):  # a file of the project, laid beside the example
        shutil.copy(ROOT / base, folder / Path(base).name)
        base = Path(base).name
    body = f"{form['key']}:\n{textwrap.indent(block.body, '  ')}" if form["key"] else block.body
    if kind in ("test", "step"):  # written out as text, read as the project reads YAML (`on` stays text)
        test = "name: the example\n" + (body if kind == "test" else "steps:\n" + item(body))
        text = f"ruleset: {base}\ntests:\n{item(test)}"
        path = folder / "example.test.yaml"
    else:
        if kind == "effects":
            names = ", ".join(n.strip() for n in (form["names"] or "").split(",") if n.strip())
            body = f'procedures:\n  "example({names})":\n{textwrap.indent(block.body, "    ")}'
        named = "" if re.search(r"^name:", body, re.M) else "name: The example\n"
        text = f"extends: {base}\n{named}{body}"
        path = folder / "example.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def item(text: str) -> str:
    """A YAML text as an item of a list (indented under its key)."""
    indented = textwrap.indent(text, "    ")
    return "  - " + indented[4:]


def excerpt(block: Block) -> bool:
    """Whether the block's note calls it an excerpt of a file; if so, fail unless it is one."""
    source = re.fullmatch(r"excerpt of (\S+)", block.note)
    if source is None:
        return False
    lines = iter(_plain(line) for line in (ROOT / source[1]).read_text(encoding="utf-8").splitlines())
    for line in block.body.splitlines():
        wanted = _plain(line)
        assert any(found == wanted for found in lines), f"{block}: {line!r} is not next in {source[1]}"
    return True


def _plain(line: str) -> str:
    """A line as an excerpt is compared: its words, without a comment at its end."""
    return " ".join(re.sub(r"\s+#(?!\{).*$", "", line).split())


@pytest.mark.parametrize("block", of("yaml"), ids=repr)
def test_every_yaml_example_validates(block, tmp_path):
    if excerpt(block):
        return
    path = laid_out(block, tmp_path)
    validate(path)
    if path.name.endswith(".test.yaml") and not block.note:  # a whole test file: its tests pass too
        result = CliRunner().invoke(main, ["test", str(path)], catch_exceptions=False)
        assert result.exit_code == 0, result.output


# ---------------------------------------------------------------------------------------- python
def python_pages() -> list[Path]:
    return sorted({block.page for block in of("python")})


@pytest.mark.parametrize("page", python_pages(), ids=lambda page: page.name)
def test_every_python_example_runs(page, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": "__doc_example__"}
    page_blocks = blocks(page)
    for index, block in enumerate(page_blocks):
        if block.language != "python":
            continue
        if excerpt(block):
            continue
        if block.body.lstrip().startswith(">>>"):
            test = doctest.DocTestParser().get_doctest(block.body, namespace, repr(block), str(page), block.line)
            runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
            out = io.StringIO()
            runner.run(test, out=out.write, clear_globs=False)
            assert runner.failures == 0, out.getvalue()
            namespace.update(test.globs)  # a doctest runs in a copy of the namespace: keep what it made
            continue
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(block.body, repr(block), "exec"), namespace)  # the docs' own example, as a reader runs it
        after = page_blocks[index + 1] if index + 1 < len(page_blocks) else None
        if after is not None and after.language == "text" and after.line - block.line <= block.body.count("\n") + 3:
            assert printed.getvalue().strip() == after.body.strip(), f"{block} prints:\n{printed.getvalue()}"


# ---------------------------------------------------------------------------------------- commands
def commands(block: Block) -> list[str]:
    """The command lines of a shell block (`\\` continuations joined; a console block's `$ ` lines)."""
    text = re.sub(r"\\\n\s*", " ", block.body)
    lines = text.splitlines()
    if block.language == "console":
        lines = [line[2:] for line in lines if line.startswith("$ ")]
    return [line for line in lines if line.strip() and not line.lstrip().startswith("#")]


def parts(line: str) -> list[list[str]]:
    """The simple commands of a line, as words (comments, pipes, redirections and `&&` cut)."""
    words = shlex.split(line, comments=True)
    out, current = [], []
    for word in words + [";"]:
        if word in ("&&", "||", "|", ";"):
            out.append(current)
            current = []
        elif word in (">", ">>", "<"):
            current.append(None)  # what follows is a file, not an argument
        elif current and current[-1] is None:
            current[-1] = ...
        else:
            current.append(word)
    return [[w for w in command if w is not ...] for command in out if command]


def parses(words: list[str]) -> None:
    """Parse a `rulelang` command line as click would, without running it; fails on a usage error."""
    leading = 1
    while leading < len(words) and words[leading] in ("--debug", "--version", "--help"):
        leading += 1  # the group's own options
    if leading == len(words):
        return
    parent = main.make_context("rulelang", words[1:leading], resilient_parsing=True)
    name, *rest = words[leading:]
    command = main.get_command(parent, name)
    assert command is not None, f"no command {name!r}"
    command.make_context(name, rest, parent=parent)


EXTRAS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]


@pytest.mark.parametrize("block", of("sh", "console"), ids=repr)
def test_every_command_of_the_docs_parses(block, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)  # paths in the commands are the project's
    for line in commands(block):
        for words in parts(line):
            if words[0] == "rulelang":
                try:
                    parses(words)
                except click.exceptions.Exit:  # --help: it parsed
                    pass
                except click.UsageError as err:
                    pytest.fail(f"{block}: {' '.join(words)}: {err.format_message()}")
            elif words[0] in ("python", "python3") and words[1:2] != ["-m"] and words[1:]:
                assert (ROOT / words[1]).is_file(), f"{block}: {words[1]} is no file of the project"
            elif words[:3] == ["pip", "install", "-e"]:
                extra = re.fullmatch(r"\.\[(\w+)\]", words[3])
                assert extra is None or extra[1] in EXTRAS, f"{block}: no extra {words[3]}"


# ---------------------------------------------------------------------------------------- the rest
@pytest.mark.parametrize("block", of("json"), ids=repr)
def test_every_json_example_parses(block):
    try:
        json.loads(block.body)
    except json.JSONDecodeError:  # JSON lines: one value a line
        for line in block.body.splitlines():
            json.loads(line)


@pytest.mark.parametrize("block", of("toml"), ids=repr)
def test_every_toml_example_parses(block):
    tomllib.loads(block.body)


@pytest.mark.skipif(shutil.which("nvim") is None, reason="Neovim is not installed")
@pytest.mark.parametrize("block", of("lua"), ids=repr)
def test_every_lua_example_compiles(block, tmp_path):
    (tmp_path / "example.lua").write_text(block.body, encoding="utf-8")
    check = "lua local f, err = loadfile('example.lua'); io.stderr:write(f and 'compiled' or err)"
    done = subprocess.run(["nvim", "--headless", "--clean", "-c", check, "-c", "qa!"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60, env={**os.environ, "HOME": str(tmp_path)})
    assert done.stderr.strip() == "compiled", done.stderr


@pytest.mark.parametrize("block", of("elisp"), ids=repr)
def test_every_elisp_example_balances_its_brackets(block):
    depth = 0
    for character in re.sub(r'"(?:[^"\\]|\\.)*"', '""', block.body):
        depth += {"(": 1, ")": -1}.get(character, 0)
        assert depth >= 0, block
    assert depth == 0, block


# ---------------------------------------------------------------------------------------- the statements table
BED = ROOT / "tests" / "data" / "reference_bed.yaml"
TABLE_BASES = ("storma_slottet", "yahtzee", "bed.yaml")  # the guide's game, the one with score sheets, a neutral bed
MISSING = re.compile(r"unknown (?P<kind>name|procedure) '(?P<name>\w+)'|'(?P<local>\w+)' is neither a game variable")


def table_examples(page: Path, heading: str) -> list[str]:
    """The example column of the table under a heading of a page."""
    text = page.read_text(encoding="utf-8")
    table = text[text.index(heading):].split("\n\n")[1]
    return [re.findall(r"`([^`]+)`", row.split(" | ")[1])[0] for row in table.splitlines()[2:]]


def errors_over(base: str, statement: str, folder: Path) -> list[str]:
    """The errors of a statement in a procedure of `base`, given the locals and procedures it
    takes as given (a parameter, a `let`, an empty procedure for each name unknown there)."""
    given, bound, called = [], [], []
    errors: list = []
    for _ in range(8):
        stubs = "".join(f'  "{name}(x)": []\n' for name in called)
        lets = "".join(f"    - let {name} = none\n" for name in bound)
        (folder / "example.yaml").write_text(
            f'extends: {base}\nname: The example\nprocedures:\n{stubs}  "example({", ".join(given)})":\n'
            f"{lets}    - {json.dumps(statement)}\n", encoding="utf-8")
        result = CliRunner().invoke(main, ["validate", str(folder / "example.yaml")], catch_exceptions=False)
        errors = [line for line in result.output.splitlines() if ": error: " in line]
        missing = [found for found in map(MISSING.search, errors) if found]
        if not errors or len(missing) < len(errors):
            return errors
        given += [m["name"] for m in missing if m["kind"] == "name" and m["name"] not in given]
        called += [m["name"] for m in missing if m["kind"] == "procedure" and m["name"] not in called]
        bound += [m["local"] for m in missing if m["local"] and m["local"] not in bound]
    return errors


@pytest.mark.parametrize("statement", table_examples(ROOT / "docs" / "language.md", "### Statements"))
def test_every_statement_of_the_language_guides_table_validates(statement, tmp_path):
    """In a procedure of the guide's game, the game with score sheets or a neutral bed, its locals
    and the procedures it calls taken as given: a function only another game defines is an error."""
    shutil.copy(BED, tmp_path / "bed.yaml")
    found = [errors_over(base, statement, tmp_path) for base in TABLE_BASES]
    assert any(errors == [] for errors in found), "\n".join(found[0])
