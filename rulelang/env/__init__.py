"""Environments for game AI: every rule file as a PettingZoo AEC environment, a one-seat one as a
Gymnasium environment, with a fixed action catalogue and observations of what a seat may see.

In: a rule file (a name or a path). Out: environments, their action catalogue and observation
layout, and adapters between rulelang agents and policies. Needs the `ai` extra
(`pip install -e ".[ai]"` in a clone: pettingzoo, gymnasium, numpy). See docs/ai.md.
"""
from __future__ import annotations

EXPORTS = {
    "make_env": "aec", "RulesetEnv": "aec",
    "make_gym_env": "solo", "SoloEnv": "solo",
    "AgentPolicy": "adapters", "PolicyAgent": "adapters",
    "ActionCatalogue": "catalogue", "ActionError": "catalogue",
    "Layout": "layout", "encode_view": "observation", "SeatObserver": "observation", "TableObserver": "observation",
}

__all__ = sorted(EXPORTS)


def __getattr__(name):
    """Import a part when it is first used, so that an agent needing only numpy does not load pettingzoo."""
    module = EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'rulelang.env' has no attribute {name!r}")
    from importlib import import_module
    try:
        return getattr(import_module(f"{__name__}.{module}"), name)
    except ModuleNotFoundError as err:
        raise ModuleNotFoundError(f"rulelang.env needs the ai extra ({err.name} is missing): "
                                  f"pip install -e \".[ai]\" in your clone of rulelang") from err
