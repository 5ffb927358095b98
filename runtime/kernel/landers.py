"""One generated function per event of a game, its lander: the event heard, answered and landed, with only the branches that event can take written out.

What raising an event does (events.py's docstring) is decided mostly by the event: whether it
has an amount or an `effect`, and who can hear it (its table, listeners.Heard: the rules, the
pieces, the tiles, the figures, the cards in play, the Reactions). So each event of the game gets
its own function, written and compiled at its first raise and kept in the rules
(`rules.hearing.landers[event]`, a dict that makes the missing ones): the rules' listeners are
written in as calls of their compiled `when` and body, one after the other; the pieces, the
tiles, the figures and the cards in play are searched only where the table has some, each kind
in a loop of its own with only the tests that kind needs (a card still in its zone, a tile the
figure still stands on); the installed triggers are read only while the state holds some; the
Reactions' zones are looked at only where a card answers the event; the log line is one dict
display when the fields are the event's declared ones, in their order. Everything the listeners
hear is listed before the first of them runs, in the order events.py gives, as before.
`events.land(run, env, event, ...)` calls the event's lander; a `raise(...)` statement's code
calls it directly (events.raise_lines)."""
from __future__ import annotations

from .rules import KernelError


class Landers(dict):
    """{event: its lander}, each made at the event's first raise (an event the game does not
    declare: a KernelError naming those it does)."""

    __slots__ = ("rules",)

    def __init__(self, rules) -> None:
        super().__init__()
        self.rules = rules

    def __missing__(self, event: str):
        hearing = self.rules.hearing
        if event not in hearing.events:
            raise KernelError(f"no event '{event}' in the game; events: " + (", ".join(hearing.events) or "none"))
        from .chosen import lander as chosen, opted  # `trigger-order chosen`: the player orders their triggers
        fn = self[event] = (chosen if opted(self.rules) else lander)(self.rules, event)
        return fn


def _fns(trigger: dict, table: dict) -> tuple:
    """(its compiled `when` or None, its compiled body, the trigger) of a listener, kept in
    `table` by its id (the trigger kept alive with them, so the id stays its own)."""
    when = trigger["when"] if "when" in trigger else None
    got = table[id(trigger)] = (compiled(when) if when is not None else None, compiled_block(trigger["body"]),
                                trigger)
    return got


