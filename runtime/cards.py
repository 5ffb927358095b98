"""Cards: taking one from a zone, which Mayhem card may be played when, playing, Reactions.

A zone taken from is refilled from its `reshuffle-from`; the Round Start window is here too."""
from __future__ import annotations

from .actions import PASS, Action
from .effects import _NO_TAGS, Env, _new, id_of
from .primitives import evaluated
from .rules import prop
from .state import Figure, Pending, Team, zone_key


class CardsMixin:
    def take_card(self, zone: str, node=None) -> str | None:
        """The top card of the shared zone `zone`, taken out of it, or None. An empty zone
        declared with `reshuffle-from` is first refilled from that zone, shuffled."""
        st = self.state
        cards = st.zones.setdefault(zone, [])
        decl = self.rules.zones.get(zone)
        source = decl.reshuffle_from if decl is not None else None
        if not cards and source is not None and st.zones.get(source):
            cards = st.zones[zone] = list(st.zones[source])
            st.zones[source] = []
            self.rng.shuffle(cards)
            self.log("reshuffle", node, cards=len(cards))
        return cards.pop(0) if cards else None

    def fig_env(self, fig: Figure, source: str | None = None) -> Env:
        """The Env of an effect of a figure: make_env(self.controller_of(fig), fig.team, fig,
        source=...), made here without the two calls (the turn's menus ask for one per figure
        and action)."""
        controller = fig.player
        if not controller:
            team = self.state.teams.get(fig.team)
            controller = team.players[0] if team else (fig.team or "")
        env = _new(Env)
        env.__dict__ = {"controller": controller, "team": fig.team, "self_fig": fig, "holder": None, "owner": None,
                        "here": None, "event": {}, "locals": {}, "pending": None, "until": None,
                        "source": source or fig.comp["qid"], "card": None, "tags": _NO_TAGS}
        return env

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
        for qid in self.cards_of_timing(team, player, timing):
            guard = self.rules.by_qid[qid]["effects"]["effect"]["when"]
            if guard is None or self.static_eval(guard, env):
                out.append(qid)
        return out

    def cards_of_timing(self, team: Team, player: str, timing: str) -> list[str]:
        """The cards of a player's hand (sorted) of this timing that have an effect: those
        playable_cards asks the guards of (card_window asks no Env of a hand that holds none)."""
        by_qid = self.rules.by_qid
        out = []
        for qid in sorted(team.hands.get(player, [])):
            card = by_qid[qid]
            p = card["props"].get("timing")
            if p is not None and p["value"] == timing and "effect" in card["effects"]:
                out.append(qid)
        return out

    def card_window(self, timing: str, colour: str | None):
        """A chance to play a Round Start card, the leading Team first. (Activation cards are
        played by the Active Character's Team in its turn: a card used on one's own Team
        must target the Active Character; out-of-turn play is what Reactions are for.)"""
        st = self.state
        teams = self.lead_order() if colour is None else [colour]
        for c in teams:
            team = st.teams[c]
            if team.played_this_round:
                continue
            for player in team.players:
                cards = self.cards_of_timing(team, player, timing)
                if not cards:  # nothing to play: no figure's Env made, no guard asked
                    continue
                options = []
                for key in team.characters:
                    fig = st.figures[key]
                    if fig.location is None:
                        continue
                    env = self.fig_env(fig)
                    for qid in cards:
                        guard = self.rules.by_qid[qid]["effects"]["effect"]["when"]
                        if guard is None or self.static_eval(guard, env):
                            options.append(Action("play", (id_of(qid), key)))
                if not options:
                    continue
                choice = yield from self.decide(player, "card", f"play a {timing} card?", options + [PASS])
                if choice != PASS:
                    cid, key = choice.card, choice.figure
                    yield from self.play_card(team, player, self.card_by_id(team, player, cid),
                                              self.fig_env(st.figures[key]))
                    break

    @evaluated
    def p_card_window(self, a: dict, env: Env, node: dict):
        """`card-window(TIMING, team)`: the Team's chance to play a card of that timing (the
        shared rules' `round { }` says when: the Round Start)."""
        yield from self.card_window(a["timing"], a["team"])

    def play_card(self, team: Team, player: str, card: dict, env: Env, body: list | None = None):
        team.hands[player].remove(card["qid"])
        team.played_this_round.append(card["qid"])
        self.log("play", team=team.colour, card=card["id"])
        env = env.child(source=card["qid"])
        if body is None:
            body = card["effects"]["effect"]["body"]
        yield from self.run(body, env)

    @evaluated
    def p_move_card(self, a: dict, env: Env, node: dict):
        """The kernel's `move-card`: cards (qids) out of the zone they lie in, onto the end of
        another (a zone at its capacity takes no more: logged `full`)."""
        st = self.state
        decl = self.rules.zones.get(a["to"])
        key = zone_key(a["to"], a["of"] if decl is not None and decl.per is not None else None)
        v = a["card"]  # as_list written in
        for qid in (v if v.__class__ is list else [] if v is None else [v]):
            target = st.zones.setdefault(key, [])
            if decl is not None and decl.capacity is not None and len(target) >= decl.capacity:
                self.log("full", node, zone=key)
                return
            here = next((cards for cards in st.zones.values() if qid in cards), None)
            if here is not None:
                here.remove(qid)
            target.append(qid)

    def reactions(self, event: str, params: dict, pending: Pending | None):
        st = self.state
        if not self.hearing(event)["cards"]:
            return
        for colour in self.lead_order() if st.lead else st.order:
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
