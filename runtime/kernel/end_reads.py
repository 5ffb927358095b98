"""What a game's end condition reads, as one function of the state that check_end compares.

steps.check_end asks the end condition again only when this value changed since it last said
no (structure._per_rules makes it once per rules)."""
from __future__ import annotations

from operator import attrgetter

from .compile import _READS_FN, state_reads


# functions an end condition may read that end_reads tests by a projection of the parts they read:
# `all-ko-this-round(team)` the figures' owner, space and round knocked out, and the round; `count`
# a set's size, or pieces on holders or left in a pool (me's Team's)
_READS_MORE = {**_READS_FN, "all-ko-this-round": {"figures", "round"}, "count": {"zones", "figures", "active"}}


def _zones(state) -> tuple:
    """The zones as immutable data (which zones, and each one's cards in order)."""
    zones = state.zones
    return tuple(zones), tuple(map(tuple, zones.values()))


def _figures(state) -> tuple:
    """What of the figures an end condition reads (end_reads): each one's owner, space and the
    round it was knocked out in."""
    return tuple([(f, x.get("owner"), x.get("space"), x.get("out-round")) for f, x in state.figures.items()])


_PROJECTED = {"zones": _zones, "figures": _figures}


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
    reads = state_reads(e, _READS_MORE)
    if reads is None or e is None:
        return None
    if kept:
        reads |= {"zones", "figures"}
    getters = tuple(_PROJECTED.get(part) or attrgetter(part) for part in sorted(reads))
    return lambda state: tuple([get(state) for get in getters])
