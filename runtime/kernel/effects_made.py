"""A part's effects as one generated function: `resolve-ability` and `use-special` run it.

A part (a card declared inside a figure's card) runs its effects in its card type's order
(dashboards.py): an effect named by a flag of the call when the flag holds, a guarded one
(`special when COND { ... }`) when COND holds, the end checked after each; a part whose
statements add a bonus runs those first (record.hoisted). Until December 4, 2026 that was a
loop over the part's compiled blocks, one call a block. Now it is one function per part and
rules, made at the first call: each effect's flag test, condition and statements written in
(compile_stmts.inline_lines), each in the env the loop gave it: a new one per effect, or one
for all where bonuses run first."""
from __future__ import annotations

from .compile import source
from .compile_stmts import inline_lines
from .record import hoisted


def part_function(rules, qid: str):
    """`effects(run, me, part, given, done)`: the part's effects run, the names of those run
    appended to `done` (each as it starts) and `done` returned. Kept on the rules' Dashboards."""
    runs = rules.dash.runs
    if qid in runs:
        return runs[qid]
    effects = rules.dash.effects.get(qid, [])
    plan = hoisted(rules, qid, effects) if effects else None
    space: dict = {"__rules__": rules}
    lines = ["def effects(run, me, part, given, done):", "    state = run.state", "    check_end = run.game.check_end"]
    if plan is None:  # each effect in an env of its own
        for name, body, when in effects:
            lines += [f"    if not ({name!r} in given and not given[{name!r}]):",
                      "        env = {'ctx:me': me, 'ctx:this-card': part}"]
            pad = "        "
            if when is not None:  # a guarded effect whose condition does not hold: skipped
                lines.append(f"        if {source(when, space)}:")
                pad += "    "
            lines.append(pad + f"done.append({name!r})")
            lines += _indented(body, space, pad)
            lines.append(pad + "check_end(run)")
    else:  # the flags and conditions read first, in one env, then every bonus, then the rest
        lines.append("    env = {'ctx:me': me, 'ctx:this-card': part}")
        for n, (name, _bonuses, _rest, when) in enumerate(plan):
            cond = f"not ({name!r} in given and not given[{name!r}])"
            if when is not None:
                cond += f" and ({source(when, space)})"
            lines += [f"    _c{n} = {cond}", f"    if _c{n}: done.append({name!r})"]
        for n, (_name, bonuses, _rest, _when) in enumerate(plan):
            if bonuses:
                lines.append(f"    if _c{n}:")
                lines += _indented(bonuses, space, "        ")
        for n, (_name, _bonuses, rest, _when) in enumerate(plan):
            lines.append(f"    if _c{n}:")
            lines += _indented(rest, space, "        ")
            lines.append("        check_end(run)")
    lines.append("    return done")
    exec("\n".join(lines), space)  # noqa: S102 - source generated here, from the IR
    made = runs[qid] = space["effects"]
    return made


def _indented(body: list, space: dict, pad: str) -> list[str]:
    """A body's statements (compile_stmts.inline_lines, at depth 1) at `pad` instead."""
    if not body:
        return [pad + "pass"]
    return [pad + line[4:] for line in inline_lines(body, space)] or [pad + "pass"]

