"""Scenario files of kernel games: a starting table, actions, the expected state.

The starting table gives counters, the cards of each zone in order, counters on cards
(docs/kernel.md, "Scenarios"). A file is checked whole before the run, every problem
positioned at its key, as every scenario file is."""
from __future__ import annotations

import jsonschema

from ...dsl.diagnostics import did_you_mean

from ..decisions import IllegalAction
from ..scenario_problems import Problem, _schema_problems
from .rules import GameRules, KernelError, load_game_rules
from .layout import SCENARIO_SCHEMA, scenario_board, actual as board_actual
from .state import State
from .structure import KernelConfig, KernelGame
from .writers import set_space

_CARD = {"anyOf": [{"type": "string"}, {
    "type": "object", "additionalProperties": {"type": "integer"}, "required": ["card"],
    "properties": {"card": {"type": "string"}, "owner": {"type": "string"}}}]}
_EXPECT = {"type": "object", "properties": {
    "events": {"type": "array", "items": {"type": ["string", "object"]}},
    "no_events": {"type": "array", "items": {"type": ["string", "object"]}}}}
_FACE = {"anyOf": [{"type": "integer"}, {"type": "string", "pattern": "^[0-9]+[*]$"}]}  # "3*": with the icon
SCHEMA = {
    "type": "object", "additionalProperties": False, "required": ["scenario"],
    "properties": {
        "scenario": {"type": "object", "additionalProperties": False, "required": ["name", "box"],
                     "properties": {"name": {"type": "string"}, "box": {"type": "string"},
                                    "source": {"type": "string"}}},
        "setup": {"type": "object", "additionalProperties": False, "properties": {
            "seed": {"type": "integer"}, "players": {"type": "integer"}, "mode": {"type": "string"},
            "decks": {"type": "array", "items": {"type": "string"}},
            "active": {"type": "string"}, "turn": {"type": "integer"},
            "phase": {"enum": ["setup", "round-start", "turn-start", "actions"]},  # setup: the game's own runs
            "round": {"type": "integer", "minimum": 1}, "lead": {"type": "string"},
            "rolls": {"type": "array", "items": _FACE},
            "coins": {"type": "array", "items": {"enum": ["heads", "tails"]}},
            "shown": {"type": "object", "additionalProperties": _FACE},
            "dice": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "integer"}}},
            "figures": {"type": "object", "additionalProperties": {"type": ["string", "null"]}},
            "dashboards": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
            "sides": {"type": "object", "additionalProperties": {"type": "string"}},
            "counters": {"type": "object", "additionalProperties": {"type": "integer"}},
            "zones": {"type": "object", "additionalProperties": {"type": "array", "items": _CARD}},
            "keep_rest": {"type": "boolean"}, "board": SCENARIO_SCHEMA}},
        "steps": {"type": "array", "items": {"type": "object", "additionalProperties": False, "properties": {
            "action": {"type": "string"}, "expect": _EXPECT,
            "rolls": {"type": "array", "items": _FACE},
            "coins": {"type": "array", "items": {"enum": ["heads", "tails"]}},
            "expect_options": {"type": "array", "items": {"type": "string"}},
            "forbid_options": {"type": "array", "items": {"type": "string"}}}}},
        "expect": _EXPECT,
    },
}
_VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
HEADS = ("counters", "zones", "card-counters", "winners", "over", "out", "active", "reason", "turn", "decision",
         "teams", "dice", "dice-on", "figure", "round", "lead", "board", "shown")


