"""A scenario's starting state: the [setup] table of a scenario file turned into an
engine ready to resume play (docs/scenarios.md). The file's keys and value types are
checked before (scenario_schema); what is checked here is what needs the content: the
characters, cards, tokens, Locations and Teams the setup names."""
from __future__ import annotations

from mayhem.dsl.diagnostics import did_you_mean

from .board import Board
from .effects import Env, id_of
from .engine import Engine, GameConfig
from .modes import load_mode, team_names
from .rules import Rules, prop
from .scenario_keys import game_keys
from .state import Activation, Figure, zone_key


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


def location_index(label: str, board: Board, at: tuple) -> int:
    if not (isinstance(label, str) and label.startswith("L") and label[1:].isdigit()):
        raise ScenarioError(f"a Location is written L1..L{len(board.locations)}, not {label!r}", at)
    i = int(label[1:]) - 1
    if not 0 <= i < len(board.locations):
        raise ScenarioError(f"no Location {label}: the board has L1..L{len(board.locations)}", at)
    return i


def piles(spec, default_owner) -> list[tuple[int, str | None, str | None]]:
    """A token entry as (count, owner, colour) piles: `2`, `{ count = 2, owner = "TEAM" }`
    or a list of such tables (pieces of both colours on one Location)."""
    if isinstance(spec, int):
        return [(spec, default_owner, None)]
    if isinstance(spec, dict):
        spec = [spec]
    return [(p.get("count", 1), p.get("owner", default_owner), p.get("colour")) for p in spec]


