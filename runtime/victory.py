"""Victory Points: a Team's VP and gaining them."""
from __future__ import annotations



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
