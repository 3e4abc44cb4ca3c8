"""rulelang: a declarative language for card games and the interpreter that runs them."""
__all__ = ["load_game", "GameError", "RuleError", "RulelangError"]
__version__ = "0.1.0"


def __getattr__(name):
    """`rulelang.load_game` and the errors, imported on first use so that light commands start
    quickly (`rulelang --help` needs none of them, nor attrs, which errors.py imports)."""
    if name == "load_game":
        from .api import load_game
        return load_game
    if name in ("GameError", "RuleError", "RulelangError"):
        from . import errors
        return getattr(errors, name)
    raise AttributeError(f"module 'rulelang' has no attribute {name!r}")
