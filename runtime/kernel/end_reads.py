"""What a game's end condition reads, as one function of the state that check_end compares.

steps.check_end asks the end condition again only when this value changed since it last said
no (structure._per_rules makes it once per rules)."""
from __future__ import annotations

from operator import attrgetter, itemgetter

from ...compiler.ir_ops import walk_expressions
from .compile import _READS_FN, state_reads
from .listeners import pieces_hearing
from . import writers


def _count(e: dict) -> set:
    """What `count` reads: a set's size (`count(all team where ...)`) nothing of its own; pieces
    on holders or left in a pool (me's Team's) the zones, the figures and me."""
    args = e["args"]
    if args.get("on") is None and args.get("of") is None and (args.get("what") or {}).get("e") == "select":
        return set()
    return {"zones", "figures", "active"}


# functions an end condition may read that end_reads tests by a projection of the parts they read:
# `all-ko-this-round(team)` the figures' owner, space and round knocked out. Not the round: it holds
# only for a Team whose figures were all knocked out in the round now, so a no given with the
# figures as they are holds at any later round (the round only grows in play; a scenario that sets
# it marks the figures, writers.mark); one more ask a round's start otherwise (December 4, 2026)
_READS_MORE = {**_READS_FN, "all-ko-this-round": {"figures"}, "count": _count}
OUT_ROUND = [True]  # (a test's switch: False reads the round too, as before)


def _more() -> dict:
    """_READS_MORE, with the round read by `all-ko-this-round` where a test's switch says so."""
    return _READS_MORE if OUT_ROUND[0] else {**_READS_MORE, "all-ko-this-round": {"figures", "round"}}


def _zones(state) -> tuple:
    """The zones as immutable data (which zones, and each one's cards in order)."""
    zones = state.zones
    return tuple(zones), tuple(map(tuple, zones.values()))


class _Tokens:
    """The tokens of the counters kept as pieces, as a listener table is to
    listeners.pieces_hearing (`pieces`): the uids of their pieces found once per game. A Team's
    value of such a counter is its pieces on the Team and on its figures (kept._keys), so it
    changes only when one of them moves (their places) or a figure changes hands (the figures'
    projection)."""

    __slots__ = ("pieces", "getter")

    def __init__(self, tokens) -> None:
        self.pieces = dict.fromkeys(tokens)
        self.getter = (None, -1, None)  # (the uids' cache, the cards then, their places' or owners' reader: getter_source)


def getter_source(name: str) -> str:
    """The source of a function of a list of the cards (`state.places`, `state.owners`) giving the
    entries of the pieces' uids (pieces_hearing) in C: an `operator.itemgetter`, not a
    `tuple(map(...))` made at each read (twice its time). It is kept on NAME (a _Tokens) with the
    cache the uids were found in (`state.heard_uids`, made anew for another list of cards, or
    dropped when a piece is turned over: flip.py) and the number of cards then (cards are only added)."""
    return f"(_k[2] if (_k := {name}.getter)[0] is state.heard_uids and _k[1] == len(state.cards) else _getter(state, {name}))"


def _getter(state, tokens: _Tokens):
    """getter_source's function for the uids pieces_hearing finds, kept on `tokens`: one entry
    alone for one uid (as itemgetter gives it), 0 for none (`().count`: no entry to read, in C)."""
    uids = pieces_hearing(state, tokens)
    getter = itemgetter(*uids) if uids else ().count
    tokens.getter = (state.heard_uids, len(state.cards), getter)
    return getter


def _figures(state) -> tuple:
    """What of the figures an end condition reads (end_reads): each one's owner, space and the
    round it was knocked out in."""
    return tuple([(f, x.get("owner"), x.get("space"), x.get("out-round")) for f, x in state.figures.items()])


def _figures_out(state) -> tuple:
    """_figures where no `count` of pieces reads the figures: each one's owner, whether it is off
    the board and the round it was knocked out in (`all-ko-this-round` reads no more, and a
    counter kept as pieces their ids and owners), so a figure moving on the board changes nothing."""
    return tuple([(f, x.get("owner"), x.get("space") is None, x.get("out-round")) for f, x in state.figures.items()])


def _counts_pieces(e) -> bool:
    """Whether a `count` in the expression counts pieces (reads zones and figures: _count)."""
    return any(x["e"] == "fn" and x["name"] == "count" and _count(x) for x in walk_expressions(e))


_PROJECTED = {"zones": _zones, "figures": _figures}


def _value(kept) -> object:
    """What `value(counter, of: ...)` reads: a counter kept as pieces (`kept`: their ids) its piles
    (end_reads adds them), and `me` without `of`; any other, the counters too."""
    def reads(e: dict) -> set:
        counter, of = e["args"].get("counter") or {}, e["args"].get("of")
        mine = set() if of is not None else {"active"}
        return mine if counter.get("e") == "counter" and counter.get("name") in kept else mine | {"counters"}
    return reads


def end_parts(rules) -> frozenset | None:
    """The parts of the state the end condition reads (end_reads' projection reads no others:
    a counter kept as pieces their places, `all-ko-this-round` the figures), or None: not known."""
    e = rules.end_guard
    if e is None:
        return frozenset()
    kept = rules.pieces is not None and bool(rules.pieces.kept)
    reads = state_reads(e, {**_more(), "value": _value(rules.pieces.kept)} if kept else _more())
    return reads if reads is None or not kept else reads | {"zones"}  # (where the kept pieces lie)


