"""Dice and coins: declared dice rolled into pools, read, set and placed, and coin tosses.

Declared dice (`die d6 { faces 1..6 }`) are rolled into pools of a player or a Team, read
(`lowest`, `die-value`), set, and placed on something (a space, a figure, a card, a player)
until the round ends; rolls and tosses are seeded, or forced by a scenario. A die may read its
faces as the box prints them (`faces-from PROP`: `"3*"` is a 3 that shows the die's icon), and
the game's own die (its `effect-die`), rolled without `of`, lies on the table for all: its face
is read by `shown-face` and `shows-icon` until it is rolled again (logged `DIE-die`)."""
from __future__ import annotations

from .compile import _as_list
from .draws import choice
from .moments import rolled
from .rules import KernelError


def _me(env):
    return env["ctx:me"]


def _forced(run, kind: str):
    queue = run.state.forced[kind]
    return queue.pop(0) if queue else None


ICON = "*"  # a printed face ending in it shows the die's icon


def load_printed(rules, game: dict, box: dict) -> None:
    """The dice whose faces are the box's property (`faces-from PROP`, a list of faces as
    printed; 1 to 6 where the box prints none): their numbers in `rules.dice`, and, where a
    face shows the icon, the printed faces in `rules.printed`; the game's `effect-die`."""
    props = box["props"] if box is not None else {}
    for child in game["children"]:
        source = child["props"].get("faces-from") if child["kind"] == "die" else None
        if source is None:
            continue
        listed = props.get(source["value"])
        printed = [str(face) for face in (listed["value"] if listed is not None else range(1, 7))]
        rules.dice[child["id"]] = [int(face.rstrip(ICON)) for face in printed]
        if any(face.endswith(ICON) for face in printed):
            rules.printed[child["id"]] = printed
    effect_die = game["props"].get("effect-die")
    rules.effect_die = effect_die["value"] if effect_die is not None else None


def _roll_one(run, die: str, gen) -> int:
    faces = run.rules.dice[die]
    queue = run.state.forced["rolls"]  # (_forced, written out)
    value = queue.pop(0) if queue else None
    if value is None:
        return choice(gen, faces)  # gen.choice's face, the same bits drawn, in one call (draws.py)
    if value not in faces:
        raise KernelError(f"a forced roll of {value} is no face of die '{die}' ({', '.join(map(str, faces))})")
    return value


def _roll_printed(run, die: str, gen) -> str:
    """One roll of a die with an icon on some faces: the face as printed (`"3*"`); a forced
    number is its face without the icon, a forced `"3*"` with it."""
    printed = run.rules.printed[die]
    queue = run.state.forced["rolls"]  # (_forced, written out)
    value = queue.pop(0) if queue else None
    if value is None:
        return choice(gen, printed)  # gen.choice's face, the same bits drawn, in one call (draws.py)
    face = str(value)
    if face not in printed:
        raise KernelError(f"a forced roll of {face} is no face of die '{die}' ({', '.join(printed)})")
    return face


def _record(run, die: str, gen, owner) -> dict:
    """A new die of that kind, rolled: its value, and whether its face shows the icon (a die
    of a kind with an icon only)."""
    if die in run.rules.printed:
        face = _roll_printed(run, die, gen)
        return {"type": die, "owner": owner, "value": int(face.rstrip(ICON)), "on": None, "icon": face.endswith(ICON)}
    return {"type": die, "owner": owner, "value": _roll_one(run, die, gen), "on": None}


def roll_own(run, die: str) -> None:
    """The game's own die rolled, on the table for all (its id is its kind's, its owner none):
    its face holds until it is rolled again (logged `DIE-die` with the face, as printed)."""
    state = run.state
    gen = state.random()
    was = state.dice.get(die)
    state.dice[die] = x = _record(run, die, gen, None)
    state.keep(gen)
    if was is not None and "granted" in was:  # `grant-icon` holds until the turn ends, rolled again or not
        x["granted"] = was["granted"]
    state.log.append({"event": f"{die}-die", "face": f"{x['value']}{ICON if x.get('icon') else ''}"})


