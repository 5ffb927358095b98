"""A Mayhem scenario's [setup] laid on a kernel game of the shared rules' game (the switch's oracle).

The kernel deals the scenario's Teams and plays the game's own `setup { }`, held as its first
round would start (runtime/scenario_kernel_deal.py); the scenario's table is then written into
the kernel's state by meaning:
the board's Locations by position (`L5` the fifth tile laid), the lead Team (the game's
`lead-called` key), the face of the game's own die (its `effect-die`), each Team's dice of
the die the Teams roll, figures' spaces, damage and pieces (`on-figure/X`, `on-space/TILE`,
`on-edge/L1-L2`, taken from the supply zone flagged `pools`), the zones dealt from a deck
(`hands` and the like, read by runtime/scenario_keys.py), counters kept per Team
(by their ids), the pieces a pool keeps, and where play resumes (a phase of the game: the parts of
the round before the turns from that phase on; `turn`: inside an Activation)."""
from __future__ import annotations

import re

from mayhem.dsl.diagnostics import did_you_mean

from .kernel.rounds import next_member
from .kernel.writers import mark
from .scenario_board import ScenarioError
from .scenario_kernel_deal import SET_ASIDE, CannotSetUp, ScenarioGame, dealt_game, plain_pieces, turned_over  # noqa: F401


