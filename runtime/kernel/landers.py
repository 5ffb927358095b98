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
    declare: a KernelError naming those it does); `together(event)` the event's function for many
    figures at once (keeping.announce_together), made at its first use."""

    __slots__ = ("rules", "_together")

    def __init__(self, rules) -> None:
        super().__init__()
        self.rules = rules
        self._together: dict = {}

    def __missing__(self, event: str):
        hearing = self.rules.hearing
        if event not in hearing.events:
            raise KernelError(f"no event '{event}' in the game; events: " + (", ".join(hearing.events) or "none"))
        from .chosen import lander as chosen, opted  # `trigger-order chosen`: the player orders their triggers
        fn = self[event] = (chosen if opted(self.rules) else lander)(self.rules, event)
        return fn

    def together(self, event: str):
        """together(run, env, figures) -> whether a raise ended the game: the event raised for each
        figure standing on a space, in order, as its lander would one by one (lander's `together`);
        None in a game of `trigger-order chosen` (each raise through its own lander, chosen.py)."""
        fn = self._together.get(event)
        if fn is None:
            self[event]  # noqa: B018 - (an event the game does not declare: the lander's KernelError)
            from .chosen import opted
            if opted(self.rules):
                return None
            fn = self._together[event] = lander(self.rules, event, together=True)
        return fn


def _fns(trigger: dict, table: dict) -> tuple:
    """(its compiled `when` or None, its compiled body, the trigger) of a listener, kept in
    `table` by its id (the trigger kept alive with them, so the id stays its own)."""
    when = trigger["when"] if "when" in trigger else None
    got = table[id(trigger)] = (compiled(when) if when is not None else None, compiled_block(trigger["body"]),
                                trigger)
    return got


def lander(rules, event: str, together: bool = False):
    """The lander of `event` in these rules: lander(run, env, amount, fields, tags=(), logged=True)
    -> the amount that landed (events.land's parameters and answer, the event fixed).

    With `together`, the event raised for many figures in one call, as keeping.announce_together
    raised it for each: together(run, env, figures) -> True once a raise ended the game (the rest
    left unraised). A figure not on a space, or knocked out, is passed over; each other is raised
    with its `figure` field, logged as one raise. Who can hear it (the pieces, the figures, the
    cards in play, the installed triggers) is searched for the first figure, and again only after
    a raise in which something ran that may have changed it: a listener's body, a `when` that is
    not pure (compile.pure: a pure one writes nothing), a Reaction offered, the event's effect.
    What depends on the figure (the rules' `me`, the tile it stands on) is read at each raise."""
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
    head = []  # the fields read, the amount pending
    add = head.append
    if pieces or spaces:
        add("at = fields.pop('_at') if '_at' in fields else None")
    else:
        add("if '_at' in fields:")
        add("    del fields['_at']")
    if spaces and about is not None:
        add("stood = fields.pop('_stood') if '_stood' in fields else None")
    else:
        add("if '_stood' in fields:")
        add("    del fields['_stood']")
    if amount:
        add("pending = [max(int(amount or 0), 0)]")
        add("given = pending[0]")
    else:
        add("pending = [0]")
    body = []  # (segment, line): who can hear it ("S", searched), what a raise reads ("P"), the hearing ("H")
    search, per, put = _segment(body, "S"), _segment(body, "P"), _segment(body, "H")
    if here.rules or pieces or figures or cards:
        body.append(("R", "rules = run.rules"))
    if here.rules:  # `me` of the rules: the controller of the figure the event is about (events.py)
        per("me = state.active")
        per("if fields:")
        per("    about = fields.get('var:figure', fields.get('var:target'))")
        per("    if isinstance(about, str) and about in state.figures and state.figures[about]['owner'] is not None:")
        per("        me = controller(state, 'figure', about)")
    if pieces:  # (read from the module: a test may put its own in)
        search("pieces = _heard._pieces_heard(state, rules, HERE, at[1] if at is not None else None)")
        if amount:  # the pieces lying on figures answer last, once the others changed the amount
            search("late = []")
            search("if pieces:")
            search("    figs, early = state.figures, []")
            search("    for x in pieces:")
            search("        (late if x[3]['ctx:holder'] in figs else early).append(x)")
            search("    pieces = early")
    if spaces:  # the tiles in play that hear it, each with its variables made once (heard._tiles_live)
        space["TILES"] = {tile: [(t, {"ctx:here": tile, "_once": f"space/{tile}"}) for t in ts]
                          for tile, ts in spaces.items()}
        per("board = state.board")
        per("if at is not None:  # (heard._tiles_live of the space entered, written out)")
        per("    tiles = TILES[at[1]] if at[1] in TILES and board and not board.get('down') and \\")
        per("        at[1] not in board['gone'] and at[1] in board['tiles'] else ()")
        if about is None:
            per("else:")
            per("    tiles = _tiles_live(state, TILES, None)")
        else:
            per("else:")
            per("    tiles = _tiles_live(state, TILES, tile_of(state, ABOUT, fields, stood))")
            per("moved = fields.get('var:' + ABOUT) if at is None and stood is None else None")
            space["ABOUT"] = about
        per("active = state.active")
    if figures:
        search("figures = _figures_heard(state, rules, HERE, True)")
    if cards:  # (events.in_play, written out: the zones in play's keys read while the seats are theirs)
        space["CARDS"] = cards
        search("try:")
        search("    players, teams, keys = HEARING._keys")
        search("    if players is not state.players or teams is not state.teams:")
        search("        keys = HEARING.in_play_keys(rules, state)")
        search("except AttributeError:")
        search("    keys = HEARING.in_play_keys(rules, state)")
        search("cards, zones, qids, owners = [], state.zones, state.cards, state.owners")
        search("for key in keys:")
        search("    if key in zones:")
        search("        for uid in zones[key]:")
        search("            if qids[uid] in CARDS:")
        search("                for t in CARDS[qids[uid]]:")
        search("                    cards.append((t, owners[uid], uid, key))")
    search("installed = None")
    search("if state.triggers:")
    search("    for t in state.triggers:")
    search("        if t['event'] == EVENT and 'until' in t:")
    search("            if installed is None:")
    search("                installed = []")
    search("            installed.append((run.rules.nodes[t['node']], t['me'], t['card'], t['vars']))")
    for t in here.rules:
        _rule(t, once, fns, space, put)
    at_piece = ["if at is not None and not heard_at(run, kept, at):", "    continue"]  # (movement.heard_at)
    if pieces:
        _loop("pieces", at_piece, once, pieces.values(), put, gate=(space, "ctx:holder"))
    if spaces:
        skip = ["if at is not None and (kept['ctx:here'] != at[1] or state.figures[at[0]]['space'] != at[1]):",
                "    continue"]  # movement.heard_at: the tile's own triggers while the figure still stands there
        if about is not None:  # the figure it is about moved off the tile by an earlier listener
            skip += ["if moved is not None and state.figures[moved]['space'] != kept['ctx:here']:", "    continue"]
        _loop("tiles", skip, once, spaces.values(), put, tiles=True)
    if figures:
        _loop("figures", "", once, [[t for _part, t in ts] for ts in figures.values()], put, gate=(space, "ctx:self"))
    if cards:
        _loop("cards", (), once, cards.values(), put, pairs=True)  # (its zone tested by _loop)
    put("if installed is not None:")
    put("    for trigger, me, card, kept in installed:")
    put("        " + STALE)  # (a `when` not known before play: pure or not)
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
    put("            " + STALE)
    if pieces and amount:
        _loop("late", at_piece, once, pieces.values(), put, gate=(space, "ctx:holder"))
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
        put("        " + STALE)
        put("        break")
    tail = []  # the amount landed, logged, the event's effect
    add = tail.append
    add("landed = pending[0]")
    add("if logged:")
    names = [f["name"] for f in _declared(rules, event)]
    display = "".join(f", {n!r}: fields[{'var:' + n!r}]" for n in names)
    extra = ", 'pending': given, 'landed': landed" if amount else ""
    space["KEYS"] = tuple("var:" + n for n in names)
    add("    if " + ("not fields" if not names else "tuple(fields) == KEYS") + ":")
    add(f"        entry = {{'event': 'raise', 'name': EVENT, 'by': env.get('ctx:me'){display}{extra}}}")
    add("    else:")
    add("        entry = _log_fields(EVENT, env, fields)")
    if amount:
        add("        entry['pending'], entry['landed'] = given, landed")
    add("    state.log.append(entry)")
    if spec["body"]:
        space["EFFECT"] = compiled_block(spec["body"])
        add("EFFECT(run, {'ctx:me': env.get('ctx:me'), 'ctx:amount': landed, **fields})")
        add(STALE)
    if "GATES" in space:  # (a listener whose code did not compile is heard, and raises, at its turn)
        space["GATES"] = {k: g for k, g in space["GATES"].items() if k in fns}
    src = "\n".join(_together(head, body, tail) if together else _one(head, body, tail))
    exec(compile(src, f"<lander {event}>", "exec"), space)  # noqa: S102 - source generated here, from the IR
    fn = space["lander"]
    fn.source = src
    return fn


STALE = "@stale"  # a line after which who can hear the event may have changed (`together`: searched again)


def _segment(body: list, kind: str):
    """put(line): the line appended to the lander's body as one of this kind (lander's `body`)."""
    return lambda line: body.append((kind, line))


def _one(head: list, body: list, tail: list) -> list:
    """The lines of a lander: one raise, everything in order, each list made before the first
    listener runs."""
    lines = ["def lander(run, env, amount, fields, tags=(), logged=True):", "    state = run.state"]
    lines += ["    " + x for x in head] + ["    " + x for _kind, x in body if x.strip() != STALE]
    return lines + ["    " + x for x in tail if x.strip() != STALE] + ["    return landed"]


def _together(head: list, body: list, tail: list) -> list:
    """The lines of a lander for many figures (lander's `together`): the search made again only
    after a line marked STALE ran."""
    lines = ["def lander(run, env, announced):", "    state = run.state", "    amount, tags, logged, stale = 0, (), True, True"]
    lines += ["    " + x for kind, x in body if kind == "R"]
    lines += ["    for one in announced:  # (keeping.announce_together's tests, as it made them)",
              "        standing = state.figures.get(one)",
              "        if standing is None or standing.get('space') is None or standing.get('out'):",
              "            continue  # off the board, or knocked out",
              "        fields = {'var:figure': one}"]
    lines += ["        " + x for x in head] + ["        " + x for kind, x in body if kind == "P"]
    lines += ["        if stale:"] + ["            " + x for kind, x in body if kind == "S"] + ["            stale = False"]
    lines += ["        " + x.replace(STALE, "stale = True") for kind, x in body + [("H", y) for y in tail] if kind == "H"]
    return lines + ["        if state.result is not None:", "            return True", "    return False"]


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
    if not pure(t.get("when")):  # (a `when` that may write: lander's `together`)
        put(STALE)
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
    put(pad + STALE)


def gate_of(t: dict, own: str) -> tuple | None:
    """(the event's field key, `own`) when the listener's `when` is `FIELD is OWN` or an `and` that
    begins with it (`own`: a piece's `holder`, a figure's `self`, in its loop's variables): heard
    about another, it is passed over before its env and `when` are made (_loop's GATES)."""
    when = t.get("when")
    if when is not None and when.get("e") == "and" and when.get("items"):
        when = when["items"][0]
    if when is None or when.get("e") != "is" or when.get("negated"):
        return None
    left, right = when.get("l") or {}, when.get("r") or {}
    if left.get("e") != "event" or right.get("e") != "ctx" or "ctx:" + str(right.get("name")) != own:
        return None
    return ("var:" + left["name"], own)


def _loop(name: str, skip, once: dict, groups, put, pairs: bool = False, tiles: bool = False,
          gate: tuple | None = None) -> None:
    """The loop over one kind's listeners found at this raise (`name`: its list), `skip` its
    tests of a listener no longer hearing, the once-per test only where one of them has a limit
    (`pairs`: the cards in play, with the zone each was found in; `tiles`: (trigger, variables),
    `me` the player whose turn it was; `gate`: (the lander's namespace, the context the loop's
    variables hold), its listeners whose `when` is about that one (gate_of) passed over in the
    loop for another, as their `when` would: GATES, by the trigger's id)."""
    limited = any(id(t) in once for ts in groups for t in ts)
    gates = {id(t): g for ts in groups if gate is not None for t in ts if (g := gate_of(t, gate[1])) is not None}
    if gates:
        gate[0].setdefault("GATES", {}).update(gates)
    put(f"for trigger, kept in {name}:" if tiles else f"for trigger, me, card, kept in {name}:" if not pairs
        else f"for trigger, me, card, zone in {name}:")
    if pairs:  # a card in play: heard only while it lies in the zone it was found in
        put("    if state.places[card] != zone:")
        put("        continue")
        put("    lenv = {'ctx:me': me, 'ctx:this-card': card, '_in': zone, **fields, '_pending': pending}")
    else:
        for x in skip:
            put("    " + x)
        if gates:  # (gate_of: `FIELD is OWN` read as the `when` reads it, from the fields, then the variables)
            put("    if (trigger_id := id(trigger)) in GATES:")
            put("        gl, gr = GATES[trigger_id]")
            put("        if (fields[gl] if gl in fields else kept[gl] if gl in kept else None) != \\")
            put("                (fields[gr] if gr in fields else kept[gr]):")
            put("            continue")
        put("    lenv = {'ctx:me': " + ("active, 'ctx:this-card': None" if tiles else "me, 'ctx:this-card': card")
            + ", **kept, **fields, '_pending': pending}")
    put("    if tags:")
    put("        lenv['_tags'] = tags")
    put("    f = FNS[trigger_id] if (trigger_id := id(trigger)) in FNS else _fns(trigger, FNS)")
    if limited:
        put("    period = ONCE[trigger_id] if trigger_id in ONCE else None")
        put("    if period is not None and spent(state, trigger, lenv):")
        put("        continue")
    if not all(pure(t.get("when")) for ts in groups for t in ts):  # (a `when` that may write: lander's `together`)
        put("    " + STALE)
    put("    if f[0] is None or f[0](run, lenv):")
    if limited:
        put("        if period is not None:")
        put("            spend(state, trigger, lenv, period)")
    put("        f[1](run, lenv)")
    put("        " + STALE)


# -- imported here, once: at the end, as these modules import this one's names
from . import heard  # noqa: E402 - bound once, after this module's names (cycles)
from .compile import compiled, pure  # noqa: E402
from .compile_stmts import compiled_block  # noqa: E402
from .events import _offer  # noqa: E402
from .heard import _figures_heard, _tiles_live  # noqa: E402
from .movement import heard_at  # noqa: E402
from .once import spend, spent  # noqa: E402
from .spaces import controller, tile_of  # noqa: E402