def build(rules: GameRules, spec: dict) -> tuple[KernelGame, list[Problem]]:
    """The game at the scenario's starting point, and the problems of its names."""
    setup = spec.get("setup", {})
    problems: list[Problem] = []
    players = setup.get("players", rules.seats[0])
    decks = setup.get("decks") or [sorted(rules.decks)[0]] * players if rules.decks else []
    low, high = rules.seats
    if not low <= players <= high:  # pointed at the key, with what the game allows
        problems.append(Problem(("setup", "players"), f"{rules.game['name']} plays {low} to {high} players, "
                                                      f"not {players}"))
    for i, deck in enumerate(setup.get("decks") or []):
        if deck not in rules.decks:
            problems.append(Problem(("setup", "decks", i), f"no deck '{deck}' in box '{rules.box}'",
                                    did_you_mean(deck, sorted(rules.decks))))
    if problems:
        return None, problems
    try:
        game = KernelGame(rules, KernelConfig(players=players, seed=setup.get("seed", 0), decks=decks,
                                              dashboards=setup.get("dashboards")))
        game._setup_table()
    except KernelError as exc:
        return None, [Problem(("setup",), str(exc))]
    state = game.state
    placed: set[int] = set()
    rest: list[tuple[str, int]] = []  # cards a listed zone held before: back under it with keep_rest
    for key, cards in setup.get("zones", {}).items():
        zone, owner = _split(key)
        at = ("setup", "zones", key)
        if zone not in rules.zones:
            problems.append(Problem(at, f"no zone '{zone}' in the game", did_you_mean(zone, rules.zones)))
            continue
        holders = list(state.teams) if rules.zones[zone].per == "team" else state.players
        if rules.zones[zone].per in ("figure", "space"):  # pieces on a figure or a space (pieces.py)
            holders = list(state.figures) if rules.zones[zone].per == "figure" else list(rules.spaces)
        if rules.zones[zone].per == "edge":  # pieces on an edge of a laid board, `L1-L2` (edges.py)
            holders = list(rules.layout.edges) if rules.layout is not None else []
        if rules.zones[zone].per and owner not in holders:
            problems.append(Problem(at, f"'{key}' names no {'Team' if holders is not state.players else 'player'}: "
                                        f"write {zone}.{holders[0]} ... {zone}.{holders[-1]}"))
            continue
        zkey = state.zone_key(zone, owner if rules.zones[zone].per else None)
        state.zones.setdefault(zkey, [])  # (pieces on a figure dealt as a card: no pile until one lies there)
        rest += [(zkey, uid) for uid in state.zones[zkey] if uid not in placed]
        state.zones[zkey] = [uid for uid in state.zones[zkey] if uid in placed]
        for i, entry in enumerate(cards):
            item = {"card": entry} if isinstance(entry, str) else entry
            who = item.get("owner", owner or state.players[0])
            uid = _take(rules, state, item["card"], who, placed)
            if uid is None:
                known = sorted({c.id for c in rules.cards.values()})
                problems.append(Problem(at + (i,), f"no card '{item['card']}' in the decks of box '{rules.box}'",
                                        did_you_mean(item["card"], known)))
                continue
            piece = rules.pieces is not None and rules.cards[state.cards[uid]].type in rules.pieces.types
            if piece:  # a piece keeps its pool's owner (none, or a Team)
                who = item.get("owner", state.owners[uid])
            elif who not in state.players:
                problems.append(Problem(at + (i,), f"no player '{who}'"))
                continue
            was = state.zones.get(state.places[uid], [])
            if uid in was:
                was.remove(uid)
            state.owners[uid], state.places[uid] = who, zkey
            state.zones[zkey].append(uid)
            placed.add(uid)
            for counter, value in item.items():
                if counter in ("card", "owner"):
                    continue
                if counter not in rules.counters or rules.counters[counter].per != "card":
                    names = [c for c, s in rules.counters.items() if s.per == "card"]
                    problems.append(Problem(at + (i, counter), f"no counter '{counter}' on cards",
                                            did_you_mean(counter, names)))
                else:
                    state.counters[state.counter_key(counter, uid)] = value
    if setup.get("keep_rest", False):
        for zkey, uid in rest:
            if uid not in placed:
                state.zones[zkey].append(uid)
    elif setup.get("zones"):
        for key, pile in state.zones.items():  # cards the scenario does not list are set aside
            state.zones[key] = [uid for uid in pile if uid in placed]
        for uid in range(len(state.cards)):
            if uid not in placed:
                state.places[uid] = "set-aside"
        state.zones["set-aside"] = [uid for uid in range(len(state.cards)) if uid not in placed]
    problems += _sides(rules, state, setup)  # two-sided figures (sides.py): their counters, then the scenario's
    for key, value in setup.get("counters", {}).items():
        counter, holder = _split(key)
        if counter not in rules.counters:
            problems.append(Problem(("setup", "counters", key), f"no counter '{counter}' in the game",
                                    did_you_mean(counter, rules.counters)))
        elif holder is not None and holder not in state.players + list(state.teams) + list(state.figures):
            problems.append(Problem(("setup", "counters", key), f"no player, Team or figure '{holder}'",
                                    did_you_mean(holder, state.players + list(state.teams) + list(state.figures))))
        else:
            state.counters[state.counter_key(counter, holder)] = value
    problems += scenario_board(rules, state, setup)  # a board laid from tiles (layout.py)
    problems += _board_and_dice(rules, state, setup)
    active = setup.get("active", state.active)
    if active not in state.players:
        problems.append(Problem(("setup", "active"), f"no player '{active}'", did_you_mean(active, state.players)))
    state.active = active
    phase = setup.get("phase", "round-start" if rules.uses_rounds else "turn-start")
    state.turn = setup.get("turn", 1) - (1 if phase in ("setup", "round-start", "turn-start") else 0)
    state.round = setup.get("round", 1) - (phase in ("setup", "round-start")) if rules.uses_rounds else 0
    state.phase = phase
    state.log.append({"event": "scenario-setup"})
    return game, problems


