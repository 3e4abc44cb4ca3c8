"""A corpus of broken rule files (tests/broken/*.yaml), each with the exact diagnostics expected."""
from pathlib import Path

import pytest
from click.testing import CliRunner
from rulelang.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
CORPUS = sorted((ROOT / "tests" / "broken").glob("*.yaml"))


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_a_broken_file_gets_exactly_its_diagnostics(path, monkeypatch):
    monkeypatch.chdir(ROOT)
    relative = str(path.relative_to(ROOT))
    result = CliRunner().invoke(main, ["validate", relative])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    expected = path.with_suffix(".expected").read_text(encoding="utf-8")
    assert result.output == expected
