"""Dice and pieces a side spends or rolls again in a turn: a die forfeited, a piece used, dice rerolled.

`forfeit-die` spends a free die of the side whose turn it is; `use-token` sends a piece lying on
the Active figure back to its pool and runs its token's effect; `reroll-dice` lets `me` roll again,
each once, the game's own die, the free dice of its side and the die placed this turn.

The words keep the names and parameters of the shared vocabulary's entries (compiler/builtins.py);
compiler/builtins_kernel.py lists them among the words kernel games share. docs/kernel.md, "What
the turn did"."""
from __future__ import annotations

from .compile import _as_list


def forfeit_die(run, env, die) -> None:
    """The die is spent on nothing: placed on its own holder (the player or Team it was rolled
    for) until the round ends, as placed dice are, so it is free no more (logged `die-forfeit`,
    `team` or `player` its holder, `die` its face). `die` is a die's id, or a face: the first free
    die of `me` (or of `me`'s Team) showing it."""
    state = run.state
    dice = state.dice
    for d in _as_list(die):
        if d not in dice:
            d = _showing(state, env, d)
        if d is None or dice[d]["on"] is not None:
            continue
        x = dice[d]
        x["on"] = x["owner"]
        state.log.append({"event": "die-forfeit", "team" if x["owner"] in state.teams else "player": x["owner"],
                          "die": x["value"]})


def _showing(state, env, face):
    """The first free die of `me`, or of `me`'s Team, showing the face."""
    me = env.get("ctx:me")
    holders = (me, state.team_of(me)) if me in state.players else (me,)
    return next((d for d, x in state.dice.items()
                 if x["owner"] in holders and x["on"] is None and x["value"] == face), None)


def use_token(run, env, token) -> None:
    """A piece of the token lying on the Active figure goes back to its pool (logged `use-token`,
    `figure` and `token` its id), then the token's own effect runs for the figure (`self` and
    `holder` the figure, `this-card` the piece); nothing when none lies there."""
    from .pieces import _back, _of, holder_key
    state = run.state
    figure = env.get("ctx:self") or (state.active_figure if state.active_turn == state.turn else None)
    if figure is None or token not in run.rules.cards:
        return
    pieces = _of(state, holder_key(run, figure), token)
    if not pieces:
        return
    _back(run, env, token, figure, 1, "remove")
    printed = run.rules.cards[token]
    state.log.append({"event": "use-token", "figure": figure, "token": printed.id})
    if printed.effect:
        from .compile_stmts import compiled_block
        inner = {"ctx:me": env["ctx:me"], "ctx:self": figure, "ctx:holder": figure, "ctx:this-card": pieces[0]}
        compiled_block(printed.effect, run.rules)(run, inner)


DONE = "done"


def reroll_dice(run, env) -> None:
    """`me` rolls again, one at a time and each at most once, any of: the game's own die
    (`reroll DIE-die`), the dice of `me`'s side still free or placed this turn on the Active figure's
    part (`reroll die-N`, N its place among the side's dice in the order rolled: the other
    engine's strings, runtime/actions.py), until `done` or
    none is left (logged `reroll`: its `team` or `player`, `die` N, its new `value`, whether it was `placed`; the game's
    own die as `roll` logs it). A die placed this turn keeps its part: its new face is the one
    `activation-die` reads."""
    from .dice import _record, roll_own
    from .record import turn_act
    state = run.state
    me = env["ctx:me"]
    holders = {me, state.team_of(me)} if me in state.players else {me}
    act = turn_act(run)
    current = act[3] if act is not None and state.dice.get(act[3], {}).get("owner") in holders else None
    own = run.rules.effect_die
    done: set = set()
    while True:
        mine = [d for d, x in state.dice.items() if x["owner"] in holders and x["owner"] is not None]
        whiches = [own] if own in state.dice and own not in done else []
        whiches += [str(i) for i, d in enumerate(mine, 1)
                    if d not in done and (state.dice[d]["on"] is None or d == current)]
        if not whiches:
            return
        options = [f"reroll {w}-die" if w == own else f"reroll die-{w}" for w in whiches]
        picked = run.ask(me, "reroll", "reroll which die?", options + [DONE])
        if picked == DONE:
            return
        which = whiches[options.index(picked)]
        if which == own:
            done.add(own)
            roll_own(run, own)
            continue
        d = mine[int(which) - 1]
        done.add(d)
        gen = state.random()
        x = state.dice[d]
        new = _record(run, x["type"], gen, x["owner"])
        state.keep(gen)
        x["value"] = new["value"]
        if "icon" in new:
            x["icon"] = new["icon"]
        state.log.append({"event": "reroll", "team" if x["owner"] in state.teams else "player": x["owner"],
                          "die": int(which), "value": x["value"], "placed": d == current})


PRIMITIVES = {"forfeit-die": forfeit_die, "use-token": use_token, "reroll-dice": reroll_dice}
