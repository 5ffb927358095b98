"""A scenario's pieces on the board, checked on the kernel game dealt for it: tokens, figures, Locations, edges and the turn in progress.

What a scenario's [setup] table puts where (docs/scenarios.md), checked against the content
and the kernel game's state before the table is laid on it (runtime/scenario_kernel_setup.py):
the Locations a label names (the tiles the kernel laid), the edges between them (the board's
touching positions), the figures (the kernel's, by name), token figures, the abilities of a
figure's dashboard, Damage within its Life Points (the kernel's `life` counter), the piles'
owners and colours, and the turn in progress; with the scenario's error and the readers of a
token id and a Location label that the rest of the scenario code shares. What a pool holds
is checked as the table takes its pieces (scenario_kernel_setup.Table)."""
from __future__ import annotations

from mayhem.dsl.diagnostics import did_you_mean

from .actions import location_of
from .effects import id_of
from .rules import Rules


class ScenarioError(ValueError):
    """The scenario file itself is wrong (not the game). `at` is the key path of the
    problem in the file; `problems` holds every problem found when there are several."""

    def __init__(self, message: str, at: tuple = (), hint: str | None = None, problems: list | None = None):
        super().__init__(message)
        self.at = tuple(at)
        self.hint = hint
        self.problems = problems or []


def token_qid(rules: Rules, tid: str, at: tuple) -> str:
    found = [q for q in rules.tokens if id_of(q) == tid]
    if len(found) != 1:
        raise ScenarioError(f"{'no' if not found else 'more than one'} token '{tid}'", at,
                            did_you_mean(tid, {id_of(q) for q in rules.tokens}))
    return found[0]


def location_index(label: str, tiles: int, at: tuple) -> int:
    """The position of a Location label `Ln` on a board of `tiles` Locations."""
    i = location_of(label) if isinstance(label, str) else None  # the action grammar's `Ln`
    if i is None:
        raise ScenarioError(f"a Location is written L1..L{tiles}, not {label!r}", at)
    if not 0 <= i < tiles:
        raise ScenarioError(f"no Location {label}: the board has L1..L{tiles}", at)
    return i


def piles(spec, default_owner) -> list[tuple[int, str | None, str | None]]:
    """A token entry as (count, owner, colour) piles: `2`, `{ count = 2, owner = "TEAM" }`
    or a list of such tables (pieces of both colours on one Location)."""
    if isinstance(spec, int):
        return [(spec, default_owner, None)]
    if isinstance(spec, dict):
        spec = [spec]
    return [(p.get("count", 1), p.get("owner", default_owner), p.get("colour")) for p in spec]


