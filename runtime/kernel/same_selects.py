"""A `for each` over a set chosen by what it reads: the set found again only once those parts of the state changed.

A card in play that hears the event after every step of play may loop over a set it selects
(`for each spot in (all space in anywhere where ...)`, while its holder holds a token), and the
set is nearly always the same (most often empty). A set of `all` whose condition asks
nothing reads parts of the state that when_reads.py works out (the figures' owners and spaces,
the board as laid, where the pieces of the tokens it names lie and whose they are), given the
listener (its `me`, its card and the card's owner). `kept_select` finds the set again only when
those parts differ from when it last found it, for that listener, in this game; otherwise it
gives the set it found then (a copy). A set whose reads are not known is found every time. Its
value depends on those parts alone, so the set kept holds for any state of the game with the
same parts (a copy replayed from); the digests of seeded games prove it
(tests/test_kernel_speed_kfx3.py)."""
from __future__ import annotations

from .when_reads import projection


def kept_select(run, env, e: dict, value):
    """The set `e` (an `all` select) for the listener of `env`: `value()` found again only when
    the parts of the state it reads differ from when it was last found for that listener."""
    rules = run.rules
    kept, eid = rules.__dict__, id(e)  # (read by `in` and subscript: no call)
    known = kept["_kept_selects"] if "_kept_selects" in kept else kept.setdefault("_kept_selects", {})
    hit = known[eid] if eid in known else None
    if hit is None or hit[0] is not e:
        hit = known[eid] = (e, projection(e, rules))
    project = hit[1]
    if project is None:
        return value()
    state, card = run.state, env["ctx:this-card"] if "ctx:this-card" in env else None
    key = (eid, env["ctx:me"] if "ctx:me" in env else None, card, state.owners[card] if type(card) is int else None)
    parts = project(state)
    kept = run.game.__dict__
    memo = kept["_kept_selects"] if "_kept_selects" in kept else kept.setdefault("_kept_selects", {})  # per game
    found = memo[key] if key in memo else None
    if found is not None and found[0] == parts:
        return found[1][:]
    found = value()
    memo[key] = (parts, list(found) if isinstance(found, list) else [] if found is None else [found])
    return found


def kept_source(e: dict) -> bool:
    """Whether a `for each` over `e` goes through kept_select: a set of `all` (one asks)."""
    return e.get("e") == "select" and e.get("quant") == "all"
