"""What `pip install .` installs: every package of the source tree (an editable install hides a missing one)."""
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_of_the_source_tree_is_installed():
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    listed = set(settings["packages"])
    in_tree = {".".join(path.parent.relative_to(ROOT).parts) for path in (ROOT / "rulelang").rglob("__init__.py")}
    assert in_tree <= listed, f"add to [tool.setuptools] packages: {sorted(in_tree - listed)}"
    assert {"rulelang.cli", "rulelang.grammar", "rulelang.rulesets"} <= set(settings["package-dir"])
