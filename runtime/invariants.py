"""Invariants every state of every game keeps; property tests and `simulate --check` use them."""
from __future__ import annotations

from collections import Counter

from .engine import Engine


def pieces_in_play(eng: Engine) -> Counter:
    """Pieces per pool outside the pools: on figures, Locations, edges, Team areas, as
    token figures, and used up."""
    st = eng.state
    out: Counter = Counter()

    def add(store) -> None:
        for key, n in store.items():
            if isinstance(key, tuple) and n:
                out[eng.rules.token_pool(key[0])] += n

    for fig in st.figures.values():
        add(fig.tokens)
        if fig.kind == "token":
            out[eng.rules.token_pool(fig.comp["qid"])] += 1
    for loc in st.board.locations:
        add(loc.tokens)
    for store in st.board.edge_tokens.values():
        add(store)
    for team in st.teams.values():
        add(team.tokens)
    out.update(st.discarded)
    return out


def violations(eng: Engine, last_vp: dict | None = None) -> list[str]:
    st = eng.state
    found = []
    if st.board is None:
        return found
    in_play = pieces_in_play(eng)
    for pid, total in st.pool_totals.items():
        now = sum(st.pools[pid].values()) + in_play.get(pid, 0)
        if now != total:
            found.append(f"pool {pid}: {now} pieces, the box has {total}")
        if any(n < 0 for n in st.pools[pid].values()):
            found.append(f"pool {pid} went below zero")
    for loc in st.board.locations:
        if len(loc.figures) > loc.slots:
            found.append(f"{loc.label} holds {len(loc.figures)} figures in {loc.slots} slots")
    for fig in st.figures.values():
        if fig.damage < 0:
            found.append(f"{fig.key} has negative Damage")
        if fig.location is not None and fig.key not in st.board.locations[fig.location].figures \
                and fig.kind != "token":
            found.append(f"{fig.key} is lost between Locations")
    enclosed = st.board.enclosed()
    if enclosed:
        found.append(f"enclosed by Obstacles: {', '.join(f'L{i + 1}' for i in enclosed)}")
    if last_vp is not None:
        for colour in st.order:
            if eng.vp(colour) < last_vp.get(colour, 0):
                found.append(f"{colour} lost Victory Points")
    return found
