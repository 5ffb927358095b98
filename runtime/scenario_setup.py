"""A scenario's starting state: its [setup] table checked against the content and laid on a kernel game of its box.

The file's keys and value types are checked before (scenario_schema, docs/scenarios.md); what
is checked here is what needs the content: the box, the mode and the Teams it seats, the
characters and their sides, the Locations of the board, the decks and the zones dealt from
them, the Teams a key names, the phase. The kernel game is then dealt (the scenario's Teams
and sides, the game's own `setup { }`: runtime/scenario_kernel_deal.py) and what needs its
state is checked on it (the figures, the board, Life Points: scenario_board) before the table
is laid (runtime/scenario_kernel_setup.py; what a pool holds is checked there, as its pieces are
taken). Each problem is a ScenarioError at its key. The kernel game draws its own random
stream from the scenario's `seed`."""
from __future__ import annotations

from mayhem.dsl.diagnostics import did_you_mean

from .config import GameConfig
from .dice import dice_rules
from .effects import id_of
from .modes import load_mode, rules_for, team_names
from .round import MID_TURN, round_phases
from .rules import Rules, prop
from .scenario_board import BoardChecks, ScenarioError, side_of, token_qid  # noqa: F401 (token_qid: scenario.py's)
from .scenario_keys import game_keys


