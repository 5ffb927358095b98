"""A Mayhem scenario's expectations and events read from a kernel game's state and log, by meaning.

The paths of docs/scenarios.md ("Expectations") are read from what the kernel keeps: a
figure's counters (its damage and life), its space (a tile, shown as its label `L5`), its
record (knocked out, made Active this round with a part); pieces by the zones of pieces the
game flags (`on-figure/X`, `on-space/TILE`, `on-edge/L1-L2`, `on-team/T`) and the supply zone
flagged `pools`; a Team's zones and counters by the declarations runtime/scenario_keys.py reads
(`teams.T.ZONE`, `teams.T.COUNTER`); the lead by the game's `lead-called`, a die's face by
`DIE_die`. Events are the kernel's log with each raised event (`raise`, `name`) as the event
it names, its fields as raised; a tile in a field is its label; a line naming a player, in a game
with Teams, names their Team too (the Mayhem log's `play` line says the Team)."""
from __future__ import annotations

from .scenario import _same, event_failures


def kernel_kind(game) -> str | None:
    """The decision's kind in the scenario's words: the choice of an action is `die` while only
    the actions that start a turn are offered (a die to place), `turn` once a figure is Active."""
    d = game.decision
    if d is None:
        return None
    if d.kind != "action":
        return d.kind
    starters = set(game.rules.turn_starters)
    legal = game._legal if d.actions is game._texts else None  # the menu's Actions: their verbs
    verbs = {getattr(a, "verb", None) for a in legal or ()}
    return "die" if starters and verbs and verbs <= starters else "turn"


def events(game, since: int, tiles: list[str], aliases: dict | None = None, spans: bool = False) -> list[dict]:
    """The log from `since` on, each raised event as the event it names (`raise:NAME` in
    `aliases`), a tile in a field as its label, a player among winners as their Team. `aliases`
    translates a kernel line into the scenario's: KIND -> None (not a line of the scenario's
    log) or (its kind there, {its field: the kernel's field}), and such a line that moved nothing
    (`count` 0) is none; a `from` is also `frm`; a line with a `player` and no `team`, in a game
    with Teams, gets the player's Team (a card played is the Team's: one a round). With `spans`,
    a line gets the `span` of the statement that wrote it, None if none did (the kernel keeps
    it beside the log: runtime/kernel/state.py `stamp_span`)."""
    where = {t: f"L{i + 1}" for i, t in enumerate(tiles)}
    state = game.state
    teamed = bool(getattr(state, "teams", None))
    where.update((k, s) for s, k in getattr(game, "scenario_teams", {}).items())  # a kernel Team: the scenario's
    aliases = aliases or {}
    out = []
    stamped = getattr(state, "spans", None) if spans else None
    for i, e in enumerate(state.log[since:], since):
        if spans:  # (None where no statement wrote the line)
            got = stamped.get(i) if stamped else None
            e = {**e, "span": got[1] if got is not None and got[0] is e else None}
        kind = e.get("event")
        if kind == "raise":
            kind = f"raise:{e['name']}"
            e = {"event": e["name"], **{k: v for k, v in e.items() if k not in ("event", "name", "by")}}
        if kind in aliases:
            alias = aliases[kind]
            if alias is None or e.get("count") == 0:  # (a piece line that moved none: `short`, nothing happened)
                continue
            e = {**e, "event": alias[0], **{new: e.get(old) for new, old in alias[1].items()}}
        if "from" in e:
            e = {**e, "frm": e["from"]}
        if teamed and "team" not in e and e.get("player") in state.players:
            e = {**e, "team": state.team_of(e["player"])}
        if kind == "game-over":
            e = {**e, "winners": teams_of(game, e.get("winners"))}
        out.append({k: where.get(v, v) if isinstance(v, str) else v for k, v in e.items()})
    return out


def teams_of(game, winners):
    """Winners as the scenario names them: each player's Team, in a game with Teams."""
    if winners is None or not game.state.teams:
        return winners
    back = {k: s for s, k in getattr(game, "scenario_teams", {}).items()}
    out = []
    for w in winners:
        team = game.state.team_of(w) if w in game.state.players else w
        team = back.get(team, team)
        if team not in out:
            out.append(team)
    return out


