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


MARKED = [True]  # the end checked after an effect only when its marks changed (a test's switch: off, each time)


def part_function(rules, qid: str):
    """`effects(run, me, part, given, done)`: the part's effects run, the names of those run
    appended to `done` (each as it starts) and `done` returned. Kept on the rules' Dashboards."""
    runs = rules.dash.runs
    if qid in runs:
        return runs[qid]
    effects = rules.dash.effects.get(qid, [])
    plan = hoisted(rules, qid, effects) if effects else None
    space: dict = {"__rules__": rules}
    lines = ["def effects(run, me, part, given, done):", "    state = run.state", "    game = run.game"]
    from .turns import end_lines  # the end check after each effect: no call while its marks say nothing changed

    def check_end(pad: str) -> list[str]:
        return end_lines(rules, pad, "state") if MARKED[0] else [pad + "game.check_end(run)"]
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
            lines += check_end(pad)
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
            lines += check_end("        ")
    lines.append("    return done")
    exec("\n".join(lines), space)  # noqa: S102 - source generated here, from the IR
    made = runs[qid] = space["effects"]
    return made


def _indented(body: list, space: dict, pad: str) -> list[str]:
    """A body's statements (compile_stmts.inline_lines, at depth 1) at `pad` instead."""
    if not body:
        return [pad + "pass"]
    return [pad + line[4:] for line in inline_lines(body, space, contexts=_ENV)] or [pad + "pass"]


_ENV = ("ctx:me", "ctx:this-card")  # the context keys of an effect's env (its `me` and `this-card`), and no other



def resolve_lines(args: dict, space: dict, names, n: int) -> list[str]:
    """`resolve-ability(PART, FLAG: cond, ...)` written into a compiled block (dashboards.resolve_part,
    no frame of its own): its arguments evaluated in order into the dict it is given, the part the
    first card among them, its figure's record marked, the line logged and the part's function run."""
    from .compile import me_of, name_for
    from .dashboards import _card_among
    given = ", ".join(f"{k.replace('-', '_')!r}: {source(e, space, names)}" for k, e in args.items())
    first = next(iter(args), None)
    card = name_for(space, _card_among)
    part = (f"_rw{n} if (_rw{n} := _rg{n}[{first.replace('-', '_')!r}]).__class__ is int else {card}(_rg{n})"
            if first is not None else f"{card}(_rg{n})")
    return [f"_rg{n} = {{{given}}}",
            f"_rp{n} = {part}",
            f"if _rp{n} is not None:",
            f"    _ro{n} = state.owners[_rp{n}]",
            f"    _rf{n} = state.figures.get(_ro{n})",  # record.resolved, written out
            f"    if _rf{n} is not None: _rf{n}['resolved'] = state.turn",
            f"    _rq{n}, _re{n}, _rx{n} = state.cards[_rp{n}], [], run.rules.dash.runs",
            f"    state.log.append({{'event': 'resolve-ability', 'figure': _ro{n}, "
            f"'card': run.rules.cards[_rq{n}].id, 'effects': _re{n}}})",
            f"    (_rx{n}[_rq{n}] if _rq{n} in _rx{n} else {name_for(space, made_first)}(run.rules, _rq{n}))"
            f"(run, {me_of(names)}, _rp{n}, _rg{n}, _re{n})"]


def made_first(rules, qid: str):
    """dashboards.part_function, read at a part's first use (a test may put another in its place)."""
    from . import dashboards
    return dashboards.part_function(rules, qid)
