"""Tallies: what a cross-set check counts over the whole collection (the keywords each
component calls, the tokens each box's components use, the cards of each kind in a box),
summed from one *share* per top-level component, so that after an edit the sum is patched
for the components the edit changed instead of counted again.

A check that reads the collection through a tally is written once, for both ways of
running it: `tally(col, "C302", share)` gives the collection's tally, counted over
`col.top` for a Collection made from scratch, and, for one a Workspace carries over from
the previous check (checks/incremental.py), the previous tally with the shares of the
changed components taken out and put in again. A share depends on its component and on
the collection's interface alone (compiler/incremental_interface.py: the vocabulary, the
boxes, the card types), as a per-component check's findings do: an edit of the interface
makes a Collection from scratch.

>>> t = Tally()
>>> t.put("a", ("x", "y")); t.put("b", ("x",))
>>> t.count("x"), t.count("y"), t.first("x"), sorted(t.keys())
(2, 1, 'a', ['x', 'y'])
>>> t.put("a", ()); t.count("y"), t.first("x"), sorted(t.keys())
(0, 'b', ['x'])
"""
from __future__ import annotations

from typing import Callable, Hashable, Iterable


class Tally:
    """Each top-level component's share (a tuple of keys), and for each key the components
    whose share holds it."""

    __slots__ = ("shares", "users", "index", "position")

    def __init__(self, index: bool = True) -> None:
        self.shares: dict[str, tuple] = {}  # qid -> its share (components with an empty one left out)
        self.users: dict[Hashable, set[str]] = {}  # key -> the qids whose share holds it
        self.index = index  # False: the shares are not keys (not hashable), only kept
        # qid -> its place in a collection whose components are not in qid order (an IR made
        # by hand; a compiled one lists them by qid); None: the qid is the order
        self.position: dict[str, int] | None = None

    def put(self, qid: str, share: Iterable) -> None:
        """Set a component's share (an empty one: the component is gone, or adds nothing)."""
        share = tuple(share)
        old = self.shares.pop(qid, ())
        if share:
            self.shares[qid] = share
        if not self.index or old == share:
            return
        for key in old:
            users = self.users.get(key)
            if users is not None:
                users.discard(qid)
                if not users:
                    del self.users[key]
        for key in share:
            self.users.setdefault(key, set()).add(qid)

    def count(self, key: Hashable) -> int:
        """How many components' shares hold the key."""
        users = self.users.get(key)
        return len(users) if users is not None else 0

    def first(self, key: Hashable) -> str | None:
        """The first of them in the collection's order (the IR lists its components by qid)."""
        users = self.users.get(key)
        return min(users, key=self.rank) if users else None

    def rank(self, qid: str):
        """Where a component comes in the collection's order (a key to sort by)."""
        return qid if self.position is None else self.position.get(qid, -1)

    def keys(self):
        """Every key some share holds."""
        return self.users.keys()

    def in_order(self) -> list[tuple[str, tuple]]:
        """(qid, share) of the components with a share, in the collection's order."""
        return sorted(self.shares.items(), key=lambda item: self.rank(item[0]))


Share = Callable[[object, dict], Iterable]


def tally(col, name: str, share: Share, index: bool = True) -> Tally:
    """The collection's tally of `share` (by the name of the check that counts it): counted
    over every top-level component, or patched for the components changed since the tally
    the collection carries (`col.tallies_stale`: their qids; None: count afresh). `index`
    False: the shares are only kept (Tally.in_order), not counted by key."""
    made = col.tallies.get(name)
    if made is not None and name in col.tallies_fresh:
        return made
    stale = col.tallies_stale
    if made is None or stale is None or made.position is not None:
        made = Tally(index)
        qids = [comp["qid"] for comp in col.top]
        if any(a > b for a, b in zip(qids, qids[1:])):
            made.position = {q: i for i, q in enumerate(qids)}
        for comp in col.top:
            made.put(comp["qid"], share(col, comp))
    else:
        for qid in stale:
            comp = col.by_qid.get(qid)
            top = comp is not None and col.parent.get(qid) is None
            made.put(qid, share(col, comp) if top else ())
    col.tallies[name] = made
    col.tallies_fresh.add(name)
    return made
