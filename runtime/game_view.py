"""A read-only view of a Mayhem game (`game.view()`): plain data, the kernel's state read by meaning.

What a bot or a tool may read of a game without reaching into the kernel's state:
the round, the decision waiting (its player and kind), the Team that leads the round, the
Active figure, the game's own dice (die id -> the face it shows, `3*` with its icon), each
Team's players, characters, counters kept per Team (by their ids), hand size (its players' hands,
and each player's: `hands`), the cards in its players' hands (`cards`, qids), played this round
(`played`) and in its zones in play (`in_play`: zone -> qids, the zones the game declares `in-play`),
Activation dice not yet placed (their values, sorted) and placed (`used`), pieces in its area, each figure's
character (a token figure: its token), kind (`character`, `npc`, `token`), Team, the player who
controls it, its dashboard's side (None: the character's own), space (the
position's label `L4`, None off the board), Damage, Life (None for a non-player figure, which
the rules do not damage), KO, out of the game for good (`out`) and the pieces on it, each Location by position (its id, None
for a tile laid face down, Slots, figures, pieces on it, how
many face-down pieces it piles, removed or not), the pieces on each edge (`L1-L4`), the board's `sides` (each Location in play ->
those in play it touches, by label) and the edges among them `blocked` (`L1-L4`), the cards left in the deck drawn from (`deck`), and the
result once the game is over (`game.result()`). Pieces are {token id: count}, zeros left out.
`view(game)` builds it for a Game (runtime/game.py: `kernel_view`), reading the declarations
runtime/scenario_keys.py reads (the Team counters).
It is JSON-able and a copy: changing it changes nothing in the game."""
from __future__ import annotations

from collections import Counter

from .effects import id_of


def view(game, pieces: bool = True) -> dict:
    """The view of a Game (the module's docstring). `pieces=False`: without the pieces (no
    `tokens`, `pile` or `edges`), the reading the invariants make after every decision
    (runtime/invariants.py), in a third of the time."""
    return kernel_view(game, pieces)


def _pieces(counts) -> dict[str, int]:
    return {k: n for k, n in sorted(counts.items()) if n}


def _decision(game) -> dict | None:
    d = game.decision
    return None if d is None else {"player": d.player, "kind": d.kind}


