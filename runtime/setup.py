"""Setup: Teams and seats, the draft and dashboard sides, the board, the token pools, the opening hands."""
from __future__ import annotations

from collections import Counter


from .actions import Action
from .board import Board
from .effects import id_of
from .rules import prop
from .state import Figure, Team


class SetupMixin:
    def setup(self):
        st = self.state
        cfg = self.config
        mode = self.mode
        st.phase = "setup"
        seats = mode.players()
        ids = mode.team_ids(self.team_names)
        given = cfg.team_lists or cfg.teams
        if len(ids) == 2:
            if given:
                ids = list(given)
            else:
                choice = yield from self.decide("p1", "colour", "choose your Team colour",
                                                [Action("colour", (c,)) for c in ids])
                first = choice.colour
                ids = [first, [c for c in ids if c != first][0]]
        for tid in ids:
            st.teams[tid] = st.new_team(tid)
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
                life = self.rules.counter_start("life", side, prop(side, "life", 10))
                st.figures[key] = Figure(key, "character", team.colour, comp, side, life, player=player)
                team.characters.append(key)
        self.seat_npc()
        self.lay_board()
        self.fill_pools()
        self.deal_hands_setup()
        yield from self.draw_hands()
        self.fill_starting_zones(cfg.box)  # a zone the mode leaves out is not filled
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
            # face-down tiles: 2 Slots each and no effect, icon or printed slot
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
                for colour in self.team_names:  # a pool with a count per Team colour
                    if prop(pool, colour):
                        counter[(None, colour)] = prop(pool, colour)
            st.pools[pid] = counter
            st.pool_totals[pid] = sum(counter.values())
        for pid, (box, pool) in sorted(pools.items()):
            if box != self.config.box:
                continue
            self.set_out_pieces(pid, pool)  # the pieces a counter kept as this pool's sets out
            pile = prop(pool, "pile-on")
            if pile and self.rules.zone_of["pile-to"] in self.rules.zones:  # unless the mode leaves it out
                where = [l for l in st.board.locations if l.comp is not None and l.comp["id"] == pile]
                if where:
                    pieces = [face for (face, colour), n in sorted(st.pools[pid].items(), key=str)
                              for _ in range(n)]
                    self.rng.shuffle(pieces)
                    pile = st.token_pile(where[0].index, create=True)  # the game's `pile-to` zone
                    for face in pieces:
                        st.pools[pid][(face, None)] -= 1
                        pile.append(face)

    def deal_hands_setup(self) -> None:
        st = self.state
        cfg = self.config
        cards = self.rules.mayhem_cards.get(cfg.box, {})
        if self.mode.cards_with:  # the mode's `cards-with FLAG`
            cards = {k: c for k, c in cards.items() if prop(c, self.mode.cards_with)}
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
        """The player's hand limit: the counter `hand-limit` (per player) starts at its
        `start-from` property summed over the characters the player controls."""
        own = self.rules.counter_from.get("hand-limit", "mayhem-cards")
        return sum(prop(f.side, own, 0) for f in self.state.characters() if f.player == player)

    def hand_limit(self, team: Team) -> int:
        return sum(self.player_icons(player) for player in team.players)

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
