"""Actions as data: a declared verb with its argument values. The legal actions are every
value of each parameter's domain that the action's guard allows; each prints as a stable
string (`VERB CARD`, `VERB PLAYER`) and parses back against the legal list (`parse`)."""
from __future__ import annotations

from itertools import product
from typing import NamedTuple

from .compile import compiled, pure
from .compile_stmts import compiled_block
from .effects import NeedChoice, Run
from .labels import labels


class Action(NamedTuple):
    """A legal action: immutable, compared and hashed by its fields (a named tuple: made
    many times a turn, faster than a frozen dataclass)."""
    verb: str
    args: tuple  # values: player seats (str), card uids or numbers (int: the parameter's `cards` says)
    text: str

    def __str__(self) -> str:
        return self.text


_new = tuple.__new__  # an Action made without the named tuple's Python-level __new__


def legal_actions(game) -> list[Action]:
    out: list[Action] = []
    seen: set[str] = set()
    probe = Run(game, [])  # guards and domains ask nothing: one run for them all
    env = {"ctx:me": game.state.active}
    for verb, action in game.rules.actions.items():
        domains_of, guard, keys, hoisted, _body = _plan(action)
        if hoisted:  # the guard reads no parameter and changes nothing: one answer for every value
            if not guard(probe, env):
                continue
            guard = None
        if len(domains_of) == 1 and guard is None:  # one parameter, allowed whatever its value
            values = _values(domains_of[0](probe, env))
            prefix = verb + " "
            for value, label in zip(values, labels(game, values, action.cards[0])):
                text = prefix + label
                if text not in seen:
                    seen.add(text)
                    out.append(_new(Action, (verb, (value,), text)))
            continue
        domains = [_values(domain(probe, env)) for domain in domains_of]
        labels_of = [labels(game, values, cards) for values, cards in zip(domains, action.cards)]
        for combo in product(*[list(zip(d, lab)) for d, lab in zip(domains, labels_of)]):
            text = " ".join([verb] + [label for _value, label in combo])  # no parameter: the verb
            if text in seen:
                continue  # a copy alike to one already offered
            args = tuple([value for value, _label in combo])
            if guard is not None:
                inner = env.copy()
                for key, value in zip(keys, args):
                    inner[key] = value
                try:
                    allowed = guard(probe, inner)
                except NeedChoice:
                    allowed = False  # a guard asks no question
            else:
                allowed = True
            if allowed:
                seen.add(text)
                out.append(_new(Action, (verb, args, text)))
    return out


_PLANS: dict[int, tuple] = {}


def _plan(action) -> tuple:
    """An action's domains and guard as closures (compile.py), its parameters' keys,
    whether the guard can be asked once for every value (it and the domains are `pure`,
    and the guard reads no parameter: `value(coins) > 0`), and its body's function (compile_stmts.py),
    made once per declaration."""
    hit = _PLANS.get(id(action))
    if hit is not None and hit[0] is action:
        return hit[1]
    plan = (tuple(compiled(domain) if domain is not None else _none for _name, domain in action.params),
            compiled(action.guard) if action.guard is not None else None,
            tuple("var:" + name for name, _domain in action.params))
    keys = frozenset(plan[2])
    hoisted = action.guard is not None and pure(action.guard, keys) and all(pure(d, keys) for _n, d in action.params)
    plan += (hoisted, compiled_block(action.body))
    _PLANS[id(action)] = (action, plan)
    return plan


def _none(run, env):
    return None


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
    _plan(decl)[4](run, env)  # the action's body
    game.check_end(run)