def _sides(rules: GameRules, state: State, setup: dict) -> list[Problem]:
    """The side each two-sided figure plays (`sides = { "twin" = "b" }`): every one needs its side."""
    from .sides import take_side
    problems, given = [], setup.get("sides", {})
    sided = [f for f, x in state.figures.items() if rules.dash is not None and rules.dash.sides.get(x.get("card"))]
    for figure, side in given.items():
        if figure not in sided:
            problems.append(Problem(("setup", "sides", figure), f"no figure '{figure}' with sides",
                                    did_you_mean(figure, sided) or f"figures with sides: {', '.join(sided) or 'none'}"))
            continue
        try:
            take_side(rules, state, figure, side)
        except KernelError as exc:
            problems.append(Problem(("setup", "sides", figure), str(exc)))
    problems += [Problem(("setup",), f"figure '{f}' has sides: name the one it plays, sides = {{ \"{f}\" = \"a\" }}")
                 for f in sided if f not in given]
    return problems


def _face_problems(rules: GameRules, rolls: list, at: tuple) -> list[Problem]:
    faces = {**rules.dice, **rules.printed}  # a die with an icon: its faces as printed ("3*")
    return [Problem(at + (i,), f"{value} is no face of any die of the game",
                    hint="dice: " + (", ".join(f"{d} {faces}" for d, faces in faces.items()) or "none"))
            for i, value in enumerate(rolls) if not any(value in listed or str(value) in rules.printed.get(d, ())
                                                        for d, listed in faces.items())]


def _board_and_dice(rules: GameRules, state: State, setup: dict) -> list[Problem]:
    """The scenario's dice (`"d6.t1" = [3, 5]`, free in that pool), figures on spaces, the
    forced rolls and coin tosses, and who leads the round."""
    problems = _face_problems(rules, setup.get("rolls", []), ("setup", "rolls"))
    state.forced = {"rolls": list(setup.get("rolls", [])), "coins": list(setup.get("coins", []))}
    holders = state.players + list(state.teams)
    for key, values in setup.get("dice", {}).items():
        die, holder = _split(key)
        at = ("setup", "dice", key)
        if die not in rules.dice:
            problems.append(Problem(at, f"no die '{die}' in the game", did_you_mean(die, rules.dice)))
        elif holder not in holders:
            problems.append(Problem(at, f"'{key}' names no player or Team: write {die}.{holders[0]}",
                                    did_you_mean(holder or "", holders)))
        else:
            for value in values:
                state.die_serial += 1
                state.dice[f"die#{state.die_serial}"] = {"type": die, "owner": holder, "value": value, "on": None}
    for die, face in setup.get("shown", {}).items():  # the game's own die (its `effect-die`), on the table
        if die != rules.effect_die:
            problems.append(Problem(("setup", "shown", die), f"'{die}' is not the game's own die (its effect-die)",
                                    hint=f"the game's own die: {rules.effect_die}" if rules.effect_die else
                                    "the game declares none: effect-die ID"))
        elif str(face) not in rules.printed.get(die, list(map(str, rules.dice[die]))):
            problems.append(Problem(("setup", "shown", die), f"{face} is no face of die '{die}'"))
        else:
            state.dice[die] = {"type": die, "owner": None, "value": int(str(face).rstrip("*")), "on": None,
                               "icon": str(face).endswith("*")}
    for fig, space in setup.get("figures", {}).items():
        at = ("setup", "figures", fig)
        space = space or None  # "": off the board
        if fig not in state.figures:
            problems.append(Problem(at, f"no figure '{fig}'", did_you_mean(fig, state.figures)))
        elif space is not None and space not in rules.spaces:
            problems.append(Problem(at, f"no space '{space}'", did_you_mean(space, rules.spaces)))
        else:
            set_space(state, state.figures[fig], space)
    if "lead" in setup:
        if setup["lead"] not in holders:
            problems.append(Problem(("setup", "lead"), f"no player or Team '{setup['lead']}'",
                                    did_you_mean(setup["lead"], holders)))
        state.lead = setup["lead"]
    return problems