class Reader:
    """The kernel game's value of an expectation path."""

    def __init__(self, game, tiles: list[str], mrules, aliases: dict | None = None) -> None:
        from .scenario_keys import game_keys
        self.game, self.state, self.rules, self.tiles = game, game.state, game.rules, tiles
        self.aliases = aliases or {}  # (events) and `decision:KIND`: a decision's kind in the scenario's words
        self.named = getattr(game, "scenario_teams", {})  # the scenario's Team -> the kernel's
        self.back = {k: s for s, k in self.named.items()}
        p = game.rules.pieces
        self.zones = p.zones if p is not None else {}
        self.pool_zone = p.pool_zone if p is not None else None
        self.keys = game_keys(mrules)  # the keys the game's declarations name (the same declarations)

    def ids(self, zone: str) -> list[str]:
        return [self.rules.cards[self.state.cards[u]].id for u in self.state.zones.get(zone, [])]

    def tile(self, label: str) -> str | None:
        n = int(label[1:]) if label[:1] == "L" and label[1:].isdigit() else 0
        return self.tiles[n - 1] if 1 <= n <= len(self.tiles) else None

    def label(self, space) -> str | None:
        return f"L{self.tiles.index(space) + 1}" if space in self.tiles else space

    def value(self, key: str):
        parts = key.split(".")
        head = parts[0]
        reader = getattr(self, "_" + head, None)
        if reader is not None:
            return reader(parts)
        if head == self.rules.lead_called:
            return self.back.get(self.state.lead, self.state.lead)
        if head.endswith("_die"):
            x = self.state.dice.get(head[:-4])
            return None if x is None else f"{x['value']}{'*' if x.get('icon') else ''}"
        return getattr(self.state, head, None)

    def _figures(self, parts):
        fig = self.state.figures.get(parts[1])
        attr = parts[2]
        if fig is None:
            return None if attr == "location" else f"no figure '{parts[1]}' in the kernel's game"
        if attr != "location" and fig["space"] is None and fig.get("piece") is not None:
            return OffBoard(parts[1])  # a token figure defeated: nothing but its location is read
        counters = self.state.counters
        damage, life = counters.get(f"damage/{parts[1]}", 0), counters.get(f"life/{parts[1]}")
        if attr == "tokens":
            return self.ids(f"{self.zones.get('figure')}/{parts[1]}").count(parts[3])
        if attr == "location":
            return self.label(fig["space"])
        if attr == "damage":
            return damage
        if attr == "life":
            return life
        if attr == "remaining":
            return (life or 0) - damage
        if attr == "ko":
            return bool(fig.get("out"))
        if attr == "off_board":
            return fig["space"] is None
        if attr == "eliminated":  # out of the game for good (`remove-from-game`)
            return bool(fig.get("gone"))
        if attr == "activated":
            return [self.rules.cards[self.state.cards[a[2]]].id for a in fig.get("acts", ())
                    if a[1] == self.state.round and a[2] is not None]
        return f"'{attr}' of a figure: not read from the kernel"

    def _teams(self, parts):
        team, attr = self.named.get(parts[1], parts[1]), parts[2]
        if attr in self.keys.team_counters:  # read as the kernel reads it (kept as pieces or a number)
            if attr not in self.rules.counters:  # a counter the mode leaves out (`without counter`): none
                return 0
            from .kernel.effects import Run
            from .kernel.primitives import get_value
            return get_value(Run(self.game, []), attr, team)
        zone = self.keys.team_zones.get(attr)
        if zone is not None:
            decl = self.rules.zones[zone]
            if decl.per == "player":
                return sorted(c for p in self.state.teams.get(team, []) for c in self.ids(f"{zone}/{p}"))
            cards = self.ids(f"{zone}/{team}")
            return (cards[0] if cards else None) if zone in self.keys.single_zones else cards
        if attr == "tokens":
            return self.ids(f"{self.zones.get('team')}/{team}").count(parts[3])
        return f"'{attr}' of a Team: not read from the kernel"

    def _players(self, parts):
        return sorted(self.ids(f"hand/{parts[1]}"))

    def _locations(self, parts):
        tile = self.tile(parts[1])
        if parts[2] == "tokens":
            return sum(self.ids(f"{z}/{tile}").count(parts[3]) for z in {self.zones.get("space"), "token-pile"})
        if parts[2] == "figures":
            return sorted(f for f, x in self.state.figures.items() if x["space"] == tile)
        return tile in self.state.board.get("gone", [])

    def _edges(self, parts):
        a, _, b = parts[1].partition("-")
        label = "-".join(sorted((a, b), key=lambda x: int(x[1:])))
        return self.ids(f"{self.zones.get('edge')}/{label}").count(parts[3])

    def _pools(self, parts):
        p = self.rules.pieces
        fed = set(p.fed.get(parts[1], ())) if p is not None else set()
        colour = self.named.get(parts[2], parts[2]) if len(parts) > 2 else None
        state = self.state
        return sum(1 for z, pile in state.zones.items() if z == self.pool_zone or z.startswith(f"{self.pool_zone}/")
                   for u in pile if state.cards[u] in fed and (colour is None or state.owners[u] == colour))

    def _zones(self, parts):
        name = ".".join(parts[1:])
        zone, _, owner = name.partition("/")
        if owner and self.tile(owner) is not None:
            owner = self.tile(owner)
        return self.ids(f"{zone}/{owner}" if owner else zone)

    def _decision(self, parts):
        d = self.game.decision
        if d is None:
            return None
        if parts[1] == "kind":
            kind = kernel_kind(self.game)
            alias = self.aliases.get(f"decision:{kind}")
            return alias[0] if alias else kind
        if parts[1] == "player":
            return d.player
        from .scenario_kernel import to_scenario
        verbs = {k[5:]: v for k, v in self.aliases.items() if k.startswith("verb:")}
        return [to_scenario(a, self.tiles, verbs) for a in d.actions]

    def _winners(self, parts):
        return teams_of(self.game, (self.state.result or {}).get("winners"))

    def _over(self, parts):
        return self.game.over


