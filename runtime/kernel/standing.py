"""Pieces that stand as figures: a kind of figure declared `from-pieces FLAG` is the placed pieces of the tokens with that flag.

None is dealt at setup (board.setup_figures passes such a kind over). `place` of a token with
the flag on a space takes its piece from the pool as ever, and the piece stands there as a
figure of the kind (`stand`): named after its token and the side that placed it (`boss-t1`;
`boss-t1-2` while that one stands), no one's to control (its `owner` none: no player's or
Team's figure, no `friend`, `opponent` or `teammate` of anyone), a `foe` of the side that
placed it alone (its `quarry`: relations.py), its `life:` (the `place`'s) the game's
`damage-bound` counter, its damage counter at its start, the piece lying under it (the figure's
own pile of pieces). It takes no `enter` (it was placed, it did not come in). Its token's
`immune` tags are the effects that do nothing to it (`immune_to`): damage so tagged is not
dealt (logged `immune`, damage.py), a piece so tagged is not placed on it (pieces.place).
Knocked out (damage.knock_out_figure), its piece goes back to its pool before its knock-out is heard
(`fallen`); the figure stays out of play, and a new piece of its token and side stands under
its name again. docs/kernel.md, "Monsters and placed pieces on the kernel"."""
from __future__ import annotations

from .rules import KernelError
from .writers import add_figure


def load(rules, tops: list[dict], types: dict) -> None:
    """rules.pieces.standing: token qid -> the kind of figure its placed pieces stand as (the
    game's figure kinds that say `from-pieces FLAG`, for each token of the game with FLAG);
    rules.pieces.immune: such a token's qid -> the qids of the tags its `immune` names."""
    kinds, immune = {}, {}
    tags: dict = {}
    for c in tops:
        if c["kind"] == "tag":
            tags.setdefault(c["id"], []).append(c["qid"])
    for child in rules.game["children"]:
        flag = (child["props"].get("from-pieces") or {}).get("value") if child["kind"] == "figure" else None
        if flag is None:
            continue
        for c in tops:
            if c["kind"] in types and (c["props"].get(flag) or {}).get("value"):
                if c["qid"] in kinds:
                    raise KernelError(f"token '{c['id']}' stands as two kinds of figure: "
                                      f"'{kinds[c['qid']]}' and '{child['id']}'")
                kinds[c["qid"]] = child["id"]
                named = (c["props"].get("immune") or {}).get("value") or ()
                if named:
                    immune[c["qid"]] = tuple(q for t in named for q in tags.get(t, ()))
    rules.pieces.standing, rules.pieces.immune = kinds, immune


def kinds_of(rules) -> set:
    """The kinds of figure whose figures are pieces (none dealt at setup)."""
    return {c["id"] for c in rules.game["children"] if c["kind"] == "figure" and "from-pieces" in c["props"]}


def stand(run, token: str, uid: int, space: str, side, life) -> str:
    """The piece `uid` of `token` stands on `space` as a figure (the module's docstring), for
    `side` (the Team or player that placed it); its name."""
    from .damage import _of
    from .pieces import _move, holder_key
    state, rules = run.state, run.rules
    base = f"{rules.cards[token].id}-{side}" if side is not None else rules.cards[token].id
    name, n = base, 2
    while name in state.figures and not state.figures[name].get("out"):
        name, n = f"{base}-{n}", n + 1
    immune = rules.pieces.immune.get(token)
    add_figure(state, name, {"kind": rules.pieces.standing[token], "owner": None, "space": space,
                             "quarry": side, "piece": uid, **({"immune": immune} if immune else {})})
    spec = _of(run)
    counter = rules.counters[spec.counter]
    counter.put(run, name, counter.start)
    if life and spec.bound is not None:
        rules.counters[spec.bound].put(run, name, int(life))
    _move(state, uid, holder_key(run, name))
    return name


def immune_to(state, figure, tags) -> bool:
    """The figure's token is immune to one of these tags (an effect that does nothing to it)."""
    fig = state.figures.get(figure)
    immune = fig.get("immune") if fig is not None else None
    return bool(immune) and any(t in immune for t in tags)


def fallen(run, env, figure) -> None:
    """A figure that stands for a piece, knocked out: its piece back into its pool."""
    fig = run.state.figures[figure]
    uid = fig.get("piece")
    if uid is None or "quarry" not in fig:
        return
    from .pieces import _home
    _home(run, env, run.state.cards[uid], uid)