class _Checks(BoardChecks):
    def __init__(self, rules: Rules, spec: dict) -> None:
        self.all_rules = rules
        self.spec = spec
        self.setup = spec.get("setup", {})
        self.sides = dict(self.setup.get("sides", {}))

    def team(self, tid: str, at: tuple) -> str:
        if tid not in self.order:
            raise ScenarioError(f"no Team '{tid}' in this game (Teams: {', '.join(self.order)})", at,
                                did_you_mean(tid, self.order))
        return tid

    def team_of(self, fig: str) -> str | None:
        """The scenario's Team of a figure of the kernel's game."""
        owner = self.game.state.figures[fig].get("owner")
        return next((t for t, k in self.game.scenario_teams.items() if k == owner), owner)

    def abilities(self, fig: str) -> list[str]:
        """The Abilities of the figure's dashboard in use, in printed order."""
        comp = self.all_rules.by_qid.get(self.game.state.figures[fig].get("card"))
        if comp is None:
            return []
        return [c["id"] for c in side_of(comp, self.sides)["children"] if c["kind"] == "ability"]

    def life(self, fig: str):
        return self.game.state.counters.get(f"life/{fig}")

    def content(self) -> None:
        """What the content alone says of the table: box, mode, Teams, characters, board, decks."""
        rules, setup = self.all_rules, self.setup
        box = self.spec["scenario"]["box"]
        if box not in rules.boxes:
            raise ScenarioError(f"no box '{box}'", ("scenario", "box"), did_you_mean(box, rules.boxes))
        self.box = box
        mode_id = setup.get("mode", "standard")
        try:
            self.mode = mode = load_mode(rules, mode_id)
        except ValueError as exc:
            raise ScenarioError(str(exc), ("setup", "mode")) from None
        self.rules = rules_for(rules, mode)  # the game less what the mode leaves out
        self.colours = team_names(self.rules)
        names = team_names(rules)
        team_ids = mode.team_ids(names)
        teams = setup["teams"]
        if set(teams) - set(team_ids + list(names)) or len(teams) != len(mode.seats):
            shown = ", ".join(f"{t} = [...]" for t in team_ids)
            raise ScenarioError(f"mode {mode_id} plays {len(mode.seats)} Teams: teams = {{ {shown} }}",
                                ("setup", "teams"))
        self.order = list(teams)
        self.players = {tid: [p for p, t, _n in mode.players() if t == i] for i, tid in enumerate(self.order)}
        self.characters(teams)
        self.board_ids(box)
        self.cards(mode, box)
        lead = dice_rules(self.rules).lead_called  # the leading Team's key (`lead-called`)
        if lead in setup:
            self.team(setup[lead], ("setup", lead))
        for colour in setup.get("dice", {}):
            self.team(colour, ("setup", "dice", colour))
        for counter in game_keys(rules).team_counters:
            for colour in setup.get(counter, {}):
                self.team(colour, ("setup", counter, colour))
        for t in setup.get("tosses", []):
            self.team(t, ("setup", "tosses"))
        phases = [p.id for p in round_phases(self.rules, mode.id)] + [MID_TURN]
        self.phase = phase = setup.get("phase", "turn" if "turn" in setup else "activation")
        if phase not in phases:
            raise ScenarioError(f"setup.phase is '{phase}': expected one of the game's phases, "
                                + ", ".join(phases), ("setup", "phase"), did_you_mean(phase, phases))
        if (phase == "turn") != ("turn" in setup):
            raise ScenarioError('phase = "turn" and a [setup.turn] table go together', ("setup", "phase"))

    def characters(self, teams: dict) -> None:
        """Each Team's characters, by id or by a team list's reference (`box/id`, `box/id/side`),
        and the side each shows."""
        for tid, refs in teams.items():
            at = ("setup", "teams", tid)
            for cid in refs:
                comp = self.character(cid)
                if comp is None:
                    names = {c for box in self.all_rules.characters.values() for c in box}
                    raise ScenarioError(f"no character '{cid}'", at, did_you_mean(cid, names))
                sides = [c for c in comp["children"] if c["kind"] == "side"]
                want = self.sides.get(comp["id"], "a")
                if sides and not any(s["id"] == want for s in sides):
                    raise ScenarioError(f"{cid} has no side {want!r}", ("setup", "sides", comp["id"]))

    def character(self, cid: str) -> dict | None:
        rules = self.all_rules
        if "/" in cid:  # a team list's character: `box/id`, or `box/id/side` for a chosen side
            comp = rules.by_qid.get(cid)
            if comp is not None and comp["kind"] == "side":
                parent = rules.by_qid[cid.rsplit("/", 1)[0]]
                self.sides.setdefault(parent["id"], comp["id"])
                return parent
            return comp if comp is not None and comp["kind"] == "character" else None
        for box in [self.box, *sorted(rules.characters)]:
            comp = rules.characters.get(box, {}).get(cid)
            if comp is not None:
                return comp
        return None

    def board_ids(self, box: str) -> None:
        locs = self.all_rules.locations.get(box, {})
        missing = [loc for loc in (self.setup.get("board") or []) if loc not in locs]
        if missing:
            raise ScenarioError(f"no Location {missing[0]!r} in {box}", ("setup", "board"),
                                did_you_mean(missing[0], locs))

    def decks(self, mode, box: str) -> dict[str, list[str]]:
        """The cards each deck of the game starts with, in id order (the game's `draw-from`: the
        mode's cards; a zone that `starts-with` a card type: the box's cards of that type, none
        if the mode leaves the zone out)."""
        rules = self.all_rules
        cards = rules.mayhem_cards.get(box, {})
        if mode.cards_with:
            cards = {k: c for k, c in cards.items() if prop(c, mode.cards_with)}
        out = {rules.zone_of["draw-from"]: [cards[k]["qid"] for k in sorted(cards)]}
        for zid, decl in rules.zone_decls.items():
            kinds = prop(decl, "starts-with")  # a card type, or a list of them
            if kinds is not None and zid != rules.zone_of["draw-from"]:
                out[zid] = []
                for kind in [kinds] if isinstance(kinds, str) else kinds:
                    found = rules.cards_of(kind, box) if zid in self.rules.zone_decls else {}
                    out[zid] += [found[k]["qid"] for k in sorted(found)]
        return out

    def cards(self, mode, box: str) -> None:
        """What the scenario says of the decks and the zones dealt from them (scenario_keys): the
        cards named are the deck's (an owner's taken from wherever they lie), each dealt once."""
        rules, keys = self.all_rules, game_keys(self.all_rules)
        decks = self.decks(mode, box)
        start = {dz.source: decks.get(dz.source, []) for dz in keys.zones.values()}
        for key, dz in keys.zones.items():
            if self.setup.get(key) and dz.source not in self.rules.zone_decls:
                name = rules.zone_decls[dz.source].get("name") or dz.source
                raise ScenarioError(f"mode {mode.id} leaves out the {name}", ("setup", key))
        for key, dz in keys.zones.items():
            if dz.per is None and key in self.setup:
                for cid in self.setup[key]:
                    self.card(cid, dz, start, mode, ("setup", key))
        dealt: set[str] = set()
        for key, dz in keys.zones.items():
            if dz.per is None:
                continue
            for who, listed in self.setup.get(key, {}).items():
                at = ("setup", key, who)
                self.owner(who, dz.per, at)
                for cid in [listed] if dz.single else listed:
                    qid = self.card(cid, dz, start, mode, at)
                    if qid in dealt:
                        raise ScenarioError(f"{cid!r} is dealt twice", at)
                    dealt.add(qid)

    def card(self, cid: str, dz, start: dict, mode, at: tuple) -> str:
        """The card `cid` of the cards the zone's deck starts with; in a mode of team lists
        (Competitive Mode: "players can choose the cards in their Mayhem hand from their
        collection") an owner's card may be any box's, named as a team list names it: `box/id`."""
        rules = self.all_rules
        found = [q for q in start[dz.source] if id_of(q) == cid]
        if found:
            return found[0]
        if mode.team_lists and dz.per is not None and start[dz.source]:
            kind = rules.by_qid[start[dz.source][0]]["kind"]
            comp = rules.by_qid.get(cid)
            if comp is not None and comp["kind"] == kind:
                return cid
            if "/" in cid:
                raise ScenarioError(f"no card {cid!r} in the collection", at, did_you_mean(
                    cid, sorted(q for q, c in rules.by_qid.items() if c["kind"] == kind)))
        name = rules.zone_decls[dz.source].get("name") or dz.source
        if not start[dz.source]:
            raise ScenarioError(f"the {name} holds no cards in mode {mode.id} (nor in this box)", at)
        raise ScenarioError(f"no card {cid!r} in the {name} of this mode", at,
                            did_you_mean(cid, sorted(id_of(q) for q in start[dz.source])))

    def owner(self, who: str, per: str, at: tuple) -> None:
        """`who` names an owner of a zone kept per Team or per player (a Team's hand is its first
        player's)."""
        if per == "team":
            self.team(who, at)
            return
        players = [p for t in self.order for p in self.players[t]]
        if who not in self.order and who not in players:
            raise ScenarioError(f"no Team or player '{who}' in this game", at, did_you_mean(who, [*self.order, *players]))

    def on_the_game(self, game) -> None:
        """What needs the kernel game dealt: its figures, its board, Life Points."""
        self.game = game
        self.check_locations()
        self.check_figures()
        self.check_edges()
        if "turn" in self.setup:
            self.check_turn(self.setup["turn"])

    def config(self) -> GameConfig:
        setup = self.setup
        return GameConfig(self.box, seed=setup.get("seed", 0), teams=setup["teams"], sides=self.sides,
                          max_rounds=setup.get("max_rounds", 40), mode=self.mode.id)


