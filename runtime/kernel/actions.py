"""Actions as data: a declared verb with its argument values. The legal actions are every
value of each parameter's domain that the action's guard allows; each prints as a stable
string (`VERB CARD`, `VERB PLAYER`) and parses back against the legal list (`parse`)."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from .effects import NeedChoice, Run


@dataclass(frozen=True)
class Action:
    verb: str
    args: tuple  # values: player seats (str), card uids (int)
    text: str

    def __str__(self) -> str:
        return self.text


def legal_actions(game) -> list[Action]:
    out: list[Action] = []
    seen: set[str] = set()
    me = game.state.active
    for verb, action in game.rules.actions.items():
        probe = Run(game, [])
        env = {"ctx:me": me}
        domains = [list(_values(probe.expr(domain, env))) for _name, domain in action.params]
        labels = [game.labels(values) for values in domains]
        for combo in product(*[range(len(d)) for d in domains]):
            args = tuple(domains[i][k] for i, k in enumerate(combo))
            text = " ".join([verb] + [labels[i][k] for i, k in enumerate(combo)])
            if text in seen:
                continue  # a copy alike to one already offered
            inner = dict(env)
            for (name, _domain), value in zip(action.params, args):
                inner["var:" + name] = value
            try:
                allowed = action.guard is None or probe.expr(action.guard, inner)
            except NeedChoice:
                allowed = False  # a guard asks no question
            if allowed:
                seen.add(text)
                out.append(Action(verb, args, text))
    return out


def _values(value):
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def parse(text: str, legal: list[Action]) -> Action:
    """The legal action a string names; a ValueError naming the legal ones if none."""
    for action in legal:
        if action.text == text.strip():
            return action
    raise ValueError(f"'{text}' is not a legal action now; legal: " + ", ".join(a.text for a in legal))


def take_action(game, run: Run, action: Action) -> None:
    decl = game.rules.actions[action.verb]
    env = {"ctx:me": game.state.active, "_stops": True}
    for (name, _domain), value in zip(decl.params, action.args):
        env["var:" + name] = value
    game.state.log.append({"event": "action", "player": game.state.active, "action": action.text})
    game.state.acted = True
    run.block(decl.body, env)
    game.check_end(run)