class BoardChecks:
    """The [setup] keys that put pieces on the board, for scenario_setup's checks (which hold
    `rules`, `setup`, `colours`, `game` (the kernel game dealt), `abilities(fig)`, `life(fig)`
    and check a Team's name with `team`)."""

    @property
    def tiles(self) -> int:
        return len(self.game.state.board["tiles"])

    def edges(self) -> set[tuple[int, int]]:
        """The edges between adjacent Locations, as positions (both ways)."""
        touching = self.game.rules.layout.touching
        return {(a, b) for a, b in touching} | {(b, a) for a, b in touching}

    def put(self, tid: str, spec, default_owner, at: tuple) -> None:
        """The token exists; each pile's owner is a Team, its colour a Team's name."""
        token_qid(self.rules, tid, at)
        for _n, owner, colour in piles(spec, default_owner):
            if owner is not None:
                self.team(owner, at)
            if colour is not None and colour not in self.colours:  # the colours are the Teams' names
                raise ScenarioError(f"{'.'.join(map(str, at))}.colour is '{colour}': expected one of "
                                    f"{', '.join(self.colours) or 'none (the pieces have no colour)'}",
                                    at, did_you_mean(colour, self.colours))

    def check_locations(self) -> None:
        for label, ls in self.setup.get("locations", {}).items():
            at = ("setup", "locations", label)
            location_index(label, self.tiles, at)
            clear = ls.get("clear", False)
            if clear and clear is not True:  # a list of token ids
                for t in clear:
                    token_qid(self.rules, t, at + ("clear",))
            for tid, t in ls.get("tokens", {}).items():
                self.put(tid, t, None, at + ("tokens", tid))

    def check_edges(self) -> None:
        edges = self.edges()
        for label, toks in self.setup.get("edges", {}).items():
            at = ("setup", "edges", label)
            a, _, b = label.partition("-")
            if (location_index(a, self.tiles, at), location_index(b, self.tiles, at)) not in edges:
                raise ScenarioError(f"{label} is not an edge between adjacent Locations", at)
            for tid, n in toks.items():
                self.put(tid, n, None, at + (tid,))

    def check_figures(self) -> None:
        figures = self.game.state.figures
        for key, fs in self.setup.get("figures", {}).items():
            at = ("setup", "figures", key)
            if "token" in fs:
                self.check_token_figure(key, fs, at)
                continue
            fig = figures.get(key)
            if fig is None:
                raise ScenarioError(f"no figure '{key}': not a character of the teams, nor a non-player figure"
                                    " (a token figure says `token = ID`)", at, did_you_mean(key, figures))
            kind = "non-player figure" if fig["kind"] == "npc" else "character"
            extra = sorted(set(fs) & {"owner", "life"})
            if extra:
                raise ScenarioError(f"'{extra[0]}' is for token figures (`token = ID`); {key} is a {kind}",
                                    at + (extra[0],))
            if fs.get("location"):
                location_index(fs["location"], self.tiles, at + ("location",))
            if fig["kind"] == "npc":
                continue
            life, damage = self.life(key), fs.get("damage", 0)
            if "remaining" in fs:  # Life Points left, whatever the dashboard's Life Points
                if "damage" in fs or life is None or not 0 < fs["remaining"] <= life:
                    raise ScenarioError(f"remaining is 1..{life} Life Points left, without damage",
                                        at + ("remaining",))
            elif life is not None and damage >= life:
                raise ScenarioError(f"{damage} Damage knocks {key} out ({life} Life Points)", at + ("damage",))
            names = self.abilities(key)
            for ab in fs.get("activated", []):
                if ab not in names:
                    raise ScenarioError(f"{key} has no ability '{ab}'", at + ("activated",), did_you_mean(ab, names))
            owner = fs.get("token_owner", self.team_of(key))
            for tid, t in fs.get("tokens", {}).items():
                self.put(tid, t, owner, at + ("tokens", tid))

    def check_token_figure(self, key: str, fs: dict, at: tuple) -> None:
        """An attackable token already on the board, named as play names it: TOKEN-TEAM."""
        token = token_qid(self.rules, fs["token"], at + ("token",))
        if not self.rules.token_flag(token, "attackable"):
            raise ScenarioError(f"token '{fs['token']}' is no figure (it is not attackable)", at + ("token",))
        missing = [k for k in ("owner", "location", "life") if k not in fs]
        if missing:
            raise ScenarioError(f"a token figure needs its {', '.join(missing)}", at)
        owner = self.team(fs["owner"], at + ("owner",))
        if key != f"{fs['token']}-{owner}":
            raise ScenarioError(f"play names this figure '{fs['token']}-{owner}', not '{key}'", at)
        for k in sorted(set(fs) - {"token", "owner", "life", "location", "damage"}):
            raise ScenarioError(f"a token figure has no '{k}'", at + (k,))
        location_index(fs["location"], self.tiles, at + ("location",))
        if fs.get("damage", 0) >= fs["life"]:
            raise ScenarioError(f"{fs['damage']} Damage defeats it ({fs['life']} Life Points)", at + ("damage",))

    def check_turn(self, spec: dict) -> None:
        """The middle of an Activation: a character on the board, its ability, a die of its
        Team's to place on it."""
        at = ("setup", "turn")
        figures = self.game.state.figures
        key = spec["figure"]
        if key not in figures or figures[key]["kind"] != "character":
            raise ScenarioError(f"no character '{key}' in the teams", at + ("figure",), did_you_mean(key, figures))
        if not self.setup.get("figures", {}).get(key, {}).get("location"):  # off the board unless placed
            raise ScenarioError(f"{key} is not on the board: give it a location", at + ("figure",))
        names = self.abilities(key)
        if spec["ability"] not in names:
            raise ScenarioError(f"{key} has no ability '{spec['ability']}'", at + ("ability",),
                                did_you_mean(spec["ability"], names))
        team = self.team_of(key)
        dice = list(self.setup.get("dice", {}).get(team, []))
        if spec["die"] not in dice:
            raise ScenarioError(f"{team} has no die {spec['die']} to place (dice: {dice})", at + ("die",))


def side_of(comp: dict, sides: dict) -> dict:
    """The dashboard in use of a character (its side `sides` names, else `a`; itself when it has none)."""
    found = [c for c in comp["children"] if c["kind"] == "side"]
    if not found:
        return comp
    want = sides.get(comp["id"], "a")
    return next((s for s in found if s["id"] == want), comp)

