"""What applies where in Competitive Mode: which pieces a board offers, and which a character
of another box brings to it. One answer for the consistency checks (C501, C502) and the site's
Competitive Mode page; the checks read the IR alone, no runtime. The rules kernel works the
same pools out from the IR itself (runtime/kernel/collection.py, the pools each box brings,
set aside when none of its figures plays), and tests/test_applicability.py holds its table
(`view_pieces.table_pools`) to this answer.

The rulebook ("Mayhem Competitive Mode"): the Locations and shared tokens come from the box
of the board; each character brings the special tokens of its own box. So a token is on the
table when the board's box has its pool, or when a character of the token's box plays and
that box has its pool. A Location, an icon or a GO! deck comes only with the board.

>>> ir = {"components": [
...     {"kind": "box", "id": "a", "qid": "a", "box": "a", "scope": "a", "props": {},
...      "children": [{"kind": "pool", "id": "fire", "qid": "a/fire", "props": {}, "children": []}]},
...     {"kind": "box", "id": "b", "qid": "b", "box": "b", "scope": "b", "props": {}, "children": []},
...     {"kind": "token", "id": "fire", "qid": "a:token:fire", "box": None, "scope": "a",
...      "props": {}, "children": []}]}
>>> where = Applicability(ir)
>>> where.token_on("a:token:fire", "b"), where.token_on("a:token:fire", "b", bringing={"a"})
(False, True)
>>> where.bringers("a:token:fire", "b")
['a']
"""
from __future__ import annotations

from typing import Iterable


def _prop(comp: dict, name: str, default=None):
    p = comp["props"].get(name)
    return p["value"] if p is not None else default


class Applicability:
    """The answers over one compiled collection (the IR as a dict)."""

    def __init__(self, ir: dict) -> None:
        self.by_qid: dict[str, dict] = {}

        def index(comp: dict) -> None:
            self.by_qid[comp["qid"]] = comp
            for child in comp.get("children", ()):
                index(child)

        for comp in ir["components"]:
            index(comp)
        self._brought: dict[str, set[str]] = {}
        self._on: dict[tuple[str, frozenset], dict[str, str]] = {}
        # the boards of Competitive Mode: the Mayhem boxes (a box of another game names its `game`;
        # one that names the shared rules' game, `game mayhem`, is a Mayhem box still)
        shared = {c["id"] for c in ir["components"] if c["kind"] == "game" and c["box"] is None}
        self.boxes = {c["id"]: c for c in ir["components"] if c["kind"] == "box" and _prop(c, "game") in shared | {None}}
        self.tokens = {q: c for q, c in self.by_qid.items() if c["kind"] == "token"}
        self._pools = {b: [c for c in box["children"] if c["kind"] == "pool"] for b, box in self.boxes.items()}
        self._icons: dict[str, set[str]] = {b: set() for b in self.boxes}
        self._locations: dict[str, set[str]] = {b: set() for b in self.boxes}
        for comp in ir["components"]:
            if comp["kind"] == "location" and comp["box"] in self.boxes:
                self._icons[comp["box"]] |= set(_prop(comp, "icons", []) or [])
                self._locations[comp["box"]].add(comp["qid"])

    # ---- tokens -------------------------------------------------------------------------

    def pool_of(self, token_qid: str) -> str:
        """The pool a token is drawn from: its `drawn-from`, else its own id."""
        tok = self.tokens[token_qid]
        return _prop(tok, "drawn-from") or tok["id"]

    def board_pools(self, board: str) -> set[str]:
        return {p["id"] for p in self._pools.get(board, ())}

    def brought_pools(self, box: str) -> set[str]:
        """The pools a character of `box` brings to another box's board: those of its box's own
        tokens that its box holds."""
        if box not in self._brought:
            have = self.board_pools(box)
            self._brought[box] = {self.pool_of(q) for q, t in self.tokens.items() if t["scope"] == box} & have
        return set(self._brought[box])

    def pools_on(self, board: str, bringing: Iterable[str] = ()) -> dict[str, str]:
        """Pool id -> the box whose pool it is, on a board with characters of the `bringing`
        boxes: the board's own pools first, then what the others bring."""
        key = (board, frozenset(bringing) - {board})
        if key not in self._on:
            out = {pid: board for pid in sorted(self.board_pools(board))}
            for box in sorted(key[1]):
                for pid in sorted(self.brought_pools(box)):
                    out.setdefault(pid, box)
            self._on[key] = out
        return dict(self._on[key])

    def token_on(self, token_qid: str, board: str, bringing: Iterable[str] = ()) -> bool:
        key = (board, frozenset(bringing) - {board})
        if key not in self._on:
            self.pools_on(board, bringing)
        return self.pool_of(token_qid) in self._on[key]

    def bringers(self, token_qid: str, board: str) -> list[str]:
        """The boxes whose characters would bring a token that the board lacks."""
        pool = self.pool_of(token_qid)
        return sorted(b for b in self.boxes if b != board and pool in self.brought_pools(b))

    # ---- what comes only with the board -------------------------------------------------

    def icons_on(self, board: str) -> set[str]:
        return set(self._icons.get(board, ()))

    def go_deck(self, board: str) -> bool:
        return (_prop(self.boxes[board], "go-cards", 0) or 0) > 0

    def provided(self, ref: str, board: str, bringing: Iterable[str] = ()) -> bool | None:
        """Whether a board (with characters of the `bringing` boxes) offers what a component
        refers to: a token, an icon, a Location. None for what every board has: keywords and
        tags are rules, not pieces."""
        comp = self.by_qid.get(ref)
        if comp is None:
            return None
        if comp["kind"] == "token":
            return self.token_on(ref, board, bringing)
        if comp["kind"] == "icon":
            return comp["id"] in self.icons_on(board)
        if comp["kind"] == "location":
            return ref in self._locations.get(board, set())
        return None

    def missing(self, refs: Iterable[str], board: str, bringing: Iterable[str] = ()) -> list[str]:
        """The refs (token, icon and Location qids) that the board does not offer, in order."""
        bringing = set(bringing)
        return [r for r in refs if self.provided(r, board, bringing) is False]

    def bringing_for(self, comp: dict) -> set[str]:
        """The boxes whose characters are surely on the board when this component is in play: a
        character brings its own box; a card, nothing (its owner may field any characters)."""
        return {comp["box"]} if comp["kind"] == "character" else set()
