"""Which steps of play can stop with a question: statements (`may`, `choose one`, a `one ...
in` selector, a card resolved, a keyword that does), a turn's start or end with its
triggers, rules and end checks, and one action with its arguments (the card it plays). A
step that cannot ask runs without a copy of the state to replay from (structure.py); any
doubt says it can."""
from __future__ import annotations

from ...compiler.builtins_kernel import KERNEL_ASKING
from ...compiler.ir_ops import STATEMENTS as REGISTERED, child_bodies, sub_expressions
from .compile import pure

# the ops whose questions are their parts' (their bodies and expressions, where the registry of
# IR ops says they are: compiler/ir_ops.py); `until` (triggers installed) and an op of no
# registry: any doubt says they can ask
STATEMENTS = frozenset(REGISTERED) - {"until"}

# the primitives whose play can stop with a question: the kernel's table, which the compiler's
# E412 reads too (compiler/builtins_kernel.py)
ASKING_PRIMITIVES = KERNEL_ASKING


def asks(body: list, rules) -> bool:
    """Whether running these statements can ask a player something (`may`, `choose one`, a
    `one ... in` selector, a card resolved, a keyword that does), under these rules (their
    keywords, the `raise` statements they know quiet: listeners._quiet). A step of play that
    cannot needs no copy of the state to replay from (structure.py); any doubt says it can.
    Cached per rules by the identity of the IR list, as the closures are."""
    own = getattr(rules, "__dict__", {})  # (rules, or a dict of keywords alone: a cache of its own)
    cache = own.get("_asks")
    if cache is None:
        cache = own["_asks"] = {}
    hit = cache.get(id(body))
    if hit is not None and hit[0] is body:
        return hit[1]
    answer = _asks(body, rules, frozenset())
    cache[id(body)] = (body, answer)
    return answer


def _loud(stmt: dict, rules) -> bool:
    """An asking primitive's statement that can ask: any but a `raise` the rules know quiet
    (listeners._quiet: kept in the rules, not written into the IR, which other rules may share)."""
    quiet = getattr(rules, "__dict__", {}).get("_quiet_raises")  # (rules, or a dict of keywords alone)
    return quiet is None or quiet.get(id(stmt)) is not stmt


def _played(stmt: dict) -> str:
    """The primitive a statement plays: a shorthand's word (compiler/shorthand.py), else its own."""
    from ...compiler.shorthand import lowered
    return lowered(stmt)["name"]


def _asks(body: list, rules, seen: frozenset) -> bool:
    keywords = getattr(rules, "keywords", rules)  # (rules, or a dict of keywords alone)
    for stmt in body:
        op = stmt.get("op")
        if op in ("may", "choose") or op not in STATEMENTS:
            return True
        if op == "primitive" and _played(stmt) in ASKING_PRIMITIVES and _loud(stmt, rules):
            return True
        if op == "keyword":
            kw = keywords.get(stmt["keyword"])
            if kw is None or stmt["keyword"] in seen:
                return True
            if _asks(kw["body"], rules, seen | {stmt["keyword"]}) \
                    or any(not pure(d) for d in kw["defaults"].values() if d is not None):
                return True
        if any(_asks(inner, rules, seen) for inner in child_bodies(stmt)) \
                or any(not pure(e) for e in sub_expressions(stmt)):
            return True
    return False


def _end_asks(rules, events: tuple) -> bool:
    """The end checks (the `end` slot and its condition) and the rules of these events."""
    from .finish import update_event
    if update_event(rules) is not None:  # the update event after the step: whatever hears it may ask
        return True
    return (asks(rules.slots.get("end", []), rules) or not pure(rules.end_guard)
            or any(asks(r["body"], rules) or not pure(r.get("when")) for r in rules.rules if r["event"] in events))


def step_may_ask(game, kind: str) -> bool:
    """Whether a step can stop with a question: a turn's start or end whose slot, triggers,
    rules and end checks ask nothing is run without a copy."""
    slot = {"turn-start": "turn", "turn-end": "turn-end"}.get(kind)
    if slot is None:
        return True
    rules = game.rules
    static = rules.step_asks.get(kind)
    if static is None:
        static = (asks(rules.slots.get(slot, []), rules) or _end_asks(rules, (kind, "out"))
                  or (kind == "turn-end" and not pure(rules.round_end_guard)) or _heard_asks(rules, kind))
        rules.step_asks[kind] = static = bool(static)
    triggers = game.state.triggers
    return static or bool(triggers) and any(asks(rules.nodes[t["node"]]["body"], rules)
                                            for t in triggers if t["event"] == kind)


def _heard_asks(rules, event: str) -> bool:
    """Whether a piece's, a tile's or a figure's trigger on this structure event can ask (listeners.components)."""
    hearing = rules.hearing
    if hearing is None or not hearing.structure:
        return False
    heard = [t for ts in hearing.piece_triggers.values() for t in ts]
    heard += [t for ts in hearing.figure_triggers.values() for _part, t in ts]
    heard += [t for ts in hearing.space_triggers.values() for t in ts]  # the tiles' (spaces.py)
    return any(asks(t["body"], rules) or not pure(t.get("when")) for t in heard if t["event"] == event)


