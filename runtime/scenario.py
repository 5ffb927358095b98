"""Scenario files: a starting state, a list of actions, the expected state (TOML).

The format is documented in docs/scenarios.md."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
import tomllib

from .board import Board
from .decisions import IllegalAction
from .effects import id_of
from .engine import COLOURS, Engine, GameConfig
from .modes import load_mode
from .game import Game
from .rules import Rules, prop
from .state import Figure, Team


class ScenarioError(ValueError):
    """The scenario file itself is wrong (not the game)."""


@dataclass
class ScenarioResult:
    path: str
    name: str
    ok: bool
    failures: list[str] = field(default_factory=list)
    steps: int = 0


def load(path: str | Path) -> dict:
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{path}: not valid TOML: {exc}") from None
    except OSError as exc:
        raise ScenarioError(f"{path}: {exc.strerror or exc}") from None


def _token_qid(rules: Rules, tid: str, where: str) -> str:
    found = [q for q in rules.tokens if id_of(q) == tid]
    if len(found) != 1:
        raise ScenarioError(f"{where}: {'no' if not found else 'more than one'} token '{tid}'")
    return found[0]


def _loc(label: str, board: Board, where: str) -> int:
    if not (isinstance(label, str) and label.startswith("L") and label[1:].isdigit()):
        raise ScenarioError(f"{where}: a Location is written L1..L{len(board.locations)}, not {label!r}")
    i = int(label[1:]) - 1
    if not 0 <= i < len(board.locations):
        raise ScenarioError(f"{where}: no Location {label}")
    return i


def _put(eng: Engine, token: str, n: int, place, owner, where: str, colour=None) -> None:
    """Setup takes its pieces from the box's pools, like play does; asking for more
    than a pool holds is an error of the scenario, not a silent shortfall."""
    got = eng.put_pieces(token, n, place, owner, None, colour=colour)
    if got < n:
        raise ScenarioError(f"{where}: only {got} of {n} '{id_of(token)}' left in the pool"
                            " (a pile set up on a Location holds the rest: `clear = true` there)")


def _leave_in_pool(eng: Engine, pid: str, left, where: str) -> None:
    """`pools = { POOL = { COLOUR = 0 } }` (or `{ POOL = 3 }`): the pieces a pool
    still holds once setup is done; the others are out of play (used up), so the box's
    totals still add up. A pool can only be emptied, not filled."""
    pool = eng.state.pools.get(pid)
    if pool is None:
        raise ScenarioError(f"{where}: no token pool {pid!r} in this box")
    wanted = left.items() if isinstance(left, dict) else [(None, left)]
    for colour, n in wanted:
        keys = sorted((k for k in pool if colour is None or k[1] == colour), key=str)
        have = sum(pool[k] for k in keys)
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= have or not keys:
            raise ScenarioError(f"{where}: {colour or 'the pool'} holds {have} pieces after setup;"
                                f" it can be left with 0..{have}, not {n!r}")
        extra = have - n
        for k in keys:
            cut = min(extra, pool[k])
            pool[k] -= cut
            eng.state.discarded[pid] += cut
            extra -= cut


def build(rules: Rules, spec: dict, path: str = "scenario") -> tuple[Engine, str]:
    """An engine whose state is the scenario's starting state, and the phase to resume at."""
    meta = spec.get("scenario", {})
    setup = spec.get("setup", {})
    box = meta.get("box") or setup.get("box")
    if box not in rules.boxes:
        raise ScenarioError(f"{path}: [scenario] box must be one of {', '.join(sorted(rules.boxes))}")
    mode_id = setup.get("mode", "standard")
    try:
        mode = load_mode(rules, mode_id)
    except ValueError as exc:
        raise ScenarioError(f"{path}: [setup] mode: {exc}") from None
    team_ids = mode.team_ids()
    teams = setup.get("teams")
    if not isinstance(teams, dict) or not teams or set(teams) - set(team_ids + list(COLOURS)) \
            or len(teams) != len(mode.seats):
        shown = ", ".join(f"{t} = [...]" for t in team_ids)
        raise ScenarioError(f"{path}: [setup] teams = {{ {shown} }} (mode {mode_id})")
    cfg = GameConfig(box, seed=setup.get("seed", 0), teams=teams, sides=setup.get("sides", {}),
                     max_rounds=setup.get("max_rounds", 40), mode=mode_id)
    eng = Engine(rules, cfg)
    st = eng.state
    ids = list(teams)
    for tid in ids:
        st.teams[tid] = Team(tid)
    st.order = ids
    taken = {tid: 0 for tid in ids}
    for player, t, chars in mode.players():
        team = st.teams[ids[t]]
        team.players.append(player)
        team.hands[player] = []
        refs = teams[ids[t]][taken[ids[t]]:taken[ids[t]] + chars]
        taken[ids[t]] += chars
        for cid in refs:
            try:
                comp = eng._character_ref(cid) if "/" in cid else eng._character(cid)
            except ValueError as exc:
                raise ScenarioError(f"{path}: [setup] teams: {exc}") from None
            sides = [c for c in comp["children"] if c["kind"] == "side"]
            side = comp
            if sides:
                want = cfg.sides.get(comp["id"], "a")
                side = next((s for s in sides if s["id"] == want), None)
                if side is None:
                    raise ScenarioError(f"{path}: {cid} has no side {want!r}")
            twice = sum(1 for v in teams.values() for c in v if c.rsplit("/", 1)[-1] == comp["id"]) > 1
            key = f"{team.colour}-{comp['id']}" if twice else comp["id"]
            st.figures[key] = Figure(key, "character", team.colour, comp, side, prop(side, "life", 10),
                                     player=player)
            team.characters.append(key)
    if mode.npc:
        npc = next(iter(sorted(rules.npcs.get(box, {}).items())), (None, None))[1]
        if npc is not None:
            st.figures[npc["id"]] = Figure(npc["id"], "npc", None, npc, npc, None)
    locs = rules.locations.get(box, {})
    order = setup.get("board") or sorted(locs)
    missing = [l for l in order if l not in locs]
    if missing:
        raise ScenarioError(f"{path}: [setup] board: no Location {missing[0]!r} in {box}")
    rows = list(mode.board or prop(eng.box, "board", [3, 4, 3]))
    if mode.face_down:
        st.board = Board(rows, [(None, 2) for _ in order[:sum(rows)]])
    else:
        st.board = Board(rows, [(locs[l], prop(locs[l], "slots", 2)) for l in order[:sum(rows)]])
    eng.fill_pools()
    for npc in (f for f in st.figures.values() if f.kind == "npc"):
        eng.relocate(npc, st.board.centre())
    cards = rules.mayhem_cards.get(box, {})
    st.mayhem_deck = [cards[k]["qid"] for k in sorted(cards)]
    for colour, hand in setup.get("hands", {}).items():
        team = st.teams[colour]
        for cid in hand:
            if cid not in cards:
                raise ScenarioError(f"{path}: [setup] hands: no Mayhem card {cid!r}")
            st.mayhem_deck.remove(cards[cid]["qid"])
            team.hands[team.players[0]].append(cards[cid]["qid"])
    gos = rules.go_cards.get(box, {})
    st.go_deck = [gos[g]["qid"] for g in setup.get("go_deck", sorted(gos))]
    for colour, gid in setup.get("missions", {}).items():
        st.teams[colour].mission = gos[gid]["qid"]
        if gos[gid]["qid"] in st.go_deck:
            st.go_deck.remove(gos[gid]["qid"])
    st.round = setup.get("round", 2)
    st.initiative = setup.get("initiative", st.order[0])
    face = str(setup.get("mayhem_die", "1"))
    st.mayhem_face, st.mayhem_value, st.mayhem_icon = face, int(face.rstrip("*")), face.endswith("*")
    for colour, dice in setup.get("dice", {}).items():
        st.teams[colour].dice = list(dice)
        st.teams[colour].placed = [False] * len(dice)
    for label, ls in setup.get("locations", {}).items():
        where = f"{path}: [setup.locations.{label}]"
        i = _loc(label, st.board, where)
        clear = ls.get("clear", False)
        if clear:
            # back to their pools: what setup put there (tokens of a slot, a pile);
            # `clear = true` for all of them, or a list of token ids
            wanted = None if clear is True else [_token_qid(rules, t, where) for t in clear]
            store = st.board.locations[i].tokens
            for key, n in sorted(store.items(), key=str):
                tok, _owner, colour = key
                if wanted is None or any(eng.matches(tok, w) for w in wanted):
                    for _ in range(n):
                        eng.return_piece(tok, colour)
                    del store[key]
        for tid, t in ls.get("tokens", {}).items():
            count, owner = (t, None) if isinstance(t, int) else (t.get("count", 1), t.get("owner"))
            _put(eng, _token_qid(rules, tid, where), count, i, owner, where)
        if ls.get("removed"):  # out of play (Free-For-All shrinks the board)
            st.board.locations[i].removed = True
            st.board.refresh()
    for key, fs in setup.get("figures", {}).items():
        where = f"{path}: [setup.figures.{key}]"
        fig = st.figures.get(key)
        if fig is None:
            raise ScenarioError(f"{where}: no such character in the teams (nor a non-player figure)")
        if fs.get("location"):
            eng.relocate(fig, _loc(fs["location"], st.board, where))
        if fig.kind == "npc":
            continue
        fig.damage = fs.get("damage", 0)
        if "remaining" in fs:  # Life Points left, whatever the dashboard's Life Points
            if "damage" in fs or fig.life is None or not 0 < fs["remaining"] <= fig.life:
                raise ScenarioError(f"{where}: remaining is 1..{fig.life} Life Points left, without damage")
            fig.damage = fig.life - fs["remaining"]
        fig.activations = list(fs.get("activated", []))
        for tid, t in fs.get("tokens", {}).items():
            count, owner = (t, fs.get("token_owner", fig.team)) if isinstance(t, int) \
                else (t.get("count", 1), t.get("owner", fs.get("token_owner", fig.team)))
            _put(eng, _token_qid(rules, tid, where), count, fig, owner, where)
    for label, toks in setup.get("edges", {}).items():
        where = f"{path}: [setup.edges] {label}"
        a, _, b = label.partition("-")
        edge = st.board.edge(_loc(a, st.board, where), _loc(b, st.board, where))
        if edge not in {st.board.edge(*e) for e in st.board.graph.edges}:
            raise ScenarioError(f"{where}: {label} is not an edge between adjacent Locations")
        for tid, n in toks.items():
            _put(eng, _token_qid(rules, tid, where), n, edge, None, where)
    for colour, n in setup.get("vp", {}).items():
        _put(eng, eng.vp_token, n, colour, colour, f"{path}: [setup] vp", colour=colour)
    for pid, left in setup.get("pools", {}).items():
        _leave_in_pool(eng, pid, left, f"{path}: [setup] pools.{pid}")
    eng.forced_rolls = [str(r) for r in setup.get("rolls", [])]
    eng.forced_tosses = [str(t) for t in setup.get("tosses", [])]
    phase = setup.get("phase", "activation")
    return eng, phase


