"""Scenario files: a starting state, a list of actions, the expected state (TOML).

The format is documented in docs/scenarios.md."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
import tomllib

from .board import Board
from .decisions import IllegalAction
from .effects import id_of
from .engine import COLOURS, Engine, GameConfig
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


def build(rules: Rules, spec: dict, path: str = "scenario") -> tuple[Engine, str]:
    """An engine whose state is the scenario's starting state, and the phase to resume at."""
    meta = spec.get("scenario", {})
    setup = spec.get("setup", {})
    box = meta.get("box") or setup.get("box")
    if box not in rules.boxes:
        raise ScenarioError(f"{path}: [scenario] box must be one of {', '.join(sorted(rules.boxes))}")
    teams = setup.get("teams")
    if not isinstance(teams, dict) or set(teams) - set(COLOURS) or not teams:
        raise ScenarioError(f"{path}: [setup] teams = {{ black = [...], white = [...] }}")
    cfg = GameConfig(box, seed=setup.get("seed", 0), teams=teams, sides=setup.get("sides", {}),
                     max_rounds=setup.get("max_rounds", 40), mode=setup.get("mode", "standard"))
    eng = Engine(rules, cfg)
    st = eng.state
    for n, colour in enumerate(teams):
        st.teams[colour] = Team(colour, players=[f"p{n + 1}"], hands={f"p{n + 1}": []})
    st.order = list(teams)
    for colour, chars in teams.items():
        team = st.teams[colour]
        for cid in chars:
            comp = eng._character(cid)
            sides = [c for c in comp["children"] if c["kind"] == "side"]
            side = comp
            if sides:
                want = cfg.sides.get(cid, "a")
                side = next((s for s in sides if s["id"] == want), None)
                if side is None:
                    raise ScenarioError(f"{path}: {cid} has no side {want!r}")
            key = cid if sum(cid in v for v in teams.values()) == 1 else f"{colour}-{cid}"
            st.figures[key] = Figure(key, "character", colour, comp, side, prop(side, "life", 10),
                                     player=team.players[0])
            team.characters.append(key)
    locs = rules.locations.get(box, {})
    order = setup.get("board") or sorted(locs)
    missing = [l for l in order if l not in locs]
    if missing:
        raise ScenarioError(f"{path}: [setup] board: no Location {missing[0]!r} in {box}")
    st.board = Board(prop(eng.box, "board", [3, 4, 3]), [(locs[l], prop(locs[l], "slots", 2)) for l in order])
    eng.fill_pools()
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
    for key, fs in setup.get("figures", {}).items():
        where = f"{path}: [setup.figures.{key}]"
        fig = st.figures.get(key)
        if fig is None:
            raise ScenarioError(f"{where}: no such character in the teams")
        if fs.get("location"):
            eng.relocate(fig, _loc(fs["location"], st.board, where))
        fig.damage = fs.get("damage", 0)
        fig.activations = list(fs.get("activated", []))
        for tid, n in fs.get("tokens", {}).items():
            eng.put_pieces(_token_qid(rules, tid, where), n, fig, fs.get("token_owner", fig.team), None)
    for label, ls in setup.get("locations", {}).items():
        where = f"{path}: [setup.locations.{label}]"
        i = _loc(label, st.board, where)
        for tid, t in ls.get("tokens", {}).items():
            count, owner = (t, None) if isinstance(t, int) else (t.get("count", 1), t.get("owner"))
            eng.put_pieces(_token_qid(rules, tid, where), count, i, owner, None)
    for label, toks in setup.get("edges", {}).items():
        where = f"{path}: [setup.edges] {label}"
        a, _, b = label.partition("-")
        edge = st.board.edge(_loc(a, st.board, where), _loc(b, st.board, where))
        if edge not in {st.board.edge(*e) for e in st.board.graph.edges}:
            raise ScenarioError(f"{where}: {label} is not an edge between adjacent Locations")
        for tid, n in toks.items():
            eng.put_pieces(_token_qid(rules, tid, where), n, edge, None, None)
    for colour, n in setup.get("vp", {}).items():
        eng.put_pieces(eng.vp_token, n, colour, colour, None, colour=colour)
    eng.forced_rolls = [str(r) for r in setup.get("rolls", [])]
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


def run(rules: Rules, path: str | Path) -> ScenarioResult:
    path = str(path)
    spec = load(path)
    name = spec.get("scenario", {}).get("name", Path(path).stem)
    eng, phase = build(rules, spec, path)
    game = Game(rules, eng.config, engine=eng, start_phase=phase)
    result = ScenarioResult(path, name, True)
    game.start()
    for n, step in enumerate(spec.get("steps", []), 1):
        action = step.get("action")
        if game.decision is None:
            result.failures.append(f"step {n}: the game is over, but the scenario still plays {action!r}")
            break
        if "expect_options" in step:
            missing = [a for a in step["expect_options"] if a not in game.decision.actions]
            if missing:
                result.failures.append(f"step {n}: {missing} not among the legal actions {game.decision.actions}")
        if "forbid_options" in step:
            present = [a for a in step["forbid_options"] if a in game.decision.actions]
            if present:
                result.failures.append(f"step {n}: {present} should not be legal here")
        try:
            game.act(action)
        except IllegalAction as exc:
            result.failures.append(f"step {n}: {exc}")
            break
        result.steps = n
    expect = spec.get("expect", {})
    for key, want in expect.items():
        where = f"{path}: [expect] {key}"
        if key == "events":
            kinds = [e["event"] for e in game.events if e["event"] != "decision"]
            it = iter(kinds)
            missing = [k for k in want if k not in it]
            if missing:
                result.failures.append(f"events: expected {want} in order; missing from {missing[0]!r}; "
                                       f"the log has {kinds}")
            continue
        if key == "no_events":
            kinds = {e["event"] for e in game.events}
            present = [k for k in want if k in kinds]
            if present:
                result.failures.append(f"events: {present} should not have happened")
            continue
        got = _actual(game, key, where)
        if isinstance(want, list) and isinstance(got, list) and key.endswith("actions"):
            missing = [w for w in want if w not in got]
            if missing:
                result.failures.append(f"{key}: {missing} not in {got}")
        elif got != want:
            result.failures.append(f"{key}: expected {want!r}, got {got!r}")
    result.ok = not result.failures
    return result
