"""Dice and coins: declared dice rolled into pools, read, set and placed, and coin tosses.

Declared dice (`die d6 { faces 1..6 }`) are rolled into pools of a player or a Team, read
(`lowest`, `die-value`), set, and placed on something (a space, a figure, a card, a player)
until the round ends; rolls and tosses are seeded, or forced by a scenario."""
from __future__ import annotations

from .compile import _as_list
from .rules import KernelError


def _me(env):
    return env["ctx:me"]


def _forced(run, kind: str):
    queue = run.state.forced[kind]
    return queue.pop(0) if queue else None


def _roll_one(run, die: str, gen) -> int:
    faces = run.rules.dice[die]
    value = _forced(run, "rolls")
    if value is None:
        return gen.choice(faces)
    if value not in faces:
        raise KernelError(f"a forced roll of {value} is no face of die '{die}' ({', '.join(map(str, faces))})")
    return value


def _known(run, die: str) -> str:
    if die not in run.rules.dice:
        raise KernelError(f"no die '{die}' in the game; dice: {', '.join(run.rules.dice) or 'none'}")
    return die


def roll(run, env, die, count=1, of=None) -> None:
    """`count` new dice of that kind for each holder (a player or a Team; default `me`)."""
    state = run.state
    _known(run, die)
    gen = state.random()
    for holder in _as_list(of) if of is not None else [_me(env)]:
        ids = []
        for _ in range(max(int(count or 0), 0)):
            state.die_serial += 1
            ident = f"die#{state.die_serial}"
            state.dice[ident] = {"type": die, "owner": holder, "value": _roll_one(run, die, gen), "on": None}
            ids.append(ident)
        state.log.append({"event": "roll", "die": die, "owner": holder, "dice": ids,
                          "values": [state.dice[d]["value"] for d in ids]})
    state.keep(gen)


def reroll(run, env, dice) -> None:
    state = run.state
    gen = state.random()
    ids = [d for d in _as_list(dice) if d in state.dice]
    for d in ids:
        state.dice[d]["value"] = _roll_one(run, state.dice[d]["type"], gen)
    state.keep(gen)
    if ids:
        state.log.append({"event": "roll", "dice": ids, "values": [state.dice[d]["value"] for d in ids]})


def set_die(run, env, die, value) -> None:
    state = run.state
    for d in _as_list(die):
        faces = run.rules.dice[state.dice[d]["type"]]
        if value not in faces:
            raise KernelError(f"set-die: {value} is no face of die '{state.dice[d]['type']}'")
        state.dice[d]["value"] = value
        state.log.append({"event": "set-die", "die": d, "value": value})


def place_die(run, env, die, on) -> None:
    """Put a die on something until the round ends; a space with `slots N` holding N dice
    takes no more (logged `full`)."""
    state = run.state
    for d in _as_list(die):
        if d not in state.dice:
            continue
        if isinstance(on, str) and on in run.rules.spaces and free_slots(run, env, on) <= 0:
            state.log.append({"event": "full", "space": on})
            return
        state.dice[d]["on"] = on
        state.log.append({"event": "place-die", "die": d, "value": state.dice[d]["value"], "on": on})


def free_dice(run, env, dice) -> None:
    for d in _as_list(dice):
        if d in run.state.dice:
            run.state.dice[d]["on"] = None


def remove_dice(run, env, dice) -> None:
    for d in _as_list(dice):
        run.state.dice.pop(d, None)


PRIMITIVES = {"roll": roll, "reroll": reroll, "set-die": set_die, "place-die": place_die,
              "free-dice": free_dice, "remove-dice": remove_dice}


# -- functions ---------------------------------------------------------------------------

def dice_of(run, env, of=None, die=None) -> list[str]:
    """The free (unplaced) dice of these holders, in the order they were rolled."""
    holders = _as_list(of) if of is not None else [_me(env)]
    return [d for d, x in run.state.dice.items()
            if x["owner"] in holders and x["on"] is None and (die is None or x["type"] == die)]


def dice_on(run, env, on) -> list[str]:
    targets = _as_list(on)
    return [d for d, x in run.state.dice.items() if x["on"] is not None and x["on"] in targets]


def free_slots(run, env, space) -> int:
    """How many more dice a space takes (its `slots` less the dice on it); 0 without slots."""
    slots = run.rules.spaces[space].get("slots") or 0 if space in run.rules.spaces else 0
    return max(slots - len(dice_on(run, env, space)), 0)


def _values(run, dice) -> list[int]:
    out = []
    for x in _as_list(dice):
        if isinstance(x, str) and x in run.state.dice:
            out.append(run.state.dice[x]["value"])
        elif isinstance(x, int) and not isinstance(x, bool):
            out.append(x)
    return out


def coin_toss(run, env) -> str:
    state = run.state
    result = _forced(run, "coins")
    if result is None:
        gen = state.random()
        result = "heads" if gen.random() < 0.5 else "tails"
        state.keep(gen)
    state.log.append({"event": "coin", "result": result})
    return result


FUNCTIONS = {
    "dice-of": dice_of,
    "dice-on": dice_on,
    "free-slots": free_slots,
    "die-value": lambda run, env, die: run.state.dice[die]["value"] if die in run.state.dice else None,
    "lowest": lambda run, env, set: min(_values(run, set), default=None),
    "highest": lambda run, env, set: max(_values(run, set), default=None),
    "coin-toss": coin_toss,
}