class Table:
    """Writes a Mayhem scenario's [setup] into a dealt kernel game's state (the module's docstring)."""

    def __init__(self, game: ScenarioGame, spec: dict, mrules) -> None:
        self.game, self.rules, self.state = game, game.rules, game.state
        self.setup = spec.get("setup", {})
        self.mrules = mrules  # the Mayhem rules of the same content (runtime/rules.py): the scenario keys (scenario_keys)
        self.named = game.scenario_teams
        p = self.rules.pieces
        self.zones = p.zones if p is not None else {}
        self.pool_zone = p.pool_zone if p is not None else None

    def t(self, team):
        """The kernel's Team a scenario's Team is (any other name as it is)."""
        return self.named.get(team, team)

    # -- names --------------------------------------------------------------------------

    def tile(self, label: str) -> str:
        tiles = self.state.board["tiles"]
        m = re.fullmatch(r"L(\d+)", label)
        if m is None or not 1 <= int(m.group(1)) <= len(tiles):
            raise CannotSetUp(f"no Location {label} on a board of {len(tiles)}")
        return tiles[int(m.group(1)) - 1]

    def card_id(self, uid: int) -> str:
        return self.rules.cards[self.state.cards[uid]].id

    def move(self, uid: int, zone: str) -> None:
        state = self.state
        was = state.zones.get(state.places[uid])
        if was is not None and uid in was:
            was.remove(uid)
        state.places[uid] = zone
        state.zones.setdefault(zone, []).append(uid)

    def supply(self) -> list[str]:
        return [z for z in self.state.zones if z == self.pool_zone or z.startswith(f"{self.pool_zone}/")]

    def pieces(self, token: str, n: int, owner: str | None, to: str, at: tuple, short: str | None = None) -> None:
        """`n` pieces of `token` from the supply (the owner's own first), onto the zone `to`; a piece of
        a shared pool is the owner's while it lies out, as a placed one is. Fewer left is a
        ScenarioError at the key `at` (its message `short`, if given)."""
        state = self.state
        piles = [z for z in (self.zones.get("space"), self.rules.pieces.pile) if z]  # and a space's pile
        zones = self.supply() + [z for z in state.zones if any(z.startswith(f"{p}/") for p in piles)
                                 and not z.startswith(to)]
        found = [u for z in zones for u in state.zones[z] if self.card_id(u) == token] + plain_pieces(self, token, zones)
        mine = [u for u in found if state.owners[u] == owner]  # nobody's pieces (owner None) counted once
        mine += [u for u in found if state.owners[u] is None] if owner is not None else []
        rest = [u for u in found if u not in mine]
        take = (mine + rest)[:n]
        if len(take) < n:
            raise ScenarioError(short or f"only {len(take)} of {n} '{token}' left in the pool", ("setup", *at))
        teamed = self.rules.pieces.teamed
        for uid in take:
            self.move(turned_over(self, uid, token), to)  # (a plain piece turned over to show it)
            if owner is not None and state.cards[uid] not in teamed:  # a shared pool's piece: its placer's
                state.owners[uid] = owner  # (kernel/pieces.py `_placer`), as the scenario names it

    # -- the table ------------------------------------------------------------------------

    def lay(self) -> str:
        """The state written; the phase play resumes at."""
        self.board()
        self.lead_and_dice()
        self.figures()
        self.locations()
        self.decks()
        self.counters()
        self.pools()
        from .kernel.layout import _blocked_by_pieces
        _blocked_by_pieces(self.rules, self.state)
        mark(self.state)  # the cards' places written here too (kernel/writers.py: the marks after a write)
        return self.resume()

    def board(self) -> None:
        from .kernel.layout import set_board
        layout = self.rules.layout
        if layout is None:
            raise CannotSetUp("the game declares no board")
        order = self.setup.get("board") or sorted(layout.tiles)
        need = sum(layout.rows)
        face_down = [t for t in self.state.board.get("tiles", []) if t not in layout.printed]
        if face_down:
            raise CannotSetUp("a board of face-down tiles (lay-board(face-down-slots:))")
        down = self.state.board.get("down")  # the mode's tiles laid face down (lay-board(face-down-slots:))
        set_board(self.state, order[:need])
        gone = [self.tile(label) for label, loc in self.setup.get("locations", {}).items() if loc.get("removed")]
        if gone:
            set_board(self.state, order[:need], gone)
        if down:
            self.state.board["down"] = down

    def lead_and_dice(self) -> None:
        state, rules = self.state, self.rules
        state.round = self.setup.get("round", 2)
        lead = self.setup.get(rules.lead_called)
        state.lead = self.t(lead) if lead is not None else list(state.teams)[0]
        effect = rules.effect_die
        for key, face in self.setup.items():
            if effect is not None and key == f"{effect}_die":
                state.dice[effect] = {"type": effect, "owner": None, "value": int(str(face).rstrip("*")),
                                      "on": None, "icon": str(face).endswith("*")}
        rolled = [d for d in rules.dice if d != effect]
        if len(rolled) != 1:
            raise CannotSetUp(f"the Teams' dice: the game has {len(rolled)} dice besides its own")
        self.die = rolled[0]
        for d in [d for d, x in state.dice.items() if x["owner"] is not None]:
            del state.dice[d]
        for team, values in self.setup.get("dice", {}).items():
            for value in values:
                self.add_die(self.t(team), value, None)
        state.forced = {"rolls": [str(r) if str(r).endswith("*") else int(r) for r in self.setup.get("rolls", [])],
                        "coins": [("heads" if i == 0 else "tails") for t in self.setup.get("tosses", [])
                                  for i in [list(state.teams).index(self.t(t))]]}

    def add_die(self, team: str, value: int, on) -> str:
        state = self.state
        state.die_serial += 1
        ident = f"die#{state.die_serial}"
        state.dice[ident] = {"type": self.die, "owner": team, "value": value, "on": on}
        return ident

    def part(self, figure: str, ability: str) -> int:
        state = self.state
        for zone, pile in state.zones.items():
            if zone.endswith(f"/{figure}") and not zone.startswith(f"{self.zones.get('figure', '-')}/"):
                for uid in pile:
                    if self.card_id(uid) == ability:
                        return uid
        raise CannotSetUp(f"no Ability '{ability}' of {figure} among the kernel's parts")

    def figures(self) -> None:
        state, rules = self.state, self.rules
        given = self.setup.get("figures", {})
        for fig, x in state.figures.items():
            if x["kind"] == "npc" and fig not in given and state.board:  # at the centre, as the Mayhem setup lays it
                from .kernel.effects import Run
                from .kernel.layout import centre
                x["space"] = centre(Run(self.game, []), {"ctx:me": state.active})
            if x["kind"] != "character" and fig not in given:
                continue
            x["space"] = None  # a Character no Location is given is off the board (docs/scenarios.md)
        mark(state)  # the figures written here: the kernel's projections compare their mark (kernel/writers.py)
        for fig, spec in given.items():
            if "token" in spec:  # a token figure: its piece, its Team's, on its Location
                self.token_figure(fig, spec)
                continue
            if fig not in state.figures:
                raise CannotSetUp(f"no figure '{fig}' in the kernel's game")
            x = state.figures[fig]
            x["space"] = self.tile(spec["location"]) if spec.get("location") else None
            mark(state)
            life = state.counters.get(f"life/{fig}")
            if "damage" in spec:
                state.counters[f"damage/{fig}"] = spec["damage"]
            if "remaining" in spec and life is not None:
                state.counters[f"damage/{fig}"] = life - spec["remaining"]
            owner_default = self.t(spec.get("token_owner", x["owner"]))
            for token, count in spec.get("tokens", {}).items():
                n, owner = (count, owner_default) if isinstance(count, int) else (count["count"], self.t(count.get("owner", owner_default)))
                self.pieces(token, n, owner, f"{self.zones.get('figure')}/{fig}", ("figures", fig, "tokens", token))
            for ability in spec.get("activated", []):
                uid = self.part(fig, ability)
                x["acts"] = (*x.get("acts", ()), (0, state.round, uid, None))
                self.add_die(x["owner"], 1, uid)

    def token_figure(self, fig: str, spec: dict) -> None:
        """A token figure of the scenario (`token = ID`, `owner`, `life`, `damage`, `location`): its
        piece, from its owner's pool, stands on the Location as the kernel's `place` stands it
        (kernel/standing.py), under the scenario's name."""
        from .kernel.effects import Run
        from .kernel.standing import stand
        if not spec.get("location"):
            raise CannotSetUp(f"figure {fig}: a token figure off the board")
        qid = next((q for q in self.rules.pieces.standing if self.rules.cards[q].id == spec["token"]), None)
        if qid is None:
            raise CannotSetUp(f"figure {fig}: token '{spec['token']}' stands as no figure of the kernel's game")
        owner = self.t(spec["owner"]) if spec.get("owner") else None
        tile, state = self.tile(spec["location"]), self.state
        self.pieces(spec["token"], 1, owner, SET_ASIDE, ("figures", fig),
                    f"no '{spec['token']}' piece of {spec.get('owner')} left in the pool")
        uid = state.zones[SET_ASIDE][-1]
        run = Run(self.game, [])
        name = stand(run, qid, uid, tile, owner, spec.get("life"))
        if name != fig:
            raise CannotSetUp(f"figure {fig}: the kernel names it '{name}'")
        if spec.get("damage"):
            self.rules.counters[self.rules.game["props"]["damage-counter"]["value"]].put(run, fig, spec["damage"])

    def locations(self) -> None:
        state = self.state
        space = self.zones.get("space")
        for label, loc in self.setup.get("locations", {}).items():
            tile = self.tile(label)
            clear = loc.get("clear")
            named = self.named_pieces(clear) if isinstance(clear, list) else set()
            for zone in [f"{space}/{tile}", f"token-pile/{tile}"]:
                for uid in list(state.zones.get(zone, [])):
                    if clear is True or state.cards[uid] in named:
                        self.home(uid)
            for token, count in loc.get("tokens", {}).items():
                for entry in count if isinstance(count, list) else [count]:
                    n, owner = (entry, None) if isinstance(entry, int) else (entry["count"], self.t(entry.get("owner")))
                    self.pieces(token, n, owner, f"{space}/{tile}", ("locations", label, "tokens", token))
        for label, toks in self.setup.get("edges", {}).items():
            for token, n in toks.items():
                self.pieces(token, n, None, f"{self.zones.get('edge')}/{label}", ("edges", label, token))

    def home(self, uid: int) -> None:
        """A piece back in its pool: its Team's own pile, or the shared one (nobody's again)."""
        state = self.state
        if state.owners[uid] is None or state.cards[uid] not in self.rules.pieces.teamed:
            state.owners[uid] = None
            self.move(uid, self.pool_zone)
        else:
            self.move(uid, f"{self.pool_zone}/{state.owners[uid]}")

    def named_pieces(self, names: list) -> set:
        """The tokens (qids) a `clear` list names: by their ids, or by a pool that feeds them."""
        fed = self.rules.pieces.fed if self.rules.pieces is not None else {}
        return ({q for q, c in self.rules.cards.items() if c.id in names}
                | {q for pool, qids in fed.items() if pool in names or pool.rsplit("/", 1)[-1] in names for q in qids})

    def decks(self) -> None:
        """The zones dealt from a deck, the decks from the top (scenario_kernel_deal.lay_decks)."""
        from .scenario_kernel_deal import lay_decks
        lay_decks(self)

    def counters(self) -> None:
        from .scenario_keys import game_keys
        for counter in game_keys(self.mrules).team_counters:
            for team, n in self.setup.get(counter, {}).items():
                spec = self.rules.counters.get(counter)
                if spec is not None and spec.kept_as is not None:  # kept as pieces (kernel/kept.py)
                    from .kernel.effects import Run
                    from .kernel.kept import change, value
                    run = Run(self.game, [])
                    change(run, counter, self.t(team), n, add=False)
                    got = value(run, counter, self.t(team))
                    if got < n:
                        raise ScenarioError(f"only {got} of {n} {self.counter_name(counter)} left in the pool",
                                            ("setup", counter, team))
                else:
                    self.state.counters[f"{counter}/{self.t(team)}"] = n

    def counter_name(self, counter: str) -> str:
        return next((c.get("name") for c in self.mrules.game["children"] if c["kind"] == "counter"
                     and c["id"] == counter), None) or counter

    def pools(self) -> None:
        """`pools = { POOL = N or { TEAM = N } }`: the pieces a pool keeps once setup is done; the
        others out of play. A pool can only be emptied, not filled; a Team's share is of a pool
        whose pieces are the Teams' own."""
        p = self.rules.pieces
        pools = sorted(p.fed) if p is not None else []
        for pool, left in self.setup.get("pools", {}).items():
            at = ("setup", "pools", pool)
            fed = set(p.fed.get(pool, ())) if p is not None else set()
            if not fed:
                raise ScenarioError(f"no token pool {pool!r} in this box", at, did_you_mean(pool, pools))
            for team, n in (left.items() if isinstance(left, dict) else [(None, left)]):
                here = [u for z in self.supply() for u in self.state.zones[z] if self.state.cards[u] in fed
                        and (team is None or self.state.owners[u] == self.t(team))]
                shared = team is not None and (team not in self.named or not fed & p.teamed)
                if shared or not 0 <= n <= len(here):
                    have = 0 if shared else len(here)
                    raise ScenarioError(f"{team or 'the pool'} holds {have} pieces after setup;"
                                        f" it can be left with 0..{have}, not {n!r}", at + ((team,) if team else ()))
                for uid in here[n:]:
                    self.move(uid, SET_ASIDE)

    def resume(self) -> str:
        """Where play resumes (the game's phases; `turn`: inside an Activation)."""
        state, rules = self.state, self.rules
        phase = self.setup.get("phase", "turn" if "turn" in self.setup else "activation")
        phases = [c for c in rules.game["children"] if c["kind"] == "phase"]
        ids = [c["id"] for c in phases]
        turns = next((i for i, c in enumerate(phases) if (c["props"].get("runs") or {}).get("value") == "turns"), None)
        if phase == "turn":
            self.mid_turn(self.setup["turn"])
            return phase
        if phase not in ids or turns is None:
            raise CannotSetUp(f"phase '{phase}': the game's phases are {', '.join(ids)}")
        at = ids.index(phase)
        if at == 0 and (phases[0]["props"].get("runs") or {}).get("value") == "round":
            state.round -= 1  # the round's start runs whole: it begins the round
            state.phase = "round-start"
            return phase
        if at > turns:
            raise CannotSetUp(f"phase '{phase}' comes after the turns")
        self.game.resume = _part_of_round(rules, phases[at:turns + 1])  # the turns phase's own effect too
        state.phase = "scenario-resume"
        state.active = state.teams[state.lead][0]
        return phase

    def mid_turn(self, turn: dict) -> None:
        from .kernel.record import made_active
        state = self.state
        fig = turn["figure"]
        x = state.figures[fig]
        team = x["owner"]
        state.active = next_member(state, team)
        state.turn = 1
        state.played = [state.active]
        part = self.part(fig, turn["ability"])
        free = [d for d, die in state.dice.items() if die["owner"] == team and die["on"] is None
                and die["value"] == turn["die"]]
        die = free[0] if free else self.add_die(team, turn["die"], None)
        state.dice[die]["on"] = part
        state.active_figure, state.active_turn = fig, state.turn
        made_active(state, fig, part, die)
        if turn.get("moved"):
            x["moved"] = state.turn
        if turn.get("ability_done"):
            x["resolved"] = state.turn
        state.phase = "actions"


def _part_of_round(rules, phases: list):
    """The compiled body of these phases of the round (as kernel/phases.py writes them)."""
    from .kernel.compile_stmts import compiled_block
    body = []
    for phase in phases:
        effect = phase["effects"].get("effect")
        if effect is not None and effect.get("when") is not None:
            body.append({"op": "if", "cond": effect["when"], "then": effect["body"], "else": [],
                         "span": effect["when"].get("span"), "node": f"{rules.game['id']}/{phase['id']}#when"})
        elif effect is not None:
            body += effect["body"]
        runs = (phase["props"].get("runs") or {}).get("value")
        if runs == "round" and rules.game["effects"].get("round") is not None:
            body += rules.game["effects"]["round"]["body"]
    return compiled_block(body, rules)
