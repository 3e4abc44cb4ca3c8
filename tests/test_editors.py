"""The editor setups docs/editors.md gives: the VS Code extension's manifest says what the docs say
and builds without vsce's warnings; the Neovim setup runs on the Neovim Debian ships; every install
line can work from a clone (rulelang is on no package index)."""
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXTENSION = ROOT / "editors" / "vscode"
EDITORS_MD = ROOT / "docs" / "editors.md"


def test_the_vs_code_extension_starts_rulelang_lsp_with_the_settings_the_docs_name():
    manifest = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    assert "vscode-languageclient" in manifest["dependencies"]
    settings = manifest["contributes"]["configuration"]["properties"]
    documented = set(re.findall(r"`(rulelang\.[a-z]+)`", EDITORS_MD.read_text(encoding="utf-8")))
    assert documented == set(settings) and settings["rulelang.command"]["default"] == "rulelang"
    assert '["lsp", ...settings.get("args")]' in (EXTENSION / "extension.js").read_text(encoding="utf-8")


def test_the_extension_packs_one_bundle_from_a_locked_install_and_git_ignores_what_a_build_makes():
    manifest = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    bundle = manifest["scripts"]["bundle"]
    assert bundle.startswith("esbuild extension.js --bundle") and f"--outfile={manifest['main'][2:]}" in bundle
    assert manifest["scripts"]["vscode:prepublish"] == "npm run bundle"  # vsce bundles before it packs
    assert "esbuild" in manifest["devDependencies"] and "@vscode/vsce" in manifest["devDependencies"]
    locked = json.loads((EXTENSION / "package-lock.json").read_text(encoding="utf-8"))["packages"][""]
    assert (locked["dependencies"], locked["devDependencies"]) == (manifest["dependencies"], manifest["devDependencies"])
    packed = (EXTENSION / ".vscodeignore").read_text(encoding="utf-8").split()
    assert packed == ["**", f"!{manifest['main'][2:]}", "!package.json", "!README.md"]  # no node_modules
    ignored = (EXTENSION / ".gitignore").read_text(encoding="utf-8").split()
    assert {"node_modules/", "dist/", "*.vsix"} <= set(ignored) and "package-lock.json" not in ignored
    docs = EDITORS_MD.read_text(encoding="utf-8")
    assert "npm ci" in docs and "npm run package" in docs


def test_every_install_line_works_from_a_clone():
    for path in [*ROOT.glob("docs/*.md"), ROOT / "README.md", EXTENSION / "README.md"]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"pip install ['\"]?rulelang\[", text), f"{path.name}: rulelang is on no package index"


def lua_blocks() -> list:
    return re.findall(r"^```lua\n(.*?)^```$", EDITORS_MD.read_text(encoding="utf-8"), re.M | re.S)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("nvim") is None, reason="Neovim is not installed")
def test_the_neovim_setup_checks_a_rule_file_in_the_neovim_on_this_machine(tmp_path):
    (tmp_path / "init.lua").write_text(lua_blocks()[0], encoding="utf-8")
    (tmp_path / "bad.yaml").write_text('name: Bad\nplayers: 2\nzones: {draw: {visibility: hidden}}\n'
                                       'turn: {do: ["draw 1 from drow to me.hand"]}\nend: []\n', encoding="utf-8")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
           "XDG_CONFIG_HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path)}
    said = "lua local d = vim.diagnostic.get(0); io.stderr:write(#d > 0 and d[1].message or 'none')"
    found = ""
    for _ in range(3):  # the server's first check may outlast a few seconds on a busy machine
        done = subprocess.run(["nvim", "--headless", "-u", "init.lua", "bad.yaml", "-c", "sleep 8", "-c", said,
                               "-c", "qa!"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
        found = done.stderr
        if "drow" in found:
            break
    assert "unknown name 'drow' (did you mean 'draw'?)" in found, found