def _split(key: str) -> tuple[str, str | None]:
    name, _, holder = key.partition(".")
    return name, holder or None


def _take(rules: GameRules, state: State, card_id: str, owner: str, placed: set[int]) -> int | None:
    """A card instance of that id, not yet placed: the owner's own copy first."""
    free = [uid for uid, q in enumerate(state.cards) if uid not in placed and rules.cards[q].id == card_id]
    own = [uid for uid in free if state.owners[uid] == owner]
    if own or free:
        return (own or free)[0]
    qid = next((q for q, c in rules.cards.items() if c.id == card_id), None)
    return None if qid is None else set_aside_card(state, qid, owner)


def set_aside_card(state: State, qid: str, owner: str) -> int:
    """A new instance of the card `qid`, the owner's, set aside (a card the table needs that the
    game did not deal): its uid."""
    state.cards.append(qid)
    state.owners.append(owner)
    state.places.append("set-aside")
    state.zones.setdefault("set-aside", []).append(len(state.cards) - 1)
    return len(state.cards) - 1


def actual(game: KernelGame, key: str):
    state, parts = game.state, key.split(".")
    head = parts[0]
    if head == "counters":
        holder = parts[2] if len(parts) > 2 else None
        return state.counters.get(state.counter_key(parts[1], holder), game.rules.counters[parts[1]].start)
    if head in ("zones", "card-counters"):
        zone_at = 1 if head == "zones" else 2
        zone, owner = parts[zone_at], (parts[zone_at + 1] if len(parts) > zone_at + 1 else None)
        pile = state.zones.get(state.zone_key(zone, owner), [])
        if head == "zones":
            return [game.rules.cards[state.cards[uid]].id for uid in pile]
        return [state.counters.get(state.counter_key(parts[1], uid), 0) for uid in pile]
    if head == "winners":
        return (state.result or {}).get("winners")
    if head == "reason":
        return (state.result or {}).get("reason")
    if head == "over":
        return game.over
    if head == "out":
        return list(state.out)
    if head == "dice":
        holder = parts[1] if len(parts) > 1 else None
        return [d["value"] for d in state.dice.values() if d["owner"] == holder and d["on"] is None]
    if head == "shown":  # the game's own die's face, as printed ("3*": with the icon)
        x = state.dice.get(".".join(parts[1:]))
        return None if x is None else f"{x['value']}{'*' if x.get('icon') else ''}"
    if head == "dice-on":
        target = ".".join(parts[1:])
        return [d["value"] for d in state.dice.values() if d["on"] == target]
    if head == "figure":
        fig = state.figures.get(".".join(parts[1:]))
        return fig["space"] if fig else "no such figure"
    if head == "board":
        return board_actual(game, parts)
    if head == "teams":
        return state.teams.get(parts[1]) if len(parts) > 1 else state.teams
    if head == "decision":
        d = game.decision
        return None if d is None else {"kind": d.kind, "player": d.player, "actions": d.actions}[parts[1]]
    return getattr(state, head)


