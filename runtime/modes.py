"""A mode as the runtime reads it, and the rules it plays with: the game's, less what it leaves out.

The `mode` declarations of the content give its seats and Teams, board, decks, its own
`setup { }` and what its steps say, its own `end when`; what it leaves out is what its
`without` overrides name."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from mayhem.compiler.mode_setup import step_literal

from .rules import Rules, prop
from .setup import setup_steps


@dataclass(frozen=True)
class Mode:
    id: str
    seats: tuple[tuple[int, ...], ...]  # per Team, per player: characters controlled
    board: tuple[int, ...] | None = None
    cards_with: str | None = None  # the deck keeps only the cards with this flag
    hand_draw: tuple[tuple[int, ...], ...] | None = None
    # what the setup's steps say (the mode's own `setup { }`, else the game's), read when the mode
    # is loaded so that a game set up by hand (a scenario) has it too: the Slots of each tile of
    # a board laid face down (`lay-board(face-down-slots: N)`; 0: face up), a figure nobody
    # controls (`add-unowned-figure()`), Teams from team lists (`take-team-lists()`), and pieces
    # that belong to no Team (`fill-pools(owner: "none")`)
    face_down: int = 0
    npc: bool = False
    team_lists: bool = False
    communal: bool = False
    # how the mode is won, when not as the game says: its own `end when COND { ... }` (IR)
    end: dict | None = field(default=None, compare=False)
    # what the mode leaves out of the game: (kind, id) pairs, `without KIND ID`
    without: tuple[tuple[str, str], ...] = ()
    # the mode's own `rule`s (IR), heard with the game's: Free-For-All's KO rule
    rules: tuple[dict, ...] = field(default=(), compare=False)
    # the mode's own slots (IR) run in the context `rules`: `round-end { }`
    slots: dict = field(default_factory=dict, compare=False)
    qid: str | None = field(default=None, compare=False)

    def team_ids(self, names: tuple[str, ...] = ()) -> list[str]:
        """As many Teams as the game names (`team-names`) are called by those names; more
        (Free-For-All) are named after their player."""
        if names and len(self.seats) == len(names):
            return list(names)
        return [f"p{i + 1}" for i in range(len(self.seats))]

    def players(self) -> list[tuple[str, int, int]]:
        """(player id, Team index, characters) in seat order: the Teams' first players, then
        their second players (so that players of one Team do not sit together)."""
        out = []
        n = 0
        for k in range(max(len(t) for t in self.seats)):
            for t, team in enumerate(self.seats):
                if k < len(team):
                    n += 1
                    out.append((f"p{n}", t, team[k]))
        return out


# When the content declares no modes (a test box), the standard game.
STANDARD = Mode("standard", ((2,), (2,)))


def _nested(value) -> tuple[tuple[int, ...], ...] | None:
    return tuple(tuple(row) for row in value) if value else None


def load_mode(rules: Rules, mode_id: str) -> Mode:
    modes = {c["id"]: c for c in rules.ir["components"] if c["kind"] == "mode"}
    comp = modes.get(mode_id)
    if comp is None:
        if mode_id == "standard":
            return STANDARD
        raise ValueError(f"no mode '{mode_id}'; modes: {', '.join(sorted(modes)) or 'standard'}")
    slots = {k: v for k, v in comp.get("effects", {}).items() if k != "end"}
    steps = {s["name"]: s["args"] for s in setup_steps(rules, slots)[0] if s["op"] == "primitive"}
    return Mode(
        id=mode_id,
        seats=_nested(prop(comp, "seats")),
        board=tuple(prop(comp, "board")) if prop(comp, "board") else None,
        face_down=int(step_literal(steps, "lay-board", "face-down-slots") or 0),
        npc="add-unowned-figure" in steps,
        cards_with=prop(comp, "cards-with"),
        hand_draw=_nested(prop(comp, "hand-draw")),
        team_lists="take-team-lists" in steps,
        communal=step_literal(steps, "fill-pools", "owner") == "none",
        end=comp.get("effects", {}).get("end"),
        without=tuple((kind, name) for kind, name in prop(comp, "without", [])),
        rules=tuple(c for c in comp.get("children", ()) if c["kind"] == "rule"),
        slots=slots,
        qid=comp.get("qid"),
    )


def available_modes(rules: Rules) -> list[str]:
    return sorted({c["id"] for c in rules.ir["components"] if c["kind"] == "mode"} | {"standard"})


def team_names(rules: Rules) -> tuple[str, ...]:
    """The Teams' names the game declares (`team-names [...]`, content/shared/game.mh), in
    seat order; none without a game."""
    return tuple(prop(rules.game, "team-names", [])) if rules.game is not None else ()


# The declarations of a game a mode may leave out, by their kind: the child kinds of the game.
OVERRIDABLE = ("counter", "rule", "zone")


def rules_for(rules: Rules, mode: Mode) -> Rules:
    """The rules a game of this mode plays with: the game's own triggers, then those of its
    `rule`s, less the counters, rules and zones the mode's `without` leaves out, then those of
    the mode's own `rule`s. One Rules per set of overrides (its compiled code is built once,
    then shared by every game of the mode)."""
    key = (tuple(sorted(mode.without)), tuple(r["qid"] for r in mode.rules))
    cache = rules.__dict__.setdefault("_by_overrides", {})
    if key in cache:
        return cache[key]
    if rules.game is None:
        cache[key] = rules
        return rules
    gone = set(key[0])
    kept = [c for c in rules.game["children"] if (c["kind"], c["id"]) not in gone] + list(mode.rules)
    heard = list(rules.game["triggers"]) + [t for c in kept if c["kind"] == "rule" for t in c["triggers"]]
    game = {**rules.game, "children": kept, "triggers": heard}
    out = replace(rules, game=game,
                  counters={k: v for k, v in rules.counters.items() if ("counter", k) not in gone},
                  counter_from={k: v for k, v in rules.counter_from.items() if ("counter", k) not in gone},
                  zones={k: v for k, v in rules.zones.items() if ("zone", k) not in gone},
                  zone_decls={k: v for k, v in rules.zone_decls.items() if ("zone", k) not in gone},
                  in_play=[z for z in rules.in_play if ("zone", z) not in gone])
    cache[key] = out
    return out
