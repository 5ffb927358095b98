"""A scenario's starting state: its [setup] table laid by the Mayhem reader (runtime/scenario_reader.py), checked.

The file's keys and value types are checked before (scenario_schema, docs/scenarios.md); what
is checked here is what needs the content: the characters, cards, Teams and modes the setup
names, the Teams seated, the board laid and the decks filled (the pieces put on the board:
scenario_board)."""
from __future__ import annotations

from mayhem.dsl.diagnostics import did_you_mean

from .board import Board
from .effects import id_of
from .config import GameConfig
from .modes import load_mode, team_names
from .rules import Rules, prop
from .scenario_board import BoardSetup, ScenarioError, location_index, token_qid  # noqa: F401 (token_qid: scenario.py's)
from .scenario_keys import game_keys
from .scenario_reader import Reader
from .state import Figure, zone_key


class _Builder(BoardSetup):
    def __init__(self, rules: Rules, spec: dict) -> None:
        self.rules = rules
        self.spec = spec
        self.setup = spec.get("setup", {})

    def team(self, tid: str, at: tuple) -> str:
        if tid not in self.eng.state.teams:
            raise ScenarioError(f"no Team '{tid}' in this game (Teams: {', '.join(self.eng.state.order)})", at,
                                did_you_mean(tid, self.eng.state.order))
        return tid

    def build(self) -> tuple[Reader, str]:
        rules, setup = self.rules, self.setup
        box = self.spec["scenario"]["box"]
        if box not in rules.boxes:
            raise ScenarioError(f"no box '{box}'", ("scenario", "box"), did_you_mean(box, rules.boxes))
        mode_id = setup.get("mode", "standard")
        try:
            mode = load_mode(rules, mode_id)
        except ValueError as exc:
            raise ScenarioError(str(exc), ("setup", "mode")) from None
        names = team_names(rules)
        team_ids = mode.team_ids(names)
        teams = setup["teams"]
        if set(teams) - set(team_ids + list(names)) or len(teams) != len(mode.seats):
            shown = ", ".join(f"{t} = [...]" for t in team_ids)
            raise ScenarioError(f"mode {mode_id} plays {len(mode.seats)} Teams: teams = {{ {shown} }}",
                                ("setup", "teams"))
        cfg = GameConfig(box, seed=setup.get("seed", 0), teams=teams, sides=setup.get("sides", {}),
                         max_rounds=setup.get("max_rounds", 40), mode=mode_id)
        self.eng = eng = Reader(rules, cfg)
        st = eng.state
        self.seat(mode, teams, cfg)
        self.lay_board(mode, box)
        eng.fill_pools()
        for npc in (f for f in st.figures.values() if f.kind == "npc"):
            eng.relocate(npc, st.board.centre())
        self.cards(mode, box)
        st.round = setup.get("round", 2)
        # the keys the game's declarations name: the leading Team's (`lead-called`), a die's face
        lead = eng.dice_rules.lead_called
        st.lead = self.team(setup.get(lead, st.order[0]), ("setup", lead))
        for die in eng.dice_rules.dice:
            if f"{die}_die" in setup:
                st.shown[die] = str(setup[f"{die}_die"])
        for colour, dice in setup.get("dice", {}).items():
            self.team(colour, ("setup", "dice", colour))
            st.teams[colour].dice = list(dice)
            st.teams[colour].placed = [False] * len(dice)
        self.locations()
        self.figures()
        for label, toks in setup.get("edges", {}).items():
            at = ("setup", "edges", label)
            a, _, b = label.partition("-")
            edge = st.board.edge(location_index(a, st.board, at), location_index(b, st.board, at))
            if edge not in {st.board.edge(*e) for e in st.board.graph.edges}:
                raise ScenarioError(f"{label} is not an edge between adjacent Locations", at)
            for tid, n in toks.items():
                self.put(tid, n, edge, None, at + (tid,))
        game = self.rules.game or {"children": []}
        for counter in game_keys(self.rules).team_counters:  # a counter kept per Team: its pieces
            name = next((c.get("name") for c in game["children"] if c["kind"] == "counter" and c["id"] == counter),
                        None) or counter
            for colour, n in setup.get(counter, {}).items():
                at = ("setup", counter, colour)
                self.team(colour, at)
                kept = eng.kept_as_pieces.get(counter)
                got = eng.put_pieces(kept.token, n, colour, colour, None, colour=colour) if n and kept else 0
                if got < n:
                    raise ScenarioError(f"only {got} of {n} {name} left in the pool", at)
        for pid, left in setup.get("pools", {}).items():
            self.leave_in_pool(pid, left, ("setup", "pools", pid))
        eng.forced_rolls = [str(r) for r in setup.get("rolls", [])]
        eng.forced_tosses = [self.team(t, ("setup", "tosses")) for t in setup.get("tosses", [])]
        phase = setup.get("phase", "turn" if "turn" in setup else "activation")
        if phase not in eng.phase_names():
            raise ScenarioError(f"setup.phase is '{phase}': expected one of the game's phases, "
                                + ", ".join(eng.phase_names()), ("setup", "phase"), did_you_mean(phase, eng.phase_names()))
        if (phase == "turn") != ("turn" in setup):
            raise ScenarioError('phase = "turn" and a [setup.turn] table go together', ("setup", "phase"))
        if "turn" in setup:
            self.turn(setup["turn"])
        return eng, phase

    def seat(self, mode, teams: dict, cfg: GameConfig) -> None:
        """Players are seated as the mode seats them; each character goes to the next
        player of its Team with room for it."""
        eng, st = self.eng, self.eng.state
        ids = list(teams)
        for tid in ids:
            st.teams[tid] = st.new_team(tid)
        st.order = ids
        taken = {tid: 0 for tid in ids}
        for player, t, chars in mode.players():
            team = st.teams[ids[t]]
            team.players.append(player)
            team.hands[player] = []
            refs = teams[ids[t]][taken[ids[t]]:taken[ids[t]] + chars]
            taken[ids[t]] += chars
            for cid in refs:
                at = ("setup", "teams", ids[t])
                try:
                    comp = eng._character_ref(cid) if "/" in cid else eng._character(cid)
                except ValueError as exc:
                    names = {c for box in self.rules.characters.values() for c in box}
                    raise ScenarioError(str(exc), at, did_you_mean(cid, names)) from None
                sides = [c for c in comp["children"] if c["kind"] == "side"]
                side = comp
                if sides:
                    want = cfg.sides.get(comp["id"], "a")
                    side = next((s for s in sides if s["id"] == want), None)
                    if side is None:
                        raise ScenarioError(f"{cid} has no side {want!r}", ("setup", "sides", comp["id"]))
                twice = sum(1 for v in teams.values() for c in v if c.rsplit("/", 1)[-1] == comp["id"]) > 1
                key = f"{team.colour}-{comp['id']}" if twice else comp["id"]
                life = self.rules.counter_start("life", side, prop(side, "life", 10))
                st.figures[key] = Figure(key, "character", team.colour, comp, side, life, player=player)
                team.characters.append(key)
        if mode.npc:  # the mode's setup adds the figure nobody controls (`add-unowned-figure()`)
            eng.add_unowned_figure()

    def lay_board(self, mode, box: str) -> None:
        st = self.eng.state
        locs = self.rules.locations.get(box, {})
        order = self.setup.get("board") or sorted(locs)
        missing = [l for l in order if l not in locs]
        if missing:
            raise ScenarioError(f"no Location {missing[0]!r} in {box}", ("setup", "board"),
                                did_you_mean(missing[0], locs))
        rows = list(mode.board or prop(self.eng.box, "board", [3, 4, 3]))
        if mode.face_down:  # the Slots of a face-down tile (`lay-board(face-down-slots: N)`)
            st.board = Board(rows, [(None, mode.face_down) for _ in order[:sum(rows)]])
        else:
            st.board = Board(rows, [(locs[l], prop(locs[l], "slots", 2)) for l in order[:sum(rows)]])

    def cards(self, mode, box: str) -> None:
        """The decks the game fills at setup, in id order (the game's `draw-from`: the mode's
        cards; a zone that `starts-with` a card type: the box's cards of that type, none if
        the mode uses none), then what the scenario says of the decks and the zones dealt from
        them (scenario_keys): a deck listed holds those cards, top first; an owner's cards are
        taken from wherever they lie."""
        st = self.eng.state
        cards = self.rules.mayhem_cards.get(box, {})
        if mode.cards_with:
            cards = {k: c for k, c in cards.items() if prop(c, mode.cards_with)}
        st.mayhem_deck = [cards[k]["qid"] for k in sorted(cards)]
        for zid, decl in self.rules.zone_decls.items():
            kind = prop(decl, "starts-with")
            if kind is not None and zid in self.eng.rules.zone_decls and zid != st.zone_of["draw-from"]:
                # not a zone the mode leaves out, nor the Mayhem deck (laid above)
                found = self.rules.cards_of(kind, box)
                st.zones[zid] = [found[k]["qid"] for k in sorted(found)]
        keys = game_keys(self.rules)
        start = {dz.source: list(st.zones.get(dz.source, [])) for dz in keys.zones.values()}
        for key, dz in keys.zones.items():
            if self.setup.get(key) and dz.source not in self.eng.rules.zone_decls:
                name = self.rules.zone_decls[dz.source].get("name") or dz.source
                raise ScenarioError(f"mode {mode.id} leaves out the {name}", ("setup", key))
        for key, dz in keys.zones.items():
            if dz.per is None and key in self.setup:
                st.zones[dz.zone] = [self.card(cid, dz, start, mode, ("setup", key)) for cid in self.setup[key]]
        dealt: set[str] = set()
        for key, dz in keys.zones.items():
            if dz.per is None:
                continue
            for who, listed in self.setup.get(key, {}).items():
                at = ("setup", key, who)
                held = st.zones.setdefault(zone_key(dz.zone, self.owner(who, dz.per, at)), [])
                if dz.single:
                    held.clear()
                for cid in [listed] if dz.single else listed:
                    qid = self.card(cid, dz, start, mode, at)
                    if qid in dealt:
                        raise ScenarioError(f"{cid!r} is dealt twice", at)
                    dealt.add(qid)
                    for pile in st.zones.values():
                        if qid in pile:
                            pile.remove(qid)
                    held.append(qid)

    def card(self, cid: str, dz, start: dict, mode, at: tuple) -> str:
        """The card `cid` of the cards the zone's deck starts with; in a mode of team lists
        (Competitive Mode: "players can choose the cards in their Mayhem hand from their
        collection") an owner's card may be any box's, named as a team list names it: `box/id`."""
        found = [q for q in start[dz.source] if id_of(q) == cid]
        if found:
            return found[0]
        if mode.team_lists and dz.per is not None and start[dz.source]:
            kind = self.rules.by_qid[start[dz.source][0]]["kind"]
            comp = self.rules.by_qid.get(cid)
            if comp is not None and comp["kind"] == kind:
                return cid
            if "/" in cid:
                raise ScenarioError(f"no card {cid!r} in the collection", at, did_you_mean(
                    cid, sorted(q for q, c in self.rules.by_qid.items() if c["kind"] == kind)))
        name = self.rules.zone_decls[dz.source].get("name") or dz.source
        if not start[dz.source]:
            raise ScenarioError(f"the {name} holds no cards in mode {mode.id} (nor in this box)", at)
        raise ScenarioError(f"no card {cid!r} in the {name} of this mode", at,
                            did_you_mean(cid, sorted(id_of(q) for q in start[dz.source])))

    def owner(self, who: str, per: str, at: tuple) -> str:
        """The owner of a zone kept per Team or per player that `who` names (a Team's hand is its
        first player's)."""
        st = self.eng.state
        if per == "team":
            return self.team(who, at)
        if who in st.teams:
            return st.teams[who].players[0]
        players = [p for team in st.teams.values() for p in team.players]
        if who not in players:
            raise ScenarioError(f"no Team or player '{who}' in this game", at, did_you_mean(who, [*st.teams, *players]))
        return who

def build(rules: Rules, spec: dict) -> tuple[Reader, str]:
    """The Mayhem reader at the scenario's starting state, and the phase to resume at."""
    return _Builder(rules, spec).build()


def scenario_game(rules: Rules, path, runtime: str | None = None):
    """A Game at a scenario file's starting state (its [setup]; its steps not played): the
    kernel game runtime/scenario_kernel.py lays from the file's table. `start()` resumes play
    where the file says. (`runtime`: only `kernel`, runtime/switch.py.)"""
    from .game import Game
    from .scenario import load, validate
    from .scenario_kernel import laid_game
    from .switch import kernel_ir, runtime_setting
    runtime_setting(runtime)
    spec, text = load(str(path))
    eng, _phase = validate(rules, spec, text, str(path))
    return Game(rules, eng.config, game=laid_game(kernel_ir(rules.ir), rules, spec, eng))
