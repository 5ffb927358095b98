"""Victory Points and Missions: a Team's VP, gaining them, drawing and completing a Mission."""
from __future__ import annotations

from .effects import Env


class VictoryMixin:
    def keeps_vp(self) -> bool:
        """The game declares the Teams' `vp` counter (content/shared/game.mh) and the mode does
        not leave it out (`without counter vp`); they are kept as VP tokens of the Team's
        colour, which the pool bounds."""
        decl = self.rules.counters.get("vp")
        return decl is not None and decl.per == "team"

    def vp(self, colour: str) -> int:
        if self.vp_token is None or not self.keeps_vp():
            return 0
        return self.count_tokens(self.vp_token, colour, None) if colour in self.state.teams else 0

    def gain_vp(self, colour: str, n: int, node) -> None:
        if self.vp_token is None or not self.keeps_vp():
            return
        got = self.put_pieces(self.vp_token, n, colour, colour, node, colour=colour)
        if got:
            self.log("vp", node, team=colour, total=self.vp(colour))
            self.check_win()

    def draw_mission(self, colour: str, node=None):
        st = self.state
        qid = self.take_card(st.zone_of["card-deck"], node)
        if qid is None:
            return
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
