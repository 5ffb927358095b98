"""The Mayhem round procedure and the board services effects rely on: setup, Round
Start, Recovery, Activation, End of Round, events and triggers, damage and KO,
token pools, VP and Missions. It knows the rules of the Mayhem family, never a
component by name."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
import random

from .actions import END_TURN, PASS, SKIP, Action
from .board import Board
from .decisions import Decision
from .effects import EffectsMixin, Env, Stop, id_of
from .modes import COLOURS, load_mode
from .primitives import PrimitivesMixin
from .rules import Rules, prop
from .state import Activation, Figure, GameState, Pending, Team, TempTrigger
from .statuses import StatusesMixin



class GameOver(Exception):
    pass


@dataclass
class GameConfig:
    box: str
    seed: int = 0
    mode: str = "standard"
    first_game: bool = False
    teams: dict[str, list[str]] | None = None  # Team -> character ids (skips the draft)
    sides: dict[str, str] = field(default_factory=dict)  # character id -> "a" | "b" (skips the choice)
    max_rounds: int = 40
    # Competitive Mode: Team -> {"characters": ["box/id" or "box/id/side"], "hand": ["box/card"]}
    team_lists: dict[str, dict] | None = None


class Engine(EffectsMixin, PrimitivesMixin, StatusesMixin):
    def __init__(self, rules: Rules, config: GameConfig) -> None:
        if config.box not in rules.boxes:
            raise ValueError(f"no box '{config.box}' in the content; boxes: {', '.join(sorted(rules.boxes))}")
        self.rules = rules
        self.config = config
        self.rng = random.Random(config.seed)
        self.box = rules.boxes[config.box]
        self.mode = load_mode(rules, config.mode)
        self.state = GameState(config.box, config.mode)
        self.events: list[dict] = []
        self.forced_rolls: list[str] = []  # scenario files queue die results here
        self.forced_tosses: list[str] = []  # ... and the colours that win coin tosses
        self.activated_this_round: list[str] = []
        self.win_check_held = False  # during a step whose effects happen at the same time
        self._triggers: dict[str, dict[str, list]] = {}
        self._heard: dict[str, dict] = {}
        self._specials: dict[str, dict | None] = {}
        self.tags_by_id: dict[str, list[str]] = {}
        self.group_of: dict[str, str] = {}
        self.vp_token = None
        for qid, tok in rules.tokens.items():
            if prop(tok, "victory-point"):
                self.vp_token = qid
            group = prop(tok, "group")
            if group:
                for other in rules.tokens:
                    if id_of(other) == group and other != qid:
                        self.group_of[qid] = other
        for comp in rules.ir["components"]:
            if comp["kind"] == "tag":
                self.tags_by_id.setdefault(comp["id"], []).append(comp["qid"])

    # ---- the driver's interface ------------------------------------------------------

    def decide(self, player: str, kind: str, prompt: str, actions: list[Action], node: dict | None = None):
        """Ask a player; a decision with one legal action takes it without asking. The answer
        (a printed action of the list) comes back as its Action."""
        if len(actions) == 1:
            return actions[0]
        printed = {str(a): a for a in actions}
        choice = yield Decision(player, kind, prompt, list(printed), node.get("span") if node else None)
        return printed[str(choice)]

    def log(self, kind: str, node: dict | None = None, **data) -> None:
        entry = {"seq": len(self.events), "round": self.state.round, "event": kind}
        entry.update(data)
        entry["span"] = node.get("span") if node else None
        self.events.append(entry)

    def play(self):
        """The whole game, as a generator of decisions."""
        st = self.state
        try:
            yield from self.setup()
            while not st.over:
                st.round += 1
                if st.round > self.config.max_rounds:
                    self.finish([], "max-rounds")
                    break
                yield from self.round_start()
                if st.round > 1:
                    yield from self.recovery()
                yield from self.activation_phase()
                yield from self.round_end()
        except GameOver:
            pass

    def play_from(self, phase: str):
        """The rest of a game whose state was set up by hand (scenario files): from the
        start of `phase` of the current round, then round after round."""
        st = self.state
        steps = {"round-start": 0, "recovery": 1, "activation": 2, "turn": 3}
        if phase not in steps:
            raise ValueError(f"a scenario starts at round-start, recovery, activation or turn, not '{phase}'")
        try:
            start = steps[phase]
            while not st.over:
                if start <= 0:
                    yield from self.round_start()
                if start <= 1 and st.round > 1:
                    yield from self.recovery()
                after = None
                if start == 3:  # in the middle of the Active Character's turn (st.active)
                    after = st.active_team
                    yield from self.rest_of_turn(st.figures[st.active.figure], st.teams[after])
                yield from self.activation_phase(after=after)
                yield from self.round_end()
                start = 0
                st.round += 1
                if st.round > self.config.max_rounds:
                    self.finish([], "max-rounds")
        except GameOver:
            pass

    def finish(self, winners: list[str], reason: str) -> None:
        st = self.state
        if st.winners is None:
            st.winners = winners
            st.end_reason = reason
            self.log("game-over", winners=winners, reason=reason)

    # ---- setup ----------------------------------------------------------------------------

    def setup(self):
        st = self.state
        cfg = self.config
        mode = self.mode
        st.phase = "setup"
        seats = mode.players()
        ids = mode.team_ids()
        given = cfg.team_lists or cfg.teams
        if len(ids) == 2:
            if given:
                ids = list(given)
            else:
                choice = yield from self.decide("p1", "colour", "choose your Team colour",
                                                [Action("colour", (c,)) for c in COLOURS])
                first = choice.colour
                ids = [first, [c for c in COLOURS if c != first][0]]
        for tid in ids:
            st.teams[tid] = Team(tid)
        st.order = list(ids)
        quota = {}
        for player, t, chars in seats:
            team = st.teams[ids[t]]
            team.players.append(player)
            team.hands[player] = []
            quota[player] = chars
        picks = yield from self.draft(seats, ids, quota)
        for player, t, _chars in seats:
            team = st.teams[ids[t]]
            for comp in picks[player]:
                side = yield from self.choose_side(player, comp)
                cid = comp["id"]
                twice = sum(1 for p in picks.values() for c in p if c["id"] == cid) > 1
                key = f"{team.colour}-{cid}" if twice else cid
                st.figures[key] = Figure(key, "character", team.colour, comp, side, prop(side, "life", 10),
                                         player=player)
                team.characters.append(key)
        self.seat_npc()
        self.lay_board()
        self.fill_pools()
        self.deal_hands_setup()
        yield from self.draw_hands()
        gos = self.rules.go_cards.get(cfg.box, {}) if not mode.no_go else {}
        st.go_deck = [gos[k]["qid"] for k in sorted(gos)]
        self.rng.shuffle(st.go_deck)
        self.log("setup", mode=mode.id, teams={c: st.teams[c].characters for c in st.order},
                 board=[(loc.label, loc.comp["id"] if loc.comp else None) for loc in st.board.locations])

    def seat_npc(self) -> None:
        """A mode with a non-player figure takes the box's (the first, in id order)."""
        if self.mode.npc:
            npc = next(iter(sorted(self.rules.npcs.get(self.config.box, {}).items())), (None, None))[1]
            if npc is not None:
                self.state.figures[npc["id"]] = Figure(npc["id"], "npc", None, npc, npc, None)

    def draft(self, seats, ids: list[str], quota: dict[str, int]):
        """Characters per player: from the team lists or `teams` of the config, or a draft
        in seat order (the non-player figure's character is not selectable)."""
        cfg = self.config
        picks: dict[str, list[dict]] = {player: [] for player, _t, _c in seats}
        if cfg.team_lists:
            for player, t, chars in seats:
                wanted = cfg.team_lists[ids[t]]["characters"]
                mine = [q for q in wanted if not any(q in (c["qid"] for c in p) for p in picks.values())]
                for ref in mine[:chars]:
                    picks[player].append(self._character_ref(ref))
            return picks
        if cfg.teams:
            for player, t, chars in seats:
                taken = sum(len(picks[p]) for p, tt, _c in seats if tt == t)
                for cid in cfg.teams[ids[t]][taken:taken + chars]:
                    picks[player].append(self._character(cid))
            return picks
        characters = self.rules.characters.get(cfg.box, {})
        excluded = set()
        if self.mode.npc:
            excluded = {prop(n, "figure") for n in self.rules.npcs.get(cfg.box, {}).values()}
        pool = sorted(c for c in characters if c not in excluded)
        order = [player for player, _t, _c in seats]
        k = 0
        while pool and any(len(picks[p]) < quota[p] for p in order):
            player = order[k % len(order)]
            k += 1
            if len(picks[player]) >= quota[player]:
                continue
            choice = yield from self.decide(player, "draft", "pick a character", [Action("pick", (c,)) for c in pool])
            cid = choice.character
            picks[player].append(characters[cid])
            pool.remove(cid)
        return picks

    def _character(self, cid: str) -> dict:
        for box in [self.config.box, *sorted(self.rules.characters)]:
            comp = self.rules.characters.get(box, {}).get(cid)
            if comp is not None:
                return comp
        raise ValueError(f"no character '{cid}'")

    def _character_ref(self, ref: str) -> dict:
        """A team list's character: `box/id`, or `box/id/side` for a chosen side."""
        comp = self.rules.by_qid.get(ref)
        if comp is not None and comp["kind"] == "side":
            parent = self.rules.by_qid[ref.rsplit("/", 1)[0]]
            self.config.sides.setdefault(parent["id"], comp["id"])
            return parent
        if comp is None or comp["kind"] != "character":
            raise ValueError(f"no character '{ref}'")
        return comp

    def choose_side(self, player: str, comp: dict):
        sides = [c for c in comp["children"] if c["kind"] == "side"]
        if not sides:
            return comp
        chosen = self.config.sides.get(comp["id"])
        if chosen is None:
            choice = yield from self.decide(player, "side", f"which side of {comp['name']}?",
                                            [Action("side", (comp['id'], s['id'])) for s in sides])
            chosen = choice.side
        return next(s for s in sides if s["id"] == chosen)

    def lay_board(self) -> None:
        rows = list(self.mode.board or prop(self.box, "board", [3, 4, 3]))
        locs = self.rules.locations.get(self.config.box, {})
        tiles = [locs[k] for k in sorted(locs)]
        self.rng.shuffle(tiles)
        tiles = tiles[:sum(rows)]
        if self.mode.face_down:
            # face-down tiles: 2 Slots each and no effect, icon or VP slot
            self.state.board = Board(rows, [(None, 2) for _ in tiles])
        else:
            self.state.board = Board(rows, [(t, prop(t, "slots", 2)) for t in tiles])

    def box_pools(self) -> dict[str, tuple[str, dict]]:
        """Pool id -> (box, pool): the board box's pools, and in Competitive Mode the pools
        that characters of other boxes bring for their own box's tokens. The answer is the
        one the checks (C501, C502) and the site give: compiler/applicability.py."""
        bringing = {fig.comp["box"] for fig in self.state.characters()}
        on = self.rules.applicability.pools_on(self.config.box, bringing)
        return {pid: (box, self.rules.pools[box][pid]) for pid, box in on.items()}

    def fill_pools(self) -> None:
        st = self.state
        pools = self.box_pools()
        faces_by_pool: dict[str, list[str]] = {}
        for qid, tok in sorted(self.rules.tokens.items()):
            if prop(tok, "group"):
                faces_by_pool.setdefault(self.rules.token_pool(qid), []).append(qid)
        for pid, (_box, pool) in sorted(pools.items()):
            if prop(pool, "tracks"):
                continue
            counter: Counter = Counter()
            faces = faces_by_pool.get(pid)
            count = prop(pool, "count")
            if faces and count:
                per = max(1, count // len(faces))
                for f in faces:
                    counter[(f, None)] += per
            elif count is not None:
                counter[(None, None)] = count
            else:
                for colour in COLOURS:
                    if prop(pool, colour):
                        counter[(None, colour)] = prop(pool, colour)
            st.pools[pid] = counter
            st.pool_totals[pid] = sum(counter.values())
        for pid, (box, pool) in sorted(pools.items()):
            if box != self.config.box:
                continue
            if prop(pool, "on-vp-slots") and not self.mode.no_vp:
                for loc in st.board.locations:
                    if loc.comp is not None and prop(loc.comp, "vp-slots"):
                        for colour in COLOURS:
                            self.put_pieces(self.vp_token, 1, loc.index, None, None, colour=colour)
            pile = prop(pool, "pile-on")
            if pile and not self.mode.no_piles:
                where = [l for l in st.board.locations if l.comp is not None and l.comp["id"] == pile]
                if where:
                    pieces = [face for (face, colour), n in sorted(st.pools[pid].items(), key=str)
                              for _ in range(n)]
                    self.rng.shuffle(pieces)
                    for face in pieces:
                        st.pools[pid][(face, None)] -= 1
                        where[0].tokens[(face, None, None)] += 1

    def deal_hands_setup(self) -> None:
        st = self.state
        cfg = self.config
        cards = self.rules.mayhem_cards.get(cfg.box, {})
        if self.mode.cards == "free-for-all":
            cards = {k: c for k, c in cards.items() if prop(c, "free-for-all")}
        st.mayhem_deck = [cards[k]["qid"] for k in sorted(cards)]
        self.rng.shuffle(st.mayhem_deck)
        if cfg.team_lists:
            # chosen hands (Competitive Mode): the Team's first player holds them
            for colour, lst in cfg.team_lists.items():
                team = st.teams[colour]
                team.hands[team.players[0]] = [q for q in lst.get("hand", []) if q in self.rules.by_qid]
                for q in team.hands[team.players[0]]:
                    if q in st.mayhem_deck:
                        st.mayhem_deck.remove(q)
        elif cfg.first_game:
            hands = self.rules.first_game.get(cfg.box, {})
            for team in st.teams.values():
                for key in team.characters:
                    fig = st.figures[key]
                    for card_id in hands.get(fig.comp["id"], []):
                        qid = f"{cfg.box}/{card_id}"
                        if qid in st.mayhem_deck:
                            st.mayhem_deck.remove(qid)
                            team.hands[fig.player].append(qid)

    def player_icons(self, player: str) -> int:
        return sum(prop(f.side, "mayhem-cards", 0) for f in self.state.characters() if f.player == player)

    def hand_limit(self, team: Team) -> int:
        return sum(prop(self.state.figures[k].side, "mayhem-cards", 0) for k in team.characters)

    def draw_hands(self):
        st = self.state
        if self.config.first_game or self.config.team_lists:
            return
        default = prop(self.box, "hand-draw", 7)
        seats = self.mode.players()
        wants: dict[str, int] = {}
        for player, t, _chars in seats:
            team = st.teams[st.order[t]]
            k = team.players.index(player)
            wants[player] = default
            if self.mode.hand_draw and t < len(self.mode.hand_draw) and k < len(self.mode.hand_draw[t]):
                wants[player] = self.mode.hand_draw[t][k]
        hands = {player: st.teams[st.order[t]].hands[player] for player, t, _chars in seats}
        # Every player draws, then every player discards: a card given back is not dealt
        # again. The rulebooks do not say what a deck too small for every draw does: its
        # cards are dealt one at a time around the table, and the shortfall is logged.
        wanted = sum(wants.values())
        if wanted <= len(st.mayhem_deck):
            for player in wants:
                hands[player].extend(st.mayhem_deck[:wants[player]])
                del st.mayhem_deck[:wants[player]]
        else:
            self.log("mayhem-deck-short", wanted=wanted, cards=len(st.mayhem_deck))
            dealt = dict.fromkeys(wants, 0)
            while st.mayhem_deck:
                for player in wants:
                    if st.mayhem_deck and dealt[player] < wants[player]:
                        hands[player].append(st.mayhem_deck.pop(0))
                        dealt[player] += 1
        given_back = []
        for player, hand in hands.items():
            limit = self.player_icons(player)
            while len(hand) > limit:
                choice = yield from self.decide(player, "discard", f"discard down to {limit}",
                                                [Action("discard", (id_of(c),)) for c in sorted(hand)])
                qid = next(c for c in sorted(hand) if id_of(c) == choice.card)
                hand.remove(qid)
                given_back.append(qid)
        st.mayhem_deck.extend(given_back)  # "at the bottom of the Mayhem deck"

    # ---- Round Start, Recovery, Activation, End of Round ----------------------------------

    def roll_face(self, faces_prop: str) -> str:
        if self.forced_rolls:
            return self.forced_rolls.pop(0)
        faces = prop(self.box, faces_prop) or ["1", "2", "3", "4", "5", "6"]
        return self.rng.choice(faces)

    def toss(self, colours: list[str]) -> str:
        """The coin toss that breaks a tie for the Initiative."""
        if self.forced_tosses and self.forced_tosses[0] in colours:
            return self.forced_tosses.pop(0)
        return self.rng.choice(colours)

    def roll_activation(self) -> int:
        return int(self.roll_face("activation-die-faces").rstrip("*"))

    def roll_mayhem(self, node=None):
        st = self.state
        face = self.roll_face("mayhem-die-faces")
        st.mayhem_face = face
        st.mayhem_value = int(face.rstrip("*"))
        st.mayhem_icon = face.endswith("*")
        self.log("mayhem-die", node, face=face)
        yield from self.emit("mayhem-roll", {})

    def living(self, colour: str) -> bool:
        return any(not self.state.figures[k].eliminated for k in self.state.teams[colour].characters)

    def round_start(self):
        st = self.state
        st.phase = "round-start"
        playing = [c for c in st.order if self.living(c)]
        for colour in st.order:
            team = st.teams[colour]
            # one Activation die per character still in the game
            team.dice = [self.roll_activation() for k in team.characters if not st.figures[k].eliminated]
            team.placed = [False] * len(team.dice)
            team.played_this_round = []
        if self.mode.initiative == "rotating":
            if st.initiative is None or st.initiative not in st.order:
                st.initiative = self.toss(playing)
            elif st.round > 1:
                k = st.order.index(st.initiative)
                st.initiative = next(c for c in st.order[k + 1:] + st.order[:k + 1] if c in playing)
            self.log("initiative", team=st.initiative, dice={c: st.teams[c].dice for c in st.order},
                     coin_toss=False)
        else:
            totals = {c: sum(st.teams[c].dice) for c in playing}
            low = min(totals.values())
            lowest = [c for c in playing if totals[c] == low]
            st.initiative = lowest[0] if len(lowest) == 1 else self.toss(lowest)
            self.log("initiative", team=st.initiative, dice={c: st.teams[c].dice for c in st.order},
                     coin_toss=len(lowest) > 1)
        if st.round == 1:
            yield from self.first_placement()
        yield from self.roll_mayhem()
        for colour in self.initiative_order():
            team = st.teams[colour]
            if team.mission is None and st.go_deck:
                yield from self.draw_mission(colour)
        yield from self.card_window("round-start", None)
        yield from self.emit("round-start", {})
        yield from self.emit("update", {})

    def initiative_order(self) -> list[str]:
        """The Teams still playing, from the Initiative holder on, clockwise."""
        st = self.state
        k = st.order.index(st.initiative)
        return [c for c in st.order[k:] + st.order[:k] if self.living(c)]

    def bases(self, colour: str) -> list[int]:
        return [l.index for l in self.state.board.locations
                if l.comp is not None and prop(l.comp, "base") == colour and not l.removed]

    def first_placement(self):
        st = self.state
        if self.mode.start == "corners":
            yield from self.corner_placement()
            return
        for colour in self.initiative_order():
            team = st.teams[colour]
            for key in team.characters:
                fig = st.figures[key]
                used = {st.figures[k].location for k in team.characters if st.figures[k].location is not None}
                options = [b for b in self.bases(colour) if b not in used and self.is_open(b)]
                if not options:
                    options = [b for b in st.board.live() if self.is_open(b) and b not in used]
                choice = yield from self.decide(fig.player or team.players[0], "placement", f"place {key}",
                                                [Action("place", (key, b)) for b in options])
                dest = choice.location
                self.relocate(fig, dest)
                self.log("place", figure=key, location=f"L{dest + 1}")

    def corner_placement(self):
        """Each player on a different corner of the board; the non-player figure in its centre."""
        st = self.state
        corners = st.board.corners()
        for colour in self.initiative_order():
            for key in st.teams[colour].characters:
                fig = st.figures[key]
                options = [c for c in corners if self.is_open(c) and not st.board.locations[c].figures]
                options = options or [l for l in st.board.live() if self.is_open(l)]
                choice = yield from self.decide(fig.player, "placement", f"place {key} on a corner",
                                                [Action("place", (key, b)) for b in options])
                dest = choice.location
                self.relocate(fig, dest)
                self.log("place", figure=key, location=f"L{dest + 1}")
        for fig in st.figures.values():
            if fig.kind == "npc":
                self.relocate(fig, st.board.centre())
                self.log("place", figure=fig.key, location=f"L{fig.location + 1}")

    def recovery(self):
        st = self.state
        st.phase = "recovery"
        for colour in self.initiative_order():
            team = st.teams[colour]
            for key in team.characters:
                fig = st.figures[key]
                if fig.location is not None or fig.eliminated:
                    continue
                options = [b for b in self.bases(colour) if self.is_open(b)] or \
                          [l for l in st.board.live() if self.is_open(l)]
                if not options:
                    continue
                choice = yield from self.decide(fig.player or team.players[0], "return", f"return {key} to a Base",
                                                [Action("place", (key, b)) for b in options])
                dest = choice.location
                fig.ko = False
                fig.off_board = False
                self.log("return", figure=key, location=f"L{dest + 1}")
                yield from self.move(fig, dest, None, is_move=False)
        # The status tokens resolve in one step (the rulebooks' "Any Characters with ...
        # tokens take Damage"): every Character's, then the win is checked once, so that
        # both Teams losing their last Characters, or reaching the winning VP, draw.
        self.win_check_held = True
        try:
            for colour in self.initiative_order():
                for key in st.teams[colour].characters:
                    fig = st.figures[key]
                    if fig.location is not None:
                        yield from self.emit("recovery", {"figure": fig})
        finally:
            self.win_check_held = False
        self.check_win()
        yield from self.emit("update", {})

    def activation_phase(self, after: str | None = None):
        """Teams alternate placing dice, from the Initiative holder (or, resuming a
        scenario set up mid-turn, from the Team after `after`)."""
        st = self.state
        st.phase = "activation"
        order = self.initiative_order()
        k = 0
        if after is None:
            self.activated_this_round: list[str] = []
            if self.mode.npc_move:
                yield from self.move_npc(st.initiative)
        else:
            k = order.index(after) + 1
        while any(not all(st.teams[c].placed) for c in order):
            colour = order[k % len(order)]
            k += 1
            if all(st.teams[colour].placed):
                continue
            yield from self.turn(colour)
        if self.mode.shrink:
            yield from self.shrink_board()

    def move_npc(self, colour: str):
        """Before activating, the Initiative holder may move the non-player figure."""
        st = self.state
        for npc in (f for f in st.figures.values() if f.kind == "npc" and f.location is not None):
            options = [Action("move", (npc.key, n)) for n in st.board.adjacent(npc.location) if self.is_open(n)]
            if not options:
                continue
            choice = yield from self.decide(st.teams[colour].players[0], "npc", f"move {npc.key}?",
                                            options + [SKIP])
            if choice != SKIP:
                yield from self.move(npc, choice.location, None, is_move=True)

    def shrink_board(self):
        """The last player to activate (the one before, if the last was KO'ed) removes an empty
        Location, never splitting the board in two."""
        st = self.state
        board = st.board
        who = [k for k in self.activated_this_round if not st.figures[k].eliminated]
        if not who or len(board.live()) <= 2:
            return
        fig = st.figures[who[-1]]
        options = []
        for i in board.live():
            loc = board.locations[i]
            blocked = any(i in e for e in board.blocked)
            figures_here = any(f.location == i for f in st.figures.values())
            if not figures_here and not any(n > 0 for n in loc.tokens.values()) and not blocked \
                    and board.connected_without(i) and board.open_without(i):
                options.append(Action("remove", (i,)))
        if not options:
            return
        choice = yield from self.decide(fig.player, "remove", "remove an empty Location", options)
        i = choice.location
        board.locations[i].removed = True
        board.refresh()
        self.log("remove-location", location=f"L{i + 1}")

    def can_activate(self, fig: Figure, team: Team) -> bool:
        if fig.location is None:
            return False
        if not fig.activations:
            return True
        if len(fig.activations) >= 2:
            return False
        mates = [self.state.figures[k] for k in team.characters if k != fig.key]
        return all(m.location is None and not m.activations for m in mates)

    def die_options(self, team: Team) -> list[Action]:
        st = self.state
        values = sorted({v for v, p in zip(team.dice, team.placed) if not p})
        options = []
        for key in team.characters:
            fig = st.figures[key]
            if not self.can_activate(fig, team):
                continue
            for ab in self.abilities(fig):
                if ab["id"] in fig.activations:
                    continue
                for v in values:
                    options.append(Action("place-die", (v, key, ab['id'])))
        return options

    def abilities(self, fig: Figure) -> list[dict]:
        return [c for c in fig.side["children"] if c["kind"] == "ability"]

    def special(self, fig: Figure) -> dict | None:
        qid = fig.side["qid"]
        if qid not in self._specials:
            self._specials[qid] = next((c for c in fig.side["children"] if c["kind"] == "special-ability"), None)
        return self._specials[qid]

    def turn(self, colour: str):
        st = self.state
        team = st.teams[colour]
        player = team.players[0]
        options = self.die_options(team)
        if not options:
            i = team.placed.index(False)
            team.placed[i] = True
            self.log("die-forfeit", team=colour, die=team.dice[i])
            return
        choice = yield from self.decide(player, "die", "place an Activation die", options)
        value, key, ability_id = choice.args
        i = next(i for i, (v, p) in enumerate(zip(team.dice, team.placed)) if v == value and not p)
        team.placed[i] = True
        fig = st.figures[key]
        fig.turns += 1
        fig.activations.append(ability_id)
        self.activated_this_round.append(key)
        st.active = Activation(key, ability_id, value, i)
        st.active_team = colour
        fig.special_used["turn"] = False
        self.log("activate", figure=key, ability=ability_id, die=value)
        yield from self.rest_of_turn(fig, team, announce=True)

    def rest_of_turn(self, fig: Figure, team: Team, announce: bool = False):
        """The Active Character's turn from where it stands to its end (`announce`: from
        its start; a scenario may start in the middle of it)."""
        st = self.state
        try:
            if announce:
                yield from self.emit("activate", {"figure": fig})
            while not st.active.ended and fig.location is not None:
                yield from self.turn_action(fig, team)
                yield from self.emit("update", {})
        except Stop:
            pass
        yield from self.end_turn(fig)

    def end_turn(self, fig: Figure):
        st = self.state
        self.log("turn-end", figure=fig.key)
        try:
            yield from self.emit("turn-end", {"figure": fig})
        except Stop:
            pass
        self.discard_due(fig)
        st.active = None
        st.active_team = None
        st.icon_granted = False
        for t in st.temp_triggers:
            if t.until == "turn-end" or (t.until == "next-turn-end" and t.figure is fig and fig.turns >= t.turn):
                t.alive = False
        st.temp_triggers = [t for t in st.temp_triggers if t.alive]
        yield from self.emit("update", {})

    def restriction(self, fig: Figure) -> set[str]:
        """What the tokens a figure holds forbid it (a token's `restricts`)."""
        out = set()
        for (tok, _o, _c), n in fig.tokens.items():
            if n > 0:
                r = prop(self.rules.tokens[tok], "restricts")
                if r:
                    out.update([r] if isinstance(r, str) else r)
        return out

    def turn_action(self, fig: Figure, team: Team):
        st = self.state
        act = st.active
        player = self.controller_of(fig)
        limits = self.restriction(fig)
        options = []
        can_move = not act.free_move_used and not act.ability_done and "no-move" not in limits \
            and not ("move-or-ability" in limits and act.ability_done)
        if can_move:
            for n in st.board.adjacent(fig.location):
                if self.is_open(n):
                    options.append(Action("move", (fig.key, n)))
        can_ability = not act.ability_done and act.ability is not None and "no-ability" not in limits \
            and not ("move-or-ability" in limits and act.moved)
        if can_ability:
            options.append(Action("resolve", (fig.key, act.ability)))
        spec = self.special(fig)
        env = self.fig_env(fig)
        if spec is not None and "effect" in spec["effects"] and self.special_available(fig, spec):
            guard = spec["effects"]["effect"]["when"]
            if guard is None or self.static_eval(guard, env):
                options.append(Action("use", (fig.key, spec['id'])))
        if not team.played_this_round:
            for card in self.playable_cards(team, player, "activation", env):
                options.append(Action("play", (id_of(card),)))
        for (tok, owner, colour), n in sorted(fig.tokens.items(), key=str):
            if n > 0 and self.rules.token_flag(tok, "usable"):
                options.append(Action("use-token", (fig.key, id_of(tok))))
        here = st.board.locations[fig.location]
        for (tok, owner, colour), n in sorted(here.tokens.items(), key=str):
            if n > 0 and self.rules.token_flag(tok, "retrievable") and owner == team.colour:
                options.append(Action("retrieve", (id_of(tok),)))
        options = list(dict.fromkeys(options))
        options.append(END_TURN)
        choice = yield from self.decide(player, "turn", f"{fig.key}'s turn", options)
        verb = choice.verb
        if verb == "end-turn":
            act.ended = True
        elif verb == "move":
            dest = choice.location
            act.free_move_used = True
            act.moved = True
            yield from self.move(fig, dest, None, is_move=True)
        elif verb == "resolve":
            act.ability_done = True
            yield from self.resolve_ability(fig)
        elif verb == "use":
            yield from self.use_special(fig, spec)
        elif verb == "play":
            card = self.card_by_id(team, player, choice.card)
            yield from self.play_card(team, player, card, self.fig_env(fig))
        elif verb == "use-token":
            tok = next(t for (t, _o, _c), n in fig.tokens.items() if n > 0 and id_of(t) == choice.token)
            yield from self.use_token(fig, tok)
        elif verb == "retrieve":
            tok = next(t for (t, o, _c), n in sorted(here.tokens.items(), key=str)
                       if n > 0 and id_of(t) == choice.token and o == team.colour)
            yield from self.transfer(tok, fig.location, fig, 1, None, keep_colour=True)

    def resolve_ability(self, fig: Figure):
        st = self.state
        ab = next(a for a in self.abilities(fig) if a["id"] == st.active.ability)
        slot = prop(ab, "slot", 7)
        sections = ["standard"]
        if st.active.die >= slot:
            sections.append("special")
            if st.mayhem_icon or st.icon_granted:
                sections.append("mayhem")
        body = []
        for name in sections:
            eff = ab["effects"].get(name)
            if eff is not None:
                body.extend(eff["body"])
        self.log("resolve", figure=fig.key, ability=ab["id"], sections=sections)
        env = self.fig_env(fig, source=ab["qid"])
        bonuses = [s for s in body if self.is_bonus(s)]
        for s in bonuses:
            yield from self.run_stmt(s, env)
        yield from self.run([s for s in body if not self.is_bonus(s)], env)

    def is_bonus(self, stmt: dict) -> bool:
        if stmt["op"] == "primitive":
            return stmt["name"] == "bonus"
        if stmt["op"] == "keyword":
            body = self.rules.keywords[stmt["keyword"]]["effects"].get("effect", {}).get("body", [])
            return bool(body) and all(self.is_bonus(s) for s in body)
        return False

    def special_available(self, fig: Figure, spec: dict) -> bool:
        once = prop(spec, "once")
        return (once is None or not fig.special_used.get(once)) and "no-special" not in self.restriction(fig)

    def use_special(self, fig: Figure, spec: dict):
        once = prop(spec, "once")
        if once:
            fig.special_used[once] = True
        self.log("special", figure=fig.key, ability=spec["id"])
        yield from self.run(spec["effects"]["effect"]["body"], self.fig_env(fig, source=spec["qid"]))

    def use_token(self, fig: Figure, token: str):
        key = next(k for k, n in fig.tokens.items() if n > 0 and k[0] == token)
        fig.tokens[key] -= 1
        self.state.discarded[self.rules.token_pool(token)] += 1
        self.log("use-token", figure=fig.key, token=token)
        eff = self.rules.tokens[token]["effects"].get("effect")
        if eff is not None:
            yield from self.run(eff["body"], self.fig_env(fig, source=token).child(holder=fig))

    def round_end(self):
        st = self.state
        st.phase = "round-end"
        yield from self.emit("round-end", {})
        for team in st.teams.values():
            st.mayhem_discard.extend(team.played_this_round)
            team.played_this_round = []
        for fig in st.figures.values():
            fig.activations = []
            fig.special_used["round"] = False
            for key, n in sorted(fig.tokens.items(), key=str):
                if n > 0 and prop(self.rules.tokens[key[0]], "discarded") == "round-end":
                    self.remove_pieces(key[0], 10 ** 6, fig, None, None)
        for t in st.temp_triggers:
            # what lasts until a character's next turn outlives the round, unless it is out for good
            if t.until != "next-turn-end" or t.figure is None or t.figure.eliminated:
                t.alive = False
        st.temp_triggers = [t for t in st.temp_triggers if t.alive]
        self.log("round-end")

    # ---- Mayhem cards -------------------------------------------------------------------

    def fig_env(self, fig: Figure, source: str | None = None) -> Env:
        return Env(self.controller_of(fig), fig.team, fig, source=source or fig.comp["qid"])

    def controller_of(self, fig: Figure) -> str:
        if fig.player:
            return fig.player
        team = self.state.teams.get(fig.team)
        return team.players[0] if team else (fig.team or "")

    def card_by_id(self, team: Team, player: str, cid: str) -> dict:
        qid = next(q for q in team.hands[player] if id_of(q) == cid)
        return self.rules.by_qid[qid]

    def playable_cards(self, team: Team, player: str, timing: str, env: Env) -> list[str]:
        out = []
        for qid in sorted(team.hands.get(player, [])):
            card = self.rules.by_qid[qid]
            if prop(card, "timing") != timing or "effect" not in card["effects"]:
                continue
            guard = card["effects"]["effect"]["when"]
            if guard is None or self.static_eval(guard, env):
                out.append(qid)
        return out

    def card_window(self, timing: str, colour: str | None):
        """A chance to play a Round Start card, Initiative first. (Activation cards are
        played by the Active Character's Team in its turn: a card used on one's own Team
        must target the Active Character; out-of-turn play is what Reactions are for.)"""
        st = self.state
        teams = self.initiative_order() if colour is None else [colour]
        for c in teams:
            team = st.teams[c]
            if team.played_this_round:
                continue
            for player in team.players:
                options = []
                for key in team.characters:
                    fig = st.figures[key]
                    if fig.location is None:
                        continue
                    for qid in self.playable_cards(team, player, timing, self.fig_env(fig)):
                        options.append(Action("play", (id_of(qid), key)))
                if not options:
                    continue
                choice = yield from self.decide(player, "card", f"play a {timing} card?", options + [PASS])
                if choice != PASS:
                    cid, key = choice.card, choice.figure
                    yield from self.play_card(team, player, self.card_by_id(team, player, cid),
                                              self.fig_env(st.figures[key]))
                    break

    def play_card(self, team: Team, player: str, card: dict, env: Env, body: list | None = None):
        team.hands[player].remove(card["qid"])
        team.played_this_round.append(card["qid"])
        self.log("play", team=team.colour, card=card["id"])
        env = env.child(source=card["qid"])
        if body is None:
            body = card["effects"]["effect"]["body"]
        yield from self.run(body, env)

    # ---- events and triggers ------------------------------------------------------------

    def triggers_of(self, comp: dict | None) -> dict[str, list]:
        if comp is None:
            return {}
        cached = self._triggers.get(comp["qid"])
        if cached is None:
            cached = {}
            for t in comp["triggers"]:
                cached.setdefault(t["event"], []).append(t)
            self._triggers[comp["qid"]] = cached
        return cached

    def install(self, trigger: dict, env: Env, until: str) -> None:
        t = TempTrigger(trigger, None, until)
        if until == "next-turn-end":
            # until the end of the next turn of the character the effect is for
            t.figure = env.self_fig or env.holder
            t.turn = t.figure.turns + 1 if t.figure is not None else 0
        t.env = env.child(until=t)
        self.state.temp_triggers.append(t)

    def static_eval(self, expr: dict, env: Env) -> bool:
        """A condition that needs no decision (card and Special Ability guards)."""
        gen = self.ev(expr, env)
        try:
            gen.send(None)
        except StopIteration as stop:
            return bool(stop.value)
        gen.close()
        return True

    def hearing(self, event: str) -> dict:
        """Which kinds of component have triggers for an event (computed once): most
        events reach few listeners, and emit() runs after every step."""
        idx = self._heard.get(event)
        if idx is None:
            rules = self.rules
            idx = {
                "tokens": {q for q, t in rules.tokens.items() if event in self.triggers_of(t)},
                "locations": any(event in self.triggers_of(l) for box in rules.locations.values()
                                 for l in box.values()),
                "specials": any(event in self.triggers_of(c) for c in rules.by_qid.values()
                                if c["kind"] == "special-ability"),
                "npc": any(event in self.triggers_of(n) for box in rules.npcs.values() for n in box.values()),
                "missions": any(event in self.triggers_of(g) for box in rules.go_cards.values()
                                for g in box.values()),
                "cards": any(event in self.triggers_of(c) for box in rules.mayhem_cards.values()
                             for c in box.values()),
            }
            self._heard[event] = idx
        return idx

    def listeners(self, event: str, params: dict):
        """(trigger, env) pairs in a fixed order: tokens (on the Location of a located event
        first), the Location, tokens on characters, Special Abilities, non-player figures,
        Missions, installed triggers."""
        st = self.state
        idx = self.hearing(event)
        out = []
        tokens = idx["tokens"]
        where = params.get("location")
        if tokens:
            locs = [st.board.locations[where]] if where is not None else st.board.locations
            for loc in locs:
                keys = [k for k, n in loc.tokens.items() if n > 0 and k[0] in tokens]
                for tok, owner, colour in sorted(keys, key=str):
                    for t in self.triggers_of(self.rules.tokens[tok])[event]:
                        out.append((t, Env(self.team_player(owner), owner, None, owner=owner, here=loc.index,
                                           source=tok)))
        if idx["locations"]:
            out.extend(self.location_listeners(event, params))
        if tokens or idx["specials"] or idx["npc"]:
            figures = sorted((f for f in st.figures.values() if f.location is not None), key=lambda f: f.key)
            if tokens:
                for fig in figures:
                    if fig.kind != "character":
                        continue
                    seen = set()
                    for tok, owner, colour in sorted((k for k, n in fig.tokens.items() if n > 0 and k[0] in tokens),
                                                     key=str):
                        if tok not in seen:
                            seen.add(tok)
                            for t in self.triggers_of(self.rules.tokens[tok])[event]:
                                out.append((t, Env(self.controller_of(fig), fig.team, fig, holder=fig, owner=owner,
                                                   source=tok)))
            if idx["specials"]:
                for fig in figures:
                    if fig.kind != "character":
                        continue
                    spec = self.special(fig)
                    for t in self.triggers_of(spec).get(event, ()):
                        out.append((t, Env(self.controller_of(fig), fig.team, fig, source=spec["qid"],
                                           locals={"$special": spec})))
            if idx["npc"]:
                for fig in figures:
                    if fig.kind == "npc":
                        for t in self.triggers_of(fig.comp).get(event, ()):
                            out.append((t, Env(None, None, fig, source=fig.comp["qid"])))
        if idx["missions"]:
            for colour in st.order:
                team = st.teams[colour]
                if team.mission:
                    card = self.rules.by_qid[team.mission]
                    for t in self.triggers_of(card).get(event, ()):
                        out.append((t, Env(team.players[0], colour, None, owner=colour, card=card,
                                           source=card["qid"])))
        for tt in st.temp_triggers:
            if tt.alive and tt.trigger["event"] == event:
                out.append((tt.trigger, tt.env))
        return out

    def location_listeners(self, event: str, params: dict) -> list:
        """The Location triggers an event sets off, `here` being the Location. An event
        about a figure is heard where the figure stands (the figure, or the target of
        an attack or Damage; for `enter` and `move` the Location entered; for `ko` where
        it stood), and only while it still stands there; an event about no figure
        (round-start, round-end, mayhem-roll, update) by every Location on the board,
        decided by the player with the Initiative."""
        st = self.state
        board = st.board
        fig = params.get("figure", params.get("target"))
        if "figure" in params or "target" in params:
            if not isinstance(fig, Figure):
                return []
            if event == "move":
                where = params.get("to")
            elif "location" in params:
                where = params["location"]
            else:
                where = params.get("$at", fig.location)
            places = [] if where is None else [where]
            stands = None if event == "ko" else fig
            controller, team = self.controller_of(fig), fig.team
        else:
            places = [i for i in board.live()]
            stands = None
            controller, team = self.team_player(st.initiative), None
        out = []
        for i in places:
            comp = board.locations[i].comp
            for t in self.triggers_of(comp).get(event, ()):
                out.append((t, Env(controller, team, None, here=i, source=comp["qid"], locals={"$stands": stands})))
        return out

    def team_player(self, colour: str | None) -> str | None:
        team = self.state.teams.get(colour) if colour else None
        return team.players[0] if team else None

    def emit(self, event: str, params: dict, pending: Pending | None = None, source=None):
        st = self.state
        if st.over:
            return
        found = self.listeners(event, params)
        if pending is not None:
            # With Damage pending, the tokens characters hold answer last, once abilities,
            # Missions and installed effects have changed the amount they are to stop.
            found = [x for x in found if x[1].holder is None or x[1].until is not None] + \
                    [x for x in found if x[1].holder is not None and x[1].until is None]
        for trigger, base in found:
            if st.over:
                return
            if base.until is not None and not base.until.alive:
                continue
            if base.card is not None and st.teams[base.team].mission != base.card["qid"]:
                continue  # the Mission was completed by an earlier listener
            env = base.child(event={**params, "$tags": pending.tags if pending else frozenset()},
                             pending=pending)
            spec = base.locals.get("$special")
            if spec is not None and not self.special_available(base.self_fig, spec):
                continue
            stands = base.locals.get("$stands")
            if stands is not None and stands.location != base.here:
                continue  # a Location hears about a figure only while it stands there
            if trigger["when"] is not None and not (yield from self.ev(trigger["when"], env)):
                continue
            if spec is not None and prop(spec, "once"):
                base.self_fig.special_used[prop(spec, "once")] = True
            yield from self.run(trigger["body"], env)
        yield from self.reactions(event, params, pending)

    def reactions(self, event: str, params: dict, pending: Pending | None):
        st = self.state
        if not self.hearing(event)["cards"]:
            return
        for colour in self.initiative_order() if st.initiative else st.order:
            team = st.teams[colour]
            if team.played_this_round or st.over:
                continue
            for player in team.players:
                options = {}
                for qid in sorted(team.hands.get(player, [])):
                    card = self.rules.by_qid[qid]
                    if prop(card, "timing") != "reaction":
                        continue
                    for t in self.triggers_of(card).get(event, ()):
                        env = self.reaction_env(team, player, card, params, pending)
                        if env is None:
                            continue
                        if t["when"] is None or self.static_eval(t["when"], env):
                            options[Action("play", (card['id'],))] = (card, t, env)
                            break
                if not options:
                    continue
                choice = yield from self.decide(player, "reaction", f"react to {event}?", list(options) + [PASS])
                if choice != PASS:
                    card, t, env = options[choice]
                    yield from self.play_card(team, player, card, env, body=t["body"])
                    break

    def reaction_env(self, team: Team, player: str, card: dict, params: dict, pending) -> Env | None:
        st = self.state
        mine = [v for v in params.values() if isinstance(v, Figure) and v.team == team.colour and v.on_board]
        if not mine:
            mine = [st.figures[k] for k in team.characters if st.figures[k].on_board]
        me = mine[0] if mine else None
        return Env(player, team.colour, me, event={**params, "$tags": pending.tags if pending else frozenset()},
                   pending=pending, source=card["qid"])

    # ---- board services ------------------------------------------------------------------

    def relocate(self, fig: Figure, dest: int) -> None:
        self.take_off(fig)
        fig.location = dest
        self.state.board.locations[dest].figures.append(fig.key)

    def take_off(self, fig: Figure) -> None:
        if fig.location is not None:
            figs = self.state.board.locations[fig.location].figures
            if fig.key in figs:
                figs.remove(fig.key)
            fig.location = None

    def move(self, fig: Figure, dest: int, node, is_move: bool):
        st = self.state
        if fig.location == dest or not self.is_open(dest) or st.board.locations[dest].removed:
            return
        if is_move and self.restricted(fig, "no-move", node):
            return
        src = fig.location
        self.relocate(fig, dest)
        self.log("move" if is_move else "place", node, figure=fig.key, frm=f"L{src + 1}" if src is not None else None,
                 to=f"L{dest + 1}")
        yield from self.emit("enter", {"figure": fig, "location": dest})
        if is_move and not st.over:
            # a Move is announced once the destination has resolved, whatever it did
            # (its Traps KO'ed the figure, its Location moved it on)
            yield from self.emit("move", {"figure": fig, "from": src, "to": dest})

    def deal_damage(self, target: Figure, amount: int, tags: frozenset, source, node):
        st = self.state
        if target.immune & tags:
            self.log("immune", node, figure=target.key)
            return
        pending = Pending(max(0, amount), tags)
        yield from self.emit("damage", {"target": target, "source": source}, pending=pending, source=source)
        n = max(0, pending.amount)
        if n == 0 or target.life is None or target.location is None or st.over:
            return
        target.damage += n
        self.log("damage", node, figure=target.key, amount=n, total=target.damage)
        yield from self.emit("damaged", {"target": target, "source": source}, pending=Pending(n, tags))
        if target.damage >= target.life and target.location is not None:
            yield from self.ko(target, node)

    def ko(self, fig: Figure, node):
        st = self.state
        where = fig.location  # Locations hear a KO where the figure stood
        if fig.kind == "token":
            self.take_off(fig)
            del st.figures[fig.key]
            self.return_piece(fig.comp["qid"], fig.piece_colour)
            self.log("ko", node, figure=fig.key)
            yield from self.emit("ko", {"figure": fig, "$at": where})
            return
        self.take_off(fig)
        fig.ko = True
        fig.ko_round = st.round
        fig.damage = 0
        for key, n in list(fig.tokens.items()):
            tok, owner, colour = key
            if n > 0 and self.rules.token_flag(tok, "cleared-on-ko"):
                for _ in range(n):
                    self.return_piece(tok, colour)
                del fig.tokens[key]
        self.log("ko", node, figure=fig.key)
        if self.mode.permanent_ko:
            fig.eliminated = True
        if not self.mode.no_vp and len(st.order) == 2:
            for colour in st.order:
                if colour != fig.team:
                    self.gain_vp(colour, 1, node)
        yield from self.emit("ko", {"figure": fig, "$at": where})
        self.check_win()
        # A KO'ed Active Character's turn ends, but not here: the effect that KO'ed it
        # (a token's trigger, that still has to send the token back to its pool) finishes
        # first; the Character's own effects stop at their next statement
        # (EffectsMixin.run), its turn at its next step.

    def check_win(self) -> None:
        st = self.state
        if st.over or self.win_check_held:
            return
        if self.mode.win == "last-standing":
            standing = [c for c in st.order if self.living(c)]
            if len(standing) <= 1:
                self.finish(standing, "last-standing" if standing else "draw")
                raise GameOver()
            return
        win_vp = prop(self.box, "win-vp", 5)
        winners = [c for c in st.order if self.vp(c) >= win_vp]
        reason = "vp"
        for colour in st.order:
            chars = st.characters(colour)
            if chars and all(f.ko_round == st.round and f.location is None for f in chars):
                for other in st.order:
                    if other != colour and other not in winners:
                        winners.append(other)
                        reason = "double-ko" if reason == "vp" and not any(self.vp(c) >= win_vp for c in st.order) \
                            else reason
        if winners:
            if len(winners) > 1:
                self.finish([], "draw")
            else:
                self.finish(winners, reason)
            raise GameOver()

    # ---- token pools -----------------------------------------------------------------------

    def coloured(self, pid: str) -> bool:
        return any(c is not None for (_f, c) in self.state.pools.get(pid, {}))

    def take_piece(self, token: str, colour: str | None) -> str | None | bool:
        """Take one piece for `token` from its pool; the colour taken, or False if empty.

        A Team takes the pieces of its colour: when they are gone, the effect takes
        nothing ("If an effect instructs to take a token, but the corresponding pool is
        empty, the effect doesn't take place"), never the other colour's. Any colour
        will do only with communal tokens, or for a Team whose colour the pool has no
        pieces of at all."""
        pid = self.rules.token_pool(token)
        pool = self.state.pools.get(pid)
        if pool is None:
            return False
        for key in ((token, colour), (None, colour)):
            if pool.get(key, 0) > 0:
                pool[key] -= 1
                return colour
        own_colour = colour is not None and any(c == colour for (_f, c) in pool)
        if (colour is not None and not own_colour) or self.mode.communal:
            for key in sorted((k for k, n in pool.items() if n > 0 and k[0] in (None, token)), key=str):
                pool[key] -= 1
                return key[1]
        return False

    def return_piece(self, token: str, colour: str | None) -> None:
        pid = self.rules.token_pool(token)
        pool = self.state.pools.get(pid)
        if pool is None:
            return
        face = token if (token, None) in pool or (token, colour) in pool else None
        pool[(face, colour)] += 1

    def put_pieces(self, token: str, n: int, place, team: str | None, node, colour=None) -> int:
        store = self.token_store(place)
        if store is None:
            return 0
        before = self.count_tokens(token, place, None) if isinstance(place, Figure) else 0
        placed = 0
        for _ in range(n):
            pid = self.rules.token_pool(token)
            want = colour if colour is not None else (team if self.coloured(pid) else None)
            got = self.take_piece(token, want)
            if got is False:
                break
            store[(token, team, got)] = store.get((token, team, got), 0) + 1
            placed += 1
        if placed:
            if isinstance(place, Figure):
                self.note_placed(place, token, before)
            if isinstance(place, tuple) and self.rules.token_flag(token, "blocks-adjacency"):
                self.refresh_blocked()
            self.log("place-token", node, token=id_of(token), count=placed, on=self.place_label(place))
        return placed

    def remove_pieces(self, token: str, n: int, place, of, node) -> None:
        store = self.token_store(place)
        if store is None:
            return
        removed = 0
        for key in sorted(list(store), key=str):
            tok, owner, colour = key
            if not self.matches(tok, token) or (of is not None and owner != of):
                continue
            while store.get(key, 0) > 0 and removed < n:
                store[key] -= 1
                self.return_piece(tok, colour)
                removed += 1
            if store.get(key) == 0:
                del store[key]
        if isinstance(place, int):
            loc = self.state.board.locations[place]
            for bkey in [k for k in loc.bonus if k[0] == token and (of is None or k[1] == of)]:
                if self.count_tokens(token, place, bkey[1]) == 0:
                    del loc.bonus[bkey]
        if removed:
            if isinstance(place, tuple):
                self.refresh_blocked()
            self.log("remove-token", node, token=id_of(token), count=removed, frm=self.place_label(place))

    def transfer(self, token: str, src, dst, n: int, node, keep_colour: bool = False):
        """Move pieces between places; a face-down pile gives random faces; a coloured
        piece taken by a Team or character is one of its colour."""
        src_store, dst_store = self.token_store(src), self.token_store(dst)
        if src_store is None or dst_store is None:
            return
        receiver = dst.team if isinstance(dst, Figure) else dst if isinstance(dst, str) else None
        moved = 0
        for _ in range(n):
            keys = [k for k in sorted(src_store, key=str) if src_store[k] > 0 and self.matches(k[0], token)]
            if not keep_colour and receiver is not None:
                own = [k for k in keys if k[2] == receiver]
                if any(k[2] is not None for k in keys):
                    keys = own
            if not keys:
                break
            key = self.rng.choice(keys) if self.rules.token_flag(token, "face-down") and len(keys) > 1 else keys[0]
            src_store[key] -= 1
            if src_store[key] == 0:
                del src_store[key]
            tok, owner, colour = key
            new_owner = owner if self.rules.token_flag(tok, "mission") else (receiver or owner)
            dkey = (tok, new_owner, colour)
            if isinstance(dst, Figure):
                self.note_placed(dst, tok, self.count_tokens(tok, dst, None))
            dst_store[dkey] = dst_store.get(dkey, 0) + 1
            moved += 1
        if moved:
            if isinstance(src, tuple) or isinstance(dst, tuple):
                self.refresh_blocked()
            self.log("take", node, token=id_of(token), count=moved, frm=self.place_label(src),
                     to=self.place_label(dst))
            if self.vp_token and self.matches(self.vp_token, token):
                self.check_win()
        return
        yield  # pragma: no cover

    def place_label(self, place) -> str:
        if isinstance(place, Figure):
            return place.key
        if isinstance(place, int):
            return f"L{place + 1}"
        if isinstance(place, tuple):
            return self.state.board.edge_label(place)
        return str(place)

    def refresh_blocked(self) -> None:
        board = self.state.board
        board.blocked = {e for e, store in board.edge_tokens.items()
                         if any(n > 0 and self.rules.token_flag(t, "blocks-adjacency") for (t, _o, _c), n in store.items())}
        board.refresh()

    def spawn_token_figure(self, token: str, loc: int, env: Env, life: int, node) -> None:
        st = self.state
        colour = self.take_piece(token, env.team if self.coloured(self.rules.token_pool(token)) else None)
        if colour is False:
            return
        comp = self.rules.tokens[token]
        key = f"{id_of(token)}-{env.team or 'x'}"
        n = 2
        while key in st.figures:
            key = f"{id_of(token)}-{env.team or 'x'}-{n}"
            n += 1
        fig = Figure(key, "token", None, comp, comp, life or None, owner=env.team,
                     immune=frozenset(self.tag_qids(comp, prop(comp, "immune", []) or [])))
        fig.piece_colour = colour
        fig.location = loc
        st.figures[key] = fig
        self.log("place-token", node, token=id_of(token), count=1, on=f"L{loc + 1}", figure=key, life=life)

    # ---- VP and Missions --------------------------------------------------------------------

    def vp(self, colour: str) -> int:
        if self.vp_token is None:
            return 0
        return self.count_tokens(self.vp_token, colour, None) if colour in self.state.teams else 0

    def gain_vp(self, colour: str, n: int, node) -> None:
        if self.mode.no_vp or self.vp_token is None:
            return
        got = self.put_pieces(self.vp_token, n, colour, colour, node, colour=colour)
        if got:
            self.log("vp", node, team=colour, total=self.vp(colour))
            self.check_win()

    def draw_mission(self, colour: str, node=None):
        st = self.state
        if not st.go_deck:
            return
        qid = st.go_deck.pop(0)
        st.teams[colour].mission = qid
        card = self.rules.by_qid[qid]
        self.log("go-card", node, team=colour, card=card["id"])
        eff = card["effects"].get("when-picked")
        if eff is not None:
            team = st.teams[colour]
            yield from self.run(eff["body"], Env(team.players[0], colour, None, owner=colour, card=card,
                                                 source=qid))

    def complete_mission(self, colour: str, card: dict, node):
        st = self.state
        team = st.teams[colour]
        if team.mission != card["qid"]:
            return
        self.log("mission-complete", node, team=colour, card=card["id"])
        team.mission = None
        st.go_discard.append(card["qid"])
        reward = card["effects"].get("reward")
        if reward is not None:
            yield from self.run(reward["body"], Env(team.players[0], colour, None, owner=colour, card=card,
                                                    source=card["qid"]))
        yield from self.draw_mission(colour, node)

    def component_value(self, qid: str):
        comp = self.rules.by_qid.get(qid)
        if comp is None:
            return None
        if comp["kind"] == "location":
            for loc in self.state.board.locations:
                if loc.comp is not None and loc.comp["qid"] == qid and not loc.removed:
                    return loc.index
            return None
        for fig in self.state.figures.values():
            if fig.comp["qid"] == qid:
                return fig
        return None
