"""A printed card's play and resolution as one Python function each, generated once per rules and card.

`play-card(X)` moves the card to the game's `play-to` zone, logs it and resolves its parts;
`resolve(X)` resolves them in place. Both did that by reading the zone's declaration, the card
type's `resolve-order` (primitives.resolution_parts) and a table of the parts at every call;
here each printed card gets `play(run, me, card)` and `resolve(run, me, card)` whose source
names its zone and its parts' amounts as constants, each part's statements written in (not a
call of its compiled block), with the end check between two parts written in (what
steps.check_end tests first). They do what
primitives.play_card and primitives._resolve did, in the same order
(tests/test_kernel_speed8.py holds them together)."""
from __future__ import annotations

from .writers import tick

_CODE: dict[str, object] = {}  # a generated source -> its code (its constants are names of its space)


def _move_lines(rules, space: dict) -> list[str]:
    """The lines moving `card` to the `play-to` zone of `me` (piles.move, written out for a
    zone without a capacity or a Team); none when the game names no such zone."""
    zone = rules.zone_roles.get("play-to")
    if zone is None:
        return []
    spec = rules.zones[zone]
    space.update(Z=zone, P=zone + "/", _tick=tick)
    if spec.capacity is not None or spec.per == "team":
        from .piles import move
        space["move"] = move
        return ["    move(run, card, Z, me)"]
    key = "P + me if type(me) is str else Z if me is None else f'{Z}/{me}'" if spec.per else "Z"
    return [f"    key = {key}",
            "    zones, places = state.zones, state.places",
            "    zones[places[card]].remove(card)",
            "    pile = zones.get(key)",
            "    if pile is None:",
            "        pile = zones[key] = []",
            "    pile.append(card)",
            "    places[card] = key",
            "    state.pieces_mark = _tick()"]


_SHAPES: dict[tuple, tuple] = {}  # a card's shape -> (the rules, its parts' bodies, the source, the names it binds)


def _source(rules, parts: list, play: bool) -> tuple[str, dict]:
    """The source of a card's play (or resolve) for its parts, and the names it binds but the
    card's own (`ID`, the amounts)."""
    from .compile_stmts import inline_lines
    from .turns import end_lines
    space: dict = {}
    # `fig`: the figure the card is played for (a card window's `play CARD FIGURE`), its `self`
    lines = ["def play(run, me, card, fig=None):" if play else "def resolve(run, me, card, fig=None):",
             "    game = run.game", "    state = run.state"]
    if play:
        lines += _move_lines(rules, space)
        lines.append("    state.log.append({'event': 'play', 'player': me, 'card': ID, 'uid': card})")
    space["__rules__"] = rules
    for n, (body, amount) in enumerate(parts):
        # the part's statements written in (compile_stmts.inline_lines: its env has no `_stops`,
        # so none of them stops), `me`, the card and the amount read from locals, in an env of its own
        known = {"ctx:me": "me", "ctx:this-card": "card"}
        if amount is None:  # the card's own effect
            lines.append("    env = {'ctx:me': me, 'ctx:this-card': card}")
        else:
            known["ctx:amount"] = f"A{n}"
            lines.append(f"    env = {{'ctx:me': me, 'ctx:this-card': card, 'ctx:amount': A{n}}}")
        lines += ["    if fig is not None:", "        env['ctx:self'] = fig"]
        lines += inline_lines(body, space, known) if body else []
        # the game ends between two parts of a card, not inside one: an effect that knocks
        # out every player at once leaves nobody, a tie
        lines += end_lines(rules)
    return "\n".join(lines), space


def make(rules, qid: str, play: bool):
    """`f(run, me, card, fig=None)`: the printed card `qid` played (moved, logged, resolved) or
    resolved, for the figure `fig` when one is given (its `self`)."""
    from .primitives import resolution_parts
    printed = rules.cards[qid]
    parts = resolution_parts(rules, printed)
    # cards of one shape (their parts' bodies, which of them have an amount) share the source
    # and the names it binds; a card binds its own id and amounts (`ID`, `A0`, ...)
    key = (play, tuple((id(body), amount is None) for body, amount in parts))
    hit = _SHAPES.get(key)
    if hit is None or hit[0] is not rules or any(a is not b for a, (b, _) in zip(hit[1], parts)):
        hit = _SHAPES[key] = (rules, [body for body, _ in parts], *_source(rules, parts, play))
    src, space = hit[2], dict(hit[3])
    space["ID"] = printed.id
    for n, (_body, amount) in enumerate(parts):
        if amount is not None:
            space[f"A{n}"] = amount
    code = _CODE.get(src)
    if code is None:  # cards of one shape (their parts' kinds, the zone) share the compiled source
        code = _CODE[src] = compile(src, "<resolver>", "exec")
    exec(code, space)  # noqa: S102 - source generated here, from the rules
    fn = space["play" if play else "resolve"]
    (rules.plays if play else rules.resolves)[qid] = fn
    return fn