def kernel_view(game, pieces: bool = True) -> dict:
    """The view of a Game (runtime/game.py): the kernel's State read by meaning,
    as runtime/scenario_kernel_read.py reads a scenario's expectations."""
    from .kernel.effects import Run
    from .kernel.primitives import get_value
    from .scenario_keys import game_keys
    from .game import _team_label
    kgame, st, krules = game.kernel, game.kernel.state, game.krules
    keys = game_keys(game.rules)
    p = krules.pieces
    zones = p.zones if p is not None else {}
    tiles = (st.board.get("tiles") or []) if isinstance(st.board, dict) else []
    label = {t: f"L{i + 1}" for i, t in enumerate(tiles)}
    name = {t: _team_label(st, t) for t in st.teams}
    run = Run(kgame, [])
    played = game.rules.zone_of["play-to"]  # the same declarations name the kernel's zones
    hand = game.rules.zone_of["draw-to"]

    def ids(zone: str) -> list[str]:
        return [krules.cards[st.cards[u]].id for u in st.zones.get(zone, ())]

    def tokens(zone: str) -> dict[str, int]:
        return _pieces(Counter(ids(zone))) if zone and pieces else {}

    def counter(c: str, team: str) -> int:
        return get_value(run, c, team) if c in krules.counters else 0

    teams = {}
    team_counters = sorted(keys.team_counters)
    for t, players in st.teams.items():
        if not players:  # a Team no one sits at yet (the colours not chosen): not in the game yet
            continue
        hands = {pl: len(st.zones.get(f"{hand}/{pl}", ())) for pl in players}
        teams[name[t]] = x = {
            "players": list(players),
            "characters": [f for f, x in st.figures.items() if x.get("owner") == t and x.get("kind") == "character"],
            "counters": {c: counter(c, t) for c in team_counters},
            "hand": sum(hands.values()), "hands": hands,
            "dice": sorted(d["value"] for d in st.dice.values() if d.get("owner") == t and d.get("on") is None)}
        if pieces:
            x["tokens"] = tokens(f"{zones.get('team')}/{t}" if zones.get("team") else "")
            x["cards"] = sorted(st.cards[u] for pl in players for u in st.zones.get(f"{hand}/{pl}", ()))
            x["played"] = [st.cards[u] for u in st.zones.get(f"{played}/{t}", ())]
            x["used"] = sorted(d["value"] for d in st.dice.values() if d.get("owner") == t and d.get("on") is not None)
            x["in_play"] = {z: [st.cards[u] for u in st.zones.get(f"{z}/{t}", ())] for z in game.rules.in_play}
    counters = st.counters
    figures = {}
    standing: dict = {}  # space -> the figures on it (a piece standing as a figure left out)
    for k, x in st.figures.items():
        if x.get("space") is not None and "piece" not in x:
            standing.setdefault(x["space"], []).append(k)
        on = tokens(f"{zones.get('figure')}/{k}" if zones.get("figure") and pieces else "")
        piece = x.get("piece")  # a piece standing as a figure (a token figure)
        if piece is not None:
            what = krules.cards[st.cards[piece]].id
            on = {t: n - (t == what) for t, n in on.items() if n - (t == what)}  # (the piece itself)
        owner = x.get("owner")
        alone = st.teams.get(owner, ())
        figures[k] = {"character": what if piece is not None else id_of(x.get("card") or k),
                      "kind": "token" if piece is not None else x.get("kind"),
                      "team": name.get(owner, owner),
                      "player": x.get("player") or (alone[0] if len(alone) == 1 and x.get("kind") == "character" else None),
                      "side": id_of(x["side"]) if x.get("side") else None,
                      "space": label.get(x.get("space"), x.get("space")),
                      "damage": counters.get(f"damage/{k}", 0),
                      "life": None if x.get("kind") == "npc" else counters.get(f"life/{k}"),
                      "ko": bool(x.get("out")), "out": bool(x.get("gone"))}
        if pieces:
            figures[k]["tokens"] = on
    slots = _slots(game.rules)
    gone = set(st.board.get("gone", ())) if isinstance(st.board, dict) else set()
    down = st.board.get("down") if isinstance(st.board, dict) else None  # tiles laid face down: N Slots, nothing else
    locations = [{"label": label[t], "location": None if down else t, "slots": down or slots.get(t),
                  "figures": sorted(standing.get(t, ())), "removed": t in gone} for t in tiles]
    if pieces:
        for t, loc in zip(tiles, locations):
            loc["tokens"] = tokens(f"{zones.get('space')}/{t}" if zones.get("space") else "")
            loc["pile"] = len(st.zones.get(f"token-pile/{t}", ()))
    edges = {}
    if zones.get("edge") and pieces:
        head = f"{zones['edge']}/"
        for z in sorted(st.zones):
            if z.startswith(head) and st.zones[z]:
                edges[z[len(head):]] = tokens(z)
    shown = {d: f"{x['value']}{'*' if x.get('icon') else ''}" for d, x in sorted(st.dice.items())
             if x.get("owner") is None and not d.startswith("die#")}
    deck = game.rules.zone_of["draw-from"]  # the same declaration names the kernel's zone
    return _whole(game, st.round, name.get(st.lead, st.lead), st.active_figure, shown, teams, figures,
                  locations, edges, len(st.zones.get(deck, ())), pieces, _kernel_sides(run, label))


