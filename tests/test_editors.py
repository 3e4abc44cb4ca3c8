"""The editor setups docs/editors.md gives: the VS Code extension's manifest says what the docs say."""
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXTENSION = ROOT / "editors" / "vscode"


def test_the_vs_code_extension_starts_rulelang_lsp_with_the_settings_the_docs_name():
    manifest = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    assert (EXTENSION / manifest["main"]).is_file() and "vscode-languageclient" in manifest["dependencies"]
    settings = manifest["contributes"]["configuration"]["properties"]
    documented = set(re.findall(r"`(rulelang\.[a-z]+)`", (ROOT / "docs" / "editors.md").read_text(encoding="utf-8")))
    assert documented == set(settings) and settings["rulelang.command"]["default"] == "rulelang"
    assert '["lsp", ...settings.get("args")]' in (EXTENSION / manifest["main"]).read_text(encoding="utf-8")
