"""A runtime-neutral, read-only view of a Mayhem game (`game.view()`): plain data, the same on the engine and the kernel.

What a bot or a tool may read of a game without reaching into either interpreter's state:
the round, the decision waiting (its player and kind), the Team that leads the round, the
Active figure, the game's own dice (die id -> the face it shows, `3*` with its icon), each
Team's players, characters, counters kept per Team (`vp`, ...), hand size (its players' hands),
Activation dice not yet placed (their values, sorted) and pieces in its area, each figure's
character (a token figure: its token), kind (`character`, `npc`, `token`), Team, space (the
position's label `L4`, None off the board), Damage, Life (None for a non-player figure, which
the rules do not damage) and KO, and the pieces on it, each Location by position (its id, None
for a tile laid face down, Slots, figures, pieces on it, how
many face-down pieces it piles, removed or not), the pieces on each edge (`L1-L4`), and the
result once the game is over (`game.result()`). Pieces are {token id: count}, zeros left out.
`view(game)` builds it for the engine's Game (`engine_view`) or a KernelMayhemGame
(`kernel_view`), both reading the same declarations (runtime/scenario_keys.py's Team counters).
It is JSON-able and a copy: changing it changes nothing in the game."""
from __future__ import annotations

from collections import Counter

from .effects import id_of


def view(game) -> dict:
    """The view of an engine's Game or a KernelMayhemGame (the module's docstring)."""
    return kernel_view(game) if getattr(game, "runtime", "engine") == "kernel" else engine_view(game)


def _pieces(counts) -> dict[str, int]:
    return {k: n for k, n in sorted(counts.items()) if n}


def _decision(game) -> dict | None:
    d = game.decision
    return None if d is None else {"player": d.player, "kind": d.kind}


def engine_view(game) -> dict:
    """The view of the Mayhem engine's Game (runtime/game.py)."""
    from .scenario_keys import game_keys
    eng, st = game.engine, game.state
    keys = game_keys(game.rules)

    def tokens(store) -> dict[str, int]:
        out: Counter = Counter()
        for key, n in store.items():
            if isinstance(key, tuple) and n:
                out[id_of(key[0])] += n
        return _pieces(out)

    teams = {}
    for colour in st.order:
        team = st.teams[colour]
        teams[colour] = {
            "players": list(team.players), "characters": list(team.characters),
            "counters": {c: eng.counter_value(c, colour) for c in sorted(keys.team_counters)},
            "hand": sum(len(h) for h in team.hands.values()),
            "dice": sorted(v for v, placed in zip(team.dice, team.placed) if not placed),
            "tokens": tokens(team.tokens)}
    figures = {k: {"character": f.comp["id"], "kind": f.kind, "team": f.team,
                   "space": None if f.location is None else f"L{f.location + 1}",
                   "damage": f.damage, "life": None if f.kind == "npc" else f.life, "ko": bool(f.ko), "tokens": tokens(f.tokens)}
               for k, f in st.figures.items()}
    board = st.board
    locations = [] if board is None else [
        {"label": loc.label, "location": (loc.comp or {}).get("id"), "slots": loc.slots, "figures": sorted(loc.figures),
         "tokens": tokens(loc.tokens), "pile": len(st.token_pile(loc.index) or ()), "removed": bool(loc.removed)}
        for loc in board.locations]
    edges = {} if board is None else {board.edge_label(e): tokens(s) for e, s in sorted(board.edge_tokens.items())}
    return _whole(game, st.round, st.lead, st.active.figure if st.active is not None else None,
                  {d: str(face) for d, face in sorted(st.shown.items())}, teams, figures, locations, edges)


