"""The catalogue of constructs: the files made from it are current, and every example validates."""
from __future__ import annotations

import json
import os

import pytest
import yaml

from rulelang import api
from rulelang.constructs import catalogue
from rulelang.constructs.__main__ import main as write_made_files
from rulelang.constructs.grammar import grammar
from rulelang.constructs.reference import render
from rulelang.language.syntax import grammar_text

BED = os.path.join(os.path.dirname(__file__), "data", "reference_bed.yaml")
EVERY = catalogue.constructs()


def test_the_grammar_is_the_one_the_catalogue_writes():
    assert grammar_text() == grammar(), "run: python -m rulelang.constructs"


def test_the_reference_is_the_one_the_catalogue_writes():
    with open(os.path.join(os.path.dirname(__file__), "..", "docs", "reference.md"), encoding="utf-8") as handle:
        assert handle.read() == render(), "run: python -m rulelang.constructs"


def test_the_check_says_when_a_made_file_is_stale(capsys, monkeypatch):
    monkeypatch.setattr("rulelang.constructs.__main__.MADE", {os.path.join("grammar", "rulelang.lark"): lambda: "x"})
    assert write_made_files(["--check"]) == 1
    assert "grammar/rulelang.lark: differ from the catalogue" in capsys.readouterr().out


@pytest.mark.parametrize("construct", EVERY, ids=[f"{c.family}-{c.keyword}" for c in EVERY])
def test_every_construct_is_documented(construct):
    assert construct.summary().endswith("."), construct
    assert construct.syntax and construct.example


@pytest.mark.parametrize("construct", EVERY, ids=[f"{c.family}-{c.keyword}" for c in EVERY])
def test_every_example_validates(construct, tmp_path):
    path = tmp_path / "example.yaml"
    path.write_text(_with_example(construct), encoding="utf-8")
    (tmp_path / "base.yaml").write_text(_with_example(None), encoding="utf-8")  # what `extends:` may name
    problems = [d for d in api.check(str(path)) if d.severity == "error"]
    assert problems == [], f"{construct.keyword}: {construct.example!r}"


def test_a_broken_example_is_found(tmp_path):
    class Broken:
        example, example_kind = "count(no_such_zone)", "expression"
    path = tmp_path / "example.yaml"
    path.write_text(_with_example(Broken), encoding="utf-8")
    assert any("no_such_zone" in d.message for d in api.check(str(path)))


def _with_example(construct) -> str:
    """The bed's text with the construct's example in its place (None: the bed as it is)."""
    with open(BED, encoding="utf-8") as handle:
        text = handle.read()
    if construct is None:
        return text
    kind, example = construct.example_kind, construct.example
    if kind == "expression":
        return text.replace("    do: []", f"    do: [{json.dumps(f'let example = ({example})')}]")
    if kind == "statement":
        return text.replace("    do: []", f"    do: [{json.dumps(example)}]")
    if kind == "procedure":
        return text.replace('"example()": []', f'"example()": [{json.dumps(example)}]')
    if kind == "effects":
        return text.replace("    do: []", "    do: " + json.dumps(yaml.safe_load(example)))
    doc = yaml.safe_load(text)  # a section, laid over the bed as a variant's would be (a mapping merges)
    for key, value in yaml.safe_load(example).items():
        doc[key] = {**doc[key], **value} if isinstance(value, dict) and isinstance(doc.get(key), dict) else value
    return yaml.safe_dump(doc, sort_keys=False)


SEED_WORDS = ("storma", "houska", "tjugonio", "høyer", "hoyer", "supertrumf", "blixtduell", "trophy", "trophies",
              "infirmary", "assassin", "monster", "royal house")  # the seed games and concepts only one has


def test_the_engines_own_texts_and_the_reference_name_no_seed_game_or_its_concepts():
    root = os.path.join(os.path.dirname(__file__), "..")
    paths = [os.path.join(folder, name) for part in ("rulelang", "cli", "grammar")
             for folder, _, names in os.walk(os.path.join(root, part)) for name in names
             if name.endswith((".py", ".lark"))] + [os.path.join(root, "docs", "reference.md")]
    found = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            text = handle.read().lower().replace("house rule", "")
        found += [(os.path.relpath(path, root), word) for word in SEED_WORDS if word in text]
    assert found == []


def test_a_name_guessed_for_a_function_is_no_built_in_and_belongs_to_one_function_only():
    guesses = [guess for function in catalogue.FUNCTIONS.values() for guess in function.guessed]
    assert len(guesses) == len(set(guesses)) and not set(guesses) & set(catalogue.FUNCTIONS)
