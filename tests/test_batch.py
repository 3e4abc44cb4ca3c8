"""What simulate and compare refuse before playing: a missing extra is named with the pip command
that adds it to this installation."""
import importlib.util
import json
from pathlib import Path

from click.testing import CliRunner
from rulelang.cli import batch
from rulelang.cli.main import main

ROOT = Path(__file__).resolve().parents[1]


def test_from_a_clone_the_extra_is_installed_into_the_clone():
    assert batch.install_hint("plot") == f'pip install -e "{ROOT}[plot]"'


class _Installed:
    """A distribution as importlib.metadata gives it, with only its direct_url.json."""

    def __init__(self, direct_url):
        self.direct_url = direct_url

    def read_text(self, name):
        return json.dumps(self.direct_url) if name == "direct_url.json" and self.direct_url else None


def test_an_installation_from_a_folder_or_the_index_gets_its_own_command(monkeypatch):
    monkeypatch.setattr(batch, "__file__", "/site-packages/rulelang/cli/batch.py")
    installed = []
    monkeypatch.setattr("importlib.metadata.distributions", lambda name: installed)
    installed[:] = [_Installed({"url": "file:///home/me/my%20rulelang", "dir_info": {}})]
    assert batch.install_hint("ray") == 'pip install "/home/me/my rulelang[ray]"'
    installed[:] = [_Installed(None)]
    assert batch.install_hint("ray") == "pip install 'rulelang[ray]'"


def test_plot_without_matplotlib_says_how_to_add_it_before_playing(monkeypatch, tmp_path):
    found = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None if name == "matplotlib" else found(name))
    result = CliRunner().invoke(main, ["simulate", "tests/data/minimal.yaml", "--games", "5",
                                       "--plot", str(tmp_path / "p.png")])
    assert result.exit_code == 2
    assert f'plots need matplotlib: pip install -e "{ROOT}[plot]"' in " ".join(result.output.split())
