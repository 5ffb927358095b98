"""The pieces at one place (a figure, a Location, an edge, a Team's area), with their counts kept up to date.

A store maps (token qid, owner, colour) to a number of pieces, as a `Counter` does, and keeps
beside it what a count asks of it most: how many pieces of each token lie there (`totals`),
how many of each token each Team placed (`owned`), and, once the reader has attached its index
of who holds what (`attach`), tells that index when a token comes to the place or its last piece
leaves it. Every write goes through `__setitem__` and `__delitem__` (and `update`, `clear`,
`pop`, `popitem`, `setdefault`, which go through them), so a count is never a walk over the
store and the index never misses a change, whoever writes (pieces.py, a KO, a scenario's setup).

>>> s = TokenStore()
>>> s[("t", "red", None)] += 2
>>> s[("t", "blue", "blue")] = 1
>>> s.totals["t"], s.owned[("t", "red")], s.owned[("t", "blue")]
(3, 2, 1)
>>> del s[("t", "red", None)]
>>> s.totals, s.owned
({'t': 1}, {('t', 'blue'): 1})
>>> s[("t", "blue", "blue")] -= 1
>>> s.totals, dict(s)
({}, {('t', 'blue', 'blue'): 0})
"""
from __future__ import annotations

from collections import Counter

_set = dict.__setitem__
_del = dict.__delitem__
_get = dict.get


class TokenStore(Counter):
    """(token qid, owner, colour) -> pieces, with `totals` (token qid -> pieces) and `owned`
    ((token qid, owner) -> pieces) kept as it changes; neither holds a key whose count is 0.
    `place` and `holders`: where the store lies and the index told when a token's total
    becomes or stops being 0 (EventsMixin's, `Holders`), once attached; `tally`: the count per
    (token, owner) over every Location of the board, which a Location's store adds to once
    attached (PiecesMixin.board_tally); `sums`: the count per token over a Team's area and its
    characters, which their stores add to once attached (PiecesMixin.team_sums)."""

    __slots__ = ("totals", "owned", "place", "holders", "tally", "sums")

    def __init__(self, *args, **kw) -> None:
        self.totals: dict[str, int] = {}
        self.owned: dict[tuple, int] = {}
        self.place = None
        self.holders = None
        self.tally = None  # (token qid, owner) -> pieces over the board's Locations (PiecesMixin.board_tally)
        self.sums = None  # token qid -> pieces over a Team's area and its characters (PiecesMixin.team_sums)
        super().__init__(*args, **kw)

    def __setitem__(self, key, n) -> None:
        old = _get(self, key, 0)
        _set(self, key, n)
        if n == old:
            return
        # _add(key, n - old), written in: the commonest write
        d = n - old
        tok = key[0]
        totals = self.totals
        was = totals.get(tok, 0)
        now = was + d
        if now:
            totals[tok] = now
        else:
            del totals[tok]
        okey = (tok, key[1])
        owned = self.owned
        left = owned.get(okey, 0) + d
        if left:
            owned[okey] = left
        else:
            del owned[okey]
        if self.tally is not None:
            self.tally[okey] = self.tally.get(okey, 0) + d
        if self.sums is not None:
            self.sums[tok] = self.sums.get(tok, 0) + d
        if self.holders is not None and (not was) != (not now):
            self.holders.changed(tok, self, bool(now))

    def __delitem__(self, key) -> None:
        old = _get(self, key, 0)
        _del(self, key)
        if not old:
            return
        # _add(key, -old), written in: a key's last pieces removed (a removal)
        tok = key[0]
        totals = self.totals
        was = totals.get(tok, 0)
        now = was - old
        if now:
            totals[tok] = now
        else:
            del totals[tok]
        okey = (tok, key[1])
        owned = self.owned
        left = owned.get(okey, 0) - old
        if left:
            owned[okey] = left
        else:
            del owned[okey]
        if self.tally is not None:
            self.tally[okey] = self.tally.get(okey, 0) - old
        if self.sums is not None:
            self.sums[tok] = self.sums.get(tok, 0) - old
        if self.holders is not None and (not was) != (not now):
            self.holders.changed(tok, self, bool(now))

    # the dict methods that would write around __setitem__ and __delitem__
    def update(self, other=None, /, **kw) -> None:
        """Counter.update: a mapping's counts added, or each element of an iterable counted once."""
        if other is not None:
            if hasattr(other, "items"):
                for key, n in list(other.items()):
                    self[key] = self.get(key, 0) + n
            else:
                for key in other:
                    self[key] = self.get(key, 0) + 1
        for key, n in kw.items():
            self[key] = self.get(key, 0) + n

    def clear(self) -> None:
        for key in list(self):
            del self[key]

    def pop(self, key, *default):
        if key in self:
            n = self[key]
            del self[key]
            return n
        if default:
            return default[0]
        raise KeyError(key)

    def popitem(self):
        if not self:
            raise KeyError("popitem(): the store is empty")
        key = next(reversed(self.keys()))
        return key, self.pop(key)

    def setdefault(self, key, default=0):
        if key not in self:
            self[key] = default
        return self[key]

    def copy(self) -> "TokenStore":
        return TokenStore(self)

    def __reduce__(self):
        return self.__class__, (dict(self),)
