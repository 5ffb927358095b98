"""Decisions and the legal-action strings every player, bot, scenario and replay uses.

The grammar of action strings (docs/actions.md):

    colour black|white              choose a Team colour
    pick CHARACTER                  draft a character
    side CHARACTER a|b              choose a dashboard side
    discard CARD                    discard a Mayhem card at setup
    place CHARACTER Ln              put a character on a Location (first round, Recovery)
    place-die N CHARACTER/ABILITY   place an Activation die showing N on an Ability
    move CHARACTER Ln               the free Move
    resolve CHARACTER/ABILITY       use the chosen Ability's effects
    use CHARACTER/SPECIAL           use the Special Ability
    use-token CHARACTER TOKEN       use a usable token the character holds
    retrieve TOKEN                  pick up a Mission token where the character stands
    play CARD [CHARACTER]           play a Mayhem card (for that character)
    pass                            play no card now
    end-turn                        finish the turn
    target NAME|Ln|Ln-Lm|none       choose a figure, a Location or an edge
    done                            stop choosing
    do LABEL / skip                 take or leave an optional effect
    choose LABEL                    pick an option
    reroll DIE / done               reroll dice (the Mayhem die, or die-N)
    remove Ln                       take an empty Location out of play (Free-For-All)
"""
from __future__ import annotations

from dataclasses import dataclass
import re


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
    def __init__(self, action: str, decision: Decision):
        shown = ", ".join(decision.actions[:12]) + (" ..." if len(decision.actions) > 12 else "")
        super().__init__(f"'{action}' is not a legal action now; legal: {shown}")
        self.action = action
        self.decision = decision