def _known(run, die: str) -> str:
    if die not in run.rules.dice:
        raise KernelError(f"no die '{die}' in the game; dice: {', '.join(run.rules.dice) or 'none'}")
    return die


def roll(run, env, die, count=1, of=None) -> None:
    """`count` new dice of that kind for each holder (a player or a Team; default `me`)."""
    state = run.state
    _known(run, die)
    if of is None and die == run.rules.effect_die:
        roll_own(run, die)
        return rolled(run, env)  # the game's `effect-roll-event`, if it names one (moments.py)
    gen = state.random()
    for holder in _as_list(of) if of is not None else [_me(env)]:
        ids = []
        for _ in range(max(int(count or 0), 0)):
            state.die_serial += 1
            ident = f"die#{state.die_serial}"
            state.dice[ident] = _record(run, die, gen, holder)
            ids.append(ident)
        values = []
        for d in ids:  # (a loop: a comprehension would make `state` a cell)
            values.append(state.dice[d]["value"])
        state.log.append({"event": "roll", "die": die, "owner": holder, "dice": ids, "values": values})
    state.keep(gen)


def reroll(run, env, dice) -> None:
    state = run.state
    gen = state.random()
    ids = [d for d in _as_list(dice) if d in state.dice]
    for d in ids:
        x = state.dice[d]
        new = _record(run, x["type"], gen, x["owner"])
        x["value"] = new["value"]
        if "icon" in new:
            x["icon"] = new["icon"]
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

def shown(run, value):
    """A die (its id, as `dice-of` gives it) compared with a number: the value it shows; any other
    value as it is (compile.py's comparisons of a variable)."""
    if value.__class__ is str and value in run.state.dice:
        return run.state.dice[value]["value"]
    return value


def operand(e: dict, numeric: bool, space: dict, bound) -> str:
    """The source of an operand of a comparison (compile.source's `cmp`): a variable read as a
    number (ordered, or compared with one) is `shown`, the die it may be read as its value."""
    from .compile import name_for, source
    if numeric and e["e"] in ("var", "param", "it", "event"):
        return f"{name_for(space, shown)}(run, {source(e, space, bound)})"
    return source(e, space, bound)


def dice_of(run, env, of=None, die=None) -> list[str]:
    """The free (unplaced) dice of these holders, in the order they were rolled."""
    holders = (of if of.__class__ is list else [of] if of.__class__ is str else _as_list(of)) if of is not None \
        else [_me(env)]
    found = []
    for d, x in run.state.dice.items():  # a loop: no comprehension's frame
        if x["on"] is None and x["owner"] in holders and (die is None or x["type"] == die):
            found.append(d)
    return found


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


def shown_face(run, env, die) -> int:
    """The number a die shows: the game's own die of that kind (1 before its first roll), or a die."""
    x = run.state.dice.get(die)
    return x["value"] if x is not None else 1


def shows_icon(run, env, die) -> bool:
    """The die shows its icon (the game's own die of that kind, or a die; none before a roll), or
    counts as showing it this turn (`grant-icon`)."""
    x = run.state.dice.get(die)
    return x is not None and (x.get("icon", False) or x.get("granted") == run.state.turn)


def grant_icon(run, env, die) -> None:
    """`grant-icon(DIE)`: the game's own die counts as showing its icon until the turn ends
    (logged `DIE-icon`); not rolled yet, it lies on the table showing 1."""
    state = run.state
    _known(run, die)
    x = state.dice.get(die)
    if x is None:
        x = state.dice[die] = {"type": die, "owner": None, "value": 1, "on": None, "icon": False}
    x["granted"] = state.turn
    state.log.append({"event": f"{die}-icon"})


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
    "shown-face": shown_face,
    "shows-icon": shows_icon,
}
PRIMITIVES["grant-icon"] = grant_icon