def _kernel_sides(run, label: dict) -> tuple[dict, list]:
    """The kernel's board as the view gives it: each Location in play -> those in play it touches,
    and the edges between them blocked (by label, `L1-L4`)."""
    from .kernel.layout import derive
    board = run.state.board
    if not isinstance(board, dict) or not board.get("tiles"):
        return {}, []
    layout = run.rules.layout  # (another layout, another board of the same tiles: a mode's rows)
    kept = _SIDES.get((id(layout), board.get("key")))
    if kept is not None and kept[0] is layout and kept[1] == board["blocked"]:
        return _copied(kept[2])
    touch = derive(run).touch
    sides = {label[t]: sorted((label[u] for u in near), key=lambda x: int(x[1:])) for t, near in touch.items() if near}
    blocked = sorted("-".join(sorted((label[a], label[b]), key=lambda x: int(x[1:]))) for a, b in board["blocked"]
                     if a in touch and b in touch)
    made = dict(sorted(sides.items(), key=lambda kv: int(kv[0][1:]))), blocked
    if len(_SIDES) > 256:
        _SIDES.clear()
    _SIDES[(id(layout), board.get("key"))] = (layout, list(board["blocked"]), made)
    return _copied(made)


def _copied(made: tuple) -> tuple[dict, list]:
    """A view's own copy of a board's sides and blocked edges, kept once worked out."""
    return {k: list(v) for k, v in made[0].items()}, list(made[1])


_SIDES: dict = {}  # a board (the kernel's layout and key) -> what its sides were worked out to be


def _slots(rules) -> dict[str, int]:
    """Each Location's Slots as the content declares them, by its id (read once per Rules)."""
    kept = rules.__dict__.get("_view_slots")
    if kept is None:
        kept = rules.__dict__["_view_slots"] = {c["id"]: c["props"]["slots"]["value"] for c in rules.ir["components"]
                                                if c["kind"] == "location" and "slots" in c["props"]}
    return kept


def _whole(game, rnd, lead, active, shown, teams, figures, locations, edges, deck, pieces=True,
           board=({}, [])) -> dict:
    over = bool(game.over)
    seen = {"round": rnd, "over": over, "decision": _decision(game), "lead": lead, "active": active,
            "dice": shown, "teams": teams, "figures": figures, "locations": locations, "edges": edges,
            "deck": deck, "sides": board[0], "blocked": board[1], "result": game.result() if over else None}
    if not pieces:
        del seen["edges"]
    return seen


def logged(game, since: int = 0) -> tuple[list[dict], int]:
    """The game's events from `since` on in the Mayhem words, and where the next reading starts:
    the kernel's log read through the table of its lines (compiler/scenario_log_lines.py, as a
    scenario reads it: `damage` with its `total`, `ko`, `play`, the lead's line ...), a Team as
    the view names it. (`since` counts the kernel's log lines: pass back what the last call gave.)"""
    from ..compiler.scenario_log_lines import LOG_LINES
    from .scenario_kernel_read import events
    from .game import _team_label
    st = game.kernel.state
    tiles = (st.board.get("tiles") or []) if isinstance(st.board, dict) else []
    out = events(game.kernel, since, tiles, LOG_LINES, spans=True)  # each line with its statement's span
    for e in out:  # a Team as the view names it (Free-For-All's t1: its player)
        if isinstance(e.get("team"), str) and e["team"] in st.teams:
            e["team"] = _team_label(st, e["team"])
        if isinstance(e.get("dice"), dict):
            e["dice"] = {_team_label(st, t) if t in st.teams else t: v for t, v in e["dice"].items()}
        if e.get("event") == "game-over" and e.get("winners"):
            e["winners"] = [_team_label(st, t) if t in st.teams else t for t in e["winners"]]
    return out, len(st.log)


def with_decisions(game, lines: list[dict], since: int = 0, answered: int = 0) -> list[dict]:
    """A kernel game's lines `logged(game, since)` with the decisions answered from the
    `answered`-th on (`decision` events), each before the lines logged after it
    (`answered_at`: the log's length when it was answered). The log is read line by line through
    the table, so the lines between two points are those read from the first less those read
    from the second."""
    history, at = game.history, game.answered_at()
    out, rest = [], lines
    for i in range(answered, len(history)):
        after = logged(game, at[i])[0] if at[i] > since else rest
        out += rest[:len(rest) - len(after)]
        rest = after
        h = history[i]
        out.append({"event": "decision", "player": h["player"], "decision": h["kind"], "action": h["action"]})
    return out + rest