def _actual(game: Game, key: str, where: str):
    st = game.state
    eng = game.engine
    parts = key.split(".")
    head = parts[0]
    if head == "figures" and len(parts) >= 3:
        fig = st.figures.get(parts[1])
        if fig is None:
            return None
        attr = parts[2]
        if attr == "tokens":
            qid = _token_qid(game.rules, parts[3], where)
            return eng.count_tokens(qid, fig, None)
        if attr == "location":
            return f"L{fig.location + 1}" if fig.location is not None else None
        if attr == "remaining":
            return (fig.life or 0) - fig.damage
        return getattr(fig, attr.replace("-", "_"))
    if head == "teams" and len(parts) >= 3:
        team = st.teams[parts[1]]
        attr = parts[2]
        if attr == "vp":
            return eng.vp(parts[1])
        if attr == "hand":
            return sorted(id_of(c) for c in team.all_cards())
        if attr == "mission":
            return id_of(team.mission) if team.mission else None
        if attr == "played":
            return [id_of(c) for c in team.played_this_round]
        if attr == "tokens":
            return eng.count_tokens(_token_qid(game.rules, parts[3], where), parts[1], None)
    if head == "locations" and len(parts) >= 3:
        i = _loc(parts[1], st.board, where)
        if parts[2] == "tokens":
            return eng.count_tokens(_token_qid(game.rules, parts[3], where), i, None)
        if parts[2] == "figures":
            return sorted(st.board.locations[i].figures)
        if parts[2] == "removed":
            return st.board.locations[i].removed
    if head == "edges" and len(parts) >= 4 and parts[2] == "tokens":
        a, _, b = parts[1].partition("-")
        edge = st.board.edge(_loc(a, st.board, where), _loc(b, st.board, where))
        return eng.count_tokens(_token_qid(game.rules, parts[3], where), edge, None)
    if head == "pools" and len(parts) >= 2:
        pool = st.pools.get(parts[1])
        if pool is None:
            raise ScenarioError(f"{where}: no token pool {parts[1]!r} in this box")
        colour = parts[2] if len(parts) >= 3 else None
        return sum(n for (_face, c), n in pool.items() if colour is None or c == colour)
    if head == "mayhem_die":
        return st.mayhem_face
    if head in ("initiative", "round", "winners"):
        return getattr(st, head)
    if head == "over":
        return st.over
    if head == "decision":
        d = game.decision
        if d is None:
            return None
        return {"kind": d.kind, "player": d.player, "actions": d.actions}.get(parts[1])
    raise ScenarioError(f"{where}: unknown expectation {key!r}")