def kernel_view(game) -> dict:
    """The view of a KernelMayhemGame (runtime/switch_game.py): the kernel's State read by meaning,
    as runtime/scenario_kernel_read.py reads a scenario's expectations."""
    from .kernel.effects import Run
    from .kernel.primitives import get_value
    from .scenario_keys import game_keys
    from .switch_game import _team_label
    kgame, st, krules = game.kernel, game.kernel.state, game.krules
    keys = game_keys(game.rules)
    p = krules.pieces
    zones = p.zones if p is not None else {}
    tiles = (st.board.get("tiles") or []) if isinstance(st.board, dict) else []
    label = {t: f"L{i + 1}" for i, t in enumerate(tiles)}
    name = {t: _team_label(st, t) for t in st.teams}
    run = Run(kgame, [])

    def ids(zone: str) -> list[str]:
        return [krules.cards[st.cards[u]].id for u in st.zones.get(zone, ())]

    def tokens(zone: str) -> dict[str, int]:
        return _pieces(Counter(ids(zone))) if zone else {}

    def counter(c: str, team: str) -> int:
        return get_value(run, c, team) if c in krules.counters else 0

    teams = {}
    for t, players in st.teams.items():
        if not players:  # a Team no one sits at yet (the colours not chosen): not in the game yet, as the engine's
            continue
        teams[name[t]] = {
            "players": list(players),
            "characters": [f for f, x in st.figures.items() if x.get("owner") == t and x.get("kind") == "character"],
            "counters": {c: counter(c, t) for c in sorted(keys.team_counters)},
            "hand": sum(len(st.zones.get(f"hand/{pl}", ())) for pl in players),
            "dice": sorted(d["value"] for d in st.dice.values() if d.get("owner") == t and d.get("on") is None),
            "tokens": tokens(f"{zones.get('team')}/{t}" if zones.get("team") else "")}
    counters = st.counters
    figures = {}
    for k, x in st.figures.items():
        on = tokens(f"{zones.get('figure')}/{k}" if zones.get("figure") else "")
        piece = x.get("piece")  # a piece standing as a figure (a monster): the engine's token figure
        if piece is not None:
            what = krules.cards[st.cards[piece]].id
            on = {t: n - (t == what) for t, n in on.items() if n - (t == what)}  # (the piece itself)
        figures[k] = {"character": what if piece is not None else id_of(x.get("card") or k),
                      "kind": "token" if piece is not None else x.get("kind"),
                      "team": name.get(x.get("owner"), x.get("owner")),
                      "space": label.get(x.get("space"), x.get("space")),
                      "damage": counters.get(f"damage/{k}", 0),
                      "life": None if x.get("kind") == "npc" else counters.get(f"life/{k}"),
                      "ko": bool(x.get("out")), "tokens": on}
    slots = _slots(game.rules)
    gone = set(st.board.get("gone", ())) if isinstance(st.board, dict) else set()
    down = st.board.get("down") if isinstance(st.board, dict) else None  # tiles laid face down: N Slots, nothing else
    locations = [{"label": label[t], "location": None if down else t, "slots": down or slots.get(t),
                  "figures": sorted(f for f, x in st.figures.items() if x.get("space") == t and "piece" not in x),
                  "tokens": tokens(f"{zones.get('space')}/{t}" if zones.get("space") else ""),
                  "pile": len(st.zones.get(f"token-pile/{t}", ())), "removed": t in gone} for t in tiles]
    edges = {}
    if zones.get("edge"):
        head = f"{zones['edge']}/"
        for z in sorted(st.zones):
            if z.startswith(head) and st.zones[z]:
                edges[z[len(head):]] = tokens(z)
    shown = {d: f"{x['value']}{'*' if x.get('icon') else ''}" for d, x in sorted(st.dice.items())
             if x.get("owner") is None and not d.startswith("die#")}
    return _whole(game, st.round, name.get(st.lead, st.lead), st.active_figure, shown, teams, figures,
                  locations, edges)


def _slots(rules) -> dict[str, int]:
    """Each Location's Slots as the content declares them, by its id."""
    return {c["id"]: c["props"]["slots"]["value"] for c in rules.ir["components"]
            if c["kind"] == "location" and "slots" in c["props"]}


def _whole(game, rnd, lead, active, shown, teams, figures, locations, edges) -> dict:
    over = bool(game.over)
    return {"round": rnd, "over": over, "decision": _decision(game), "lead": lead, "active": active,
            "dice": shown, "teams": teams, "figures": figures, "locations": locations, "edges": edges,
            "result": game.result() if over else None}
