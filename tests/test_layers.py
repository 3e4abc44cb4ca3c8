"""The floors of the package, as docs/internals.md draws them: every import goes down or stays on
its floor, and no files import each other, however roundabout."""
import ast
import re
from pathlib import Path

from rulelang.language.graphs import components

ROOT = Path(__file__).resolve().parent.parent
SOURCES = {"rulelang": ROOT / "rulelang", "rulelang.cli": ROOT / "cli"}  # package -> its folder


def floors() -> list:
    """The floors from the bottom up, read from the block under the doc's heading."""
    text = (ROOT / "docs" / "internals.md").read_text()
    block = re.search(r"## Floors: who may import whom\n.*?```text\n(.*?)```", text, re.S).group(1)
    return [line.split()[0] for line in block.splitlines() if line.strip()][::-1]


def modules() -> dict:
    """Every module of the package: dotted name -> (path, whether it is a package's __init__)."""
    found = {}
    for package, folder in SOURCES.items():
        for path in folder.rglob("*.py"):
            parts = list(path.relative_to(folder).with_suffix("").parts)
            is_init = parts[-1] == "__init__"
            found[".".join([package, *(parts[:-1] if is_init else parts)])] = (path, is_init)
    return found


def imports(name: str, path: Path, is_init: bool, known: dict) -> set:
    """The modules of the package that a module imports, anywhere in it."""
    package = name if is_init else name.rsplit(".", 1)[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names if alias.name in known}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module
            for alias in node.names:
                submodule = f"{target}.{alias.name}"
                out.add(submodule if submodule in known else target)
    return {target for target in out if target in known and target != name}


def floor_of(name: str) -> str:
    """The floor a module stands on: its folder under rulelang (or the file's own name), or cli."""
    if name.startswith("rulelang.cli"):
        return "cli"
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else "rulelang"


def graph() -> dict:
    """Every module of the package, with the modules of the package it imports."""
    known = modules()
    return {name: imports(name, path, is_init, known) for name, (path, is_init) in known.items()}


def test_the_doc_names_every_floor_the_package_has():
    assert sorted(floors()) == sorted({floor_of(name) for name in graph()} - {"rulelang"})


def test_every_import_goes_down_or_stays_on_its_floor():
    order = {floor: height for height, floor in enumerate(floors())}
    order["rulelang"] = len(order)  # the top package lends load_game and the errors from above
    upward = sorted(f"{name} imports {target} ({floor_of(name)} -> {floor_of(target)})"
                    for name, targets in graph().items() for target in targets
                    if order[floor_of(target)] > order[floor_of(name)])
    assert upward == []


def test_no_files_import_each_other_however_roundabout():
    edges = graph()
    circles = [sorted(part) for part in components(edges) if len(part) > 1]
    assert circles == []


def test_the_checks_see_an_upward_import_and_a_circle():
    edges = {"rulelang.kit.a": {"rulelang.engine.b"}, "rulelang.engine.b": {"rulelang.kit.a"}}
    assert [sorted(part) for part in components(edges) if len(part) > 1] == [["rulelang.engine.b",
                                                                                      "rulelang.kit.a"]]
    order = {floor: height for height, floor in enumerate(floors())}
    assert order[floor_of("rulelang.kit.a")] < order[floor_of("rulelang.engine.b")]
