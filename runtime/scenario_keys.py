"""The keys of a scenario file that the game's declarations give (docs/scenarios.md).

The JSON Schema of [setup] is the fixed keys of every game (scenario_schema.SETUP_KEYS) and
the keys its declarations name, read from the IR:

- the leading Team's key is the game's `lead-called` (`lead` when it says none);
- a die's shown face is `DIE_die`, for each `die` the Teams do not roll into their dice
  (the game's `pool-die`);
- a deck the game fills at setup (a shared zone that `starts-with` a card type, or the
  game's `draw-from`) is a list of card ids, top first, keyed by the zone's id with `_` for
  `-`; a zone kept per Team or per player that is dealt from a deck (its `draws-from`, or
  the game's `draw-to`) is a table of owners keyed by its id and an `s` (`hand` -> `hands`),
  each owner's card (a zone of capacity 1) or list of cards;
- a counter kept per Team is a table of Teams keyed by the counter's id;
- where play may start (`phase`) is a phase of the round, or `turn`.

An expectation path reads the same names: `teams.TEAM.ZONE` for a zone kept per Team or
player, `teams.TEAM.COUNTER` for a counter kept per Team, the lead's key and `DIE_die` at
the top."""
from __future__ import annotations

from dataclasses import dataclass, field

import jsonschema

from .rules import Rules, prop
from .scenario_problems import Problem, _schema_problems
from .scenario_schema import COUNT, FACE, NAME, NAMES, PER_TEAM, SCHEMA, SETUP_KEYS


@dataclass(frozen=True)
class DealtZone:
    """A zone a scenario's [setup] may fill: `source` is the zone whose cards at setup it may
    take (itself, for a deck)."""

    zone: str
    per: str | None  # "team", "player" or None (shared)
    source: str
    single: bool  # capacity 1: an owner's value is one card id, not a list


@dataclass
class GameKeys:
    """What a scenario of this game may say beyond the keys of every game."""

    lead: str | None = None  # the key of the Team that leads the round
    dice: tuple[str, ...] = ()  # the dice whose face shows: key DIE_die
    zones: dict[str, DealtZone] = field(default_factory=dict)  # setup key -> the zone it fills
    team_zones: dict[str, str] = field(default_factory=dict)  # teams.T.FIELD -> a zone per Team or player
    team_counters: tuple[str, ...] = ()  # the counters kept per Team: setup key and teams.T.FIELD
    phases: tuple[str, ...] = ()  # where play may start
    single_zones: frozenset = frozenset()  # the zones of capacity 1: one card, or none

    def setup_keys(self) -> dict[str, dict]:
        """The [setup] keys the declarations name, with their JSON Schemas."""
        out: dict[str, dict] = {}
        if self.phases:
            out["phase"] = {"enum": list(self.phases)}
        if self.lead:
            out[self.lead] = NAME
        for die in self.dice:
            out[f"{die}_die"] = FACE
        for key, dz in self.zones.items():
            one = NAME if dz.single else NAMES
            out[key] = {**PER_TEAM, "additionalProperties": one} if dz.per else NAMES
        for counter in self.team_counters:
            out[counter] = {**PER_TEAM, "additionalProperties": COUNT}
        return out

    def team_fields(self) -> dict[str, str]:
        """The value type of each teams.TEAM.FIELD the declarations name."""
        out = {c: "int" for c in self.team_counters}
        for name, zone in self.team_zones.items():
            out[name] = "str?" if zone in self.single_zones else "names"
        return out

    def scalars(self) -> dict[str, str]:
        """The value type of each top-level expectation the declarations name."""
        out = {f"{die}_die": "str" for die in self.dice}
        if self.lead:
            out[self.lead] = "str?"
        return out


def game_keys(rules: Rules) -> GameKeys:
    """The keys this game's declarations give its scenarios (read once per Rules)."""
    cached = rules.__dict__.get("_scenario_keys")
    if cached is not None:
        return cached
    from .round import MID_TURN, round_phases  # where a game set up by hand resumes
    game = rules.game or {"props": {}, "children": []}
    decks = {z for z, d in rules.zone_decls.items() if prop(d, "starts-with") and not rules.zones[z].per}
    draw_from, draw_to = prop(game, "draw-from"), prop(game, "draw-to")
    if draw_from in rules.zones:
        decks.add(draw_from)
    keys = GameKeys(lead=prop(game, "lead-called", "lead"), phases=(*(p.id for p in round_phases(rules, "")), MID_TURN),
                    dice=tuple(c["id"] for c in game["children"]
                               if c["kind"] == "die" and c["id"] != prop(game, "pool-die")),
                    team_counters=tuple(c for c, d in rules.counters.items() if d.per == "team"),
                    single_zones=frozenset(z for z, d in rules.zones.items() if d.capacity == 1))
    for zid, zone in rules.zones.items():
        key = zid.replace("-", "_")
        if zone.per in ("team", "player"):
            keys.team_zones[zid] = zid
            source = prop(rules.zone_decls[zid], "draws-from") or (draw_from if zid == draw_to else None)
            if source in decks:
                keys.zones[key + "s"] = DealtZone(zid, zone.per, source, zone.capacity == 1)
        elif zid in decks:
            keys.zones[key] = DealtZone(zid, None, zid, False)
    rules.__dict__["_scenario_keys"] = keys
    return keys


def schema(keys: GameKeys | None) -> dict:
    """The JSON Schema of a scenario file of a game with these keys."""
    setup = dict(SCHEMA["properties"]["setup"])
    setup["properties"] = {**SETUP_KEYS, **(keys.setup_keys() if keys else {})}
    return {**SCHEMA, "properties": {**SCHEMA["properties"], "setup": setup}}


def file_problems(spec: dict, keys: GameKeys | None = None) -> list[Problem]:
    """The tables, keys and value types of a parsed scenario file, for a game with these
    keys (those of every game without):

    >>> from mayhem.runtime.scenario_toml import dotted
    >>> keys = GameKeys(lead="first-player", phases=("round-start", "turn"))
    >>> spec = {"scenario": {"name": "n", "box": "b"}, "setup": {"teams": {"t1": ["hero"]}, "round": True,
    ...         "first-playr": "t1", "phase": "trun"}, "expected": {}}
    >>> for p in file_problems(spec, keys):
    ...     print(dotted(p.path), "|", p.message, "|", p.hint)
    expected | unknown key 'expected' in the file | did you mean 'expect'?
    setup.first-playr | unknown key 'first-playr' in setup | did you mean 'first-player'?
    setup.phase | setup.phase is 'trun': expected one of round-start, turn | did you mean 'turn'?
    setup.round | setup.round is true, a boolean: expected an integer | None
    """
    cached = keys.__dict__.get("_validator") if keys is not None else None
    if cached is None:
        cached = jsonschema.Draft202012Validator(schema(keys))
        if keys is not None:
            keys.__dict__["_validator"] = cached
    out: list[Problem] = []
    _schema_problems(sorted(cached.iter_errors(spec), key=lambda e: list(map(str, e.absolute_path))), out)
    return out