def _event_matches(event: dict, want) -> bool:
    """`want` is an event kind ("damage") or a table of fields the event must have
    ({ event = "damage", amount = 2 })."""
    if isinstance(want, str):
        return event["event"] == want
    return all(event.get(k) == v for k, v in want.items())


def _show(want) -> str:
    if isinstance(want, str):
        return repr(want)
    return "{" + ", ".join(f"{k} = {v!r}" for k, v in want.items()) + "}"


def check(game: Game, expect: dict, where: str, since: int = 0) -> list[str]:
    """The differences between the game and an expectation table; `events` and
    `no_events` look at the events from index `since` on."""
    failures = []
    for key, want in expect.items():
        at = f"{where} {key}"
        if key == "events":
            log = [e for e in game.events[since:] if e["event"] != "decision"]
            it = iter(log)
            missing = [w for w in want if not any(_event_matches(e, w) for e in it)]
            if missing:
                failures.append(f"{where}events: expected {', '.join(_show(w) for w in want)} in order; "
                                f"missing from {_show(missing[0])}; the log has {[e['event'] for e in log]}")
            continue
        if key == "no_events":
            log = game.events[since:]
            present = [w for w in want if any(_event_matches(e, w) for e in log)]
            if present:
                failures.append(f"{where}events: {', '.join(_show(w) for w in present)} should not have happened")
            continue
        got = _actual(game, key, at)
        if want == "none":  # TOML has no null: "none" is no value (off the board, no Mission, game over)
            want = None
        if isinstance(want, list) and isinstance(got, list) and key.endswith("actions"):
            missing = [w for w in want if w not in got]
            if missing:
                failures.append(f"{where}{key}: {missing} not in {got}")
        elif got != want:
            failures.append(f"{where}{key}: expected {want!r}, got {got!r}")
    return failures


