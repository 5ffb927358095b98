"""The tables a Workspace's graph pass patches between checks: the IR's graph nodes and edges
kept in the order of their keys (Sorted), and the keywords' calls as graph._keyword_cycles
reads them (KeywordCalls: after an edit of a keyword's body, its cycles are looked for
among the keywords' pieces alone)."""
from __future__ import annotations

from dataclasses import dataclass

from sortedcontainers import SortedKeyList

from mayhem.dsl import ast


class Sorted:
    """A table whose values the IR lists in the order of their keys, patched at each change
    (an edit changes a few hundred of a large collection's hundred thousand graph nodes and
    edges: sorting them all again was the IR pass's largest cost, and then inserting into
    two lists of them, each insert moving half the list, a sixth of a card's edit). The
    values are kept in sortedcontainers' SortedKeyList (lists of a thousand, an insert moves
    a few hundred), listed in order by chaining them."""

    def __init__(self, items=()) -> None:
        self._of = dict(items)
        self._key = {id(v): k for k, v in self._of.items()}  # a value -> its key (each value is in once)
        self._list = SortedKeyList(self._of.values(), key=self._key_of)

    def _key_of(self, value):
        return self._key[id(value)]

    def __contains__(self, key) -> bool:
        return key in self._of

    def __getitem__(self, key):
        return self._of[key]

    def __len__(self) -> int:
        return len(self._of)

    def __setitem__(self, key, value) -> None:
        if key in self._of:
            self.pop(key)
        self._of[key] = value
        self._key[id(value)] = key
        self._list.add(value)

    def pop(self, key, default=None):
        if key not in self._of:
            return default
        del self._list[self._list.bisect_key_left(key)]
        value = self._of.pop(key)
        del self._key[id(value)]
        return value

    def in_order(self) -> list:
        """The values in the order of their keys: a new list (an earlier result's stays as it was)."""
        return list(self._list)


class KeywordCalls:
    """The keywords' pieces as graph._keyword_cycles reads a graph and a model: the calls
    made inside keywords, and the keywords (a cycle goes through keywords alone)."""

    def __init__(self, pieces: dict, keywords: list) -> None:
        self.keywords = [(k.qid, pieces[k.qid]) for k in keywords if k.qid in pieces]

    def keyword_calls(self) -> list:
        return [(nid, attrs["component"], attrs["keyword"]) for _q, piece in self.keywords
                for nid, attrs in piece.nodes if attrs.get("type") == "keyword-call"]

    def components(self) -> list:
        return [_Keyword(q, p.decl.id, p.decl) for q, p in self.keywords]


@dataclass(slots=True)
class _Keyword:
    qid: str
    id: str
    decl: ast.Decl
    kind: str = "keyword"