def expectation_problems(at: tuple, expect: dict, rules: GameRules) -> list[Problem]:
    out = []
    for key in expect:
        if key in ("events", "no_events"):
            continue
        parts = key.split(".")
        if parts[0] not in HEADS:
            out.append(Problem(at + (key,), f"'{key}' is no expectation", did_you_mean(parts[0], HEADS)))
        elif parts[0] == "counters" and (len(parts) < 2 or parts[1] not in rules.counters):
            out.append(Problem(at + (key,), f"'{key}': no such counter",
                               did_you_mean(parts[1] if len(parts) > 1 else "", rules.counters)))
        elif parts[0] in ("zones", "card-counters") and (len(parts) < 2 + (parts[0] == "card-counters")
                                                          or parts[1 + (parts[0] == "card-counters")] not in rules.zones):
            out.append(Problem(at + (key,), f"'{key}': no such zone", hint="zones: " + ", ".join(rules.zones)))
        elif parts[0] == "decision" and (len(parts) != 2 or parts[1] not in ("kind", "player", "actions")):
            out.append(Problem(at + (key,), f"'{key}': a decision has kind, player and actions"))
    return out


def run(ir: dict, spec: dict, text: str, path: str):
    """Run a kernel scenario; a ScenarioError (every problem, positioned) if it is wrong."""
    from ..scenario import ScenarioResult, _error
    problems: list[Problem] = []
    _schema_problems(sorted(_VALIDATOR.iter_errors(spec), key=lambda e: list(map(str, e.absolute_path))), problems)
    if problems:
        raise _error(path, text, problems)
    mode = spec.get("setup", {}).get("mode")
    try:  # a mode its box does not declare: pointed at the key, with the modes it has (modes.py)
        rules = load_game_rules(ir, spec["scenario"]["box"], mode=mode)
    except KernelError as exc:
        if mode is None or "has no mode" not in str(exc):
            raise
        raise _error(path, text, [Problem(("setup", "mode"), str(exc))]) from None
    game, problems = build(rules, spec)
    for n, step in enumerate(spec.get("steps", [])):
        problems += expectation_problems(("steps", n, "expect"), step.get("expect", {}), rules)
        problems += _face_problems(rules, step.get("rolls", []), ("steps", n, "rolls"))
    problems += expectation_problems(("expect",), spec.get("expect", {}), rules)
    if problems:
        raise _error(path, text, problems)
    result = ScenarioResult(path, spec["scenario"]["name"], True)
    start = len(game.state.log)
    game.start()
    for n, step in enumerate(spec.get("steps", []), 1):
        action, since = step.get("action"), len(game.state.log)
        options = game.decision.actions if game.decision is not None else []
        missing = [a for a in step.get("expect_options", []) if a not in options]
        if missing:
            result.failures.append(f"step {n}: {missing} not among the legal actions {options}")
        present = [a for a in step.get("forbid_options", []) if a in options]
        if present:
            result.failures.append(f"step {n}: {present} should not be legal here")
        game.force(step.get("rolls", []), step.get("coins", []))
        if action is not None:
            try:
                game.act(action)
            except IllegalAction as exc:
                result.failures.append(f"step {n}: {exc}")
                break
        result.failures += _check(game, step.get("expect", {}), f"step {n}: ", since if action else start)
        result.steps = n
    result.failures += _check(game, spec.get("expect", {}), "", start)
    result.ok = not result.failures
    return result


def _check(game: KernelGame, expect: dict, where: str, since: int) -> list[str]:
    from ..scenario import event_failures
    failures = []
    log = game.state.log[since:]
    for key, want in expect.items():
        if key in ("events", "no_events"):
            failures += event_failures(key, want, log, where)
            continue
        got = actual(game, key)
        want = None if want == "none" else want
        if key == "decision.actions" and got is not None:
            lacking = [w for w in want if w not in got]
            if lacking:
                failures.append(f"{where}{key}: {lacking} not among the legal actions {got}")
        elif want != got or isinstance(want, bool) != isinstance(got, bool):
            failures.append(f"{where}{key}: expected {want!r}, got {got!r}")
    return failures