def lander(rules, event: str):
    """The lander of `event` in these rules: lander(run, env, amount, fields, tags=(), logged=True)
    -> the amount that landed (events.land's parameters and answer, the event fixed)."""
    hearing = rules.hearing
    spec, here = hearing.events[event], hearing.table(rules, event)
    once = hearing.once
    fns: dict = {}
    space = {"_heard": heard, "controller": controller, "tile_of": tile_of, "_tiles_live": _tiles_live,
             "_figures_heard": _figures_heard, "spent": spent,
             "spend": spend, "heard_at": heard_at, "_offer": _offer, "_fns": _fns, "_log_fields": _log_fields,
             "HERE": here, "HEARING": hearing, "EVENT": event, "FNS": fns, "ONCE": once, "id": id,
             "isinstance": isinstance, "max": max, "int": int, "tuple": tuple}
    amount, pieces, spaces, figures, cards = spec["amount"], here.pieces, here.spaces, here.figures, here.cards
    about = spec.get("about")
    for t in [t for ts in list(pieces.values()) + list(spaces.values()) + list(cards.values()) for t in ts] + \
            [t for ts in figures.values() for _part, t in ts]:
        try:
            _fns(t, fns)
        except Exception:  # noqa: BLE001 - compiled at its turn, as events.land did, raising there
            fns.pop(id(t), None)
    lines = ["def lander(run, env, amount, fields, tags=(), logged=True):", "    state = run.state"]
    add = lines.append
    if pieces or spaces:
        add("    at = fields.pop('_at') if '_at' in fields else None")
    else:
        add("    if '_at' in fields:")
        add("        del fields['_at']")
    if spaces and about is not None:
        add("    stood = fields.pop('_stood') if '_stood' in fields else None")
    else:
        add("    if '_stood' in fields:")
        add("        del fields['_stood']")
    if amount:
        add("    pending = [max(int(amount or 0), 0)]")
        add("    given = pending[0]")
    else:
        add("    pending = [0]")
    body = []  # the listeners found, then heard, in order
    put = body.append
    if here.rules or pieces or figures or cards:
        put("rules = run.rules")
    if here.rules:  # `me` of the rules: the controller of the figure the event is about (events.py)
        put("me = state.active")
        put("if fields:")
        put("    about = fields.get('var:figure', fields.get('var:target'))")
        put("    if isinstance(about, str) and about in state.figures and state.figures[about]['owner'] is not None:")
        put("        me = controller(state, 'figure', about)")
    if pieces:  # (read from the module: a test may put its own in)
        put("pieces = _heard._pieces_heard(state, rules, HERE, at[1] if at is not None else None)")
        if amount:  # the pieces lying on figures answer last, once the others changed the amount
            put("late = []")
            put("if pieces:")
            put("    figs, early = state.figures, []")
            put("    for x in pieces:")
            put("        (late if x[3]['ctx:holder'] in figs else early).append(x)")
            put("    pieces = early")
    if spaces:  # the tiles in play that hear it, each with its variables made once (heard._tiles_live)
        space["TILES"] = {tile: [(t, {"ctx:here": tile, "_once": f"space/{tile}"}) for t in ts]
                          for tile, ts in spaces.items()}
        put("board = state.board")
        put("if at is not None:  # (heard._tiles_live of the space entered, written out)")
        put("    tiles = TILES[at[1]] if at[1] in TILES and board and not board.get('down') and \\")
        put("        at[1] not in board['gone'] and at[1] in board['tiles'] else ()")
        if about is None:
            put("else:")
            put("    tiles = _tiles_live(state, TILES, None)")
        else:
            put("else:")
            put("    tiles = _tiles_live(state, TILES, tile_of(state, ABOUT, fields, stood))")
            put("moved = fields.get('var:' + ABOUT) if at is None and stood is None else None")
            space["ABOUT"] = about
        put("active = state.active")
    if figures:
        put("figures = _figures_heard(state, rules, HERE, True)")
    if cards:  # (events.in_play, written out: the zones in play's keys read while the seats are theirs)
        space["CARDS"] = cards
        put("try:")
        put("    players, teams, keys = HEARING._keys")
        put("    if players is not state.players or teams is not state.teams:")
        put("        keys = HEARING.in_play_keys(rules, state)")
        put("except AttributeError:")
        put("    keys = HEARING.in_play_keys(rules, state)")
        put("cards, zones, qids, owners = [], state.zones, state.cards, state.owners")
        put("for key in keys:")
        put("    if key in zones:")
        put("        for uid in zones[key]:")
        put("            if qids[uid] in CARDS:")
        put("                for t in CARDS[qids[uid]]:")
        put("                    cards.append((t, owners[uid], uid, key))")
    put("installed = None")
    put("if state.triggers:")
    put("    for t in state.triggers:")
    put("        if t['event'] == EVENT and 'until' in t:")
    put("            if installed is None:")
    put("                installed = []")
    put("            installed.append((run.rules.nodes[t['node']], t['me'], t['card'], t['vars']))")
    for t in here.rules:
        _rule(t, once, fns, space, put)
    at_piece = ["if at is not None and not heard_at(run, kept, at):", "    continue"]  # (movement.heard_at)
    if pieces:
        _loop("pieces", at_piece, once, pieces.values(), put)
    if spaces:
        skip = ["if at is not None and (kept['ctx:here'] != at[1] or state.figures[at[0]]['space'] != at[1]):",
                "    continue"]  # movement.heard_at: the tile's own triggers while the figure still stands there
        if about is not None:  # the figure it is about moved off the tile by an earlier listener
            skip += ["if moved is not None and state.figures[moved]['space'] != kept['ctx:here']:", "    continue"]
        _loop("tiles", skip, once, spaces.values(), put, tiles=True)
    if figures:
        _loop("figures", "", once, [[t for _part, t in ts] for ts in figures.values()], put)
    if cards:
        _loop("cards", (), once, cards.values(), put, pairs=True)  # (its zone tested by _loop)
    put("if installed is not None:")
    put("    for trigger, me, card, kept in installed:")
    put("        lenv = {'ctx:me': me, 'ctx:this-card': card, **kept, **fields, '_pending': pending}")
    put("        if tags:")
    put("            lenv['_tags'] = tags")
    put("        f = FNS[trigger_id] if (trigger_id := id(trigger)) in FNS else _fns(trigger, FNS)")
    if once:
        put("        period = ONCE[trigger_id] if trigger_id in ONCE else None")
        put("        if period is not None and spent(state, trigger, lenv):")
        put("            continue")
    put("        if f[0] is None or f[0](run, lenv):")
    if once:
        put("            if period is not None:")
        put("                spend(state, trigger, lenv, period)")
    put("            f[1](run, lenv)")
    if pieces and amount:
        _loop("late", at_piece, once, pieces.values(), put)
    if here.reactions:  # a card that answers it where a player could play it from (events._reactions)
        space["REACTING"] = frozenset(here.reactions)
        put("try:")
        put("    players, teams, keys = HEARING._react_keys")
        put("    if players is not state.players or teams is not state.teams:")
        put("        keys = HEARING.react_keys(run.rules, state)")
        put("except AttributeError:")
        put("    keys = HEARING.react_keys(run.rules, state)")
        put("zones, qids = state.zones, state.cards")
        put("for key in keys:")
        put("    if key in zones and not REACTING.isdisjoint(map(qids.__getitem__, zones[key])):")
        put("        _offer(run, HERE, EVENT, fields, pending, tags)")
        put("        break")
    lines += ["    " + x for x in body]
    add("    landed = pending[0]")
    add("    if logged:")
    names = [f["name"] for f in _declared(rules, event)]
    display = "".join(f", {n!r}: fields[{'var:' + n!r}]" for n in names)
    extra = ", 'pending': given, 'landed': landed" if amount else ""
    space["KEYS"] = tuple("var:" + n for n in names)
    add("        if " + ("not fields" if not names else "tuple(fields) == KEYS") + ":")
    add(f"            entry = {{'event': 'raise', 'name': EVENT, 'by': env.get('ctx:me'){display}{extra}}}")
    add("        else:")
    add("            entry = _log_fields(EVENT, env, fields)")
    if amount:
        add("            entry['pending'], entry['landed'] = given, landed")
    add("        state.log.append(entry)")
    if spec["body"]:
        space["EFFECT"] = compiled_block(spec["body"])
        add("    EFFECT(run, {'ctx:me': env.get('ctx:me'), 'ctx:amount': landed, **fields})")
    add("    return landed")
    src = "\n".join(lines)
    exec(compile(src, f"<lander {event}>", "exec"), space)  # noqa: S102 - source generated here, from the IR
    fn = space["lander"]
    fn.source = src
    return fn