def action_may_ask(game, action) -> bool:
    """Whether taking this action can stop with a question: its body, where `play-card(X)`
    or `resolve(X)` of a card parameter X asks only what that card's resolution asks (its
    card type's parts it has, its own effect), then the end checks and the rules on `out`.
    Known once per verb and printed card."""
    return _per_printed(game, action, "action", _action_asks)


def _per_printed(game, action, tag: str, compute):
    """`compute(rules, decl, printed)` for this action, kept per verb and printed card of
    each card argument (the same for every game of these rules)."""
    rules, cards = game.rules, game.state.cards
    verb, args = action[0], action[1]
    decl = rules.actions[verb]
    if len(args) == 1:  # the common case: one argument, its printed card (or None) in the key
        value = args[0]
        key = (tag, verb, cards[value] if decl.cards[0] and type(value) is int else None)
    else:
        key = (tag, verb) + tuple([cards[value] if is_card and type(value) is int else None
                                   for value, is_card in zip(args, decl.cards)])
    answer = rules.step_asks.get(key)
    if answer is None:
        printed = {name: cards[value] for (name, _domain), value, is_card in zip(decl.params, args, decl.cards)
                   if is_card and type(value) is int}
        answer = rules.step_asks[key] = compute(rules, decl, printed)
    return answer


def _action_may_ask(game, action) -> bool:
    return _per_printed(game, action, "action", _action_asks)


def _action_asks(rules, decl, printed: dict) -> bool:
    from .primitives import resolution_bodies
    for stmt in decl.body:
        arg = stmt["args"].get("card") if stmt.get("op") == "primitive" and stmt["name"] in ASKING_PRIMITIVES \
            and stmt["name"] != "raise" else None  # (a raised event's field `card` is no card played)
        if arg is not None and arg.get("e") in ("var", "param") and arg["name"] in printed:
            if any(asks(body, rules) for body in resolution_bodies(rules, rules.cards[printed[arg["name"]]])):
                return True
        elif _asks([stmt], rules, frozenset()):
            return True
    return _end_asks(rules, ("out",))


# -- how many questions ---------------------------------------------------------------------

MANY = 2  # two questions or more, or not known
LOOPS = {"repeat", "for-each"}


def _expr_questions(e) -> int:
    """The questions an expression can ask: one per `one ... in` selector (an impure call
    counts as one too, to be safe); a selector inside a selector's `where`, MANY."""
    if not isinstance(e, dict) or "e" not in e:
        return 0
    kind = e["e"]
    here = 0
    if kind == "select" and e["quant"] != "all":
        here = 1
        if e.get("where") is not None and _expr_questions(e["where"]):
            return MANY
    elif kind == "fn" and not pure({"e": "fn", "name": e["name"], "args": {}}):
        here = 1
    return min(MANY, here + sum(_expr_questions(child) for child in sub_expressions(e)))


def questions(body: list, rules, seen: frozenset = frozenset()) -> int:
    """At most how many questions running these statements can ask: 0, 1 or MANY. A step
    whose last possible question is answered is replayed on its copy, not on a copy of it."""
    total = 0
    for stmt in body:
        total += _stmt_questions(stmt, rules, seen)
        if total >= MANY:
            return MANY
    return total


def _stmt_questions(stmt: dict, rules, seen: frozenset) -> int:
    op, keywords = stmt.get("op"), getattr(rules, "keywords", rules)
    if op not in STATEMENTS or (op == "primitive" and stmt["name"] in ASKING_PRIMITIVES and _loud(stmt, rules)):
        return MANY
    total = 1 if op in ("may", "choose") else 0
    if op == "keyword":
        kw = keywords.get(stmt["keyword"])
        if kw is None or stmt["keyword"] in seen:
            return MANY
        total += questions(kw["body"], rules, seen | {stmt["keyword"]})
        total += sum(_expr_questions(d) for d in kw["defaults"].values())
    if op in ("if", "choose"):  # one of its blocks runs: the most any of them asks
        total += max((questions(inner, rules, seen) for inner in child_bodies(stmt)), default=0)
    else:
        total += sum(questions(inner, rules, seen) for inner in child_bodies(stmt))
    total += sum(_expr_questions(e) for e in sub_expressions(stmt))
    if op in LOOPS and total:
        return MANY
    return min(total, MANY)


def action_questions(game, action) -> int:
    """At most how many questions taking this action asks (after its choice): its body, a
    card it plays or resolves by what that card's parts ask; MANY if the end checks or the
    rules on `out` can ask. Known once per verb and printed card, as action_may_ask."""
    return _per_printed(game, action, "questions", _action_questions)


def _action_questions(rules, decl, printed: dict) -> int:
    from .primitives import resolution_bodies
    if _end_asks(rules, ("out",)):
        return MANY
    total = 0
    for stmt in decl.body:
        arg = stmt["args"].get("card") if stmt.get("op") == "primitive" and stmt["name"] in ASKING_PRIMITIVES \
            and stmt["name"] != "raise" else None  # (a raised event's field `card` is no card played)
        if arg is not None and arg.get("e") in ("var", "param") and arg["name"] in printed:
            total += sum(questions(body, rules) for body in resolution_bodies(rules, rules.cards[printed[arg["name"]]]))
            total += sum(_expr_questions(e) for k, e in stmt["args"].items() if k != "card")
        else:
            total += _stmt_questions(stmt, rules, frozenset())
        if total >= MANY:
            return MANY
    return total
