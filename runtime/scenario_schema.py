"""What a scenario file may say: its tables and keys, its expectation paths, the events a game logs.

The tables and keys are a JSON Schema for the TOML, checked with jsonschema, its errors
turned into problems by scenario_problems; the keys the game's declarations name are added
by scenario_keys. An expectation path has a value type. Everything is checked before the
game runs; each problem is a positioned diagnostic with a did-you-mean. The format is
documented in docs/scenarios.md."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
import re

from mayhem.dsl.diagnostics import did_you_mean

from .actions import Action, ActionError
from .scenario_problems import Problem, _shown
from .scenario_toml import dotted

# ---- the file's tables and keys --------------------------------------------------------

NAME = {"type": "string", "minLength": 1}
COUNT = {"type": "integer", "minimum": 0}
POSITIVE = {"type": "integer", "minimum": 1}
NAMES = {"type": "array", "items": NAME}
LABEL = {"type": "string", "pattern": r"^L[1-9][0-9]*$", "x-expected": "a Location label L1, L2 ..."}
FACE = {"anyOf": [{"type": "string", "pattern": r"^[0-9]+\*?$"}, COUNT],
        "x-expected": "a die face: a number, \"3*\" with the die's icon"}
PILE = {"type": "object", "additionalProperties": False, "properties": {
    "count": POSITIVE,
    "owner": NAME,  # the Team whose pieces they are (a placed token's owner is its placer)
    "colour": NAME,  # the colour of the pieces, when not the owner's: a Team's name (scenario_setup checks it)
}}
TOKENS = {"type": "object", "additionalProperties": {
    "anyOf": [POSITIVE, PILE, {"type": "array", "items": PILE, "minItems": 1}],
    "x-expected": "a count, a table { count, owner, colour } or a list of such tables"}}

FIGURE = {"type": "object", "additionalProperties": False, "properties": {
    "location": LABEL,
    "damage": COUNT,
    "remaining": POSITIVE,  # Life Points left, whatever the dashboard's
    "tokens": TOKENS,
    "token_owner": NAME,
    "activated": NAMES,  # the abilities already used this round
    "token": NAME,  # a token figure already on the board: its token id ...
    "owner": NAME,  # ... the Team it belongs to ...
    "life": POSITIVE,  # ... and its Life Points
}}
LOCATION = {"type": "object", "additionalProperties": False, "properties": {
    "clear": {"anyOf": [{"type": "boolean"}, NAMES], "x-expected": "true, or a list of token ids"},
    "tokens": TOKENS,
    "removed": {"type": "boolean"},
}}
TURN = {"type": "object", "additionalProperties": False, "required": ["figure", "ability", "die"], "properties": {
    "figure": NAME,  # the Active Character
    "ability": NAME,  # the Ability its die was placed on
    "die": POSITIVE,  # the die placed (one of the Team's `dice`)
    "moved": {"type": "boolean"},  # the free Move is done
    "ability_done": {"type": "boolean"},  # the Ability is resolved
}}
PER_TEAM = {"type": "object", "minProperties": 1}

# The keys of [setup] every game has, in one place: a new key is one line here (its JSON
# Schema), one in scenario_setup.build() and one in docs/scenarios.md. The keys the game's
# declarations name (its lead, dice, decks and dealt zones, counters per Team, phases) are
# added by scenario_keys.
SETUP_KEYS: dict[str, dict] = {
    "mode": NAME,
    "seed": {"type": "integer"},
    "teams": {**PER_TEAM, "additionalProperties": {**NAMES, "minItems": 1}},
    "sides": {"type": "object", "additionalProperties": NAME},
    "board": {**NAMES, "minItems": 1},
    "round": POSITIVE,
    "dice": {**PER_TEAM, "additionalProperties": {"type": "array", "items": POSITIVE}},
    "rolls": {"type": "array", "items": FACE},
    "tosses": NAMES,
    "pools": {"type": "object", "additionalProperties": {"anyOf": [COUNT, {**PER_TEAM, "additionalProperties": COUNT}]}},
    "max_rounds": POSITIVE,
    "figures": {"type": "object", "additionalProperties": FIGURE},
    "locations": {"type": "object", "propertyNames": LABEL, "additionalProperties": LOCATION},
    "edges": {"type": "object", "propertyNames": {"pattern": r"^L[0-9]+-L[0-9]+$"},
              "additionalProperties": {"type": "object", "additionalProperties": POSITIVE}},
    "turn": TURN,
}

EVENT = {"anyOf": [NAME, {"type": "object", "required": ["event"], "properties": {"event": NAME},
                          "additionalProperties": {"type": ["string", "integer", "boolean", "array", "object"]}}],
         "x-expected": "an event kind, or a table { event = KIND, FIELD = VALUE ... }"}
EXPECT = {"type": "object", "properties": {"events": {"type": "array", "items": EVENT},
                                           "no_events": {"type": "array", "items": EVENT}},
          "additionalProperties": {"type": ["string", "integer", "boolean", "array"]}}
STEP = {"type": "object", "additionalProperties": False, "properties": {
    "action": NAME,
    "expect_options": {**NAMES, "minItems": 1},
    "forbid_options": {**NAMES, "minItems": 1},
    "expect": EXPECT,
}}
SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object", "additionalProperties": False, "required": ["scenario", "setup"],
    "properties": {
        "scenario": {"type": "object", "additionalProperties": False, "required": ["name", "box"],
                     "properties": {"name": NAME, "box": NAME, "source": NAME}},
        "setup": {"type": "object", "additionalProperties": False, "required": ["teams"],
                  "properties": SETUP_KEYS},
        "steps": {"type": "array", "items": STEP},
        "expect": EXPECT,
    },
}

# ---- the events a game logs ---------------------------------------------------------------

EVENT_COMMON = ("event", "seq", "round", "span")


# The events a scenario may expect, with their fields (the scenario format's words, docs/scenarios.md):
# those the Mayhem engine logged, read from its `log("kind", ..., field=...)` calls at revision
# 29f6a0ed, its last (the kernel's log lines are read in these words: compiler/scenario_log_lines.py).
EVENTS = {
    "activate": "ability die figure", "attack": "amount attacker target", "bonus": "amount to",
    "damage": "amount figure total", "decision": "action decision options player", "die-forfeit": "die team",
    "draw": "count team", "full": "zone", "game-over": "reason winners", "immune": "figure",
    "increase": "amount", "kind": "card team", "ko": "figure", "mayhem-deck-short": "cards wanted",
    "move": "figure frm to", "off-board": "figure", "place": "figure frm location to",
    "place-token": "count figure life on token", "play": "card team", "prevent": "amount",
    "remove-damage": "amount figure", "remove-location": "location", "remove-token": "count frm token",
    "reroll": "die placed team value", "reshuffle": "cards", "resolve": "ability figure sections",
    "restricted": "figure restriction", "return": "figure location", "round-end": "", "setup": "board mode teams",
    "special": "ability figure", "take": "count frm to token", "turn-end": "figure", "use-token": "figure token",
}


@lru_cache(maxsize=1)
def event_vocabulary() -> dict[str, frozenset]:
    """Event kind -> its fields (EVENTS, and the fields every event has)."""
    return {kind: frozenset(fields.split()) | frozenset(EVENT_COMMON) for kind, fields in EVENTS.items()}


def event_problems(path: tuple, events: list, declared: dict | None = None) -> list[Problem]:
    """`declared`: the events whose kinds the content gives (a card's kind, `ZONE-complete`)."""
    vocab = {**event_vocabulary(), **{k: frozenset(f) | frozenset(EVENT_COMMON) for k, f in (declared or {}).items()}}
    out = []
    for i, want in enumerate(events):
        at = path + (i,)
        kind = want if isinstance(want, str) else want.get("event")
        if kind not in vocab:
            out.append(Problem(at if isinstance(want, str) else at + ("event",), f"no event '{kind}'",
                               did_you_mean(kind, vocab) or "the events: " + ", ".join(sorted(vocab))))
            continue
        if isinstance(want, dict):
            for field in want:
                if field not in vocab[kind]:
                    out.append(Problem(at + (field,), f"a '{kind}' event has no field '{field}'",
                                       did_you_mean(field, vocab[kind])
                                       or f"its fields: {', '.join(sorted(vocab[kind]))}"))
    return out


# ---- expectation paths ---------------------------------------------------------------

# value types: "int" (not a boolean), "bool", "str", "names" (a list of strings), "label"
# (L1, L2 ...); a trailing "?" also takes "none", TOML having no null.
FIGURE_FIELDS = {"damage": "int", "remaining": "int", "life": "int", "location": "label?", "ko": "bool",
                 "eliminated": "bool", "off_board": "bool", "activated": "names", "tokens": "int"}
TEAM_FIELDS = {"tokens": "int"}  # and the zones and counters the game keeps per Team (scenario_keys)
PLAYER_FIELDS = {"hand": "names"}
LOCATION_FIELDS = {"tokens": "int", "figures": "names", "removed": "bool"}
EDGE_FIELDS = {"tokens": "int"}
DECISION_FIELDS = {"kind": "str?", "player": "str?", "actions": "names"}
SCALARS = {"round": "int", "winners": "names?", "over": "bool"}  # and the lead's and dice's (scenario_keys)
HEADS = ["figures", "teams", "players", "locations", "edges", "pools", "zones", "decision"]


@dataclass
class Names:
    """What the names of an expectation path may be, in this scenario's game."""

    figures: list[str]  # characters and non-player figures
    token_figures: list[str]  # attackable tokens: a figure named TOKEN-TEAM (e.g. boss-t1)
    teams: list[str]
    players: list[str]
    tokens: list[str]
    pools: list[str]
    locations: int
    edges: set[str]
    events: dict = field(default_factory=dict)  # the events the content's declarations name: kind -> fields
    zones: list[str] = field(default_factory=list)  # the zones the game declares
    colours: tuple[str, ...] = ()  # the Teams' names the game declares: the colours of pools' pieces
    team_fields: dict = field(default_factory=lambda: dict(TEAM_FIELDS))  # teams.T.FIELD -> its value type
    scalars: dict = field(default_factory=lambda: dict(SCALARS))  # top-level expectations -> their value types


def action_problems(steps: list) -> list[Problem]:
    """Every action a step plays, expects or forbids is written in the action grammar:

    >>> for p in action_problems([{"action": "place hero 3"}, {"forbid_options": ["pick two words"]}]):
    ...     print(p.path, p.message, "|", p.hint)
    ('steps', 0, 'action') 'place hero 3' is not an action: 'place' is written 'place CHARACTER Ln' | Ln a Location such as L3, a name has no blanks or '/'
    ('steps', 1, 'forbid_options', 0) 'pick two words' is not an action: 'pick' is written 'pick CHARACTER' | a name has no blanks or '/'

    (the verbs the game declares, `place-die` and the others, parse once the rules are loaded)
    """
    out: list[Problem] = []
    for n, step in enumerate(steps):
        written = [(("action",), step.get("action"))]
        for key in ("expect_options", "forbid_options"):
            written += [((key, i), a) for i, a in enumerate(step.get(key) or [])]
        for at, text in written:
            if not isinstance(text, str):
                continue
            try:
                Action.parse(text)
            except ActionError as exc:
                out.append(Problem(("steps", n) + at, f"{text!r} is not an action: {exc.reason}", exc.hint))
    return out


def _value_problem(path: tuple, kind: str, value) -> Problem | None:
    optional = kind.endswith("?")
    kind = kind.rstrip("?")
    if optional and value == "none":
        return None
    ok = {"int": isinstance(value, int) and not isinstance(value, bool),
          "bool": isinstance(value, bool),
          "str": isinstance(value, str),
          "label": isinstance(value, str) and re.fullmatch(r"L[1-9][0-9]*", value) is not None,
          "names": isinstance(value, list) and all(isinstance(v, str) for v in value)}[kind]
    if ok:
        return None
    expected = {"int": "an integer", "bool": "true or false", "str": "a string", "label": "a Location L1, L2 ...",
                "names": "a list of strings"}[kind] + (' or "none"' if optional else "")
    return Problem(path, f"{dotted(path[-1:])} is {_shown(value)}: expected {expected}")


def _figure_ok(name: str, names: Names) -> bool:
    if name in names.figures:
        return True
    return any(re.fullmatch(rf"{re.escape(t)}-({'|'.join(map(re.escape, names.teams + ['x']))})(-[0-9]+)?", name)
               for t in names.token_figures)


def expectation_problems(table_path: tuple, expect: dict, names: Names) -> list[Problem]:
    """Every key of an [expect] table names something of this game, with a value of its type:

    >>> names = Names(figures=["hero", "villain"], token_figures=["boss"], teams=["t1", "t2"],
    ...               players=["p1", "p2"], tokens=["daze"], pools=["dazes"], locations=10, edges=set())
    >>> expect = {"figures.heroo.location": "none", "figures.villain.ko": 0, "decision.kindd": "turn",
    ...           "figures.boss-t1.location": "none", "over": True}
    >>> for p in expectation_problems(("expect",), expect, names):
    ...     print(p.message, "|", p.hint)
    'figures.heroo.location': no figure 'heroo' in this game | did you mean 'hero'?
    'figures.villain.ko' is 0: expected true or false | None
    'decision.kindd': decision.kindd: expected one of kind, player, actions | did you mean 'kind'?
    """
    out: list[Problem] = []
    for key, value in expect.items():
        path = table_path + (key,)
        if key in ("events", "no_events"):
            out.extend(event_problems(path, value, names.events))
            continue
        parts = key.split(".")
        head = parts[0]

        def bad(message: str, word: str | None = None, pool=()) -> None:
            out.append(Problem(path, f"{key!r}: {message}", did_you_mean(word, pool) if word else None))

        heads = HEADS + list(names.scalars)
        if head not in heads:
            bad(f"no expectation '{head}'", head, heads)
            continue
        if head in names.scalars:
            if len(parts) > 1:
                bad(f"'{head}' has no part '{parts[1]}'")
                continue
            kind = names.scalars[head]
        elif head == "decision":
            if len(parts) != 2 or parts[1] not in DECISION_FIELDS:
                bad(f"decision.{'.'.join(parts[1:]) or '?'}: expected one of {', '.join(DECISION_FIELDS)}",
                    parts[1] if len(parts) > 1 else None, DECISION_FIELDS)
                continue
            kind = DECISION_FIELDS[parts[1]]
            if parts[1] == "actions" and value == []:
                bad("an empty list is among any legal actions, so it checks nothing: name the actions"
                    " expected, or expect `over = true`")
                continue
        elif head == "zones":  # zones.ZONE, zones.ZONE/OWNER: the ids of what lies there, top first
            zone = ".".join(parts[1:]).split("/")[0]
            if zone not in names.zones:
                bad(f"no zone '{zone}' in this game (zones: {', '.join(names.zones)})", zone, names.zones)
                continue
            kind = "names"
        elif head == "pools":
            if len(parts) not in (2, 3) or parts[1] not in names.pools:
                bad(f"no token pool '{parts[1] if len(parts) > 1 else ''}'", parts[1] if len(parts) > 1 else None,
                    names.pools)
                continue
            if len(parts) == 3 and parts[2] not in names.colours:
                bad(f"a pool's colour is {' or '.join(names.colours) or 'none'}, not '{parts[2]}'", parts[2],
                    names.colours)
                continue
            kind = "int"
        else:
            fields = {"figures": FIGURE_FIELDS, "teams": names.team_fields, "players": PLAYER_FIELDS,
                      "locations": LOCATION_FIELDS, "edges": EDGE_FIELDS}[head]
            if len(parts) < 3:
                bad(f"expected {head}.NAME.FIELD (FIELD: {', '.join(fields)})")
                continue
            name, field = parts[1], parts[2]
            if head == "figures" and not _figure_ok(name, names):
                bad(f"no figure '{name}' in this game", name, names.figures)
                continue
            if head == "teams" and name not in names.teams:
                bad(f"no Team '{name}' in this game (Teams: {', '.join(names.teams)})", name, names.teams)
                continue
            if head == "players" and name not in names.players:
                bad(f"no player '{name}' in this game (players: {', '.join(names.players)})", name, names.players)
                continue
            if head == "locations" and not (re.fullmatch(r"L[0-9]+", name) and 1 <= int(name[1:]) <= names.locations):
                bad(f"no Location '{name}': the board has L1..L{names.locations}")
                continue
            if head == "edges" and name not in names.edges:
                bad(f"'{name}' is no edge between adjacent Locations of this board")
                continue
            if field not in fields:
                bad(f"{head[:-1]} field '{field}' does not exist (fields: {', '.join(fields)})", field, fields)
                continue
            if field == "tokens":
                if len(parts) != 4 or parts[3] not in names.tokens:
                    tid = parts[3] if len(parts) > 3 else ""
                    bad(f"no token '{tid}'", tid, names.tokens)
                    continue
            elif len(parts) > 3:
                bad(f"'{field}' has no part '{parts[3]}'")
                continue
            kind = fields[field]
        problem = _value_problem(path, kind, value)
        if problem is not None:
            problem.message = f"{key!r} is {_shown(value)}: " + problem.message.split(": ", 1)[1]
            out.append(problem)
    return out