def _declared(rules, event: str) -> list:
    """The event's declared fields, in order."""
    for child in rules.game["children"]:
        if child["kind"] == "event" and child["id"] == event:
            return list(child.get("fields", ()))
    return []


def _log_fields(event: str, env: dict, fields: dict) -> dict:
    """The `raise` log line of an event raised with other fields than it declares (or in another order)."""
    entry = {"event": "raise", "name": event, "by": env.get("ctx:me")}
    for k, v in fields.items():
        entry[k[4:]] = v
    return entry


def _rule(t: dict, once: dict, fns: dict, space: dict, put) -> None:
    """A rule's listener written in: its env, its once-per limit, its `when` and body called directly."""
    n = len(space)
    space[f"T{n}"] = t
    try:
        w, b, _t = _fns(t, fns)
    except Exception:  # noqa: BLE001 - compiled at its turn, as events.land did, raising there
        fns.pop(id(t), None)
        put(f"f = FNS[id(T{n})] if id(T{n}) in FNS else _fns(T{n}, FNS)")
        w, b = "f[0]", "f[1]"
    space[f"B{n}"] = b
    put("lenv = {'ctx:me': me, 'ctx:this-card': None, **fields, '_pending': pending}")
    put("if tags:")
    put("    lenv['_tags'] = tags")
    pad = ""
    period = once.get(id(t))
    if period is not None:
        put(f"if not spent(state, T{n}, lenv):")
        pad = "    "
    if w == "f[0]":
        put(pad + "if f[0] is None or f[0](run, lenv):")
        pad += "    "
    elif w is not None:
        space[f"W{n}"] = w
        put(pad + f"if W{n}(run, lenv):")
        pad += "    "
    if period is not None:
        put(pad + f"spend(state, T{n}, lenv, {period!r})")
    put(pad + ("f[1](run, lenv)" if b == "f[1]" else f"B{n}(run, lenv)"))


def _loop(name: str, skip, once: dict, groups, put, pairs: bool = False, tiles: bool = False) -> None:
    """The loop over one kind's listeners found at this raise (`name`: its list), `skip` its
    tests of a listener no longer hearing, the once-per test only where one of them has a limit
    (`pairs`: the cards in play, with the zone each was found in; `tiles`: (trigger, variables),
    `me` the player whose turn it was)."""
    limited = any(id(t) in once for ts in groups for t in ts)
    put(f"for trigger, kept in {name}:" if tiles else f"for trigger, me, card, kept in {name}:" if not pairs
        else f"for trigger, me, card, zone in {name}:")
    if pairs:  # a card in play: heard only while it lies in the zone it was found in
        put("    if state.places[card] != zone:")
        put("        continue")
        put("    lenv = {'ctx:me': me, 'ctx:this-card': card, '_in': zone, **fields, '_pending': pending}")
    else:
        for x in skip:
            put("    " + x)
        put("    lenv = {'ctx:me': " + ("active, 'ctx:this-card': None" if tiles else "me, 'ctx:this-card': card")
            + ", **kept, **fields, '_pending': pending}")
    put("    if tags:")
    put("        lenv['_tags'] = tags")
    put("    f = FNS[trigger_id] if (trigger_id := id(trigger)) in FNS else _fns(trigger, FNS)")
    if limited:
        put("    period = ONCE[trigger_id] if trigger_id in ONCE else None")
        put("    if period is not None and spent(state, trigger, lenv):")
        put("        continue")
    put("    if f[0] is None or f[0](run, lenv):")
    if limited:
        put("        if period is not None:")
        put("            spend(state, trigger, lenv, period)")
    put("        f[1](run, lenv)")


# -- imported here, once: at the end, as these modules import this one's names
from . import heard  # noqa: E402 - bound once, after this module's names (cycles)
from .compile import compiled  # noqa: E402
from .compile_stmts import compiled_block  # noqa: E402
from .events import _offer  # noqa: E402
from .heard import _figures_heard, _tiles_live  # noqa: E402
from .movement import heard_at  # noqa: E402
from .once import spend, spent  # noqa: E402
from .spaces import controller, tile_of  # noqa: E402
