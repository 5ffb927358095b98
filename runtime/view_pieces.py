"""Whose the pieces of a Mayhem game are, read from the kernel's state: the pools and the pieces each accounts for, the owners of the pieces on the board, the pools on the table.

The part of the view (runtime/game_view.py) that the invariants
(runtime/invariants.py), the greedy bot (runtime/bot_seen.py) and the applicability check's test
read; plain data, a copy."""
from __future__ import annotations



def pools(game) -> dict[str, dict]:
    """The box's pools once the board is laid (none before): pool id -> `total` (the pieces the
    box has), `pieces` (those found: in the pool, in play, used up) and `free` (in the pool, by
    face). Every piece is a card of the kernel in one zone: those of the tokens each pool
    feeds, in every zone, and in the pool's zone (a two-faced pool's pieces under one face each,
    so counted by pool)."""
    st, p = game.kernel.state, game.krules.pieces
    if p is None or not st.board:
        return {}
    fed = _fed(p)
    out = {pid: {"total": sum(n for n in counts.values() if n), "pieces": 0, "free": {}} for pid, counts, _pile in p.pools}
    pool, head, cards = p.pool_zone, f"{p.pool_zone}/", st.cards
    for zone, uids in st.zones.items():
        free = zone == pool or zone.startswith(head)
        for u in uids:
            pid = fed.get(cards[u])
            if pid in out:
                x = out[pid]
                x["pieces"] += 1
                if free:
                    x["free"][cards[u]] = x["free"].get(cards[u], 0) + 1
    return out


def _fed(p) -> dict[str, str]:
    """The kernel's token qids -> the pool that feeds them (kept on the game's Pieces)."""
    kept = _FED.get(id(p))
    if kept is None or kept[0] is not p:
        kept = _FED[id(p)] = (p, {q: pid for pid, qids in p.fed.items() for q in qids})
    return kept[1]


_FED: dict = {}  # id of a kernel game's Pieces -> (it, its token qids -> their pool)


def owners(game) -> dict:
    """Whose the pieces on the board are, which the view counts by token only (the greedy bot's
    reading, runtime/bots.py): `spaces`, each Location's label -> {token id: {Team: count}} (the
    Team whose piece it is, the kernel's owner; None: no one's), and `figures`, each figure that
    stands for a piece -> the Team whose piece it is."""
    out: dict = {"spaces": {}, "figures": {}}
    from .game import _team_label
    st, krules = game.kernel.state, game.krules
    zone = (krules.pieces.zones if krules.pieces is not None else {}).get("space")
    tiles = (st.board.get("tiles") or []) if isinstance(st.board, dict) else []

    def team(t):
        return None if t is None else _team_label(st, t)
    for i, t in enumerate(tiles if zone else ()):
        for u in st.zones.get(f"{zone}/{t}", ()):
            by = out["spaces"].setdefault(f"L{i + 1}", {}).setdefault(krules.cards[st.cards[u]].id, {})
            whose = team(st.owners[u])
            by[whose] = by.get(whose, 0) + 1
    out["figures"] = {k: team(st.owners[x["piece"]]) for k, x in st.figures.items() if x.get("piece") is not None}
    return out

def table_pools(game) -> dict[str, str]:
    """The pools whose pieces are on the table once the game is set up: pool id -> the box whose
    pool it is (the board's own, or the box of a character who brought it to another box's board
    in Competitive Mode). The answer compiler/applicability.py's `pools_on` gives, read from the
    kernel: each pool of its pieces but those whose
    pieces all lie set aside (`set-aside`: a box none of whose figures plays brings nothing),
    named by the box that brings it (`GameRules.brought`). The kernel keeps a pool that tracks a
    count (its `tracks`) as a counter, not as pieces: not listed."""
    kr, st = game.krules, game.kernel.state
    if kr.pieces is None:
        return {}
    owner = {pid: box for box, b in kr.brought.items() for pid in b["pools"]}
    fed, cards, out = _fed(kr.pieces), st.cards, {}
    for zone, uids in st.zones.items():
        if zone != "set-aside":
            for u in uids:
                pid = fed.get(cards[u])
                if pid is not None and pid not in out:
                    out[pid] = owner.get(pid, game.config.box)
    return dict(sorted(out.items()))
