"""rulelang: a declarative language for card games and the interpreter that runs them."""
from .errors import GameError, RuleError, RulelangError

__all__ = ["load_game", "GameError", "RuleError", "RulelangError"]
__version__ = "0.1.0"


def __getattr__(name):
    """`rulelang.load_game`, imported on first use so that light commands start quickly."""
    if name == "load_game":
        from .api import load_game
        return load_game
    raise AttributeError(f"module 'rulelang' has no attribute {name!r}")