def run(rules: Rules, path: str | Path) -> ScenarioResult:
    path = str(path)
    spec = load(path)
    name = spec.get("scenario", {}).get("name", Path(path).stem)
    eng, phase = build(rules, spec, path)
    game = Game(rules, eng.config, engine=eng, start_phase=phase)
    result = ScenarioResult(path, name, True)
    start = len(game.events)  # the events of the setup itself are not checked
    game.start()
    for n, step in enumerate(spec.get("steps", []), 1):
        action = step.get("action")
        since = len(game.events)
        if action is not None and game.decision is None:
            result.failures.append(f"step {n}: the game is over, but the scenario still plays {action!r}")
            break
        options = game.decision.actions if game.decision is not None else []
        if "expect_options" in step:
            missing = [a for a in step["expect_options"] if a not in options]
            if missing:
                result.failures.append(f"step {n}: {missing} not among the legal actions {options}")
        if "forbid_options" in step:
            present = [a for a in step["forbid_options"] if a in options]
            if present:
                result.failures.append(f"step {n}: {present} should not be legal here")
        if action is not None:
            try:
                game.act(action)
            except IllegalAction as exc:
                result.failures.append(f"step {n}: {exc}")
                break
        if "expect" in step:
            result.failures.extend(check(game, step["expect"], f"step {n}: ", since if action else start))
        result.steps = n
    result.failures.extend(check(game, spec.get("expect", {}), "", start))
    result.ok = not result.failures
    return result
