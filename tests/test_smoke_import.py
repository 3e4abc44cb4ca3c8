"""The installed package has its CLI, grammar and rulesets."""
from rulelang.cli.main import main

from rulelang.api import packaged_rulesets


def test_cli_and_rulesets_are_installed():
    assert "storma_slottet" in packaged_rulesets()
    assert main.name == "main"