class OffBoard:
    """What is read of a token figure off the board (defeated) but its location: no
    value, so that any expectation of it fails (docs/scenarios.md, "Expectations")."""

    def __init__(self, figure: str) -> None:
        self.figure = figure


def check(game, expect: dict, where: str, since: int, tiles: list[str], mrules, aliases=None, at=None) -> list[str]:
    """The differences between the kernel game and an expectation table (runtime/scenario.py's
    check, read by meaning); `events` and `no_events` from the log's index `since` on. `at(key)`:
    where the file writes the expectation `key` (`file:line:col`), for a failure that points at it."""
    failures = []
    reader = None
    for key, want in expect.items():
        if key in ("events", "no_events"):
            spans = any(isinstance(w, dict) and "span" in w for w in want)  # (a line's statement: read if asked)
            failures += event_failures(key, want, events(game, since, tiles, aliases, spans), where)
            continue
        reader = reader or Reader(game, tiles, mrules, aliases)
        got = reader.value(key)
        want = None if want == "none" else want
        if isinstance(got, OffBoard):
            failures.append(f"{where}{key}: expected {want!r}, but {got.figure} is a token figure off the board"
                            f", defeated: only its location is read, and it is \"none\""
                            f"{f' (at {at(key)})' if at is not None else ''}; hint: expect"
                            f" \"figures.{got.figure}.location\" = \"none\", or its {key.split('.')[2]}"
                            " at a step before it is defeated")
        elif key == "decision.actions" and got is not None:
            from .decisions import slug
            lacking = [w for w in want if slug(w) not in {slug(g) for g in got}]  # (scenario_kernel.same)
            if lacking:
                failures.append(f"{where}{key}: {lacking} not among the legal actions {got}")
        elif not _same(want, got):
            failures.append(f"{where}{key}: expected {want!r}, got {got!r}")
    return failures
