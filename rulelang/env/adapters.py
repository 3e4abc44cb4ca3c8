"""Agents and policies, each usable as the other.

`AgentPolicy` lets a rulelang agent (random, a bot, a file agent) act in an environment of this
package: it answers the pending decision from its seat's view and returns the action. `PolicyAgent`
lets a policy trained on the environment sit at a table in `rulelang play` or `simulate`: it
turns its seat's view into the observation the environment would give (see observation.py), and
the policy's action back into an option.
"""
from __future__ import annotations

import numpy as np

from ..api import load_document
from ..engine.session import view_for
from .bounds import check_size
from .catalogue import ActionCatalogue, ActionError
from .layout import Layout
from .observation import encode_view


def ask(agent, st) -> int:
    """The option a rulelang agent picks for the pending decision, seeing only its seat's view
    (as the agent asks for it: a search bot gets a view it can sample, see `view_for`)."""
    decision = st.pending
    return agent.choose(view_for(agent, st, decision.seat), decision)


class AgentPolicy:
    """A rulelang agent as a policy: `policy()` is its action for the env's pending decision."""

    def __init__(self, env, agent):
        self.episode = env.unwrapped.episode
        self.agent = agent

    def __call__(self, observation=None) -> int:
        """The agent's action now (it reads its seat's view, not `observation`)."""
        return self.episode.legal[ask(self.agent, self.episode.st)]


class PolicyAgent:
    """A policy as a rulelang agent: `policy(observation) -> action`, the observation as the env gives it."""

    name = "policy"

    def __init__(self, policy, game):
        self.policy = policy
        self.game = game
        self.doc = load_document(game.path)
        self.catalogue = ActionCatalogue.build(game, self.doc)
        self.layout = None  # made at the first decision, when the number of players is known

    def choose(self, view: dict, decision) -> int:
        """The option of the action the policy takes, from the observation of this view."""
        if self.layout is None:
            check_size(self.game, self.doc, len(view["players"]))
            self.layout = Layout.build(self.game, len(view["players"]), self.catalogue)
        actions = self.catalogue.actions(decision)
        mask = np.zeros(len(self.catalogue), dtype=np.int8)
        mask[list(actions)] = 1
        vector = encode_view(self.layout, view)
        vector[self.layout.decision_index(decision)] = 1
        action = int(self.policy({"observation": vector, "action_mask": mask}))
        if action not in actions:
            legal = ", ".join(f"{a} ({self.catalogue.labels[a]})" for a in actions)
            raise ActionError(f"the policy chose action {action}, which is not legal now; legal: {legal}")
        return actions.index(action)
