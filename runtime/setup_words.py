"""The steps of a setup as the game declares them (`setup { }`, compiler/builtins_setup.py):
Teams formed from the seats, a draft, sides chosen, a figure nobody controls, a board laid
from rows, pools filled, a deck shuffled, hands drawn, zones filled. Each is a primitive the
game's (or the mode's) `setup { }` runs in order; what a step keeps for the next (the picks
of the draft) is `self.picks`."""
from __future__ import annotations

from collections import Counter

from .actions import Action
from .board import Board
from .effects import Env, id_of
from .rules import prop
from .state import Figure


class SetupWordsMixin:
    # ---- the Teams and their figures ---------------------------------------------------

    def p_form_teams(self, raw: dict, env: Env, node: dict):
        """The seats form the mode's Teams; with two Teams and `names: "chosen"`, the first
        player chooses their Team's name (a game given its Teams takes their order)."""
        a = yield from self.args("form-teams", raw, env)
        st = self.state
        cfg = self.config
        ids = self.mode.team_ids(self.team_names)
        given = cfg.team_lists or cfg.teams
        if len(ids) == 2:
            if given:
                ids = list(given)
            elif a["names"] == "chosen":
                choice = yield from self.decide("p1", "colour", "choose your Team colour",
                                                [Action("colour", (c,)) for c in ids])
                first = choice.colour
                ids = [first, [c for c in ids if c != first][0]]
        for tid in ids:
            st.teams[tid] = st.new_team(tid)
        st.order = list(ids)
        for player, t, _chars in self.mode.players():
            team = st.teams[ids[t]]
            team.players.append(player)
            team.hands[player] = []

    def p_draft(self, raw: dict, env: Env, node: dict):
        a = yield from self.args("draft", raw, env)
        self.picks = yield from self.draft(exclude_unowned=a["exclude"] == "unowned")

    def p_take_team_lists(self, raw: dict, env: Env, node: dict):
        """Each Team's characters are its team list's, in place of a draft."""
        yield from self.args("take-team-lists", raw, env)
        if not self.config.team_lists:
            raise ValueError(f"mode '{self.mode.id}' takes its Teams from team lists: give them "
                             "(`mayhem play --teams A.mh,B.mh`)")
        self.picks = self.picks_from_lists()

    def draft(self, exclude_unowned: bool = False):
        """Characters per player: from the team lists or `teams` of the config, or a draft
        in seat order (with `exclude_unowned`, the non-player figure's character is not
        selectable)."""
        cfg = self.config
        seats = self.mode.players()
        picks: dict[str, list[dict]] = {player: [] for player, _t, _c in seats}
        if cfg.team_lists:
            return self.picks_from_lists()
        ids = self.state.order
        if cfg.teams:
            for player, t, chars in seats:
                taken = sum(len(picks[p]) for p, tt, _c in seats if tt == t)
                for cid in cfg.teams[ids[t]][taken:taken + chars]:
                    picks[player].append(self._character(cid))
            return picks
        characters = self.rules.characters.get(cfg.box, {})
        excluded = set()
        if exclude_unowned:
            excluded = {prop(n, "figure") for n in self.rules.npcs.get(cfg.box, {}).values()}
        pool = sorted(c for c in characters if c not in excluded)
        quota = {player: chars for player, _t, chars in seats}
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

    def picks_from_lists(self) -> dict[str, list[dict]]:
        """Each player's characters from their Team's list (`box/id`, or `box/id/side`), in seat order."""
        seats = self.mode.players()
        ids = self.state.order
        picks: dict[str, list[dict]] = {player: [] for player, _t, _c in seats}
        for player, t, chars in seats:
            wanted = self.config.team_lists[ids[t]]["characters"]
            mine = [q for q in wanted if not any(q in (c["qid"] for c in p) for p in picks.values())]
            for ref in mine[:chars]:
                picks[player].append(self._character_ref(ref))
        return picks

    def p_choose_sides(self, raw: dict, env: Env, node: dict):
        """Each player's picks come into the game, each on the side its player chooses; a
        character picked by two Teams is told apart by its Team's name."""
        yield from self.args("choose-sides", raw, env)
        st = self.state
        picks = self.picks
        for player, t, _chars in self.mode.players():
            team = st.teams[st.order[t]]
            for comp in picks[player]:
                side = yield from self.choose_side(player, comp)
                cid = comp["id"]
                twice = sum(1 for p in picks.values() for c in p if c["id"] == cid) > 1
                key = f"{team.colour}-{cid}" if twice else cid
                life = self.rules.counter_start("life", side, prop(side, "life", 10))
                st.figures[key] = Figure(key, "character", team.colour, comp, side, life, player=player)
                team.characters.append(key)

    def p_add_unowned_figure(self, raw: dict, env: Env, node: dict):
        """The box's non-player figure (the first, in id order) comes into the game, nobody's."""
        yield from self.args("add-unowned-figure", raw, env)
        self.add_unowned_figure()

    def add_unowned_figure(self) -> None:
        npc = next(iter(sorted(self.rules.npcs.get(self.config.box, {}).items())), (None, None))[1]
        if npc is not None:
            self.state.figures[npc["id"]] = Figure(npc["id"], "npc", None, npc, npc, None)

    # ---- the board, the pools, the cards ------------------------------------------------

    def p_lay_board(self, raw: dict, env: Env, node: dict):
        """The box's tiles, shuffled, in the mode's rows (else the box's); face down, each with
        `face-down-slots` Slots and nothing printed."""
        a = yield from self.args("lay-board", raw, env)
        rows = list(self.mode.board or prop(self.box, "board", [3, 4, 3]))
        locs = self.rules.locations.get(self.config.box, {})
        tiles = [locs[k] for k in sorted(locs)]
        self.rng.shuffle(tiles)
        tiles = tiles[:sum(rows)]
        slots = int(a["face-down-slots"] or 0)
        if slots:
            self.state.board = Board(rows, [(None, slots) for _ in tiles])
        else:
            self.state.board = Board(rows, [(t, prop(t, "slots", 2)) for t in tiles])

    def p_fill_pools(self, raw: dict, env: Env, node: dict):
        """Every pool the game plays with is filled; a counter kept as a pool's pieces sets them
        out; a pool's `pile-on` pieces lie face down, shuffled, in the game's `pile-to` zone.
        Who owns the pieces (`owner`) is the mode's, read when it is loaded (runtime/modes.py)."""
        yield from self.args("fill-pools", raw, env)
        self.fill_pools()

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

    def p_shuffle_deck(self, raw: dict, env: Env, node: dict):
        """The deck of the box's cards (those the mode's `cards-with` flags), shuffled; the hands
        chosen before the game (team lists: the Team's first player holds them; a first game's
        hands, per character) are taken out of it."""
        yield from self.args("shuffle-deck", raw, env)
        st = self.state
        cfg = self.config
        cards = self.rules.mayhem_cards.get(cfg.box, {})
        if self.mode.cards_with:  # the mode's `cards-with FLAG`
            cards = {k: c for k, c in cards.items() if prop(c, self.mode.cards_with)}
        st.mayhem_deck = [cards[k]["qid"] for k in sorted(cards)]
        self.rng.shuffle(st.mayhem_deck)
        if cfg.team_lists:
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

    def p_draw_hands(self, raw: dict, env: Env, node: dict):
        """Each player draws their seat's `hand-draw`, every player before any discards; each
        then keeps up to their hand limit, the rest at the bottom of the deck."""
        yield from self.args("draw-hands", raw, env)
        st = self.state
        if self.config.first_game or self.config.team_lists:
            return
        default = prop(self.box, "hand-draw", 7)
        wants: dict[str, int] = {}
        for player, t, _chars in self.mode.players():
            team = st.teams[st.order[t]]
            k = team.players.index(player)
            wants[player] = default
            if self.mode.hand_draw and t < len(self.mode.hand_draw) and k < len(self.mode.hand_draw[t]):
                wants[player] = self.mode.hand_draw[t][k]
        hands = {player: st.teams[st.order[t]].hands[player] for player, t, _chars in self.mode.players()}
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

    def p_fill_zones(self, raw: dict, env: Env, node: dict):
        """The zones that start with a card type's cards take them (not those the mode leaves out)."""
        yield from self.args("fill-zones", raw, env)
        self.fill_starting_zones(self.config.box)
