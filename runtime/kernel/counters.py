"""A counter's changes and reads, made once for its declaration (rules.Counter.add, put, get).

`gain`, `lose`, `set-counter` and `value` of a counter named in the rules call one function made
for that counter (its start, bounds and whether its holder is out at the minimum written in as
constants), not primitives._change and primitives.get_value, which read the declaration at
every call. They do exactly what those do (tests/test_kernel_speed7.py holds them together); a
counter held by Teams keeps the general functions (a player's Team is looked up)."""
from __future__ import annotations


def _key_lines(spec) -> list[str]:
    """The lines setting `key` from `holder`, as _change and get_value make it."""
    if not spec.per:
        return ["    key = C"]
    return ["    if type(holder) is str:",
            "        key = P + holder",
            "    elif holder is None:",
            "        key = C",
            "    elif isinstance(holder, int):",
            "        key = f'{C}/#{holder}'",
            "    else:",
            "        key = f'{C}/{holder}'"]


def _space(spec) -> dict:
    return {"C": spec.id, "P": spec.id + "/", "START": spec.start, "LOW": spec.min, "HIGH": spec.max}


def make_change(spec, add: bool):
    """`f(run, holder, value)`: primitives._change(run, spec.id, holder, value, add)."""
    from .primitives import _change, knock_out
    if spec.per == "team":
        counter = spec.id
        return lambda run, holder, value: _change(run, counter, holder, value, add)
    lines = ["def change(run, holder, value):", "    state = run.state", "    counters = state.counters"]
    lines += _key_lines(spec)
    if add:
        lines.append("    value += counters.get(key, START)")
    if spec.min is not None:
        lines.append("    if value < LOW: value = LOW")
    if spec.max is not None:
        lines.append("    if value > HIGH: value = HIGH")
    lines.append("    counters[key] = value")
    if spec.out_at_min and spec.min is not None and spec.per:  # the game's own counter has no holder
        lines += ["    if value <= LOW and holder in state.players and holder not in state.out:",
                  "        knock_out(run, None, holder)"]
    space = _space(spec)
    space["knock_out"] = knock_out
    exec("\n".join(lines), space)  # noqa: S102 - source generated here, from the declaration
    return space["change"]


def make_get(spec):
    """`f(run, holder)`: primitives.get_value(run, spec.id, holder)."""
    from .primitives import get_value
    if spec.per == "team":
        counter = spec.id
        return lambda run, holder: get_value(run, counter, holder)
    lines = ["def get(run, holder):"] + _key_lines(spec) + ["    return run.state.counters.get(key, START)"]
    space = _space(spec)
    exec("\n".join(lines), space)  # noqa: S102 - source generated here, from the declaration
    return space["get"]


def inline_change(spec, holder: str, value: str, add: bool, n: int, space: dict,
                  checked: bool = False) -> list[str] | None:
    """make_change's body written into a generated block (compile_stmts) for one holder, when
    it is a player (a str: its key `C/holder`); else the counter's own function is called. None
    for a counter held by Teams or the game (its function is called). `checked`: the holder is
    a local known to be a str, and the lines are the change alone."""
    if spec.per not in ("player", "card"):
        return None
    from .primitives import knock_out
    h, k, v = (holder if checked else f"_h{n}"), f"_x{n}", f"_y{n}"
    prefix, start = _name(space, spec.id + "/"), _name(space, spec.start)
    lines = [f"{h} = {holder}",
             f"if type({h}) is str:",
             f"    {k} = {prefix} + {h}",
             f"    {v} = ({value}) + state.counters.get({k}, {start})" if add else f"    {v} = {value}"]
    if spec.min is not None:
        lines.append(f"    if {v} < {_name(space, spec.min)}: {v} = {_name(space, spec.min)}")
    if spec.max is not None:
        lines.append(f"    if {v} > {_name(space, spec.max)}: {v} = {_name(space, spec.max)}")
    lines.append(f"    state.counters[{k}] = {v}")
    if spec.out_at_min and spec.min is not None:
        lines += [f"    if {v} <= {_name(space, spec.min)} and {h} in state.players and {h} not in state.out:",
                  f"        {_name(space, knock_out)}(run, None, {h})"]
    if checked:
        return [line[4:] for line in lines[2:]]
    lines += ["else:",
              f"    run.rules.counters[{_name(space, spec.id)}].{'add' if add else 'put'}(run, {h}, {value})"]
    return lines


def _name(space: dict, value) -> str:
    from .compile import name_for
    return name_for(space, value)
