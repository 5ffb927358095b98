"""What a listener's `when` reads, as one function of the state: a condition asked again only once that changed.

A card in play hears the event after every step of play (finish.raise_update) and its `when` (a
goal it watches: `count(all friend in tower) == 2`) is nearly always false. `when_reads`
works out, once per condition, the parts of the state its value depends on, given the listener
(its `me`, its card and the card's owner): the figures' owners and spaces (a relation's
selector, `location-of`), the board as laid (`anywhere`, `has-icon`: its key and whether it lies
face down), and where the pieces of the tokens it names lie and whose they are (`has`, `count`
of pieces: their places and owners, the uids found once per game as listeners.pieces_hearing
finds them). `asked` asks the condition unless those parts are as when it last answered for
that listener in this game, a no or a yes (a condition whose reads are not known is asked every time). Its
value depends on those parts alone (the seats and Teams never change in play), so the answer
kept holds for any state of the game (a copy replayed from) with the same parts; the digests of seeded games prove it (tests/test_kernel_speed_kev2.py)."""
from __future__ import annotations

from ...compiler.shorthand import kernel_kind
from .compile import CONSTANTS, _children, compiled
from .end_reads import _Tokens, _getter, getter_source
from .listeners import pieces_hearing
from . import writers

_CONSTANT = set(CONSTANTS) | {"token", "icon", "component"}  # a value known before play
# context names: what each reads beyond the listener itself (`me`, its card, the card's owner)
_CTX = {"me": (), "my-team": (), "owner": (), "this-card": (), "anywhere": ("board",)}
_FIGURES = ("figures",)
_FNS = {"has-icon": ("board",), "location-of": _FIGURES}  # and `has`, `count`: pieces (_fn)
_RELATIONS = ("friend", "opponent", "foe", "figure", "player-figure")  # relations.related: no acting figure
_SELECTS = _RELATIONS + ("space",)  # selectors of a set given (`in`), or of the figures (the kernel's kinds)


def _token(e) -> str | None:
    return e["name"] if isinstance(e, dict) and e.get("e") == "token" else None


def _fn(e: dict, rules) -> tuple | None:
    """What a function reads of its own: pieces of a token (`has(holder, TOKEN)`, `count(TOKEN,
    on: ..., of: ...)`, with the tokens of its group: pieces._at) their places and owners;
    `count` of a set nothing; `has-icon`, `location-of` by _FNS; any other: not known."""
    name, args = e["name"], e["args"]
    if name in _FNS:
        return _FNS[name]
    token = _token(args.get("token")) if name == "has" else _token(args.get("what")) if name == "count" else None
    if token is not None and rules.pieces is not None:
        return (tuple(rules.pieces.groups.get(token) or (token,)),)
    if name == "count" and isinstance(args.get("what"), dict) and args["what"].get("e") == "select" \
            and args.get("on") is None and args.get("of") is None:
        return ()
    return None


def reads(e, rules) -> set | None:
    """The parts the condition reads ("figures", "board", a tuple of tokens), or None: it reads
    something else (a counter, a die, the cards, a variable) or asks."""
    kind = e["e"]
    if kind in _CONSTANT or kind == "it":
        return set()
    if kind == "ctx":
        found = _CTX.get(e["name"])
        return None if found is None else set(found)
    if kind == "fn":
        found = _fn(e, rules)
    elif kind == "select":
        kind = kernel_kind(e["kind"])  # the vocabulary's other word for a kind: the kernel's (compile._select)
        if e["quant"] != "all" or kind not in _SELECTS or (e["in"] is None and kind not in _RELATIONS):
            return None
        found = _FIGURES if kind in _RELATIONS else ()
    elif kind in ("cmp", "bin", "and", "or", "not", "neg"):
        found = ()
    else:
        return None
    if found is None:
        return None
    out = set(found)
    for child in _children(e):
        if child is None:
            continue
        more = reads(child, rules)
        if more is None:
            return None
        out |= more
    return out