class _Builder:
    def __init__(self, rules: Rules, spec: dict) -> None:
        self.rules = rules
        self.spec = spec
        self.setup = spec.get("setup", {})

    def team(self, tid: str, at: tuple) -> str:
        if tid not in self.eng.state.teams:
            raise ScenarioError(f"no Team '{tid}' in this game (Teams: {', '.join(self.eng.state.order)})", at,
                                did_you_mean(tid, self.eng.state.order))
        return tid

    def put(self, tid: str, spec, place, default_owner, at: tuple) -> None:
        """Setup takes its pieces from the box's pools, like play does; asking for more
        than a pool holds is an error of the scenario, not a silent shortfall."""
        token = token_qid(self.rules, tid, at)
        for n, owner, colour in piles(spec, default_owner):
            if owner is not None:
                self.team(owner, at)
            if colour is not None and colour not in self.eng.team_names:  # the colours are the Teams' names
                raise ScenarioError(f"{'.'.join(map(str, at))}.colour is '{colour}': expected one of "
                                    f"{', '.join(self.eng.team_names) or 'none (the pieces have no colour)'}",
                                    at, did_you_mean(colour, self.eng.team_names))
            got = self.eng.put_pieces(token, n, place, owner, None, colour=colour)
            if got < n:
                raise ScenarioError(f"only {got} of {n} '{tid}' left in the pool"
                                    " (a pile set up on a Location holds the rest: `clear = true` there)", at)

    def build(self) -> tuple[Engine, str]:
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
        self.eng = eng = Engine(rules, cfg)
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

    def leave_in_pool(self, pid: str, left, at: tuple) -> None:
        """`pools = { POOL = { COLOUR = 0 } }` (or `{ POOL = 3 }`): the pieces a pool
        still holds once setup is done; the others are out of play (used up), so the box's
        totals still add up. A pool can only be emptied, not filled."""
        st = self.eng.state
        pool = st.pools.get(pid)
        if pool is None:
            raise ScenarioError(f"no token pool {pid!r} in this box", at, did_you_mean(pid, st.pools))
        wanted = left.items() if isinstance(left, dict) else [(None, left)]
        for colour, n in wanted:
            keys = sorted((k for k in pool if colour is None or k[1] == colour), key=str)
            have = sum(pool[k] for k in keys)
            if not keys or not 0 <= n <= have:
                raise ScenarioError(f"{colour or 'the pool'} holds {have} pieces after setup;"
                                    f" it can be left with 0..{have}, not {n!r}", at + ((colour,) if colour else ()))
            extra = have - n
            for k in keys:
                cut = min(extra, pool[k])
                pool[k] -= cut
                st.discarded[pid] += cut
                extra -= cut

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
            if kind is not None and zid in self.eng.rules.zone_decls:  # not a zone the mode leaves out
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
        """The card `cid` of the cards the zone's deck starts with."""
        found = [q for q in start[dz.source] if id_of(q) == cid]
        if found:
            return found[0]
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

    def locations(self) -> None:
        eng, st = self.eng, self.eng.state
        for label, ls in self.setup.get("locations", {}).items():
            at = ("setup", "locations", label)
            i = location_index(label, st.board, at)
            clear = ls.get("clear", False)
            if clear:
                # back to their pools: what setup put there (tokens of a slot, a pile);
                # `clear = true` for all of them, or a list of token ids
                wanted = None if clear is True else [token_qid(self.rules, t, at + ("clear",)) for t in clear]
                store = st.board.locations[i].tokens
                for key, n in sorted(store.items(), key=str):
                    tok, _owner, colour = key
                    if wanted is None or any(eng.matches(tok, w) for w in wanted):
                        for _ in range(n):
                            eng.return_piece(tok, colour)
                        del store[key]
                pile = st.token_pile(i)  # the face-down pile the Location holds
                for face in list(pile or ()):
                    if wanted is None or any(eng.matches(face, w) for w in wanted):
                        eng.return_piece(face, None)
                        pile.remove(face)
            for tid, t in ls.get("tokens", {}).items():
                self.put(tid, t, i, None, at + ("tokens", tid))
            if ls.get("removed"):  # out of play (Free-For-All shrinks the board)
                st.board.locations[i].removed = True
                st.board.refresh()

    def figures(self) -> None:
        eng, st = self.eng, self.eng.state
        for key, fs in self.setup.get("figures", {}).items():
            at = ("setup", "figures", key)
            if "token" in fs:
                self.token_figure(key, fs, at)
                continue
            fig = st.figures.get(key)
            if fig is None:
                raise ScenarioError(f"no figure '{key}': not a character of the teams, nor a non-player figure"
                                    " (a token figure says `token = ID`)", at, did_you_mean(key, st.figures))
            extra = sorted(set(fs) & {"owner", "life"})
            if extra:
                raise ScenarioError(f"'{extra[0]}' is for token figures (`token = ID`); {key} is a "
                                    f"{'non-player figure' if fig.kind == 'npc' else 'character'}", at + (extra[0],))
            if fs.get("location"):
                eng.relocate(fig, location_index(fs["location"], st.board, at + ("location",)))
            if fig.kind == "npc":
                continue
            fig.damage = fs.get("damage", 0)
            if "remaining" in fs:  # Life Points left, whatever the dashboard's Life Points
                if "damage" in fs or fig.life is None or not 0 < fs["remaining"] <= fig.life:
                    raise ScenarioError(f"remaining is 1..{fig.life} Life Points left, without damage",
                                        at + ("remaining",))
                fig.damage = fig.life - fs["remaining"]
            elif fig.life is not None and fig.damage >= fig.life:
                raise ScenarioError(f"{fig.damage} Damage knocks {key} out ({fig.life} Life Points)", at + ("damage",))
            names = [a["id"] for a in eng.abilities(fig)]
            for ab in fs.get("activated", []):
                if ab not in names:
                    raise ScenarioError(f"{key} has no ability '{ab}'", at + ("activated",), did_you_mean(ab, names))
            fig.activations = list(fs.get("activated", []))
            owner = fs.get("token_owner", fig.team)
            for tid, t in fs.get("tokens", {}).items():
                self.put(tid, t, fig, owner, at + ("tokens", tid))

    def token_figure(self, key: str, fs: dict, at: tuple) -> None:
        """An attackable token already on the board, named as play names it:
        TOKEN-TEAM."""
        eng, st = self.eng, self.eng.state
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
        where = location_index(fs["location"], st.board, at + ("location",))
        eng.spawn_token_figure(token, where, Env(st.teams[owner].players[0], owner, None), fs["life"], None)
        fig = st.figures.get(key)
        if fig is None:
            raise ScenarioError(f"no '{fs['token']}' piece of {owner} left in the pool", at)
        if fs.get("damage", 0) >= fs["life"]:
            raise ScenarioError(f"{fs['damage']} Damage defeats it ({fs['life']} Life Points)", at + ("damage",))
        fig.damage = fs.get("damage", 0)

    def turn(self, spec: dict) -> None:
        """The middle of an Activation: its die placed on an ability, perhaps the free
        Move done, the Ability not yet resolved (unless `ability_done`)."""
        eng, st = self.eng, self.eng.state
        at = ("setup", "turn")
        fig = st.figures.get(spec["figure"])
        if fig is None or fig.kind != "character":
            raise ScenarioError(f"no character '{spec['figure']}' in the teams", at + ("figure",),
                                did_you_mean(spec["figure"], st.figures))
        if fig.location is None:
            raise ScenarioError(f"{fig.key} is not on the board: give it a location", at + ("figure",))
        names = [a["id"] for a in eng.abilities(fig)]
        if spec["ability"] not in names:
            raise ScenarioError(f"{fig.key} has no ability '{spec['ability']}'", at + ("ability",),
                                did_you_mean(spec["ability"], names))
        team = st.teams[fig.team]
        free = [i for i, (v, p) in enumerate(zip(team.dice, team.placed)) if v == spec["die"] and not p]
        if not free:
            raise ScenarioError(f"{fig.team} has no die {spec['die']} to place (dice: {team.dice})", at + ("die",))
        team.placed[free[0]] = True
        fig.turns += 1  # the turn in progress has begun: tokens set up above were given before it
        fig.activations.append(spec["ability"])
        eng.activated_this_round = [fig.key]
        moved = bool(spec.get("moved", False))
        st.active = Activation(fig.key, spec["ability"], spec["die"], free[0], moved=moved, free_move_used=moved,
                               ability_done=bool(spec.get("ability_done", False)))
        st.active_team = fig.team
        st.phase = "activation"


def build(rules: Rules, spec: dict) -> tuple[Engine, str]:
    """An engine whose state is the scenario's starting state, and the phase to resume at."""
    return _Builder(rules, spec).build()