def build(rules: Rules, spec: dict, kernel_ir: dict | None = None):
    """(the kernel game at the scenario's starting state, the phase it resumes at, the checks
    that read it: `order`, `players`, `mode`, `config()`). A ScenarioError at the first key that
    is wrong; scenario_kernel_deal.CannotSetUp for a table the kernel cannot lay."""
    from .scenario_kernel import kernel_rules
    from .scenario_kernel_deal import dealt_game
    from .scenario_kernel_setup import Table
    from .switch import kernel_ir as switched
    checks = _Checks(rules, spec)
    checks.content()
    kir = kernel_ir if kernel_ir is not None else switched(rules.ir)
    krules = kernel_rules(kir, checks.box, checks.mode.id)
    game = dealt_game(krules, len(checks.mode.players()), spec)
    checks.on_the_game(game)
    Table(game, spec, rules).lay()
    return game, checks.phase, checks


def scenario_game(rules: Rules, path, runtime: str | None = None):
    """A Game at a scenario file's starting state (its [setup]; its steps not played): the
    kernel game laid from the file's table. `start()` resumes play where the file says.
    (`runtime`: only `kernel`, runtime/switch.py.)"""
    from .game import Game
    from .scenario import load, validate
    from .switch import runtime_setting
    runtime_setting(runtime)
    spec, text = load(str(path))
    game, _phase, checks = validate(rules, spec, text, str(path))
    return Game(rules, checks.config(), game=game)
