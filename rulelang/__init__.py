"""rulelang: a declarative language for card games and the interpreter that runs them."""
from .api import load_game
from .errors import GameError, RuleError, RulelangError

__all__ = ["load_game", "GameError", "RuleError", "RulelangError"]
__version__ = "0.1.0"