def projection(e, rules):
    """The function of the state whose value is the parts the condition reads (reads), written
    out once; None when they are not known."""
    parts = reads(e, rules) if e is not None else None
    if not parts:  # not known, or nothing of the state (asked every time: it is cheap)
        return None
    space, items, uids = {"_hearing": pieces_hearing}, [], []
    for i, part in enumerate(sorted(parts, key=str)):
        if part == "figures" and writers.MARKS:  # their last write (writers.py): no tuple made
            items.append("state.figures_mark")
        elif part == "figures":  # what relations.figures_in and `location-of` read of each figure
            items.append('tuple([(f, x["owner"], x["space"], x["quarry"] if "quarry" in x else None) '
                         'for f, x in state.figures.items()])')
        elif part == "board":  # its tiles, those gone and the edges blocked are its key (layout.derive)
            items.append('state.board["key"] if "key" in state.board else None, '
                         'state.board["down"] if "down" in state.board else None')
        else:  # the pieces of the tokens: where each lies, and whose it is
            space[f"_{i}"], space["_getter"] = _Tokens(part), _getter
            uids.append(f"    _g{i} = {getter_source(f'_{i}')}")  # found once, read twice (in C)
            items.append(f"_g{i}(state.places)")
            items.append(f"_g{i}(state.owners)")
    src = "\n".join(["def project(state):"] + uids + ["    return (" + "".join(item + ", " for item in items) + ")"])
    exec(src, space)  # noqa: S102 - source generated here, from the IR
    return space["project"]


def asked(run, when: dict, lenv: dict) -> bool:
    """The condition's value for the listener of `lenv` (its `me` and `this-card`): what it last
    said for that listener, at once, when what it reads is as it was then (a no, or a yes: its
    value depends on those parts alone, so it is not asked again)."""
    rules = run.rules
    try:  # (an attribute read: no call)
        known = rules._when_reads
    except AttributeError:
        known = rules._when_reads = {}
    wid = id(when)  # (reads by `in` and subscript: no call)
    hit = known[wid] if wid in known else None
    if hit is None or hit[0] is not when:
        hit = known[wid] = (when, projection(when, rules))
    project = hit[1]
    if project is None:
        return compiled(when)(run, lenv)
    state, card = run.state, lenv["ctx:this-card"] if "ctx:this-card" in lenv else None
    key = (wid, lenv["ctx:me"] if "ctx:me" in lenv else None, card, state.owners[card] if type(card) is int else None)
    parts = project(state)
    game = run.game
    try:  # per game: its seats and Teams are its own
        memo = game._when_said
    except AttributeError:
        memo = game._when_said = {}
    said = memo[key] if key in memo else None
    if said is not None and said[0] == parts:
        return said[1]  # what it said last, for the same parts: a no, or a yes (a body that runs again)
    answer = True if compiled(when)(run, lenv) else False
    memo[key] = (parts, answer)
    return answer


def loop_of(trigger: dict, rules):
    """(the set, its projection) of a trigger whose body is one `for each` over a set whose reads
    are known (reads), else None: worked out once per trigger."""
    try:
        known = rules._loop_reads
    except AttributeError:
        known = rules._loop_reads = {}
    hit = known.get(id(trigger))
    if hit is None or hit[0] is not trigger:
        body, found = trigger["body"], None
        if len(body) == 1 and body[0].get("op") == "for-each" and (body[0].get("source") or {}).get("e") == "select":
            project = projection(body[0]["source"], rules)
            found = None if project is None else (body[0]["source"], project)
        hit = known[id(trigger)] = (trigger, found)
    return hit[1]


def loops_none(run, loop: tuple, lenv: dict) -> bool:
    """Whether the set a listener's body loops over (loop_of) is empty, so the body does nothing:
    the set found through same_selects.kept_select, found again only once what it reads changed
    for that listener; the body's own `for each` then reads the same kept set (found once, not
    twice)."""
    source = loop[0]
    found = same_selects.kept_select(run, lenv, source, lambda: compiled(source)(run, lenv))
    return found is None or (type(found) is list and not found)


# -- imported here, once: at the end, as same_selects imports this module's names (the module, as
# either may be imported first)
from . import same_selects  # noqa: E402 - bound once, after this module's names (cycles)
