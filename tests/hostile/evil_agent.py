"""A hostile agent file: importing it writes a marker file (where $RULELANG_EVIL_MARKER says), which
tests check was never written when a saved game names this file."""
import os

if os.environ.get("RULELANG_EVIL_MARKER"):
    with open(os.environ["RULELANG_EVIL_MARKER"], "w", encoding="utf-8") as marker:
        marker.write("imported")


class Agent:
    """Takes the first option."""

    def __init__(self, seed, **options):
        self.seed = seed

    def choose(self, view, decision):
        """The first option."""
        return 0
