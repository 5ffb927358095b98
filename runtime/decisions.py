"""Decisions: the question a player must answer, with its legal actions printed as strings.

The actions themselves (their grammar, parser and printer) are `runtime/actions.py`."""
from __future__ import annotations

from dataclasses import dataclass
import re

from .actions import Action, ActionError


@dataclass
class Decision:
    player: str
    kind: str
    prompt: str
    actions: list[str]
    span: str | None = None

    def to_json(self) -> dict:
        return {"player": self.player, "kind": self.kind, "prompt": self.prompt, "actions": list(self.actions)}


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "it"


def fig_label(fig) -> str:
    return fig.key


class IllegalAction(ValueError):
    """An answer that is not among the decision's legal actions (or not an action at all)."""

    def __init__(self, action: str, decision: Decision):
        shown = ", ".join(decision.actions[:12]) + (" ..." if len(decision.actions) > 12 else "")
        try:
            Action.parse(action)
            why = f"'{action}' is not a legal action now"
        except ActionError as exc:
            why = str(exc)
        super().__init__(f"{why}; legal: {shown}" if decision.actions else why)
        self.action = action
        self.decision = decision