def end_reads(rules):
    """A function of the state whose value changes whenever the end condition's answer may
    (steps.check_end asks it again only then), or None (asked every time): the parts of the
    state it reads (state_reads) read in C; for an end condition that also reads zones or
    figures (pieces counted, a counter kept as pieces (kept.py), `all-ko-this-round`), those
    parts as immutable projections, so that the copy check_end keeps stays as it was."""
    e = rules.end_guard
    kept = rules.pieces is not None and bool(rules.pieces.kept)  # `value` of such a counter reads zones
    reads = state_reads(e)
    if reads is not None and not kept:
        return attrgetter(*sorted(reads)) if reads else None
    found = end_source(rules)
    return None if found is None else eval("lambda state: " + found[0], found[1])  # noqa: S307


def end_source(rules) -> tuple | None:
    """(the source of end_reads' value, an expression of `state`, and the names it reads), or
    None when end_reads is None: what steps.check_end writes into the end check of a game."""
    e = rules.end_guard
    kept = rules.pieces is not None and bool(rules.pieces.kept)
    reads = state_reads(e)
    if reads is not None and not kept:  # attrgetter's value: one part, or a tuple of them
        names = sorted(reads)
        return None if not names else ("state." + names[0], {}) if len(names) == 1 else \
            ("(" + "".join(f"state.{n}, " for n in names) + ")", {})
    reads = state_reads(e, {**_more(), "value": _value(rules.pieces.kept)} if kept else _more())
    if reads is None or e is None:
        return None
    figures = _figures if _counts_pieces(e) else _figures_out
    parts = [figures if part == "figures" else _PROJECTED.get(part) or part for part in sorted(reads)]
    if kept and "zones" not in reads:  # `value` of such a counter: where its pieces lie (kept._keys)
        parts += [] if "figures" in reads else [figures]
        parts += [_Tokens(k.token for k in rules.pieces.kept.values())]
    if not parts:  # it reads nothing the state holds: asked every time, as before
        return None
    return _written(parts)


_SCALARS = {"round", "turn", "active", "lead", "phase"}  # parts of the state that are a number or a name


def end_marks(rules, state: str = "state") -> str | None:
    """The source of a tuple of the marks (writers.py) and plain parts that changes whenever
    end_source's value may: its pieces kept as a counter (their places) by the cards' and
    pieces' mark, its figures by the figures' mark (the off mark where it reads only that), the
    round and other names by themselves; None when the end reads a part no mark stands for (a
    zone's order, the counters, the dice: a projection is compared instead). A check that finds
    these as when the end last said no is skipped before its call (turns.end_lines, steps._end_check)."""
    e = rules.end_guard
    if e is None or not writers.MARKS or end_source(rules) is None:
        return None
    kept = rules.pieces is not None and bool(rules.pieces.kept)
    reads = state_reads(e, {**_more(), "value": _value(rules.pieces.kept)} if kept else _more())
    if reads is None:
        return None
    figures = "figures_mark" if _counts_pieces(e) else "figures_off_mark"
    items = []
    for part in sorted(reads):
        if part == "figures":
            items.append(figures)
        elif part in _SCALARS:
            items.append(part)
        else:
            return None
    if kept:  # where the pieces lie (and whose figures they lie on)
        items += ["pieces_mark"] + ([] if figures in items else [figures])
    return "(" + "".join(f"{state}.{item}, " for item in items) + ")"


# the projections end_reads writes into its one function (no call of their own): the source
# (every figure is made with its owner and space: board, dashboards, standing, unowned; read by
# subscript, which is no call, as is its `out-round`, written only once it is knocked out, by `in`)
_INLINE = {
    _figures: 'tuple([(f, x["owner"], x["space"], x["out-round"] if "out-round" in x else None) '
              'for f, x in state.figures.items()])',
    _figures_out: 'tuple([(f, x["owner"], x["space"] is None, x["out-round"] if "out-round" in x else None) '
                  'for f, x in state.figures.items()])'}


def _written(parts: list) -> tuple:
    """The source of one expression of the state, the tuple of the parts (a part of the state by
    name, a projection written in (_INLINE) or called), and the names it reads: written out once
    per rules."""
    space, items = {}, []
    for i, part in enumerate(parts):
        if isinstance(part, str):
            items.append(f"state.{part}")
        elif isinstance(part, _Tokens):  # where the pieces of the tokens counters are kept as lie
            space[f"_{i}"], space["_getter"] = part, _getter
            items.append(f"{getter_source(f'_{i}')}(state.places)")
        elif part is _figures and writers.MARKS:  # the figures' last write (writers.py): no tuple made
            items.append("state.figures_mark")
        elif part is _figures_out and writers.MARKS:  # their last write of what _figures_out reads: a
            items.append("state.figures_off_mark")  # Move from a space to another leaves it as it was
        elif part in _INLINE:
            items.append(_INLINE[part])
        else:
            space[f"_{i}"] = part
            items.append(f"_{i}(state)")
    return "(" + "".join(item + ", " for item in items) + ")", space
